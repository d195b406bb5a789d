// createGame(): puts a playable board into any element and returns the API that drives it.
// <peg-solitaire> is built on it, and so is the full page.
//
// Events, dispatched from the element as CustomEvents that bubble and are composed; every
// detail carries `state`, a GameState after the event:
//   move     a jump was played: {jump, from, over, to, move, by, state}; `move` is the whole
//            move it belongs to so far ("e5-c3-a1"); `by` is tap | drag | keyboard | api | redo
//   undo     a jump was taken back: {jump, from, over, to, state}
//   solved   one peg left where the goal wants it: {hole, moves, jumps, state}
//   deadend  the goal can no longer be reached: {jump, pegCount, state}; `jump` is the jump
//            that lost the game when it was seen being played, else null
//   stuck    no jump is left and the game is not won: {pegCount, state}
//   change   anything state() reports changed: {reason, state}; reason is open | move | undo
//            | redo | reset | seek | table | verdict | hints | focus | config | error
// Bad input never breaks a board: a refused setting rejects with a PegwiseError naming it and
// shows a note on the board, and the game open stays (the first one falls back to a default).
// solved, deadend and stuck come once per position reached, when the engine's verdict arrives
// (right after the `change` with reason 'verdict').

import { Widget } from './widget.js';
import { PegwiseError, quote } from '../shared/errors.js';

export { PegwiseError };

/**
 * @typedef {import('../shared/config.js').GameConfig} GameConfig
 * @typedef {import('../shared/wasm-types.js').Jump} Jump
 * @typedef {import('../shared/wasm-types.js').Hint} Hint
 * @typedef {import('../shared/wasm-types.js').BoardEntry} BoardEntry
 */

/**
 * What a board shows, as plain data: a copy, safe to keep.
 * @typedef {{
 *   version: number,
 *   board: string, boardName: string, start: string, startHole: string|null,
 *   startPosition: string, goal: string, goalHole: string|null,
 *   holes: string[], pegs: boolean[], pegCount: number,
 *   jumps: number, moves: number, history: string[], historyHoles: string[][], future: string[],
 *   canUndo: boolean, canRedo: boolean, code: string, save: string, query: string, here: string,
 *   legal: Jump[],
 *   status: 'playing'|'solved'|'deadend'|'stuck'|null, winning: boolean|null, fatal: string|null,
 *   winnable: 'yes'|'no'|'unknown'|null, why: 'class'|'search'|null,
 *   nearby: import('../shared/wasm-types.js').ProblemView|null,
 *   starts: import('../shared/wasm-types.js').StartHint[]|null,
 *   goals: import('../shared/wasm-types.js').StartHint[]|null,
 *   source: 'table'|'search', tableFile: string|null, tableState: string, tableNote: string,
 *   tableWhy: string,
 *   search: import('../shared/wasm-types.js').SearchStats|null,
 *   hints: 'off'|'hover'|'always', names: boolean, pickStart: boolean,
 *   selected: string|null, cursor: string|null, hover: string|null, focus: string|null,
 *   verdicts: Record<string, Hint[]>, pegHints: Record<string, import('../shared/wasm-types.js').PegHint>,
 *   proving: boolean,
 *   marks: {targets: Record<string, 'good'|'forced'|'bad'|'unknown'|'loading'|'plain'>,
 *     pegs: Record<string, 'bomb'|'good'|'unknown'|'loading'>},
 *   error: string|null,
 * }} GameState
 *   board: the board as set({board}) reads it back (a drawn board as its ascii: text);
 *   boardName: what it is called; start: the start hole, or the start position (XXoXo);
 *   startHole: the start hole, null for a game from a set position; startPosition: the start
 *   position, X a peg and o a hole, in reading order; goalHole: where the last peg must end,
 *   null for any; holes: every hole's name in reading order; pegs: true where a peg stands
 *   (same order); jumps / moves: played so far (a move is a chain of jumps by one peg);
 *   history: the moves played; historyHoles: the holes each of them visits; future: the jumps
 *   redo would replay, the next first; code: Bell's position code (decimal); save: the whole
 *   game, redo list included, as one line of text (`pegwise:2;board;start;goal;moves;redo`),
 *   which set({save}) opens again after the engine checked it; query: the link that opens the
 *   game (`?board=…&start=…&goal=…&moves=…`); here: the position now, X a peg and o a hole; legal: every jump possible now; status: null until the engine has
 *   judged the position; winning: can the goal still be reached (null: the live search can't
 *   tell); fatal: the first jump after which the game could no longer be won (wasm's), null
 *   while it can or when it never could; winnable: can the game be won from its start (why:
 *   how a "no" is known, class or search); nearby: a winnable problem near one that can't be
 *   won (wasm's), or null; goals: for each hole, whether the game can be won with it as the goal;
 *   starts: for each start hole, whether the game can be won from it
 *   with this goal (wasm's; null until asked);
 *   pegHints: every peg judged so far (its jumps, bomb and mark, wasm's); proving: the live
 *   search goes on proving, while the player thinks, jumps still marked ?; source: where hints
 *   come from; tableState: none | loading | table | missing
 *   | error | refused (the table failed to download and is retried, or wasm refused it);
 *   selected: the picked peg; cursor: the keyboard cursor; focus: the peg whose jumps are
 *   marked; verdicts: the hints known so far, by peg; marks: what the board draws; error: why
 *   the last set() or jump failed
 */

/**
 * The API of one board.
 * @typedef {{
 *   play: (move: string) => Promise<GameState>,
 *   undo: () => Promise<GameState>,
 *   redo: () => Promise<GameState>,
 *   reset: () => Promise<GameState>,
 *   set: (config: GameConfig) => Promise<GameState>,
 *   hints: (hole?: string|null) => Promise<Hint[]>,
 *   state: () => GameState|null,
 *   holeAt: (x: number, y: number) => string|null,
 *   holeRect: (name: string) => {x: number, y: number, width: number, height: number}|null,
 *   destroy: () => void,
 *   solution: () => Promise<string[]|null>,
 *   pegs: () => Promise<import('../shared/wasm-types.js').PegHint[]>,
 *   seek: (where: {moves?: number, jumps?: number}) => Promise<GameState>,
 *   cancel: () => void,
 *   focus: (options?: FocusOptions) => void,
 *   settled: () => Promise<void>,
 *   boards: () => Promise<BoardEntry[]>,
 *   ready: Promise<GameState>,
 *   element: HTMLElement,
 * }} PegwiseGame
 */

/** @type {WeakMap<HTMLElement, PegwiseGame>} */
const games = new WeakMap();
/** @type {WeakMap<PegwiseGame, Widget>} */
const boards = new WeakMap();

/**
 * Adds a note on a game's board, after any it shows (for <peg-solitaire>: an attribute it left
 * out). Not part of the public API.
 * @param {PegwiseGame} game
 * @param {string} text
 */
export function noteOn(game, text) {
  const b = boards.get(game);
  b?.notice('config', [b.notes.config, text].filter(Boolean).join(' '));
}

/**
 * Puts a game into `element` (in its shadow root, attached if it has none) and returns its API.
 * A game already in that element is destroyed first. Events are dispatched from `element`.
 * The API is also `element.game` (for <peg-solitaire> always; for other elements while the
 * game lives).
 * @param {HTMLElement} element
 * @param {GameConfig} [config] board, start, goal, moves, hints, names, src (see GameConfig)
 * @returns {PegwiseGame}
 */
export function createGame(element, config = {}) {
  if (!(element instanceof HTMLElement)) throw new PegwiseError(`createGame() needs an HTML element, not ${quote(element)}`, 'element', element);
  games.get(element)?.destroy();
  const board = new Widget(element);
  const act = board.actions;
  const own = !('game' in element);
  /** @type {PegwiseGame} */
  const api = Object.freeze(/** @satisfies {PegwiseGame} */ ({
    /** Plays moves in notation ("d2-d4", "e5-c3-a1", several separated by spaces), animated. */
    play: (move) => act.play(move),
    /** Takes back the last jump. */
    undo: () => act.undo(),
    /** Replays the last jump taken back. */
    redo: () => act.redo(),
    /** Back to the start position (redo replays the game). */
    reset: () => act.reset(),
    /** Changes the game or its settings (see GameConfig); calls in one tick are merged. */
    set: (c) => act.set(c),
    /** The verdicts of a peg's jumps, or of every legal jump when `hole` is left out. */
    hints: (hole) => act.hints(hole ?? null),
    /** What the board shows now (null until the first game has opened). */
    state: () => board.state(),
    /** The hole at a point in client (viewport) pixels, or null. */
    holeAt: (x, y) => act.holeAt(x, y),
    /** A hole's box in client pixels, or null. */
    holeRect: (name) => act.holeRect(name),
    /** Removes every listener and observer, frees the game, empties the shadow root. */
    destroy() {
      board.destroy();
      if (games.get(element) === api) games.delete(element);
      if (own && /** @type {any} */ (element).game === api) delete (/** @type {any} */ (element).game);
    },
    /** A winning line of jumps from here, or null (none, or the live search gave up). */
    solution: () => act.solution(),
    /** Every peg that can jump, judged by the engine: [{hole, jumps, good, bad, unknown, bomb, mark}]. */
    pegs: () => act.pegs(),
    /** Goes back or forth in the game: to the end of move `moves`, or after `jumps` jumps. */
    seek: (where) => act.change('seek', where),
    /** Drops the picked peg and leaves start picking, as Escape does. */
    cancel: () => act.cancel(),
    /** Moves the keyboard focus to the board. */
    focus: (options) => act.focus(options),
    /** Resolves when nothing is being computed, animated or loaded. */
    settled: () => act.settled(),
    /** The board catalogue. */
    boards: () => act.boards(),
    /** Resolves once the first game has opened (rejects if it can't). */
    ready: act.set(config),
    element,
  }));
  api.ready.catch(() => {}); // reported in state().error and a `change` event too
  games.set(element, api);
  boards.set(api, board);
  if (own) Object.defineProperty(element, 'game', { value: api, configurable: true });
  return api;
}
