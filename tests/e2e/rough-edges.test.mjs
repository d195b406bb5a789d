// Rough edges a new user hit: words that fit their number, a move list that never breaks a
// hole's name and goes back to the top on Reset, a goal menu that is never clipped, an iframe
// at the README's size whose verdict is always readable, and an embed demo whose buttons are
// off when there is nothing to undo.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { LAUNCH } from '../chromium.mjs';
import { clickJump, load, openPage, settled, setup, shoot, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

test('counts read "1 peg", "1 jump", "1 move"', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=row:4&start=c1&goal=any');
  await clickJump(page, 'a1-c1');
  const stats = (await page.locator('.stats').textContent()).replace(/\s+/g, ' ');
  assert.match(stats, /2 pegs 1 jump 1 move/);
  await clickJump(page, 'd1-b1');
  assert.equal((await snapshot(page)).state.status, 'solved');
  assert.match((await page.locator('.stats').textContent()).replace(/\s+/g, ' '), /1 peg 2 jumps 2 moves/);
  assert.match(await page.locator('#banner').textContent(), /after 2 moves/);
  await clean();
});

test('the move list: chains break only after a hyphen; Reset goes back to the top', async () => {
  const { page, clean } = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
  const line = 'a3-a1 c3-a3 a1-c3 a4-a2 d4-b2 b5-b3 d5-b5 a5-c5-c3 b2-d4 e5-c3-a3-a1';
  await load(page, env.url, `?board=triangle5&start=a1&goal=start&moves=${line.replaceAll(' ', '+')}`);
  // every hole name in the list sits on one line
  const broken = await page.$$eval('#moves .seg', (segs) => segs.filter((s) => s.getClientRects().length > 1).length);
  assert.equal(broken, 0);
  const chains = await page.$$eval('#moves li.chain button', (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(chains, ['a5-c5-c3', 'e5-c3-a3-a1']);
  // a long game scrolls the list; Reset brings it back to the top
  await page.evaluate(() => {
    const l = document.getElementById('moves');
    l.style.maxHeight = '3rem';
    l.scrollTop = l.scrollHeight;
  });
  await page.click('#reset');
  await settled(page);
  assert.equal(await page.evaluate(() => document.getElementById('moves').scrollTop), 0);
  await clean();
});

test('the move list keeps its columns when it starts to scroll, with a scrollbar that takes room', async () => {
  // a classic scrollbar, as desktop Linux and Windows draw it: headless Chromium hides its own
  // unless told not to
  const browser = await chromium.launch({ ...LAUNCH, ignoreDefaultArgs: ['--hide-scrollbars'] });
  try {
    const { page, clean } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    const line = 'a3-a1 c3-a3 a1-c3 a4-a2 d4-b2 b5-b3 d5-b5 a5-c5-c3 b2-d4 e5-c3-a3-a1';
    await load(page, env.url, `?board=triangle5&start=a1&goal=start&moves=${line.replaceAll(' ', '+')}`);
    const columns = () => page.evaluate(() => getComputedStyle(document.getElementById('moves')).gridTemplateColumns.split(' ').length);
    assert.equal(await columns(), 2, 'two columns on the desktop panel');
    await page.evaluate(() => {
      document.getElementById('moves').style.maxHeight = '3rem';
    });
    const room = await page.evaluate(() => document.getElementById('moves').offsetWidth - document.getElementById('moves').clientWidth);
    assert.ok(room > 0, 'the scrollbar takes room');
    assert.equal(await columns(), 2, 'the list scrolls without changing its columns');
    await clean();
  } finally {
    await browser.close();
  }
});

test('the goal menu is never clipped when the hole picker appears', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const { page, clean } = await openPage(env.browser, { viewport });
    await load(page, env.url, '?board=english&start=d4&goal=start');
    await page.selectOption('#goal-select', 'hole');
    await settled(page);
    const fit = await page.$eval('#goal-select', (el) => {
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(el).font;
      probe.textContent = el.selectedOptions[0].textContent;
      document.body.append(probe);
      const need = probe.getBoundingClientRect().width;
      probe.remove();
      return { need, have: el.clientWidth };
    });
    assert.ok(fit.have >= fit.need + 16, `“Finish at a chosen hole” fits (${fit.have} px for ${fit.need} px) at ${viewport.width}px`);
    await shoot(page, `goal-hole-${viewport.width}`);
    await clean();
  }
});

test('the iframe at 400×420: "Solved!" and "Dead end" are never cut', async () => {
  const { page, context, clean } = await openPage(env.browser);
  const html = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>frame host</title>
<body><iframe id="f" width="400" height="420" title="Peg solitaire" src="embed-frame.html?board=triangle5&start=a1&goal=start&moves=a3-a1+c3-a3+a1-c3+a4-a2+d4-b2+b5-b3+d5-b5+a5-c5-c3+b2-d4+e5-c3-a3-a1"></iframe></body>`;
  await context.route('**/frame-host.html', (route) => route.fulfill({ body: html, contentType: 'text/html' }));
  await page.goto(`${env.url}frame-host.html`);
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  await frame.waitForFunction(() => document.getElementById('board')?.game?.state()?.status === 'solved');
  const readable = async () =>
    frame.$eval('#status', (el) => ({ text: el.textContent, cut: el.scrollWidth > el.clientWidth + 1, inside: el.getBoundingClientRect().bottom <= window.innerHeight }));
  let st = await readable();
  assert.match(st.text, /^Solved! 1 peg left\.$/);
  assert.deepEqual([st.cut, st.inside], [false, true]);
  await shoot(page, 'frame-400-solved');
  await frame.evaluate(async () => {
    const g = document.getElementById('board').game;
    await g.set({ moves: 'a3-a1 c5-a3 c3-c5' });
    await g.settled();
  });
  st = await readable();
  assert.match(st.text, /^Dead end: undo to go back\. 11 pegs left\.$/);
  assert.deepEqual([st.cut, st.inside], [false, true]);
  await clean();
});

test('the embed demo: Undo, Redo and Reset are off at move 0', async () => {
  const { page, clean } = await openPage(env.browser);
  await page.goto(`${env.url}embed.html`);
  await page.evaluate(async () => {
    await customElements.whenDefined('peg-solitaire');
    await Promise.all([...document.querySelectorAll('peg-solitaire')].map((el) => el.game.settled()));
  });
  const off = (id) => page.$$eval(`button[data-for="${id}"]`, (bs) => Object.fromEntries(bs.map((b) => [b.dataset.do, b.disabled])));
  assert.deepEqual(await off('tri'), { undo: true, redo: true, reset: true, hint: false });
  assert.deepEqual(await off('eng'), { undo: false, redo: true, reset: false, hint: false }, 'the English board opens two moves in');
  await page.click('button[data-for="eng"][data-do="undo"]');
  await page.evaluate(() => document.getElementById('eng').game.settled());
  assert.deepEqual(await off('eng'), { undo: false, redo: false, reset: false, hint: false });
  await clean();
});
