// The Analysis panel's line to an engine worker of its own (analysis-worker.js: the game's
// worker code, with the wasm package that has the panel's bindings, pkg-analysis/), so the
// panel's counts, which may take seconds, never hold up the hints of the game being played. A
// question about a position the player has left is not waited for: the worker is stopped and
// a fresh one started (a wasm computation can't be interrupted otherwise).

/**
 * @typedef {import('./wasm-types.js').CountAnswer} CountAnswer
 * @typedef {import('./wasm-types.js').FewestAnswer} FewestAnswer
 * @typedef {import('./wasm-types.js').BestAnswer} BestAnswer
 */

export class AnalysisEngine {
  /** @param {string} src base URL of the wasm (pkg-analysis/) and the tables (data/), ending in "/" */
  constructor(src) {
    this.src = src;
    /** @type {Worker|null} */
    this.worker = null;
    this.next = 1;
    /** @type {Map<number, {ok: (v: any) => void, fail: (e: Error) => void}>} */
    this.waiting = new Map();
    /** The save text of the game open in the worker. */
    this.open = '';
  }

  /** Starts a worker (the one before, if any, is stopped; its questions fail). */
  spawn() {
    this.stop();
    const w = new Worker(new URL('./analysis-worker.js', import.meta.url), { type: 'module', name: 'pegwise-analysis' });
    w.onmessage = (e) => {
      const msg = e.data;
      const p = msg.id !== undefined && this.waiting.get(msg.id);
      if (!p) return; // table events: the worker fetches its parts itself
      this.waiting.delete(msg.id);
      if ('error' in msg) p.fail(Object.assign(new Error(msg.error), { kind: msg.kind }));
      else p.ok(msg.result);
    };
    w.onerror = (e) => {
      e.preventDefault();
      this.failAll(`the analysis engine failed: ${e.message}`);
    };
    this.worker = w;
    this.open = '';
    this.send('hello', undefined, { wasm: `${this.src}pkg-analysis/pegwise_bg.wasm`, data: `${this.src}data/` }).catch(() => {});
  }

  /** Stops the worker, failing whatever it was asked. */
  stop() {
    this.worker?.terminate();
    this.worker = null;
    this.failAll('stopped');
  }

  /** @param {string} why */
  failAll(why) {
    for (const p of this.waiting.values()) p.fail(new Error(why));
    this.waiting.clear();
  }

  /** True while a question is being worked on. */
  get busy() {
    return this.waiting.size > 0;
  }

  /**
   * @param {string} op
   * @param {number|undefined} gid
   * @param {object} [args]
   */
  send(op, gid, args) {
    const id = this.next++;
    const w = this.worker;
    return new Promise((ok, fail) => {
      if (!w) return fail(new Error('stopped'));
      this.waiting.set(id, { ok, fail });
      w.postMessage({ id, op, gid, args });
    });
  }

  /**
   * Asks one question about the game saved as `save` (the game's `save` text: board, start,
   * goal and moves). A busy worker (still on an older position) is replaced first.
   * @param {string} save
   * @param {'count'|'fewest'|'best'} what
   * @returns {Promise<CountAnswer|FewestAnswer|BestAnswer>}
   */
  async ask(save, what) {
    if (!this.worker || (this.busy && this.open !== save)) this.spawn();
    if (this.open !== save) {
      this.open = save;
      const r = await this.send('open', 1, { save });
      if (r.error) throw new Error(r.error.message);
    }
    const r = await this.send('analyse', 1, { what });
    return r.answer;
  }
}
