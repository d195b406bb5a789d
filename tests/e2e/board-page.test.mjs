// The page around the board: the board picker's labels show whole, the board stays put when
// the live search can't tell whether the game can still be won, a drawn board's name is shown,
// "Solved!" waits for the last jump of a solution to land, and a board wider than its box
// says so at the edges that hide more of it.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { OUTPUT, load, openPage, settled, setup, shoot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/**
 * The board picker's width against the width it takes to show its widest label whole (a copy
 * of it sized by its options alone, as a select with nothing around it is).
 * @param {import('playwright-core').Page} page
 */
function pickerFit(page) {
  return page.$eval('#board-select', (el) => {
    const free = /** @type {HTMLSelectElement} */ (el.cloneNode(true));
    free.removeAttribute('id');
    free.style.cssText = 'position: absolute; width: auto; min-width: 0; max-width: none; flex: none';
    el.parentElement?.append(free);
    const need = free.getBoundingClientRect().width;
    free.remove();
    const labels = [...el.options].map((o) => o.textContent);
    return { need, have: el.getBoundingClientRect().width, labels };
  });
}

test('the board picker shows each label whole, on a desktop and on a phone', async () => {
  for (const [opts, name] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    const { page, clean } = await openPage(env.browser, opts);
    // a catalogue board, a row (its length box beside the picker) and a drawn board
    for (const query of ['?board=english', '?board=row:40', '?board=ascii:name:plus/-ooo/ooooo/ooooo/ooooo/-ooo']) {
      await load(page, env.url, query);
      await page.waitForFunction(() => /** @type {HTMLSelectElement} */ (document.getElementById('board-select')).options.length > 10);
      const fit = await pickerFit(page);
      assert.ok(fit.labels.includes('English (33 holes)'), fit.labels.join(', '));
      assert.ok(fit.have >= fit.need - 0.5, `${name} ${query}: the picker is ${fit.have.toFixed(0)} px for labels that take ${fit.need.toFixed(0)} px`);
      const page_ = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: innerWidth }));
      assert.ok(page_.scroll <= page_.width, `${name} ${query}: the page scrolls sideways`);
    }
    await page.locator('.panel .card').first().screenshot({ path: `${OUTPUT}picker-${name}.png` });
    await clean();
  }
});

/** The table files answer 404: the live search answers, the same on every machine. */
const NO_TABLES = /\/data\/[^?]*\.(pgt|pgs|pgc)$/;

test('the board stays where it is when the live search can’t tell whether the game can still be won', async () => {
  for (const [opts, name] of [[DESKTOP, 'desktop'], [{ viewport: { width: 1024, height: 768 } }, 'laptop'], [PHONE, 'phone']]) {
    const { page, clean } = await openPage(env.browser, { ...opts, allow: [NO_TABLES] });
    await page.route(NO_TABLES, (r) => r.fulfill({ status: 404, body: 'not built' }));
    // diamond41's default game: its opening e5-c5 loses, which only its table proves; another
    // opening the live search decides gives the same banner without the note
    await load(page, env.url, '?board=diamond41');
    const play = async (/** @type {string} */ jump) => {
      await page.evaluate((j) => /** @type {any} */ (document.getElementById('board')).game.play(j), jump);
      await settled(page);
      return page.evaluate(() => {
        const s = /** @type {any} */ (document.getElementById('board')).game.state();
        return { status: s.status, winning: s.winning, top: document.getElementById('board').getBoundingClientRect().top, banner: document.getElementById('banner')?.textContent };
      });
    };
    let sure = null;
    for (const jump of ['c3-c5', 'a5-c5']) {
      const r = await play(jump);
      await page.evaluate(() => /** @type {any} */ (document.getElementById('board')).game.undo());
      await settled(page);
      if (r.status === 'playing' && r.winning !== null) {
        sure = r;
        break;
      }
    }
    assert.ok(sure, 'an opening the live search decides');
    const unsure = await play('e5-c5');
    assert.equal(unsure.status, 'playing');
    assert.equal(unsure.winning, null, 'the live search can’t tell (else this test proves nothing)');
    assert.match((await page.locator('.play').textContent()) ?? '', /can’t tell yet whether/, 'the page says so');
    await shoot(page, `unsure-${name}`);
    assert.equal(unsure.top, sure.top, `${name}: the board moved (banners “${sure.banner}” and “${unsure.banner}”)`);
    await clean();
  }
});

test('a drawn board’s name is shown: wasm’s name, in the board picker', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=ascii:name:plus/-ooo/ooooo/ooooo/ooooo/-ooo');
  const s = await page.evaluate(() => /** @type {any} */ (document.getElementById('board')).game.state());
  assert.equal(s.boardName, 'plus');
  const shown = await page.$eval('#board-select', (el) => /** @type {HTMLSelectElement} */ (el).selectedOptions[0]?.textContent ?? '');
  assert.match(shown, /\bplus\b/);
  await shoot(page, 'drawn-name');
  await clean();
});

test('"Solved!" and the button change together, once the last jump of a solution has landed', async () => {
  const { page, clean } = await openPage(env.browser, { reducedMotion: 'no-preference' });
  // triangle5, three jumps from the end
  await load(page, env.url, '?board=triangle5&start=a1&goal=start&moves=a3-a1+c3-a3+a1-c3+a4-a2+d4-b2+b5-b3+d5-b5+a5-c5-c3+b2-d4');
  // every change of the banner and the button, as the page makes them
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.seen = [];
    const look = () => w.seen.push([document.getElementById('banner')?.dataset.status, document.getElementById('solve')?.textContent]);
    new MutationObserver(look).observe(document.querySelector('.play'), { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.click('#solve');
  await page.waitForFunction(() => document.getElementById('banner')?.dataset.status === 'solved');
  await settled(page);
  const seen = await page.evaluate(() => /** @type {any} */ (window).seen);
  const early = seen.filter(([status, button]) => status === 'solved' && button !== 'Show a solution');
  assert.deepEqual(early, [], '"Solved!" showed while the button still said Stop (the last jump still in flight)');
  assert.deepEqual(seen.at(-1), ['solved', 'Show a solution']);
  await shoot(page, 'solved-after-landing');
  await clean();
});
