// The worker's one cache of table bytes: whole files (a table head, a small table, a counts
// file) and byte ranges of the big levels' files, for every game in the worker and for the
// Analysis panel's walks alike. What it keeps:
// - a whole file, once per URL: every request for it while one is under way, or after one
//   succeeded, shares that answer; a failed download is forgotten, so asking again retries;
// - ranges under way, and those fetched lately (up to KEEP_BYTES): a part inside one is cut
//   from it, so no byte is fetched twice while it may still be wanted;
// - per file, whether its host sends ranges: the first range request to a file learns it, the
//   requests to that file behind it wait for the answer, and a host that sends the whole file
//   (a plain static server answers 200) costs one download per file, cut for every part.
// Neighbouring parts of a file asked for together go in one request, and at most PARALLEL
// requests run at once. wasm checks every byte it is handed against the hashes its table
// pins; this module only fetches.

/** Most range requests under way at once: a count may wait for thousands of chunks in one
 * round, and a browser refuses that many requests at once (net::ERR_INSUFFICIENT_RESOURCES). */
const PARALLEL = 6;
/** Parts of one file at most this far apart are fetched by one request, the bytes between
 * them too: a count walks whole levels, and a later round often wants them. */
const GAP = 32 * 1024;
/** The most bytes one request spans. */
const SPAN = 1 << 20;
/** Bytes of finished ranges kept for parts asked for later (the oldest go first). */
const KEEP_BYTES = 16 << 20;

/**
 * @typedef {Error & {status: number}} TableUnavailable  a table file that could not be
 *   downloaded: a 404, another HTTP error (its status), or no network (status 0)
 */

/**
 * @param {string} message
 * @param {number} status
 * @returns {TableUnavailable}
 */
const failure = (message, status) => Object.assign(new Error(message), { status });

/** Whole files by URL. @type {Map<string, Promise<Uint8Array>>} */
const files = new Map();
/** URLs that prefetch() downloaded and nobody has asked for yet. */
const seeded = new Set();
/** Per file, from its first range request: the whole body when the host sent the whole file,
 * else null (the host honours ranges). @type {Map<string, Promise<Uint8Array|null>>} */
const hosts = new Map();
/** @typedef {{from: number, to: number, bytes: Promise<Uint8Array>}} Span */
/** Ranges under way and kept, by URL. @type {Map<string, Span[]>} */
const spans = new Map();
/** Finished ranges in the order they finished, for dropping the oldest. @type {{url: string, span: Span}[]} */
const finished = [];
let keptBytes = 0;

/**
 * The bytes of the whole file at `url`, fetched on the first call and kept.
 * Rejects with TableUnavailable when it can't be downloaded (and forgets the failure).
 * @param {string} url absolute URL of the file
 * @returns {Promise<Uint8Array>}
 */
export function fileBytes(url) {
  let p = files.get(url);
  const handedOver = seeded.delete(url); // its failure is forgotten from now on, as any download's
  if (!p || handedOver) {
    p ??= download(url);
    files.set(url, p);
    const mine = p;
    p.catch(() => forget(url, mine));
  }
  return p;
}

/**
 * Starts downloading `url` before anyone asks for it (the first game's table head, while the
 * wasm loads): what it gets is what fileBytes(url) answers, its failure included (reported as
 * one made then would be, and forgotten from then on).
 * @param {string} url absolute URL of the file
 */
export function prefetch(url) {
  if (files.has(url)) return;
  const p = download(url);
  files.set(url, p);
  // a failure is kept until someone asks for the file, who then hears of it (as of a download
  // of its own) and retries when it likes
  p.catch(() => {});
  seeded.add(url);
}

/**
 * Forgets the whole file fetched from `url` (e.g. one wasm refused), so the next call
 * downloads it again.
 * @param {string} url
 * @param {Promise<Uint8Array>} [only] forget only this download
 */
export function forget(url, only) {
  if (!only || files.get(url) === only) files.delete(url);
}

/**
 * The bytes [from, to) of each part, fetched as few times as it can be: a part inside a range
 * under way or kept is cut from it, the others are asked for with their neighbours.
 * @param {{url: string, from: number, to: number}[]} parts
 * @returns {Promise<Uint8Array>[]} one promise a part, in the order given (one that fails
 *   rejects, and its range is forgotten, so asking again fetches it again)
 */
export function partBytes(parts) {
  const fresh = parts.filter((p) => !held(p)).sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : a.from - b.from));
  for (let i = 0; i < fresh.length; ) {
    const { url, from } = fresh[i];
    let to = fresh[i].to;
    let j = i + 1;
    while (j < fresh.length && fresh[j].url === url && fresh[j].from - to <= GAP && Math.max(to, fresh[j].to) - from <= SPAN) to = Math.max(to, fresh[j++].to);
    start(url, from, to);
    i = j;
  }
  return parts.map((p) => {
    const s = /** @type {Span} */ (held(p));
    return s.bytes.then((b) => b.subarray(p.from - s.from, p.to - s.from));
  });
}

/**
 * The range under way or kept that holds a part, if any.
 * @param {{url: string, from: number, to: number}} p
 */
function held(p) {
  return spans.get(p.url)?.find((s) => s.from <= p.from && p.to <= s.to);
}

/**
 * Starts fetching bytes [from, to) of a file, a few requests at a time.
 * @param {string} url
 * @param {number} from
 * @param {number} to
 */
function start(url, from, to) {
  /** @type {Span} */
  const span = { from, to, bytes: limited(() => rangeBytes(url, from, to)) };
  const list = spans.get(url) ?? [];
  spans.set(url, list);
  list.push(span);
  span.bytes.then(
    () => {
      finished.push({ url, span });
      keptBytes += to - from;
      while (keptBytes > KEEP_BYTES && finished.length) {
        const old = /** @type {{url: string, span: Span}} */ (finished.shift());
        keptBytes -= old.span.to - old.span.from;
        drop(old.url, old.span);
      }
    },
    () => drop(url, span),
  );
}

/**
 * @param {string} url
 * @param {Span} span
 */
function drop(url, span) {
  const list = spans.get(url) ?? [];
  const k = list.indexOf(span);
  if (k >= 0) list.splice(k, 1);
  if (!list.length) spans.delete(url);
}

/** Requests running. */
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
 * Bytes [from, to) of a file: cut from the whole file where this worker has it (downloaded
 * whole, or sent whole by a host that ignores ranges), else by a range request.
 * @param {string} url
 * @param {number} from
 * @param {number} to
 * @returns {Promise<Uint8Array>}
 */
async function rangeBytes(url, from, to) {
  const whole = files.get(url);
  if (whole) {
    const bytes = await whole.catch(() => null);
    if (bytes) return cut(bytes, url, from, to);
  }
  const known = hosts.get(url);
  if (known) {
    const body = await known;
    if (body) return cut(body, url, from, to);
  } else {
    // the first request to this file: the others wait to learn whether the host sends ranges
    const first = rangeRequest(url, from, to);
    hosts.set(
      url,
      first.then(
        (r) => r.whole,
        () => {
          hosts.delete(url); // no answer, nothing learnt: the next request asks again
          return null;
        },
      ),
    );
    return (await first).part;
  }
  const r = await rangeRequest(url, from, to);
  if (r.whole) hosts.set(url, Promise.resolve(r.whole)); // the host stopped sending ranges
  return r.part;
}

/**
 * One request for bytes [from, to) of a file.
 * @param {string} url
 * @param {number} from
 * @param {number} to
 * @returns {Promise<{part: Uint8Array, whole: Uint8Array|null}>} whole: the whole file, when
 *   the host sent it instead of the range
 */
async function rangeRequest(url, from, to) {
  const res = await request(url, { headers: { Range: `bytes=${from}-${to - 1}` } });
  if (res.status === 206) {
    // a host may shorten a range or send another: only the one asked for is taken
    const got = /^bytes (\d+)-(\d+)\//.exec(res.headers.get('Content-Range') ?? '');
    const body = await readBody(res, url);
    if (got && (Number(got[1]) !== from || Number(got[2]) !== to - 1)) {
      throw failure(`${fileName(url)}: asked for bytes ${from}-${to - 1}, the host sent ${got[1]}-${got[2]}`, res.status);
    }
    return { part: body, whole: null };
  }
  if (res.status !== 200) throw unavailable(url, `HTTP ${res.status}`, res.status);
  const whole = await readBody(res, url);
  return { part: cut(whole, url, from, to), whole };
}

/**
 * A whole file, in one request.
 * @param {string} url
 * @returns {Promise<Uint8Array>}
 */
async function download(url) {
  const res = await request(url);
  if (!res.ok) throw unavailable(url, `HTTP ${res.status}`, res.status);
  return readBody(res, url);
}

/**
 * A request's response, whatever its status; no answer at all is TableUnavailable.
 * @param {string} url
 * @param {RequestInit} [init]
 */
async function request(url, init) {
  try {
    return await fetch(url, init);
  } catch (e) {
    throw unavailable(url, /** @type {Error} */ (e).message || 'no network', 0);
  }
}

/**
 * @param {string} url
 * @param {string} why
 * @param {number} status
 */
const unavailable = (url, why, status) => failure(`${fileName(url)} could not be downloaded (${why})`, status);

/**
 * A response's body, whole: a table is never handed over half-read.
 * @param {Response} res
 * @param {string} url
 */
async function readBody(res, url) {
  try {
    return new Uint8Array(await res.arrayBuffer());
  } catch (e) {
    throw failure(`${fileName(url)} was cut off while downloading (${/** @type {Error} */ (e).message})`, 0);
  }
}

/**
 * Bytes [from, to) of a whole file.
 * @param {Uint8Array} whole
 * @param {string} url
 * @param {number} from
 * @param {number} to
 */
function cut(whole, url, from, to) {
  if (to > whole.length) throw failure(`${fileName(url)} is ${whole.length} bytes long, shorter than the table says (${to})`, 200);
  return whole.subarray(from, to);
}

/** @param {string} url */
const fileName = (url) => url.slice(url.lastIndexOf('/') + 1);
