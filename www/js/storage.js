// The current game and the player's settings in localStorage, so a reload or a browser restart
// carries on. Storage can be full or switched off: every call then quietly does nothing.
//
// Two tabs share one localStorage, so every record is one key written whole in one setItem
// (never half an update), stamped with the time and the tab that wrote it: the last writer
// wins. A tab writes its game only when the game itself changed (not when a table or a verdict
// arrives), so a tab left open never overwrites a newer game from another tab. Settings are
// written as a patch over what is stored now, so two tabs never undo each other's settings.
// Each tab keeps its own game in its address bar, so a reload reopens that tab's game.
//
// What is read back is never trusted: the envelope is checked here, and the game's text is
// checked by the engine (Game.restore) before it opens. The game's text is wasm's save(),
// never built here.

const GAME_KEY = 'pegwise.game';
const PREFS_KEY = 'pegwise.prefs';
/**
 * The envelope's version: 3 holds wasm's save() text, redo list included. Older ones are still
 * read: 2 held save() text of format 1 and the redo list beside it; 1 held plain fields.
 */
const VERSION = 3;

/**
 * @typedef {{save: string, future: string[]}
 *   | {board: string, start: string, goal: string, moves: string, future: string[]}} SavedGame
 *   a saved game for the engine to open: wasm's save() text (with a separate redo list only
 *   for envelope 2), or for envelope 1 the game's fields as they were stored
 * @typedef {{v: 3, save: string, at: number, tab: string}} Envelope
 * @typedef {{hintMode: 'off'|'hover'|'always', names: boolean}} Prefs
 */

/** This tab, in the records it writes. */
const TAB = Math.random().toString(36).slice(2, 10);
/** The save text this tab wrote last, so an unchanged game is not written again. */
let written = '';

/**
 * @param {string} key
 * @returns {string|null}
 */
function readRaw(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * @param {string} key
 * @param {string|null} value null removes the key
 */
function writeRaw(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // full or disabled: the game still works, it just won't survive a reload
  }
}

/**
 * Reads the stored game's envelope: the game, or why it can't be used (then it is not used,
 * and the caller drops it once it has said so).
 * @returns {{game: SavedGame|null, problem: string|null}}
 */
export function loadGame() {
  const raw = readRaw(GAME_KEY);
  if (raw === null || raw === '') return { game: null, problem: null };
  let g;
  try {
    g = JSON.parse(raw);
  } catch {
    return { game: null, problem: 'it is not readable (not JSON)' };
  }
  if (g === null || typeof g !== 'object') return { game: null, problem: 'it is not a saved game' };
  const future = Array.isArray(g.future) && g.future.every((/** @type {unknown} */ j) => typeof j === 'string') ? g.future : null;
  if (g.v === undefined && ['board', 'start', 'goal'].every((k) => typeof g[k] === 'string')) {
    // version 1 wrote the fields one by one: the engine opens and checks them
    const moves = typeof g.moves === 'string' ? g.moves : '';
    return { game: { board: g.board, start: g.start, goal: g.goal, moves, future: future ?? [] }, problem: null };
  }
  if (g.v !== VERSION && g.v !== 2) return { game: null, problem: `its format (${JSON.stringify(g.v ?? null)}) is not one this page reads` };
  // version 2 kept the redo list beside the save text
  if (typeof g.save !== 'string' || (g.v === 2 && future === null)) return { game: null, problem: 'its fields are missing or of the wrong type' };
  return { game: { save: g.save, future: g.v === 2 ? /** @type {string[]} */ (future) : [] }, problem: null };
}

/**
 * Saves the current game, unless this tab saved just this already.
 * @param {string} save wasm's save() text (state().save)
 */
export function saveGame(save) {
  if (save === written) return;
  written = save;
  /** @type {Envelope} */
  const env = { v: VERSION, save, at: Date.now(), tab: TAB };
  writeRaw(GAME_KEY, JSON.stringify(env));
}

/** Drops the stored game (it was refused). */
export function dropGame() {
  written = '';
  writeRaw(GAME_KEY, null);
}

/**
 * The saved settings, with defaults for anything missing or wrong.
 * @returns {Prefs}
 */
export function loadPrefs() {
  /** @type {Record<string, any>} */
  let p = {};
  try {
    p = JSON.parse(readRaw(PREFS_KEY) ?? '{}') ?? {};
  } catch {
    // unreadable: defaults
  }
  return {
    hintMode: ['off', 'hover', 'always'].includes(p.hintMode) ? p.hintMode : 'hover',
    names: p.names === true,
  };
}

/**
 * Saves some settings over the ones stored now (which another tab may have changed).
 * @param {Partial<Prefs>} patch
 */
export function savePrefs(patch) {
  writeRaw(PREFS_KEY, JSON.stringify({ ...loadPrefs(), ...patch }));
}
