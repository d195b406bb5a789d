// Wiring: boots the engine, opens the game from the URL, the saved game or the default,
// turns input into requests and redraws from the answers. Every rule, hint and bit of
// notation comes from wasm (through game.js); this file only decides what to show.

import { DEFAULT_GAME, defaultsFor } from './boards.js';
import { setupControls, syncControls } from './controls.js';
import { startEngine } from './engine.js';
import { fitBoard } from './fit.js';
import { GameController } from './game.js';
import { listen } from './input.js';
import { listenKeys } from './keys.js';
import { boardMarks } from './marks.js';
import { tween } from './motion.js';
import { showBanner, showCounts, showHintLine, showMoves, showNote } from './panel.js';
import { createBoardView } from './render.js';
import { Replay } from './replay.js';
import { firstGame, startupNote } from './startup.js';
import { loadGame, loadPrefs, saveGame, savePrefs } from './storage.js';
import { hintLine, sourceInfo, statusBanner } from './texts.js';
import { gameQuery, readGameUrl } from './url.js';

/** Milliseconds a jump takes to fly, and an undone jump to fly back. */
const JUMP_MS = 230;
const UNDO_MS = 170;
/** Wait this long for a verdict before the banner says "Thinking…" (no flicker when fast). */
const THINKING_MS = 500;

const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('board'));
const wrap = /** @type {HTMLElement} */ (document.getElementById('board-wrap'));
const view = createBoardView(canvas);
const prefs = loadPrefs();

const ui = {
  /** @type {number|null} hole under the mouse */
  hover: null,
  /** @type {number|null} keyboard cursor */
  cursor: null,
  /** @type {number|null} the picked peg */
  selected: null,
  /** @type {{index: number, x: number, y: number}|null} */
  drag: null,
  /** @type {import('./render.js').Anim|null} */
  anim: null,
  animToken: 0,
  /** @type {Promise<void>} resolves when the running animation ends */
  animDone: Promise.resolve(),
  pickStart: false,
  /** games being opened: input waits, and so do tests */
  opening: 0,
  /** how the next jump was asked for: by the player, by dropping a dragged peg, or by a replay */
  jumpBy: /** @type {'tap'|'drop'|'auto'} */ ('tap'),
  /** @type {import('./engine.js').State|null} verdict before the last change */
  fullBefore: null,
  /** @type {import('./game.js').Change|null} */
  lastChange: null,
  /** @type {{jump: string, jumps: number}|null} the jump that lost the game, when seen */
  deadAt: null,
  thinking: false,
  /** @type {import('./engine.js').State|null} the verdict seen for the current position */
  lastFull: null,
  /** @type {import('./engine.js').Layout|null} the layout the view shows */
  layout: null,
  /** @type {{status: string, text: string, sub?: string}|null} */
  lastBanner: null,
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  thinkingTimer: undefined,
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  noteTimer: undefined,
};

const engine = startEngine((snap) => ctrl.tableEvent(snap));
const ctrl = new GameController(engine, onChange, onInfo);
const replay = new Replay({
  ctrl,
  play: (jump) => play(jump, 'auto'),
  landed: () => ui.animDone,
  changed() {
    ui.selected = null;
    refreshText();
    invalidate();
  },
  nothing: (why) => flash(why),
});
const fit = fitBoard(wrap, view, () => draw());

// ---- helpers -------------------------------------------------------------------------

/** @param {number} k */
const nameOf = (k) => /** @type {import('./engine.js').Layout} */ (ctrl.layout).holes[k].name;
/** @param {string} name */
const indexOf = (name) => /** @type {number} */ (ctrl.index.get(name));

/** The hole whose jumps are shown: the picked peg, else the peg under the mouse or cursor. */
function focusIndex() {
  if (ui.pickStart || !ctrl.snap) return null;
  if (ui.selected !== null) return ui.selected;
  const pegs = ctrl.snap.position.pegs;
  for (const k of [ui.hover, ui.cursor]) if (k !== null && pegs[k]) return k;
  return null;
}

function updateWants() {
  const k = focusIndex();
  ctrl.want(prefs.hintMode, k === null ? null : nameOf(k));
}

let framePending = false;
/** Schedules one redraw. */
function invalidate() {
  if (framePending) return;
  framePending = true;
  requestAnimationFrame(() => {
    framePending = false;
    draw();
  });
}

/** The marks on the board now, by hole name (also what tests read). */
function marks() {
  const k = focusIndex();
  const peg = k === null ? null : nameOf(k);
  return boardMarks({ mode: prefs.hintMode, peg, jumps: peg ? ctrl.jumpsFrom(peg) : [], hints: ctrl.hints });
}

/**
 * A name-keyed map re-keyed by hole index, for the renderer.
 * @template T
 * @param {Map<string, T>} m
 */
const byIndex = (m) => new Map([...m].map(([name, v]) => [indexOf(name), v]));

function draw() {
  if (!ctrl.snap || !ctrl.layout) return;
  const pos = ctrl.snap.position;
  const m = marks();
  const goal = pos.goal === 'any' ? [] : [indexOf(pos.goal === 'start' ? pos.start : pos.goal)];
  view.draw({
    pegs: pos.pegs,
    selected: ui.selected,
    hover: ui.hover ?? ui.cursor,
    cursor: ui.cursor,
    targets: ui.anim ? new Map() : byIndex(m.targets),
    pegMarks: ui.anim ? new Map() : byIndex(m.pegs),
    goal,
    start: indexOf(pos.start),
    pickStart: ui.pickStart,
    names: prefs.names,
    drag: ui.drag,
    anim: ui.anim,
    glow: ctrl.full?.status === 'solved' && !ui.anim ? pos.pegs.indexOf(true) : null,
  });
}

/**
 * Flies a peg (or takes a jump back), drawing every frame.
 * @param {import('./render.js').Anim} a
 * @param {number} ms
 */
function animate(a, ms) {
  const token = ++ui.animToken;
  ui.anim = a;
  ui.animDone = tween(
    ms,
    (t) => {
      if (token !== ui.animToken) return;
      a.t = t;
      draw();
    },
    () => token !== ui.animToken,
  ).then(() => {
    if (token !== ui.animToken) return;
    ui.anim = null;
    invalidate();
    refreshText();
  });
  return ui.animDone;
}

// ---- reacting to the engine -----------------------------------------------------------

/**
 * A new snapshot: a jump, an undo, a new game…
 * @param {import('./engine.js').Snapshot|null} prev
 * @param {import('./game.js').Change} change
 */
function onChange(prev, change) {
  const snap = /** @type {import('./engine.js').Snapshot} */ (ctrl.snap);
  const pos = snap.position;
  ui.fullBefore = ui.lastFull;
  ui.lastFull = null;
  ui.lastChange = change;
  if (!prev || prev.position.board !== pos.board || (change.kind === 'other' && !pos.canUndo)) ui.deadAt = null;
  if (ctrl.layout && ctrl.layout !== ui.layout) {
    ui.layout = ctrl.layout;
    view.setLayout(ctrl.layout);
    ui.hover = ui.cursor = ui.selected = null;
    fit();
  }
  const j = change.jump;
  if (j && change.kind !== 'undo') {
    const by = ui.jumpBy;
    ui.jumpBy = 'tap';
    const to = indexOf(j.to);
    ui.selected = by !== 'auto' && ctrl.jumpsFrom(j.to).length ? to : null;
    const from = by === 'drop' ? to : indexOf(j.from);
    animate({ from, to, fadeOut: indexOf(j.over), fadeIn: null, t: 0 }, JUMP_MS);
  } else if (j) {
    ui.selected = null;
    animate({ from: indexOf(j.to), to: indexOf(j.from), fadeOut: null, fadeIn: indexOf(j.over), t: 0 }, UNDO_MS);
  } else if (change.kind !== 'table') {
    ui.selected = null;
    ui.anim = null;
    ui.animToken++;
  }
  clearTimeout(ui.thinkingTimer);
  ui.thinking = false;
  ui.thinkingTimer = setTimeout(() => {
    ui.thinking = !ctrl.full;
    refreshText();
  }, THINKING_MS);
  syncUrl();
  syncAll();
  updateWants();
  invalidate();
}

/** A verdict or hint arrived for the current position. */
function onInfo() {
  const full = ctrl.full;
  if (full && !ui.lastFull) {
    ui.lastFull = full;
    clearTimeout(ui.thinkingTimer);
    ui.thinking = false;
    const before = ui.fullBefore;
    const c = ui.lastChange;
    if (full.status !== 'deadend') ui.deadAt = null;
    else if (before?.status === 'playing' && before.winning === true && c?.jump && c.kind !== 'undo') {
      ui.deadAt = { jump: c.jump.jump, jumps: full.jumps };
    }
  }
  refreshText();
  invalidate();
}

/** Keeps the address bar and localStorage on the current game. */
function syncUrl() {
  const pos = /** @type {import('./engine.js').Snapshot} */ (ctrl.snap).position;
  const spec = { board: pos.board, start: pos.start, goal: pos.goal, moves: pos.history.join(' ') };
  const q = gameQuery(spec);
  if (location.search !== q) history.replaceState(history.state, '', q + location.hash);
  saveGame({ ...spec, future: pos.future });
}

function syncAll() {
  const pos = /** @type {import('./engine.js').Snapshot} */ (ctrl.snap).position;
  syncControls({
    board: pos.board,
    start: pos.start,
    goal: pos.goal,
    holes: /** @type {import('./engine.js').Layout} */ (ctrl.layout).holes.map((h) => h.name),
    hintMode: prefs.hintMode,
    names: prefs.names,
    pickStart: ui.pickStart,
  });
  showMoves(pos, seek);
  refreshText();
}

/** Banner, counters, source and hint line from what is known now. */
function refreshText() {
  const snap = ctrl.snap;
  if (!snap) return;
  const full = ctrl.full;
  showCounts(snap.position, sourceInfo(snap, full, ctrl.tableFile), {
    solving: replay.running,
    canSolve: !!full && full.status === 'playing' && full.winning !== false,
  });
  showBanner(banner());
  const k = focusIndex();
  const peg = k === null ? null : nameOf(k);
  const quiet = ui.pickStart || full?.status === 'solved';
  showHintLine(
    quiet
      ? []
      : hintLine({
          mode: prefs.hintMode,
          peg,
          emptyCursor: peg === null && ui.cursor !== null ? nameOf(ui.cursor) : null,
          jumps: peg ? ctrl.jumpsFrom(peg) : [],
          hints: peg ? ctrl.hints.get(peg) : undefined,
          pegHints: ctrl.pegHints,
        }),
  );
}

/** @returns {import('./texts.js').Banner} */
function banner() {
  const pos = /** @type {import('./engine.js').Snapshot} */ (ctrl.snap).position;
  if (ui.pickStart) return { status: 'pick', text: 'Pick the start:', sub: 'click the hole that should be empty. Esc cancels.' };
  if (ctrl.error) return { status: 'error', text: 'The engine failed.', sub: `${ctrl.error}. Reload the page to go on.` };
  const full = ctrl.full;
  if (!full) {
    // keep the last banner for a moment: most verdicts come back within a frame
    if (ui.thinking || !ui.lastBanner) return { status: 'thinking', text: 'Thinking…' };
    return ui.lastBanner;
  }
  const fatal = ui.deadAt && ui.deadAt.jumps <= pos.jumps ? ui.deadAt.jump : null;
  const holes = /** @type {import('./engine.js').Layout} */ (ctrl.layout).holes.map((h) => h.name);
  ui.lastBanner = statusBanner(pos, full, holes, fatal);
  return ui.lastBanner;
}

// ---- actions ---------------------------------------------------------------------------

/**
 * Reports an error from the engine that the player should see.
 * @param {unknown} e
 */
function fail(e) {
  flash(`Something went wrong: ${e instanceof Error ? e.message : String(e)}`, 0);
}

/**
 * Shows a note for a while (ms 0: until replaced).
 * @param {string} text
 * @param {number} [ms]
 */
function flash(text, ms = 4000) {
  clearTimeout(ui.noteTimer);
  showNote(text);
  if (ms) ui.noteTimer = setTimeout(() => showNote(''), ms);
}

/**
 * Plays a jump from the legal list.
 * @param {import('./engine.js').Jump} jump
 * @param {'tap'|'drop'|'auto'} by
 */
function play(jump, by) {
  ui.jumpBy = by;
  return ctrl.playJump(jump).catch(fail);
}

/** @param {{moves?: number, jumps?: number}} where */
function seek(where) {
  replay.stop();
  ctrl.seek(where).catch(fail);
}

/**
 * Opens a game and reports what was wrong with it, if anything.
 * @param {{board: string, start: string, goal: string, moves?: string, future?: string[]}} spec
 */
async function openGame(spec) {
  replay.stop();
  ui.pickStart = false;
  ui.opening++;
  try {
    return await ctrl.open(spec);
  } finally {
    ui.opening--;
  }
}

/**
 * Opens a board with its default start and goal.
 * @param {string} board
 */
async function openBoard(board) {
  ui.opening++;
  try {
    const layout = await engine.call('layout', { board });
    const d = defaultsFor(board, layout.holes.map((h) => h.name));
    const err = await openGame({ board, start: d.start, goal: d.goal });
    if (err) flash(`Can't open ${board}: ${'message' in err ? err.message : err.movesError}`);
  } catch (e) {
    flash(`Can't open ${board}: ${e instanceof Error ? e.message : e}`);
    syncAll();
  } finally {
    ui.opening--;
  }
}

/**
 * Opens the same board with another start or goal.
 * @param {{start?: string, goal?: string}} change
 */
async function reopen(change) {
  const pos = /** @type {import('./engine.js').Snapshot} */ (ctrl.snap).position;
  const err = await openGame({ board: pos.board, start: change.start ?? pos.start, goal: change.goal ?? pos.goal });
  if (err && 'message' in err) flash(`That game can't be opened: ${err.message}`);
  syncAll();
}

/** @param {'off'|'hover'|'always'} mode */
function setHintMode(mode) {
  prefs.hintMode = mode;
  savePrefs(prefs);
  updateWants();
  syncAll();
  invalidate();
}

/** @param {import('./keys.js').Action} a */
function runAction(a) {
  if (!ctrl.snap) return;
  if (a !== 'solve' && a !== 'escape' && a !== 'hints' && a !== 'names') replay.stop();
  switch (a) {
    case 'undo':
      ctrl.undo().catch(fail);
      break;
    case 'redo':
      ctrl.redo().catch(fail);
      break;
    case 'reset':
      ctrl.reset().catch(fail);
      break;
    case 'step':
      replay.step().catch(fail);
      break;
    case 'solve':
      replay.toggle().catch(fail);
      break;
    case 'hints': {
      const order = /** @type {const} */ (['off', 'hover', 'always']);
      setHintMode(order[(order.indexOf(prefs.hintMode) + 1) % 3]);
      break;
    }
    case 'names':
      prefs.names = !prefs.names;
      savePrefs(prefs);
      syncAll();
      invalidate();
      break;
    case 'escape':
      replay.stop();
      if (ui.pickStart) {
        ui.pickStart = false;
        syncAll();
      }
      ui.selected = null;
      updateWants();
      invalidate();
      refreshText();
      break;
  }
}

// ---- input -----------------------------------------------------------------------------

/**
 * The mouse pointer over hole k: a hand where a click does something.
 * @param {number|null} k
 */
function pointerFor(k) {
  if (k === null || !ctrl.snap) return 'default';
  if (ui.pickStart) return 'crosshair';
  const name = nameOf(k);
  const lands = ui.selected !== null && ctrl.jumpsFrom(nameOf(ui.selected)).some((j) => j.to === name);
  return lands || ctrl.jumpsFrom(name).length ? 'pointer' : 'default';
}

listen(canvas, view, {
  hover(k) {
    if (k === ui.hover) return;
    ui.hover = k;
    canvas.style.cursor = pointerFor(k);
    updateWants();
    refreshText();
    invalidate();
  },
  cursor(k) {
    ui.cursor = k;
    updateWants();
    refreshText();
    invalidate();
  },
  tap(k) {
    if (!ctrl.snap || ui.opening || replay.stepping) return;
    if (replay.running) {
      replay.stop();
      return;
    }
    if (ui.pickStart) {
      if (k !== null) reopen({ start: nameOf(k) });
      return;
    }
    if (k === null) {
      ui.selected = null;
    } else {
      const name = nameOf(k);
      const jump = ui.selected === null ? undefined : ctrl.jumpsFrom(nameOf(ui.selected)).find((j) => j.to === name);
      if (jump) {
        play(jump, 'tap');
        return;
      }
      ui.selected = ctrl.jumpsFrom(name).length ? k : null;
    }
    updateWants();
    refreshText();
    invalidate();
  },
  canDrag(k) {
    return !replay.busy && !ui.pickStart && !ui.opening && ctrl.jumpsFrom(nameOf(k)).length > 0;
  },
  dragMove(k, x, y) {
    if (ui.selected !== k) {
      ui.selected = k;
      updateWants();
      refreshText();
    }
    ui.drag = { index: k, x, y };
    canvas.style.cursor = 'grabbing';
    invalidate();
  },
  drop(from, to) {
    ui.drag = null;
    canvas.style.cursor = pointerFor(to);
    const jump = to === null ? undefined : ctrl.jumpsFrom(nameOf(from)).find((j) => j.to === nameOf(to));
    if (jump) play(jump, 'drop');
    invalidate();
  },
});

listenKeys(runAction);

/** @param {string} id @param {() => void} f */
const onClick = (id, f) => /** @type {HTMLElement} */ (document.getElementById(id)).addEventListener('click', f);
onClick('undo', () => runAction('undo'));
onClick('redo', () => runAction('redo'));
onClick('reset', () => runAction('reset'));
onClick('step', () => runAction('step'));
onClick('solve', () => runAction('solve'));
onClick('share', async () => {
  try {
    await navigator.clipboard.writeText(location.href);
    flash('Link copied: it opens this game at this position.');
  } catch {
    flash(`Copy this link: ${location.href}`, 0);
  }
});

// ---- boot ------------------------------------------------------------------------------

async function boot() {
  const { boards } = await engine.call('hello', { data: new URL('data/', document.baseURI).href });
  setupControls(boards, {
    board: (name) => openBoard(name),
    start: (hole) => reopen({ start: hole }),
    goal: (goal) => reopen({ goal }),
    pickStart(on) {
      ui.pickStart = on;
      ui.selected = null;
      updateWants();
      syncAll();
      invalidate();
    },
    hintMode: setHintMode,
    names(on) {
      prefs.names = on;
      savePrefs(prefs);
      invalidate();
    },
  });
  const linked = readGameUrl(location.search);
  const holesOf = async (board) => (await engine.call('layout', { board })).holes.map((h) => h.name);
  const spec = await firstGame(linked, loadGame(), holesOf);
  const err = await openGame(spec);
  if (err && 'param' in err) await openGame(DEFAULT_GAME);
  const note = err ? startupNote(err, spec, linked !== null) : '';
  if (note) flash(note, 0);
}

const ready = boot().catch((e) => {
  showBanner({ status: 'error', text: 'pegwise could not start.', sub: String(e instanceof Error ? e.message : e) });
  throw e;
});

/**
 * A small handle for tests and embedding pages: the engine, and where holes are on screen.
 * Reading it never changes the game.
 */
window.pegwise = {
  ready,
  /** Resolves when no request, animation or replay is running. */
  async settled() {
    await ready;
    for (;;) {
      await ctrl.settled();
      await ui.animDone;
      if (ctrl.idle() && !ui.anim && !replay.busy && !ui.opening) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  },
  /** @param {string} name @returns {{x: number, y: number, width: number, height: number}} */
  holeRect: (name) => view.holeRect(indexOf(name)),
  /** The current snapshot, verdict and hint source. */
  snapshot: () => ({ ...ctrl.snap, state: ctrl.full, tableFile: ctrl.tableFile }),
  /** The marks drawn now, by hole name. */
  marks() {
    const m = marks();
    return { targets: Object.fromEntries(m.targets), pegs: Object.fromEntries(m.pegs) };
  },
  /** Asks the engine worker directly (e.g. `call('solution')`). */
  call: (op, args) => engine.call(op, args),
};
