// Which game the page opens with: a link's game, else the game saved in localStorage, else the
// default game. Fields a link leaves out are filled in by the board (its defaults). And the
// note that says why the page opened something else than it was asked to.

import { DEFAULT_GAME } from './boards.js';
import { quote } from './errors.js';

/**
 * @typedef {{board: string, start?: string, goal?: string, moves: string, future?: string[]}
 *   | {save: string, future: string[]}} FirstGame
 */

/**
 * The game to open first.
 * @param {Partial<import('./url.js').GameSpec> | null} linked the game in the URL, if any
 * @param {import('./storage.js').SavedGame | null} saved the game in localStorage, if any
 * @returns {FirstGame}
 */
export function firstGame(linked, saved) {
  if (!linked) return saved ? { save: saved.save, future: saved.future } : { ...DEFAULT_GAME };
  const board = linked.board || DEFAULT_GAME.board;
  const spec = { board, start: linked.start || undefined, goal: linked.goal || undefined, moves: linked.moves ?? '' };
  // reloading a page whose address is the saved game keeps its redo list
  const same = saved && saved.save === `pegwise:1;${spec.board};${spec.start};${spec.goal};${spec.moves}`;
  return same ? { ...spec, future: saved.future } : spec;
}

/**
 * The note shown when the first game did not open as asked.
 * @param {{param?: string, value?: unknown, message: string}} err from the board's set()
 * @param {'link'|'save'|'none'} from where the first game came from
 */
export function startupNote(err, from) {
  if (err.param === 'moves') return `${err.message}.`;
  if (err.param === 'save') return `The saved game was refused and dropped (${err.message}), so this is the default game.`;
  if (err.param === 'board' || err.param === 'start' || err.param === 'goal') {
    const what = from === 'link' ? 'The link’s' : 'The';
    const instead = err.param === 'board' ? 'the default game' : 'the board’s default game';
    return `${what} ${err.param} ${quote(err.value)} was refused (${err.message}), so this is ${instead}.`;
  }
  return `The game could not open: ${err.message}`;
}

/**
 * The note for a saved game that could not even be read.
 * @param {string} problem why
 */
export function unreadableSaveNote(problem) {
  return `The saved game was dropped: ${problem}.`;
}
