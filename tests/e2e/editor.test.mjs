// The board editor ("Draw a board"): on a desktop and on a phone-sized screen it opens from the
// page, draws a new board cell by cell, shows wasm's live preview (link, holes, symmetries, the
// catalogue board it equals, the opening game and whether it can be won), plays it, and the
// board on the page, its link and a reload from that link are the drawn board. A bad drawing
// shows wasm's error with Play disabled; Esc and Cancel leave the game as it was; axe finds
// nothing wrong with the editor open.

import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { ROOT, clickJump, load, openPage, settled, setup, shoot, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

/** The editor's worker and wasm may be cut off by a navigation while they load. */
const EDITOR_FILES = [/\/js\/worker\/analysis-worker\.js(\?|$)/, /\/pkg-analysis\/pegwise_bg\.wasm$/];

const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

/** The 5x5 square without its corners: 21 holes. */
const PLUS = ['.ooo.', 'ooooo', 'ooooo', 'ooooo', '.ooo.'];
const PLUS_SPEC = 'ascii:name:plus/-ooo/ooooo/ooooo/ooooo/-ooo';
/** The 10-hole triangle as the editor's staggered rows hold it (odd rows half a cell right). */
const TRIANGLE4 = ['..o.', '.oo.', '.ooo', 'oooo'];

/**
 * axe's serious and critical findings on the page as it is.
 * @param {import('playwright-core').Page} page
 */
async function axe(page) {
  await page.addScriptTag({ path: fileURLToPath(new URL('node_modules/axe-core/axe.min.js', `file://${ROOT}`)) });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}

/**
 * Waits until the preview shows wasm's answer to the drawing as it is now.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<{state: string, text: string, play: boolean}>} play: the Play button is on
 */
async function preview(page) {
  await page.waitForSelector('#ed-preview[data-state="ok"], #ed-preview[data-state="error"]');
  return page.evaluate(() => {
    const p = /** @type {HTMLElement} */ (document.getElementById('ed-preview'));
    return { state: p.dataset.state ?? '', text: p.textContent ?? '', play: !(/** @type {HTMLButtonElement} */ (document.getElementById('ed-play')).disabled) };
  });
}

/** @param {import('playwright-core').Page} page */
async function openEditor(page) {
  await page.click('#draw');
  await page.waitForSelector('dialog.editor[open]');
  return preview(page);
}

/**
 * Sets the grid's size as a player would: types in the field and leaves it.
 * @param {import('playwright-core').Page} page
 * @param {number} rows
 * @param {number} cols
 */
async function size(page, rows, cols) {
  for (const [id, n] of [['#ed-rows', rows], ['#ed-cols', cols]]) {
    await page.fill(id, String(n));
    await page.locator(id).dispatchEvent('change');
  }
}

/**
 * Draws on an empty grid of the drawing's size, a press (click or tap) a hole, and waits for
 * wasm's answer.
 * @param {import('playwright-core').Page} page
 * @param {string[]} rows 'o' a hole
 * @param {boolean} touch tap rather than click
 */
async function draw(page, rows, touch) {
  await size(page, rows.length, rows[0].length);
  await page.click('[data-start="empty"]');
  await preview(page);
  for (const [y, row] of rows.entries()) {
    for (const [x, c] of [...row].entries()) {
      if (c !== 'o') continue;
      const cell = page.locator(`#ed-grid button[data-y="${y}"][data-x="${x}"]`);
      if (touch) await cell.tap();
      else await cell.click();
    }
  }
  const pressed = await page.$$eval('#ed-grid .ed-row', (lines) => lines.map((l) => [...l.children].map((b) => (b.getAttribute('aria-pressed') === 'true' ? 'o' : '.')).join('')));
  assert.deepEqual(pressed, rows, 'the grid shows the drawing');
  return preview(page);
}

for (const screen of SCREENS) {
  test(`${screen.name}: draw a board, preview it, play it, jump, and reload it from its link`, async () => {
    const a = await openPage(env.browser, { viewport: screen.viewport, hasTouch: screen.touch, abortable: EDITOR_FILES });
    const { page } = a;
    /** @type {string[]} */
    const fetched = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await load(page, env.url, '?board=english&start=d4&goal=start');
    assert.ok(!fetched.some((f) => /board-editor|editor\.css|pkg-analysis/.test(f)), 'nothing of the editor loads before it is asked for');

    // it opens on the board on the page
    let p = await openEditor(page);
    assert.ok(fetched.includes('/js/page/board-editor.js') && fetched.includes('/css/editor.css') && fetched.includes('/pkg-analysis/pegwise_bg.wasm'), `the editor's files load when it opens: ${fetched}`);
    assert.equal(p.state, 'ok');
    assert.match(p.text, /33 holes, 8 symmetries\. Same as English \(33 holes\): hints from its tables\./);
    assert.match(p.text, /Opens with start d4, finish where you started: can be won\./);
    assert.equal(await page.locator('#ed-grid .ed-row').count(), 7);
    const dialogBox = await page.locator('dialog.editor').boundingBox();
    assert.ok(dialogBox && dialogBox.width <= screen.viewport.width, 'the dialog fits the screen');
    const cellBox = await page.locator('#ed-grid button').first().boundingBox();
    assert.ok(cellBox && cellBox.width >= 24 && cellBox.height >= 24, `cells are touch targets of 24 px at least: ${JSON.stringify(cellBox)}`);
    assert.deepEqual(await axe(page), [], 'axe with the editor open');
    await shoot(page, `editor-${screen.name}-english`);

    // an empty grid, too many holes: wasm's errors, and Play stays off
    await page.click('[data-start="empty"]');
    p = await preview(page);
    assert.deepEqual([p.state, p.play], ['error', false]);
    assert.match(p.text, /a board needs at least 3 holes; this drawing has 0/);
    await size(page, 12, 12);
    await page.click('[data-start="full"]');
    p = await preview(page);
    assert.deepEqual([p.state, p.play], ['error', false]);
    assert.match(p.text, /this drawing has 144 holes; the engine takes at most 64/);
    await shoot(page, `editor-${screen.name}-too-many`);

    // a small triangle on the triangular lattice is the catalogue's, with its tables
    await page.locator('.editor .segmented label', { hasText: 'Triangular' }).click();
    p = await draw(page, TRIANGLE4, screen.touch);
    assert.match(p.text, /10 holes, 6 symmetries\. Same as Triangle \(10 holes\): hints from its tables\./);
    // wasm's opening for it (a drawn board opens on the first start that wins, nearest the centre)
    assert.match(p.text, /Opens with start [a-d][1-4], finish (anywhere|where you started|at [a-d][1-4]): can be won\./);
    assert.match(p.text, /board=ascii-tri:---o\/--o-o\/-o-o-o\/o-o-o-o/);
    await shoot(page, `editor-${screen.name}-triangle`);

    // the 21-hole plus on the square lattice, named
    await page.locator('.editor .segmented label', { hasText: 'Square' }).click();
    p = await draw(page, PLUS, screen.touch);
    assert.equal(p.state, 'ok');
    assert.match(p.text, /21 holes, 8 symmetries\. A shape of its own: hints from the live search\./);
    // no single vacancy wins on this board: it opens on the winnable position with the fewest
    // empty holes (wasm's answer)
    const opening = /Opens with start from ([Xo]+), finish (anywhere|where you started|at \w+): can be won\./.exec(p.text);
    assert.ok(opening, p.text);
    await page.fill('#ed-name', 'a/b');
    await page.waitForFunction(() => document.getElementById('ed-preview')?.dataset.state === 'error');
    p = await preview(page);
    assert.equal(p.play, false);
    assert.match(p.text, /bad name 'a\/b': '\/' can't be in a name \(it separates the rows of a board's link\): use letters, digits, - and _/);
    await page.fill('#ed-name', 'plus');
    await page.waitForFunction(() => document.getElementById('ed-preview')?.textContent?.includes('name:plus'));
    p = await preview(page);
    assert.deepEqual([p.state, p.play], ['ok', true]);
    assert.match(p.text, new RegExp(`board=${PLUS_SPEC.replaceAll('/', '\\/')}`));
    assert.deepEqual(await axe(page), [], 'axe with a drawing');
    await shoot(page, `editor-${screen.name}-plus`);

    // play it: the page opens the drawn board, its link is the ascii: link
    if (screen.touch) await page.locator('#ed-play').tap();
    else await page.click('#ed-play');
    await page.waitForSelector('dialog.editor:not([open])', { state: 'attached' });
    await settled(page);
    let s = await snapshot(page);
    assert.deepEqual([s.position.board, s.position.boardName], [PLUS_SPEC, 'plus']);
    assert.equal(s.position.pegs.length, 21, 'the board on the page has 21 holes');
    assert.equal(s.position.pegCount, [...opening[1]].filter((c) => c === 'X').length);
    const goal = { anywhere: 'any', 'where you started': 'start' }[opening[2]] ?? opening[2].slice(3);
    assert.deepEqual([s.position.start, s.position.goal], [opening[1], goal], 'the game the preview named opens');
    assert.equal(new URL(page.url()).searchParams.get('board'), PLUS_SPEC);
    assert.equal(await page.locator('#board-select option:checked').textContent(), 'plus (drawn, 21 holes)', 'the picker shows its name');
    await clickJump(page, s.legal[0].jump);
    s = await snapshot(page);
    assert.equal(s.position.jumps, 1);
    await shoot(page, `editor-${screen.name}-played`);
    const link = page.url();

    // the link opens the same board and position in a fresh browser
    const b = await openPage(env.browser, { viewport: screen.viewport, hasTouch: screen.touch });
    await b.page.goto(link);
    await settled(b.page);
    const r = await snapshot(b.page);
    assert.deepEqual([r.position.board, r.position.code, r.position.history], [PLUS_SPEC, s.position.code, s.position.history]);
    await b.clean();
    await a.clean();
  });
}

test('Esc and Cancel lose nothing of the game; the page’s shortcut keys leave it alone while the editor is open; arrows move between cells', async () => {
  const { page, clean } = await openPage(env.browser, { abortable: EDITOR_FILES });
  await load(page, env.url, '?board=triangle5&start=a1&goal=start');
  await clickJump(page, 'c3-a1');
  const before = await snapshot(page);
  await openEditor(page);
  // keyboard: the grid is one Tab stop; arrows move, Space puts a hole in or out
  const first = page.locator('#ed-grid button[tabindex="0"]');
  assert.equal(await first.count(), 1, 'one cell is reachable by Tab');
  await first.focus();
  const at = await first.evaluate((b) => [b.dataset.y, b.dataset.x, b.getAttribute('aria-pressed')]);
  await page.keyboard.press('ArrowDown');
  const below = await page.evaluate(() => [document.activeElement?.getAttribute('data-y'), document.activeElement?.getAttribute('data-x')]);
  assert.deepEqual(below, [String(Number(at[0]) + 1), at[1]]);
  const was = await page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'));
  await page.keyboard.press('Space');
  assert.notEqual(await page.evaluate(() => document.activeElement?.getAttribute('aria-pressed')), was, 'Space puts a hole in or out');
  // U would undo the jump behind the dialog: not while the editor has the keys
  await page.keyboard.press('u');
  await page.keyboard.press('Escape');
  await page.waitForSelector('dialog.editor:not([open])', { state: 'attached' });
  await settled(page);
  let s = await snapshot(page);
  assert.deepEqual([s.position.board, s.position.code, s.position.history], [before.position.board, before.position.code, before.position.history]);
  // Cancel too; the drawing is kept for the next opening
  await page.click('#draw');
  await page.waitForSelector('dialog.editor[open]');
  assert.notEqual(await page.locator(`#ed-grid button[data-y="${below[0]}"][data-x="${below[1]}"]`).getAttribute('aria-pressed'), was, 'the drawing is as it was left');
  await page.click('#ed-cancel');
  await settled(page);
  s = await snapshot(page);
  assert.deepEqual([s.position.code, s.position.history], [before.position.code, before.position.history]);
  assert.equal(new URL(page.url()).searchParams.get('board'), 'triangle5');
  await clean();
});
