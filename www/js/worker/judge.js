// What the page draws of a game: its snapshot and, judged, its state and the verdicts of the
// pegs it shows. One shape for the worker's replies and for the opening that the site's build
// bakes into the page (scripts/opening.mjs).

import { movablePegs } from '../shared/legal.js';

/**
 * @typedef {import('../../pkg/pegwise.js').Game} Game
 * @typedef {import('../shared/wasm-types.js').Snapshot} Snapshot
 * @typedef {import('../shared/protocol.js').Want} Want
 * @typedef {{tableState: string, tableNote: string, tableWhy: string}} TableView how its table
 *   stands: `table`, `loading`, `none`…, with a note and why
 */

/**
 * The fast part of a game's state, with the legal jumps and the version.
 * @param {Game} game
 * @param {number} version
 * @param {TableView} table
 * @returns {Snapshot}
 */
export function snapshotOf(game, version, { tableState, tableNote, tableWhy }) {
  return { version, position: game.position(), legal: game.legal(), tableState, tableNote, tableWhy };
}

/**
 * The snapshot with the full state (status and verdict) and the verdicts of the pegs wanted:
 * the one looked at, then every peg that can jump when all are wanted, as far as `ms` allows
 * past the first.
 * @param {Game} game
 * @param {Snapshot} snap
 * @param {Want} want
 * @param {number} ms
 * @returns {Snapshot & {state: object, pegs: object[]}}
 */
export function judged(game, snap, { hole, all }, ms) {
  const state = { ...game.state(), search: game.searchStats() };
  const movable = movablePegs(snap.legal);
  const holes = [...new Set([...(hole !== null && movable.includes(hole) ? [hole] : []), ...(all ? movable : [])])];
  const pegs = [];
  const t0 = Date.now();
  for (const h of holes) {
    if (pegs.length && Date.now() - t0 > ms) break;
    pegs.push(game.pegHints(h));
  }
  return { ...snap, state, pegs };
}
