// Which game the page opens with: a link's game, else the game saved in localStorage, else the
// default game. Fields a link leaves out are filled in by the board (its defaults). And the
// note that says why the page opened something else than it was asked to.

import { DEFAULT_BOARD } from './boards.js';
import { quote } from './errors.js';

/**
 * @typedef {import('./config.js').GameConfig & {redoFrom?: string}} FirstGame
 */

/**
 * The game to open first: the link's (taking the saved game's redo list when the saved game
 * is that very game: the engine decides), else the saved game, else the default board.
 * @param {Partial<import('./url.js').GameSpec> | null} linked the game in the URL, if any
 * @param {import('./storage.js').SavedGame | null} saved the game in localStorage, if any
 * @returns {FirstGame}
 */
export function firstGame(linked, saved) {
  if (!linked) return saved ? { ...saved } : { board: DEFAULT_BOARD };
  /** @type {FirstGame} */
  const spec = { board: linked.board || DEFAULT_BOARD, moves: linked.moves ?? '' };
  if (linked.position) spec.position = linked.position;
  else if (linked.start) spec.start = linked.start;
  if (linked.goal) spec.goal = linked.goal;
  // reloading a page whose address is the saved game keeps its redo list
  if (saved && 'save' in saved) spec.redoFrom = saved.save;
  return spec;
}

/**
 * The note shown when the first game did not open as asked.
 * @param {{param?: string, value?: unknown, message: string}} err from the board's set()
 * @param {'link'|'save'|'none'} from where the first game came from
 */
export function startupNote(err, from) {
  if (err.param === 'moves') return `${err.message}.`;
  if (err.param === 'save') return `The saved game was refused and dropped (${err.message}), so this is the default game.`;
  if (['board', 'start', 'position', 'goal'].includes(err.param ?? '')) {
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
