// Shared setup for the browser tests: the static server, Chromium, a page that fails the test
// on any console error, page error or failed request, and small helpers to play by clicks.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import { LAUNCH } from '../chromium.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const OUTPUT = `${ROOT}tests/output/`;


/**
 * Which form of the page the tests load: the shipped bundles in site/ (the default, what
 * scripts/play serves), or with PEGWISE_PAGES=source the readable modules of www/.
 */
export const PAGES = process.env.PEGWISE_PAGES === 'source' ? 'source' : 'site';

/**
 * Starts the server and Chromium for one test file.
 * @param {{pages?: 'site'|'source', ranges?: boolean}} [opts] the form of the page to serve
 *   (PAGES by default); ranges: false serves as a host without Range support does
 * @returns {Promise<{url: string, browser: import('playwright-core').Browser, close: () => Promise<void>}>}
 */
export async function setup({ pages = PAGES, ranges = true } = {}) {
  assert.ok(existsSync(`${ROOT}www/pkg/pegwise_bg.wasm`), 'www/pkg is missing: run scripts/build-wasm first');
  if (pages === 'site') assert.ok(existsSync(`${ROOT}site/pkg/pegwise_bg.wasm`), 'site/ is missing: run node scripts/build-site.mjs first');
  mkdirSync(OUTPUT, { recursive: true });
  const server = await startServer({ port: 0, pages, ranges });
  const browser = await chromium.launch(LAUNCH);
  return {
    url: server.url,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * The table files data/MANIFEST pins that are not built here: the French union table, which
 * `scripts/tables french` builds and scripts/test doesn't (about 45 CPU-minutes). A page that
 * asks for one gets a 404, says so and plays on the live search, as on any host without it:
 * that 404 is no failure of a test.
 */
export const UNBUILT_TABLES = readFileSync(`${ROOT}data/MANIFEST`, 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split(' ')[0])
  .filter((f) => !existsSync(`${ROOT}data/${f}`));

/** @param {string} url a request's URL (or any text: then false) */
function unbuilt(url) {
  let path;
  try {
    path = new URL(url).pathname;
  } catch {
    return false;
  }
  return UNBUILT_TABLES.some((f) => path.endsWith(`/data/${f}`));
}

/**
 * A fresh page (own storage) that records every console error, page error and failed request.
 * Call `clean()` at the end of the test to assert there were none.
 * @param {import('playwright-core').Browser} browser
 * @param {{viewport?: {width: number, height: number}, reducedMotion?: 'reduce'|'no-preference',
 *   allow?: RegExp[], abortable?: RegExp[], colorScheme?: 'light'|'dark', deviceScaleFactor?: number,
 *   hasTouch?: boolean, storageState?: any}} [opts]
 *   allow: console messages or URLs that may fail in this test; abortable: URLs whose requests
 *   may be cut off (net::ERR_ABORTED, as when a worker fetching them is stopped) but must
 *   never fail otherwise; storageState: cookies and
 *   localStorage to start with (context.storageState() of another context: a browser restart)
 *   Every page opened in the context later (a second tab) is watched too.
 */
export async function openPage(browser, opts = {}) {
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    reducedMotion: opts.reducedMotion ?? 'reduce',
    colorScheme: opts.colorScheme ?? 'light',
    deviceScaleFactor: opts.deviceScaleFactor ?? 1,
    hasTouch: opts.hasTouch ?? false,
    storageState: opts.storageState,
  });
  /** @type {string[]} */
  const problems = [];
  const allowed = (text) => (opts.allow ?? []).some((re) => re.test(text)) || unbuilt(text);
  /** @param {import('playwright-core').ConsoleMessage} m an error about a file names it in its location */
  const fine = (m) => allowed(m.text()) || unbuilt(m.location().url || '');
  /** @param {import('playwright-core').Page} p */
  const watch = (p) => {
    p.on('console', (m) => {
      if (m.type() === 'error' && !fine(m)) problems.push(`console error: ${m.text()}`);
    });
    p.on('worker', (w) => w.on('console', (m) => m.type() === 'error' && !fine(m) && problems.push(`worker console error: ${m.text()}`)));
    p.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    p.on('requestfailed', (r) => {
      const aborted = r.failure()?.errorText === 'net::ERR_ABORTED' && (opts.abortable ?? []).some((re) => re.test(r.url()));
      if (!allowed(r.url()) && !aborted) problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
    });
    p.on('response', (r) => {
      if (r.status() >= 400 && !allowed(r.url())) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
  };
  context.on('page', watch);
  await context.addInitScript(probe);
  const page = await context.newPage();
  return {
    page,
    context,
    /** Asserts nothing went wrong, then closes the page. */
    async clean() {
      await context.close();
      assert.deepEqual(problems, [], 'the page reported errors');
    },
  };
}

/**
 * The tests' view of the page's game, installed in every page before its scripts run. It
 * reaches the game only through the board element's public API (`el.game`) and the DOM: the
 * page itself carries no test hook. The board says `aria-busy="true"` while the page starts
 * and while a solution plays.
 */
function probe() {
  const board = () => /** @type {any} */ (document.getElementById('board'));
  /** The fields of a state that make up wasm's position. */
  const POSITION = ['board', 'boardName', 'start', 'startHole', 'startPosition', 'goal', 'goalHole', 'pegs', 'pegCount', 'jumps', 'moves', 'history', 'future', 'canUndo', 'canRedo', 'source', 'code', 'save'];
  /** @type {any} */ (window).pegwise = {
    /** Resolves when the page has started and no request, animation or replay is running. */
    async settled() {
      for (;;) {
        const el = board();
        if (!el && document.readyState !== 'loading') return; // a page without the board
        if (el?.game) {
          // a first game the board refused (a bad link) is the page's to note: not a failure here
          await el.game.ready.catch(() => {});
          await el.game.settled();
          if (el.getAttribute('aria-busy') !== 'true') return;
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    /** @param {string} name */
    holeRect: (name) => board().game.holeRect(name),
    /** The position, its verdict and the hint source, shaped like the engine's snapshot. */
    snapshot() {
      const s = board()?.game?.state();
      if (!s) return null;
      const position = Object.fromEntries(POSITION.map((k) => [k, s[k]]));
      const state = s.status === null ? null : { ...position, status: s.status, winning: s.winning, fatal: s.fatal, winnable: s.winnable, why: s.why, nearby: s.nearby };
      return { version: s.version, position, legal: s.legal, tableState: s.tableState, tableNote: s.tableNote, tableWhy: s.tableWhy, state, tableFile: s.tableFile };
    },
    /** The marks drawn now, by hole name. */
    marks: () => board()?.game?.state()?.marks,
    /** @param {'solution'|'pegs'} op */
    async call(op) {
      const g = board().game;
      if (op === 'solution') return { solution: await g.solution() };
      if (op === 'pegs') return { pegs: await g.pegs() };
      throw new Error(`unknown request '${op}'`);
    },
  };
}

/**
 * Loads the page (a query string like "?board=english") and waits until the game is idle.
 * @param {import('playwright-core').Page} page
 * @param {string} base server URL
 * @param {string} [query]
 */
export async function load(page, base, query = '') {
  await page.goto(base + query);
  await settled(page);
}

/**
 * Waits until no request, animation or replay is running in the page.
 * @param {import('playwright-core').Page} page
 */
export function settled(page) {
  return page.evaluate(() => window.pegwise.settled());
}

/**
 * The centre of a hole in page pixels.
 * @param {import('playwright-core').Page} page
 * @param {string} hole
 */
export async function holeCentre(page, hole) {
  const r = await page.evaluate((h) => window.pegwise.holeRect(h), hole);
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/**
 * Clicks a hole on the board.
 * @param {import('playwright-core').Page} page
 * @param {string} hole
 */
export async function clickHole(page, hole) {
  const p = await holeCentre(page, hole);
  await page.mouse.click(p.x, p.y);
}

/**
 * Moves the mouse over a hole and waits for its hints.
 * @param {import('playwright-core').Page} page
 * @param {string} hole
 */
export async function hoverHole(page, hole) {
  const p = await holeCentre(page, hole);
  await page.mouse.move(p.x, p.y);
  await settled(page);
}

/**
 * Plays a jump by clicking its peg, then its landing hole, and waits for the answer.
 * @param {import('playwright-core').Page} page
 * @param {string} jump e.g. "d2-d4"
 */
export async function clickJump(page, jump) {
  const [from, to] = jump.split('-');
  await clickHole(page, from);
  await clickHole(page, to);
  await settled(page);
}

/**
 * The game as the page sees it.
 * @param {import('playwright-core').Page} page
 */
export function snapshot(page) {
  return page.evaluate(() => window.pegwise.snapshot());
}

/**
 * The banner's status and text.
 * @param {import('playwright-core').Page} page
 */
export async function banner(page) {
  const el = page.locator('#banner');
  return { status: await el.getAttribute('data-status'), text: (await el.textContent()) ?? '' };
}

/**
 * Saves a screenshot to tests/output/NAME.png.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
export function shoot(page, name) {
  return page.screenshot({ path: `${OUTPUT}${name}.png` });
}

const run = promisify(execFile);

/**
 * Asks the pegwise CLI for the hints of a position: `{pegs, winning, jumps: [{jump, good}]}`.
 * @param {{board: string, start: string, goal: string, moves: string}} g
 */
export async function cliHint(g) {
  const args = ['run', '-q', '--release', '-p', 'pegwise', '--features', 'cli', '--', 'hint', '--board', g.board, '--start', g.start, '--goal', g.goal, '--moves', g.moves, '--json'];
  const { stdout } = await run('cargo', args, { cwd: ROOT, maxBuffer: 1 << 20, timeout: 170_000 });
  return JSON.parse(stdout);
}

/**
 * Sets the game of the `#eng` element on embed.html (hints "always": it judges every peg that
 * can jump), then waits until every jump of it is judged good or bad (and, with `source`, until
 * they come from there: a lost position may be proved by the live search before its table
 * arrives); returns the verdicts, whether they were all judged, and where they came from. It
 * waits on the board, not on a clock, and asks the engine nothing itself: it reads the board's
 * state() once set() has opened the game and again at each `change` the board fires (a table
 * or table part arrived, a verdict, hints). How long that takes is measured by
 * tests/bench/e2e-timings.mjs; `judged` is false only when the board is still unjudged after
 * `patience` ms, a net so a broken page fails the test instead of hanging it.
 * @param {import('playwright-core').Page} page
 * @param {{board: string, start: string, goal: string, moves?: string, source?: 'table'|'search'}} g
 * @param {number} [patience]
 * @returns {Promise<{judged: boolean, hints: string[], source: string}>}
 */
export async function judged(page, g, patience = 60_000) {
  return page.evaluate(
    async ({ g: { board, start, goal, moves, source }, patience }) => {
      const el = /** @type {any} */ (document.querySelector('#eng'));
      await el.game.ready;
      return new Promise((ok) => {
        let opened = false;
        const look = (late = false) => {
          if (!opened) return;
          const s = el.game.state();
          const pegs = [...new Set(s.legal.map((/** @type {any} */ j) => j.from))];
          const hints = pegs.flatMap((p) => (s.verdicts[p] ?? [{ jump: `${p}-?`, verdict: 'not asked yet' }]).map((/** @type {any} */ h) => `${h.jump} ${h.verdict}`));
          const done = hints.length > 0 && hints.every((h) => / (good|bad)$/.test(h)) && (!source || s.source === source);
          if (!done && !late) return;
          el.removeEventListener('change', onChange);
          clearTimeout(timer);
          ok({ judged: done, hints, source: s.source });
        };
        const onChange = () => look();
        el.addEventListener('change', onChange);
        const timer = setTimeout(() => look(true), patience);
        el.game.set({ board, start, goal, moves: moves ?? '' }).then(() => {
          opened = true;
          look();
        });
      });
    },
    { g, patience },
  );
}

/**
 * Plays `line` jump by jump on the page's board (in "always" mode: every movable peg is
 * judged), and at the start and after each jump waits until the board is settled (no question,
 * change or table part on its way), then reads every movable peg's verdicts.
 * @param {import('playwright-core').Page} page
 * @param {string[]} line (empty: the position on the board now is read)
 * @returns {Promise<{jump: string|null, pegs: number, undecided: string[], source: string}[]>}
 *   one entry a position, the first (jump null) where the line starts; undecided: the jumps
 *   not judged good or bad, with what they are instead
 */
export function playAlways(page, line) {
  return page.evaluate(async (line) => {
    const g = /** @type {any} */ (document.getElementById('board')).game;
    await g.ready;
    const report = [];
    for (const jump of [null, ...line]) {
      if (jump) await g.play(jump);
      await g.settled();
      const s = g.state();
      const pegs = [...new Set(s.legal.map((/** @type {any} */ j) => j.from))];
      const undecided = pegs.flatMap((p) => {
        const v = s.verdicts[p];
        if (!v) return [`${p}: not judged`];
        return v.filter((/** @type {any} */ h) => h.verdict !== 'good' && h.verdict !== 'bad').map((/** @type {any} */ h) => `${h.jump}: ${h.verdict}`);
      });
      const marks = Object.entries(s.marks.pegs).filter(([, m]) => m !== 'good' && m !== 'bomb');
      report.push({ jump, pegs: pegs.length, undecided: [...undecided, ...marks.map(([p, m]) => `${p} marked ${m}`)], source: s.source });
    }
    return report;
  }, line);
}
