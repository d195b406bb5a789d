// What a board's API does: set() (merged per tick, applied in order), play(), undo(), redo(),
// reset(), seek(), hints(), solution() and the small helpers around them. Each call waits for
// the settings before it and for its own animation, then answers with the board's state().

import { checkConfig, gameFor, mergeConfig } from './config.js';
import { openSession, resolveSrc } from './engine.js';

/**
 * @typedef {import('./config.js').GameConfig} GameConfig
 */

/** A set() or play() that could not be done; `param` names the bad setting. */
export class PegwiseError extends Error {
  /**
   * @param {string} message
   * @param {string} param board | start | goal | moves | hole | config
   * @param {unknown} value
   */
  constructor(message, param, value) {
    super(message);
    this.name = 'PegwiseError';
    this.param = param;
    this.value = value;
  }
}

/** The actions of one board. */
export class Actions {
  /** @param {import('./board.js').Board} board */
  constructor(board) {
    this.board = board;
    /** @type {GameConfig|null} set() calls not applied yet (merged) */
    this.pending = null;
    /** @type {Promise<any>|null} */
    this.flush = null;
    /** @type {Promise<any>} set() calls apply one after another */
    this.queue = Promise.resolve();
  }

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
    const b = this.board;
    if (b.destroyed) throw new Error('this board was destroyed');
    const { opts, ui, ctrl } = b;
    const display = ['hints', 'names', 'pickStart'].filter((k) => c[k] !== undefined && c[k] !== opts[k]);
    for (const k of display) opts[k] = c[k];
    if (display.includes('pickStart')) {
      ui.selected = null;
      if (opts.pickStart) b.events.say('Pick the start: press the hole that should be empty.');
    }
    const src = c.src !== undefined || !b.session ? resolveSrc(c.src) : b.src;
    const pos = ctrl.snap?.position ?? null;
    let moved = false;
    if (src !== b.src) {
      b.session?.close();
      b.src = src;
      b.session = openSession(src, (snap) => b.ctrl.tableEvent(snap));
      moved = pos !== null;
    }
    if (display.length) {
      b.updateWants();
      b.events.emitChange('config');
    }
    b.invalidate(); // also picks up a theme the page changed
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
        b.events.reason = 'open';
        const err = await ctrl.open(spec);
        b.events.reason = null;
        if (err && 'param' in err) throw new PegwiseError(err.message, err.param, err.value);
        if (err) throw new PegwiseError(`The moves “${spec.moves}” were left out: ${err.movesError}`, 'moves', spec.moves);
      }
      b.lastError = null;
    } catch (e) {
      b.events.reason = null;
      b.lastError = e instanceof Error ? e.message : String(e);
      if (!ctrl.snap) b.message(`This game can’t be opened: ${b.lastError}`);
      b.events.emitChange('error');
      throw e;
    } finally {
      ui.opening--;
    }
    return b.state();
  }

  /**
   * Runs an API call that changes the position, waiting for its animation.
   * @param {'undo'|'redo'|'reset'|'seek'} op
   * @param {object} [args]
   */
  async change(op, args) {
    const b = this.board;
    await this.ready();
    const { ctrl, ui } = b;
    ui.playing++;
    try {
      if (op === 'reset' || op === 'seek') b.events.reason = op;
      if (op === 'redo') ui.jumpBy = 'redo';
      if (op === 'seek') await ctrl.seek(/** @type {{moves?: number, jumps?: number}} */ (args));
      else await ctrl[op]();
      await ui.animDone;
    } finally {
      b.events.reason = null;
      ui.jumpBy = 'tap';
      ui.playing--;
    }
    return b.state();
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
    const b = this.board;
    if (typeof text !== 'string') throw new PegwiseError('play() takes moves in notation, e.g. "d2-d4"', 'moves', text);
    await this.ready();
    const { ctrl, ui } = b;
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
    return b.state();
  }

  /**
   * The verdicts of a peg's jumps (every legal jump's when `hole` is null).
   * @param {string|null} hole
   */
  async hints(hole) {
    const b = this.board;
    await this.ready();
    if (hole !== null && !b.ctrl.index.has(hole)) throw new PegwiseError(`no hole “${hole}” on this board`, 'hole', hole);
    return b.ctrl.hintsOf(hole);
  }

  /** A winning line of jumps from here, or null. */
  async solution() {
    const b = this.board;
    await this.ready();
    return b.ctrl.solution();
  }

  /** The board catalogue (from the engine). */
  async boards() {
    const b = this.board;
    await this.applied();
    return /** @type {import('./engine.js').Session} */ (b.session).boards;
  }

  /** Waits for pending set() calls; fails when no game is open. */
  async ready() {
    const b = this.board;
    if (b.destroyed) throw new Error('this board was destroyed');
    await this.applied();
    if (!b.ctrl.snap) throw new Error('no game is open');
  }

  /** Resolves once every set() made so far was applied (or failed). */
  async applied() {
    const noop = () => {};
    await this.flush?.catch(noop);
    await this.queue.catch(noop);
  }

  /** Drops the picked peg and leaves start picking (what Escape does). */
  cancel() {
    const b = this.board;
    if (b.opts.pickStart) {
      b.opts.pickStart = false;
      b.events.emitChange('config');
    }
    b.ui.selected = null;
    b.looked();
  }

  /** Resolves when no request, animation or API call is running. */
  async settled() {
    const b = this.board;
    for (;;) {
      await this.applied();
      await b.ctrl.settled();
      await b.ui.animDone;
      const { ui } = b;
      if (b.destroyed || (b.ctrl.idle() && !ui.anim && !ui.opening && !ui.playing && !this.pending)) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /**
   * Moves the keyboard focus to the board's cursor hole.
   * @param {FocusOptions} [opts]
   */
  focus(opts) {
    const b = this.board;
    b.grid.focus(null, { cursor: true, preventScroll: opts?.preventScroll ?? false });
  }

  /**
   * A hole's name from a point in client (viewport) pixels, or null.
   * @param {number} x
   * @param {number} y
   */
  holeAt(x, y) {
    const b = this.board;
    if (!b.ui.layout) return null;
    const k = b.view.holeAt(x, y);
    return k === null ? null : b.nameOf(k);
  }

  /**
   * A hole's box in client pixels, or null for a name the board doesn't have.
   * @param {string} name
   */
  holeRect(name) {
    const b = this.board;
    const k = b.ctrl.index.get(name);
    return k === undefined || !b.ui.layout ? null : b.view.holeRect(k);
  }
}
