// <peg-solitaire> on other people's pages: independent boards, events, keyboard-only and touch
// play, a strict CSP, the iframe form, accessibility, and destroy() leaving nothing behind.

import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { ROOT, openPage, setup, shoot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

/**
 * Loads a page and waits until every board on it is idle.
 * @param {import('playwright-core').Page} page
 * @param {string} path
 */
async function loadBoards(page, path = 'embed.html') {
  await page.goto(env.url + path);
  await idle(page);
}

/** @param {import('playwright-core').Page|import('playwright-core').Frame} page */
function idle(page) {
  return page.evaluate(async () => {
    await customElements.whenDefined('peg-solitaire');
    await Promise.all([...document.querySelectorAll('peg-solitaire')].map((el) => el.game?.settled()));
  });
}

/**
 * A board's state.
 * @param {import('playwright-core').Page} page
 * @param {string} id
 */
function state(page, id) {
  return page.evaluate((i) => document.getElementById(i).game.state(), id);
}

/**
 * The centre of a hole of a board, in viewport pixels.
 * @param {import('playwright-core').Page} page
 * @param {string} id
 * @param {string} hole
 */
async function centre(page, id, hole) {
  const r = await page.evaluate(([i, h]) => document.getElementById(i).game.holeRect(h), [id, hole]);
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/** Records every event of the boards on the page in `window.events`. */
function recordEvents(page) {
  return page.evaluate(() => {
    window.events = [];
    for (const type of ['move', 'undo', 'solved', 'deadend', 'stuck', 'change']) {
      document.addEventListener(type, (e) => {
        window.events.push({ type, id: e.target.id, bubbles: e.bubbles, composed: e.composed, custom: e instanceof CustomEvent, detail: e.detail });
      });
    }
  });
}

/** @param {import('playwright-core').Page} page @param {string} [id] */
async function takeEvents(page, id) {
  const all = await page.evaluate(() => window.events.splice(0));
  return id ? all.filter((e) => e.id === id) : all;
}

test('two boards on one page are independent and share one engine; a table loads once', async () => {
  const { page, clean } = await openPage(env.browser);
  const tables = [];
  page.on('request', (r) => new URL(r.url()).pathname.endsWith('.pgt') && tables.push(new URL(r.url()).pathname));
  await loadBoards(page);
  await recordEvents(page);
  // a third board on the same game as the first: its table is already there
  await page.evaluate(() => {
    const el = document.createElement('peg-solitaire');
    el.id = 'tri2';
    for (const [k, v] of Object.entries({ board: 'triangle5', start: 'a1', goal: 'start' })) el.setAttribute(k, v);
    document.querySelector('main').append(el);
  });
  await idle(page);
  assert.deepEqual(tables.sort(), ['/data/english.d4.d4.pgt', '/data/triangle5.all.a1.pgt']);
  assert.equal(page.workers().length, 1, 'one engine worker for every board');
  assert.equal((await state(page, 'tri2')).source, 'table');

  // a click on one board plays there only
  const a = await centre(page, 'tri', 'a3');
  const b = await centre(page, 'tri', 'a1');
  await page.mouse.click(a.x, a.y);
  await page.mouse.click(b.x, b.y);
  await idle(page);
  assert.deepEqual((await state(page, 'tri')).history, ['a3-a1']);
  assert.deepEqual((await state(page, 'tri2')).history, []);
  assert.deepEqual((await state(page, 'eng')).history, ['d2-d4', 'f3-d3']);
  // the API of one board drives that board only
  await page.evaluate(() => document.getElementById('eng').game.undo());
  await idle(page);
  assert.deepEqual((await state(page, 'eng')).history, ['d2-d4']);
  assert.deepEqual((await state(page, 'tri')).history, ['a3-a1']);
  const events = await takeEvents(page);
  const moves = events.filter((e) => e.type === 'move').map((e) => `${e.id} ${e.detail.jump}`);
  assert.deepEqual(moves, ['tri a3-a1']);
  assert.deepEqual(events.filter((e) => e.type === 'undo').map((e) => `${e.id} ${e.detail.jump}`), ['eng f3-d3']);
  // hovering one board marks nothing on the other
  await page.mouse.move(a.x, a.y);
  const c = await centre(page, 'tri2', 'c3');
  await page.mouse.move(c.x, c.y);
  await idle(page);
  assert.deepEqual((await state(page, 'tri2')).marks.targets, { a1: 'good' });
  assert.deepEqual((await state(page, 'tri')).marks.targets, {});
  // changing an attribute changes the game
  await page.evaluate(() => document.getElementById('tri2').setAttribute('board', 'trunc12'));
  await idle(page);
  const t = await state(page, 'tri2');
  // the board's own default game, from wasm's catalogue (one that can be won)
  const d = (await page.evaluate(() => document.getElementById('tri2').game.boards())).find((x) => x.name === 'trunc12');
  assert.deepEqual([t.board, t.start, t.goal, t.pegCount, t.winnable], ['trunc12', d.start, d.goal, 11, 'yes']);
  assert.deepEqual((await state(page, 'tri')).board, 'triangle5');
  assert.equal(await page.evaluate(([x, y]) => document.getElementById('tri').game.holeAt(x, y), [a.x, a.y]), 'a3');
  await shoot(page, 'embed');

  // a board with its own `src` loads the wasm and the tables from there, in an engine of its own
  await page.route('**/cdn/pegwise/**', async (route) => {
    const res = await route.fetch({ url: route.request().url().replace('/cdn/pegwise/', '/') });
    await route.fulfill({ response: res });
  });
  tables.length = 0;
  const fromCdn = [];
  page.on('request', (r) => r.url().includes('/cdn/') && fromCdn.push(new URL(r.url()).pathname));
  await page.evaluate(() => {
    const el = document.createElement('peg-solitaire');
    el.id = 'cdn';
    el.setAttribute('src', 'cdn/pegwise/');
    el.setAttribute('board', 'triangle5');
    document.querySelector('main').append(el);
  });
  await idle(page);
  assert.deepEqual(fromCdn.sort(), ['/cdn/pegwise/data/triangle5.all.a1.pgt', '/cdn/pegwise/pkg/pegwise_bg.wasm']);
  assert.equal((await state(page, 'cdn')).source, 'table');
  assert.equal(page.workers().length, 2);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await clean();
});

test('every event fires with its documented detail', async () => {
  const { page, clean } = await openPage(env.browser);
  await loadBoards(page);
  await recordEvents(page);
  const call = (expr) => page.evaluate(`(async (g) => ${expr})(document.getElementById('tri').game)`);

  await call(`g.play('a3-a1')`);
  await call('g.settled()');
  let ev = await takeEvents(page, 'tri');
  assert.ok(ev.every((e) => e.bubbles && e.composed && e.custom), 'CustomEvents that bubble out of the shadow root');
  const move = ev.find((e) => e.type === 'move').detail;
  assert.deepEqual({ ...move, state: undefined }, { jump: 'a3-a1', from: 'a3', over: 'a2', to: 'a1', move: 'a3-a1', by: 'api', state: undefined });
  assert.equal(move.state.jumps, 1);
  assert.deepEqual(ev.filter((e) => e.type === 'change').map((e) => e.detail.reason).slice(0, 2), ['move', 'verdict']);
  assert.ok(ev.every((e) => e.type !== 'change' || e.detail.state.board === 'triangle5'));

  await call('g.undo()');
  ev = await takeEvents(page, 'tri');
  const undo = ev.find((e) => e.type === 'undo').detail;
  assert.deepEqual([undo.jump, undo.from, undo.over, undo.to, undo.state.jumps, undo.state.future[0]], ['a3-a1', 'a3', 'a2', 'a1', 0, 'a3-a1']);
  assert.equal(ev.find((e) => e.type === 'change').detail.reason, 'undo');
  await call('g.redo()');
  ev = await takeEvents(page, 'tri');
  assert.equal(ev.find((e) => e.type === 'move').detail.by, 'redo');
  assert.equal(ev.find((e) => e.type === 'change').detail.reason, 'redo');

  // a bomb: the dead-end event names the jump that lost
  const hints = await call('g.hints()');
  const bad = hints.find((h) => h.verdict === 'bad');
  assert.ok(bad, 'this position has a losing jump');
  assert.ok(hints.every((h) => ['good', 'bad'].includes(h.verdict) && h.jump === `${h.from}-${h.to}`));
  await call(`g.play('${bad.jump}')`);
  await call('g.settled()');
  ev = await takeEvents(page, 'tri');
  const dead = ev.find((e) => e.type === 'deadend').detail;
  assert.deepEqual([dead.jump, dead.pegCount, dead.state.status, dead.state.fatal, dead.state.winning], [bad.jump, 12, 'deadend', bad.jump, false]);
  assert.match(await page.evaluate(() => document.getElementById('tri').shadowRoot.querySelector('[role=status]').textContent), /^Dead end\./);

  await call('g.reset()');
  ev = await takeEvents(page, 'tri');
  assert.equal(ev.find((e) => e.type === 'change').detail.reason, 'reset');
  const line = await call('g.solution()');
  await call(`g.play(${JSON.stringify(line.join(' '))})`);
  await call('g.settled()');
  ev = await takeEvents(page, 'tri');
  assert.equal(ev.filter((e) => e.type === 'move').length, 13);
  const solved = ev.find((e) => e.type === 'solved').detail;
  assert.deepEqual([solved.hole, solved.jumps, solved.state.status, solved.state.pegCount], ['a1', 13, 'solved', 1]);
  assert.equal(solved.moves, solved.state.moves);

  // settings, looking around, errors
  await call(`g.set({ hints: 'always' })`);
  ev = await takeEvents(page, 'tri');
  assert.equal(ev.find((e) => e.type === 'change').detail.reason, 'config');
  assert.equal(ev.find((e) => e.type === 'change').detail.state.hints, 'always');
  const err = await call(`g.set({ start: 'z9' }).then(() => null, (e) => ({ name: e.name, param: e.param, value: e.value, message: e.message }))`);
  assert.deepEqual([err.name, err.param, err.value], ['PegwiseError', 'start', 'z9']);
  ev = await takeEvents(page, 'tri');
  const bad2 = ev.find((e) => e.type === 'change' && e.detail.reason === 'error').detail;
  assert.match(bad2.state.error, /z9/);
  assert.equal(bad2.state.board, 'triangle5', 'the game stays open');
  const p = await centre(page, 'tri', 'a1');
  await page.mouse.move(p.x, p.y);
  ev = await takeEvents(page, 'tri');
  assert.equal(ev.find((e) => e.type === 'change').detail.reason, 'focus');
  assert.equal(ev.find((e) => e.type === 'change').detail.state.hover, 'a1');

  // stuck: a row of four, c1-a1 leaves two pegs that can't jump
  await call(`g.set({ board: 'row:4', start: 'a1', goal: 'any' })`);
  ev = await takeEvents(page, 'tri');
  assert.equal(ev.find((e) => e.type === 'change').detail.reason, 'open');
  await call(`g.play('c1-a1')`);
  await call('g.settled()');
  ev = await takeEvents(page, 'tri');
  const stuck = ev.find((e) => e.type === 'stuck').detail;
  assert.deepEqual([stuck.pegCount, stuck.state.status, stuck.state.legal.length], [2, 'stuck', 0]);
  // the other board heard nothing
  assert.deepEqual(await takeEvents(page, 'eng'), []);
  await clean();
});

/**
 * Moves a board's keyboard cursor to a hole with arrow keys only.
 * @param {import('playwright-core').Page} page
 * @param {string} id
 * @param {string} hole
 */
async function arrowTo(page, id, hole) {
  const target = await centre(page, id, hole);
  let prefer = null;
  const path = [];
  for (;;) {
    const s = await state(page, id);
    if (s.cursor === hole) return;
    path.push(s.cursor);
    assert.ok(path.length < 40, `the cursor got stuck on the way to ${hole}: ${path.join(' ')}`);
    const at = await centre(page, id, s.cursor);
    const dx = target.x - at.x;
    const dy = target.y - at.y;
    const vertical = prefer ?? Math.abs(dy) > 5;
    const key = vertical ? (dy < 0 ? 'ArrowUp' : 'ArrowDown') : dx < 0 ? 'ArrowLeft' : 'ArrowRight';
    await page.keyboard.press(key);
    const moved = (await state(page, id)).cursor !== s.cursor;
    prefer = moved ? null : !vertical;
  }
}

test('a whole game played with the keyboard alone', async () => {
  const { page, clean } = await openPage(env.browser);
  await loadBoards(page);
  await recordEvents(page);
  // Tab reaches the first board: its cursor shows where the focus is
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tri');
  let s = await state(page, 'tri');
  assert.equal(s.cursor, 'b3');
  const line = await page.evaluate(() => document.getElementById('tri').game.solution());
  // a peg the cursor is on is described with its verdicts
  await arrowTo(page, 'tri', 'a3');
  await idle(page);
  const label = await page.evaluate(() => document.getElementById('tri').shadowRoot.activeElement.getAttribute('aria-label'));
  assert.equal(label, 'peg at a3, 1 good jump');
  // Enter picks, Escape drops
  await page.keyboard.press('Enter');
  assert.equal((await state(page, 'tri')).selected, 'a3');
  await page.keyboard.press('Escape');
  assert.equal((await state(page, 'tri')).selected, null);
  for (const jump of line) {
    const [from, to] = jump.split('-');
    await arrowTo(page, 'tri', from);
    await page.keyboard.press('Enter');
    await arrowTo(page, 'tri', to);
    await page.keyboard.press(' ');
    await idle(page);
    s = await state(page, 'tri');
    assert.notEqual(s.status, 'deadend', `after ${jump}`);
  }
  s = await state(page, 'tri');
  assert.equal(s.status, 'solved');
  assert.equal(s.jumps, 13);
  const ev = await takeEvents(page, 'tri');
  assert.equal(ev.filter((e) => e.type === 'move' && e.detail.by === 'keyboard').length, 13);
  assert.equal(ev.filter((e) => e.type === 'solved').length, 1);
  assert.match(await page.evaluate(() => document.getElementById('tri').shadowRoot.querySelector('[role=status]').textContent), /^Solved! One peg left, in a1/);
  // U and R undo and redo from the board
  await page.keyboard.press('u');
  await idle(page);
  assert.equal((await state(page, 'tri')).jumps, 12);
  await page.keyboard.press('r');
  await idle(page);
  assert.equal((await state(page, 'tri')).status, 'solved');
  assert.equal((await state(page, 'eng')).jumps, 2, 'the other board did not move');
  await clean();
});

test('touch: tap a peg then its hole, and drag a peg without scrolling the page', async () => {
  const { page, context, clean } = await openPage(env.browser, { viewport: { width: 420, height: 720 }, hasTouch: true });
  await loadBoards(page);
  await recordEvents(page);
  await page.evaluate(() => window.scrollTo(0, 40));
  // tap, tap
  const a = await centre(page, 'tri', 'a3');
  await page.touchscreen.tap(a.x, a.y);
  await idle(page);
  assert.deepEqual((await state(page, 'tri')).marks.targets, { a1: 'good' }, 'the picked peg shows its hint');
  const b = await centre(page, 'tri', 'a1');
  await page.touchscreen.tap(b.x, b.y);
  await idle(page);
  assert.deepEqual((await state(page, 'tri')).history, ['a3-a1']);
  // drag: a finger on a peg moves it and never scrolls the page
  const cdp = await context.newCDPSession(page);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
  const s = await state(page, 'tri');
  const up = s.legal.find((j) => j.from === 'c3' && j.to === 'a3') ?? s.legal[0];
  const from = await centre(page, 'tri', up.from);
  const to = await centre(page, 'tri', up.to);
  const y0 = await page.evaluate(() => window.scrollY);
  await touch('touchStart', from);
  for (let i = 1; i <= 8; i++) await touch('touchMove', { x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 });
  await touch('touchEnd');
  await idle(page);
  assert.equal(await page.evaluate(() => window.scrollY), y0, 'the page did not scroll');
  assert.deepEqual((await state(page, 'tri')).history, ['a3-a1', up.jump]);
  const by = (await takeEvents(page, 'tri')).filter((e) => e.type === 'move').map((e) => e.detail.by);
  assert.deepEqual(by, ['tap', 'drag']);
  await clean();
});

test('a strict Content-Security-Policy page, and the iframe form', async () => {
  const { page, context, clean } = await openPage(env.browser);
  // the header too, so the worker and the wasm are held to it
  const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:";
  await context.route('**/*', async (route) => {
    try {
      const res = await route.fetch();
      await route.fulfill({ response: res, headers: { ...res.headers(), 'content-security-policy': CSP } });
    } catch {
      // the page is closing
    }
  });
  await context.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await loadBoards(page, 'embed-csp.html');
  const a = await centre(page, 'tri', 'c3');
  const b = await centre(page, 'tri', 'a1');
  await page.mouse.move(a.x, a.y);
  await page.mouse.click(a.x, a.y);
  await page.mouse.click(b.x, b.y);
  await idle(page);
  assert.deepEqual((await state(page, 'tri')).history, ['c3-a1']);
  assert.equal((await state(page, 'eng')).source, 'table');
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  const styled = await page.evaluate(() => document.getElementById('tri').shadowRoot.adoptedStyleSheets.length);
  assert.equal(styled, 3, 'the shadow root is styled (the shared sheet, the board’s shape, the fade at its edges)');

  // the iframe form, for sites that can't add scripts: events reach the parent page
  await page.evaluate(() => {
    window.messages = [];
    window.addEventListener('message', (e) => window.messages.push(e.data));
    const f = document.createElement('iframe');
    f.title = 'Peg solitaire';
    f.width = '360';
    f.height = '360';
    f.src = 'embed-frame.html?board=triangle5&start=a1&goal=any&hints=always';
    document.body.append(f);
  });
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  await frame.waitForFunction(() => document.getElementById('board')?.game?.state());
  await idle(frame);
  const fs = await frame.evaluate(() => document.getElementById('board').game.state());
  assert.deepEqual([fs.board, fs.start, fs.goal, fs.hints], ['triangle5', 'a1', 'any', 'always']);
  await frame.evaluate(() => document.getElementById('board').game.play('a3-a1'));
  await page.waitForFunction(() => window.messages.some((m) => m.type === 'move'));
  const msg = await page.evaluate(() => window.messages.find((m) => m.type === 'move'));
  assert.deepEqual([msg.source, msg.detail.jump, msg.detail.state], ['pegwise', 'a3-a1', undefined], 'any parent hears the jump, not the whole game');
  assert.deepEqual(await frame.evaluate(() => window.violations), []);
  // a host that names its origin gets the state as well
  await page.evaluate((origin) => {
    window.messages = [];
    document.querySelector('iframe').src = `embed-frame.html?board=triangle5&start=a1&goal=any&origin=${encodeURIComponent(origin)}`;
  }, new URL(env.url).origin);
  const named = await (await page.waitForSelector('iframe')).contentFrame();
  // the new document's board (not the old one's, which may still be there for a moment)
  await named.waitForFunction(() => location.search.includes('origin=') && document.getElementById('board')?.game?.state()?.status);
  await named.evaluate(() => document.getElementById('board').game.play('a3-a1'));
  await page.waitForFunction(() => window.messages.some((m) => m.type === 'move'));
  const full = await page.evaluate(() => window.messages.find((m) => m.type === 'move'));
  assert.deepEqual([full.detail.jump, full.detail.state.jumps], ['a3-a1', 1]);
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await clean();
});

test('the example page is accessible, and readable in forced colours', async () => {
  const { page, clean } = await openPage(env.browser);
  await loadBoards(page);
  await page.addScriptTag({ path: fileURLToPath(new URL('node_modules/axe-core/axe.min.js', `file://${ROOT}`)) });
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
  });
  assert.deepEqual(violations, []);
  // the grid: one button per hole, one of them in the tab order, each with a label
  const grid = await page.evaluate(() => {
    const root = document.getElementById('tri').shadowRoot;
    const buttons = [...root.querySelectorAll('[role=grid] [role=row] [role=gridcell] button')];
    return { n: buttons.length, tabbable: buttons.filter((b) => b.tabIndex === 0).length, labels: buttons.map((b) => b.getAttribute('aria-label')) };
  });
  assert.deepEqual([grid.n, grid.tabbable], [15, 1]);
  assert.equal(grid.labels[0], 'empty hole a1, the goal');
  assert.equal(grid.labels[3], 'peg at a3, 1 jump');
  await page.emulateMedia({ forcedColors: 'active' });
  await page.evaluate(() => document.getElementById('tri').game.set({}));
  await idle(page);
  await page.waitForTimeout(50);
  await shoot(page, 'embed-forced');
  const forced = await page.evaluate(() => getComputedStyle(document.getElementById('tri').shadowRoot.querySelector('.probe [data-k="peg"]')).color);
  assert.notEqual(forced, 'rgb(245, 158, 11)', 'forced colours replace the page’s theme');
  await clean();
});

/** Counts live event listeners and observed elements (installed before the page's scripts). */
function trackListeners() {
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  /** @type {Map<EventTarget, Map<string, Set<Function>>>} */
  const live = new Map();
  const key = (type, o) => `${type}|${typeof o === 'boolean' ? o : !!o?.capture}`;
  EventTarget.prototype.addEventListener = function (type, fn, o) {
    if (fn) {
      let m = live.get(this);
      if (!m) live.set(this, (m = new Map()));
      let s = m.get(key(type, o));
      if (!s) m.set(key(type, o), (s = new Set()));
      s.add(fn);
      if (o?.signal) add.call(o.signal, 'abort', () => s.delete(fn), { once: true });
      if (o?.once) add.call(this, type, () => s.delete(fn), { once: true });
    }
    return add.call(this, type, fn, o);
  };
  EventTarget.prototype.removeEventListener = function (type, fn, o) {
    live.get(this)?.get(key(type, o))?.delete(fn);
    return remove.call(this, type, fn, o);
  };
  let observed = 0;
  const RO = ResizeObserver.prototype;
  const { observe, disconnect } = RO;
  const counts = new WeakMap();
  RO.observe = function (t, o) {
    counts.set(this, (counts.get(this) ?? 0) + 1);
    observed++;
    return observe.call(this, t, o);
  };
  RO.disconnect = function () {
    observed -= counts.get(this) ?? 0;
    counts.set(this, 0);
    return disconnect.call(this);
  };
  window.listening = () => {
    let n = 0;
    for (const m of live.values()) for (const s of m.values()) n += s.size;
    return { listeners: n, observed };
  };
}

test('destroy() and removing the element leave no listener behind; the element comes back', async () => {
  const { page, context, clean } = await openPage(env.browser);
  await context.addInitScript(trackListeners);
  await loadBoards(page);
  const base = await page.evaluate(() => window.listening());

  // createGame on any element, then destroy()
  const made = await page.evaluate(async () => {
    const { createGame } = await import('./js/peg-solitaire.js');
    const div = document.createElement('div');
    document.body.append(div);
    const g = createGame(div, { board: 'triangle5', start: 'a1', goal: 'start' });
    await g.ready;
    await g.play('a3-a1');
    await g.settled();
    const during = window.listening();
    const same = div.game === g;
    g.destroy();
    return { during, same, after: window.listening(), children: div.shadowRoot.childNodes.length, game: 'game' in div };
  });
  assert.ok(made.during.listeners > base.listeners && made.during.observed > base.observed);
  assert.equal(made.same, true, 'the API is element.game');
  assert.deepEqual(made.after, base);
  assert.deepEqual([made.children, made.game], [0, false]);

  // the element: removed, then put back, it carries on where it was
  const el = await page.evaluate(async () => {
    const tri = document.getElementById('tri');
    await tri.game.play('a3-a1');
    await tri.game.settled();
    tri.remove();
    await new Promise((r) => setTimeout(r, 0));
    const gone = window.listening();
    const game = tri.game;
    document.querySelector('main').prepend(tri);
    await tri.game.settled();
    return { gone, game, history: tri.game.state().history };
  });
  assert.equal(el.game, null);
  assert.ok(el.gone.listeners < base.listeners && el.gone.observed === base.observed - 1);
  assert.deepEqual(el.history, ['a3-a1']);
  await page.evaluate(() => document.getElementById('tri').game.play('c3-a3'));
  await idle(page);
  assert.deepEqual((await state(page, 'tri')).history, ['a3-a1', 'c3-a3']);
  assert.deepEqual(await page.evaluate(() => window.listening()), base);
  await clean();
});
