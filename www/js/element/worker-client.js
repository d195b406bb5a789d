// The page's side of a worker's request and reply line, for the game's engine (engine.js) and
// the Analysis panel's (analysis-engine.js): each request gets an id and a promise, the reply
// with that id settles it (an error as an Error carrying the worker's `kind`), and a message
// without an id is an event for `onEvent`. A worker that fails fails every request waiting.

/**
 * @typedef {{
 *   send: (op: string, gid: number|undefined, args?: object) => Promise<any>,
 *   failAll: (why: string) => void,
 *   readonly busy: boolean,
 * }} WorkerClient
 *   send: one request (`gid` the game it is about); failAll: fails every request waiting;
 *   busy: some request is waiting for its reply
 */

/**
 * Takes over a worker's messages.
 * @param {Worker} worker
 * @param {(msg: any) => void} onEvent messages that answer no request (a table arrived)
 * @returns {WorkerClient}
 */
export function workerClient(worker, onEvent) {
  /** @type {Map<number, {ok: (v: any) => void, fail: (e: Error) => void}>} */
  const waiting = new Map();
  let next = 1;
  /** @param {string} why */
  const failAll = (why) => {
    for (const w of waiting.values()) w.fail(new Error(why));
    waiting.clear();
  };
  worker.onmessage = (e) => {
    const msg = e.data;
    if (msg.id === undefined) {
      onEvent(msg);
      return;
    }
    const w = waiting.get(msg.id);
    if (!w) return;
    waiting.delete(msg.id);
    if ('error' in msg) w.fail(Object.assign(new Error(msg.error), { kind: msg.kind }));
    else w.ok(msg.result);
  };
  worker.onerror = (e) => {
    e.preventDefault();
    failAll(`the engine failed: ${e.message}`);
  };
  return {
    send(op, gid, args) {
      const id = next++;
      return new Promise((ok, fail) => {
        waiting.set(id, { ok, fail });
        worker.postMessage({ id, op, gid, args });
      });
    },
    failAll,
    get busy() {
      return waiting.size > 0;
    },
  };
}
