// The Analysis panel's line to an engine worker of its own (analysis-worker.js: the game's
// worker code, with the wasm package that has the panel's bindings, pkg-analysis/), so the
// panel's counts, which may take seconds, never hold up the hints of the game being played. A
// question about a position the player has left is not waited for: the worker is stopped and
// a fresh one started (a wasm computation can't be interrupted otherwise).

import { workerClient } from '../element/worker-client.js';

/**
 * @typedef {import('../shared/wasm-types.js').CountAnswer} CountAnswer
 * @typedef {import('../shared/wasm-types.js').FewestAnswer} FewestAnswer
 * @typedef {import('../shared/wasm-types.js').BestAnswer} BestAnswer
 * @typedef {import('../shared/wasm-types.js').ChanceAnswer} ChanceAnswer
 * @typedef {import('../shared/wasm-types.js').ForcedAnswer} ForcedAnswer
 */

export class AnalysisEngine {
  /** @param {string} src base URL of the wasm (pkg-analysis/) and the tables (data/), ending in "/" */
  constructor(src) {
    this.src = src;
    /** @type {Worker|null} */
    this.worker = null;
    /** @type {import('../element/worker-client.js').WorkerClient|null} */
    this.line = null;
    /** The save text of the game open in the worker. */
    this.open = '';
  }

  /** Starts a worker (the one before, if any, is stopped; its questions fail). */
  spawn() {
    this.stop();
    const w = new Worker(new URL('../worker/analysis-worker.js', import.meta.url), { type: 'module', name: 'pegwise-analysis' });
    // table events: the worker fetches its parts itself
    this.line = workerClient(w, () => {});
    this.worker = w;
    this.open = '';
    this.send('hello', undefined, { wasm: `${this.src}pkg-analysis/pegwise_bg.wasm`, data: `${this.src}data/` }).catch(() => {});
  }

  /** Stops the worker, failing whatever it was asked. */
  stop() {
    this.worker?.terminate();
    this.worker = null;
    this.line?.failAll('stopped');
    this.line = null;
  }

  /** True while a question is being worked on. */
  get busy() {
    return this.line?.busy ?? false;
  }

  /** @type {import('../element/worker-client.js').Send} */
  send = (op, gid, args) => (this.line ? this.line.send(op, gid, args) : Promise.reject(new Error('stopped')));

  /**
   * Asks one question about the game saved as `save` (the game's `save` text: board, start,
   * goal and moves). A busy worker (still on an older position) is replaced first.
   * @param {string} save
   * @param {'count'|'positions'|'chance'|'forced'|'fewest'|'best'} what
   * @returns {Promise<CountAnswer|FewestAnswer|BestAnswer|ChanceAnswer|ForcedAnswer>}
   */
  async ask(save, what) {
    if (!this.worker || (this.busy && this.open !== save)) this.spawn();
    if (this.open !== save) {
      this.open = save;
      const r = await this.send('open', 1, { save });
      if ('error' in r) throw new Error(r.error.message);
    }
    const r = await this.send('analyse', 1, { what });
    return r.answer;
  }
}
