#!/usr/bin/env node
// The proving live solver in wasm (run by scripts/bench, not by the tests; build the wasm
// first with scripts/build-wasm): for LIVE_POSITIONS (1,000) random-playout positions per big
// board, from the board's default start (a winnable one) with no table, the share of jumps
// wasm's live search decides (good or bad, not unknown) within LIVE_MS (50) ms per jump.
//
// A position: random legal jumps from the start until none is left, then a uniformly random
// position of that playout that still has a jump; mulberry32 seeded with 1 + the board's
// number below. `crate/examples/live_bench.rs` draws the same positions natively. Each
// position gets a fresh Game; `pegs()` judges every jump (each with its own time budget), as
// the page's worker does.

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { rng } from './rng.mjs';

// LIVE_PKG: another wasm-pack output directory to measure (an A/B of two builds); www/pkg by default
const PKG = process.env.LIVE_PKG ? pathToFileURL(`${process.env.LIVE_PKG.replace(/\/$/, '')}/`) : new URL('../../www/pkg/', import.meta.url);
const { default: init, Game } = await import(new URL('pegwise.js', PKG).href);
const BOARDS = ['french', 'wiegleb', 'diamond41', 'hexagon37', 'square6', 'triangle8'];
const COUNT = Number(process.env.LIVE_POSITIONS ?? 1000);
const MS = Number(process.env.LIVE_MS ?? 50);
// LIVE_THINK_MS (2,000; 0: none): then the work done while the player thinks, for this long a
// position, as the page's worker does it (worker-core.js think: wasm refine over every
// movable peg, in tries of 20 ms growing to 80); the share decided after it is reported too
const THINK_MS = Number(process.env.LIVE_THINK_MS ?? 2000);
const only = process.argv.slice(2);
// LIVE_CLOCK=cpu: the time budget runs on this process's CPU time instead of the wall clock
// (wasm reads the clock through Date.now), for a fair figure on a machine shared with other
// work; the default is the wall clock, as in the page.
const CPU = process.env.LIVE_CLOCK === 'cpu';
if (CPU) {
  Date.now = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
}
const now = () => (CPU ? Date.now() : performance.now());


await init({ module_or_path: readFileSync(new URL('pegwise_bg.wasm', PKG)) });

for (const [i, board] of BOARDS.entries()) {
  if (only.length && !only.includes(board)) continue;
  const r = rng(1 + i);
  // the default game's start and goal, for the report
  const opened = Game.open({ board });
  const { start, goal } = opened.position();
  opened.free();
  let good = 0;
  let bad = 0;
  let unknown = 0;
  let unknownAfter = 0;
  /** @type {number[]} the time the thinking took to decide each position (Infinity: not all) */
  const thought = [];
  const perJump = [];
  const t0 = performance.now();
  for (let n = 0; n < COUNT; n++) {
    const play = Game.open({ board });
    const line = [];
    for (;;) {
      const legal = play.legal();
      if (!legal.length) break;
      const j = legal[r.below(legal.length)];
      play.playJump(j.from, j.to);
      line.push(j);
    }
    play.free();
    const k = r.below(line.length);
    const g = Game.open({ board });
    for (const j of line.slice(0, k)) g.playJump(j.from, j.to);
    g.setBudget(5e7);
    g.setTimeBudget(MS);
    const t = now();
    const pegs = g.pegs();
    const dt = now() - t;
    let jumps = 0;
    for (const p of pegs) {
      good += p.good;
      bad += p.bad;
      unknown += p.unknown;
      jumps += p.jumps.length;
    }
    for (let q = 0; q < jumps; q++) perJump.push(dt / jumps);
    const left = pegs.reduce((a, p) => a + p.unknown, 0);
    if (THINK_MS > 0 && left > 0) {
      const holes = pegs.map((p) => p.hole).join(' ');
      const t1 = now();
      let undecided = left;
      // wasm cuts each try to its own length, as in the page (where the budget is 200 ms)
      g.setTimeBudget(200);
      while (undecided > 0 && now() - t1 < THINK_MS) {
        g.refine(holes);
        undecided = g.undecided();
      }
      unknownAfter += undecided;
      thought.push(undecided ? Infinity : now() - t1);
    } else unknownAfter += left;
    g.free();
  }
  perJump.sort((a, b) => a - b);
  const total = good + bad + unknown;
  const pct = ((100 * (good + bad)) / total).toFixed(1);
  const med = perJump[Math.floor(perJump.length / 2)].toFixed(2);
  console.log(`${board.padEnd(10)} ${start}/${goal} ${COUNT} positions, ${total} jumps: decided ${pct}% (good ${good}, bad ${bad}, unknown ${unknown}), median ${med} ms a jump, ${((performance.now() - t0) / 1000).toFixed(1)} s [wasm, ${MS} ms a jump, ${CPU ? 'CPU' : 'wall'} clock]`);
  if (THINK_MS > 0) {
    const solved = thought.filter((x) => x < Infinity).sort((a, b) => a - b);
    const after = ((100 * (total - unknownAfter)) / total).toFixed(1);
    console.log(`${''.padEnd(10)} after ${THINK_MS} ms of thinking a position: decided ${after}% (unknown ${unknownAfter}); ${solved.length} of ${thought.length} positions with a "?" fully decided, median ${solved.length ? solved[Math.floor(solved.length / 2)].toFixed(0) : '-'} ms`);
  }
}
