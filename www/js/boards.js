// How boards are shown in the picker, and the game each one opens with. This is display data
// only: which boards exist, and everything about them, comes from wasm's boards().

/** Friendly names for the catalogue; unknown boards show their own name. */
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

/**
 * The first game on each board: a start from which the goal can be reached (checked with
 * the solver; the big boards' live search cannot prove it at the start, so these follow the
 * literature).
 */
const DEFAULTS = {
  triangle4: { start: 'a2', goal: 'any' },
  triangle5: { start: 'a1', goal: 'start' },
  triangle6: { start: 'b4', goal: 'start' },
  triangle7: { start: 'b4', goal: 'any' },
  triangle8: { start: 'c5', goal: 'start' },
  trunc12: { start: 'b2', goal: 'start' },
  trunc18: { start: 'c4', goal: 'start' },
  english: { start: 'd4', goal: 'start' },
  french: { start: 'e4', goal: 'any' },
  wiegleb: { start: 'e5', goal: 'start' },
  diamond41: { start: 'e5', goal: 'any' },
  square6: { start: 'c3', goal: 'start' },
  hexagon37: { start: 'd4', goal: 'any' },
};

/** The game the page opens with when nothing else is asked for. */
export const DEFAULT_GAME = { board: 'english', start: 'd4', goal: 'start', moves: '' };

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

/**
 * The start and goal a board opens with.
 * @param {string} name board name
 * @param {string[]} holes its hole names in reading order
 * @returns {{start: string, goal: string}}
 */
export function defaultsFor(name, holes) {
  const d = DEFAULTS[name];
  if (d && holes.includes(d.start)) return d;
  if (boardFamily(name) === 'row') return { start: holes[0], goal: 'any' };
  return { start: holes[Math.floor(holes.length / 2)], goal: 'start' };
}
