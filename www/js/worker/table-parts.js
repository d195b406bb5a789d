// One game's table parts: turns "this answer waited for these bytes" (wasm notes the parts a
// verdict or a count met and did not have: Game.tableNeeds) into bytes handed back to wasm,
// which checks each against the hashes its table pins and keeps it. The bytes come through the
// worker's one cache (table-bytes.js), which fetches each range once and neighbours together.
//
// Two ways in:
// - a question waits for its own bytes (`answerOnceIn`): wasm is asked, the parts it noted are
//   fetched and handed over, and it is asked again, until its answer needs nothing more;
// - after a change, whose reply can't wait, `pump` fetches what wasm noted in the background
//   and calls `arrived` once nothing is left on its way, and the worker pushes the position
//   judged afresh to the page.
// A part whose download fails is fetched again after a pause (2 s, 4 s, … up to a minute), or
// at once when the page is back online, and `arrived` follows; one wasm refuses is not.

import { Backoff } from './backoff.js';
import { partBytes } from './table-bytes.js';

/**
 * @typedef {import('../shared/wasm-types.js').TablePart} TablePart
 * @typedef {{tableNeeds: () => TablePart[], addTablePart: (pegs: number, chunk: number, bytes: Uint8Array) => void}} PartTaker
 *   the wasm game (or a table of it) that notes needs and takes parts
 * @typedef {{state: 'taken'|'refused'|'failed', why: string}} Outcome
 * @typedef {{added: number, why: string}} Fetched  parts handed to wasm, and why the last
 *   that failed did ('' when none did)
 */

/** Fetches the table parts one game waits for. */
export class GameParts {
  /**
   * @param {PartTaker} game
   * @param {(file: string) => string} urlOf a file's absolute URL
   * @param {(failed: string) => void} [arrived] called once the background fetches are all in,
   *   when some parts were added (judge again) or some failed (`failed` says why)
   */
  constructor(game, urlOf, arrived = () => {}) {
    this.game = game;
    this.urlOf = urlOf;
    this.arrived = arrived;
    /** Every part asked for, by `file#from-to`: its outcome, or the promise of it while on its
     * way (a failed one is forgotten, so it is fetched again when asked for).
     * @type {Map<string, Promise<Outcome>>} */
    this.parts = new Map();
    /** @type {TablePart[]} parts whose download failed, for the next try */
    this.retries = [];
    /** Background fetches on their way. */
    this.onWay = 0;
    /** What the background fetches did since the last `arrived`. */
    this.since = { added: 0, why: '' };
    this.backoff = new Backoff(() => this.refetch());
    this.stopped = false;
  }

  /** Background fetches are on their way: an `arrived` will follow. */
  get pending() {
    return this.onWay > 0;
  }

  /**
   * Fetches the parts wasm noted since it was last asked, and those of them on their way
   * already, and hands them over. Resolves once each is in or failed.
   * @returns {Promise<Fetched>}
   */
  fetchNoted() {
    return this.stopped ? Promise.resolve({ added: 0, why: '' }) : this.fetchAll(this.game.tableNeeds());
  }

  /**
   * @param {TablePart[]} needs
   * @returns {Promise<Fetched>}
   */
  async fetchAll(needs) {
    const fresh = needs.filter((n) => !this.parts.has(key(n)));
    const bytes = partBytes(fresh.map((n) => ({ url: this.urlOf(n.file), from: n.from, to: n.to })));
    fresh.forEach((n, i) => this.parts.set(key(n), this.take(n, bytes[i])));
    // every need is in the map now: just asked for, or on its way or done before
    const outcomes = await Promise.all(needs.map((n) => /** @type {Promise<Outcome>} */ (this.parts.get(key(n)))));
    return {
      added: outcomes.filter((o) => o.state === 'taken').length,
      why: outcomes.reduce((why, o) => o.why || why, ''),
    };
  }

  /**
   * Hands a part's bytes to wasm once they are in.
   * @param {TablePart} n
   * @param {Promise<Uint8Array>} bytes
   * @returns {Promise<Outcome>}
   */
  async take(n, bytes) {
    let got;
    try {
      got = await bytes;
    } catch (e) {
      this.parts.delete(key(n));
      const why = e instanceof Error ? e.message : String(e);
      if (!this.stopped) {
        this.retries.push(n);
        this.backoff.later();
        // the page hears of it now, whoever asked (a question answers "loading" meanwhile)
        this.since.why = why;
        queueMicrotask(() => this.flush());
      }
      return { state: 'failed', why };
    }
    if (this.stopped) return { state: 'failed', why: '' };
    try {
      this.game.addTablePart(n.pegs, n.chunk, got);
      this.backoff.reset();
      return { state: 'taken', why: '' };
    } catch (e) {
      // wasm checked it against the table's hashes and refused it: it is not fetched again
      const err = /** @type {Error & {why?: string}} */ (e);
      return { state: 'refused', why: err.why || err.message || String(e) };
    }
  }

  /**
   * Fetches in the background what wasm noted (after an answer that could not wait for its
   * bytes). Returns whether it noted any: then an `arrived` follows.
   * @returns {boolean}
   */
  pump() {
    if (this.stopped) return false;
    const needs = this.game.tableNeeds();
    if (needs.length) this.background(needs);
    return needs.length > 0;
  }

  /** @param {TablePart[]} needs */
  async background(needs) {
    this.onWay++;
    const got = await this.fetchAll(needs);
    this.onWay--;
    this.since.added += got.added;
    this.since.why = got.why || this.since.why;
    this.flush();
  }

  /** Calls `arrived` with what happened since the last call, once nothing is on its way. */
  flush() {
    if (this.stopped || this.onWay > 0) return;
    const { added, why } = this.since;
    this.since = { added: 0, why: '' };
    if (added || why) this.arrived(why);
  }

  /** Fetches the failed parts again now (the page is back online). */
  retryNow() {
    this.backoff.stop();
    this.refetch();
  }

  /** Fetches the failed parts again. */
  refetch() {
    if (this.stopped || !this.retries.length) return;
    const again = this.retries;
    this.retries = [];
    this.background(again);
  }

  /** The game is gone: nothing more is fetched, added or told. */
  stop() {
    this.stopped = true;
    this.backoff.stop();
  }
}

/**
 * The answer of `ask` once the table parts it waited for are in: wasm is asked, the parts it
 * noted are fetched and handed over, and it is asked again, a level deeper each time, until
 * nothing was added (its answer needs no more, or the parts failed: then it says "loading"
 * and the failure reaches the page through the background retry) or after `rounds` rounds.
 * @template T
 * @param {() => T} ask asks wasm (and throws if the question went stale meanwhile)
 * @param {GameParts} parts
 * @param {number} [rounds]
 * @returns {Promise<T>}
 */
export async function answerOnceIn(ask, parts, rounds = 80) {
  let answer = ask();
  for (let r = 0; r < rounds; r++) {
    const { added } = await parts.fetchNoted();
    if (!added) break;
    answer = ask();
  }
  return answer;
}

/** @param {TablePart} n */
const key = (n) => `${n.file}#${n.from}-${n.to}`;
