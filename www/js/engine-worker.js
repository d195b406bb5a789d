// The engine worker: owns the wasm Game, so a slow live search never freezes the page.
// It answers one request at a time, in order. Every answer carries the game's version
// (bumped by every change), so the page can drop answers about a position it has left.

import init, { Game, boards, boardLayout } from '../pkg/pegwise.js';
import { tableBytes, MissingTable } from './tables.js';

/** @type {Game | null} */
let game = null;
let version = 0;
/** Base URL of the table files (the page's `data/` folder). */
let dataBase = '';
/** Table load state of the current game: none | loading | table | missing | refused | error. */
let tableState = 'none';
let tableNote = '';

const ready = init();

/** @param {object} msg */
const post = (msg) => self.postMessage(msg);

/** The fast part of the state, with the legal jumps and the game's version. */
function snapshot() {
  const g = /** @type {Game} */ (game);
  return { version, position: g.position(), legal: g.legal(), tableState, tableNote };
}

/** Fails when the page acted on a position the game has left (its answer would be stale). */
function expect(v) {
  if (v !== undefined && v !== version) throw new Error(`stale request (version ${v}, game at ${version})`);
}

/** Starts loading the game's table, if one exists and is not attached yet. */
function loadTable() {
  const g = /** @type {Game} */ (game);
  const file = g.tableFile();
  if (!file) {
    tableState = 'none';
    return;
  }
  if (g.hasTable()) {
    tableState = 'table';
    return;
  }
  tableState = 'loading';
  const mine = g;
  tableBytes(new URL(file, dataBase).href).then(
    (bytes) => {
      if (game !== mine) return; // the bytes stay cached for when the game comes back
      try {
        mine.loadTable(file, bytes);
        tableState = 'table';
        tableNote = '';
      } catch (e) {
        tableState = 'refused';
        tableNote = `table ${file} refused: ${e.message}`;
      }
      version++;
      post({ event: 'table', ...snapshot() });
    },
    (e) => {
      if (game !== mine) return;
      tableState = e instanceof MissingTable ? 'missing' : 'error';
      tableNote = e instanceof MissingTable ? `no table ${file} on the server` : e.message;
      version++;
      post({ event: 'table', ...snapshot() });
    },
  );
}

/**
 * Which of board, start and goal made `new Game` throw, for a note that names the bad value.
 * @returns {{param: string, value: string, message: string}}
 */
function diagnose(board, start, goal, message) {
  const fails = (f) => {
    try {
      f()?.free?.();
      return false;
    } catch {
      return true;
    }
  };
  if (fails(() => boardLayout(board))) return { param: 'board', value: board, message };
  if (fails(() => new Game(board, start, 'any'))) return { param: 'start', value: start, message };
  return { param: 'goal', value: goal, message };
}

/** The requests the page may make. Each returns a plain, copyable value. */
const ops = {
  /** Sets where tables live and returns the board catalogue. */
  hello({ data }) {
    dataBase = data;
    return { boards: boards() };
  },
  /** A board's layout, without opening a game on it. */
  layout({ board }) {
    return boardLayout(board);
  },
  /**
   * Opens a new game (the old one is freed). Moves and the redo list are replayed; moves
   * that do not play are reported in `movesError` (the game opens without them). A bad
   * board, start or goal leaves the old game open and answers `{error: {param, value, message}}`.
   */
  open({ board, start, goal, moves = '', future = [] }) {
    let g;
    try {
      g = new Game(board, start, goal);
    } catch (e) {
      return { error: diagnose(board, start, goal, e.message) };
    }
    let movesError = null;
    try {
      if (moves) g.play(moves);
    } catch (e) {
      movesError = e.message;
    }
    if (!movesError && future.length) {
      try {
        g.play(future.join(' '));
        for (let i = 0; i < future.length; i++) g.undo();
      } catch {
        // a stale redo list is simply dropped
      }
    }
    game?.free();
    game = g;
    version++;
    tableNote = '';
    loadTable();
    return { ...snapshot(), layout: g.layout(), tableFile: g.tableFile() ?? null, movesError };
  },
  playJump({ from, to, v }) {
    expect(v);
    game.playJump(from, to);
    version++;
    return snapshot();
  },
  undo({ v }) {
    expect(v);
    if (game.undo() !== undefined) version++;
    return snapshot();
  },
  redo({ v }) {
    expect(v);
    if (game.redo() !== undefined) version++;
    return snapshot();
  },
  reset({ v }) {
    expect(v);
    game.reset();
    version++;
    return snapshot();
  },
  /** Undoes or redoes to the end of move `moves`, or until `jumps` jumps are played. */
  seek({ moves, jumps }) {
    const before = game.position().jumps;
    const at = () => game.position();
    if (jumps !== undefined) {
      while (at().jumps > jumps && game.undo() !== undefined);
      while (at().jumps < jumps && game.redo() !== undefined);
    } else if (moves !== undefined) {
      while (at().moves > moves && game.undo() !== undefined);
      // redo past the end of the move, then step back once
      while (at().moves <= moves && game.redo() !== undefined);
      if (at().moves > moves) game.undo();
    }
    if (at().jumps !== before) version++;
    return snapshot();
  },
  /** The full state: status and winning (may run the live search). */
  state() {
    return { version, state: game.state() };
  },
  hintsFor({ hole }) {
    return { version, hole, hints: game.hintsFor(hole) };
  },
  hints() {
    return { version, hints: game.hints() };
  },
  pegs() {
    return { version, pegs: game.pegs() };
  },
  solution() {
    return { version, solution: game.solution() };
  },
};

self.onmessage = async (e) => {
  const { id, op, args } = e.data;
  try {
    await ready;
    if (!(op in ops)) throw new Error(`unknown request '${op}'`);
    if (!game && !['hello', 'layout', 'open'].includes(op)) throw new Error('no game open');
    post({ id, result: ops[op](args ?? {}) });
  } catch (err) {
    post({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
