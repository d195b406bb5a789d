// How boards are shown in the picker. This is display data only: which boards exist, and
// everything about them (the game each opens with included), comes from wasm's boards().

/** @type {Record<string, string>} friendly names for the catalogue; unknown boards show their own name */
const LABELS = {
  triangle4: 'Triangle',
  triangle5: 'Triangle',
  triangle6: 'Triangle',
  triangle7: 'Triangle',
  triangle8: 'Triangle',
  trunc12: 'Truncated triangle',
  trunc18: 'Truncated triangle',
  english: 'English',
  french: 'French',
  wiegleb: 'Wiegleb',
  diamond41: 'Diamond',
  square6: 'Square',
  hexagon37: 'Hexagon',
  row: 'Row',
};

/** The board the page opens with when nothing else is asked for (its game: wasm's defaults). */
export const DEFAULT_BOARD = 'english';

/**
 * The picker's key for a board: `row` for every `row:L`.
 * @param {string} name
 */
export function boardFamily(name) {
  return name.startsWith('row:') ? 'row' : name;
}

/**
 * A board's label in the picker, e.g. "English (33 holes)".
 * @param {{name: string, holes: number}} b
 */
export function boardLabel(b) {
  const fam = boardFamily(b.name);
  if (fam === 'row') return 'Row (any length)';
  return `${LABELS[fam] ?? b.name} (${b.holes} holes)`;
}
