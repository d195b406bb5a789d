// Hint tables that are bad, missing, slow or offline: wasm refuses a bad file and the badge says
// why; a download that fails is retried (backoff, and at once when back online); the game plays
// on the live search meanwhile, and nothing waits for the table. The tests wait for the page's
// table states, never for the clock: the worker's retry timers are held by the test
// (holdRetries), and how soon a table comes is measured by tests/bench/e2e-timings.mjs.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { ROOT, clickJump, load, openPage, settled, setup, shoot, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

const TABLE = '**/data/english.d4.d4.pgt';
const GOOD = readFileSync(`${ROOT}data/english.d4.d4.pgt`);

/** @param {import('playwright-core').Page} page */
const badge = (page) => page.locator('#source').textContent();

/**
 * Waits until the page's game reports this table state.
 * @param {import('playwright-core').Page} page
 * @param {string} state
 * @param {number} [timeout]
 */
function tableState(page, state, timeout = 30_000) {
  return page.waitForFunction((s) => window.pegwise.snapshot()?.tableState === s, state, { timeout });
}

/** The shortest worker timer the test holds: the table loader's backoff starts at 2 s, and the
 * engine worker's other timers are shorter (a table head is awaited 1.5 s at most). */
const HELD_FROM_MS = 2000;

/**
 * Takes the engine worker's retry clock into the test's hands, so no test waits for the real
 * backoff or races it: from the worker's start, every timer of HELD_FROM_MS or more that it
 * sets (its table download retries) is held instead of run. `held(n)` resolves to the held
 * delays once n are held, `run()` runs them now, and a held timer the worker clears (as it
 * does when the page comes back online and it retries at once) is dropped.
 * Call it before the page opens.
 * @param {import('playwright-core').Page} page
 */
function holdRetries(page) {
  /** @type {Promise<import('playwright-core').Worker>} */
  const ready = new Promise((ok) => {
    page.on('worker', async (w) => {
      if (!w.url().includes('engine-worker')) return;
      await w.evaluate((least) => {
        const g = /** @type {any} */ (globalThis);
        const [set, clear] = [g.setTimeout.bind(g), g.clearTimeout.bind(g)];
        /** @type {Map<number, {ms: number, run: () => void}>} */
        const held = new Map();
        /** @type {(() => void)[]} */
        let waiting = [];
        let nextId = -1; // the real timers' ids are positive
        g.setTimeout = (/** @type {Function} */ fn, ms = 0, /** @type {any[]} */ ...args) => {
          if (!(ms >= least)) return set(fn, ms, ...args);
          const id = nextId--;
          held.set(id, { ms, run: () => fn(...args) });
          const w = waiting;
          waiting = [];
          w.forEach((f) => f());
          return id;
        };
        g.clearTimeout = (/** @type {number} */ id) => (held.has(id) ? held.delete(id) : clear(id));
        g.__heldRetries = {
          delays: () => [...held.values()].map((t) => t.ms),
          /** @param {number} n */
          when: (n) =>
            new Promise((ok) => {
              const look = () => (held.size >= n ? ok(g.__heldRetries.delays()) : waiting.push(look));
              look();
            }),
          run() {
            const due = [...held.values()];
            held.clear();
            due.forEach((t) => t.run());
          },
        };
      }, HELD_FROM_MS);
      ok(w);
    });
  });
  return {
    ready,
    /** @param {number} n @returns {Promise<number[]>} */
    held: async (n) => (await ready).evaluate((k) => /** @type {any} */ (globalThis).__heldRetries.when(k), n),
    /** @returns {Promise<number[]>} the delays of the timers held now */
    delays: async () => (await ready).evaluate(() => /** @type {any} */ (globalThis).__heldRetries.delays()),
    run: async () => (await ready).evaluate(() => /** @type {any} */ (globalThis).__heldRetries.run()),
  };
}

/** The pinned sha256 (data/MANIFEST) refuses every file that isn't the one the build was made
 * with, before it is decoded; the decoder's own checks (checksum, version, board, magic) are
 * held by the Rust tests in table.rs. */
/**
 * Holds every request for the English table until the returned function is called, then
 * serves the good file.
 * @param {import('playwright-core').BrowserContext} context
 * @returns {Promise<() => void>} release
 */
async function holdTable(context) {
  /** @type {() => void} */
  let release = () => {};
  const held = new Promise((ok) => {
    release = ok;
  });
  await context.route(TABLE, async (route) => {
    await held;
    await route.fulfill({ body: GOOD });
  });
  return release;
}

const PINNED = /table refused: 'english\.d4\.d4\.pgt' is not the file this build was made with/;

/** Bytes that are not the English table, each with the reason wasm gives for refusing them. */
const BAD = [
  ['flipped', () => Buffer.from(GOOD.map((b, i) => (i === 5000 ? b ^ 0x40 : b))), PINNED],
  ['truncated', () => GOOD.subarray(0, GOOD.length >> 1), PINNED],
  ['version', () => Buffer.from(GOOD.map((b, i) => (i === 8 ? 99 : b))), PINNED],
  ['board', () => readFileSync(`${ROOT}data/triangle5.all.a1.pgt`), PINNED],
  ['html', () => Buffer.from('<!doctype html><title>Not here</title>'), PINNED],
];

test('a corrupt, truncated, wrong-version or wrong-board table is refused, named, and the game plays on', async () => {
  for (const [name, bytes, reason] of BAD) {
    const { page, context, clean } = await openPage(env.browser);
    await context.route(TABLE, (route) => route.fulfill({ body: bytes(), contentType: 'application/octet-stream' }));
    await load(page, env.url);
    const s = await snapshot(page);
    assert.deepEqual([s.tableState, s.position.source], ['refused', 'search'], name);
    assert.match(s.tableNote, /^the table english\.d4\.d4\.pgt was refused: /, name);
    assert.match(await badge(page), new RegExp(`^hints: live search — ${reason.source.replace('$', '')}`), name);
    assert.match(await page.locator('#source').getAttribute('title'), /refused.*The live search answers instead\./, name);
    if (name === 'flipped') await shoot(page, 'table-refused');
    await clickJump(page, 'd2-d4');
    const after = await snapshot(page);
    assert.deepEqual([after.position.jumps, after.tableState], [1, 'refused'], `${name}: the game plays on`);
    await clean();
  }
});

test('an embedded board notes a refused table on itself and plays on', async () => {
  const { page, context, clean } = await openPage(env.browser);
  await context.route(TABLE, (route) => route.fulfill({ body: BAD[0][1](), contentType: 'application/octet-stream' }));
  await page.goto(`${env.url}embed.html`);
  const note = await page.evaluate(async () => {
    await customElements.whenDefined('peg-solitaire');
    const el = document.getElementById('eng');
    await el.game.settled();
    return el.shadowRoot.querySelector('.note span').textContent;
  });
  assert.match(note, /^Hints come from the live search: the table english\.d4\.d4\.pgt was refused: 'english\.d4\.d4\.pgt' is not the file this build was made with/);
  await page.locator('#eng').screenshot({ path: `${ROOT}tests/output/embed-table-refused.png` });
  const jumps = await page.evaluate(async () => {
    const g = document.getElementById('eng').game;
    await g.play(g.state().legal[0].jump);
    return g.state().jumps;
  });
  assert.equal(jumps, 3);
  await clean();
});

test('a table the server lacks is reported unavailable, retried after a backoff, and used once it is there', async () => {
  const { page, context, clean } = await openPage(env.browser, { allow: [/english\.d4\.d4\.pgt$/, /status of 404/] });
  const retries = holdRetries(page);
  let asked = 0;
  await context.route(TABLE, async (route) => {
    if (++asked > 1) return route.fulfill({ body: GOOD });
    await retries.ready; // the worker's retries are in the test's hands before the first fails
    return route.fulfill({ status: 404, body: 'not yet' });
  });
  await load(page, env.url);
  await tableState(page, 'missing');
  let s = await snapshot(page);
  assert.deepEqual([s.tableState, s.position.source], ['missing', 'search']);
  assert.equal(await badge(page), 'hints: live search — table not built');
  await clickJump(page, 'd2-d4');
  // one retry is due, after the backoff's first step (2 s); nothing asks for the table before it
  assert.deepEqual(await retries.held(1), [2000]);
  s = await snapshot(page);
  assert.deepEqual([s.tableState, s.position.jumps, asked], ['missing', 1, 1]);
  await retries.run();
  await tableState(page, 'table');
  s = await snapshot(page);
  assert.deepEqual([s.position.source, s.position.jumps, asked], ['table', 1, 2]);
  assert.equal(await badge(page), 'hints: table');
  assert.deepEqual(await retries.delays(), [], 'no retry is left once the table is in');
  await clean();
});

test('a slow table never blocks play', async () => {
  const { page, context, clean } = await openPage(env.browser);
  const release = await holdTable(context);
  await page.goto(env.url);
  await page.waitForFunction(() => window.pegwise.snapshot()?.tableState === 'loading');
  assert.equal(await badge(page), 'hints: live search — loading table');
  // jumps, undo and the verdicts all answer while the table is on its way
  const during = await page.evaluate(async () => {
    const g = document.getElementById('board').game;
    await g.play('d2-d4 f3-d3');
    await g.undo();
    const h = await g.hints('d5');
    const s = g.state();
    return { jumps: s.jumps, table: s.tableState, hints: h.length };
  });
  assert.deepEqual(during, { jumps: 1, table: 'loading', hints: 1 });
  release();
  await tableState(page, 'table');
  assert.equal((await snapshot(page)).position.jumps, 1);
  await clean();
});

test('a question that waited for the table head, about a game replaced meanwhile, is answered as stale', async () => {
  const { page, context, clean } = await openPage(env.browser);
  const release = await holdTable(context);
  await page.goto(env.url);
  await page.waitForFunction(() => window.pegwise.snapshot()?.tableState === 'loading');
  const asked = await page.evaluate(async () => {
    const g = document.getElementById('board').game;
    // the page asks about every peg (each question waits for the head), and so does this call.
    // Not at move 0: the page keeps the baked opening's verdicts, and d2's would answer at once
    await g.set({ hints: 'always' });
    await g.play('d2-d4');
    const answer = g.hints('d5').then(
      () => 'answered',
      (e) => e.message,
    );
    await g.set({ board: 'triangle5' });
    return answer;
  });
  assert.match(asked, /stale request/);
  release();
  await settled(page);
  const s = await page.evaluate(() => document.getElementById('board').game.state());
  assert.deepEqual([s.board, s.error, s.status], ['triangle5', null, 'playing']);
  await clean();
});

test('offline, the table is unavailable and retried with backoff; back online, it loads at once', async () => {
  const { page, context, clean } = await openPage(env.browser, {
    allow: [/english\.d4\.d4\.pgt$/, /ERR_INTERNET_DISCONNECTED/],
  });
  const retries = holdRetries(page);
  await load(page, env.url, '?board=triangle5&start=a1&goal=start');
  await retries.ready;
  await context.setOffline(true);
  await page.selectOption('#board-select', 'english');
  await tableState(page, 'error');
  assert.equal(await badge(page), 'hints: live search — table unavailable');
  await clickJump(page, 'd2-d4');
  // the first retry (due 2 s on) fails too, and the next is due 4 s after it
  assert.deepEqual(await retries.held(1), [2000]);
  await retries.run();
  assert.deepEqual(await retries.held(1), [4000]);
  assert.equal((await snapshot(page)).tableState, 'error');
  // back online, the page's `online` event has the worker retry at once: the held retry is
  // dropped, never run, so the table can only have come from going online
  await context.setOffline(false);
  await tableState(page, 'table');
  assert.deepEqual(await retries.delays(), [], 'the retry due later was called off');
  const s = await snapshot(page);
  assert.deepEqual([s.position.source, s.position.jumps], ['table', 1]);
  await clean();
});
