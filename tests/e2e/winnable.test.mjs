// Which games can be won, before the first jump: the start picker and the holes while picking
// on the board say so (wasm's answers), a game that can't be won says so at move 0 and offers
// one close to it that can, and "Show a solution" says plainly when it finds none.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { ROOT, banner, load, openPage, settled, setup, shoot, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

test('a game that can’t be won says so at move 0 and switches to one nearby in one click', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=triangle4&start=a1&goal=any');
  const s = (await snapshot(page)).state;
  assert.equal(s.winnable, 'no');
  assert.equal(s.why, 'class');
  assert.deepEqual(s.nearby, { start: 'a2', position: null, goal: 'any' });
  const b = await banner(page);
  assert.equal(b.status, 'unwinnable');
  assert.match(b.text, /This game can’t be won\. No sequence of jumps can end there.*start a2, finish anywhere/);
  await shoot(page, 'unwinnable-banner');
  // the live region says the same, not "dead end"
  const live = await page.evaluate(() => document.getElementById('board').shadowRoot.querySelector('[aria-live]').textContent);
  assert.match(live, /can’t be won/);
  await page.click('#banner-action');
  await settled(page);
  const t = (await snapshot(page)).state;
  assert.deepEqual([t.start, t.goal, t.winnable, t.status], ['a2', 'any', 'yes', 'playing']);
  assert.equal((await banner(page)).status, 'playing');
  assert.match(page.url(), /board=triangle4&start=a2&goal=any/);
  await clean();
});

test('the start picker and the board, while picking, mark the starts that can’t be won', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=triangle4&start=a2&goal=any');
  const starts = await page.evaluate(() => document.getElementById('board').game.state().starts);
  const lost = starts.filter((x) => x.winnable === 'no').map((x) => x.hole);
  assert.deepEqual(lost, ['a1', 'b3', 'a4', 'd4'], 'the corners and the centre can’t be won (position classes)');
  const options = await page.$$eval('#start-select option', (os) => os.map((o) => [o.value, o.textContent, o.className]));
  for (const [hole, text, cls] of options) {
    if (lost.includes(hole)) assert.deepEqual([text, cls], [`${hole} (can’t win)`, 'lost'], hole);
    else assert.equal(text, hole);
  }
  await page.click('#pick-start');
  await settled(page);
  const labels = await page.evaluate(() => [...document.getElementById('board').shadowRoot.querySelectorAll('[role="gridcell"], button')].map((b) => b.getAttribute('aria-label')).filter(Boolean));
  for (const h of lost) assert.ok(labels.some((l) => l.startsWith(`hole ${h}`) && l.includes('can’t be won from here')), `${h}: ${labels.join(' | ')}`);
  assert.ok(labels.some((l) => l.startsWith('hole b2') && l.includes('can be won from here')));
  await shoot(page, 'pick-start-struck');
  // another goal, other answers
  await page.keyboard.press('Escape');
  await page.selectOption('#goal-select', 'start');
  await settled(page);
  const again = await page.evaluate(() => document.getElementById('board').game.state().starts);
  assert.ok(again.every((x) => x.winnable === 'no'), 'no start of the 10-hole triangle wins back at itself');
  await clean();
});

// settled() promises a board whose drawing and labels match its state: a page (or a test) that
// reads the grid at once must not see the frame before, whenever the next animation frame runs
test('settled() resolves on a board already relabelled: the next frame is not awaited by luck', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=triangle4&start=a2&goal=any');
  // one task in the page: no animation frame can run between settled() and the read
  const labels = await page.evaluate(async () => {
    const el = /** @type {any} */ (document.getElementById('board'));
    el.game.set({ pickStart: true });
    await el.game.settled();
    return [...el.shadowRoot.querySelectorAll('[role="gridcell"], button')].map((b) => b.getAttribute('aria-label')).filter(Boolean);
  });
  assert.ok(labels.some((l) => l.startsWith('hole a1') && l.includes('can’t be won from here')), labels.join(' | '));
  await clean();
});

test('“Show a solution” says plainly in the banner when it finds none', { timeout: 180_000 }, async () => {
  const { page, clean } = await openPage(env.browser);
  // Wiegleb from e1 back to e1, a game no live search settles, however fast the machine: the
  // page's search stops each question at 200 ms or at 50,000,000 positions (worker-core.js),
  // whichever comes first, and `pegwise solve --board wiegleb --start e1 --goal start
  // --budget 300000000` still finds no line and no proof in 300,000,000 positions (minutes,
  // natively). So the test needs no clock to run out first; it waits for the replay to
  // settle, for as long as the search takes. (The central game, which this test used before,
  // is found in under 1,000 positions.)
  await load(page, env.url, '?board=wiegleb&start=e1&goal=start');
  await page.evaluate(() => document.getElementById('board').game.set({}));
  await page.click('#solve');
  await settled(page);
  const b = await banner(page);
  assert.equal(b.status, 'nosolution', b.text);
  assert.match(b.text, /No solution found\. The live search ran out of time/);
  assert.equal((await snapshot(page)).position.jumps, 0, 'nothing was played');
  assert.equal(await page.locator('#note').isVisible(), false, 'not a note at the bottom edge');
  await shoot(page, 'no-solution');
  await clean();
});

// Its table (scripts/tables wiegleb) is never in a clean clone, so CI always plays it on the
// live search; where the table is built, the same line comes from the table.
const wieglebTable = existsSync(`${ROOT}data/wiegleb.e5.e5.pgt`);

test('“Show a solution” plays Wiegleb’s central game to the end (on the live search unless its table is built)', async () => {
  const { page, clean } = await openPage(env.browser);
  // without its table: every jump of the line comes from the live search
  await load(page, env.url, '?board=wiegleb&start=e5&goal=start');
  assert.equal((await snapshot(page)).position.source, wieglebTable ? 'table' : 'search');
  await page.click('#solve');
  await page.waitForFunction(
    () => window.pegwise.snapshot().state?.status === 'solved' || document.getElementById('banner').dataset.status === 'nosolution',
    null,
    { timeout: 90_000, polling: 250 },
  );
  await settled(page);
  const s = await snapshot(page);
  assert.equal(s.state.status, 'solved');
  assert.equal(s.position.pegs.filter(Boolean).length, 1);
  assert.equal(s.position.jumps, 43);
  await shoot(page, 'wiegleb-solved-live');
  await clean();
});

test('the goal picker marks the goal holes that can’t be won from the start, as the CLI counts them', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=triangle5&start=a1&goal=a1');
  await page.waitForFunction(() => document.querySelectorAll('#goal-hole option.lost').length > 0);
  const marked = await page.evaluate(() => [...document.querySelectorAll('#goal-hole option')].map((o) => [o.value, o.classList.contains('lost'), o.textContent]));
  assert.equal(marked.length, 15);
  for (const [hole, lost, text] of marked) {
    const cli = ['run', '-q', '--release', '-p', 'pegwise', '--features', 'cli', '--', 'count', '--board', 'triangle5', '--start', 'a1', '--goal', hole];
    const count = execFileSync('cargo', cli, { cwd: ROOT, encoding: 'utf8' }).split('\n')[0];
    assert.equal(lost, count === '0', `${hole}: marked ${lost ? 'lost' : 'winnable'}, the CLI counts ${count}`);
    assert.equal(text, lost ? `${hole} (can’t win)` : hole);
  }
  await clean();
});
