// The engine's table downloads, in the worker. Each file is fetched whole (table-bytes.js) for every
// game that wants it and handed to each game's wasm, which checks it and refuses a bad one
// (leaving the game on the live search). A download that fails (404, offline, a server error)
// is retried with backoff, 2 s, 4 s, … up to a minute, and at once when the page is back
// online; play never waits for it. A refused file is not fetched again.

import { Backoff } from './backoff.js';
import { fileBytes, forget } from './table-bytes.js';

/**
 * @typedef {'loading'|'table'|'missing'|'error'|'refused'} TableState
 *   missing: the server has no such file (404); error: no network or another HTTP error
 * @typedef {{
 *   attach: (bytes: Uint8Array) => void,
 *   tell: (state: TableState, note: string, why?: string) => void,
 *   alive: () => boolean,
 * }} Taker  one game waiting for a file: attach() throws if wasm refuses the bytes; tell()
 *   reports a change of state; alive() is false once that game is gone
 * @typedef {{takers: Map<number, Taker>, state: TableState, note: string, retry: Backoff,
 *   busy: boolean}} FileJob
 */

/** Downloads and hands out the table files of one engine. */
export class TableLoader {
  /** @param {(file: string) => string} urlOf a file's absolute URL */
  constructor(urlOf) {
    this.urlOf = urlOf;
    /** @type {Map<string, FileJob>} */
    this.files = new Map();
  }

  /**
   * Asks for a file on behalf of game `gid` (replacing what that game asked for before).
   * @param {string} file
   * @param {number} gid
   * @param {Taker} taker
   * @returns {{state: TableState, note: string}} the state to show now
   */
  want(file, gid, taker) {
    this.drop(gid);
    let job = this.files.get(file);
    if (!job) {
      /** @type {FileJob} */
      const made = { takers: new Map(), state: 'loading', note: '', retry: new Backoff(() => this.fetch(file, made)), busy: false };
      job = made;
      this.files.set(file, job);
    }
    if (job.state === 'refused') return { state: job.state, note: job.note };
    job.takers.set(gid, taker);
    if (!job.busy && !job.retry.waiting) this.fetch(file, job);
    return { state: job.state, note: job.note };
  }

  /**
   * Game `gid` no longer waits for any file.
   * @param {number} gid
   */
  drop(gid) {
    for (const [file, job] of this.files) {
      job.takers.delete(gid);
      // nobody waits for it any more (the board switched games): its retries stop
      if (!job.takers.size && job.state !== 'refused') {
        job.retry.stop();
        if (!job.busy) this.files.delete(file);
      }
    }
  }

  /** Retries every failed download now (the page is back online). */
  retryNow() {
    for (const job of this.files.values()) job.retry.now();
  }

  /**
   * Downloads a file and hands it to every game still waiting for it.
   * @param {string} file
   * @param {FileJob} job
   */
  async fetch(file, job) {
    const url = this.urlOf(file);
    job.busy = true;
    let bytes;
    try {
      bytes = await fileBytes(url);
    } catch (e) {
      job.busy = false;
      const err = /** @type {import('./table-bytes.js').TableUnavailable} */ (e);
      this.failed(file, job, err.status === 404 ? 'missing' : 'error', `the table ${err.message}; retrying`);
      return;
    }
    job.busy = false;
    job.retry.reset();
    for (const [gid, t] of job.takers) {
      job.takers.delete(gid);
      if (!t.alive()) continue;
      try {
        t.attach(bytes);
        t.tell('table', '');
      } catch (e) {
        // wasm checked everything and kept nothing: the game plays on the live search
        job.state = 'refused';
        const err = /** @type {Error & {why?: string}} */ (e);
        const why = err.why || err.message;
        job.note = `the table ${file} was refused: ${why}`;
        t.tell(job.state, job.note, why);
      }
    }
    if (job.state === 'refused') forget(url);
    else this.files.delete(file); // decoded and kept by wasm: nothing left to track
  }

  /**
   * A download failed: tells the games waiting (once per kind of failure) and schedules a retry.
   * @param {string} file
   * @param {FileJob} job
   * @param {TableState} state
   * @param {string} note
   */
  failed(file, job, state, note) {
    for (const [gid, t] of job.takers) if (!t.alive()) job.takers.delete(gid);
    const changed = state !== job.state || note !== job.note;
    job.state = state;
    job.note = note;
    if (changed) for (const t of job.takers.values()) t.tell(state, note);
    if (!job.takers.size) {
      this.files.delete(file);
      return;
    }
    job.retry.later();
  }
}
