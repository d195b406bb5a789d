// Which game the page opens with: a link's game, else the game saved in localStorage, else the
// default game. Fields a link leaves out are filled in by the board (its defaults).

import { DEFAULT_GAME } from './boards.js';

/**
 * @typedef {{board: string, start?: string, goal?: string, moves: string, future?: string[]}} FirstGame
 */

/**
 * The game to open first.
 * @param {Partial<import('./url.js').GameSpec> | null} linked the game in the URL, if any
 * @param {import('./storage.js').SavedGame | null} saved the game in localStorage, if any
 * @returns {FirstGame}
 */
export function firstGame(linked, saved) {
  if (!linked) return saved ?? { ...DEFAULT_GAME };
  const board = linked.board || DEFAULT_GAME.board;
  const spec = { board, start: linked.start || undefined, goal: linked.goal || undefined, moves: linked.moves ?? '' };
  // reloading a page whose address is the saved game keeps its redo list
  const same = saved && saved.board === spec.board && saved.start === spec.start && saved.goal === spec.goal && saved.moves === spec.moves;
  return same ? { ...spec, future: saved.future } : spec;
}

/**
 * The note shown when the first game did not open as asked.
 * @param {{param?: string, value?: unknown, message: string}} err from the board's set()
 * @param {boolean} linked the game came from a link
 */
export function startupNote(err, linked) {
  if (err.param === 'moves') return `${err.message}.`;
  if (err.param === 'board' || err.param === 'start' || err.param === 'goal') {
    return linked ? `The link's ${err.param} “${err.value}” was refused (${err.message}), so this is the default game.` : '';
  }
  return `The game could not open: ${err.message}`;
}
