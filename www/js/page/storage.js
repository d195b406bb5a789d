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
// What is read back is never trusted, and never read here: the record goes to the engine as
// it was stored (Game.open's `stored`), which reads every version a page has written, checks
// it and opens it. The game's text is wasm's save(), never built here. The record also names
// the table file the game starts with (wasm's answer), so index.html's early script can fetch
// it before the engine runs.

import { HINT_MODES } from '../shared/config.js';

const GAME_KEY = 'pegwise.game';
const PREFS_KEY = 'pegwise.prefs';
/** The version of the record this page writes (the engine reads this one and every older). */
const VERSION = 3;

/**
 * @typedef {{v: 3, save: string, head: string|null, at: number, tab: string}} Envelope
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
 * The stored game's record for the engine to open, or why it can't even be read (then it is
 * not used, and the caller drops it once it has said so).
 * @returns {{record: object|null, problem: string|null}}
 */
export function loadGame() {
  const raw = readRaw(GAME_KEY);
  if (raw === null || raw === '') return { record: null, problem: null };
  try {
    const record = JSON.parse(raw);
    if (record !== null && typeof record === 'object') return { record, problem: null };
  } catch {
    return { record: null, problem: 'it is not readable (not JSON)' };
  }
  return { record: null, problem: 'it is not a saved game' };
}

/**
 * Saves the current game, unless this tab saved just this already.
 * @param {{save: string, tableFile: string|null}} s the game's state: wasm's save() text, and
 *   the table file it starts with
 */
export function saveGame({ save, tableFile }) {
  if (save === written) return;
  written = save;
  /** @type {Envelope} */
  const env = { v: VERSION, save, head: tableFile, at: Date.now(), tab: TAB };
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
    hintMode: /** @type {readonly string[]} */ (HINT_MODES).includes(p.hintMode) ? p.hintMode : 'hover',
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
