// A board's configuration: what set() and the element's attributes may say, and how several
// calls in a row merge. Which game a config names is wasm's to read (Game.open): what it
// leaves out comes from the game open now, else from the board's default game.

import { PegwiseError, quote } from './errors.js';

/**
 * @typedef {'off'|'hover'|'always'} HintMode
 * @typedef {{
 *   board?: string, start?: string, position?: string, goal?: string, moves?: string,
 *   future?: string[], hints?: HintMode, names?: boolean, pickStart?: boolean, src?: string,
 *   save?: string, redoFrom?: string, link?: string, stored?: object, flip?: string,
 *   preview?: import('./protocol.js').Opening,
 * }} GameConfig
 *   board: a board name (english, triangle5, row:9…) or drawn board (ascii:…); start: the
 *   empty hole; position: instead of a start hole, the whole start position, X for a peg and o
 *   for a hole in reading order (XXXXoXo); goal: start, any or a hole; moves: moves to play
 *   from the start, in notation; future: a redo list (the next jump first); hints: when to
 *   show the hint; names: hole names on the board; pickStart: the next tap on a hole picks
 *   the start; src: base URL of pkg/ and data/; save: a whole game as state().save wrote it,
 *   checked by the engine; redoFrom: a save whose redo list the game opened takes, when the
 *   engine finds it is the same game; link: a page's query (?board=…&start=…), opened when it
 *   names a game; stored: a record the page stored (any version), opened when the link names
 *   none (else it lends the link its redo list); flip: an edit, the position now with this
 *   hole's peg taken away or put back as the new start position, the goal carried over;
 *   preview: the game this set() opens as the core judged it ahead of time (scripts/build-site
 *   bakes the default game's into the page), drawn with its verdicts until the engine answers,
 *   on a board that shows no game yet
 * @typedef {Pick<GameConfig, 'board'|'start'|'position'|'goal'|'moves'|'future'|'save'|'redoFrom'|'link'|'stored'|'flip'>
 *   & {merge?: OpenSpec[]}} OpenSpec
 *   what names a game, for the engine to open; merge: games named at once, in order, which the
 *   engine's midend merges (what opening them in turn would open)
 * @typedef {{param: string, value: string, message: string}} Problem a refused attribute
 */

/** The attributes of <peg-solitaire>, each a GameConfig key (the embed frame's URL parameters too). */
export const ATTRIBUTES = ['board', 'start', 'position', 'goal', 'moves', 'hints', 'names', 'src'];

/** The hint modes, in the order the page's button steps through them. */
export const HINT_MODES = /** @type {const} */ (['off', 'hover', 'always']);
const MODES = /** @type {readonly string[]} */ (HINT_MODES);
/** The keys that name a game (the rest are settings of the board). */
export const GAME_KEYS = /** @type {const} */ (['board', 'start', 'position', 'goal', 'moves', 'future', 'save', 'redoFrom', 'link', 'stored', 'flip']);
/** Every key set() knows. */
const KEYS = [...GAME_KEYS, 'hints', 'names', 'pickStart', 'src', 'preview'];
const TEXTS = ['board', 'start', 'position', 'goal', 'moves', 'redoFrom', 'src', 'save', 'link', 'flip'];

/**
 * A config from attribute values (null: the attribute is absent, so the default applies), and
 * the attributes it had to leave out. A bad `hints` keeps the board's mode; board, start and
 * goal are checked by the engine when the game opens.
 * @param {Record<string, string|null>} attrs
 * @returns {{config: GameConfig, problems: Problem[]}}
 */
export function fromAttributes(attrs) {
  /** @type {GameConfig} */
  const c = {};
  /** @type {Problem[]} */
  const problems = [];
  for (const k of ['board', 'start', 'position', 'goal', 'src']) {
    const v = attrs[k];
    if (k in attrs) c[/** @type {'board'} */ (k)] = v?.trim() || undefined;
  }
  if ('moves' in attrs) c.moves = attrs.moves?.trim() ?? '';
  if ('hints' in attrs) {
    const v = attrs.hints?.trim().toLowerCase() ?? 'hover';
    if (MODES.includes(v)) c.hints = /** @type {HintMode} */ (v);
    else problems.push({ param: 'hints', value: String(attrs.hints), message: `hints must be off, hover or always, not ${quote(attrs.hints)}` });
  }
  if ('names' in attrs) c.names = attrs.names !== null && attrs.names !== 'false';
  return { config: c, problems };
}

/**
 * A later config added to an earlier one that has not been applied yet. The settings of the
 * board merge, the later winning; the games they name are kept in order, for the engine's
 * midend to merge by its one rule (what applying them in turn would open).
 * @param {GameConfig & {merge?: OpenSpec[]}} a
 * @param {GameConfig} b
 * @returns {GameConfig & {merge?: OpenSpec[]}}
 */
export function mergeConfig(a, b) {
  const games = [...(a.merge ?? []), gameOf(b)].filter((g) => g !== null);
  /** @type {GameConfig & {merge?: OpenSpec[]}} */
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) if (v !== undefined && !/** @type {readonly string[]} */ (GAME_KEYS).includes(k)) /** @type {Record<string, unknown>} */ (out)[k] = v;
  if (games.length) out.merge = /** @type {OpenSpec[]} */ (games);
  return out;
}

/**
 * Checks a config's shape and settings, throwing a PegwiseError that names the first bad key
 * and its value. Board, start, goal, moves and save are only checked for type here: the engine
 * checks what they say, and how long they may be (wasm's limits(), read by the worker).
 * @param {unknown} c
 * @returns {asserts c is GameConfig}
 */
export function checkConfig(c) {
  /** @param {string} param @param {unknown} value @param {string} message */
  const fail = (param, value, message) => {
    throw new PegwiseError(message, param, value);
  };
  if (c === null || typeof c !== 'object' || Array.isArray(c)) fail('config', c, `a config must be an object, not ${quote(c)}`);
  const o = /** @type {Record<string, unknown>} */ (c);
  for (const k of Object.keys(o)) {
    if (!KEYS.includes(k)) fail('config', k, `unknown setting ${quote(k)}: use ${KEYS.join(', ')}`);
  }
  for (const k of TEXTS) {
    if (o[k] !== undefined && typeof o[k] !== 'string') fail(k, o[k], `${k} must be text, not ${quote(o[k])}`);
  }
  if (o.hints !== undefined && !MODES.includes(/** @type {string} */ (o.hints))) fail('hints', o.hints, `hints must be off, hover or always, not ${quote(o.hints)}`);
  for (const k of ['names', 'pickStart']) {
    if (o[k] !== undefined && typeof o[k] !== 'boolean') fail(k, o[k], `${k} must be true or false, not ${quote(o[k])}`);
  }
  if (o.stored !== undefined && (o.stored === null || typeof o.stored !== 'object')) fail('stored', o.stored, `stored must be a stored record, not ${quote(o.stored)}`);
  const p = /** @type {Record<string, unknown>|undefined|null} */ (o.preview);
  const shaped = p && typeof p === 'object' && Array.isArray(p.legal) && p.position && typeof p.position === 'object' && Array.isArray(/** @type {{holes?: unknown}} */ (p.layout)?.holes);
  if (p !== undefined && !shaped) fail('preview', p, `preview must be an opening snapshot (position, legal, layout), not ${quote(p)}`);
  const f = o.future;
  if (f !== undefined && !(Array.isArray(f) && f.every((j) => typeof j === 'string'))) fail('future', f, `future must be a list of jumps, not ${quote(f)}`);
  if (typeof o.src === 'string' && typeof document !== 'undefined') {
    try {
      new URL(o.src, document.baseURI);
    } catch {
      fail('src', o.src, `src ${quote(o.src)} is not a URL`);
    }
  }
}

/**
 * The part of a config that names a game, or null when it names none (it only changes the
 * board's settings).
 * @param {GameConfig} c
 * @returns {OpenSpec|null}
 */
export function gameOf(c) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const k of GAME_KEYS) if (c[k] !== undefined) out[k] = c[k];
  return Object.keys(out).length ? /** @type {OpenSpec} */ (out) : null;
}
