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

/**
 * Fetches every part the game waited for and hands each to wasm. Resolves to the number of
 * parts added (0 when nothing was needed); a part that fails is asked for again next time.
 * @param {{tableNeeds: () => import('../shared/wasm-types.js').TablePart[],
 *   addTablePart: (pegs: number, chunk: number, bytes: Uint8Array) => void}} game
 * @param {(file: string) => string} urlOf a file's absolute URL
 * @returns {Promise<number>}
 */
export async function fetchParts(game, urlOf) {
  const needs = game.tableNeeds();
  let added = 0;
  await Promise.all(
    needs.map(async (n) => {
      const url = urlOf(n.file);
      const key = `${url}#${n.from}-${n.to}`;
      if (!asked.has(key)) asked.set(key, fetchRange(url, n.from, n.to));
      try {
        game.addTablePart(n.pegs, n.chunk, await asked.get(key));
        added++;
      } catch (e) {
        asked.delete(key);
        throw e;
      }
    }),
  );
  return added;
}
