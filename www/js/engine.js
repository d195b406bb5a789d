// The page's side of the engine worker: promise-returning requests, plus table events.

/**
 * @typedef {{from: string, over: string, to: string, jump: string}} Jump
 * @typedef {Jump & {verdict: 'good'|'bad'|'unknown'}} Hint
 * @typedef {{hole: string, good: number, bad: number, unknown: number, bomb: boolean}} PegHint
 * @typedef {{name: string, x: number, y: number}} HoleView
 * @typedef {{board: string, lattice: 'square'|'triangular', holes: HoleView[]}} Layout
 * @typedef {{board: string, start: string, goal: string, pegs: boolean[], pegCount: number,
 *   jumps: number, moves: number, history: string[], future: string[], canUndo: boolean,
 *   canRedo: boolean, source: 'table'|'search', code: string}} Position
 * @typedef {Position & {status: 'playing'|'solved'|'deadend'|'stuck', winning: boolean|null}} State
 * @typedef {{version: number, position: Position, legal: Jump[], tableState: string, tableNote: string}} Snapshot
 */

/**
 * Starts the engine worker.
 * @param {(snap: Snapshot) => void} onTable called when a table finished loading (or failed)
 * @returns {{call: (op: string, args?: object) => Promise<any>, pending: () => number}}
 */
export function startEngine(onTable) {
  const worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
  /** @type {Map<number, {ok: (v: any) => void, fail: (e: Error) => void}>} */
  const waiting = new Map();
  let next = 1;
  worker.onmessage = (e) => {
    const msg = e.data;
    if (msg.event === 'table') {
      onTable(msg);
      return;
    }
    const w = waiting.get(msg.id);
    if (!w) return;
    waiting.delete(msg.id);
    if ('error' in msg) w.fail(new Error(msg.error));
    else w.ok(msg.result);
  };
  worker.onerror = (e) => {
    e.preventDefault();
    for (const w of waiting.values()) w.fail(new Error(`engine failed: ${e.message}`));
    waiting.clear();
  };
  return {
    /**
     * Sends one request; answers come back in the order the requests were made.
     * @param {string} op
     * @param {object} [args]
     */
    call(op, args) {
      const id = next++;
      return new Promise((ok, fail) => {
        waiting.set(id, { ok, fail });
        worker.postMessage({ id, op, args });
      });
    },
    /** Requests not answered yet. */
    pending: () => waiting.size,
  };
}
