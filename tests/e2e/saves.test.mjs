// Saved games: checked by the engine before they open; a corrupt or old-format save is reported
// and dropped, never trusted; the game survives a browser restart; a bad link never overwrites
// it; and two tabs sharing one localStorage never corrupt each other's saves or settings.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { clickJump, load, openPage, setup, shoot, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

/**
 * The stored game's envelope, parsed.
 * @param {import('playwright-core').Page} page
 */
async function stored(page) {
  const raw = await page.evaluate(() => localStorage.getItem('pegwise.game'));
  return raw === null ? null : JSON.parse(raw);
}

/** @param {import('playwright-core').Page} page */
const note = (page) => page.locator('#note').textContent();

const INJECT = '<img src=x onerror=window.__pwned=1>';

test('a corrupt or old-format save is reported, dropped, and the default game opens', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url);
  const env2 = (save, extra = {}) => JSON.stringify({ v: 2, save, future: [], at: 1, tab: 'x', ...extra });
  const cases = [
    ['{"v":2,"save":"pegwise:1;engl', /The saved game was dropped: it is not readable \(not JSON\)\./],
    ['42', /dropped: it is not a saved game/],
    [JSON.stringify({ v: 9, data: 'from the future' }), /refused and dropped \(its format \(9\) is not one this page reads\)/],
    [env2('pegwise:1;english;d4;start;d2-d4', { future: 'd2-d4' }), /refused and dropped \(its fields are missing or of the wrong type\)/],
    [env2('pegwise:0;english;d4;start;'), /The saved game was refused and dropped \(unknown format 'pegwise:0;en…'/],
    [env2('pegwise:1;english;d4;start;d2-d4 d2-d4'), /refused and dropped \(illegal jump 'd2-d4': no peg on d2\)/],
    [env2('pegwise:1;english;d4;start'), /expected 4 fields after the version, found 3/],
    [env2(`pegwise:1;english;${INJECT};start;`), new RegExp(`board 'english' has no hole '${INJECT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`)],
  ];
  for (const [raw, expected] of cases) {
    await page.evaluate((r) => localStorage.setItem('pegwise.game', r), raw);
    await load(page, env.url);
    assert.match(await note(page), expected, raw);
    const s = await snapshot(page);
    assert.deepEqual([s.position.board, s.position.start, s.position.jumps], ['english', 'd4', 0], raw);
    // the bad save is gone, replaced by the game that opened
    assert.deepEqual((await stored(page)).save, 'pegwise:2;english;d4;start;;', raw);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.equal(await page.locator('img').count(), 0);
    if (raw.includes('d2-d4 d2-d4')) await shoot(page, 'save-refused');
    await clickJump(page, 'd2-d4');
    assert.equal((await stored(page)).save, 'pegwise:2;english;d4;start;d2-d4;', `${raw}: playing saves again`);
  }
  await clean();
});

test('a save from the first version is checked and carried on', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url);
  const v1 = { board: 'triangle5', start: 'a1', goal: 'start', moves: 'a3-a1', future: ['c5-a3'] };
  await page.evaluate((r) => localStorage.setItem('pegwise.game', r), JSON.stringify(v1));
  await load(page, env.url);
  const s = await snapshot(page);
  assert.deepEqual([s.position.board, s.position.history, s.position.future], ['triangle5', ['a3-a1'], ['c5-a3']]);
  assert.equal(await page.locator('#note').isVisible(), false);
  const env3 = await stored(page);
  assert.deepEqual([env3.v, env3.save], [3, 'pegwise:2;triangle5;a1;start;a3-a1;c5-a3'], 'saved again by wasm, redo list included');
  // the second version: format-1 text with the redo list beside it
  const v2 = { v: 2, save: 'pegwise:1;triangle5;a1;start;a3-a1', future: ['c5-a3', 'c3-c5'], at: 1, tab: 'x' };
  await page.evaluate((r) => localStorage.setItem('pegwise.game', r), JSON.stringify(v2));
  await load(page, env.url);
  const t = await snapshot(page);
  assert.deepEqual([t.position.history, t.position.future], [['a3-a1'], ['c5-a3', 'c3-c5']]);
  assert.equal((await stored(page)).save, 'pegwise:2;triangle5;a1;start;a3-a1;c5-a3 c3-c5');
  await clean();
});

test('the game survives a browser restart, and a bad link never overwrites it', async () => {
  const a = await openPage(env.browser);
  await load(a.page, env.url, '?board=triangle5&start=a1&goal=start');
  for (const j of ['a3-a1', 'c5-a3']) await clickJump(a.page, j);
  const state = await a.context.storageState();
  const mine = (await snapshot(a.page)).position;
  await a.clean();

  // a new browser context with the same storage: the profile after a restart
  const { page, clean } = await openPage(env.browser, { storageState: state });
  await load(page, env.url);
  assert.deepEqual((await snapshot(page)).position.history, mine.history);
  await load(page, env.url, '?board=nonsense');
  assert.match(await note(page), /The link’s board “nonsense” was refused/);
  assert.equal((await stored(page)).save, mine.save, 'a bad link leaves the saved game alone');
  await load(page, env.url);
  assert.deepEqual((await snapshot(page)).position.history, mine.history);
  // the fallback game is saved once the player plays it
  await load(page, env.url, '?board=nonsense');
  await clickJump(page, 'd2-d4');
  assert.equal((await stored(page)).save, 'pegwise:2;english;d4;start;d2-d4;');
  await clean();
});

test('two tabs: each keeps its own game, the last mover’s is saved, settings merge', async () => {
  const { page: a, context, clean } = await openPage(env.browser);
  const b = await context.newPage();
  // tab A's table arrives late, after tab B saved: it must not write its game again then
  let release = () => {};
  const held = new Promise((ok) => {
    release = ok;
  });
  await context.route('**/data/english.d4.d4.pgt', async (route) => {
    await held;
    await route.continue();
  });
  await a.goto(`${env.url}?board=english&start=d4&goal=start`);
  await a.waitForFunction(() => window.pegwise.snapshot()?.tableState === 'loading');
  await a.evaluate(() => document.getElementById('board').game.play('d2-d4'));
  await load(b, env.url, '?board=triangle5&start=a1&goal=start');
  await clickJump(b, 'a3-a1');
  const saveB = (await snapshot(b)).position.save;
  assert.equal((await stored(a)).save, saveB);
  release();
  await a.waitForFunction(() => window.pegwise.snapshot()?.tableState === 'table');
  await a.evaluate(() => window.pegwise.settled());
  assert.equal((await stored(a)).save, saveB, 'a table arriving in A does not overwrite B’s newer save');

  // moves in both tabs, interleaved: the store always holds the last mover's whole game
  const moves = [
    [a, 'f3-d3'],
    [b, 'c5-a3'],
    [a, 'e1-e3'],
    [b, 'c3-c5'],
  ];
  for (const [p, jump] of moves) {
    await clickJump(p, jump);
    const s = await stored(a);
    assert.equal(s.save, (await snapshot(p)).position.save, jump);
    assert.equal(s.v, 3);
  }
  // settings: each tab changes one, neither undoes the other's
  await a.click('label:has(input[value="always"])');
  await b.check('#names');
  assert.deepEqual(JSON.parse(await a.evaluate(() => localStorage.getItem('pegwise.prefs'))), { hintMode: 'always', names: true });

  // a reload keeps each tab's own game; a new tab opens the last saved one
  const [histA, histB] = [(await snapshot(a)).position.history, (await snapshot(b)).position.history];
  await a.reload();
  await a.evaluate(() => window.pegwise.settled());
  assert.deepEqual((await snapshot(a)).position.history, histA);
  await b.reload();
  await b.evaluate(() => window.pegwise.settled());
  assert.deepEqual((await snapshot(b)).position.history, histB);
  const c = await context.newPage();
  await load(c, env.url);
  assert.deepEqual([(await snapshot(c)).position.board, (await snapshot(c)).position.history], ['triangle5', histB]);
  await clean();
});
