// Long rows on a desktop and on a phone: every hole can be reached (the board fits, or its box
// scrolls sideways, by the wheel or by a finger), the page itself never scrolls sideways, and
// a click or a tap on the last hole, once scrolled into view, picks its peg.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openPage, settled, setup, shoot, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

/**
 * Where the board's holes are, against the board's box and the window.
 * @param {import('playwright-core').Page} page
 */
function reach(page) {
  return page.evaluate(() => {
    const el = /** @type {any} */ (document.getElementById('board'));
    const box = el.getBoundingClientRect();
    const holes = el.game.state().holes;
    const rects = holes.map((/** @type {string} */ h) => el.game.holeRect(h));
    // the box's content, from its scrolled-to-left edge: what scrolling can bring into view
    const content = { left: box.left - el.scrollLeft, right: box.left - el.scrollLeft + el.scrollWidth };
    const out = holes.filter((/** @type {string} */ h, /** @type {number} */ i) => {
      const r = rects[i];
      const shown = r.x >= box.left && r.x + r.width <= box.right;
      const scrolls = getComputedStyle(el).overflowX !== 'hidden' && el.scrollWidth > el.clientWidth;
      const reachable = scrolls && r.x >= content.left && r.x + r.width <= content.right;
      const rows = r.y >= box.top && r.y + r.height <= box.bottom && r.y >= 0 && r.y + r.height <= innerHeight;
      return !(rows && (shown || reachable));
    });
    const last = rects.at(-1);
    return {
      out,
      page: { scroll: document.documentElement.scrollWidth, width: innerWidth },
      box: { left: box.left, right: box.right },
      boxRight: box.right,
      lastShown: last.x >= box.left && last.x + last.width <= box.right,
      last: holes.at(-1),
      lastCentre: { x: last.x + last.width / 2, y: last.y + last.height / 2 },
    };
  });
}

/**
 * Which edges of the board fade, the sign that it goes on past them (its computed mask).
 * @param {import('playwright-core').Page} page
 */
function edges(page) {
  return page.evaluate(() => {
    const mask = getComputedStyle(document.getElementById('board')).maskImage;
    const stops = mask.match(/rgba?\([^)]*\)/g) ?? [];
    const faded = (/** @type {string|undefined} */ c) => c !== undefined && c !== 'rgb(0, 0, 0)';
    return { left: faded(stops[0]), right: faded(stops.at(-1)) };
  });
}

/**
 * Opens a row whose last peg can jump (the third hole from the end empty).
 * @param {import('playwright-core').Page} page
 * @param {number} length
 */
async function openRow(page, length) {
  await page.goto(`${env.url}?board=row:${length}&position=${'X'.repeat(length - 3)}oXX&goal=any`);
  await settled(page);
}

for (const length of [40, 64]) {
  test(`row:${length} at 1280×900: every hole reachable, the wheel scrolls the board, the last peg can be picked`, async () => {
    const { page, clean } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await openRow(page, length);
    let r = await reach(page);
    assert.deepEqual(r.out, [], 'holes neither shown nor reachable by scrolling the board');
    assert.ok(r.page.scroll <= r.page.width, `the page itself scrolls sideways (${r.page.scroll} px in ${r.page.width})`);
    assert.deepEqual(await edges(page), { left: false, right: true }, 'the right edge fades: the board goes on');
    await shoot(page, `row${length}-desktop`);
    // the wheel over the board scrolls it (sideways, as a trackpad or Shift+wheel does)
    const box = await page.locator('#board').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 20 && !r.lastShown; i++) {
      const was = await page.evaluate(() => document.getElementById('board').scrollLeft);
      await page.mouse.wheel(400, 0);
      await page.waitForFunction((x) => document.getElementById('board').scrollLeft !== x, was);
      r = await reach(page);
    }
    assert.ok(r.lastShown, 'the last hole scrolls into view');
    await page.waitForFunction(() => getComputedStyle(document.getElementById('board')).maskImage.startsWith('linear-gradient(to right, rgba'));
    assert.deepEqual(await edges(page), { left: true, right: false }, 'at the end, the left edge fades');
    await shoot(page, `row${length}-desktop-scrolled`);
    await page.mouse.click(r.lastCentre.x, r.lastCentre.y);
    await settled(page);
    assert.equal((await page.evaluate(() => document.getElementById('board').game.state().selected)), r.last, 'the last peg is picked');
    assert.equal((await reach(page)).page.scroll, r.page.width);
    await clean();
  });
}

test('row:30 on a phone (390×844, touch): every hole reachable, a finger scrolls the board, a tap picks the last peg', async () => {
  const { page, context, clean } = await openPage(env.browser, { viewport: { width: 390, height: 844 }, hasTouch: true });
  await openRow(page, 30);
  let r = await reach(page);
  assert.deepEqual(r.out, [], 'holes neither shown nor reachable by scrolling the board');
  assert.ok(r.page.scroll <= r.page.width, `the page itself scrolls sideways (${r.page.scroll} px in ${r.page.width})`);
  assert.deepEqual(await edges(page), { left: false, right: true }, 'the right edge fades: the board goes on');
  await shoot(page, 'row30-phone');
  // a finger drawn leftwards along the row, starting on a peg that can't jump
  const cdp = await context.newCDPSession(page);
  const y = (await page.evaluate(() => {
    const el = /** @type {any} */ (document.getElementById('board'));
    const h = el.game.holeRect(el.game.state().holes[5]);
    return h.y + h.height / 2;
  }));
  for (let i = 0; i < 12 && !r.lastShown; i++) {
    const x0 = r.box.right - 20;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
    for (let k = 1; k <= 8; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 - k * 25, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await settled(page);
    r = await reach(page);
  }
  assert.ok(r.lastShown, 'the last hole scrolls into view under a finger');
  await shoot(page, 'row30-phone-scrolled');
  await page.touchscreen.tap(r.lastCentre.x, r.lastCentre.y);
  await settled(page);
  assert.equal((await snapshot(page)).position.board, 'row:30');
  assert.equal(await page.evaluate(() => document.getElementById('board').game.state().selected), r.last, 'the last peg is picked');
  await clean();
});

test('a board that fits fades at no edge', async () => {
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    const { page, clean } = await openPage(env.browser, { viewport });
    for (const query of ['?board=english', '?board=row:9']) {
      await page.goto(`${env.url}${query}`);
      await settled(page);
      assert.deepEqual(await edges(page), { left: false, right: false }, `${query} at ${viewport.width} px`);
    }
    await clean();
  }
});
