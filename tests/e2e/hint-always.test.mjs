// The hint always comes: whole winning lines played move by move in "always" mode, and after
// every move every peg that can jump gets its verdict from the table, its parts fetched as the
// verdicts need them (a level's header, then its chunks). The test waits on the board (its
// settled(), which holds while a question, a change or a table part is on its way), never on a
// clock; a verdict left "loading" once the board is settled is the failure.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { ROOT, clickHole, holeCentre, load, openPage, playAlways, settled, setup, shoot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

/**
 * Loads a game in "always" mode and plays a winning line: every position on it is judged.
 * @param {string} query the page's link
 * @param {string} line the winning line, jumps separated by spaces
 * @param {string} shot the screenshot's name
 */
async function wholeLine(query, line, shot) {
  const { page, clean } = await openPage(env.browser);
  const ranges = [];
  page.on('request', (r) => {
    if (/\.pgs$/.test(r.url())) ranges.push(`${r.url().split('/').pop()} ${r.headers().range ?? 'whole'}`);
  });
  await load(page, env.url, `${query}&hints=always`);
  const report = await playAlways(page, line.split(' '));
  const stuck = report.filter((r) => r.undecided.length);
  assert.deepEqual(stuck, [], `verdicts that never came (table parts asked for: ${ranges.join(', ')})`);
  assert.ok(report.every((r) => r.source === 'table'), 'judged from the table');
  assert.equal(report.at(-1)?.pegs, 0, 'the line ends the game');
  assert.equal(await page.locator('#banner').getAttribute('data-status'), 'solved');
  await shoot(page, shot);
  await clean();
}

test('the central game, played move by move in always mode: every peg judged after every move', { timeout: 300_000 }, async () => {
  await wholeLine('?board=english&start=d4&goal=start', CENTRAL, 'always-central-line');
});

const union = existsSync(`${ROOT}data/english.every.pgt`);

test('English c1 to any from the union table, in always mode: every peg judged after every move', { skip: !union && 'run scripts/tables english', timeout: 300_000 }, async () => {
  await wholeLine('?board=english&start=c1&goal=any', FROM_C1, 'always-english-c1-line');
});

test('reloaded (its table head fetched as the worker starts), the default page settles with every opening jump judged', { timeout: 120_000 }, async () => {
  // a reload starts the stored game's table head with the worker: the head can be in, and its
  // event sent, before the reply to the opening; the page once took that event's version
  // first and asked the worker for ever after
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?hints=always');
  for (let i = 0; i < 5; i++) {
    await page.reload();
    const [start] = await playAlways(page, []);
    assert.deepEqual(start.undecided, [], `reload ${i + 1}`);
    assert.equal(start.source, 'table');
    assert.equal(start.pegs, 4);
  }
  await clean();
});

test('after a jump, the hint line names the peg under the pointer, not the one that jumped', { timeout: 120_000 }, async () => {
  const { page, clean } = await openPage(env.browser);
  // ten jumps into the central line: the next move is a chain, a4-c4-c2
  const ten = CENTRAL.split(' ').slice(0, 10).join('+');
  await load(page, env.url, `?board=english&start=d4&goal=start&moves=${ten}`);
  await clickHole(page, 'a4');
  await clickHole(page, 'c4');
  await settled(page);
  // the peg that jumped stays picked (its chain may go on), and is the one shown
  const line = async () => (await page.locator('#hint-line').textContent()) ?? '';
  assert.match(await line(), /^c4: c4-c2 /);
  const other = await page.evaluate(() => /** @type {any} */ (document.getElementById('board')).game.state().legal.find((/** @type {any} */ j) => j.from !== 'c4').from);
  const p = await holeCentre(page, other);
  await page.mouse.move(p.x, p.y);
  await settled(page);
  assert.match(await line(), new RegExp(`^${other}: `), 'the peg under the pointer');
  // the chain goes on from the peg still picked
  await clickHole(page, 'c2');
  await settled(page);
  assert.deepEqual((await page.evaluate(() => /** @type {any} */ (document.getElementById('board')).game.state().history)).at(-1), 'a4-c4-c2');
  await clean();
});

// Winning lines, jump by jump (pegwise solve, its chains split): the central game, and c1 to
// any hole.
const CENTRAL = [
  'd2-d4 b3-d3 c1-c3 e1-c1 d3-b3 a3-c3 e3-e1 g3-e3 c4-c2 c1-c3 a4-c4 c4-c2 e4-c4 g4-e4 e4-e2 e1-e3',
  'c5-c3 c2-c4 a5-c5 d5-b5 e6-e4 g5-e5 c7-c5 c4-c6 e7-c7 c7-c5 b5-d5 d5-f5 e3-e5 f5-d5 d6-d4',
].join(' ');
const FROM_C1 = [
  'e1-c1 e3-e1 g3-e3 e4-e2 e1-e3 e6-e4 c2-e2 d3-f3 b3-d3 d4-d2 e2-c2 c1-c3 b4-d4 d5-d3 d3-b3',
  'a3-c3 a5-a3 g5-e5 e4-e6 g4-e4 c6-c4 e7-e5 e5-e3 f3-d3 d3-b3 a3-c3 c3-c5 b5-d5 c7-e7 d5-d7 e7-c7',
].join(' ');

test('a switch to another board drops the old board’s table: its failed download is not retried', { timeout: 120_000 }, async () => {
  const FRENCH = /\/data\/french\.every\.pgt$/;
  const { page, context, clean } = await openPage(env.browser, { allow: [FRENCH] });
  await page.route(FRENCH, (r) => r.fulfill({ status: 404, body: 'not built' }));
  /** @type {string[]} */
  const asked = [];
  page.on('request', (r) => FRENCH.test(r.url()) && asked.push(r.url()));
  await load(page, env.url, '?board=french&start=c1&goal=any');
  assert.equal((await page.evaluate(() => window.pegwise.snapshot())).tableState, 'missing');
  const before = asked.length;
  await page.evaluate(() => /** @type {any} */ (document.getElementById('board')).game.set({ board: 'english', start: 'd4', goal: 'start' }));
  await settled(page);
  // back online, the worker retries every failed download it still holds at once
  await context.setOffline(true);
  await context.setOffline(false);
  await page.evaluate(() => new Promise((ok) => (navigator.onLine ? ok(null) : addEventListener('online', ok, { once: true }))));
  // a question after the retry (the worker takes messages in order) and a request after it
  await page.evaluate(() => /** @type {any} */ (document.getElementById('board')).game.pegs());
  await page.evaluate(() => fetch('data/MANIFEST').then((r) => r.text()));
  assert.equal(asked.length, before, `french.every.pgt asked for again after the switch: ${asked.length - before} times`);
  await clean();
});
