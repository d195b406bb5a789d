// One interactive board: a game in the shared engine, drawn on a canvas in the host's shadow
// root, played by pointer, keyboard or screen reader (widget-input.js), driven by its API
// (widget-actions.js), reporting what happens as DOM events (widget-events.js). Both
// <peg-solitaire> and the full page run on it (through createGame). Every rule, hint and bit of
// notation comes from wasm (through game-model.js); this file decides what to show.

import { holeLabel } from './a11y-text.js';
import { Actions } from './widget-actions.js';
import { WidgetEvents } from './widget-events.js';
import { gridHandlers, pointerHandlers } from './widget-input.js';
import { GameModel } from './game-model.js';
import { createGrid } from './grid.js';
import { boardMarks } from './marks.js';
import { reducedMotion, tween } from './motion.js';
import { listenPointer } from './pointer.js';
import { createRenderer } from './render.js';
import { watchEdges } from './edges.js';
import { buildDom, clearDom, setAspect } from './shadow.js';
import { watchSize } from './sizing.js';
import { readTheme, watchSystemTheme } from './theme.js';

/** Milliseconds a jump takes to fly, and an undone jump to fly back. */
const JUMP_MS = 230;
const UNDO_MS = 170;
/** How often a verdict still loading turns its spinner (ms). */
const SPIN_MS = 90;

/**
 * @typedef {import('../shared/wasm-types.js').Snapshot} Snapshot
 * @typedef {'tap'|'drag'|'keyboard'|'api'|'redo'} By how a jump was asked for
 */

/** One board widget on a page (a game, its canvas, its input and its events). */
export class Widget {
  /** @param {HTMLElement} host */
  constructor(host) {
    this.host = host;
    this.abort = new AbortController();
    this.dom = buildDom(host);
    this.renderer = createRenderer(this.dom.canvas);
    this.opts = { hints: /** @type {'off'|'hover'|'always'} */ ('hover'), names: false, pickStart: false };
    /** @type {string|null} */
    this.src = null;
    /** @type {import('./engine.js').Session|null} */
    this.session = null;
    this.model = new GameModel(
      { call: /** @type {import('./engine.js').Call} */ ((op, args) => /** @type {import('./engine.js').Session} */ (this.session).call(op, args)) },
      (prev, change) => this.onChange(prev, change),
      () => this.onInfo(),
    );
    this.events = new WidgetEvents(this);
    this.ui = {
      /** @type {number|null} hole under the mouse */
      hover: null,
      /** @type {number|null} keyboard cursor */
      cursor: null,
      /** @type {number|null} the picked peg */
      selected: null,
      /** the pick is the peg that just jumped, kept so its chain can go on: a peg the pointer
       * or cursor is on shows instead */
      carried: false,
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
      /** @type {import('../shared/wasm-types.js').Layout|null} the layout the renderer shows */
      layout: null,
    };
    this.actions = new Actions(this);
    /** @type {string|null} why the last set() failed */
    this.lastError = null;
    this.destroyed = false;
    this.framePending = false;
    /** @type {ReturnType<typeof setTimeout>|0} the spinner's next turn */
    this.spinTimer = 0;
    /** Notes shown on the board, by kind (see notice()). */
    this.notes = { config: '', table: '' };
    /** @type {string} the table problem already noted, so each is noted once */
    this.tableNoted = '';

    const signal = this.abort.signal;
    this.grid = createGrid(this.dom.grid, this.renderer, gridHandlers(this), signal);
    listenPointer(this.dom.canvas, this.renderer, pointerHandlers(this), signal);
    this.stopSize = watchSize(this.dom.box, () => this.resize());
    this.edges = watchEdges(host, this.dom.edgeSheet, signal);
    this.stopTheme = watchSystemTheme(() => this.invalidate());
    this.dom.noteClose.addEventListener(
      'click',
      () => {
        this.notice('config', '');
        this.notice('table', '');
      },
      { signal },
    );
  }

  // ---- what is shown -------------------------------------------------------------------

  /** @param {number} k */
  nameOf(k) {
    return /** @type {import('../shared/wasm-types.js').Layout} */ (this.model.layout).holes[k].name;
  }

  /** @param {string} name */
  indexOf(name) {
    return /** @type {number} */ (this.model.index.get(name));
  }

  /** The hole whose jumps are shown: the picked peg, else the peg under the mouse or cursor,
   * else the peg that just jumped (still picked, for its chain). */
  focusIndex() {
    const { ui, model } = this;
    if (this.opts.pickStart || !model.snap) return null;
    if (ui.selected !== null && !ui.carried) return ui.selected;
    const pegs = model.snap.position.pegs;
    for (const k of [ui.hover, ui.cursor]) if (k !== null && pegs[k]) return k;
    return ui.selected;
  }

  /** Tells the controller which hints to fetch: the focus peg's, and every peg's for keyboard users. */
  updateWants() {
    const k = this.focusIndex();
    this.model.want(this.opts.hints, k === null ? null : this.nameOf(k), this.ui.cursor !== null && this.opts.hints !== 'off');
  }

  /** The marks on the board now, by hole name. */
  marks() {
    const k = this.focusIndex();
    const peg = k === null ? null : this.nameOf(k);
    return boardMarks({ mode: this.opts.hints, peg, jumps: peg ? this.model.jumpsFrom(peg) : [], pegs: this.model.pegs });
  }

  /** Schedules one redraw (and a relabelling of the grid). */
  invalidate() {
    if (this.framePending || this.destroyed) return;
    this.framePending = true;
    requestAnimationFrame(() => this.drawPending());
  }

  /** Draws a scheduled frame now: settled() promises a board whose drawing and labels match its
   * state, and the next animation frame may come later (or, in a hidden tab, not at all). */
  drawPending() {
    if (!this.framePending) return; // drawn already
    this.framePending = false;
    this.draw();
  }

  /** The canvas box changed size: resize the canvas, move the buttons, redraw. */
  resize() {
    if (this.destroyed || !this.ui.layout) return;
    if (this.renderer.resize()) {
      this.grid.place();
      this.draw();
    }
    // a new board resizes the box too (already drawn at its size): its edges may hide more now
    this.edges();
  }

  /** Draws the board now (theme, pegs, marks, cursor) and relabels the grid's buttons. */
  draw() {
    const { model, ui, renderer } = this;
    if (this.destroyed || !model.snap || !model.layout) return;
    renderer.setTheme(readTheme(this.host, this.dom.probe));
    const pos = model.snap.position;
    const m = this.marks();
    /** @param {Map<string, any>} mp */
    const byIndex = (mp) => new Map([...mp].map(([name, v]) => [this.indexOf(name), v]));
    const goal = pos.goalHole === null ? [] : [this.indexOf(pos.goalHole)];
    const loading = [...m.targets.values(), ...m.pegs.values()].includes('loading');
    const still = reducedMotion();
    renderer.draw({
      pegs: pos.pegs,
      selected: ui.selected,
      hover: ui.hover ?? ui.cursor,
      cursor: ui.cursor,
      targets: ui.anim ? new Map() : byIndex(m.targets),
      pegMarks: ui.anim ? new Map() : byIndex(m.pegs),
      goal,
      start: pos.startHole === null ? null : this.indexOf(pos.startHole),
      pickStart: this.opts.pickStart,
      names: this.opts.names,
      drag: ui.drag,
      anim: ui.anim,
      glow: model.full?.status === 'solved' && !ui.anim ? pos.pegs.indexOf(true) : null,
      spin: still ? 0.1 : (performance.now() / 900) % 1,
      struck: this.struck(),
    });
    this.grid.label(this.labels());
    // a verdict still loading spins until it comes (held still when motion is reduced), a few
    // frames a second: every frame would keep the page's thread busy while the page starts up,
    // and the engine's answers (and its worker's start) wait for that thread
    if (loading && !still && !this.spinTimer) {
      this.spinTimer = setTimeout(() => {
        this.spinTimer = 0;
        this.invalidate();
      }, SPIN_MS);
    }
  }

  /** While picking a start: the holes (by index) from which wasm says the goal can't be won. */
  struck() {
    const set = new Set();
    if (!this.opts.pickStart) return set;
    for (const st of this.model.starts ?? []) if (st.winnable === 'no') set.add(this.indexOf(st.hole));
    return set;
  }

  /** Every hole's label for screen readers. */
  labels() {
    const { model, ui } = this;
    const pos = /** @type {Snapshot} */ (model.snap).position;
    const mode = this.opts.hints;
    const sel = ui.selected === null ? null : this.nameOf(ui.selected);
    const selJumps = sel ? model.jumpsFrom(sel) : [];
    const selHints = sel && mode !== 'off' ? model.hints.get(sel) : undefined;
    const goal = pos.goalHole;
    return /** @type {import('../shared/wasm-types.js').Layout} */ (model.layout).holes.map((h, k) => {
      const land = selJumps.find((j) => j.to === h.name);
      return holeLabel({
        name: h.name,
        peg: pos.pegs[k],
        picked: k === ui.selected,
        goal: h.name === goal,
        pickStart: this.opts.pickStart,
        mode,
        jumps: model.jumpsFrom(h.name),
        verdicts: mode === 'off' ? undefined : model.hints.get(h.name),
        landing: land ? { jump: land.jump, verdict: selHints?.find((x) => x.to === h.name)?.verdict ?? null } : null,
        wins: model.starts?.[k]?.winnable ?? null,
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

  /**
   * Shows a note on the board while the game plays on: `config` for a refused setting,
   * `table` for a hint table that could not be used; '' takes that kind away. A setting's
   * note wins over a table's. Always plain text (never parsed as HTML).
   * @param {'config'|'table'} kind
   * @param {string} text
   */
  notice(kind, text) {
    if (this.notes[kind] === text) return;
    this.notes[kind] = text;
    const shown = this.notes.config || this.notes.table;
    this.dom.note.hidden = !shown;
    this.dom.noteText.textContent = shown;
  }

  // ---- reacting to the engine -----------------------------------------------------------

  /**
   * A new snapshot: a jump, an undo, a new game…
   * @param {Snapshot|null} prev
   * @param {import('./game-model.js').Change} change
   */
  onChange(prev, change) {
    if (this.destroyed) return;
    const { model, ui } = this;
    if (model.layout && model.layout !== ui.layout) {
      ui.layout = model.layout;
      this.renderer.setLayout(model.layout);
      this.grid.setLayout(model.layout);
      setAspect(this.dom, this.renderer.aspect(), this.renderer.span());
      ui.hover = ui.cursor = ui.selected = null;
      this.renderer.resize();
      this.grid.place();
      this.dom.grid.setAttribute('aria-label', `Peg solitaire board: ${model.layout.name}`);
      this.message('');
    }
    const j = change.jump;
    const by = ui.jumpBy;
    ui.jumpBy = 'tap';
    if (j && change.kind !== 'undo') {
      const to = this.indexOf(j.to);
      const keep = by === 'tap' || by === 'drag' || by === 'keyboard';
      ui.selected = keep && model.jumpsFrom(j.to).length ? to : null;
      ui.carried = true;
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
    this.noteTable();
    this.events.changed(prev, change, change.kind === 'redo' ? 'redo' : by);
    this.updateWants();
    this.invalidate();
  }

  /** Notes a hint table that could not be used (once per file and problem), or clears it. */
  noteTable() {
    const snap = this.model.snap;
    if (!snap) return;
    const bad = ['refused', 'missing', 'error'].includes(snap.tableState);
    const key = bad ? `${this.model.tableFile}:${snap.tableState}` : '';
    if (key === this.tableNoted) return;
    this.tableNoted = key;
    this.notice('table', bad ? `Hints come from the live search: ${snap.tableNote}` : '');
  }

  /** A verdict or hint arrived for the current position. */
  onInfo() {
    if (this.destroyed) return;
    this.events.info();
    this.invalidate();
  }

  /** Something the player looks at changed (hover, cursor, pick). */
  looked() {
    this.updateWants();
    this.invalidate();
    this.events.emitChange('focus');
  }

  /** @returns {import('./create-game.js').GameState|null} */
  state() {
    const { model, ui, opts } = this;
    const snap = model.snap;
    if (!snap || !model.layout) return null;
    const pos = snap.position;
    const full = model.full;
    const name = (/** @type {number|null} */ k) => (k === null ? null : this.nameOf(k));
    const m = this.marks();
    return structuredClone({
      version: snap.version,
      ...pos,
      holes: model.layout.holes.map((h) => h.name),
      legal: snap.legal,
      status: full?.status ?? null,
      winning: full ? full.winning : null,
      fatal: full?.fatal ?? null,
      winnable: full?.winnable ?? null,
      why: full?.why ?? null,
      nearby: full?.nearby ?? null,
      search: full?.search ?? null,
      starts: model.starts,
      goals: model.goals,
      tableFile: model.tableFile,
      tableState: snap.tableState,
      tableNote: snap.tableNote,
      tableWhy: snap.tableWhy,
      hints: opts.hints,
      names: opts.names,
      pickStart: opts.pickStart,
      selected: name(ui.selected),
      cursor: name(ui.cursor),
      hover: name(ui.hover),
      focus: name(this.focusIndex()),
      verdicts: Object.fromEntries(model.hints),
      pegHints: Object.fromEntries(model.pegs),
      proving: model.proving,
      marks: { targets: Object.fromEntries(m.targets), pegs: Object.fromEntries(m.pegs) },
      error: this.lastError ?? model.error,
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
    clearTimeout(this.spinTimer);
    this.events.destroy();
    this.model.dispose();
    this.session?.close();
    clearDom(this.dom);
  }
}
