// The game survives a reload (localStorage) and travels in a link (the URL).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { clickJump, load, openPage, settled, setup, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

test('a reload restores the game, its redo list and the settings', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=triangle5&start=a1&goal=start');
  for (const j of ['a3-a1', 'a5-a3', 'c4-a4', 'a4-a2']) await clickJump(page, j);
  await page.click('#undo');
  await page.click('label:has(input[value="always"])');
  await page.check('#names');
  await settled(page);
  const before = await snapshot(page);
  assert.equal(page.url(), `${env.url}?board=triangle5&start=a1&goal=start&moves=a3-a1+a5-a3+c4-a4`);

  await page.reload();
  await settled(page);
  let after = await snapshot(page);
  assert.deepEqual(after.position, before.position);
  assert.deepEqual(after.position.future, ['a4-a2']);
  assert.equal(await page.locator('input[value="always"]').isChecked(), true);
  assert.equal(await page.locator('#names').isChecked(), true);

  // with no game in the address, the saved game comes back too
  await load(page, env.url);
  after = await snapshot(page);
  assert.deepEqual(after.position, before.position);
  await page.click('#redo');
  await settled(page);
  assert.deepEqual((await snapshot(page)).position.history, ['a3-a1', 'a5-a3', 'c4-a4-a2']);
  await clean();
});

test('a shared link reproduces the position in a fresh browser', async () => {
  const a = await openPage(env.browser);
  await load(a.page, env.url);
  for (const j of ['d2-d4', 'd5-d3', 'b4-d4', 'd4-d2']) await clickJump(a.page, j);
  const link = a.page.url();
  assert.equal(link, `${env.url}?board=english&start=d4&goal=start&moves=d2-d4+d5-d3+b4-d4-d2`);
  const mine = await snapshot(a.page);
  await a.clean();

  const b = await openPage(env.browser);
  await b.page.goto(link);
  await settled(b.page);
  const theirs = await snapshot(b.page);
  assert.equal(theirs.position.code, mine.position.code);
  assert.deepEqual(theirs.position.history, mine.position.history);
  assert.equal(theirs.position.moves, 3);
  assert.equal(await b.page.locator('#move-count').textContent(), '3');
  await b.clean();
});

test('a link wins over the saved game, and a link without moves starts fresh', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url);
  await clickJump(page, 'd2-d4');
  await load(page, env.url, '?board=triangle5&start=a1&goal=any');
  let s = await snapshot(page);
  assert.equal(s.position.board, 'triangle5');
  assert.equal(s.position.jumps, 0);
  // a link may leave out start and goal: the board's defaults (wasm's catalogue) fill them in
  await load(page, env.url, '?board=trunc12');
  s = await snapshot(page);
  const d = (await page.evaluate(() => document.getElementById('board').game.boards())).find((x) => x.name === 'trunc12');
  assert.deepEqual([s.position.board, s.position.start, s.position.goal, s.state.winnable], ['trunc12', d.start, d.goal, 'yes']);
  // MPMP's hole numbers work in links too
  await load(page, env.url, '?board=triangle5&start=1&goal=any&moves=4-1');
  s = await snapshot(page);
  assert.deepEqual([s.position.start, s.position.history], ['a1', ['a3-a1']]);
  assert.equal(page.url(), `${env.url}?board=triangle5&start=a1&goal=any&moves=a3-a1`);
  await clean();
});
