// Rows take any start position (X a peg, o a hole): in the link, as an attribute, through
// set({position}) and in the saved game; rows open on a start that can be won; bad positions
// are refused by name.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { load, openPage, settled, setup, shoot, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

test('rows open on a start that can be won; odd rows on a position', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=row:8');
  let s = (await snapshot(page)).state;
  assert.ok(['b1', 'd1', 'e1', 'g1'].includes(s.startHole), s.start);
  assert.equal(s.winnable, 'yes');
  await load(page, env.url, '?board=row:9');
  s = (await snapshot(page)).state;
  assert.equal(s.startHole, null);
  assert.equal(s.start, s.startPosition);
  assert.match(s.startPosition, /^[Xo]{9}$/);
  assert.equal(s.startPosition.replaceAll('X', '').length, 2, 'two empty holes');
  assert.equal(s.winnable, 'yes');
  assert.equal(new URL(page.url()).search, `?board=row:9&position=${s.startPosition}&goal=any`);
  assert.equal(await page.inputValue('#start-select'), '');
  assert.equal(await page.locator('#start-select option:checked').textContent(), 'a set position');
  await shoot(page, 'row-9-position');
  await clean();
});

test('a link with a position plays to the end, survives a reload and is saved with it', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=row:7&position=XXXXoXo&goal=any');
  const s = await snapshot(page);
  assert.deepEqual([s.position.startPosition, s.position.startHole, s.position.pegCount], ['XXXXoXo', null, 5]);
  const line = await page.evaluate(() => document.getElementById('board').game.solution());
  assert.ok(line?.length, 'a solution exists');
  await page.evaluate((l) => document.getElementById('board').game.play(l.join(' ')), line);
  await settled(page);
  assert.equal((await snapshot(page)).state.status, 'solved');
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('pegwise.game')));
  assert.match(saved.save, /^pegwise:2;row:7;XXXXoXo;any;/);
  await page.reload();
  await settled(page);
  const t = await snapshot(page);
  assert.deepEqual([t.position.startPosition, t.state.status], ['XXXXoXo', 'solved']);
  await clean();
});

test('bad positions are refused by name; goal "start" from a position means any', async () => {
  const { page, clean } = await openPage(env.browser);
  for (const [query, expected] of [
    ['?board=row:7&position=XXqXoXo&goal=any', /position “XXqXoXo” was refused \(.*character 3 is 'q'/],
    ['?board=row:7&position=XXo&goal=any', /position “XXo” was refused \(.*it names 3 holes, but row:7 has 7/],
  ]) {
    await load(page, env.url, query);
    assert.match(await page.locator('#note').textContent(), expected, query);
    assert.equal((await snapshot(page)).position.board, 'row:7', `${query}: the board's default game opens`);
  }
  // the core's one rule, as the CLI reads it: a set position has no start hole, so goal
  // "start" means any, and the game opens without a note
  await load(page, env.url, '?board=row:5&position=XXoXo&goal=start');
  const s = await snapshot(page);
  assert.deepEqual([s.position.startPosition, s.position.goal], ['XXoXo', 'any']);
  assert.equal(await page.locator('#note').isVisible(), false, 'no note');
  await clean();
});

test('the element takes a position attribute and set({position})', async () => {
  const { page, context, clean } = await openPage(env.browser);
  const html = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>position</title>
<script type="module" src="js/peg-solitaire.js"></script><body><peg-solitaire id="r" board="row:7" position="XXXXoXo" goal="any" style="width:400px"></peg-solitaire></body>`;
  await context.route('**/position.html', (route) => route.fulfill({ body: html, contentType: 'text/html' }));
  await page.goto(`${env.url}position.html`);
  const s = await page.evaluate(async () => {
    await customElements.whenDefined('peg-solitaire');
    const g = document.getElementById('r').game;
    await g.ready;
    await g.settled();
    return g.state();
  });
  assert.deepEqual([s.startPosition, s.winnable], ['XXXXoXo', 'yes']);
  const t = await page.evaluate(async () => {
    const g = document.getElementById('r').game;
    await g.set({ position: 'oXoXXXX' });
    await g.settled();
    return g.state();
  });
  assert.deepEqual([t.startPosition, t.goal, t.jumps], ['oXoXXXX', 'any', 0]);
  const err = await page.evaluate(() =>
    document
      .getElementById('r')
      .game.set({ position: 'XXXXXXX' })
      .then(
        () => null,
        (e) => [e.name, e.param, e.message],
      ),
  );
  assert.deepEqual(err?.slice(0, 2), ['PegwiseError', 'position']);
  assert.match(err[2], /no empty hole/);
  await clean();
});
