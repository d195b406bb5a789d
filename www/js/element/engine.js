// The page's side of the engine worker. One worker (one wasm instance, one table cache) serves
// every board that loads from the same base URL; each board talks to it through a session of
// its own (its own Game in the worker). Requests return promises (worker-client.js); table
// events are routed to the session they concern.

import { workerClient } from './worker-client.js';

/**
 * @typedef {import('../shared/wasm-types.js').BoardEntry} BoardEntry
 * @typedef {import('../shared/protocol.js').ChangeEvent} ChangeEvent
 * @typedef {import('../shared/protocol.js').Requests} Requests
 * @typedef {import('../shared/protocol.js').GameRequests} GameRequests
 * @typedef {<K extends keyof GameRequests>(op: K, args?: GameRequests[K]['args']) => Promise<GameRequests[K]['reply']>} Call
 *   a request about this board's game, answered with the reply the protocol declares
 * @typedef {{
 *   call: Call,
 *   boards: Promise<BoardEntry[]>,
 *   close: () => void,
 * }} Session  one board's line to the engine
 */

/** Where the wasm and the tables are found by default: the folder above js/ (the site's www/). */
const DEFAULT_SRC = new URL('../../', import.meta.url).href;
/** How long an engine nobody uses stays alive (a board removed and put back finds it warm). */
const IDLE_MS = 10_000;

let defaultSrc = DEFAULT_SRC;

/**
 * Sets the base URL that boards without a `src` load the wasm (`pkg/pegwise_bg.wasm`) and the
 * tables (`data/*.pgt`) from. Boards already open keep theirs.
 * @param {string|URL} src absolute, or relative to the page
 */
export function setDefaultSrc(src) {
  defaultSrc = new URL(String(src), document.baseURI).href;
}

/**
 * The base URL a board with this `src` attribute (or none) loads from, as an absolute URL
 * ending in "/".
 * @param {string|null|undefined} src
 */
export function resolveSrc(src) {
  const href = src ? new URL(src, document.baseURI).href : defaultSrc;
  return href.endsWith('/') ? href : `${href}/`;
}

/**
 * @typedef {{worker: Worker, sessions: number, idle: ReturnType<typeof setTimeout>|undefined,
 *   line: import('./worker-client.js').WorkerClient,
 *   tables: Map<number, (msg: ChangeEvent) => void>, boards: Promise<BoardEntry[]>|null}} Engine
 *   boards: the catalogue, asked for on first use (it is not needed to open the first game)
 */

/** @type {Map<string, Engine>} live engines by base URL */
const engines = new Map();
let nextGid = 1;

// back online: every engine retries the table downloads that failed, without waiting for backoff
addEventListener('online', () => {
  for (const eng of engines.values()) eng.line.send('retryTables', undefined).catch(() => {});
});

/**
 * A module worker from our own origin, which loads the wasm by itself from what its URL says
 * (see serve in worker-core.js); from another origin (a CDN) through a same-origin blob
 * that imports it, since browsers refuse cross-origin worker scripts, and which is then told
 * by a `hello` where the wasm is.
 * @param {URL} url the worker's script
 * @param {{wasm: string, data: string}} load the wasm's URL and the base URL of the tables
 * @returns {{worker: Worker, hello: boolean}} hello: whether the worker needs a `hello`
 */
function spawn(url, load) {
  if (url.origin === location.origin) return { worker: new Worker(`${url.href}?${new URLSearchParams(load)}`, { type: 'module', name: 'pegwise' }), hello: false };
  const boot = new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' });
  return { worker: new Worker(URL.createObjectURL(boot), { type: 'module', name: 'pegwise' }), hello: true };
}

/**
 * @typedef {{worker: Worker, workerUrl: string, wasmUrl: string, failed?: boolean}} Early the
 *   handshake that index.html's inline script leaves in `window.pegwiseEarly` (a classic
 *   script can hand a module nothing else): the worker it started, the URLs it started it
 *   with, and whether it failed to start
 */

/**
 * The engine the page's inline script started (index.html: a worker that loads the wasm, and
 * the first table head, by itself) before this module arrived, when it is the one for this
 * wasm; null otherwise (then it is stopped). Taken once.
 * @param {string} wasm the wasm's URL for the engine being started
 * @returns {Early|null}
 */
function takeEarly(wasm) {
  const host = /** @type {{pegwiseEarly?: Early}} */ (globalThis);
  const early = host.pegwiseEarly;
  if (!early) return null;
  delete host.pegwiseEarly;
  const same = early.workerUrl === new URL('../worker/engine-worker.js', import.meta.url).href && early.wasmUrl === wasm;
  if (same && !early.failed) return early;
  early.worker.terminate();
  return null;
}

/**
 * Starts the engine for a base URL.
 * @param {string} src
 * @returns {Engine}
 */
function start(src) {
  const wasm = `${src}pkg/pegwise_bg.wasm`;
  const load = { wasm, data: `${src}data/` };
  const early = takeEarly(wasm);
  if (!early) performance.mark('pegwise:engine-start');
  const { worker, hello } = early ? { worker: early.worker, hello: false } : spawn(new URL('../worker/engine-worker.js', import.meta.url), load);
  /** @type {Map<number, (msg: ChangeEvent) => void>} */
  const tables = new Map();
  const line = workerClient(worker, (msg) => tables.get(msg.gid)?.(msg));
  /** @type {Engine} */
  const eng = { worker, sessions: 0, idle: undefined, line, tables, boards: null };
  // Requests wait in the worker until the wasm is loaded; a failure to load reaches every one.
  if (hello) line.send('hello', undefined, load).catch(() => {});
  return eng;
}

/**
 * Starts the engine for a base URL now, before any board asks for it (the page calls this
 * first thing, so the worker and the wasm load while the rest of the page starts up).
 * @param {string} [src] base URL from resolveSrc(); the default base URL when left out
 */
export function startEngine(src = resolveSrc(undefined)) {
  if (!engines.has(src)) engines.set(src, start(src));
}

/**
 * Opens a session for one board on the engine of its base URL (starting it if needed).
 * @param {string} src base URL from resolveSrc()
 * @param {(msg: ChangeEvent) => void} onEvent called with the worker's events for this board
 *   (its table or table parts arrived, or the background work decided jumps: see GameModel)
 * @returns {Session}
 */
export function openSession(src, onEvent) {
  let eng = engines.get(src);
  if (!eng) {
    eng = start(src);
    engines.set(src, eng);
  }
  const e = eng;
  clearTimeout(e.idle);
  e.sessions++;
  const gid = nextGid++;
  e.tables.set(gid, onEvent);
  let open = true;
  return {
    /** @type {Call} */
    call: (op, args) => {
      if (!open) return Promise.reject(new Error('this board was destroyed'));
      return e.line.send(op, gid, args);
    },
    get boards() {
      if (!e.boards) {
        e.boards = e.line.send('boards', undefined).then((r) => r.boards);
        e.boards.catch(() => {}); // reported to whoever asks
      }
      return e.boards;
    },
    close() {
      if (!open) return;
      open = false;
      e.tables.delete(gid);
      e.line.send('close', gid).catch(() => {});
      if (--e.sessions > 0) return;
      e.idle = setTimeout(() => {
        if (e.sessions > 0 || engines.get(src) !== e) return;
        engines.delete(src);
        e.worker.terminate();
      }, IDLE_MS);
    },
  };
}
