// The default page draws its opening with every verdict before its engine has started: the
// shipped page carries the default game's opening as the core judged it when the site was
// built (scripts/opening.mjs), and the engine's first answer replaces it. The tests hold the
// game's wasm back, so what the board shows meanwhile can only come from the baked opening.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PAGES, clickHole, openPage, settled, setup, shoot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

const skip = PAGES !== 'site' && 'the opening is baked into the shipped page only';

/**
 * Holds back every request for the game's wasm until `release()`.
 * @param {import('playwright-core').Page} page
 */
async function holdWasm(page) {
  /** @type {() => void} */
  let release = () => {};
  const held = new Promise((ok) => (release = () => ok(undefined)));
  await page.context().route(/\/pkg\/pegwise_bg\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The board's drawn marks and the verdicts it knows, peg by peg. */
const drawn = (page) =>
  page.evaluate(() => {
    const s = /** @type {any} */ (document.getElementById('board')).game.state();
    return s && { version: s.version, marks: s.marks.pegs, verdicts: s.verdicts, status: s.status, source: s.source };
  });

test('the default page shows its opening judged before the engine starts, then the engine’s answers, the same', { skip, timeout: 120_000 }, async () => {
  const { page, clean } = await openPage(env.browser);
  const release = await holdWasm(page);
  await page.goto(`${env.url}?hints=always`);
  await page.waitForFunction(() => Object.keys(/** @type {any} */ (document.getElementById('board')).game?.state()?.marks?.pegs ?? {}).length === 4, undefined, { polling: 'raf' });
  const early = await drawn(page);
  assert.deepEqual(early?.marks, { d2: 'good', b4: 'good', f4: 'good', d6: 'good' }, 'every opening peg marked while the wasm is held back');
  assert.equal(early?.status, 'playing');
  await shoot(page, 'opening-baked');
  release();
  await settled(page);
  const engine = await drawn(page);
  assert.ok((engine?.version ?? 0) > 0, 'the engine’s answer replaced the baked one');
  assert.deepEqual(engine?.marks, early?.marks);
  assert.deepEqual(engine?.verdicts, early?.verdicts, 'the engine judges the opening as the baked copy says');
  await clean();
});

test('a jump made on the baked opening is played once the engine is up', { skip, timeout: 120_000 }, async () => {
  const { page, clean } = await openPage(env.browser);
  const release = await holdWasm(page);
  await page.goto(env.url);
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('board')).game?.state()?.legal?.length === 4, undefined, { polling: 'raf' });
  await clickHole(page, 'd2');
  await clickHole(page, 'd4');
  release();
  await settled(page);
  const s = await page.evaluate(() => window.pegwise.snapshot());
  assert.deepEqual(s?.position.history, ['d2-d4']);
  await clean();
});

test('a page whose link names a game shows no baked opening', { skip, timeout: 120_000 }, async () => {
  const { page, clean } = await openPage(env.browser);
  const release = await holdWasm(page);
  await page.goto(`${env.url}?board=triangle5`);
  // the page's script has run (its controls are wired) while the wasm is held back
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('board')).game !== undefined);
  assert.equal(await drawn(page), null, 'nothing drawn before the engine answers');
  release();
  await settled(page);
  assert.equal((await page.evaluate(() => window.pegwise.snapshot()))?.position.board, 'triangle5');
  await clean();
});
