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
  // 1. Navigation to the first exact hint (table attached) on the English board, cold cache.
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
    await page.goto(`${server.url}?board=english&start=d4&goal=start`);
    await page.waitForFunction(() => window.pegwise, null, { timeout: 30_000 });
    const t = await page.evaluate(async () => {
      await window.pegwise.ready;
      const readyAt = performance.now();
      for (;;) {
        const s = window.pegwise.snapshot();
        if (s?.tableState === 'table') break;
        await new Promise((r) => setTimeout(r, 2));
      }
      const nav = performance.getEntriesByType('navigation')[0];
      return { ready: readyAt, table: performance.now(), html: nav.responseEnd };
    });
    await page.waitForTimeout(50);
    firstHint.push(t.table);
    ready.push(t.ready);
    afterHtml.push(t.table - t.html);
    tableBytes = bytes;
    await context.close();
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
      const times = [];
      let seed = 12345;
      for (let game = 0; game < 20; game++) {
        g.reset();
        for (;;) {
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
    englishReadyMs: median(ready),
    englishFirstExactHintMs: median(firstHint),
    englishFirstExactHintAfterHtmlMs: median(afterHtml),
    englishTableBytesFetched: tableBytes,
    classify,
    shippedGzipBytes: shipped.gz,
    shippedRawBytes: shipped.raw,
    shippedFiles: shipped.files,
  };
  console.log(JSON.stringify(report, null, 2));
  console.log(
    `\nnavigation -> first exact hint (English, median of ${RUNS}): ${report.englishFirstExactHintMs.toFixed(0)} ms (engine ready at ${report.englishReadyMs.toFixed(0)} ms; ${report.englishFirstExactHintAfterHtmlMs.toFixed(0)} ms after the HTML arrived)\n` +
      Object.entries(classify)
        .map(([b, r]) => `classify every jump of a position, ${b}: median ${r.medianUs.toFixed(1)} µs, p90 ${r.p90Us.toFixed(1)} µs over ${r.positions} positions (table decode ${r.decodeMs.toFixed(0)} ms)`)
        .join('\n') +
      `\nwasm + JS + CSS + HTML shipped: ${(shipped.gz / 1024).toFixed(1)} KB gzipped (${(shipped.raw / 1024).toFixed(1)} KB raw, ${shipped.files} files)` +
      `\ntable bytes fetched for the English central game: ${tableBytes} bytes`,
  );
} finally {
  await browser.close();
  await server.close();
}
