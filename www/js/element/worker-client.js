// The page's side of a worker's request and reply line, for the game's engine (engine.js) and
// the Analysis panel's (analysis-engine.js): each request gets an id and a promise, the reply
// with that id settles it (an error as an Error carrying the worker's `kind`), and a message
// without an id is an event for `onEvent`. A worker that fails fails every request waiting,
// and every request sent after (a dead worker answers nothing: none may wait on it forever).

/**
 * @typedef {import('../shared/protocol.js').Requests} Requests
 * @typedef {import('../shared/protocol.js').Op} Op
 * @typedef {import('../shared/protocol.js').WireError} WireError
 * @typedef {import('../shared/protocol.js').ChangeEvent} ChangeEvent
 * @typedef {<K extends Op>(op: K, gid: number|undefined, args?: Requests[K]['args']) => Promise<Requests[K]['reply']>} Send
 *   one request (`gid` the game it is about), answered with the reply the protocol declares
 * @typedef {{send: Send, failAll: (why: string) => void, readonly busy: boolean}} WorkerClient
 *   failAll: fails every request waiting; busy: some request is waiting for its reply
 * @typedef {Error & WireError} EngineError a request the worker refused, with the protocol's
 *   error fields
 */

/**
 * Takes over a worker's messages.
 * @param {Worker} worker
 * @param {(msg: ChangeEvent) => void} onEvent messages that answer no request (a change)
 * @returns {WorkerClient}
 */
export function workerClient(worker, onEvent) {
  /** @type {Map<number, {ok: (v: unknown) => void, fail: (e: Error) => void}>} */
  const waiting = new Map();
  let next = 1;
  /** @type {string|null} why the worker failed (then it answers nothing more) */
  let dead = null;
  /** @param {string} why */
  const failed = (why) => engineError({ kind: 'failed', param: '', value: '', why, message: why });
  /** @param {string} why */
  const failAll = (why) => {
    for (const w of waiting.values()) w.fail(failed(why));
    waiting.clear();
  };
  worker.onmessage = (e) => {
    /** @type {import('../shared/protocol.js').ReplyMessage | ChangeEvent} */
    const msg = e.data;
    if (!('id' in msg)) {
      onEvent(msg);
      return;
    }
    const w = waiting.get(msg.id);
    if (!w) return;
    waiting.delete(msg.id);
    if ('error' in msg) w.fail(engineError(msg.error));
    else w.ok(msg.result);
  };
  // the worker's script failed to load or to run: it is gone
  worker.onerror = (e) => {
    e.preventDefault();
    dead = `the engine failed: ${e.message || 'its script did not load'}`;
    failAll(dead);
  };
  /** @type {Send} */
  const send = (op, gid, args) => {
    if (dead !== null) return Promise.reject(failed(dead));
    const id = next++;
    return new Promise((ok, fail) => {
      // the worker answers this request with the reply the protocol declares for `op`
      waiting.set(id, { ok: /** @type {(v: unknown) => void} */ (ok), fail });
      worker.postMessage({ id, op, gid, args });
    });
  };
  return {
    send,
    failAll,
    get busy() {
      return waiting.size > 0;
    },
  };
}

/**
 * An Error with the protocol's error fields.
 * @param {WireError} w
 * @returns {EngineError}
 */
export function engineError(w) {
  return Object.assign(new Error(w.message), w);
}
