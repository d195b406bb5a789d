// Table parts for the Analysis panel's worker, which walks whole levels: a count may wait for
// thousands of chunks in one round. They are fetched as part-pump.js fetches a game's, through
// table-parts.js (which copes with a host that ignores ranges), but a few requests at a time,
// neighbouring parts in one request, and a range fetched once serves every part inside it (the
// engine's worker asks for a few parts a position).

import { partBytes } from './table-parts.js';

/** Byte ranges fetched or under way, by URL: a part inside one is cut from it, so no byte
 * is fetched twice. @type {Map<string, {from: number, to: number, bytes: Promise<Uint8Array>}[]>} */
const spans = new Map();

/** Most range requests under way at once: a count may wait for thousands of chunks in one
 * round, and a browser refuses that many requests at once (net::ERR_INSUFFICIENT_RESOURCES). */
const PARALLEL = 6;
/** Parts of one file at most this far apart are fetched by one request, the bytes between
 * them too: a count walks whole levels, and a later round often wants them. */
const GAP = 32 * 1024;
/** The most bytes one request spans. */
const SPAN = 1 << 20;

/** Requests started and waiting to start (at most PARALLEL run). */
let running = 0;
/** @type {(() => void)[]} */
const queue = [];

/**
 * Runs `job` once fewer than PARALLEL jobs run.
 * @template T
 * @param {() => Promise<T>} job
 * @returns {Promise<T>}
 */
async function limited(job) {
  if (running >= PARALLEL) await new Promise((go) => queue.push(() => go(undefined)));
  running++;
  try {
    return await job();
  } finally {
    running--;
    queue.shift()?.();
  }
}

/**
 * The bytes of a part: cut from a range fetched or under way that holds it, else undefined.
 * @param {{url: string, from: number, to: number}} p
 */
function cut(p) {
  const s = spans.get(p.url)?.find((s) => s.from <= p.from && p.to <= s.to);
  return s?.bytes.then((b) => b.subarray(p.from - s.from, p.to - s.from));
}

/**
 * Starts fetching the parts no range holds yet: neighbouring parts of a file in one request,
 * a few requests at a time. A range that fails is forgotten, so its parts are asked for again.
 * @param {{url: string, from: number, to: number}[]} parts
 */
function ask(parts) {
  const fresh = parts.filter((p) => !cut(p)).sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : a.from - b.from));
  for (let i = 0; i < fresh.length; ) {
    const { url, from } = fresh[i];
    let to = fresh[i].to;
    let j = i + 1;
    while (j < fresh.length && fresh[j].url === url && fresh[j].from - to <= GAP && Math.max(to, fresh[j].to) - from <= SPAN) to = Math.max(to, fresh[j++].to);
    const span = { from, to, bytes: limited(() => partBytes(url, from, to)) };
    if (!spans.has(url)) spans.set(url, []);
    spans.get(url)?.push(span);
    span.bytes.catch(() => {
      const list = spans.get(url) ?? [];
      list.splice(list.indexOf(span), 1);
    });
    i = j;
  }
}

/**
 * Fetches every part the game waited for and hands each to wasm, a few requests at a time
 * and neighbouring parts in one. Resolves to the
 * number of parts added (0 when nothing was needed); a part that fails is asked for again
 * next time.
 * @param {{tableNeeds: () => import('../shared/wasm-types.js').TablePart[],
 *   addTablePart: (pegs: number, chunk: number, bytes: Uint8Array) => void}} game
 * @param {(file: string) => string} urlOf a file's absolute URL
 * @returns {Promise<number>}
 */
export async function fetchSpans(game, urlOf) {
  const needs = game.tableNeeds().map((n) => ({ ...n, url: urlOf(n.file) }));
  ask(needs);
  let added = 0;
  await Promise.all(
    needs.map(async (n) => {
      game.addTablePart(n.pegs, n.chunk, await /** @type {Promise<Uint8Array>} */ (cut(n)));
      added++;
    }),
  );
  return added;
}
