// How boards are shown in the picker. Which boards exist, what they are called and the game
// each opens with come from wasm's boards(); this only puts them into words.

/**
 * The picker's key for a board: `row` for every `row:L`.
 * @param {string} name
 */
export function boardFamily(name) {
  return name.startsWith('row:') ? 'row' : name;
}

/**
 * A board's label in the picker, e.g. "English (33 holes)".
 * @param {{name: string, label: string, holes: number}} b
 */
export function boardLabel(b) {
  const fam = boardFamily(b.name);
  if (fam === 'row') return `${b.label} (any length)`;
  return `${b.label || b.name} (${b.holes} holes)`;
}

/**
 * A drawn board's label in the picker, e.g. "plus (drawn, 21 holes)".
 * @param {string} name what wasm calls the board (its `name:` line)
 * @param {number} holes
 */
export function drawnLabel(name, holes) {
  return `${name} (drawn, ${holes} holes)`;
}
