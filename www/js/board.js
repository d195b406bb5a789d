// One interactive board: a game in the shared engine, drawn on a canvas in the host's shadow
// root, played by pointer, keyboard or screen reader, reporting what happens as DOM events.
// This is what both <peg-solitaire> and the full page run on (through createGame). Every rule,
// hint and bit of notation comes from wasm (through game.js); this file decides what to show.

import { holeLabel } from './a11y-text.js';
import { checkConfig, gameFor, mergeConfig } from './config.js';
import { openSession, resolveSrc } from './engine.js';
import { GameController } from './game.js';
import { createGrid } from './grid.js';
import { boardMarks } from './marks.js';
import { tween } from './motion.js';
import { listenPointer } from './pointer.js';
import { createBoardView } from './render.js';
import { buildDom, clearDom, setAspect } from './shadow.js';
import { watchSize } from './sizing.js';
import { readTheme, watchSystemTheme } from './theme.js';
import { BoardEvents } from './board-events.js';

/** Milliseconds a jump takes to fly, and an undone jump to fly back. */
const JUMP_MS = 230;
const UNDO_MS = 170;

/**
 * @typedef {import('./config.js').GameConfig} GameConfig
 * @typedef {import('./engine.js').Jump} Jump
 * @typedef {import('./engine.js').Snapshot} Snapshot
 * @typedef {'tap'|'drag'|'keyboard'|'api'|'redo'} By how a jump was asked for
 */

/** A set() or play() that could not be done; `param` names the bad setting. */
export class PegwiseError extends Error {
  /**
   * @param {string} message
   * @param {string} param board | start | goal | moves | hints | …
   * @param {unknown} value
   */
  constructor(message, param, value) {
    super(message);
    this.name = 'PegwiseError';
    this.param = param;
    this.value = value;
  }
}

/** One board on a page. */
export class Board {
  /** @param {HTMLElement} host */
  constructor(host) {
    this.host = host;
    this.abort = new AbortController();
    this.dom = buildDom(host);
    this.view = createBoardView(this.dom.canvas);
    this.opts = { hints: /** @type {'off'|'hover'|'always'} */ ('hover'), names: false, pickStart: false };
    /** @type {string|null} */
    this.src = null;
    /** @type {import('./engine.js').Session|null} */
    this.session = null;
    this.ctrl = new GameController(
      { call: (op, args) => /** @type {import('./engine.js').Session} */ (this.session).call(op, args) },
      (prev, change) => this.onChange(prev, change),
      () => this.onInfo(),
    );
    this.events = new BoardEvents(this);
    this.ui = {
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
      /** games being opened and API calls under way: input waits, and so does settled() */
      opening: 0,
      playing: 0,
      /** how the next jump was asked for */
      jumpBy: /** @type {By} */ ('tap'),
      /** @type {import('./engine.js').Layout|null} the layout the view shows */
      layout: null,
    };
    /** @type {GameConfig|null} set() calls not applied yet (merged) */
    this.pending = null;
    /** @type {Promise<any>|null} */
    this.flush = null;
    /** @type {Promise<any>} set() calls apply one after another */
    this.queue = Promise.resolve();
    /** @type {string|null} why the last set() failed */
    this.lastError = null;
    this.destroyed = false;
    this.framePending = false;

    const signal = this.abort.signal;
    this.grid = createGrid(this.dom.grid, this.view, this.gridHandlers(), signal);
    listenPointer(this.dom.canvas, this.view, this.pointerHandlers(), signal);
    this.stopSize = watchSize(this.dom.box, () => this.resize());
    this.stopTheme = watchSystemTheme(() => this.invalidate());
  }

  // ---- what is shown -------------------------------------------------------------------

  /** @param {number} k */
  nameOf(k) {
    return /** @type {import('./engine.js').Layout} */ (this.ctrl.layout).holes[k].name;
  }

  /** @param {string} name */
  indexOf(name) {
    return /** @type {number} */ (this.ctrl.index.get(name));
  }

  /** The hole whose jumps are shown: the picked peg, else the peg under the mouse or cursor. */
  focusIndex() {
    const { ui, ctrl } = this;
    if (this.opts.pickStart || !ctrl.snap) return null;
    if (ui.selected !== null) return ui.selected;
    const pegs = ctrl.snap.position.pegs;
    for (const k of [ui.hover, ui.cursor]) if (k !== null && pegs[k]) return k;
    return null;
  }

  /** Tells the controller which hints to fetch: the focus peg's, and every peg's for keyboard users. */
  updateWants() {
    const k = this.focusIndex();
    this.ctrl.want(this.opts.hints, k === null ? null : this.nameOf(k), this.ui.cursor !== null && this.opts.hints !== 'off');
  }

  /** The marks on the board now, by hole name. */
  marks() {
    const k = this.focusIndex();
    const peg = k === null ? null : this.nameOf(k);
    return boardMarks({ mode: this.opts.hints, peg, jumps: peg ? this.ctrl.jumpsFrom(peg) : [], hints: this.ctrl.hints });
  }

  /** Schedules one redraw (and a relabelling of the grid). */
  invalidate() {
    if (this.framePending || this.destroyed) return;
    this.framePending = true;
    requestAnimationFrame(() => {
      this.framePending = false;
      this.draw();
    });
  }

  /** The canvas box changed size: resize the canvas, move the buttons, redraw. */
  resize() {
    if (this.destroyed || !this.ui.layout) return;
    if (this.view.resize()) {
      this.grid.place();
      this.draw();
    }
  }

  draw() {
    const { ctrl, ui, view } = this;
    if (this.destroyed || !ctrl.snap || !ctrl.layout) return;
    view.setTheme(readTheme(this.host, this.dom.probe));
    const pos = ctrl.snap.position;
    const m = this.marks();
    /** @param {Map<string, any>} mp */
    const byIndex = (mp) => new Map([...mp].map(([name, v]) => [this.indexOf(name), v]));
    const goal = pos.goal === 'any' ? [] : [this.indexOf(pos.goal === 'start' ? pos.start : pos.goal)];
    view.draw({
      pegs: pos.pegs,
      selected: ui.selected,
      hover: ui.hover ?? ui.cursor,
      cursor: ui.cursor,
      targets: ui.anim ? new Map() : byIndex(m.targets),
      pegMarks: ui.anim ? new Map() : byIndex(m.pegs),
      goal,
      start: this.indexOf(pos.start),
      pickStart: this.opts.pickStart,
      names: this.opts.names,
      drag: ui.drag,
      anim: ui.anim,
      glow: ctrl.full?.status === 'solved' && !ui.anim ? pos.pegs.indexOf(true) : null,
    });
    this.grid.label(this.labels());
  }

  /** Every hole's label for screen readers. */
  labels() {
    const { ctrl, ui } = this;
    const pos = /** @type {Snapshot} */ (ctrl.snap).position;
    const mode = this.opts.hints;
    const sel = ui.selected === null ? null : this.nameOf(ui.selected);
    const selJumps = sel ? ctrl.jumpsFrom(sel) : [];
    const selHints = sel && mode !== 'off' ? ctrl.hints.get(sel) : undefined;
    const goal = pos.goal === 'any' ? null : pos.goal === 'start' ? pos.start : pos.goal;
    return /** @type {import('./engine.js').Layout} */ (ctrl.layout).holes.map((h, k) => {
      const land = selJumps.find((j) => j.to === h.name);
      return holeLabel({
        name: h.name,
        peg: pos.pegs[k],
        picked: k === ui.selected,
        goal: h.name === goal,
        pickStart: this.opts.pickStart,
        mode,
        jumps: ctrl.jumpsFrom(h.name),
        verdicts: mode === 'off' ? undefined : ctrl.hints.get(h.name),
        landing: land ? { jump: land.jump, verdict: selHints?.find((x) => x.to === h.name)?.verdict ?? null } : null,
      });
    });
  }

  /**
   * Flies a peg (or takes a jump back), drawing every frame.
   * @param {import('./render.js').Anim} a
   * @param {number} ms
   */
  animate(a, ms) {
    const ui = this.ui;
    const token = ++ui.animToken;
    ui.anim = a;
    ui.animDone = tween(
      ms,
      (t) => {
        if (token !== ui.animToken) return;
        a.t = t;
        this.draw();
      },
      () => token !== ui.animToken,
    ).then(() => {
      if (token !== ui.animToken) return;
      ui.anim = null;
      this.invalidate();
    });
    return ui.animDone;
  }

  /**
   * Shows a message over the board (loading, or why nothing could open); '' hides it.
   * @param {string} text
   */
  message(text) {
    this.dom.msg.hidden = !text;
    this.dom.msg.textContent = text;
  }

  // ---- reacting to the engine -----------------------------------------------------------

  /**
   * A new snapshot: a jump, an undo, a new game…
   * @param {Snapshot|null} prev
   * @param {import('./game.js').Change} change
   */
  onChange(prev, change) {
    if (this.destroyed) return;
    const { ctrl, ui } = this;
    if (ctrl.layout && ctrl.layout !== ui.layout) {
      ui.layout = ctrl.layout;
      this.view.setLayout(ctrl.layout);
      this.grid.setLayout(ctrl.layout);
      setAspect(this.dom, this.view.aspect());
      ui.hover = ui.cursor = ui.selected = null;
      this.view.resize();
      this.grid.place();
      this.dom.grid.setAttribute('aria-label', `Peg solitaire board: ${ctrl.layout.board}`);
      this.message('');
    }
    const j = change.jump;
    const by = ui.jumpBy;
    ui.jumpBy = 'tap';
    if (j && change.kind !== 'undo') {
      const to = this.indexOf(j.to);
      const keep = by === 'tap' || by === 'drag' || by === 'keyboard';
      ui.selected = keep && ctrl.jumpsFrom(j.to).length ? to : null;
      const from = by === 'drag' ? to : this.indexOf(j.from);
      this.animate({ from, to, fadeOut: this.indexOf(j.over), fadeIn: null, t: 0 }, JUMP_MS);
    } else if (j) {
      ui.selected = null;
      this.animate({ from: this.indexOf(j.to), to: this.indexOf(j.from), fadeOut: null, fadeIn: this.indexOf(j.over), t: 0 }, UNDO_MS);
    } else if (change.kind !== 'table') {
      ui.selected = null;
      ui.anim = null;
      ui.animToken++;
    }
    this.events.changed(prev, change, change.kind === 'redo' ? 'redo' : by);
    this.updateWants();
    this.invalidate();
  }

  /** A verdict or hint arrived for the current position. */
  onInfo() {
    if (this.destroyed) return;
    this.events.info();
    this.invalidate();
  }

  // ---- input -----------------------------------------------------------------------------

  /** True while a game opens or an API call plays: taps and drags wait. */
  busy() {
    return !this.ctrl.snap || this.ui.opening > 0 || this.ui.playing > 0;
  }

  /**
   * The mouse pointer over hole k: a hand where a click does something.
   * @param {number|null} k
   */
  pointerFor(k) {
    if (k === null || !this.ctrl.snap) return 'default';
    if (this.opts.pickStart) return 'crosshair';
    const name = this.nameOf(k);
    const sel = this.ui.selected;
    const lands = sel !== null && this.ctrl.jumpsFrom(this.nameOf(sel)).some((j) => j.to === name);
    return lands || this.ctrl.jumpsFrom(name).length ? 'pointer' : 'default';
  }

  /** Something the player looks at changed (hover, cursor, pick). */
  looked() {
    this.updateWants();
    this.invalidate();
    this.events.emitChange('focus');
  }

  /**
   * A tap (click, touch, Enter or Space) on hole k, or between holes.
   * @param {number|null} k
   * @param {'tap'|'keyboard'} by
   */
  tap(k, by) {
    const { ui, ctrl } = this;
    if (this.busy()) return;
    if (this.opts.pickStart) {
      if (k !== null) this.set({ start: this.nameOf(k), pickStart: false }).catch(() => {});
      return;
    }
    if (k === null) {
      ui.selected = null;
    } else {
      const name = this.nameOf(k);
      const jump = ui.selected === null ? undefined : ctrl.jumpsFrom(this.nameOf(ui.selected)).find((j) => j.to === name);
      if (jump) {
        this.playJump(jump, by);
        return;
      }
      ui.selected = ctrl.jumpsFrom(name).length ? k : null;
    }
    this.looked();
  }

  /**
   * Plays a jump from the legal list.
   * @param {Jump} jump
   * @param {By} by
   */
  playJump(jump, by) {
    this.ui.jumpBy = by;
    return this.ctrl.playJump(jump).catch((e) => this.events.failed(e));
  }

  /** @returns {import('./pointer.js').PointerHandlers} */
  pointerHandlers() {
    const { ui } = this;
    const canvas = this.dom.canvas;
    return {
      press: (k) => {
        if (!this.ui.layout) return;
        this.grid.focus(k, { cursor: false, preventScroll: true });
        if (ui.cursor !== null) {
          ui.cursor = null;
          this.looked();
        }
      },
      hover: (k) => {
        if (k === ui.hover) return;
        ui.hover = k;
        canvas.style.cursor = this.pointerFor(k);
        this.looked();
      },
      tap: (k) => this.tap(k, 'tap'),
      canDrag: (k) => !this.busy() && !this.opts.pickStart && this.ctrl.jumpsFrom(this.nameOf(k)).length > 0,
      dragMove: (k, x, y) => {
        const first = ui.selected !== k;
        ui.selected = k;
        ui.drag = { index: k, x, y };
        canvas.style.cursor = 'grabbing';
        if (first) this.looked();
        else this.invalidate();
      },
      drop: (from, to) => {
        ui.drag = null;
        canvas.style.cursor = this.pointerFor(to);
        const jump = to === null ? undefined : this.ctrl.jumpsFrom(this.nameOf(from)).find((j) => j.to === this.nameOf(to));
        if (jump) this.playJump(jump, 'drag');
        this.invalidate();
      },
    };
  }

  /** @returns {import('./grid.js').GridHandlers} */
  gridHandlers() {
    return {
      cursor: (k) => {
        if (k === this.ui.cursor) return;
        this.ui.cursor = k;
        this.looked();
      },
      tap: (k) => this.tap(k, 'keyboard'),
      action: (a) => {
        if (a === 'escape') this.cancel();
        else (a === 'undo' ? this.undo() : this.redo()).catch(() => {});
      },
    };
  }

  // ---- what the API does -----------------------------------------------------------------

  /**
   * Changes the game or its settings; calls in the same tick are merged and applied once.
   * @param {GameConfig} c
   * @returns {Promise<object>} the state once applied
   */
  set(c = {}) {
    try {
      checkConfig(c);
    } catch (e) {
      return Promise.reject(new PegwiseError(/** @type {Error} */ (e).message, 'config', c));
    }
    this.pending = mergeConfig(this.pending ?? {}, c);
    if (!this.flush) {
      this.flush = Promise.resolve().then(() => {
        const next = /** @type {GameConfig} */ (this.pending);
        this.pending = null;
        this.flush = null;
        this.queue = this.queue.catch(() => {}).then(() => this.apply(next));
        return this.queue;
      });
    }
    return this.flush;
  }

  /**
   * Applies one merged config.
   * @param {GameConfig} c
   */
  async apply(c) {
    if (this.destroyed) throw new Error('this board was destroyed');
    const { opts, ui, ctrl } = this;
    const display = ['hints', 'names', 'pickStart'].filter((k) => c[k] !== undefined && c[k] !== opts[k]);
    for (const k of display) opts[k] = c[k];
    if (display.includes('pickStart')) {
      ui.selected = null;
      if (opts.pickStart) this.events.say('Pick the start: press the hole that should be empty.');
    }
    const src = c.src !== undefined || !this.session ? resolveSrc(c.src) : this.src;
    const pos = ctrl.snap?.position ?? null;
    let moved = false;
    if (src !== this.src) {
      this.session?.close();
      this.src = src;
      this.session = openSession(src, (snap) => this.ctrl.tableEvent(snap));
      moved = pos !== null;
    }
    if (display.length) {
      this.updateWants();
      this.invalidate();
      this.events.emitChange('config');
    }
    ui.opening++;
    try {
      const holesOf = async (board) => (await ctrl.engine.call('layout', { board })).holes.map((h) => h.name);
      let spec;
      try {
        spec = await gameFor(c, pos, holesOf);
      } catch (e) {
        throw new PegwiseError(/** @type {Error} */ (e).message, 'board', c.board);
      }
      if (!spec && moved && pos) spec = { board: pos.board, start: pos.start, goal: pos.goal, moves: pos.history.join(' '), future: pos.future };
      if (spec) {
        if (c.pickStart === undefined) opts.pickStart = false;
        this.events.reason = 'open';
        const err = await ctrl.open(spec);
        this.events.reason = null;
        if (err && 'param' in err) throw new PegwiseError(err.message, err.param, err.value);
        if (err) throw new PegwiseError(`The moves “${spec.moves}” were left out: ${err.movesError}`, 'moves', spec.moves);
      }
      this.lastError = null;
    } catch (e) {
      this.events.reason = null;
      this.lastError = e instanceof Error ? e.message : String(e);
      if (!ctrl.snap) this.message(`This game can’t be opened: ${this.lastError}`);
      this.events.emitChange('error');
      throw e;
    } finally {
      ui.opening--;
    }
    return this.state();
  }

  /**
   * Runs an API call that changes the position, waiting for its animation.
   * @param {'undo'|'redo'|'reset'|'seek'} op
   * @param {object} [args]
   */
  async change(op, args) {
    await this.ready();
    const { ctrl, ui } = this;
    ui.playing++;
    try {
      if (op === 'reset' || op === 'seek') this.events.reason = op;
      if (op === 'redo') ui.jumpBy = 'redo';
      if (op === 'seek') await ctrl.seek(/** @type {{moves?: number, jumps?: number}} */ (args));
      else await ctrl[op]();
      await ui.animDone;
    } finally {
      this.events.reason = null;
      ui.jumpBy = 'tap';
      ui.playing--;
    }
    return this.state();
  }

  /** @returns {Promise<object>} */
  undo() {
    return this.change('undo');
  }

  /** @returns {Promise<object>} */
  redo() {
    return this.change('redo');
  }

  /** @returns {Promise<object>} */
  reset() {
    return this.change('reset');
  }

  /**
   * Plays moves written in notation ("d2-d4", "e5-c3-a1", several separated by spaces), one
   * jump at a time, animated. Rejects, playing nothing, when they don't play from here.
   * @param {string} text
   */
  async play(text) {
    if (typeof text !== 'string') throw new PegwiseError('play() takes moves in notation, e.g. "d2-d4"', 'moves', text);
    await this.ready();
    const { ctrl, ui } = this;
    ui.playing++;
    try {
      let jumps;
      try {
        ({ jumps } = await ctrl.engine.call('jumpsOf', { text }));
      } catch (e) {
        throw new PegwiseError(/** @type {Error} */ (e).message, 'moves', text);
      }
      for (const j of jumps) {
        ui.jumpBy = 'api';
        if (!(await ctrl.playJump(j))) throw new PegwiseError(`the position changed before ${j.jump} was played`, 'moves', text);
        await ui.animDone;
      }
    } finally {
      ui.jumpBy = 'tap';
      ui.playing--;
    }
    return this.state();
  }

  /**
   * The verdicts of a peg's jumps (every legal jump's when `hole` is null).
   * @param {string|null} hole
   */
  async hints(hole) {
    await this.ready();
    if (hole !== null && !this.ctrl.index.has(hole)) throw new PegwiseError(`no hole “${hole}” on this board`, 'hole', hole);
    return this.ctrl.hintsOf(hole);
  }

  /** A winning line of jumps from here, or null. */
  async solution() {
    await this.ready();
    return this.ctrl.solution();
  }

  /** The board catalogue (from the engine). */
  async boards() {
    await this.applied();
    return /** @type {import('./engine.js').Session} */ (this.session).boards;
  }

  /** Waits for pending set() calls; fails when no game is open. */
  async ready() {
    if (this.destroyed) throw new Error('this board was destroyed');
    await this.applied();
    if (!this.ctrl.snap) throw new Error('no game is open');
  }

  /** Resolves once every set() made so far was applied (or failed). */
  async applied() {
    const noop = () => {};
    await this.flush?.catch(noop);
    await this.queue.catch(noop);
  }

  /** Drops the picked peg and leaves start picking (what Escape does). */
  cancel() {
    if (this.opts.pickStart) {
      this.opts.pickStart = false;
      this.events.emitChange('config');
    }
    this.ui.selected = null;
    this.looked();
  }

  /** Resolves when no request, animation or API call is running. */
  async settled() {
    for (;;) {
      await this.applied();
      await this.ctrl.settled();
      await this.ui.animDone;
      const { ui } = this;
      if (this.destroyed || (this.ctrl.idle() && !ui.anim && !ui.opening && !ui.playing && !this.pending)) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /**
   * Moves the keyboard focus to the board's cursor hole.
   * @param {FocusOptions} [opts]
   */
  focus(opts) {
    this.grid.focus(null, { cursor: true, preventScroll: opts?.preventScroll ?? false });
  }

  /**
   * A hole's name from a point in client (viewport) pixels, or null.
   * @param {number} x
   * @param {number} y
   */
  holeAt(x, y) {
    if (!this.ui.layout) return null;
    const k = this.view.holeAt(x, y);
    return k === null ? null : this.nameOf(k);
  }

  /**
   * A hole's box in client pixels, or null for a name the board doesn't have.
   * @param {string} name
   */
  holeRect(name) {
    const k = this.ctrl.index.get(name);
    return k === undefined || !this.ui.layout ? null : this.view.holeRect(k);
  }

  /** What the board shows now, as plain data (null before the first game opens). */
  state() {
    const { ctrl, ui, opts } = this;
    const snap = ctrl.snap;
    if (!snap || !ctrl.layout) return null;
    const pos = snap.position;
    const full = ctrl.full;
    const name = (/** @type {number|null} */ k) => (k === null ? null : this.nameOf(k));
    const m = this.marks();
    return structuredClone({
      version: snap.version,
      ...pos,
      holes: ctrl.layout.holes.map((h) => h.name),
      legal: snap.legal,
      status: full?.status ?? null,
      winning: full ? full.winning : null,
      fatal: this.events.fatal(),
      tableFile: ctrl.tableFile,
      tableState: snap.tableState,
      tableNote: snap.tableNote,
      hints: opts.hints,
      names: opts.names,
      pickStart: opts.pickStart,
      selected: name(ui.selected),
      cursor: name(ui.cursor),
      hover: name(ui.hover),
      focus: name(this.focusIndex()),
      verdicts: Object.fromEntries(ctrl.hints),
      marks: { targets: Object.fromEntries(m.targets), pegs: Object.fromEntries(m.pegs) },
      error: this.lastError ?? ctrl.error,
    });
  }

  /** Removes every listener, observer and timer, frees the game and empties the shadow root. */
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.abort.abort();
    this.stopSize();
    this.stopTheme();
    this.ui.animToken++;
    this.events.destroy();
    this.ctrl.dispose();
    this.session?.close();
    clearDom(this.dom);
  }
}
