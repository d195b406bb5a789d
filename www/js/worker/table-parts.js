// Table parts in a worker: a big level of a table lives in its own file, fetched a few KB at a
// time with HTTP range requests (its header and index first, then the chunks a position needs).
// wasm says what it waited for (Game.tableNeeds) and checks every part it is given against the
// hashes the table pins, and keeps it; this module only fetches.
//
// A host that ignores Range (a plain static server answers 200 with the whole file) costs one
// download per file, not one per part: the first request to a file learns which kind of host
// it is, the requests to that file behind it wait for that answer, and a whole body is kept and
// cut for every part of that file from then on.

/** Parts on their way, by `url#from-to` (wasm keeps a part once it has it: only a request
 * under way is shared). @type {Map<string, Promise<Uint8Array>>} */
const parts = new Map();
/** Per file, from its first answer: its whole body when the host sent the whole file, else
 * null (the host honours ranges). @type {Map<string, Promise<Uint8Array|null>>} */
const wholes = new Map();

/**
 * The bytes [from, to) of a file: by a range request (one at a time for the same part), or
 * cut from the whole file where the host sends only that.
 * @param {string} url absolute URL of the file
 * @param {number} from
 * @param {number} to end, exclusive
 * @returns {Promise<Uint8Array>}
 */
export function partBytes(url, from, to) {
  const key = `${url}#${from}-${to}`;
  let p = parts.get(key);
  if (!p) {
    const mine = fetchPart(url, from, to);
    parts.set(key, mine);
    const done = () => {
      if (parts.get(key) === mine) parts.delete(key);
    };
    mine.then(done, done);
    p = mine;
  }
  return p;
}

/**
 * @param {string} url
 * @param {number} from
 * @param {number} to
 * @returns {Promise<Uint8Array>}
 */
async function fetchPart(url, from, to) {
  const known = wholes.get(url);
  if (known) {
    const whole = await known;
    if (whole) return cut(whole, url, from, to);
  } else {
    // the first request to this file: the others wait to learn whether the host sends ranges
    const first = rangeRequest(url, from, to);
    const learnt = first.then(
      (r) => r.whole,
      () => {
        wholes.delete(url); // no answer, nothing learnt: the next request asks again
        return null;
      },
    );
    wholes.set(url, learnt);
    return (await first).part;
  }
  const r = await rangeRequest(url, from, to);
  if (r.whole) wholes.set(url, Promise.resolve(r.whole)); // the host stopped sending ranges
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
  const res = await fetch(url, { headers: { Range: `bytes=${from}-${to - 1}` } });
  if (res.status === 206) {
    // a host may shorten a range or send another: only the one asked for is taken
    const got = /^bytes (\d+)-(\d+)\//.exec(res.headers.get('Content-Range') ?? '');
    const body = new Uint8Array(await res.arrayBuffer());
    if (got && (Number(got[1]) !== from || Number(got[2]) !== to - 1)) {
      throw new Error(`${fileName(url)}: asked for bytes ${from}-${to - 1}, the host sent ${got[1]}-${got[2]}`);
    }
    return { part: body, whole: null };
  }
  if (res.status !== 200) throw new Error(`${fileName(url)} could not be downloaded (HTTP ${res.status})`);
  const whole = new Uint8Array(await res.arrayBuffer());
  return { part: cut(whole, url, from, to), whole };
}

/**
 * Bytes [from, to) of a whole file.
 * @param {Uint8Array} whole
 * @param {string} url
 * @param {number} from
 * @param {number} to
 */
function cut(whole, url, from, to) {
  if (to > whole.length) throw new Error(`${fileName(url)} is ${whole.length} bytes long, shorter than the table says (${to})`);
  return whole.subarray(from, to);
}

/** @param {string} url */
const fileName = (url) => url.slice(url.lastIndexOf('/') + 1);
