// Table parts in the worker: a big level of a table lives in its own file, fetched a few KB
// at a time with HTTP range requests (its header and index first, then the chunks a position
// needs). wasm says what it waited for (Game.tableNeeds: the "loading" verdicts) and checks
// every part it is given against the hashes the table pins; this module only fetches.

/** Parts under way or done, by `url#from-to`, so no part is fetched twice. */
const asked = new Map();

/**
 * Fetches bytes [from, to) of a file with a Range request (a server that ignores ranges and
 * sends the whole file is sliced).
 * @param {string} url
 * @param {number} from
 * @param {number} to end, exclusive
 * @returns {Promise<Uint8Array>}
 */
export async function fetchRange(url, from, to) {
  const res = await fetch(url, { headers: { Range: `bytes=${from}-${to - 1}` } });
  if (res.status !== 206 && res.status !== 200) throw new Error(`HTTP ${res.status} for ${url}`);
  const body = new Uint8Array(await res.arrayBuffer());
  return res.status === 206 ? body : body.slice(from, to);
}

/** Most range requests under way at once: a count may wait for thousands of chunks in one
 * round, and a browser refuses that many requests at once (net::ERR_INSUFFICIENT_RESOURCES). */
const PARALLEL = 6;
/** Parts of one file at most this far apart are fetched by one request (the gap is dropped). */
const GAP = 8192;
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
 * Starts fetching the parts not asked for yet: neighbouring parts of a file in one request,
 * a few requests at a time. Each part's bytes are kept in `asked`.
 * @param {{url: string, from: number, to: number, key: string}[]} parts
 */
function ask(parts) {
  const fresh = parts.filter((p) => !asked.has(p.key)).sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : a.from - b.from));
  for (let i = 0; i < fresh.length; ) {
    const { url, from } = fresh[i];
    let to = fresh[i].to;
    let j = i + 1;
    while (j < fresh.length && fresh[j].url === url && fresh[j].from - to <= GAP && Math.max(to, fresh[j].to) - from <= SPAN) to = Math.max(to, fresh[j++].to);
    const span = limited(() => fetchRange(url, from, to));
    for (const p of fresh.slice(i, j)) asked.set(p.key, span.then((b) => b.subarray(p.from - from, p.to - from)));
    i = j;
  }
}

/**
 * Fetches every part the game waited for and hands each to wasm. Resolves to the number of
 * parts added (0 when nothing was needed); a part that fails is asked for again next time.
 * @param {{tableNeeds: () => import('../shared/wasm-types.js').TablePart[],
 *   addTablePart: (pegs: number, chunk: number, bytes: Uint8Array) => void}} game
 * @param {(file: string) => string} urlOf a file's absolute URL
 * @returns {Promise<number>}
 */
export async function fetchParts(game, urlOf) {
  const needs = game.tableNeeds().map((n) => {
    const url = urlOf(n.file);
    return { ...n, url, key: `${url}#${n.from}-${n.to}` };
  });
  ask(needs);
  let added = 0;
  await Promise.all(
    needs.map(async (n) => {
      try {
        game.addTablePart(n.pegs, n.chunk, await asked.get(n.key));
        added++;
      } catch (e) {
        asked.delete(n.key);
        throw e;
      }
    }),
  );
  return added;
}
