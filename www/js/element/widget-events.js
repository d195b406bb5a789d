// What a board tells the page and the screen reader: DOM events (move, undo, solved, deadend,
// stuck, change; CustomEvents that bubble out of the shadow root) and the live region's words.
// The jump that lost the game is wasm's (state().fatal).

import { decidedSaid, jumpSaid, statusSaid, undoSaid } from './a11y-text.js';
import { plural } from '../shared/words.js';

/**
 * @typedef {'open'|'move'|'undo'|'redo'|'reset'|'seek'|'table'|'verdict'|'hints'|'focus'|'config'|'error'} Reason
 *   why `change` fired
 */

/** The events and announcements of one board. */
export class WidgetEvents {
  /** @param {import('./widget.js').Widget} board */
  constructor(board) {
    this.board = board;
    /** @type {'open'|'reset'|'seek'|null} what the next 'other' change is */
    this.reason = null;
    /** @type {import('../shared/wasm-types.js').State|null} the verdict seen for the current position */
    this.lastFull = null;
    /** @type {string|null} the position whose status was last reported */
    this.statusKey = null;
    this.opened = 0;
    this.flip = false;
  }

  /** The jump that made the goal unreachable (wasm's verdict), or null. */
  fatal() {
    return this.board.model.full?.fatal ?? null;
  }

  /**
   * Dispatches a bubbling, composed CustomEvent from the host.
   * @param {string} type
   * @param {object} detail
   */
  emit(type, detail) {
    if (this.board.destroyed) return;
    this.board.host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /** @param {Reason} reason */
  emitChange(reason) {
    const state = this.board.state();
    if (state) this.emit('change', { reason, state });
  }

  /**
   * Says something in the live region (the same words twice still get read).
   * @param {string} text
   */
  say(text) {
    this.flip = !this.flip;
    this.board.dom.live.textContent = this.flip ? text : `${text}\u00a0`;
  }

  /**
   * A new snapshot arrived.
   * @param {import('../shared/wasm-types.js').Snapshot|null} prev
   * @param {import('./game-model.js').Change} change
   * @param {import('./widget.js').By} by
   */
  changed(prev, change, by) {
    const b = this.board;
    const pos = /** @type {import('../shared/wasm-types.js').Snapshot} */ (b.model.snap).position;
    this.lastFull = null;
    /** @type {Reason} */
    let reason = change.kind === 'jump' ? 'move' : change.kind === 'other' ? (this.reason ?? 'open') : change.kind;
    if (reason === 'open') this.opened++;
    const j = change.jump;
    if (j && change.kind === 'undo') {
      this.emit('undo', { ...j, state: b.state() });
      this.say(undoSaid(j.jump, pos.pegCount));
    } else if (j) {
      reason = change.kind === 'redo' ? 'redo' : 'move';
      this.emit('move', { ...j, move: pos.history.at(-1), by, state: b.state() });
      this.say(jumpSaid(j.jump, pos.pegCount));
    } else if (reason === 'reset') {
      this.say(`Back to the start. ${plural(pos.pegCount, 'peg')}.`);
    }
    this.emitChange(reason);
  }

  /** A verdict or hints arrived for the current position. */
  info() {
    const b = this.board;
    const { model } = b;
    const full = model.full;
    const snap = model.snap;
    if (!snap) return;
    // the background work decided the focused peg's last "?": said once, politely
    const decided = model.decided && model.pegs.get(model.decided);
    model.decided = null;
    if (decided) this.say(decidedSaid(decided.hole, decided.jumps));
    if (!full || full === this.lastFull) {
      this.emitChange(model.error ? 'error' : 'hints');
      return;
    }
    this.lastFull = full;
    const pos = snap.position;
    const key = `${this.opened}:${pos.code}:${pos.jumps}:${full.status}`;
    const fresh = key !== this.statusKey;
    this.statusKey = key;
    this.emitChange('verdict');
    if (!fresh || full.status === 'playing') return;
    const holes = /** @type {import('../shared/wasm-types.js').Layout} */ (model.layout).holes.map((h) => h.name);
    this.say(statusSaid(pos, full, holes, this.fatal()));
    const state = b.state();
    if (full.status === 'solved') this.emit('solved', { hole: holes[pos.pegs.indexOf(true)], moves: pos.moves, jumps: pos.jumps, state });
    else if (full.status === 'deadend') this.emit('deadend', { jump: this.fatal(), pegCount: pos.pegCount, state });
    else this.emit('stuck', { pegCount: pos.pegCount, state });
  }

  /**
   * A jump the engine refused or could not play (a bug, or the engine died).
   * @param {unknown} e
   */
  failed(e) {
    this.board.lastError = e instanceof Error ? e.message : String(e);
    this.emitChange('error');
  }

  destroy() {
    this.reason = null;
  }
}
