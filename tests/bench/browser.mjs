#!/usr/bin/env node
// Browser timing harness (run by scripts/bench, not by the tests): time to the first exact hint
// on the English board, wasm classification time per position, bytes shipped, table bytes.

import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LAUNCH = {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  timeout: 60_000,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Gzipped bytes of everything the page ships except the tables. */
function shippedBytes() {
  const files = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (/\.(js|mjs|css|html|wasm)$/.test(e.name) && !/embed|bench/.test(e.name)) files.push(p);
    }
  };
  walk(`${ROOT}www`);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const b = readFileSync(f);
    raw += b.length;
    gz += gzipSync(b, { level: 9 }).length;
  }
  return { files: files.length, raw, gz };
}

const server = await startServer({ port: 0 });
const browser = await chromium.launch(LAUNCH);
try {
  // 1. Navigation to every opening jump judged (good or bad, none loading or unknown), cold
  //    cache: the central game, and a start that needs the union table (if built).
  const opening = {};
  for (const [start, goal] of [['d4', 'start'], ['c1', 'any']]) {
    const firstHint = [];
    const ready = [];
    const afterHtml = [];
    let tableBytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      let bytes = 0;
      page.on('response', async (r) => {
        if (r.url().includes('/data/')) {
          const sizes = await r.request().sizes().catch(() => null);
          if (sizes) bytes += sizes.responseBodySize;
        }
      });
      await page.goto(`${server.url}?board=english&start=${start}&goal=${goal}`);
      await page.waitForFunction(() => window.pegwise, null, { timeout: 30_000 });
      const t = await page.evaluate(async () => {
        await window.pegwise.ready;
        const readyAt = performance.now();
        for (;;) {
          const { pegs } = await window.pegwise.call('pegs');
          if (pegs.length && pegs.every((p) => p.unknown === 0 && p.loading === 0)) break;
          if (performance.now() > 30_000) return null;
          await new Promise((r) => setTimeout(r, 2));
        }
        const nav = performance.getEntriesByType('navigation')[0];
        return { ready: readyAt, judged: performance.now(), html: nav.responseEnd };
      });
      await page.waitForTimeout(50);
      if (t) {
        firstHint.push(t.judged);
        ready.push(t.ready);
        afterHtml.push(t.judged - t.html);
      }
      tableBytes = bytes;
      await context.close();
    }
    opening[`${start}/${goal}`] = firstHint.length
      ? { readyMs: median(ready), judgedMs: median(firstHint), afterHtmlMs: median(afterHtml), tableBytes }
      : { judgedMs: null, note: 'not judged within 30 s (is data/english.every.pgt built?)' };
  }

  // 2. Median time to classify every jump of a position, in wasm on the main thread.
  const page = await (await browser.newContext()).newPage();
  await page.goto(server.url);
  const classify = await page.evaluate(async () => {
    const mod = await import('/pkg/pegwise.js');
    await mod.default();
    const results = {};
    for (const [board, start, goal] of [['english', 'd4', 'start'], ['triangle5', 'a1', 'start'], ['triangle6', 'a1', 'any']]) {
      const g = new mod.Game(board, start, goal);
      const file = g.tableFile();
      const bytes = new Uint8Array(await (await fetch(`/data/${file}`)).arrayBuffer());
      const t0 = performance.now();
      g.loadTable(file, bytes);
      const load = performance.now() - t0;
      // fetch the parts a position's hints wait for (as the worker does), before timing it
      const fill = async () => {
        for (;;) {
          g.hints();
          const needs = g.tableNeeds();
          if (!needs.length) return;
          for (const n of needs) {
            const r = await fetch(`/data/${n.file}`, { headers: { Range: `bytes=${n.from}-${n.to - 1}` } });
            g.addTablePart(n.pegs, n.chunk, new Uint8Array(await r.arrayBuffer()));
          }
        }
      };
      const times = [];
      let seed = 12345;
      for (let game = 0; game < 20; game++) {
        g.reset();
        for (;;) {
          await fill();
          const reps = 20;
          const s = performance.now();
          let hints;
          for (let r = 0; r < reps; r++) hints = g.hints();
          times.push(((performance.now() - s) / reps) * 1000);
          if (hints.length === 0) break;
          seed = (seed * 1103515245 + 12345) % 2147483648;
          g.play(hints[seed % hints.length].jump);
        }
      }
      times.sort((a, b) => a - b);
      results[board] = { decodeMs: load, medianUs: times[Math.floor(times.length / 2)], p90Us: times[Math.floor(times.length * 0.9)], positions: times.length };
      g.free();
    }
    return results;
  });

  const shipped = shippedBytes();
  const report = {
    englishOpening: opening,
    classify,
    shippedGzipBytes: shipped.gz,
    shippedRawBytes: shipped.raw,
    shippedFiles: shipped.files,
  };
  console.log(JSON.stringify(report, null, 2));
  console.log(
    Object.entries(opening)
      .map(([k, o]) => (o.judgedMs === null ? `English ${k}: ${o.note}` : `navigation -> every opening jump judged, English ${k} (median of ${RUNS}): ${o.judgedMs.toFixed(0)} ms (engine ready at ${o.readyMs.toFixed(0)} ms; ${o.afterHtmlMs.toFixed(0)} ms after the HTML; ${o.tableBytes} table bytes)`))
      .join('\n') +
      '\n' +
      Object.entries(classify)
        .map(([b, r]) => `classify every jump of a position, ${b}: median ${r.medianUs.toFixed(1)} µs, p90 ${r.p90Us.toFixed(1)} µs over ${r.positions} positions (table decode ${r.decodeMs.toFixed(0)} ms)`)
        .join('\n') +
      `\nwasm + JS + CSS + HTML shipped: ${(shipped.gz / 1024).toFixed(1)} KB gzipped (${(shipped.raw / 1024).toFixed(1)} KB raw, ${shipped.files} files)`,
  );
} finally {
  await browser.close();
  await server.close();
}
