#!/usr/bin/env node
// The Analysis panel's questions in wasm (run by scripts/bench, not by the tests; build the
// wasm first with scripts/build-wasm): how long `countWinning`, `fewestMoves` and `bestFinish`
// take on the English central game (d4, goal d4, its shipped table), at the start and along
// ANALYSIS_LINES (3) random winning lines, every ANALYSIS_STEP (4) jumps. The table parts a
// question needs are read from data/ first (as the page fetches them), so the times are the
// work in wasm alone. Counts: the first count of a game remembers the counts of every
// winning position it passed (one game at a time per wasm instance), so a count is shown
// twice: the first answer at that position (counting, when the remembered counts don't cover
// it), then asked again (a lookup). A line: at each step a random jump the table calls good
// (mulberry32, seed 1). The shipped counts file (english.d4.d4.pgc) is handed over first, as
// the panel's worker does: positions it stores (the first nine jumps) are a lookup, and later
// ones are counted live. COUNTS=0 leaves it out (today's live path everywhere).
// The best finish is asked at every position (the panel asks it once the goal is lost), with
// the table of goal any from d4 handed over as the panel does (english.d4.any.pgt).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import init, { Game, addCounts, keepEveryChunk } from '../../www/pkg-analysis/pegwise.js';
import { ANALYSIS_BUDGET } from '../../www/js/worker/analysis-ops.js';
import { rng } from './rng.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LINES = Number(process.env.ANALYSIS_LINES ?? 3);
const STEP = Number(process.env.ANALYSIS_STEP ?? 4);


await init({ module_or_path: readFileSync(`${ROOT}www/pkg-analysis/pegwise_bg.wasm`) });
keepEveryChunk(); // as the panel's worker does
if (process.env.COUNTS !== '0') {
  const probe = Game.open({ board: 'english', start: 'd4', goal: 'start' });
  const file = probe.countsFile();
  probe.free();
  if (!file) throw new Error('no counts file serves the central game');
  const bytes = readFileSync(`${ROOT}data/${file}`);
  const t = performance.now();
  addCounts(file, bytes);
  console.log(`counts file ${file}: ${bytes.length} bytes, checked and decoded in ${(performance.now() - t).toFixed(1)} ms`);
}

/** Hands the game every table part its last answers waited for (`finish`: the parts of the
 * best finish's table); returns how many. @param {Game} g @param {boolean} [finish] */
function feed(g, finish = false) {
  const needs = finish ? g.finishTableNeeds() : g.tableNeeds();
  const add = (/** @type {any} */ n, /** @type {Uint8Array} */ b) => (finish ? g.addFinishTablePart(n.pegs, n.chunk, b) : g.addTablePart(n.pegs, n.chunk, b));
  for (const n of needs) add(n, readFileSync(`${ROOT}data/${n.file}`).subarray(n.from, n.to));
  return needs.length;
}

/** Asks until the answer is no longer "loading", feeding parts between rounds; returns the
 * answer and the milliseconds of the last round (the work with every part in). */
function ask(g, q, finish = false) {
  for (let round = 0; round < 200; round++) {
    const t = performance.now();
    const a = q();
    const ms = performance.now() - t;
    if (a.state !== 'loading') return { ...a, ms };
    if (!feed(g, finish)) throw new Error('loading, but no part is needed');
  }
  throw new Error('too many rounds');
}

/** The central game with its table, and the table that says whether one peg can still remain
 * (goal any from d4), as the panel's worker hands them over. */
function game() {
  const g = Game.open({ board: 'english', start: 'd4', goal: 'start' });
  const file = g.tableFile();
  g.loadTable(file, readFileSync(`${ROOT}data/${file}`));
  const finish = g.finishTableFile();
  if (finish) g.loadFinishTable(finish, readFileSync(`${ROOT}data/${finish}`));
  return g;
}

/** Milliseconds of one call (the parts it needs already in). */
function timed(f) {
  const t = performance.now();
  const r = f();
  return [performance.now() - t, r];
}

const rows = [];
function measure(g, label) {
  const questions = {
    count: () => g.countWinning(ANALYSIS_BUDGET.count),
    fewest: () => g.fewestMoves(ANALYSIS_BUDGET.fewest),
    best: () => g.bestFinish(ANALYSIS_BUDGET.best),
  };
  const row = { label, pegs: g.position().pegCount };
  for (const [name, q] of Object.entries(questions)) {
    // count: the first answer in a line may count (and remember the game's counts); asked
    // again, it is a lookup in what was remembered
    const first = ask(g, q, name === 'best');
    const [ms, a] = timed(q);
    row[name] = ms;
    if (name === 'count') row.countFirst = first.ms;
    row[`${name}State`] = a.state;
    if (name === 'count') row.value = a.count;
    if (name === 'fewest') row.moves = a.moves;
  }
  rows.push(row);
}

const g0 = game();
measure(g0, 'start');
g0.free();
const r = rng(1);
for (let line = 0; line < LINES; line++) {
  const g = game();
  for (let jumps = 1; ; jumps++) {
    const hints = ask(g, () => {
      const h = g.hints();
      return { state: h.some((x) => x.verdict === 'loading') ? 'loading' : 'done', h };
    }).h;
    const good = hints.filter((h) => h.verdict === 'good');
    if (!good.length) break;
    const j = good[r.below(good.length)];
    g.playJump(j.from, j.to);
    if (jumps % STEP === 0) measure(g, `line ${line + 1} after ${jumps} jumps`);
  }
  g.free();
}
const fmt = (x) => x.toFixed(1).padStart(8);
console.log('position                     pegs  count ms (first, again)  fewest ms   best ms  count / fewest moves');
for (const w of rows) console.log(`${w.label.padEnd(28)} ${String(w.pegs).padStart(4)} ${fmt(w.countFirst)} ${fmt(w.count)}  ${fmt(w.fewest)} ${fmt(w.best)}  ${w.countState === 'done' ? w.value : w.countState} / ${w.fewestState === 'done' ? w.moves : w.fewestState}`);
const worst = (k) => Math.max(...rows.map((w) => w[k]));
console.log(`worst: first count ${worst('countFirst').toFixed(1)} ms, count again ${worst('count').toFixed(1)} ms, fewest ${worst('fewest').toFixed(1)} ms, best ${worst('best').toFixed(1)} ms over ${rows.length} positions`);
