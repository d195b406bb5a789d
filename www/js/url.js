// The game in the address bar: ?board=english&start=d4&goal=start&moves=d2-d4+f3-d3, or from a
// start position: ?board=row:7&position=oXoXXXX&goal=any

/**
 * @typedef {{board: string, start?: string, position?: string, goal: string, moves: string}} GameSpec
 *   a game as text: board (a name, or a drawn board's ascii: text), start hole or start
 *   position (X a peg, o a hole), goal (start | any | a hole) and moves in notation
 */

/**
 * Reads a game from a query string. Returns null when the URL names no game at all;
 * fields the URL leaves out are undefined (the caller fills in defaults).
 * @param {string} search e.g. location.search
 * @returns {Partial<GameSpec> | null}
 */
export function readGameUrl(search) {
  const q = new URLSearchParams(search);
  const keys = ['board', 'start', 'position', 'goal', 'moves'];
  if (!keys.some((k) => q.has(k))) return null;
  /** @type {Partial<GameSpec>} */
  const spec = {};
  for (const k of keys) {
    const v = q.get(k);
    if (v !== null) spec[/** @type {keyof GameSpec} */ (k)] = v.trim();
  }
  return spec;
}

/**
 * Writes a game as a query string that readGameUrl reads back. Spaces become "+", and ":"
 * and "/" stay readable, so links look like the notation.
 * @param {GameSpec} g
 * @returns {string} e.g. "?board=english&start=d4&goal=start&moves=d2-d4+f3-d3"
 */
export function gameQuery(g) {
  const enc = (/** @type {string} */ v) => encodeURIComponent(v).replace(/%3A/gi, ':').replace(/%2F/gi, '/').replace(/%20/g, '+');
  const from = g.position !== undefined ? `position=${enc(g.position)}` : `start=${enc(g.start ?? '')}`;
  let q = `?board=${enc(g.board)}&${from}&goal=${enc(g.goal)}`;
  if (g.moves) q += `&moves=${enc(g.moves)}`;
  return q;
}
