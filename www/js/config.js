// A board's configuration: what set() and the element's attributes may say, how several calls
// in a row merge, and how the game to open follows from it and from the game open now.

import { DEFAULT_GAME, defaultsFor } from './boards.js';

/**
 * @typedef {'off'|'hover'|'always'} HintMode
 * @typedef {{
 *   board?: string, start?: string, goal?: string, moves?: string, future?: string[],
 *   hints?: HintMode, names?: boolean, pickStart?: boolean, src?: string,
 * }} GameConfig
 *   board: a board name (english, triangle5, row:9…); start: the empty hole; goal: start, any
 *   or a hole; moves: moves to play from the start, in notation; future: a redo list (the next
 *   jump first); hints: when to show the hint; names: hole names on the board; pickStart: the
 *   next tap on a hole picks the start; src: base URL of pkg/ and data/
 * @typedef {{board: string, start: string, goal: string, moves: string, future: string[]}} OpenSpec
 */

/** The attributes of <peg-solitaire>, each a GameConfig key. */
export const ATTRIBUTES = ['board', 'start', 'goal', 'moves', 'hints', 'names', 'src'];

const MODES = ['off', 'hover', 'always'];

/**
 * A config from attribute values (null: the attribute is absent, so the default applies).
 * @param {Record<string, string|null>} attrs
 * @returns {GameConfig}
 */
export function fromAttributes(attrs) {
  /** @type {GameConfig} */
  const c = {};
  for (const k of ['board', 'start', 'goal', 'src']) {
    const v = attrs[k];
    if (k in attrs) c[/** @type {'board'} */ (k)] = v?.trim() || undefined;
  }
  if ('moves' in attrs) c.moves = attrs.moves?.trim() ?? '';
  if ('hints' in attrs) c.hints = MODES.includes(String(attrs.hints)) ? /** @type {HintMode} */ (attrs.hints) : 'hover';
  if ('names' in attrs) c.names = attrs.names !== null && attrs.names !== 'false';
  return c;
}

/**
 * Merges a later config into an earlier one that has not been applied yet. A new board drops
 * the earlier start, goal and moves (they belonged to the old board); a new start or goal drops
 * the earlier moves.
 * @param {GameConfig} a
 * @param {GameConfig} b
 * @returns {GameConfig}
 */
export function mergeConfig(a, b) {
  const out = { ...a };
  const given = (k) => b[k] !== undefined;
  if (given('board') && b.board !== a.board) {
    delete out.start;
    delete out.goal;
    delete out.moves;
    delete out.future;
  }
  if ((given('start') && b.start !== a.start) || (given('goal') && b.goal !== a.goal)) {
    delete out.moves;
    delete out.future;
  }
  for (const [k, v] of Object.entries(b)) if (v !== undefined) out[k] = v;
  return out;
}

/**
 * Checks the display settings of a config, throwing a TypeError that names a bad one.
 * @param {GameConfig} c
 */
export function checkConfig(c) {
  if (c.hints !== undefined && !MODES.includes(c.hints)) throw new TypeError(`hints must be off, hover or always, not “${c.hints}”`);
  for (const k of ['board', 'start', 'goal', 'moves', 'src']) {
    if (c[k] !== undefined && typeof c[k] !== 'string') throw new TypeError(`${k} must be a string`);
  }
  if (c.future !== undefined && !(Array.isArray(c.future) && c.future.every((j) => typeof j === 'string'))) {
    throw new TypeError('future must be a list of jumps');
  }
}

/**
 * The game a config asks for, given the game open now (null when none is), or null when the
 * open game stays as it is.
 * @param {GameConfig} c
 * @param {{board: string, start: string, goal: string}|null} cur
 * @param {(board: string) => Promise<string[]>} holesOf a board's hole names (throws on a bad board)
 * @returns {Promise<OpenSpec|null>}
 */
export async function gameFor(c, cur, holesOf) {
  const board = c.board ?? cur?.board ?? DEFAULT_GAME.board;
  const same = cur !== null && board === cur.board;
  let start = c.start ?? (same ? cur.start : undefined);
  let goal = c.goal ?? (same ? cur.goal : undefined);
  if (start === undefined || goal === undefined) {
    const d = defaultsFor(board, await holesOf(board));
    start ??= d.start;
    goal ??= d.goal;
  }
  const changed = !same || start !== cur.start || goal !== cur.goal;
  if (!changed && c.moves === undefined) return null;
  return { board, start, goal, moves: c.moves ?? '', future: c.future ?? [] };
}
