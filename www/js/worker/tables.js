// Fetches table files (data/*.pgt), once per URL: every request for the same URL while one is
// under way, or after one succeeded, shares that answer, so switching games back and forth never
// downloads a table twice. A failed download is forgotten, so asking again tries again. The
// bytes come only once the whole body has arrived: a table is never handed over half-read.

/** @type {Map<string, Promise<Uint8Array>>} */
const cache = new Map();
/** URLs that prefetch() downloaded and nobody has asked for yet. */
const seeded = new Set();

/** A table file that could not be downloaded: a 404, another HTTP error, or no network. */
export class TableUnavailable extends Error {
  /**
   * @param {string} message
   * @param {number} status the HTTP status, or 0 when no answer came
   */
  constructor(message, status) {
    super(message);
    this.name = 'TableUnavailable';
    this.status = status;
  }
}

/**
 * The bytes of the table at `url`, fetched on the first call and cached.
 * Rejects with TableUnavailable when it can't be downloaded (and forgets the failure).
 * @param {string} url absolute URL of the table file
 * @returns {Promise<Uint8Array>}
 */
export function tableBytes(url) {
  let p = cache.get(url);
  const handedOver = seeded.delete(url); // its failure is forgotten from now on, as any download's
  if (!p || handedOver) {
    p ??= download(url);
    cache.set(url, p);
    const mine = p;
    p.catch(() => forget(url, mine));
  }
  return p;
}

/**
 * Starts downloading `url` before anyone asks for it (the first game's table head, while the
 * wasm loads): what it gets is what tableBytes(url) answers, its failure included (reported as
 * one made then would be, and forgotten from then on).
 * @param {string} url absolute URL of the table file
 */
export function prefetch(url) {
  if (cache.has(url)) return;
  const p = download(url);
  cache.set(url, p);
  // a failure is kept until someone asks for the file, who then hears of it (as of a download
  // of its own) and retries when it likes
  p.catch(() => {});
  seeded.add(url);
}

/**
 * Forgets the bytes fetched from `url` (e.g. a file wasm refused), so the next call downloads
 * it again.
 * @param {string} url
 * @param {Promise<Uint8Array>} [only] forget only this download
 */
export function forget(url, only) {
  if (!only || cache.get(url) === only) cache.delete(url);
}

/**
 * @param {string} url
 * @returns {Promise<Uint8Array>}
 */
async function download(url) {
  const name = url.slice(url.lastIndexOf('/') + 1);
  let res;
  try {
    res = await fetch(url);
  } catch (e) {
    throw new TableUnavailable(`${name} could not be downloaded (${/** @type {Error} */ (e).message || 'no network'})`, 0);
  }
  if (!res.ok) throw new TableUnavailable(`${name} could not be downloaded (HTTP ${res.status})`, res.status);
  try {
    return new Uint8Array(await res.arrayBuffer());
  } catch (e) {
    throw new TableUnavailable(`${name} was cut off while downloading (${/** @type {Error} */ (e).message})`, 0);
  }
}
