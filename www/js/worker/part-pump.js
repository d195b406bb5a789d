// One game's table parts: turns "this verdict waited for these bytes" into requests. Every call
// into a game that may judge a position (a reply, a question, a try of the background work, the
// re-judging after parts arrived) is followed by pump(), which takes the parts wasm noted
// (Game.tableNeeds) and fetches those not yet on their way. Once none is left on its way, the
// game hears `arrived` and judges afresh, which may note parts it could not know of before (a
// level's chunks once its header is in): the next pump() fetches those. A part whose download
// fails is fetched again after a pause (2 s, 4 s, … up to a minute), or at once when the page
// is back online; one wasm refuses is not.

import { partBytes } from './table-parts.js';

const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 60_000;

/**
 * @typedef {import('../shared/wasm-types.js').TablePart} TablePart
 * @typedef {{tableNeeds: () => TablePart[], addTablePart: (pegs: number, chunk: number, bytes: Uint8Array) => void}} PartTaker
 *   the wasm game (or the part of it) that notes needs and takes parts
 * @typedef {'onWay'|'retry'|'taken'|'refused'} PartState  taken: wasm keeps it; retry: its
 *   download failed and waits for the next try; a part in any state is not fetched on a pump
 */

/** Fetches the table parts one game waits for. */
export class PartPump {
  /**
   * @param {PartTaker} game
   * @param {(file: string) => string} urlOf a file's absolute URL
   * @param {(failed: string) => void} arrived called once no part is left on its way, when some
   *   were added (judge again) or some failed (`failed` says why, '' when none did)
   */
  constructor(game, urlOf, arrived) {
    this.game = game;
    this.urlOf = urlOf;
    this.arrived = arrived;
    /** @type {Map<string, PartState>} every part asked for, by `file#from-to` */
    this.parts = new Map();
    /** @type {TablePart[]} parts whose download failed, for the next try */
    this.retries = [];
    /** Parts on their way. */
    this.onWay = 0;
    /** Parts added since the last `arrived`. */
    this.added = 0;
    /** Why the last part that failed since the last `arrived` did ('' when none did). */
    this.why = '';
    this.attempt = 0;
    /** @type {ReturnType<typeof setTimeout>|undefined} */
    this.timer = undefined;
    this.stopped = false;
    /** @type {(() => void)[]} */
    this.waiters = [];
  }

  /** Parts are on their way: an `arrived` will follow. */
  get pending() {
    return this.onWay > 0;
  }

  /**
   * Fetches the parts the game noted since the last call. Returns whether it noted any (then
   * an `arrived` follows, unless they all wait for a retry or were refused).
   * @returns {boolean}
   */
  pump() {
    if (this.stopped) return false;
    const needs = this.game.tableNeeds();
    for (const n of needs) if (!this.parts.has(key(n))) this.fetch(n);
    return needs.length > 0;
  }

  /**
   * Fetches one part and hands it to wasm.
   * @param {TablePart} n
   */
  async fetch(n) {
    const k = key(n);
    this.parts.set(k, 'onWay');
    this.onWay++;
    let bytes = null;
    try {
      bytes = await partBytes(this.urlOf(n.file), n.from, n.to);
    } catch (e) {
      this.parts.set(k, 'retry');
      this.retries.push(n);
      this.why = e instanceof Error ? e.message : String(e);
    }
    if (bytes && !this.stopped) {
      try {
        this.game.addTablePart(n.pegs, n.chunk, bytes);
        this.parts.set(k, 'taken');
        this.added++;
        this.attempt = 0;
      } catch (e) {
        // wasm checked it against the table's hashes and refused it
        const err = /** @type {Error & {why?: string}} */ (e);
        this.parts.set(k, 'refused');
        this.why = err.why || err.message || String(e);
      }
    }
    this.onWay--;
    if (this.stopped || this.onWay > 0) return;
    if (this.retries.length) this.retryLater();
    const { added, why } = this;
    this.added = 0;
    this.why = '';
    if (added || why) this.arrived(why);
    const waiting = this.waiters;
    this.waiters = [];
    waiting.forEach((ok) => ok());
  }

  /** Resolves once no part is on its way. */
  settled() {
    if (!this.pending) return Promise.resolve();
    return new Promise((ok) => this.waiters.push(() => ok(undefined)));
  }

  /** Fetches the failed parts again after a pause that doubles with each failure. */
  retryLater() {
    if (this.timer !== undefined) return;
    const ms = Math.min(FIRST_RETRY_MS * 2 ** this.attempt, MAX_RETRY_MS);
    this.attempt++;
    this.timer = setTimeout(() => this.retryNow(), ms);
  }

  /** Fetches the failed parts again now. */
  retryNow() {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    const again = this.retries;
    this.retries = [];
    again.forEach((n) => this.fetch(n));
  }

  /** The game is gone: nothing more is fetched, added or told. */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    const waiting = this.waiters;
    this.waiters = [];
    waiting.forEach((ok) => ok());
  }
}

/** @param {TablePart} n */
const key = (n) => `${n.file}#${n.from}-${n.to}`;
