// The notes that say why the page opened something else than it was asked to. Which game it
// opens (the link's, else the stored one, else the default game) is wasm's choice (Game.open).

import { quote } from '../shared/errors.js';

/**
 * The note shown when the first game did not open as asked.
 * @param {{param?: string, value?: unknown, message: string}} err from the board's set()
 */
export function startupNote(err) {
  if (err.param === 'moves') return `${err.message}.`;
  if (err.param === 'save') return `The saved game was refused and dropped (${err.message}), so this is the default game.`;
  if (['board', 'start', 'position', 'goal'].includes(err.param ?? '')) {
    const instead = err.param === 'board' ? 'the default game' : 'the board’s default game';
    return `The link’s ${err.param} ${quote(err.value)} was refused (${err.message}), so this is ${instead}.`;
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
