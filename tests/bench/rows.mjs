#!/usr/bin/env node
// Long rows' start-up in the shipped page (site/), cold (a new browser context per load):
// from navigation to the game shown (the board's "Loading the game…" gone), to every opening
// jump judged, and to the board picker filled (it is asked for once the first game is judged,
// and waits behind whatever the engine's worker does first: the start picker's answers).
// ROWS_BOARDS: the boards ("row:30 row:40 row:64"); BENCH_RUNS: loads each (5);
// BENCH_PAGES=source times the unbundled www/. Run by scripts/bench.

import { chromium } from 'playwright-core';
import { serveApart } from './serve-apart.mjs';
import { LAUNCH } from '../chromium.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BOARDS = (process.env.ROWS_BOARDS ?? 'row:30 row:40 row:64').split(/\s+/).filter(Boolean);
const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * In the page, from its first moment: notes when the game is shown, when every opening jump is
 * judged and when the board picker is filled (performance.now(), from navigation), and says
 * so on the console once all three are in (null for one not in after 60 s).
 */
function watchStart() {
  /** @type {Record<string, number|null>} */
  const at = { shown: null, judged: null, picker: null };
  (async () => {
    for (;;) {
      const el = /** @type {any} */ (document.getElementById('board'));
      const game = el?.game;
      const s = game?.state();
      if (s && at.shown === null) at.shown = performance.now();
      if (s && at.judged === null && s.status !== null) {
        const pegs = await game.pegs().catch(() => []);
        if (pegs.length && pegs.every((/** @type {any} */ p) => p.unknown === 0 && p.loading === 0)) at.judged = performance.now();
      }
      const picker = /** @type {HTMLSelectElement|null} */ (document.getElementById('board-select'));
      if (picker && picker.options.length > 0 && at.picker === null) at.picker = performance.now();
      if (Object.values(at).every((v) => v !== null) || performance.now() > 60_000) {
        console.debug(`pegwise-rows ${JSON.stringify(at)}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
}

/**
 * One cold load of a board.
 * @param {import('playwright-core').Browser} browser
 * @param {string} board
 */
async function coldLoad(browser, board) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(watchStart);
  // reported on the console, so the harness injects nothing into the page while it starts
  const reported = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('pegwise-rows '), timeout: 90_000 });
  await page.goto(`${server.url}?board=${board}`, { waitUntil: 'commit' });
  const at = JSON.parse((await reported).text().slice('pegwise-rows '.length));
  await context.close();
  return at;
}

const server = await serveApart(process.env.BENCH_PAGES === 'source' ? 'source' : 'site');
const browser = await chromium.launch(LAUNCH);
try {
  const report = {};
  for (const board of BOARDS) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, board));
    const med = (/** @type {string} */ k) => {
      const xs = runs.map((r) => r[k]).filter((x) => x !== null);
      return xs.length === runs.length ? Math.round(median(xs)) : null;
    };
    report[board] = { runs: RUNS, shownMs: med('shown'), judgedMs: med('judged'), pickerMs: med('picker') };
    const ms = (/** @type {number|null} */ x) => (x === null ? 'not within 60 s' : `${x} ms`);
    console.log(`${board} (median of ${RUNS} cold loads): game shown ${ms(report[board].shownMs)}, every opening jump judged ${ms(report[board].judgedMs)}, board picker filled ${ms(report[board].pickerMs)}`);
  }
  console.log(JSON.stringify(report, null, 2));
} finally {
  await browser.close();
  await server.close();
}
