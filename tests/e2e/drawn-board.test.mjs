// A board drawn in ASCII keeps its identity: its link names it by its drawing, so a reload, a
// shared link and a new start hole all open the same board.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { clickJump, load, openPage, settled, setup, shoot, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

const DRAWN = 'ascii:-ooo/ooooo/ooooo/ooooo/-ooo';

test('a drawn board plays, reloads, takes a new start and travels in a link', async () => {
  const a = await openPage(env.browser);
  await load(a.page, env.url, `?board=${encodeURIComponent(DRAWN)}&start=c3&goal=any`);
  let s = await snapshot(a.page);
  assert.equal(s.position.board, DRAWN, 'the board is named by its drawing');
  assert.equal(s.position.boardName, 'custom');
  const jump = s.legal[0].jump;
  await clickJump(a.page, jump);
  s = await snapshot(a.page);
  assert.equal(s.position.jumps, 1);
  assert.equal(new URL(a.page.url()).searchParams.get('board'), DRAWN);
  assert.match(s.position.save, /^pegwise:2;ascii:-ooo\/ooooo\/ooooo\/ooooo\/-ooo;c3;any;/);
  assert.equal(await a.page.locator('#board-select option:checked').textContent(), 'custom (drawn, 21 holes)', 'the picker names it as wasm does');
  await shoot(a.page, 'drawn-board');

  // a reload brings back the same board and position
  await a.page.reload();
  await settled(a.page);
  const r = await snapshot(a.page);
  assert.deepEqual([r.position.board, r.position.code, r.position.history], [DRAWN, s.position.code, s.position.history]);

  // a new start hole keeps the board
  await a.page.selectOption('#start-select', 'b2');
  await settled(a.page);
  const n = await snapshot(a.page);
  assert.deepEqual([n.position.board, n.position.start, n.position.jumps], [DRAWN, 'b2', 0]);
  await clickJump(a.page, n.legal[0].jump);
  const link = a.page.url();
  const mine = await snapshot(a.page);
  await a.clean();

  // the shared link opens it in a fresh browser
  const b = await openPage(env.browser);
  await b.page.goto(link);
  await settled(b.page);
  const theirs = await snapshot(b.page);
  assert.deepEqual([theirs.position.board, theirs.position.code, theirs.position.start], [DRAWN, mine.position.code, 'b2']);
  await b.clean();
});

test('a drawn board keeps its name: line through the link and a reload', async () => {
  const named = 'ascii:name:plus/-ooo/ooooo/ooooo/ooooo/-ooo';
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, `?board=${encodeURIComponent(named)}&start=c3&goal=any`);
  const s = await snapshot(page);
  assert.deepEqual([s.position.board, s.position.boardName], [named, 'plus']);
  assert.equal(new URL(page.url()).searchParams.get('board'), named);
  await page.reload();
  await settled(page);
  const r = await snapshot(page);
  assert.deepEqual([r.position.board, r.position.boardName], [named, 'plus']);
  await clean();
});

test('a drawn board with a catalogue shape takes its tables; any other drawn board asks for none', async () => {
  const cross = 'ascii:--ooo--/--ooo--/ooooooo/ooooooo/ooooooo/--ooo--/--ooo--';
  const { page, clean } = await openPage(env.browser);
  /** @type {string[]} */
  const tables = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/data/')) tables.push(new URL(r.url()).pathname);
  });
  await load(page, env.url, `?board=${encodeURIComponent(cross)}&start=d4&goal=start`);
  let s = await snapshot(page);
  assert.deepEqual([s.position.board, s.position.boardName], ['ascii:--ooo/--ooo/ooooooo/ooooooo/ooooooo/--ooo/--ooo', 'custom'], 'the board keeps its drawing');
  assert.deepEqual([s.tableFile, s.tableState, s.position.source], ['english.d4.d4.pgt', 'table', 'table']);
  assert.equal(await page.locator('#source').textContent(), 'hints: table');
  assert.ok(tables.every((t) => t.startsWith('/data/english.')), `only English tables: ${tables}`);

  tables.length = 0;
  await load(page, env.url, `?board=${encodeURIComponent(DRAWN)}&start=c3&goal=any`);
  s = await snapshot(page);
  assert.deepEqual([s.tableFile, s.tableState, s.position.source], [null, 'none', 'search']);
  assert.deepEqual(tables, [], 'no table is asked for');
  assert.match(await page.locator('#source').textContent(), /^hints: (live search|\?)/);
  assert.doesNotMatch(await page.locator('#source').textContent(), /table/);
  await clean();
});

test('a drawn board’s start list agrees with its banner', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, `?board=${encodeURIComponent(DRAWN)}&start=c3&goal=any`);
  const s = await snapshot(page);
  assert.equal(s.state?.winnable, 'no', 'the banner: this game can’t be won');
  await page.waitForFunction(() => [...document.querySelectorAll('#start-select option')].some((o) => o.value === 'c3' && !o.textContent.includes('(?)')));
  assert.equal(await page.$eval('#start-select option[value="c3"]', (o) => o.textContent), 'c3 (can’t win)');
  await clean();
});

test('a drawn board that can’t be won offers a game nearby, and every start in its list is decided', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, `?board=${encodeURIComponent(DRAWN)}&start=c3&goal=any`);
  const s = (await snapshot(page)).state;
  assert.equal(s.winnable, 'no');
  assert.ok(s.nearby, 'wasm names a winnable game close to it');
  const b = await page.$eval('#banner', (el) => ({ status: el.dataset.status, text: el.textContent }));
  assert.equal(b.status, 'unwinnable');
  assert.match(b.text, /A game close to it that can be won/);
  const starts = await page.evaluate(() => document.getElementById('board').game.state().starts);
  assert.equal(starts.length, 21);
  assert.deepEqual(starts.filter((x) => x.winnable === 'unknown').map((x) => x.hole), [], 'a 21-hole board is decided whole');
  await shoot(page, 'drawn-board-nearby');
  await page.click('#banner-action');
  await settled(page);
  const t = (await snapshot(page)).state;
  assert.equal(t.winnable, 'yes');
  assert.equal(t.status, 'playing');
  await clean();
});
