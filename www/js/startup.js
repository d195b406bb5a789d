// Which game the page opens with: a link's game (missing fields filled with the board's
// defaults), else the game saved in localStorage, else the default game.

import { DEFAULT_GAME, defaultsFor } from './boards.js';

/**
 * @typedef {import('./url.js').GameSpec & {future?: string[]}} OpenSpec
 */

/**
 * The game to open first.
 * @param {Partial<import('./url.js').GameSpec> | null} linked the game in the URL, if any
 * @param {import('./storage.js').SavedGame | null} saved the game in localStorage, if any
 * @param {(board: string) => Promise<string[]>} holesOf a board's hole names (throws on a bad board)
 * @returns {Promise<OpenSpec>}
 */
export async function firstGame(linked, saved, holesOf) {
  if (!linked) return saved ?? DEFAULT_GAME;
  const board = linked.board || DEFAULT_GAME.board;
  let d = { start: DEFAULT_GAME.start, goal: DEFAULT_GAME.goal };
  if (!linked.start || !linked.goal) {
    try {
      d = defaultsFor(board, await holesOf(board));
    } catch {
      // a bad board: opening it names it
    }
  }
  const spec = { board, start: linked.start || d.start, goal: linked.goal || d.goal, moves: linked.moves ?? '' };
  // reloading a page whose address is the saved game keeps its redo list
  const same = saved && saved.board === spec.board && saved.start === spec.start && saved.goal === spec.goal && saved.moves === spec.moves;
  return same ? { ...spec, future: saved.future } : spec;
}

/**
 * The note shown when the first game did not open as asked.
 * @param {{param: string, value: string, message: string} | {movesError: string}} err
 * @param {OpenSpec} spec
 * @param {boolean} linked it came from a link
 */
export function startupNote(err, spec, linked) {
  if ('param' in err) return linked ? `The link's ${err.param} “${err.value}” was refused (${err.message}), so this is the default game.` : '';
  return `The moves “${spec.moves}” were left out: ${err.movesError}.`;
}
