// The Analysis panel's requests, served by an engine worker of its own (analysis-worker.js:
// analysis-engine.js starts one, so a long count never holds up the hints of the game being
// played). wasm answers every question; this only waits for the game's table, and answers once
// the table parts an answer waited for are in (table-parts.js).

import { fileBytes } from './table-bytes.js';
import { GameParts, answerOnceIn } from './table-parts.js';

/** @typedef {typeof import('../../pkg-analysis/pegwise.js')} AnalysisPkg
 * @typedef {import('../../pkg-analysis/pegwise.js').Game} AnalysisGame
 * @typedef {import('../shared/wasm-types.js').CountAnswer | import('../shared/wasm-types.js').ChanceAnswer
 *   | import('../shared/wasm-types.js').ForcedAnswer | import('../shared/wasm-types.js').FewestAnswer
 *   | import('../shared/wasm-types.js').BestAnswer} Answer */

/** Budgets for one question: table lookups or live-solver positions (then "unknown"). A count
 * without a table gets less: each position the live solver settles stays in its memory. */
export const ANALYSIS_BUDGET = { count: 40_000_000, countLive: 2_000_000, fewest: 500_000, best: 1_000_000 };
/** How long to wait for the game's table to arrive before answering without it. */
const TABLE_WAIT_MS = 30_000;

let keeping = false;
/** Shipped counts files asked for in this worker, by name: the fetch and hand-over, settled
 * true when wasm took the file, false when it could not be had or was refused (the live path
 * answers then). */
const countsFiles = new Map();

/**
 * Loads the shipped counts file that serves the game (early positions of the English central
 * game: counts and fewest moves at once), once a worker. A file that fails to arrive or is
 * refused leaves the answers to the live path.
 * @param {AnalysisPkg} pkg
 * @param {{countsFile: () => string|undefined}} game
 * @param {(file: string) => string} urlOf
 */
async function loadCounts(pkg, game, urlOf) {
  const file = game.countsFile();
  if (!file) return;
  if (!countsFiles.has(file)) {
    countsFiles.set(
      file,
      (async () => {
        try {
          pkg.addCounts(file, await fileBytes(urlOf(file)));
          return true;
        } catch (e) {
          console.warn(`pegwise: counts file not used, counting live: ${e instanceof Error ? e.message : e}`);
          return false;
        }
      })(),
    );
  }
  await countsFiles.get(file);
}

/**
 * Hands the game's wasm the table that says whether one peg can still remain (its start with
 * goal any: `finishTableFile`), fetched whole once (shared with the game's own table when it is
 * the same file). One that can't be had or is refused leaves the best finish to the search.
 * @param {AnalysisGame} game
 * @param {(file: string) => string} urlOf
 */
async function loadFinishTable(game, urlOf) {
  const file = game.finishTableFile();
  if (!file) return;
  try {
    game.loadFinishTable(file, await fileBytes(urlOf(file)));
  } catch (e) {
    console.warn(`pegwise: best finish searched without its table: ${e instanceof Error ? e.message : e}`);
  }
}

/**
 * The best finish's table, as it takes its parts.
 * @param {AnalysisGame} game
 */
const finishParts = (game) => ({
  tableNeeds: () => game.finishTableNeeds(),
  /** @param {number} pegs @param {number} chunk @param {Uint8Array} bytes */
  addTablePart: (pegs, chunk, bytes) => game.addFinishTablePart(pegs, chunk, bytes),
});

/**
 * The analysis requests, to add to the worker's per-game requests.
 * @param {AnalysisPkg} pkg the wasm package with the panel's bindings (pkg-analysis/)
 * @param {(file: string) => string} urlOf a table file's absolute URL
 */
export function analysisOps(pkg, urlOf) {
  return {
    /**
     * One analysis of the position: `what` is count | positions | chance | forced | fewest |
     * best. Answers `{version, what, answer}` with wasm's answer (`state` done | unknown;
     * loading only if the parts could not be had). positions, chance and forced walk the
     * winning positions from here as a count does, within the count's budget.
     * @param {import('./worker-core.js').Slot} s
     * @param {{what: 'count'|'positions'|'chance'|'forced'|'fewest'|'best'}} args
     */
    async analyse(s, { what }) {
      if (!keeping) {
        pkg.keepEveryChunk(); // this worker walks whole levels: keep what it decodes
        keeping = true;
      }
      // this worker serves the Analysis package: its games are that package's
      const game = /** @type {AnalysisGame} */ (/** @type {unknown} */ (s.game));
      const walk = () => (game.hasTable() ? ANALYSIS_BUDGET.count : ANALYSIS_BUDGET.countLive);
      /** @type {Record<string, () => Answer>} */
      const asks = {
        count: () => game.countWinning(walk()),
        positions: () => game.countPositions(walk()),
        chance: () => game.randomChance(walk()),
        forced: () => game.forcedPositions(walk()),
        fewest: () => game.fewestMoves(ANALYSIS_BUDGET.fewest),
        best: () => game.bestFinish(ANALYSIS_BUDGET.best),
      };
      const ask = asks[what];
      if (!ask) throw new Error(`unknown analysis '${what}'`);
      if (what === 'count' || what === 'fewest') await loadCounts(pkg, game, urlOf);
      else await loadFinishTable(game, urlOf);
      // an answer from the live solver where the table would answer exactly: wait for it
      if (s.tableState === 'loading' && s.head) {
        /** @type {ReturnType<typeof setTimeout>|undefined} */
        let timer;
        await Promise.race([s.head, new Promise((ok) => (timer = setTimeout(ok, TABLE_WAIT_MS)))]).finally(() => clearTimeout(timer));
      }
      const parts = what === 'best' ? new GameParts(finishParts(game), urlOf) : s.parts;
      const answer = await answerOnceIn(ask, parts);
      return { version: s.version, what, answer };
    },
  };
}
