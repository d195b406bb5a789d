// The page itself: loads clean and accessible, every board renders, bad links fall back.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ROOT, banner, clickJump, load, openPage, settled, setup, shoot, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

test('the page loads clean: English board, start d4, table hints, accessible', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url);
  assert.equal(await page.title(), 'pegwise · peg solitaire with an exact dead-end hint');
  const s = await snapshot(page);
  assert.equal(s.position.board, 'english');
  assert.equal(s.position.start, 'd4');
  assert.equal(s.position.goal, 'start');
  assert.equal(s.position.pegCount, 32);
  assert.equal(s.state.status, 'playing');
  assert.equal(await page.locator('#source').textContent(), 'hints: table');
  assert.match((await banner(page)).text, /Goal: one peg left, in d4/);
  assert.equal(await page.locator('#undo').isDisabled(), true);
  // the canvas is drawn at the device pixel ratio and is not blank
  const drawn = await page.evaluate(() => {
    const c = /** @type {HTMLCanvasElement} */ (document.getElementById('board').shadowRoot.querySelector('canvas'));
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let opaque = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) opaque++;
    return { w: c.width, cssW: c.getBoundingClientRect().width, opaque, total: d.length / 4 };
  });
  assert.equal(drawn.w, Math.round(drawn.cssW));
  assert.ok(drawn.opaque > drawn.total * 0.2, 'the board is drawn');
  await shoot(page, 'start');
  // axe: no serious or critical accessibility problems
  await page.addScriptTag({ path: fileURLToPath(new URL('node_modules/axe-core/axe.min.js', `file://${ROOT}`)) });
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  });
  assert.deepEqual(violations, []);
  await clean();
});

test('sharp at devicePixelRatio 2 and laid out for a phone', async () => {
  const { page, clean } = await openPage(env.browser, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  await load(page, env.url, '?board=triangle5&start=a1&goal=start');
  const size = await page.evaluate(() => {
    const c = /** @type {HTMLCanvasElement} */ (document.getElementById('board').shadowRoot.querySelector('canvas'));
    return { w: c.width, cssW: c.getBoundingClientRect().width };
  });
  assert.equal(size.w, Math.round(size.cssW * 2));
  assert.ok(size.cssW <= 390);
  // tap a peg: its landing holes are marked without any hover
  const r = await page.evaluate(() => window.pegwise.holeRect('a3'));
  await page.touchscreen.tap(r.x + r.width / 2, r.y + r.height / 2);
  await settled(page);
  assert.deepEqual((await page.evaluate(() => window.pegwise.marks())).targets, { a1: 'good' });
  await page.screenshot({ path: `${ROOT}tests/output/phone.png`, fullPage: true });
  await clean();
});

test('every board in the picker renders', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url);
  const options = await page.locator('#board-select option').evaluateAll((os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
  assert.ok(options.length >= 14, `${options.length} boards`);
  for (const value of options) {
    await page.selectOption('#board-select', value);
    await settled(page);
    if (value === 'row') {
      await page.fill('#row-length', '9');
      await page.press('#row-length', 'Enter');
      await page.locator('#row-length').dispatchEvent('change');
      await settled(page);
    }
    const s = await snapshot(page);
    const expected = value === 'row' ? 'row:9' : value;
    assert.equal(s.position.board, expected);
    const holes = await page.evaluate(() => window.pegwise.snapshot().position.pegs.length);
    const starts = await page.locator('#start-select option:not([value=""])').count();
    assert.equal(starts, holes, `${value}: the start picker lists every hole`);
    // every hole is inside the canvas
    const inside = await page.evaluate(() => {
      const c = document.getElementById('board').getBoundingClientRect();
      const names = [...document.querySelectorAll('#start-select option')].map((o) => o.value).filter(Boolean);
      return names.every((n) => {
        const r = window.pegwise.holeRect(n);
        return r.x >= c.left && r.y >= c.top && r.x + r.width <= c.right && r.y + r.height <= c.bottom;
      });
    });
    assert.ok(inside, `${value}: every hole fits the canvas`);
    assert.ok(['playing', 'deadend', 'stuck', 'solved'].includes(s.state.status), `${value}: ${s.state.status}`);
    // every board opens on a game that can be won
    assert.equal(s.state.winnable, 'yes', `${value} opens on ${s.position.start} → ${s.position.goal}`);
    assert.equal(s.state.status, 'playing', `${value}: not lost at move 0`);
    await shoot(page, `board-${expected.replace(':', '')}`);
  }
  await clean();
});

test('start and goal pickers, and picking the start on the board', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=triangle5&start=a1&goal=start');
  await page.selectOption('#goal-select', 'any');
  await settled(page);
  assert.equal((await snapshot(page)).position.goal, 'any');
  await page.selectOption('#goal-select', 'hole');
  await settled(page);
  await page.selectOption('#goal-hole', 'c3');
  await settled(page);
  assert.equal((await snapshot(page)).position.goal, 'c3');
  await page.click('#pick-start');
  assert.equal((await banner(page)).status, 'pick');
  const r = await page.evaluate(() => window.pegwise.holeRect('b3'));
  await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
  await settled(page);
  const s = await snapshot(page);
  assert.equal(s.position.start, 'b3');
  assert.equal(s.position.goal, 'c3');
  assert.equal(await page.inputValue('#start-select'), 'b3');
  assert.match(page.url(), /board=triangle5&start=b3&goal=c3/);
  await clean();
});

test('a bad link falls back to the default game and names the bad value', async () => {
  for (const [query, bad] of [
    ['?board=nonsense&start=d4&goal=start', 'nonsense'],
    ['?board=english&start=z9&goal=start', 'z9'],
    ['?board=english&start=d4&goal=q7', 'q7'],
  ]) {
    const { page, clean } = await openPage(env.browser);
    await load(page, env.url, query);
    const s = await snapshot(page);
    assert.deepEqual([s.position.board, s.position.start, s.position.goal], ['english', 'd4', 'start']);
    const note = page.locator('#note');
    assert.equal(await note.isVisible(), true);
    assert.match(await note.textContent(), new RegExp(`“${bad}”`));
    if (bad === 'nonsense') {
      // the note leaves once the player moves
      await clickJump(page, 'd2-d4');
      assert.equal(await note.isVisible(), false, 'the note left with the first move');
    } else {
      // or when dismissed
      await page.click('#note-close');
      assert.equal(await note.isVisible(), false, 'the note was dismissed');
    }
    await clean();
  }
  // moves from the first that doesn't play are left out, the game stays
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=triangle5&start=a1&goal=any&moves=a3-a1+zz-a1');
  const s = await snapshot(page);
  assert.equal(s.position.board, 'triangle5');
  assert.equal(s.position.jumps, 1, 'the good moves before the bad one are kept');
  assert.match(await page.locator('#note').textContent(), /The moves “a3-a1 zz-a1” stop at move 2, “zz-a1”: .*'zz'; the move before it was played/);
  assert.match(page.url(), /moves=a3-a1$/);
  await clean();
});

test('a long row keeps its holes 24 px apart and scrolls, on a phone too', async () => {
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    const { page, clean } = await openPage(env.browser, { viewport });
    await load(page, env.url, '?board=row:64');
    const m = await page.evaluate(() => {
      const el = /** @type {any} */ (document.getElementById('board'));
      const holes = el.game.state().holes;
      const [a, b] = [el.game.holeRect(holes[0]), el.game.holeRect(holes[1])];
      return { holes: holes.length, spacing: b.x - a.x, size: a.width, scroll: el.scrollWidth, width: el.clientWidth };
    });
    assert.equal(m.holes, 64);
    assert.ok(m.spacing >= 24, `holes ${m.spacing.toFixed(1)} px apart`);
    assert.ok(m.scroll > m.width, `the board scrolls (${m.scroll} px in ${m.width})`);
    // the last hole can be reached
    await page.evaluate(() => document.getElementById('board').scrollTo({ left: 1e6 }));
    const last = await page.evaluate(() => {
      const el = /** @type {any} */ (document.getElementById('board'));
      const r = el.game.holeRect(el.game.state().holes.at(-1));
      const box = el.getBoundingClientRect();
      return r.x >= box.left && r.x + r.width <= box.right;
    });
    assert.ok(last, 'the last hole is in view once scrolled');
    if (viewport.width < 500) await shoot(page, 'row64-phone');
    await clean();
  }
});
