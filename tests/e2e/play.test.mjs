// Playing: clicks and drags, the status banner, undo/redo/reset, solutions.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { writeFileSync } from 'node:fs';
import { OUTPUT, banner, clickHole, clickJump, holeCentre, load, openPage, settled, setup, shoot, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

/** Seven safe jumps on the English board, after which d5-d3 loses (checked with the CLI). */
const SAFE = ['d2-d4', 'b3-d3', 'c1-c3', 'e1-c1', 'd3-b3', 'a3-c3', 'e3-e1'];

test('a full solution played by clicks ends in "Solved!"', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url);
  const { solution } = await page.evaluate(() => window.pegwise.call('solution'));
  assert.equal(solution.length, 31);
  for (const jump of solution) {
    await clickJump(page, jump);
    const s = await snapshot(page);
    assert.notEqual(s.state.status, 'deadend', `after ${jump}`);
  }
  const s = await snapshot(page);
  assert.equal(s.state.status, 'solved');
  assert.equal(s.position.pegCount, 1);
  assert.equal(s.position.pegs[s.position.pegs.length >> 1], true, 'the last peg is in d4');
  const b = await banner(page);
  assert.equal(b.status, 'solved');
  assert.match(b.text, /^Solved!/);
  // consecutive jumps by one peg are one move
  assert.equal(await page.locator('#jump-count').textContent(), '31');
  assert.equal(await page.locator('#move-count').textContent(), String(s.position.moves));
  assert.ok(s.position.moves < 31);
  assert.equal(await page.locator('#moves li').count(), s.position.moves);
  assert.equal(await page.locator('#moves li:last-child').textContent(), s.position.history.at(-1));
  await shoot(page, 'solved');
  await clean();
});

test('dragging pegs plays a triangle game to the end', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=triangle5&start=a1&goal=any');
  const { solution } = await page.evaluate(() => window.pegwise.call('solution'));
  for (const jump of solution) {
    const [from, to] = jump.split('-');
    const a = await holeCentre(page, from);
    const b = await holeCentre(page, to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 3 });
    await page.mouse.move(b.x, b.y, { steps: 2 });
    await page.mouse.up();
    await settled(page);
  }
  const s = await snapshot(page);
  assert.equal(s.state.status, 'solved');
  assert.equal(s.position.jumps, 13);
  await clean();
});

test('a losing jump shows the dead-end banner at once', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, `?board=english&start=d4&goal=start&moves=${SAFE.join('+')}`);
  assert.equal((await banner(page)).status, 'playing');
  await clickJump(page, 'd5-d3');
  const b = await banner(page);
  assert.equal(b.status, 'deadend');
  assert.match(b.text, /^Dead end\. d5-d3 made the goal unreachable\./);
  assert.equal((await snapshot(page)).state.winning, false);
  assert.equal(await page.locator('#solve').isDisabled(), true);
  await shoot(page, 'deadend');
  // one undo and the game is winning again
  await page.click('#undo');
  await settled(page);
  assert.equal((await banner(page)).status, 'playing');
  await clean();
});

test('stuck: no jumps left', async () => {
  const { page, clean } = await openPage(env.browser);
  // on a row of 4 with a1 empty: c1-a1 leaves pegs on a1 and d1, which cannot jump
  await load(page, env.url, '?board=row:4&start=a1&goal=any');
  await clickJump(page, 'c1-a1');
  const b = await banner(page);
  assert.equal(b.status, 'stuck');
  assert.match(b.text, /^Stuck\./);
  await clean();
});

test('undo, redo and reset by buttons and keys', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url);
  for (const j of SAFE.slice(0, 3)) await clickJump(page, j);
  const jumps = async () => (await snapshot(page)).position.jumps;
  assert.equal(await jumps(), 3);
  await page.click('#undo');
  await settled(page);
  assert.equal(await jumps(), 2);
  assert.deepEqual((await snapshot(page)).position.future, ['c1-c3']);
  await page.click('#redo');
  await settled(page);
  assert.equal(await jumps(), 3);
  await page.keyboard.press('u');
  await page.keyboard.press('u');
  await settled(page);
  assert.equal(await jumps(), 1);
  await page.keyboard.press('r');
  await settled(page);
  assert.equal(await jumps(), 2);
  await page.keyboard.press('Control+z');
  await settled(page);
  assert.equal(await jumps(), 1);
  await page.keyboard.press('Control+y');
  await page.keyboard.press('Control+Shift+z');
  await settled(page);
  assert.equal(await jumps(), 3);
  assert.equal(await page.locator('#redo').isDisabled(), true);
  await page.keyboard.press('Home');
  await settled(page);
  assert.equal(await jumps(), 0);
  assert.equal((await snapshot(page)).position.pegCount, 32);
  assert.equal(await page.locator('#moves li.future').count(), 3);
  // a redo-list entry replays up to it
  await page.click('#moves li.future button >> nth=1');
  await settled(page);
  assert.equal(await jumps(), 2);
  // a new jump clears the redo list
  await clickJump(page, 'c5-c3');
  const s = await snapshot(page);
  assert.deepEqual(s.position.history, ['d2-d4', 'b3-d3', 'c5-c3']);
  assert.equal(s.position.canRedo, false);
  await clean();
});

test('"Step" plays one jump of a solution, "Show a solution" plays it to the end', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=triangle5&start=a1&goal=start');
  await page.click('#step');
  await settled(page);
  assert.equal((await snapshot(page)).position.jumps, 1);
  await page.keyboard.press('s');
  await settled(page);
  assert.equal((await snapshot(page)).position.jumps, 2);
  // a second click stops it after the jump in flight: made as its first jump is played, not
  // at some moment that may come after the last one
  await page.evaluate(() => {
    const solve = /** @type {HTMLButtonElement} */ (document.getElementById('solve'));
    document.getElementById('board')?.addEventListener('move', () => solve.click(), { once: true });
  });
  await page.click('#solve');
  await settled(page);
  assert.equal((await snapshot(page)).position.jumps, 3, 'stopped after its first jump');
  // mid-flight: the button offers to stop (read as the replay's first jump is played)
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__solveSays = new Promise((ok) => document.getElementById('board')?.addEventListener('move', () => ok(document.getElementById('solve')?.textContent), { once: true }));
  });
  await page.keyboard.press('p');
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).__solveSays), 'Stop');
  await settled(page);
  const s = await snapshot(page);
  assert.equal(s.state.status, 'solved');
  assert.equal(s.position.jumps, 13);
  assert.equal(await page.locator('#solve').textContent(), 'Show a solution');
  await clean();
});

test('keyboard play: arrows move the cursor, Enter picks and jumps', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=triangle5&start=a1&goal=any');
  await page.focus('#board');
  // focus shows the cursor in the middle (b3); right to c3, then left twice to a3
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await settled(page);
  const cursorOn = await page.evaluate(() => document.getElementById('hint-line').textContent);
  assert.match(cursorOn, /^a3: a3-a1/);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await settled(page);
  assert.deepEqual((await snapshot(page)).position.history, ['a3-a1']);
  await clean();
});

test('a peg that cannot jump is not picked; clicking elsewhere drops the pick', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url);
  await clickHole(page, 'a3');
  await settled(page);
  assert.deepEqual((await page.evaluate(() => window.pegwise.marks())).targets, {});
  await clickHole(page, 'd2');
  await settled(page);
  await page.mouse.move(5, 5);
  assert.deepEqual((await page.evaluate(() => window.pegwise.marks())).targets, { d4: 'good' });
  await clickHole(page, 'g4');
  await settled(page);
  assert.deepEqual((await page.evaluate(() => window.pegwise.marks())).targets, {});
  assert.equal((await snapshot(page)).position.jumps, 0);
  await clean();
});

/**
 * What the board's canvas shows, as a PNG data URL.
 * @param {import('playwright-core').Page} page
 */
const picture = (page) => page.evaluate(() => /** @type {HTMLCanvasElement} */ (document.getElementById('board')?.shadowRoot?.querySelector('canvas')).toDataURL());

/**
 * Resolves once the page has drawn what it had to draw (two animation frames on).
 * @param {import('playwright-core').Page} page
 */
const drawn = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

test('jumps are animated when motion is welcome: the board draws frames between the two positions', async () => {
  const { page, clean } = await openPage(env.browser, { reducedMotion: 'no-preference' });
  // the page's clock is the test's: while it is paused, the flight moves on only as the test
  // moves time on, a frame at a time, however busy the machine is
  await page.clock.install();
  await load(page, env.url, '?board=triangle5&start=a1&goal=start');
  await clickHole(page, 'a3');
  await settled(page);
  await drawn(page);
  const before = await picture(page);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    const board = /** @type {HTMLElement} */ (document.getElementById('board'));
    // the jump is played and its flight begins; then the engine's verdict on the new position
    // comes in (the last thing the board redraws for, so the flight's last frame is the end)
    w.__flying = new Promise((ok) => {
      board.addEventListener(
        'move',
        () => {
          const verdict = (/** @type {any} */ e) => {
            if (e.detail.reason !== 'verdict') return;
            board.removeEventListener('change', verdict);
            ok(undefined);
          };
          board.addEventListener('change', verdict);
        },
        { once: true },
      );
    });
  });
  await clickHole(page, 'a1');
  await page.evaluate(() => /** @type {any} */ (window).__flying);
  /** @type {string[]} */
  const frames = [];
  // 30 frames of 16 ms: the whole flight (230 ms) and the landing
  for (let i = 0; i < 30; i++) {
    await page.clock.runFor(16);
    frames.push(await picture(page));
  }
  await page.clock.resume();
  await settled(page);
  await drawn(page);
  const after = await picture(page);
  assert.deepEqual((await snapshot(page)).position.history, ['a3-a1']);
  assert.notEqual(after, before);
  assert.equal(frames.at(-1), after, 'the flight ends on the board after the jump');
  // a jump drawn at once would show no picture but the two ends (and at most one frame of
  // the peg at rest in its new hole); a flight shows many, each different
  const between = new Set(frames.filter((f) => f !== before && f !== after));
  assert.ok(between.size >= 5, `${between.size} different frames drawn between the two positions`);
  // the board mid-flight, as drawn (a page screenshot would show the page's last composited frame)
  writeFileSync(`${OUTPUT}jump-in-flight.png`, Buffer.from(frames[6].split(',')[1], 'base64'));
  // the peg that landed stays picked when it can jump on (it can't here)
  await clean();
});
