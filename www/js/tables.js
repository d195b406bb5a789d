// Fetches table files (data/*.pgt) lazily, once per URL: every later request for the same URL
// shares the first answer, so switching games back and forth never downloads a table twice.

/** @type {Map<string, Promise<Uint8Array>>} */
const cache = new Map();

/** A table file the server does not have (HTTP 404): the game falls back to the live search. */
export class MissingTable extends Error {
  /** @param {string} url */
  constructor(url) {
    super(`no table at ${url}`);
    this.name = 'MissingTable';
  }
}

/**
 * The bytes of the table at `url`, fetched on the first call and cached.
 * Rejects with MissingTable on a 404 and with an Error on any other failure;
 * a failure that is not a 404 is forgotten, so a later call tries again.
 * @param {string} url absolute URL of the table file
 * @returns {Promise<Uint8Array>}
 */
export function tableBytes(url) {
  let p = cache.get(url);
  if (!p) {
    p = download(url);
    cache.set(url, p);
    p.catch((e) => {
      if (!(e instanceof MissingTable)) cache.delete(url);
    });
  }
  return p;
}

/**
 * @param {string} url
 * @returns {Promise<Uint8Array>}
 */
async function download(url) {
  const res = await fetch(url);
  if (res.status === 404) throw new MissingTable(url);
  if (!res.ok) throw new Error(`table ${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}
