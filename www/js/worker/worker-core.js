// The engine worker's work, for either wasm package (see serve): owns the wasm Games, so a slow
// live search never freezes the page. One worker serves every board on the page that loads from
// the same base URL; each board has its own Game, named by a game id (gid). Requests are
// answered one at a time, in order. Every answer carries its game's version (bumped by every
// change), so a board can drop answers about a position it has left.

import { clipMessage } from '../shared/errors.js';
import { judged, snapshotOf } from './judge.js';
import { prefetch } from './table-bytes.js';
import { TableLoader } from './table-loader.js';
import { GameParts, answerOnceIn } from './table-parts.js';
import { movablePegs } from '../shared/legal.js';

/**
 * @typedef {typeof import('../../pkg/pegwise.js')} Pkg  a wasm package's bindings: the game's
 *   (pkg/), or the Analysis panel's (pkg-analysis/: the same, and the panel's questions)
 * @typedef {import('../../pkg/pegwise.js').Game} Game
 * @typedef {import('../shared/wasm-types.js').Limits} Limits
 * @typedef {import('../shared/wasm-types.js').Jump} Jump
 * @typedef {import('../shared/wasm-types.js').Snapshot} Snapshot
 * @typedef {import('../shared/protocol.js').Want} Want
 * @typedef {import('../shared/protocol.js').MovesError} MovesError
 * @typedef {import('../shared/protocol.js').WireError} WireError
 * @typedef {import('../shared/protocol.js').GameRequests} GameRequests
 * @typedef {import('../shared/protocol.js').CommonRequests} CommonRequests
 * @typedef {import('../shared/protocol.js').ChangeEvent} ChangeEvent
 */

/**
 * @typedef {{game: Game, version: number, opened: number, moved: number, tableState: string, tableNote: string,
 *   tableWhy: string, head?: Promise<void>, parts: GameParts, partsNote: string, want?: Want,
 *   asked?: string[], askedAt?: number, thinkingAt?: number, thought?: {ms: number, working: boolean}}} Slot
 *   tableState: none | loading | table | missing | refused | error (see table-loader.js), ''
 *   before the first (set by tableIs, which sets the game's budget with it);
 *   parts: the table parts its answers wait for (see table-parts.js); partsNote: why the
 *   last of them failed ('' once they came);
 *   opened: the version the game opened at; moved: the version its position last changed at
 *   (a table's arrival changes the version, not the position); want: the pegs the page shows (see reply); head: resolves once the table head asked for has
 *   arrived or failed; asked: the pegs the page asked about at position `askedAt` (the last first);
 *   thought: the background work done on the position at `thinkingAt` (see think)
 */

// start-up marks (performance.mark, read by tests/bench/browser.mjs): worker-start, wasm-ready,
// open (the first game), table (its table attached)
performance.mark('pegwise:worker-start');

/** The wasm package this worker serves (set by serve, before any request is taken). */
let pkg = /** @type {Pkg} */ (/** @type {unknown} */ (null));

/** @type {Map<number, Slot>} */
const slots = new Map();
/** Versions come from one counter, so no two positions of any game share one. */
let clock = 0;
/** Base URL of the table files. */
let dataBase = '';
/** @param {string} file @returns {string} a table file's absolute URL */
const urlOf = (file) => new URL(file, dataBase).href;
const tables = new TableLoader(urlOf);
/** @type {(p: Promise<unknown>) => void} */
let started = () => {};
/** Resolves once `hello` has loaded the wasm. */
const ready = new Promise((ok) => {
  started = ok;
});

/** @param {import('../shared/protocol.js').ReplyMessage | ChangeEvent} msg */
const post = (msg) => self.postMessage(msg);

/** Whether the wasm is being (or has been) loaded. */
let booting = false;

/**
 * Loads the wasm (fetched and compiled streaming) and sets where tables live; requests wait
 * for it (`ready`).
 * @param {string} wasm its URL
 * @param {string} data base URL of the table files
 */
function boot(wasm, data) {
  booting = true;
  dataBase = data;
  const p = pkg.default({ module_or_path: wasm }).then(() => {
    performance.mark('pegwise:wasm-ready');
    LIMITS = pkg.limits();
  });
  started(p);
}

/** @type {Limits} the longest texts wasm takes (set by hello) */
let LIMITS = { moves: 0, board: 0, save: 0 };

/**
 * Refuses a text longer than wasm takes before it is copied into wasm memory (which never
 * shrinks): the message says how long it is and what the limit is.
 * @param {string} what moves | board | save | start | goal | position
 * @param {unknown} text
 * @param {string} [param] the input it is, where not `what` (a link's key)
 */
function fits(what, text, param = what) {
  if (typeof text !== 'string') return;
  const max = what === 'moves' ? LIMITS.moves : what === 'save' ? LIMITS.save : LIMITS.board;
  // UTF-8 takes up to 3 bytes per UTF-16 unit; only a text that may be too long is measured
  if (text.length * 3 <= max) return;
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > max) {
    const e = new Error(what === 'moves' ? `the move list is too long (${text.length} characters, at most ${max})` : `${param} is too long (${text.length} characters, at most ${max})`);
    throw Object.assign(e, { kind: 'too-long', param, value: text });
  }
}

/**
 * @param {Slot} s
 * @returns {Snapshot}
 */
const snapshot = (s) => snapshotOf(s.game, s.version, { tableState: s.tableState, tableNote: s.tableNote || s.partsNote, tableWhy: s.tableWhy });

/** How long a reply may spend judging the pegs wanted beyond the first (ms): the rest are
 * asked for one by one, so a move never waits long behind them. */
const REPLY_MS = 30;

/**
 * Everything the page draws after a change, in one reply: the snapshot, the full state (status
 * and verdict) and the verdicts of the pegs it shows (`s.want`: the peg looked at, then every
 * peg that can jump when all are shown), as far as REPLY_MS allows past the first. While the
 * table head is on its way only the snapshot goes: the answers would wait for it.
 * @param {Slot} s
 * @param {Want} [want] what the page shows now (else what it showed last)
 * @returns {Snapshot & {state?: object, pegs?: object[]}}
 */
function reply(s, want) {
  if (want) s.want = want;
  const snap = snapshot(s);
  if (s.tableState === 'loading' || !s.want) return snap;
  return judged(s.game, snap, s.want, REPLY_MS);
}

/**
 * Fails when the page acted on a position the game has left (its answer would be stale).
 * @param {Slot} s
 * @param {number|undefined} v
 */
function expect(s, v) {
  // a table's arrival bumps the version too, but leaves the position where the page saw it
  if (v !== undefined && s.moved > v) throw stale(`version ${v}, game moved at ${s.moved}`);
}

/**
 * Starts loading a game's table, if one exists and is not attached yet. Every game waiting
 * for the same file shares one download and one decoded copy (wasm); a failed download is
 * retried (table-loader.js) and the game plays on the live search meanwhile.
 * @param {number} gid
 * @param {Slot} s
 */
function loadTable(gid, s) {
  const file = s.game.tableFile();
  if (!file || s.game.hasTable()) {
    tables.drop(gid);
    tableIs(s, file ? 'table' : 'none');
    return;
  }
  const mine = s.game;
  /** @type {() => void} */
  let arrived = () => {};
  s.head = new Promise((ok) => {
    arrived = ok;
  });
  const now = tables.want(file, gid, {
    alive: () => slots.get(gid) === s && s.game === mine,
    attach: (bytes) => {
      mine.loadTable(file, bytes);
      performance.mark('pegwise:table');
    },
    tell: (state, note, why = '') => {
      if (slots.get(gid) !== s || s.game !== mine) return; // that game is gone
      tableIs(s, state);
      s.tableNote = clipMessage(note);
      s.tableWhy = clipMessage(why);
      arrived();
      judgedAfresh(gid, s);
    },
  });
  tableIs(s, now.state);
  s.tableNote = clipMessage(now.note);
  if (now.state !== 'loading') arrived();
}

/** Questions that a table answers exactly and the live search only slowly. */
const QUESTIONS = new Set(['state', 'hintsFor', 'hints', 'pegs']);
/** How long a question waits for its game's table head, once it is on its way, before the live
 * search answers instead (a head is a few KB: it comes long before this on any network). */
const HEAD_WAIT_MS = 1500;

/**
 * Resolves once the table head of game `gid` has arrived (or failed), or after HEAD_WAIT_MS:
 * a question asked meanwhile is answered by the table, exactly and at once, instead of by a
 * live search that would also hold up the head's arrival on this thread.
 * @param {number} gid
 */
function headArrived(gid) {
  const s = slots.get(gid);
  if (!s?.head || s.tableState !== 'loading') return undefined;
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  let timer;
  return Promise.race([s.head, new Promise((ok) => (timer = setTimeout(ok, HEAD_WAIT_MS)))]).finally(() => clearTimeout(timer));
}

/**
 * The protocol's error of anything thrown while answering: wasm's errors carry their fields
 * (wasm/errors.rs), the worker's own (a text too long, a stale question) theirs; anything
 * else is `failed`.
 * @param {unknown} e
 * @returns {WireError}
 */
function wireError(e) {
  const err = /** @type {Partial<WireError>} */ (e instanceof Error ? e : { message: String(e) });
  const message = clipMessage(err.message ?? '');
  return { kind: err.kind ?? 'failed', param: err.param ?? '', value: err.value ?? '', why: clipMessage(err.why || message), message };
}

/**
 * A question about a game that has moved on or been replaced: the asker drops it.
 * @param {string} why
 */
const stale = (why) => Object.assign(new Error(`stale request (${why})`), { kind: 'stale' });

/** Live-search budgets per question: milliseconds on the clock (and a cap on positions).
 * Small while the table is on its way, so a long search doesn't hold up the worker (and the
 * table's arrival) for an answer the table will give exactly in a moment. */
const BUDGET = { loading: 10, normal: 200, positions: 50_000_000 };

/**
 * Sets the state of a game's table, and with it the game's budget per question (a setting of
 * the game, as the CLI's --budget is: each question then runs within it).
 * @param {Slot} s
 * @param {string} state
 */
function tableIs(s, state) {
  const was = s.tableState;
  s.tableState = state;
  if (was !== state && (was === 'loading' || state === 'loading' || was === '')) {
    s.game.setBudget(BUDGET.positions);
    s.game.setTimeBudget(state === 'loading' ? BUDGET.loading : BUDGET.normal);
  }
}

/**
 * Requests that need no game, and `open`, which opens one.
 * @type {import('../shared/protocol.js').CommonHandlers<CommonRequests & Pick<GameRequests, 'open'>>}
 */
const common = {
  /**
   * Loads the wasm from its URL and sets where tables live (a worker started from another
   * origin is told them here; one from our own origin already knows them from its own URL).
   * @param {{wasm: string, data: string}} args
   */
  async hello({ wasm, data }) {
    if (!booting) boot(wasm, data);
    await ready;
    return {};
  },
  /** The board catalogue (asked for once the first game is open: it takes a while to build). */
  boards() {
    return { boards: pkg.boards() };
  },
  /**
   * Forgets a game.
   * @param {unknown} _args
   * @param {number} gid
   */
  close(_args, gid) {
    slots.get(gid)?.parts.stop();
    slots.get(gid)?.game.free();
    slots.delete(gid);
    tables.drop(gid);
    return null;
  },
  /** The page is online again: failed table downloads are retried now. */
  retryTables() {
    tables.retryNow();
    for (const s of slots.values()) s.parts.retryNow();
    return null;
  },
  /**
   * Opens a new game for `gid` (its old one is freed) from a request that wasm reads
   * (Game.open: a link's query, save text, a stored record, or the fields board, start,
   * position, goal, moves and future, with `flip` an edit of the open position); what it leaves
   * out comes from the game open now, else the board's default game. Answers `{kept: true}`
   * when the request names the open game itself, and `{error: {kind, param, value, message}}`,
   * leaving the old game open, when wasm refuses it. Moves that don't play are left out
   * (`movesError` names the first). `{merge: [request, …]}` opens what the requests opened in
   * turn would (wasm's midend merges them). A first game refused opens the named board's
   * default game, or the default game, instead: `fellBack` says why and which.
   * @param {import('../shared/config.js').OpenSpec & {want?: Want}} req want: the pegs the page shows
   * @param {number} gid
   */
  open(req, gid) {
    /** @type {MovesError|null} */
    let dropped = null;
    /** @type {object} */
    let wire;
    try {
      /**
       * One request as wasm reads it: the link's query decoded by the platform (its keys read
       * by wasm); a moves list too long is left out (the game opens without it), any other
       * value too long is refused.
       * @param {import('../shared/config.js').OpenSpec} one
       */
      const toWire = (one) => {
        for (const k of /** @type {const} */ (['board', 'start', 'position', 'goal', 'save', 'redoFrom', 'flip'])) {
          fits(k === 'redoFrom' ? 'save' : k, one[k]);
        }
        if (one.link === undefined) return one;
        const pairs = linkPairs(one.link).filter(([k, v]) => {
          if (k !== 'moves') {
            fits('board', v, k);
            return true;
          }
          try {
            fits('moves', v);
            return true;
          } catch (e) {
            dropped = { moves: v, played: 0, bad: '', message: clipMessage(/** @type {Error} */ (e).message) };
            return false;
          }
        });
        return { ...one, link: pairs };
      };
      wire = req.merge ? { merge: req.merge.map(toWire) } : toWire(req);
    } catch (e) {
      return { error: wireError(e) };
    }
    const cur = slots.get(gid);
    let g;
    try {
      g = cur ? cur.game.reopen(wire) : pkg.Game.open(wire);
    } catch (e) {
      return { error: wireError(e) };
    }
    if (!g) return { kept: true };
    /** @type {MovesError|null} */
    const refused = g.movesRefused();
    // a first game refused opened a default game instead (wasm's midend): why, and which
    const failed = cur ? null : g.fellBack();
    const fellBack = failed && { ...wireError(failed), fellBack: /** @type {'board'|'default'} */ (failed.fellBack) };
    const movesError = dropped ?? (refused && { ...refused, message: clipMessage(refused.message) });
    cur?.parts.stop();
    cur?.game.free();
    const version = ++clock;
    /** @type {Slot} */
    const s = { game: g, version, opened: version, moved: version, tableState: '', tableNote: '', tableWhy: '', parts: partPump(gid, g), partsNote: '', want: req.want ?? cur?.want };
    slots.set(gid, s);
    loadTable(gid, s);
    performance.mark('pegwise:open');
    const r = reply(s);
    s.parts.pump();
    return { ...r, layout: g.layout(), tableFile: g.tableFile() ?? null, movesError, fellBack, partsPending: s.parts.pending };
  },
};

/**
 * Requests about one open game. Each returns a plain, copyable value.
 * @type {import('../shared/protocol.js').GameHandlers<Omit<GameRequests, 'open'>, Slot>}
 */
const ops = {
  /**
   * @param {Slot} s
   * @param {{from: string, to: string, v?: number, want?: Want}} args v: the version the page
   *   acted on; want: the pegs it shows (the reply judges them)
   */
  playJump(s, { from, to, v, want }) {
    expect(s, v);
    s.game.playJump(from, to);
    s.version = s.moved = ++clock;
    return reply(s, want);
  },
  /**
   * The jumps that moves in notation would play from here, `[{from, over, to, jump}]`, without
   * playing them (throws, naming the problem, when they don't play). The page then plays them
   * one by one.
   * @param {Slot} s
   * @param {{text: string}} args
   */
  jumpsOf(s, { text }) {
    fits('moves', text);
    return { version: s.version, jumps: s.game.jumpsOf(text) };
  },
  /** @param {Slot} s @param {{v?: number, want?: Want}} args */
  undo(s, { v, want }) {
    expect(s, v);
    if (s.game.undo() !== undefined) s.version = s.moved = ++clock;
    return reply(s, want);
  },
  /** @param {Slot} s @param {{v?: number, want?: Want}} args */
  redo(s, { v, want }) {
    expect(s, v);
    if (s.game.redo() !== undefined) s.version = s.moved = ++clock;
    return reply(s, want);
  },
  /** @param {Slot} s @param {{v?: number, want?: Want}} args */
  reset(s, { v, want }) {
    expect(s, v);
    s.game.reset();
    s.version = s.moved = ++clock;
    return reply(s, want);
  },
  /**
   * Goes back or forth along the game's line: to the end of move `moves`, or after `jumps` jumps.
   * @param {Slot} s
   * @param {{moves?: number, jumps?: number, want?: Want}} args
   */
  seek(s, { moves, jumps, want }) {
    // neither given: wasm refuses `{jumps: undefined}`, naming it
    if (s.game.seek(moves !== undefined ? { moves } : { jumps: /** @type {number} */ (jumps) })) s.version = s.moved = ++clock;
    return reply(s, want);
  },
  /**
   * The full state: status and winning (may run the live search).
   * @param {Slot} s
   */
  async state(s) {
    // `search`: what the live search has done in this game so far, for the progress line
    const state = await onceIn(s, (g) => g.state());
    return { version: s.version, state: { ...state, search: s.game.searchStats() } };
  },
  /**
   * One peg judged by wasm: its jumps with their verdicts, and what they add up to.
   * @param {Slot} s
   * @param {{hole: string}} args
   */
  async hintsFor(s, { hole }) {
    fits('board', hole);
    if (s.askedAt !== s.moved) s.asked = [];
    s.askedAt = s.moved;
    s.asked = [hole, ...(s.asked ?? []).filter((h) => h !== hole)];
    const peg = await onceIn(s, (g) => g.pegHints(hole));
    return { version: s.version, hole, peg };
  },
  /** @param {Slot} s */
  async hints(s) {
    return { version: s.version, hints: await onceIn(s, (g) => g.hints()) };
  },
  /**
   * Can the game be won from each hole as the start, for `goal` (wasm's answers).
   * @param {Slot} s
   * @param {{goal: string}} args
   */
  startsFor(s, { goal }) {
    fits('goal', goal);
    return { version: s.version, starts: s.game.startsFor(goal) };
  },
  /**
   * Can the game be won from its start with each hole as the goal (wasm's answers).
   * @param {Slot} s
   */
  goalsFor(s) {
    return { version: s.version, goals: s.game.goalsFor() };
  },
  /**
   * Every peg that can jump, judged by wasm (see hintsFor).
   * @param {Slot} s
   */
  async pegs(s) {
    return { version: s.version, pegs: await onceIn(s, (g) => g.pegs()) };
  },
  /**
   * A winning line from here, or null. While the table parts it needs are still arriving, the
   * line wasm finds stops short ("loading" is no answer): it is asked again once they are in,
   * a level deeper each time.
   * @param {Slot} s
   */
  async solution(s) {
    return { version: s.version, solution: await onceIn(s, (g) => g.solution()) };
  },
};

/**
 * Wasm's answer about the position now, once the table parts it waited for are in (see
 * table-parts.js): the question is answered when its bytes are, not asked again by the page.
 * Goes stale if the game moves meanwhile (a move or another game, taken while the bytes came).
 * @template T
 * @param {Slot} s
 * @param {(g: Game) => T} ask
 * @returns {Promise<T>}
 */
function onceIn(s, ask) {
  const { game, moved } = s;
  return answerOnceIn(() => {
    if (s.game !== game || s.moved !== moved || s.parts.stopped) throw stale('the game moved while its table parts came');
    return ask(game);
  }, s.parts);
}

/**
 * The table parts of a game's answers (see table-parts.js): once those fetched in the
 * background are in (or failed), the game is judged afresh.
 * @param {number} gid
 * @param {Game} g
 */
function partPump(gid, g) {
  return new GameParts(g, urlOf, (failed) => {
    const s = slots.get(gid);
    if (!s || s.game !== g) return;
    s.partsNote = failed && clipMessage(`a part of the table could not be loaded (${failed}); retrying`);
    judgedAfresh(gid, s);
  });
}

/**
 * A game's table or table parts arrived (or failed): the page hears a `table` event with the
 * position judged afresh. That judging may note parts it could not know of before (a level's
 * chunks, once its header is in): they are on their way before the event goes, and its
 * `partsPending` tells the page another event follows.
 * @param {number} gid
 * @param {Slot} s
 */
function judgedAfresh(gid, s) {
  if (slots.get(gid) !== s) return;
  s.version = ++clock;
  const r = reply(s);
  s.parts.pump();
  post({ event: 'changed', why: 'table', gid, ...r, partsPending: s.parts.pending });
  think(gid, s);
}

/** Whether this worker works while the player thinks: the game's does, the Analysis panel's
 * doesn't (its games answer the panel's questions, and would only take the game's CPU). */
let thinks = true;
/** Messages taken so far: the background work (see think) steps aside as soon as one arrives. */
let taken = 0;
/** How long the background work may go on for one position (ms), after which a jump still
 * undecided stays "?". */
const THINK_MS = 120_000;

/**
 * The work the hint does while the player thinks: while nothing is asked, the jumps the live
 * search left undecided are tried again, a short try at a time (wasm `refine`), first those of
 * the pegs the page asked about (the last first), then every other peg's. A `refined` event
 * brings the page each peg a try decided, and says whether work goes on (`working`). It steps
 * aside at the next message, and starts again (its tries so far kept, in wasm) once that is
 * answered; a move, undo or new game leaves the old position's work behind.
 * @param {number} gid
 * @param {Slot} s
 */
function think(gid, s) {
  if (!thinks || s.tableState === 'loading') return;
  const at = taken;
  const { version } = s;
  if (s.thinkingAt !== s.moved) {
    s.thinkingAt = s.moved;
    s.thought = { ms: 0, working: false };
  }
  const work = /** @type {{ms: number, working: boolean}} */ (s.thought);
  if (work.ms >= THINK_MS) return;
  /** @type {string|null} the pegs to work on, space-separated */
  let holes = null;
  // the page hears at the first try of each run whether work goes on: a reply or a table's
  // arrival since the last event may have drawn the position afresh
  let first = true;
  const step = () => {
    if (taken !== at || slots.get(gid) !== s || s.version !== version) return;
    let working = false;
    /** @type {import('../shared/wasm-types.js').PegHint[]} */
    let pegs = [];
    let fetching = false;
    const t0 = Date.now();
    try {
      holes ??= shownFirst(s).join(' ');
      // wasm cuts each try to its length (short: a move waits for the try under way)
      pegs = s.game.refine(holes);
      // a try that met a table part still on its way: the part is fetched (a `table` event follows)
      fetching = s.parts.pump();
      work.ms += Date.now() - t0;
      working = s.game.undecided() > 0 && work.ms < THINK_MS;
    } catch {
      // a question asked later reports what went wrong
    }
    if (pegs.length || fetching || working !== work.working || (first && working)) post({ event: 'changed', why: 'refined', gid, version, pegs, working, partsPending: s.parts.pending });
    work.working = working;
    first = false;
    if (working) setTimeout(step, 0);
  };
  setTimeout(step, 0);
}

/**
 * The movable pegs of a game, those the page asked about first (the last asked first).
 * @param {Slot} s
 * @returns {string[]}
 */
function shownFirst(s) {
  const movable = movablePegs(s.game.legal());
  const asked = s.askedAt === s.moved ? s.asked ?? [] : [];
  const first = /** @type {string[]} */ ([s.want?.hole ?? null, ...asked].filter((h) => h !== null && movable.includes(h)));
  return [...new Set([...first, ...movable])];
}

/**
 * Adds requests that need no game (the board editor's, in the Analysis panel's worker). Unused
 * by the game's worker, so its bundle leaves this out.
 * @param {import('../shared/protocol.js').CommonHandlers<import('../shared/protocol.js').EditorRequests>} more
 */
export function addRequests(more) {
  Object.assign(common, more);
}

/**
 * Serves the page's requests with a wasm package: the game's (engine-worker.js) or the
 * Analysis panel's (analysis-worker.js, whose package adds the panel's bindings and `more`
 * its requests). Started by the page (index.html's inline script, or engine.js from our own
 * origin), the worker's URL says what to load: the wasm, the base of the tables, and perhaps
 * the first game's table head (wasm checks it as it checks any download). Both start now, not
 * at a message from the page: a message reaches a new worker only once the page's thread is
 * free, late while the page starts up.
 * @param {Pkg} bindings the package's JS bindings
 * @param {(urlOf: (file: string) => string) => import('../shared/protocol.js').GameHandlers<import('../shared/protocol.js').AnalysisRequests, Slot>} [more]
 *   requests to add to the per-game ones
 */
export function serve(bindings, more) {
  pkg = bindings;
  thinks = !more;
  if (more) Object.assign(ops, more(urlOf));
  self.onmessage = onMessage;
  const q = new URLSearchParams(self.location.search);
  const wasm = q.get('wasm');
  const data = q.get('data');
  if (wasm && data) {
    boot(wasm, data);
    const head = q.get('head');
    if (head && /^[\w.-]+$/.test(head)) prefetch(new URL(head, data).href);
    const link = q.get('link');
    // before any request's continuation: the page's `open` finds the head on its way
    if (link !== null) ready.then(() => prefetchFirst(link, q.get('stored')));
  }
}

/**
 * A link's query as wasm reads it: its pairs, decoded by the platform and trimmed (the keys
 * are wasm's to read).
 * @param {string} link
 */
const linkPairs = (link) => [...new URLSearchParams(link)].map(([k, v]) => [k, v.trim()]);

/**
 * Fetches the table head of the game the page will open first, as wasm's midend opens it from
 * the page's link and stored record (index.html passes them when the page has a link: which
 * game wins, and which file it needs, are wasm's answers).
 * @param {string} link the page's query
 * @param {string|null} stored the stored record, as the page stored it
 */
function prefetchFirst(link, stored) {
  try {
    const g = pkg.Game.open({ link: linkPairs(link), ...(stored && { stored: JSON.parse(stored) }) });
    const file = g.tableFile();
    g.free();
    if (file) prefetch(urlOf(file));
  } catch {
    // a link wasm refuses, or a record that is not JSON: no head start (the page opens its
    // fallback game, or says why it dropped the record, and that game's table comes then)
  }
}

/** @param {MessageEvent<import('../shared/protocol.js').RequestMessage & {gid: number}>} e */
async function onMessage(e) {
  taken++;
  const { id, op, gid, args } = e.data;
  try {
    if (op === 'hello') {
      post({ id, result: await common.hello(/** @type {CommonRequests['hello']['args']} */ (args), gid) });
      return;
    }
    await ready;
    let result;
    // the one place a request's name picks its handler: each handler's types hold it to the
    // protocol, and the page's `send` holds the arguments to it. A handler that answers at
    // once is not awaited: its reply goes out in this task, before any event that a table's
    // arrival posts (an `await` would let one in first, and the page would hear of the game's
    // newer version before the reply that opened or moved it)
    if (op in common) result = /** @type {Record<string, (args: unknown, gid: number) => unknown>} */ (common)[op](args ?? {}, gid);
    else if (op in ops) {
      const before = slots.get(gid);
      const head = QUESTIONS.has(op) ? headArrived(gid) : undefined;
      if (head) await head;
      const s = slots.get(gid);
      if (!s) throw new Error('no game open');
      // a game opened while this question waited, or before it was even sent (`at`: the
      // version the page asked at): it was about the game before
      const at = /** @type {{at?: number}} */ (args ?? {}).at;
      if (s !== before || (at !== undefined && at < s.opened)) throw stale('another game opened');
      result = /** @type {Record<string, (s: Slot, args: unknown) => unknown>} */ (ops)[op](s, args ?? {});
      if (result instanceof Promise) result = await result;
      // the parts this answer waited for are on their way before it goes
      s.parts.pump();
      post({ id, result: { .../** @type {object} */ (result), partsPending: s.parts.pending } });
      think(gid, s);
      return;
    } else throw new Error(`unknown request '${op}'`);
    if (result instanceof Promise) result = await result;
    post({ id, result });
  } catch (err) {
    post({ id, error: wireError(err) });
  }
}
