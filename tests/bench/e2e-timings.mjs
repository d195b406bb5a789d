#!/usr/bin/env node
// The timings the browser tests no longer bound (run by scripts/bench, not by the tests), on the
// shipped page (site/; BENCH_PAGES=source for www/). The tests in tests/e2e wait for the page's
// own events and states; how soon those come is measured here, against the bounds the tests
// once held, so a slow change shows up as a number instead of a flaky test:
// - set() on embed.html's #eng to every jump judged from the table, opening and deep in, for
//   the games of english-starts.test.mjs and big-tables.test.mjs (those whose tables are built);
// - a table download that failed: the 404's retry (the backoff's first step, 2 s by design),
//   and back online to the table in (bad-tables.test.mjs);
// - a jump's flight on the real clock: how long it took and how many frames it drew
//   (play.test.mjs);
// - with no table anywhere, every picker board's opening to every jump judged, from
//   navigation, and a move played on Wiegleb while the work on the undecided jumps goes on
//   (thinking.test.mjs);
// - the central game's winning line played jump by jump in "always" mode: from each jump to
//   every peg judged, its table parts fetched as the verdicts need them (hint-always.test.mjs);
// - an Analysis question on the English union table (c1 -> any, 8 jumps in) on a host with
//   Range support and on one without: level-file requests, bytes and time (no-ranges.test.mjs).
// BENCH_RUNS repetitions of each (5), each in a new browser context (cold cache); BENCH_ONLY
// picks parts.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveApart } from './serve-apart.mjs';
import { LAUNCH } from '../chromium.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = process.env.BENCH_PAGES === 'source' ? 'source' : 'site';
/** BENCH_ONLY=a,b runs only those parts: judged, tables, always, tableless, hosts, flight (all by default). */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
/** @param {string} part */
const wanted = (part) => !ONLY.length || ONLY.includes(part);

/**
 * `p`, or an error after `limit` ms: a page that broke (say, site/ rebuilt under the bench)
 * stops the bench instead of hanging it.
 * @template T
 * @param {Promise<T>} p
 * @param {string} what
 * @param {number} [limit]
 * @returns {Promise<T>}
 */
function within(p, what, limit = 120_000) {
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  let timer;
  const late = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what}: no answer in ${limit / 1000} s`)), limit);
  });
  return /** @type {Promise<T>} */ (Promise.race([p, late]).finally(() => clearTimeout(timer)));
}

/** @param {number[]} xs */
const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : null);
/** @param {number|null} x */
const ms = (x) => (x === null ? '–' : `${x.toFixed(0)} ms`);

/**
 * @typedef {{board: string, start?: string, goal?: string, moves?: string, source?: 'table'}} Game
 *   start and goal left out: the board's default game (wasm's catalogue)
 * @typedef {{name: string, game: Game, was: number}} Case  was: the bound a test once held, ms
 */

const ENGLISH_LINE = 'e1-c1 d3-d1 c1-e1 b3-d3 e3-c3 e1-e3 c3-c1 e4-e2 g3-e3 e2-e4 b5-b3 a3-c3 c4-c2 c1-c3 a5-a3 d5-d3';
const TRIANGLE7_LINE = 'b2-b4 d4-b2 a1-c3 a3-a1 b4-d4 d4-b2 a1-c3 a5-a3 c5-a5 e5-c5 a6-a4 a3-a5';
const FRENCH_LINE = 'e1-c1 d3-d1 c1-e1 b2-d2 e2-c2 b3-d3 e3-c3 g3-e3 e4-e2 e1-e3 c4-e4 c2-c4 e4-e2 f2-d2 g4-e4 b5-b3';

/** The games the tests judge, by the table file they need: [file, cases in the order a test plays them]. */
/** @type {[string, Case[]][]} */
const GROUPS = [
  [
    'english.every.pgt',
    [
      { name: 'English c1 → any, opening', game: { board: 'english', start: 'c1', goal: 'any' }, was: 1000 },
      { name: 'English c1 → any, 16 jumps in', game: { board: 'english', start: 'c1', goal: 'any', moves: ENGLISH_LINE }, was: 2000 },
      { name: 'English d2 → d5, opening', game: { board: 'english', start: 'd2', goal: 'd5' }, was: 1000 },
    ],
  ],
  [
    'triangle7.all.any.pgt',
    [
      { name: 'triangle7 default, opening', game: { board: 'triangle7', source: 'table' }, was: 2000 },
      { name: 'triangle7 b4 → any, 12 jumps in', game: { board: 'triangle7', start: 'b4', goal: 'any', moves: TRIANGLE7_LINE, source: 'table' }, was: 2000 },
      { name: 'triangle7 b4 → c4, 12 jumps in', game: { board: 'triangle7', start: 'b4', goal: 'c4', moves: TRIANGLE7_LINE, source: 'table' }, was: 2000 },
    ],
  ],
  [
    'french.every.pgt',
    [
      { name: 'French default, opening', game: { board: 'french', source: 'table' }, was: 2000 },
      { name: 'French c1 → any, 16 jumps in', game: { board: 'french', start: 'c1', goal: 'any', moves: FRENCH_LINE, source: 'table' }, was: 3000 },
    ],
  ],
  [
    'square6.c3.c3.pgt',
    [
      { name: 'square6 default, opening', game: { board: 'square6', source: 'table' }, was: 2000 },
      { name: 'square6 default, 12 moves in', game: { board: 'square6', moves: 'c1-c3 a1-c1 d1-b1 f1-d1 a2-c2 d2-b2 f2-d2 a4-a2-c2-e2 c3-a3 e3-c3 c4-a4-a2 e4-c4-c2', source: 'table' }, was: 3000 },
    ],
  ],
  [
    'wiegleb.e5.e5.pgt',
    [
      { name: 'Wiegleb default, opening', game: { board: 'wiegleb', source: 'table' }, was: 2000 },
      { name: 'Wiegleb default, 12 jumps in', game: { board: 'wiegleb', moves: 'e3-e5 c4-e4 d2-d4 f2-d2 d1-d3 f1-d1 d4-d2 d1-d3 d6-d4 d8-d6 f7-d7 e5-e7', source: 'table' }, was: 3000 },
    ],
  ],
  [
    'diamond41.c5.any.pgt',
    [
      { name: 'diamond41 default, opening', game: { board: 'diamond41', source: 'table' }, was: 2000 },
      { name: 'diamond41 default, 12 jumps in', game: { board: 'diamond41', moves: 'c3-c5 e4-c4 g4-e4 g6-g4 i5-g5 e6-g6 f8-f6 d7-f7 g7-e7 h4-f4 f5-f7 e4-g4', source: 'table' }, was: 3000 },
    ],
  ],
];

/**
 * In embed.html: sets #eng's game and times it to every jump judged good or bad (from
 * `source` when given), as the board itself reports it: its state() after set() resolves and
 * after each `change` (no questions of our own to the engine, which would share its time);
 * null if not within 30 s.
 * @param {import('playwright-core').Page} page
 * @param {Game} g
 * @returns {Promise<number|null>}
 */
function timeJudged(page, g) {
  return page.evaluate(async ({ board, start, goal, moves, source }) => {
    const el = /** @type {any} */ (document.querySelector('#eng'));
    await el.game.ready;
    let game = { start, goal };
    if (!start || !goal) {
      const entry = (await el.game.boards()).find((/** @type {any} */ b) => b.name === board);
      game = { start: entry.start, goal: entry.goal };
    }
    const judged = () => {
      const s = el.game.state();
      if (!s || (source && s.source !== source)) return false;
      const pegs = [...new Set(s.legal.map((/** @type {any} */ j) => j.from))];
      return pegs.length > 0 && pegs.every((h) => s.pegHints[h] && s.pegHints[h].unknown === 0 && s.pegHints[h].loading === 0);
    };
    return new Promise((ok) => {
      let opened = false;
      const done = (/** @type {number|null} */ t) => {
        el.removeEventListener('change', look);
        clearTimeout(timer);
        ok(t);
      };
      const look = () => opened && judged() && done(performance.now() - t0);
      const timer = setTimeout(() => done(null), 30_000);
      el.addEventListener('change', look);
      const t0 = performance.now();
      el.game.set({ board, ...game, moves: moves ?? '' }).then(() => {
        opened = true;
        look();
      });
    });
  }, g);
}

/**
 * One run of a group: a new context, embed.html, then each case in turn.
 * @param {import('playwright-core').Browser} browser
 * @param {Case[]} cases
 */
async function judgedRun(browser, cases) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}embed.html`);
  const out = [];
  for (const c of cases) out.push(await within(timeJudged(page, c.game), c.name));
  await context.close();
  return out;
}

/**
 * In the page, from its first moment (an init script): every table state the board reports,
 * as [state, performance.now()] in window.__tables, and when the page heard it was back online
 * in window.__online.
 */
function recordTables() {
  const w = /** @type {any} */ (window);
  w.__tables = [];
  w.__online = null;
  addEventListener(
    'change',
    (e) => {
      const s = /** @type {any} */ (e).detail?.state?.tableState;
      if (s && s !== w.__tables.at(-1)?.[0]) w.__tables.push([s, performance.now()]);
    },
    true,
  );
  addEventListener('online', () => (w.__online = performance.now()));
}

/**
 * Waits until the page has recorded table state `state` after `after` ms (page time), and
 * returns when.
 * @param {import('playwright-core').Page} page
 * @param {string} state
 * @param {number} [after]
 * @returns {Promise<number>}
 */
async function tableAt(page, state, after = -1) {
  const h = await page.waitForFunction(
    ([s, t]) => /** @type {any} */ (window).__tables.find((/** @type {[string, number]} */ [x, at]) => x === s && at > t)?.[1],
    /** @type {[string, number]} */ ([state, after]),
    { timeout: 60_000 },
  );
  return /** @type {number} */ (await h.jsonValue());
}

const TABLE = '**/data/english.d4.d4.pgt';

/**
 * The English table answered 404 once, then served: the time from the page hearing "missing"
 * to the table in (the first retry, after the backoff's first step).
 * @param {import('playwright-core').Browser} browser
 */
async function retryAfter404(browser) {
  const context = await browser.newContext();
  let asked = 0;
  await context.route(TABLE, (route) => (++asked === 1 ? route.fulfill({ status: 404, body: 'not yet' }) : route.continue()));
  const page = await context.newPage();
  await page.addInitScript(recordTables);
  await page.goto(server.url);
  const missing = await tableAt(page, 'missing');
  const table = await tableAt(page, 'table', missing);
  await context.close();
  return table - missing;
}

/**
 * Offline, the English table fails; back online (the page's `online` event), the time to the
 * table in.
 * @param {import('playwright-core').Browser} browser
 */
async function backOnline(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(recordTables);
  await page.goto(`${server.url}?board=triangle5&start=a1&goal=start`);
  await page.evaluate(() => /** @type {any} */ (window).pegwise.settled());
  await context.setOffline(true);
  await page.selectOption('#board-select', 'english');
  const failed = await tableAt(page, 'error');
  await context.setOffline(false);
  const table = await tableAt(page, 'table', failed);
  const online = /** @type {number} */ (await page.evaluate(() => /** @type {any} */ (window).__online));
  await context.close();
  return table - online;
}

/**
 * A jump's flight on the real clock (triangle5, a3-a1, motion welcome): the time from the
 * `move` event to the board settled, and the different pictures drawn meanwhile (one look at
 * the canvas each animation frame).
 * @param {import('playwright-core').Browser} browser
 */
async function flight(browser) {
  const context = await browser.newContext({ reducedMotion: 'no-preference', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}?board=triangle5&start=a1&goal=start`);
  await page.evaluate(() => /** @type {any} */ (window).pegwise.settled());
  const centre = async (/** @type {string} */ h) => {
    const r = await page.evaluate((name) => /** @type {any} */ (window).pegwise.holeRect(name), h);
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  };
  const a3 = await centre('a3');
  const a1 = await centre('a1');
  await page.mouse.click(a3.x, a3.y);
  await page.evaluate(() => /** @type {any} */ (window).pegwise.settled());
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    const board = /** @type {any} */ (document.getElementById('board'));
    const canvas = board.shadowRoot.querySelector('canvas');
    w.__flight = new Promise((ok) => {
      board.addEventListener(
        'move',
        () => {
          const t0 = performance.now();
          const seen = new Set();
          let done = false;
          const look = () => {
            seen.add(canvas.toDataURL());
            if (!done) requestAnimationFrame(look);
          };
          requestAnimationFrame(look);
          board.game.settled().then(() => {
            done = true;
            ok({ ms: performance.now() - t0, pictures: seen.size });
          });
        },
        { once: true },
      );
    });
  });
  await page.mouse.click(a1.x, a1.y);
  const r = /** @type {{ms: number, pictures: number}} */ (await page.evaluate(() => /** @type {any} */ (window).__flight));
  await context.close();
  return r;
}

/** Table files answer 404: the live search and the work while the player thinks judge alone. */
const NO_TABLES = /\/data\/[^/]+\.(pgt|pgs|pgc)$/;

/** The boards of the picker (thinking.test.mjs), their default games. */
const PICKER = ['triangle4', 'triangle5', 'triangle6', 'triangle7', 'triangle8', 'trunc12', 'trunc18', 'english', 'french', 'wiegleb', 'diamond41', 'square6', 'hexagon37', 'row:7'];

/**
 * A new context whose table files all answer 404.
 * @param {import('playwright-core').Browser} browser
 */
async function tableless(browser) {
  const context = await browser.newContext();
  await context.route(NO_TABLES, (r) => r.fulfill({ status: 404, body: 'not built' }));
  return context;
}

/**
 * With no table, a board's default game in "always" mode: the time from navigation to every
 * opening jump judged (null: not within 20 s).
 * @param {import('playwright-core').Browser} browser
 * @param {string} board
 * @returns {Promise<number|null>}
 */
async function openingJudged(browser, board) {
  const context = await tableless(browser);
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto(`${server.url}?board=${encodeURIComponent(board)}&hints=always`);
  const judged = () => {
    const s = /** @type {any} */ (document.getElementById('board'))?.game?.state();
    if (!s || s.status === null) return false;
    const movable = new Set(s.legal.map((/** @type {{from: string}} */ j) => j.from));
    return [...movable].every((h) => s.pegHints[h] && s.pegHints[h].unknown === 0 && s.pegHints[h].loading === 0);
  };
  const ok = await page.waitForFunction(judged, undefined, { timeout: 20_000, polling: 10 }).then(
    () => true,
    () => false,
  );
  const took = Date.now() - t0;
  await context.close();
  return ok ? took : null;
}

/**
 * With no table, Wiegleb's default game ten jumps in, "always" mode, while the work on the
 * undecided jumps goes on: the time from a jump's second click to the new position shown.
 * @param {import('playwright-core').Browser} browser
 */
async function moveWhileThinking(browser) {
  const context = await tableless(browser);
  const page = await context.newPage();
  await page.goto(`${server.url}?board=wiegleb&hints=always&moves=e3-e5,e1-e3,c4-e4,c6-c4,e4-e2,b4-d4,e6-e4,b6-b4,e4-c4,g5-e5`);
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('board'))?.game);
  await page.evaluate(() => /** @type {any} */ (document.getElementById('board')).game.settled());
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('board'))?.game?.state()?.proving === true, undefined, { timeout: 20_000 });
  const before = await page.evaluate(() => /** @type {any} */ (document.getElementById('board')).game.state());
  const [from, to] = before.legal[0].jump.split('-');
  const centre = async (/** @type {string} */ h) => {
    const r = await page.evaluate((name) => /** @type {any} */ (document.getElementById('board')).game.holeRect(name), h);
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  };
  const a = await centre(from);
  const b = await centre(to);
  await page.mouse.click(a.x, a.y);
  const t0 = Date.now();
  await page.mouse.click(b.x, b.y);
  await page.waitForFunction((n) => /** @type {any} */ (document.getElementById('board')).game.state()?.jumps === n, before.jumps + 1, { polling: 5 });
  const took = Date.now() - t0;
  await context.close();
  return took;
}

/** The central game's winning line, jump by jump (hint-always.test.mjs). */
const CENTRAL_LINE = 'd2-d4 b3-d3 c1-c3 e1-c1 d3-b3 a3-c3 e3-e1 g3-e3 c4-c2 c1-c3 a4-c4 c4-c2 e4-c4 g4-e4 e4-e2 e1-e3 c5-c3 c2-c4 a5-c5 d5-b5 e6-e4 g5-e5 c7-c5 c4-c6 e7-c7 c7-c5 b5-d5 d5-f5 e3-e5 f5-d5 d6-d4';

/**
 * The central game in "always" mode on a fresh page: for each jump of the winning line, the
 * time from play() to the board settled with every peg judged (ms; null where a verdict is
 * still open once it settled).
 * @param {import('playwright-core').Browser} browser
 * @returns {Promise<(number|null)[]>}
 */
async function alwaysLine(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}?board=english&start=d4&goal=start&hints=always`);
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('board'))?.game);
  const times = await page.evaluate(async (line) => {
    const g = /** @type {any} */ (document.getElementById('board')).game;
    await g.ready;
    await g.settled();
    const out = [];
    for (const jump of line.split(' ')) {
      const t0 = performance.now();
      await g.play(jump);
      await g.settled();
      const s = g.state();
      const open = Object.values(s.marks.pegs).some((m) => m !== 'good' && m !== 'bomb');
      out.push(open ? null : performance.now() - t0);
    }
    return out;
  }, CENTRAL_LINE);
  await context.close();
  return times;
}

/**
 * The Analysis panel's figures for English c1 -> any 8 jumps in, on the server at `url`: the
 * level-file (.pgs) requests the page made, their bytes, and the time from opening the panel
 * to its figures.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 */
async function analysisOn(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  let requests = 0;
  let bytes = 0;
  page.on('response', (r) => {
    if (!r.url().endsWith('.pgs')) return;
    requests++;
    bytes += Number(r.headers()['content-length'] ?? 0);
  });
  await page.goto(`${url}?board=english&start=c1&goal=any&moves=e1-c1+d3-d1+c1-e1+b3-d3+e3-c3+e1-e3+c3-c1+e4-e2`);
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('board'))?.game);
  await page.evaluate(() => /** @type {any} */ (document.getElementById('board')).game.settled());
  const t0 = Date.now();
  await page.click('#analysis summary');
  await page.waitForFunction(
    () => {
      const dds = [...document.querySelectorAll('.analysis-list dd')];
      return dds.length === 3 && dds.every((d) => d.getAttribute('aria-busy') === 'false');
    },
    undefined,
    { timeout: 600_000, polling: 100 },
  );
  const ms = Date.now() - t0;
  await context.close();
  return { requests, bytes, ms };
}

// in a process of its own, as browser.mjs does: a server sharing this script's event loop
// answers late while the script drives the browser
const server = await serveApart(PAGES);
const browser = await chromium.launch(LAUNCH);
try {
  const lines = [];
  if (wanted('judged')) {
    for (const [file, cases] of GROUPS) {
      if (!existsSync(`${ROOT}data/${file}`)) {
        lines.push(`${cases.map((c) => c.name).join(', ')}: skipped, data/${file} is not built`);
        continue;
      }
      /** @type {(number|null)[][]} */
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await judgedRun(browser, cases));
      cases.forEach((c, k) => {
        const xs = runs.map((r) => r[k]);
        const ok = /** @type {number[]} */ (xs.filter((x) => x !== null));
        const missed = xs.length - ok.length;
        lines.push(
          `set() -> every jump judged, ${c.name} (median of ${ok.length}${missed ? `, ${missed} not judged in 30 s` : ''}): ` +
            `${ms(median(ok))}, slowest ${ms(ok.length ? Math.max(...ok) : null)} (the test once held it under ${c.was} ms)`,
        );
      });
    }
  }
  if (wanted('tables')) {
    const retries = [];
    const onlines = [];
    for (let i = 0; i < RUNS; i++) {
      retries.push(await within(retryAfter404(browser), 'a table 404, then there'));
      onlines.push(await within(backOnline(browser), 'a table offline, then back online'));
    }
    lines.push(`table 404, then there: retried and in ${ms(median(retries))} after "missing" (median of ${RUNS}; the backoff's first step is 2 s; the test once held 0.8–4 s)`);
    lines.push(`table offline, then back online: in ${ms(median(onlines))} after the online event (median of ${RUNS}; the test once held under 2.5 s)`);
  }
  if (wanted('always')) {
    const jumps = [];
    for (let i = 0; i < RUNS; i++) jumps.push(...(await within(alwaysLine(browser), 'the central line in always mode')));
    const judged = /** @type {number[]} */ (jumps.filter((x) => x !== null));
    lines.push(
      `the central line in always mode, a jump -> every peg judged (${judged.length} of ${jumps.length} jumps over ${RUNS} runs judged): ` +
        `median ${ms(median(judged))}, slowest ${ms(judged.length ? Math.max(...judged) : null)}`,
    );
  }
  if (wanted('tableless')) {
    for (const board of PICKER) {
      const xs = [];
      for (let i = 0; i < RUNS; i++) xs.push(await within(openingJudged(browser, board), `${board} opening`));
      const ok = /** @type {number[]} */ (xs.filter((x) => x !== null));
      const missed = xs.length - ok.length;
      lines.push(`no table, ${board}'s opening, navigation -> every jump judged (median of ${ok.length}${missed ? `, ${missed} not judged in 20 s` : ''}): ${ms(median(ok))}, slowest ${ms(ok.length ? Math.max(...ok) : null)} (goal: 3 s)`);
    }
    const moves = [];
    for (let i = 0; i < RUNS; i++) moves.push(await within(moveWhileThinking(browser), 'a move during the work'));
    lines.push(`no table, Wiegleb 10 jumps in, a move while the work goes on: shown ${ms(median(moves))} after the click (median of ${RUNS}; slowest ${ms(Math.max(...moves))})`);
  }
  if (wanted('hosts') && existsSync(`${ROOT}data/english.every.pgt`)) {
    const plain = await serveApart(PAGES, { ranges: false });
    try {
      for (const [name, url] of [['with Range', server.url], ['without Range', plain.url]]) {
        const r = await within(analysisOn(browser, url), `the Analysis question ${name}`, 600_000);
        lines.push(`Analysis, English c1 -> any 8 jumps in, a host ${name}: ${r.requests} level-file requests, ${(r.bytes / 1e6).toFixed(1)} MB, figures in ${(r.ms / 1000).toFixed(1)} s`);
      }
    } finally {
      await plain.close();
    }
  }
  if (wanted('flight')) {
    const flights = [];
    for (let i = 0; i < RUNS; i++) flights.push(await within(flight(browser), "a jump's flight"));
    lines.push(
      `a jump's flight (230 ms by design): settled ${ms(median(flights.map((f) => f.ms)))} after the move, ` +
        `${median(flights.map((f) => f.pictures))} different pictures drawn (median of ${RUNS}; fewest ${Math.min(...flights.map((f) => f.pictures))})`,
    );
  }
  console.log(lines.join('\n'));
} finally {
  await browser.close();
  await server.close();
}
