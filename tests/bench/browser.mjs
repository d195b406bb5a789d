#!/usr/bin/env node
// Browser timing harness (run by scripts/bench, not by the tests), on the shipped page (site/):
// navigation -> every opening jump judged (cold: a new context per load) on the default page,
// every English start class, every catalogue board's default, and after changing the start, with the start-up
// broken down by performance marks; wasm classification time per position; bytes shipped
// (gzipped, from the real files) and table bytes fetched. BENCH_RUNS loads per case (7);
// BENCH_CASES=english|boards|default|moves times only the English starts, only the other
// boards' defaults, only the default page, or no opening (a move's latency and the rest);
// BENCH_PAGES=source times the unbundled modules of www/ instead of site/.

import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveApart } from './serve-apart.mjs';
import { EMBED_FILES, PAGE_FILES } from '../shipped-files.mjs';
import { LAUNCH } from '../chromium.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Bytes of shipped files, measured from the real files: raw, as served to a browser that takes
 * brotli (the build's twin, file.br), gzipped as served to the rest (the zopfli twin, file.gz),
 * and by plain gzip -9 for comparison.
 * @param {string[]} names paths under site/
 */
function shippedBytes(names) {
  const files = names.map((n) => {
    const b = readFileSync(`${ROOT}site/${n}`);
    const gz9 = gzipSync(b, { level: 9 }).length;
    const twin = (/** @type {string} */ ext) => (existsSync(`${ROOT}site/${n}.${ext}`) ? readFileSync(`${ROOT}site/${n}.${ext}`).length : gz9);
    return { file: n, raw: b.length, br: twin('br'), gz: twin('gz'), gz9 };
  });
  const sum = (k) => files.reduce((a, f) => a + f[k], 0);
  return { files, raw: sum('raw'), br: sum('br'), gz: sum('gz'), gz9: sum('gz9') };
}

/** The start-up marks (engine.js and engine-worker.js), in the order they happen. */
const MARKS = ['engine-start', 'worker-start', 'wasm-ready', 'open', 'table'];

/**
 * In the page, from its first moment (an init script, so the harness's own round trips to the
 * page don't delay it), every 2 ms: when the board first shows every opening jump judged good
 * or bad (`shown`: read from the board, which on the shipped default page has the opening the
 * core judged at build time before its engine starts), and, apart, when the engine has judged
 * them all itself (`judged`: asked of the worker); both said on the console (null after 10 s).
 */
function pollJudged() {
  const w = /** @type {any} */ (window);
  const decided = (/** @type {any} */ v) => v.verdict === 'good' || v.verdict === 'bad';
  const board = () => /** @type {any} */ (document.getElementById('board'))?.game;
  const pause = () => new Promise((r) => setTimeout(r, 2));
  const late = () => performance.now() > 10_000;
  // what the board shows: read from the page's copy, without waiting on the engine
  const shown = (async () => {
    for (; !late(); await pause()) {
      const s = board()?.state();
      if (!s) continue;
      const pegs = [...new Set(s.legal.map((/** @type {any} */ j) => j.from))];
      if (pegs.length && pegs.every((p) => s.verdicts[p]?.every(decided))) return performance.now();
    }
    return null;
  })();
  // what the engine has judged: asked of the worker
  const judged = (async () => {
    for (; !late(); await pause()) {
      try {
        const game = board();
        if (!game?.state()) continue;
        const pegs = await game.pegs();
        if (pegs.length && pegs.every((/** @type {any} */ p) => p.unknown === 0 && p.loading === 0)) return performance.now();
      } catch {
        // no game open yet
      }
    }
    return null;
  })();
  Promise.all([judged, shown]).then(([j, s]) => console.debug(`pegwise-judged ${j} ${s}`));
}

/** Counts the page's messages to its workers (window.__posts), from the page's first moment. */
function countPosts() {
  const w = /** @type {any} */ (window);
  w.__posts = 0;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (...args) {
    w.__posts++;
    return post.apply(this, /** @type {any} */ (args));
  };
}

/**
 * A move's latency in the page: hints "always" (every peg that can jump is marked), a winning
 * line played through the element's API with motion reduced, and for each move the time from
 * play() to the board complete again (status known, every movable peg judged) and the messages
 * the page sent the worker meanwhile.
 * @param {import('playwright-core').Browser} browser
 * @param {string} query
 */
async function moveLatency(browser, query) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.addInitScript(countPosts);
  await page.goto(`${server.url}${query}`);
  const r = await page.evaluate(async () => {
    const w = /** @type {any} */ (window);
    const game = /** @type {any} */ (document.getElementById('board')).game;
    await game.ready;
    await game.set({ hints: 'always' });
    await game.settled();
    const line = (await game.solution()) ?? [];
    const complete = () => {
      const s = game.state();
      const movable = new Set(s.legal.map((/** @type {any} */ j) => j.from));
      return s.status !== null && [...movable].every((h) => s.pegHints[h]);
    };
    const ms = [];
    const posts = [];
    for (const jump of line.slice(0, 12)) {
      const before = w.__posts;
      const t0 = performance.now();
      await game.play(jump);
      while (!complete()) await new Promise((ok) => setTimeout(ok, 1));
      ms.push(performance.now() - t0);
      posts.push(w.__posts - before);
      await game.settled();
    }
    return { ms, posts };
  });
  await context.close();
  return r;
}

/**
 * One cold load (a new browser context: empty cache and storage) of `query`: the time from
 * navigation to every opening jump judged, with the start-up broken down by marks, and (with
 * `changeTo`) the time from picking another start in the page's start menu to its opening
 * judged.
 * @param {import('playwright-core').Browser} browser
 * @param {string} query
 * @param {string} [changeTo]
 */
async function coldLoad(browser, query, changeTo) {
  const context = await browser.newContext();
  const page = await context.newPage();
  /** @type {import('playwright-core').Worker|null} */
  let worker = null;
  page.on('worker', (w) => (worker = w));
  let tableBytes = 0;
  page.on('response', async (r) => {
    if (!r.url().includes('/data/')) return;
    const sizes = await r.request().sizes().catch(() => null);
    if (sizes) tableBytes += sizes.responseBodySize;
  });
  await page.addInitScript(pollJudged);
  // The poller reports on the console: waiting with page.waitForFunction would inject
  // Playwright's own utility script into the page while it starts (36 ms of its main thread
  // here, which held up the worker's start), and timed the harness instead of the page.
  const reported = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('pegwise-judged '), timeout: 30_000 });
  await page.goto(`${server.url}${query}`, { waitUntil: 'commit' });
  const [, said, saw] = (await reported).text().split(' ');
  const judged = said === 'null' ? null : Number(said);
  const shown = saw === 'null' ? null : Number(saw);
  const t = await page.evaluate(() => {
    const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
    const app = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/js/page/app.js'));
    const marks = Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]));
    return { html: nav.responseEnd, app: app?.responseEnd ?? null, origin: performance.timeOrigin, marks };
  });
  /** @type {Record<string, number>} */
  const marks = {};
  for (const [k, v] of Object.entries(t.marks)) marks[k.replace('pegwise:', '')] = v;
  if (worker) {
    const w = await /** @type {import('playwright-core').Worker} */ (worker).evaluate(() => ({
      origin: performance.timeOrigin,
      marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]),
    }));
    // the worker's clock starts later: shift its marks onto the page's
    for (const [k, v] of w.marks) if (!(k.replace('pegwise:', '') in marks)) marks[k.replace('pegwise:', '')] = v + (w.origin - t.origin);
  }
  await page.waitForTimeout(50); // the last responses' sizes come in
  const openingBytes = tableBytes;
  let changed = null;
  if (changeTo && judged !== null) {
    const before = tableBytes;
    changed = await page.evaluate(async (hole) => {
      const select = /** @type {HTMLSelectElement} */ (document.getElementById('start-select'));
      const t0 = performance.now();
      select.value = hole;
      select.dispatchEvent(new Event('change', { bubbles: true }));
      const game = /** @type {any} */ (document.getElementById('board')).game;
      for (;;) {
        const s = game.state();
        if (s && s.startHole === hole) {
          const pegs = await game.pegs();
          if (pegs.length && pegs.every((p) => p.unknown === 0 && p.loading === 0)) return performance.now() - t0;
        }
        if (performance.now() - t0 > 30_000) return null;
        await new Promise((r) => setTimeout(r, 2));
      }
    }, changeTo).catch(() => null);
    await page.waitForTimeout(100); // the last responses' sizes come in
    changed = changed === null ? null : { ms: changed, tableBytes: tableBytes - before };
  }
  await page.waitForTimeout(50);
  await context.close();
  return { judged, shown, html: t.html, app: t.app, marks, tableBytes: openingBytes, changed };
}

/**
 * The floor under every cold load: a page of one line of text, loaded as coldLoad loads the
 * game (a new context, from the same server), to its first paint. No page of this harness can
 * show anything sooner on this machine.
 * @param {import('playwright-core').Browser} browser
 */
async function blankFirstPaint(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route('**/pegwise-blank', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><p>pegwise' }));
  await page.goto(`${server.url}pegwise-blank`);
  await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0);
  const ms = await page.evaluate(() => performance.getEntriesByType('paint')[0].startTime);
  await context.close();
  return ms;
}

/** Which form of the page to time: the shipped one (site/), or with BENCH_PAGES=source the modules of www/. */
const PAGES = process.env.BENCH_PAGES === 'source' ? 'source' : 'site';
// in a process of its own, as a real static server is: not slowed by this script's own work
// of driving the browser (which, in one process, delayed every response by tens of ms)
const server = await serveApart(PAGES);
const browser = await chromium.launch(LAUNCH);
try {
  // 1. Navigation to every opening jump judged (good or bad, none loading or unknown), cold:
  //    the default page (the English central game), a start that needs the union table (if
  //    built), other boards' defaults, and the first hint after changing the start.
  //    Every English start up to symmetry (7 classes) with goal any, and every catalogue
  //    board's default game (BENCH_CASES=english or =boards keeps one group).
  const ENGLISH_CLASSES = ['c1', 'd1', 'c2', 'd2', 'c3', 'd3', 'd4'];
  const BOARDS = ['triangle4', 'triangle5', 'triangle6', 'triangle7', 'triangle8', 'trunc12', 'trunc18', 'french', 'wiegleb', 'diamond41', 'square6', 'hexagon37', 'row:8'];
  const group = process.env.BENCH_CASES ?? 'all';
  const CASES = [
    ['default page (English d4, goal start)', '', 'c1'],
    ...(group === 'boards' || group === 'default' ? [] : ENGLISH_CLASSES.map((h) => [`English ${h}, goal any`, `?board=english&start=${h}&goal=any`])),
    ...(group === 'english' || group === 'default' ? [] : BOARDS.map((b) => [`${b} (default)`, `?board=${b}`])),
  ];
  const opening = {};
  for (const [name, query, changeTo] of group === 'moves' ? [] : CASES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await coldLoad(browser, query, changeTo));
      if (runs[0].judged === null) break; // never judged (the live search says "?"): once is enough
    }
    const ok = runs.filter((r) => r.judged !== null);
    const med = (f) => {
      const xs = ok.map(f).filter((x) => typeof x === 'number');
      return xs.length ? median(xs) : null;
    };
    const changes = ok.map((r) => r.changed).filter((c) => c !== null);
    opening[name] = ok.length
      ? {
          runs: ok.length,
          shownMs: med((r) => r.shown),
          shownMinMs: Math.min(...ok.map((r) => r.shown ?? Infinity)),
          judgedMs: med((r) => r.judged),
          minMs: Math.min(...ok.map((r) => r.judged)),
          htmlMs: med((r) => r.html),
          appJsMs: med((r) => r.app),
          marks: Object.fromEntries(MARKS.map((m) => [m, med((r) => r.marks[m])])),
          tableBytes: median(ok.map((r) => r.tableBytes)),
          ...(changeTo ? { changeStart: { to: changeTo, ms: changes.length ? median(changes.map((c) => c.ms)) : null, tableBytes: changes.length ? median(changes.map((c) => c.tableBytes)) : null } } : {}),
        }
      : { judgedMs: null, note: 'some opening jump still not judged ("?" or loading) 10 s after navigation' };
  }

  // 2. A move's latency, hints on every peg: play() to the board complete again, and the
  //    messages the page sent the worker for it (medians over the first 12 moves of a win).
  const moves = {};
  for (const [name, query] of [
    ['English d4 (table)', '?board=english&start=d4&goal=start'],
    ['triangle5 a1 (table)', '?board=triangle5&start=a1&goal=start'],
    ['French c1 → any (live search)', '?board=french&start=c1&goal=any'],
  ]) {
    const runs = [];
    for (let i = 0; i < Math.min(RUNS, 3); i++) runs.push(await moveLatency(browser, query));
    const all = runs.flatMap((r) => r.ms);
    moves[name] = { moves: all.length, medianMs: all.length ? median(all) : null, p90Ms: all.length ? [...all].sort((a, b) => a - b)[Math.floor(all.length * 0.9)] : null, messages: median(runs.flatMap((r) => r.posts)) };
  }

  // 3. Median time to classify every jump of a position, in wasm on the main thread.
  const page = await (await browser.newContext()).newPage();
  await page.goto(server.url);
  const classify = await page.evaluate(async () => {
    const mod = await import('/pkg/pegwise.js');
    await mod.default();
    const results = {};
    for (const [board, start, goal] of [['english', 'd4', 'start'], ['triangle5', 'a1', 'start'], ['triangle6', 'a1', 'any']]) {
      const g = mod.Game.open({ board, start, goal });
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
          const { from, to } = hints[seed % hints.length];
          g.playJump(from, to);
        }
      }
      times.sort((a, b) => a - b);
      results[board] = { decodeMs: load, medianUs: times[Math.floor(times.length / 2)], p90Us: times[Math.floor(times.length * 0.9)], positions: times.length };
      g.free();
    }
    return results;
  });

  if (PAGES === 'source') {
    console.log(JSON.stringify({ pages: 'source', opening }, null, 2));
    process.exitCode = 0;
  }
  const shipped = shippedBytes(PAGE_FILES);
  const embed = shippedBytes(EMBED_FILES);
  const report = {
    runs: RUNS,
    opening,
    moves,
    classify,
    shipped: { brotliBytes: shipped.br, gzipBytes: shipped.gz, gzip9Bytes: shipped.gz9, rawBytes: shipped.raw, files: shipped.files },
    embedShipped: { brotliBytes: embed.br, gzipBytes: embed.gz, rawBytes: embed.raw },
  };
  console.log(JSON.stringify(report, null, 2));
  const ms = (x) => (x === null || x === undefined ? '–' : `${x.toFixed(0)}`);
  const lines = [];
  if (group !== 'moves') {
    const blanks = [];
    for (let i = 0; i < RUNS; i++) blanks.push(await blankFirstPaint(browser));
    lines.push(`the floor: a blank page's first paint, cold, as the loads above (median of ${RUNS}): ${ms(median(blanks))} ms (fastest ${ms(Math.min(...blanks))})`);
  }
  for (const [k, o] of Object.entries(opening)) {
    if (o.judgedMs === null) {
      lines.push(`${k}: ${o.note}`);
      continue;
    }
    const m = o.marks;
    lines.push(
      `navigation -> every opening jump shown judged, ${k} (median of ${o.runs} cold loads): ${ms(o.shownMs)} ms (fastest ${ms(o.shownMinMs)}); ` +
        `judged by the engine ${ms(o.judgedMs)} ms (fastest ${ms(o.minMs)}; ` +
        `HTML ${ms(o.htmlMs)}, app.js ${ms(o.appJsMs)}, engine start ${ms(m['engine-start'])}, ` +
        `worker start ${ms(m['worker-start'])}, wasm ready ${ms(m['wasm-ready'])}, game open ${ms(m.open)}, table attached ${ms(m.table)}; ${o.tableBytes} table bytes)`,
    );
    if (o.changeStart) lines.push(`  after changing the start to ${o.changeStart.to}: every jump judged ${ms(o.changeStart.ms)} ms later (${o.changeStart.tableBytes} table bytes)`);
  }
  for (const [k, m] of Object.entries(moves)) {
    lines.push(`a move, hints on every peg, ${k}: play() to every peg judged, median ${ms(m.medianMs)} ms, p90 ${ms(m.p90Ms)} ms over ${m.moves} moves; ${m.messages} messages to the worker a move (median)`);
  }
  for (const [b, r] of Object.entries(classify)) {
    lines.push(`classify every jump of a position, ${b}: median ${r.medianUs.toFixed(1)} µs, p90 ${r.p90Us.toFixed(1)} µs over ${r.positions} positions (table decode ${r.decodeMs.toFixed(0)} ms)`);
  }
  const kb = (n) => (n / 1024).toFixed(1);
  lines.push(`shipped page, wasm + JS + CSS + HTML: ${kb(shipped.br)} KB as served (brotli), ${kb(shipped.gz)} KB gzipped (${kb(shipped.gz9)} KB by gzip -9, ${kb(shipped.raw)} KB raw): ${shipped.files.map((f) => `${f.file} ${kb(f.br)}/${kb(f.gz)}`).join(', ')}`);
  lines.push(`an embed (element, worker, wasm): ${kb(embed.br)} KB as served (brotli), ${kb(embed.gz)} KB gzipped`);
  console.log(lines.join('\n'));
} finally {
  await browser.close();
  await server.close();
}
