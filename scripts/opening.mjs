// The default game's opening as the core judges it, for scripts/build-site.mjs to bake into
// the shipped page: the board is drawn with its verdicts before the engine has started (the
// engine's first answer then replaces it). The game's wasm opens the game a page without a
// link or a saved game opens, reads its table from data/ as the worker would (the head, then
// the parts it notes), and judges every peg that can jump, in the worker's reply shape.

import { readFileSync } from 'node:fs';
import { judged, snapshotOf } from '../www/js/worker/judge.js';

/** Most rounds of table parts (a level's header, then its chunks) before giving up. */
const ROUNDS = 8;

/**
 * @param {any} wasm the game's wasm package, initialised
 * @param {string} data the folder of the table files, ending in "/"
 * @returns {object} the opening: snapshot, state, every movable peg's verdicts, layout, table file
 */
export function bakeOpening(wasm, data) {
  const game = wasm.Game.open({});
  try {
    const file = game.tableFile();
    if (!file) throw new Error('the default game has no table');
    game.loadTable(file, readFileSync(`${data}${file}`));
    const view = { tableState: 'table', tableNote: '', tableWhy: '' };
    for (let round = 0; round < ROUNDS; round++) {
      const opening = judged(game, snapshotOf(game, 0, view), { hole: null, all: true }, Infinity);
      const needs = game.tableNeeds();
      if (!needs.length) {
        const unjudged = opening.pegs.filter((p) => p.unknown > 0 || p.loading > 0);
        if (unjudged.length) throw new Error(`the default game's opening is not all judged: ${unjudged.map((p) => p.hole)}`);
        return { ...opening, layout: game.layout(), tableFile: file };
      }
      for (const n of needs) game.addTablePart(n.pegs, n.chunk, readFileSync(`${data}${n.file}`).subarray(n.from, n.to));
    }
    throw new Error(`the default game's table still wants parts after ${ROUNDS} rounds`);
  } finally {
    game.free();
  }
}
