// Bad input never hurts: bad links, attributes and API arguments are refused with a message that
// names the value, shown as text in place (never run as HTML), and the board stays playable.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { PAGES, ROOT, clickJump, load, openPage, setup, shoot, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

/** Script injection in two flavours: an attribute handler and a closed tag. */
const PAYLOADS = ['<img src=x onerror=window.__pwned=1>', '"><script>window.__pwned=1</script>'];

/**
 * Asserts that no injected markup ran or was parsed, on the page or in any board's shadow root.
 * @param {import('playwright-core').Page} page
 * @param {number} scripts how many <script> elements the page has of its own
 */
async function assertInert(page, scripts) {
  const seen = await page.evaluate(() => {
    const roots = [document, ...[...document.querySelectorAll('peg-solitaire')].map((el) => el.shadowRoot)];
    const count = (sel) => roots.reduce((n, r) => n + (r?.querySelectorAll(sel).length ?? 0), 0);
    return { pwned: window.__pwned, img: count('img'), script: count('script') };
  });
  assert.deepEqual(seen, { pwned: undefined, img: 0, script: scripts });
}

/** @param {import('playwright-core').Page} page */
const note = (page) => page.locator('#note').textContent();

/**
 * The text of a board's own note (in its shadow root), or null while it is hidden.
 * @param {import('playwright-core').Page} page
 * @param {string} sel
 */
function boardNote(page, sel = 'peg-solitaire') {
  return page.evaluate((s) => {
    const n = document.querySelector(s).shadowRoot.querySelector('.note');
    return n.hidden ? null : n.querySelector('span').textContent;
  }, sel);
}

test('bad links on the page: each named in a note, the default game opens, a jump plays', async () => {
  const { page, clean } = await openPage(env.browser);
  const cases = [
    ['?board=row:999', 'row:999'],
    ['?board=ascii:%3F%3F', /“ascii:\?\?”/],
    ['?board=english&start=d4&goal=start&moves=d2-d4+d2-d4', /“d2-d4 d2-d4” stop at move 2, “d2-d4”: illegal jump 'd2-d4': no peg on d2; the move before it was played/, 1],
    ['?board=english&moves=d4-d2', /“d4-d2” stop at move 1, “d4-d2”: illegal jump 'd4-d2': no peg on d4; no move was played/],
    ...['board', 'start', 'goal', 'moves'].flatMap((k) => PAYLOADS.map((p) => [`?${k === 'board' ? '' : 'board=english&'}${k}=${encodeURIComponent(p)}`, p])),
  ];
  for (const [query, expected, kept = 0] of cases) {
    await load(page, env.url, query);
    const s = await snapshot(page);
    assert.deepEqual([s.position.board, s.position.start, s.position.goal, s.position.jumps], ['english', 'd4', 'start', kept], query);
    const text = await note(page);
    if (typeof expected === 'string') assert.ok(text.includes(`“${expected}”`), `${query}: ${text}`);
    else assert.match(text, expected, query);
    await assertInert(page, 3); // index.html's own: the inline engine start, the page's module and the baked opening (JSON)
    const moves = kept ? '&moves=d2-d4' : '';
    assert.equal(new URL(page.url()).search, `?board=english&start=d4&goal=start${moves}`, 'the address holds the game that opened');
    if (query.includes('goal=%3Cimg')) await shoot(page, 'bad-link-injection');
    if (kept) await shoot(page, 'bad-link-moves');
    await clickJump(page, kept ? 'f3-d3' : 'd2-d4');
    assert.equal((await snapshot(page)).position.jumps, kept + 1, `${query}: a jump plays`);
  }
  await clean();
});

test('a board with no jump, start all and a start that is no hole: each refused by the core, named, and why', async () => {
  const { page, clean } = await openPage(env.browser);
  const cases = [
    ['?board=ascii:o-o-o', 'english', /^The link’s board “ascii:o-o-o” was refused \(no three holes lie in a line, so no jump can ever be made\)/],
    ['?board=triangle5&start=all', 'triangle5', /^The link’s start “all” was refused \(a game starts from one empty hole or one position\)/],
    ['?board=english&start=z9', 'english', /^The link’s start “z9” was refused \(board 'english' has no hole 'z9'; use a hole name or a position\)/],
  ];
  for (const [query, board, expected] of cases) {
    await load(page, env.url, query);
    assert.equal((await snapshot(page)).position.board, board, query);
    const text = (await note(page)) ?? '';
    assert.match(text, expected, query);
    assert.doesNotMatch(text, /goal|'all'/, `${query}: names only what the link gave`);
  }
  await clean();
});

test('a 1 MB moves string is refused in a short note, and the game plays', async () => {
  const { page, context, clean } = await openPage(env.browser);
  // the test server takes no 1 MB request line: the page itself is served from here
  const html = readFileSync(`${ROOT}${PAGES === 'site' ? 'site' : 'www'}/index.html`);
  await context.route((url) => url.href.length > 100_000, (route) => route.fulfill({ body: html, contentType: 'text/html' }));
  const moves = 'd2-d4+'.repeat(175_000);
  await load(page, env.url, `?board=english&start=d4&goal=start&moves=${moves}`);
  const text = await note(page);
  assert.ok(text.length < 600, `a short note (${text.length} characters)`);
  assert.match(text, /The moves were left out: the move list is too long \(1049999 characters, at most 10000\)/);
  assert.equal(new URL(page.url()).search, '?board=english&start=d4&goal=start');
  await clickJump(page, 'd2-d4');
  assert.equal((await snapshot(page)).position.jumps, 1);
  await clean();
});

test('bad attributes: each board notes what it refused, opens a default, and plays', async () => {
  const { page, context, clean } = await openPage(env.browser);
  const [img, script] = PAYLOADS;
  const attr = (v) => v.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  const boards = [
    ['nonsense', 'board="nonsense"', 'english', /The board “nonsense” was refused: unknown board 'nonsense'.*The default game opened instead/],
    ['start', 'board="triangle5" start="z9"', 'triangle5', /The start “z9” was refused: board 'triangle5' has no hole 'z9'.*The board’s default game opened instead/],
    ['goal', 'board="triangle5" goal="q7"', 'triangle5', /The goal “q7” was refused: board 'triangle5' has no hole 'q7'/],
    ['moves', 'board="triangle5" start="a1" goal="start" moves="a3-a1 zz-a1"', 'triangle5', /The moves “a3-a1 zz-a1” stop at move 2, “zz-a1”: .*'zz/, 1],
    ['hints', 'board="triangle5" hints="sometimes"', 'triangle5', /hints must be off, hover or always, not “sometimes”/],
    ['inject-board', `board="${attr(img)}"`, 'english', img],
    ['inject-start', `board="english" start="${attr(script)}"`, 'english', script],
    ['inject-goal', `board="english" goal="${attr(img)}"`, 'english', img],
    ['inject-moves', `board="english" moves="${attr(script)}"`, 'english', script],
    ['inject-hints', `board="english" hints="${attr(img)}"`, 'english', img],
  ];
  const body = boards.map(([id, a]) => `<peg-solitaire id="${id}" ${a} style="width:240px"></peg-solitaire>`).join('\n');
  const html = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>bad attributes</title>
<script type="module" src="js/peg-solitaire.js"></script><body>${body}</body>`;
  await context.route('**/bad-attributes.html', (route) => route.fulfill({ body: html, contentType: 'text/html' }));
  await page.goto(`${env.url}bad-attributes.html`);
  await page.evaluate(async () => {
    await customElements.whenDefined('peg-solitaire');
    await Promise.all([...document.querySelectorAll('peg-solitaire')].map((el) => el.game.settled()));
  });
  for (const [id, , board, expected, kept = 0] of boards) {
    const s = await page.evaluate((i) => document.getElementById(i).game.state(), id);
    assert.equal(s.board, board, id);
    assert.equal(s.jumps, kept, id);
    const text = await boardNote(page, `#${id}`);
    if (typeof expected === 'string') assert.ok(text?.includes(`“${expected}”`), `${id}: ${text}`);
    else assert.match(text ?? '', expected, id);
  }
  await assertInert(page, 1);
  await shoot(page, 'bad-attributes');
  // an attribute changed to a bad value later: the game stays, the note says why
  await page.evaluate(() => document.getElementById('start').setAttribute('start', 'x1'));
  await page.waitForFunction(() => /“x1”/.test(document.getElementById('start').shadowRoot.querySelector('.note span').textContent));
  // every board still plays, and a good set() takes its note away
  for (const [id, , , , kept = 0] of boards) {
    const after = await page.evaluate(async (i) => {
      const g = document.getElementById(i).game;
      await g.play(g.state().legal[0].jump);
      return g.state().jumps;
    }, id);
    assert.equal(after, kept + 1, `${id} plays`);
  }
  await page.evaluate(() => document.getElementById('nonsense').setAttribute('board', 'triangle5'));
  await page.evaluate(() => document.getElementById('nonsense').game.settled());
  assert.equal(await boardNote(page, '#nonsense'), null);
  await clean();
});

test('bad API arguments reject with a PegwiseError naming them; the game is untouched', async () => {
  const { page, clean } = await openPage(env.browser);
  await page.goto(`${env.url}embed.html`);
  await page.evaluate(async () => {
    await customElements.whenDefined('peg-solitaire');
    await document.getElementById('tri').game.settled();
  });
  const before = await page.evaluate(() => document.getElementById('tri').game.state().save);
  const calls = [
    ['g.set(null)', 'config', null],
    ['g.set([])', 'config', []],
    ["g.set({ bord: 'english' })", 'config', 'bord'],
    ["g.set({ hints: 'sometimes' })", 'hints', 'sometimes'],
    ["g.set({ names: 'yes' })", 'names', 'yes'],
    ["g.set({ pickStart: 1 })", 'pickStart', 1],
    ['g.set({ board: 42 })', 'board', 42],
    ["g.set({ future: 'a3-a1' })", 'future', 'a3-a1'],
    ["g.set({ src: 'http://[' })", 'src', 'http://['],
    ["g.set({ board: 'nonsense' })", 'board', 'nonsense'],
    ["g.set({ start: 'z9' })", 'start', 'z9'],
    ["g.set({ save: 'pegwise:1;triangle5;a1;start;zz' })", 'save', 'pegwise:1;triangle5;a1;start;zz'],
    ["g.set({ save: 'pegwise:0;triangle5;a1;start;' })", 'save', 'pegwise:0;triangle5;a1;start;'],
    ['g.play(42)', 'moves', 42],
    ["g.play('a3-a1 a3-a1')", 'moves', 'a3-a1 a3-a1'],
    ["g.hints(7)", 'hole', 7],
    ["g.hints('z9')", 'hole', 'z9'],
    ['g.seek({ moves: -1 })', 'seek', { moves: -1 }],
    ["g.seek('end')", 'seek', 'end'],
    ['g.holeRect({})', 'hole', {}],
    ["g.holeAt('left', 3)", 'point', ['left', 3]],
    ['createGame(null)', 'element', null],
  ];
  for (const [expr, param, value] of calls) {
    const err = await page.evaluate(async (x) => {
      const { createGame } = await import('./js/peg-solitaire.js');
      const g = document.getElementById('tri').game;
      try {
        await new Function('g', 'createGame', `return ${x}`)(g, createGame);
        return null;
      } catch (e) {
        return { name: e.name, param: e.param, value: e.value, message: e.message };
      }
    }, expr);
    assert.ok(err, `${expr} is refused`);
    assert.deepEqual([err.name, err.param, err.value], ['PegwiseError', param, value], expr);
    assert.ok(err.message.length > 10 && err.message.length < 500, `${expr}: ${err.message}`);
  }
  // a 1 MB move text: refused quickly, in a message of sane length
  const big = await page.evaluate(() =>
    document
      .getElementById('tri')
      .game.play('a3-a1 '.repeat(180_000))
      .catch((e) => e.message),
  );
  assert.match(big, /1080000 characters, at most 10000/);
  assert.ok(big.length < 500);
  assert.equal(await page.evaluate(() => document.getElementById('tri').game.holeRect('z9')), null);
  const after = await page.evaluate(async () => {
    const g = document.getElementById('tri').game;
    const s = g.state().save;
    await g.play('a3-a1');
    return { s, jumps: g.state().jumps };
  });
  assert.deepEqual(after, { s: before, jumps: 1 });
  // a first config that is all wrong: the default game opens anyway, with a note
  const first = await page.evaluate(async () => {
    const { createGame } = await import('./js/peg-solitaire.js');
    const div = document.createElement('div');
    div.style.width = '300px';
    document.body.append(div);
    const g = createGame(div, { hints: 'sometimes' });
    const err = await g.ready.then(
      () => null,
      (e) => e.param,
    );
    await g.settled();
    return { err, board: g.state()?.board, note: div.shadowRoot.querySelector('.note span').textContent };
  });
  assert.deepEqual([first.err, first.board], ['hints', 'english']);
  assert.match(first.note, /not “sometimes”.*default game opened/);
  await clean();
});

test('the iframe form: bad parameters are noted on the board, never run', async () => {
  const { page, clean } = await openPage(env.browser);
  for (const k of ['board', 'start', 'goal', 'moves', 'hints']) {
    const q = new URLSearchParams({ ...(k === 'board' ? {} : { board: 'triangle5' }), [k]: PAYLOADS[0], names: PAYLOADS[1] });
    await page.goto(`${env.url}embed-frame.html?${q}`);
    await page.evaluate(async () => {
      await customElements.whenDefined('peg-solitaire');
      await document.getElementById('board').game.settled();
    });
    assert.ok((await boardNote(page))?.includes(`“${PAYLOADS[0]}”`), k);
    await assertInert(page, 1);
    if (k === 'hints') await shoot(page, 'bad-frame-hints');
    const jumps = await page.evaluate(async () => {
      const g = document.getElementById('board').game;
      await g.play(g.state().legal[0].jump);
      return g.state().jumps;
    });
    assert.equal(jumps, 1, k);
  }
  await clean();
});

test('an unknown board is answered with the boards as a sentence; texts too long never reach wasm', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=nonsense');
  assert.match(await note(page), /the boards are triangle4, triangle5, .*, hexagon37 and row:L \(a row of L holes, L from 3 to 64\), or draw your own as ascii:…/);
  const refused = await page.evaluate(async () => {
    const g = document.getElementById('board').game;
    const before = g.state().save;
    const err = await g.set({ save: `pegwise:2;${'x'.repeat(30_000)}` }).then(
      () => null,
      (e) => [e.name, e.param, e.message],
    );
    return { err, same: g.state().save === before };
  });
  assert.deepEqual(refused.err.slice(0, 2), ['PegwiseError', 'save']);
  assert.match(refused.err[2], /save is too long \(30010 characters, at most \d+\)/);
  assert.equal(refused.same, true, 'the game open stays');
  await clean();
});

test('a link may set the hints; a bad value is noted and the game still opens', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=triangle5&start=a1&goal=start&hints=weird');
  assert.match(await note(page), /The link’s hints “weird” was refused \(hints must be off, hover or always/);
  let s = await snapshot(page);
  assert.deepEqual([s.position.board, s.position.start], ['triangle5', 'a1'], 'the game opens as linked');
  await load(page, env.url, '?board=triangle5&start=a1&goal=start&hints=always');
  assert.equal(await page.locator('label:has(input[value="always"]) input').isChecked(), true);
  s = await snapshot(page);
  assert.equal(s.position.board, 'triangle5');
  await clean();
});
