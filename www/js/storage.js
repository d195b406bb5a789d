// The current game and the player's settings in localStorage, so a reload carries on.
// Storage can be full or switched off: every call then quietly does nothing.

const GAME_KEY = 'pegwise.game';
const PREFS_KEY = 'pegwise.prefs';

/**
 * @typedef {import('./url.js').GameSpec & {future: string[]}} SavedGame
 *   a game with its redo list (jumps, the next one first)
 * @typedef {{hintMode: 'off'|'hover'|'always', names: boolean}} Prefs
 */

/**
 * @param {string} key
 * @returns {any} the parsed value, or null
 */
function read(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/**
 * @param {string} key
 * @param {unknown} value
 */
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // full or disabled: the game still works, it just won't survive a reload
  }
}

/**
 * The saved game, or null.
 * @returns {SavedGame | null}
 */
export function loadGame() {
  const g = read(GAME_KEY);
  if (!g || typeof g.board !== 'string' || typeof g.start !== 'string' || typeof g.goal !== 'string') return null;
  return {
    board: g.board,
    start: g.start,
    goal: g.goal,
    moves: typeof g.moves === 'string' ? g.moves : '',
    future: Array.isArray(g.future) ? g.future.filter((j) => typeof j === 'string') : [],
  };
}

/**
 * Saves the current game.
 * @param {SavedGame} g
 */
export function saveGame(g) {
  write(GAME_KEY, g);
}

/**
 * The saved settings, with defaults for anything missing.
 * @returns {Prefs}
 */
export function loadPrefs() {
  const p = read(PREFS_KEY) ?? {};
  return {
    hintMode: ['off', 'hover', 'always'].includes(p.hintMode) ? p.hintMode : 'hover',
    names: p.names === true,
  };
}

/**
 * Saves the settings.
 * @param {Prefs} p
 */
export function savePrefs(p) {
  write(PREFS_KEY, p);
}
