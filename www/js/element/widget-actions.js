// What a board's API does: set() (merged per tick, applied in order), play(), undo(), redo(),
// reset(), seek(), hints(), solution() and the small helpers around them. Each call waits for
// the settings before it and for its own animation, then answers with the board's state().

import { checkConfig, mergeConfig } from '../shared/config.js';
import { openSession, resolveSrc } from './engine.js';
import { clipMessage, PegwiseError, quote } from '../shared/errors.js';

export { PegwiseError };

/**
 * @typedef {import('../shared/config.js').GameConfig} GameConfig
 * @typedef {import('../shared/config.js').OpenSpec} OpenSpec
 * @typedef {import('./create-game.js').GameState} GameState
 */

/** What a refused setting is called in a note. */
const WHAT = { board: 'The board', start: 'The start', position: 'The start position', goal: 'The goal', save: 'The saved game', src: 'The src' };

/**
 * The note a board shows for a setting it refused.
 * @param {PegwiseError} e
 * @param {'board'|'default'|false} fellBack what opened instead: the board's default game,
 *   the default game, or nothing (the old game stays)
 */
function noteFor(e, fellBack) {
  if (e.param === 'moves') return `${e.message}.`;
  const what = WHAT[/** @type {keyof WHAT} */ (e.param)];
  const head = what ? `${what} ${quote(e.value)} was refused: ${e.message}` : e.message;
  if (fellBack === 'board') return `${head}. The board’s default game opened instead.`;
  return fellBack ? `${head}. The default game opened instead.` : `${head}.`;
}

/** The actions of one board. */
export class Actions {
  /** @param {import('./widget.js').Widget} board */
  constructor(board) {
    this.board = board;
    /** @type {(GameConfig & {merge?: OpenSpec[]})|null} set() calls not applied yet (merged) */
    this.pending = null;
    /** @type {Promise<any>|null} */
    this.flush = null;
    /** @type {Promise<any>} set() calls apply one after another */
    this.queue = Promise.resolve();
    /** Some set() was taken (its config had the right shape). */
    this.started = false;
  }

  /**
   * Changes the game or its settings; calls in the same tick are merged and applied once.
   * @param {GameConfig} c
   * @returns {Promise<GameState>} the state once applied
   */
  set(c = {}) {
    try {
      checkConfig(c);
    } catch (e) {
      const err = /** @type {PegwiseError} */ (e);
      const text = noteFor(err, this.started ? false : 'default');
      const say = () => this.board.notice('config', text);
      // a first config that is all wrong still gets a game on the board
      if (this.started) say();
      else this.set({}).then(say, () => {});
      return Promise.reject(err);
    }
    this.started = true;
    this.pending = mergeConfig(this.pending ?? {}, c);
    if (!this.flush) {
      this.flush = Promise.resolve().then(() => {
        const next = /** @type {GameConfig & {merge?: OpenSpec[]}} */ (this.pending);
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
   * @param {GameConfig & {merge?: OpenSpec[]}} c
   */
  async apply(c) {
    const b = this.board;
    if (b.destroyed) throw new Error('this board was destroyed');
    const { opts, ui, model } = b;
    const display = /** @type {const} */ (['hints', 'names', 'pickStart']).filter((k) => c[k] !== undefined && c[k] !== opts[k]);
    for (const k of display) /** @type {Record<string, unknown>} */ (opts)[k] = c[k];
    if (display.includes('pickStart')) {
      ui.selected = null;
      if (opts.pickStart) b.events.say('Pick the start: press the hole that should be empty.');
    }
    const src = c.src !== undefined || !b.session ? resolveSrc(c.src) : /** @type {string} */ (b.src); // set with the session
    const pos = model.snap?.position ?? null;
    let moved = false;
    if (src !== b.src) {
      b.session?.close();
      b.src = src;
      b.session = openSession(src, (msg) => b.model.event(msg));
      moved = pos !== null;
    }
    if (display.length) {
      b.updateWants();
      b.events.emitChange('config');
    }
    b.invalidate(); // also picks up a theme the page changed
    ui.opening++;
    try {
      /** @type {(PegwiseError & {fellBack?: 'board'|'default'})|null} */
      let failure = null;
      // a new src is a new engine: the game open now moves there first
      if (moved && pos) failure = await this.open({ save: pos.save });
      // the first config opens a game even when it names none (the board's default game);
      // games named at once are merged by the engine's midend
      const games = c.merge ?? [];
      const spec = games.length > 1 ? { merge: games } : games[0] ?? (model.snap ? null : {});
      if (spec && !failure) {
        if (c.pickStart === undefined) opts.pickStart = false;
        failure = await this.open(spec, c.preview);
      }
      // a first game the engine refused: it opened a default game instead and said which
      const fellBack = failure?.fellBack ?? false;
      if (failure) {
        b.notice('config', noteFor(failure, fellBack));
        throw failure;
      }
      b.lastError = null;
      if (spec) b.notice('config', '');
    } catch (e) {
      b.events.reason = null;
      b.lastError = e instanceof Error ? e.message : String(e);
      if (!model.snap) b.message(`This game can’t be opened: ${b.lastError}`);
      b.events.emitChange('error');
      throw e;
    } finally {
      ui.opening--;
    }
    return b.state();
  }

  /**
   * Opens a game in the engine.
   * @param {OpenSpec} spec
   * @param {import('../shared/protocol.js').Opening} [preview] the game it opens, drawn until the
   *   engine answers (see GameConfig)
   * @returns {Promise<(PegwiseError & {fellBack?: 'board'|'default'})|null>} what was wrong with
   *   it (a first game refused opens a default game instead: fellBack says which; a bad board, start, goal or
   *   save leaves the old game open; moves that don't play are left out of the new one)
   */
  async open(spec, preview) {
    const b = this.board;
    b.events.reason = 'open';
    const err = await b.model.open(spec, preview);
    b.events.reason = null;
    // the note names the value itself: it needs only why it was refused
    if (err && 'fellBack' in err) return Object.assign(new PegwiseError(clipMessage(err.why), err.param, err.value), { fellBack: err.fellBack });
    if (err && 'param' in err) return new PegwiseError(clipMessage(err.why), err.param, err.value);
    if (err) return new PegwiseError(movesNote(err.movesError), 'moves', err.movesError.moves);
    return null;
  }

  /**
   * Runs an API call that changes the position, waiting for its animation.
   * @param {'undo'|'redo'|'reset'|'seek'} op
   * @param {object} [args]
   */
  async change(op, args) {
    const b = this.board;
    if (op === 'seek') checkSeek(args);
    await this.ready();
    const { model, ui } = b;
    ui.playing++;
    try {
      if (op === 'reset' || op === 'seek') b.events.reason = op;
      if (op === 'redo') ui.jumpBy = 'redo';
      if (op === 'seek') await model.seek(/** @type {{moves?: number, jumps?: number}} */ (args));
      else await model[op]();
      await ui.animDone;
    } finally {
      b.events.reason = null;
      ui.jumpBy = 'tap';
      ui.playing--;
    }
    return /** @type {GameState} */ (b.state()); // a game is open (ready() checked)
  }

  /** @returns {Promise<GameState>} */
  undo() {
    return this.change('undo');
  }

  /** @returns {Promise<GameState>} */
  redo() {
    return this.change('redo');
  }

  /** @returns {Promise<GameState>} */
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
    if (typeof text !== 'string') throw new PegwiseError(`play() takes moves in notation, e.g. "d2-d4", not ${quote(text)}`, 'moves', text);
    await this.ready();
    const { model, ui } = b;
    ui.playing++;
    try {
      let jumps;
      try {
        ({ jumps } = await model.engine.call('jumpsOf', { text }));
      } catch (e) {
        throw new PegwiseError(clipMessage(/** @type {Error} */ (e).message), 'moves', text);
      }
      for (const j of jumps) {
        ui.jumpBy = 'api';
        if (!(await model.playJump(j))) throw new PegwiseError(`the position changed before ${j.jump} was played`, 'moves', text);
        await ui.animDone;
      }
    } finally {
      ui.jumpBy = 'tap';
      ui.playing--;
    }
    return /** @type {GameState} */ (b.state()); // a game is open (ready() checked)
  }

  /**
   * The verdicts of a peg's jumps (every legal jump's when `hole` is null).
   * @param {string|null} hole
   */
  async hints(hole) {
    const b = this.board;
    if (hole !== null && typeof hole !== 'string') throw new PegwiseError(`hints() takes a hole name, not ${quote(hole)}`, 'hole', hole);
    await this.ready();
    if (hole !== null && !b.model.index.has(hole)) throw new PegwiseError(`no hole ${quote(hole)} on this board`, 'hole', hole);
    return b.model.hintsOf(hole);
  }

  /** Every peg that can jump, as wasm judges it: `[{hole, jumps, good, bad, unknown, bomb, mark}]`. */
  async pegs() {
    const b = this.board;
    await this.ready();
    return b.model.pegList();
  }

  /** A winning line of jumps from here, or null. */
  async solution() {
    const b = this.board;
    await this.ready();
    return b.model.solution();
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
    if (!b.model.snap) throw new Error('no game is open');
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

  /** Resolves when no request, animation or API call is running, with the board drawn (and its
   * grid labelled) as its state is. */
  async settled() {
    const b = this.board;
    for (;;) {
      await this.applied();
      await b.model.settled();
      await b.ui.animDone;
      const { ui } = b;
      if (b.destroyed) return;
      if (b.model.idle() && !ui.anim && !ui.opening && !ui.playing && !this.pending) {
        b.drawPending();
        return;
      }
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
    if (!Number.isFinite(x) || !Number.isFinite(y)) throw new PegwiseError(`holeAt() takes two numbers, not ${quote(x)} and ${quote(y)}`, 'point', [x, y]);
    if (!b.ui.layout) return null;
    const k = b.renderer.holeAt(x, y);
    return k === null ? null : b.nameOf(k);
  }

  /**
   * A hole's box in client pixels, or null for a name the board doesn't have.
   * @param {string} name
   */
  holeRect(name) {
    const b = this.board;
    if (typeof name !== 'string') throw new PegwiseError(`holeRect() takes a hole name, not ${quote(name)}`, 'hole', name);
    const k = b.model.index.get(name);
    return k === undefined || !b.ui.layout ? null : b.renderer.holeRect(k);
  }
}

/**
 * The note for moves that did not all play: which one stopped them, why, and how many played.
 * @param {{moves: string, played: number, bad: string|null, message: string}} e from the engine:
 *   the moves as given, how many played, the first that did not and why
 */
function movesNote(e) {
  if (!e.bad) return `The moves were left out: ${e.message}`;
  const kept = e.played ? `the ${e.played === 1 ? 'move' : `${e.played} moves`} before it ${e.played === 1 ? 'was' : 'were'} played` : 'no move was played';
  return `The moves ${quote(e.moves)} stop at move ${e.played + 1}, ${quote(e.bad)}: ${e.message}; ${kept}`;
}

/**
 * Checks seek()'s argument: {moves: n} or {jumps: n}, n a whole number from 0.
 * @param {unknown} where
 */
function checkSeek(where) {
  const w = /** @type {Record<string, unknown>} */ (where);
  const keys = w && typeof w === 'object' ? Object.keys(w) : [];
  const ok = keys.length === 1 && (keys[0] === 'moves' || keys[0] === 'jumps') && Number.isInteger(w[keys[0]]) && /** @type {number} */ (w[keys[0]]) >= 0;
  if (!ok) throw new PegwiseError(`seek() takes {moves: n} or {jumps: n} with n ≥ 0, not ${quote(where)}`, 'seek', where);
}
