// The Analysis panel: closed by default and remembered; winning games from here (the English
// central game's published count at the start, a count after jumps checked against the
// CLI), as sequences of positions, the chance of random play and the forced positions (the
// fastest peer's figures of the central game, and the CLI's after jumps), fewest moves left
// with the first move drawn, the best finish once the goal is lost, the forced jump drawn on
// the board, and edit mode (edit, play, share the link, reopen), with axe-core's checks on the
// open panel.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { OUTPUT, ROOT, clickHole, clickJump, load, openPage, settled, setup, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

// A move while the panel counts stops its worker, cutting off the table parts (and counts file)
// it was fetching, and a navigation while its worker starts cuts off the worker's script and
// its wasm.
const TABLE_PARTS = [/\/data\/[^/]+\.pg[stc]$/, /\/js\/(worker\/)?(engine|analysis)-worker\.js(\?|$)/, /\/pkg-analysis\/pegwise_bg\.wasm$/];

const run = promisify(execFile);

/** A screenshot of the whole page (the panel sits below the board) to tests/output/NAME.png. */
const shoot = (page, name) => page.screenshot({ path: `${OUTPUT}${name}.png`, fullPage: true });

/** The CLI's answer to one analysis command, as JSON. @param {string[]} args */
async function cli(args) {
  const { stdout } = await run('cargo', ['run', '-q', '--release', '-p', 'pegwise', '--features', 'cli', '--', ...args, '--json'], { cwd: ROOT, maxBuffer: 1 << 20, timeout: 170_000 });
  return JSON.parse(stdout);
}

/** Opens the panel and waits until no figure in it is still being worked out. */
async function openPanel(page) {
  if (!(await page.locator('#analysis').evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open))) await page.click('#analysis summary');
  await figures(page);
}

/** Every figure of the panel, by the end of its id (`an-count`). */
const FIGURES = ['count', 'positions', 'chance', 'forced', 'fewest', 'best'];

/** The panel's figures once they are there (the panel loads on its first opening) and none of
 * `keys` is busy (counting can take a while in wasm). The forced positions come one a line. */
async function figures(page, timeout = 170_000, keys = FIGURES) {
  await page.waitForFunction(
    (keys) => {
      const dds = [...document.querySelectorAll('.analysis-list dd')];
      return dds.length === 6 && keys.every((k) => document.getElementById(`an-${k}`)?.getAttribute('aria-busy') === 'false');
    },
    keys,
    { timeout, polling: 100 },
  );
  return page.evaluate(
    (all) =>
      Object.fromEntries(
        all.map((k) => {
          const dd = document.getElementById(`an-${k}`);
          const lines = [...(dd?.children ?? [])].map((c) => c.textContent ?? '');
          return [k, k === 'forced' ? lines.join('\n') || (dd?.textContent ?? '') : (dd?.textContent ?? '')];
        }),
      ),
    FIGURES,
  );
}

test('the panel is closed by default, loads its code and wasm when opened, is remembered, and passes axe open', async () => {
  const { page, clean } = await openPage(env.browser, { abortable: TABLE_PARTS });
  /** @type {string[]} */
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  const panelFiles = () => fetched.filter((f) => /\/js\/(page|worker)\/analysis-(panel|worker|engine)[^/]*\.js$|\/pkg-analysis\//.test(f));
  await load(page, env.url, '?board=triangle5&start=a1&goal=start');
  assert.equal(await page.locator('#analysis').evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open), false);
  assert.equal(await page.locator('#an-count').count(), 0, 'the closed panel has no contents yet');
  assert.deepEqual(panelFiles(), [], 'nothing of the panel is fetched while it is closed');
  await openPanel(page);
  const opened = panelFiles();
  assert.ok(opened.includes('/js/page/analysis-panel.js'), `the panel's code is fetched on opening: ${opened}`);
  assert.ok(opened.includes('/js/worker/analysis-worker.js') && opened.includes('/pkg-analysis/pegwise_bg.wasm'), `the panel's worker and wasm: ${opened}`);
  const cli15 = await cli(['count', '--board', 'triangle5', '--start', 'a1', '--goal', 'start']);
  const f = await figures(page);
  assert.equal(f.count.replaceAll(',', ''), cli15.count, 'the count at the start is the CLI’s');
  await page.reload();
  await settled(page);
  assert.equal(await page.locator('#analysis').evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open), true, 'the open panel is remembered');
  await figures(page);
  await page.addScriptTag({ path: fileURLToPath(new URL('node_modules/axe-core/axe.min.js', `file://${ROOT}`)) });
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  });
  assert.deepEqual(violations, []);
  await shoot(page, 'analysis-triangle5');
  // pressed toggles stay readable, under the pointer too
  for (const id of ['edit-toggle', 'pick-start']) {
    await page.click(`#${id}`);
    await page.hover(`#${id}`);
    await page.waitForTimeout(300); // the background's transition
    assert.equal(await page.getAttribute(`#${id}`, 'aria-pressed'), 'true', id);
    const bad = await page.evaluate(async (sel) => (await window.axe.run(sel, { runOnly: ['color-contrast'], resultTypes: ['violations'] })).violations.map((v) => v.id), `#${id}`);
    assert.deepEqual(bad, [], `${id}, pressed and under the pointer`);
    if (id === 'edit-toggle') await shoot(page, 'edit-pressed');
    await page.click(`#${id}`);
  }
  await clean();
});

test('the English central game: the published count at the start, then counts and fewest moves the CLI agrees with', async () => {
  const { page, clean } = await openPage(env.browser, { abortable: TABLE_PARTS });
  await load(page, env.url, '?board=english&start=d4&goal=start');
  await page.click('#analysis summary');
  // the shipped counts file answers the start at once: no long count (live, it took 14 s in
  // wasm); the bound is loose, for a loaded machine, and far below a live count (the walks over
  // every winning game come after these two, and are not waited for here)
  let f = await figures(page, 8_000, ['count', 'fewest']);
  // published (Bell; references.md): 40,861,647,040,079,968 winning games of the central game
  assert.equal(f.count, '40,861,647,040,079,968 (4.1×10^16)');
  // 18 moves: Bergholt's solution, shown shortest by Beasley; its first move is drawn
  assert.match(f.fewest, /^18; the first: [a-g]\d(-[a-g]\d)+$/);
  assert.equal(await page.locator('svg.first-move circle').count(), f.fewest.split(' ').at(-1).split('-').length);
  await shoot(page, 'analysis-english-start');
  const moves = 'd2-d4 f3-d3 e1-e3 e4-e2';
  for (const m of moves.split(' ')) await clickJump(page, m);
  f = await figures(page);
  let want = await cli(['count', '--board', 'english', '--start', 'd4', '--goal', 'start', '--moves', moves]);
  assert.equal(f.count.replace(/ \(.*\)$/, '').replaceAll(',', ''), want.count);
  // further along a winning line (wasm's), the fewest moves left too
  // (opened from a link in a fresh page: counted afresh, not looked up in what the first count
  // remembered)
  const line = await page.evaluate(() => document.getElementById('board').game.solution());
  await load(page, env.url, `?board=english&start=d4&goal=start&moves=${[...moves.split(' '), ...line.slice(0, 12)].join('+')}`);
  f = await figures(page);
  const s = await snapshot(page);
  want = await cli(['count', '--board', 'english', '--start', 'd4', '--goal', 'start', '--moves', s.position.history.join(' ')]);
  assert.equal(f.count.replace(/ \(.*\)$/, '').replaceAll(',', ''), want.count);
  const position = s.position.pegs.map((p) => (p ? 'X' : 'o')).join('');
  const fewest = await cli(['fewest', '--board', 'english', '--position', position, '--goal', 'd4']);
  assert.equal(f.fewest.match(/^(\d+); the first: [a-g]\d(-[a-g]\d)+$/)?.[1], String(fewest.moves), f.fewest);
  // the first move is drawn on the board: a ring on its peg, one on each landing hole
  const rings = await page.locator('svg.first-move circle').count();
  assert.equal(rings, f.fewest.split(' ').at(-1).split('-').length);
  await shoot(page, 'analysis-english-fewest');
  await clean();
});

test('a damaged counts file is refused and the panel counts live, to the same number', async () => {
  const { page, context, clean } = await openPage(env.browser, { abortable: TABLE_PARTS });
  const good = readFileSync(`${ROOT}data/english.d4.d4.pgc`);
  let served = 0;
  await context.route('**/data/english.d4.d4.pgc', (route) => {
    served++;
    route.fulfill({ body: Buffer.from(good.map((b, i) => (i === good.length >> 1 ? b ^ 0x40 : b))), contentType: 'application/octet-stream' });
  });
  /** @type {string[]} */
  const warnings = [];
  page.on('worker', (w) => w.on('console', (m) => m.type() === 'warning' && warnings.push(m.text())));
  await load(page, env.url, '?board=english&start=d4&goal=start');
  const line = await page.evaluate(() => document.getElementById('board').game.solution());
  // eight jumps in: a position the file stores, and one the live count settles in well under a second
  const moves = line.slice(0, 8);
  await load(page, env.url, `?board=english&start=d4&goal=start&moves=${moves.join('+')}`);
  await openPanel(page);
  const f = await figures(page);
  assert.ok(served > 0, 'the panel asked for the counts file');
  assert.ok(warnings.some((w) => /counts file not used, counting live: table refused: 'english\.d4\.d4\.pgc' is not the file/.test(w)), warnings.join('\n'));
  const want = await cli(['count', '--board', 'english', '--start', 'd4', '--goal', 'start', '--moves', moves.join(' ')]);
  assert.equal(f.count.replace(/ \(.*\)$/, '').replaceAll(',', ''), want.count, 'the live count equals the shipped one');
  await clean();
});

test('once the goal is lost: the best finish and the jump that keeps it', async () => {
  const { page, clean } = await openPage(env.browser, { abortable: TABLE_PARTS });
  // c3-a1 throws the 15-hole triangle's a1 game away at once? find a losing jump from wasm's hints
  await load(page, env.url, '?board=triangle5&start=a1&goal=start');
  await openPanel(page);
  const bad = await page.evaluate(async () => {
    const pegs = await document.getElementById('board').game.pegs();
    return pegs.flatMap((p) => p.jumps).find((j) => j.verdict === 'bad')?.jump ?? null;
  });
  let lostBy = bad;
  if (!lostBy) {
    // every first jump is good: play one, then take a bad one
    await clickJump(page, 'c3-a1');
    lostBy = await page.evaluate(async () => {
      const pegs = await document.getElementById('board').game.pegs();
      return pegs.flatMap((p) => p.jumps).find((j) => j.verdict === 'bad')?.jump ?? null;
    });
  }
  assert.ok(lostBy, 'a losing jump exists');
  await clickJump(page, lostBy);
  assert.equal((await snapshot(page)).state.winning, false);
  const f = await figures(page);
  const s = await snapshot(page);
  const want = await cli(['best', '--board', 'triangle5', '--start', 'a1', '--goal', 'start', '--moves', s.position.history.join(' ')]);
  const pegs = want.pegs === 1 ? '1 peg' : `${want.pegs} pegs`;
  assert.match(f.best, new RegExp(`^${pegs} can still remain; [a-e]\\d-[a-e]\\d keeps that$`));
  assert.equal(f.fewest, 'the goal can’t be reached from here');
  assert.equal(f.count, '0');
  await shoot(page, 'analysis-best-finish');
  await clean();
});

test('edit mode: edit, play on, share the link, reopen', async () => {
  const { page, clean } = await openPage(env.browser, { abortable: TABLE_PARTS });
  await load(page, env.url, '?board=triangle5&start=a1&goal=start');
  await openPanel(page);
  await page.click('#edit-toggle');
  assert.equal(await page.getAttribute('#edit-toggle', 'aria-pressed'), 'true');
  // clicks flip holes: take the pegs off b2 and c3, put one on a1 (as after c3-a1, a winning position)
  for (const h of ['b2', 'c3', 'a1']) {
    await clickHole(page, h);
    await settled(page);
  }
  let s = await snapshot(page);
  const pos = s.position.pegs.map((p) => (p ? 'X' : 'o')).join('');
  assert.equal(s.position.startHole, null, 'a game from a set position');
  assert.equal(s.position.startPosition, pos);
  assert.equal(await page.inputValue('#edit-position'), pos);
  assert.equal(s.position.goal, 'a1', 'goal "start" became its hole');
  // a position the table holds (some start reaches it and it wins): the table answers
  assert.equal(s.position.source, 'table', 'hints from the table, which holds this position');
  assert.equal(await page.locator('#source').textContent(), 'hints: table');
  assert.equal(new URL(page.url()).searchParams.get('position'), pos);
  await shoot(page, 'analysis-editing');
  // a bad position typed in is refused by name, and the game stays
  await page.fill('#edit-position', 'XXq');
  await page.click('#edit-apply');
  await page.waitForSelector('#edit-note:not([hidden])');
  assert.match(await page.textContent('#edit-note'), /The position “XXq” was refused: character 3 is 'q'/);
  assert.equal((await snapshot(page)).position.startPosition, pos);
  // edits can be taken back, one at a time: the button, then U on the board
  await clickHole(page, 'd4');
  await settled(page);
  assert.notEqual((await snapshot(page)).position.startPosition, pos);
  await page.click('#edit-undo');
  await settled(page);
  assert.equal((await snapshot(page)).position.startPosition, pos, 'the button took the edit back');
  await clickHole(page, 'd4');
  await settled(page);
  await page.evaluate(() => document.getElementById('board').game.focus());
  await page.keyboard.press('u');
  await settled(page);
  assert.equal((await snapshot(page)).position.startPosition, pos, 'U took the edit back');
  assert.equal(await page.inputValue('#edit-position'), pos);
  await page.click('#edit-toggle');
  assert.equal(await page.getAttribute('#edit-toggle', 'aria-pressed'), 'false');
  // play on from it: a good jump from wasm, then the panel agrees with the CLI
  const good = await page.evaluate(async () => {
    const pegs = await document.getElementById('board').game.pegs();
    return pegs.flatMap((p) => p.jumps).find((j) => j.verdict === 'good')?.jump ?? null;
  });
  assert.ok(good, 'the edited position can still be won');
  await clickJump(page, good);
  s = await snapshot(page);
  assert.equal(s.position.jumps, 1);
  const f = await figures(page);
  const want = await cli(['count', '--board', 'triangle5', '--position', pos, '--goal', 'a1', '--moves', good]);
  assert.equal(f.count.replace(/ \(.*\)$/, '').replaceAll(',', ''), want.count);
  // the link opens the same game in a fresh page
  const link = page.url();
  assert.match(link, new RegExp(`position=${pos}&goal=a1&moves=${good}`));
  const other = await openPage(env.browser, { abortable: TABLE_PARTS });
  await other.page.goto(link);
  await settled(other.page);
  const t = await snapshot(other.page);
  assert.deepEqual([t.position.startPosition, t.position.history, t.position.goal], [pos, [good], 'a1']);
  await other.clean();
  // and the save reopens it after a reload without the link
  await page.goto(env.url);
  await settled(page);
  const u = await snapshot(page);
  assert.deepEqual([u.position.startPosition, u.position.history], [pos, [good]]);
  // a position the table doesn't hold (a lost one here): the live search proves, and says the
  // table helps
  await load(page, env.url, '?board=triangle5&position=XXoooooooooooXX&goal=a1');
  await settled(page);
  const v = await snapshot(page);
  assert.deepEqual([v.position.source, v.tableState], ['search', 'table']);
  assert.match(await page.locator('#source').textContent(), /^hints: live search.* \+ table$/);
  await shoot(page, 'analysis-edited-outside-table');
  await clean();
});

test('English, lost at 24 pegs: the best finish answers from the table, as the CLI does', async () => {
  const { page, clean } = await openPage(env.browser, { abortable: TABLE_PARTS });
  // a random game's 8 jumps from the central game (crate/tests/best_finish.rs): lost, and the
  // search alone (no table) needs more positions than the page's budget to answer
  const moves = 'b4-d4 c2-c4 e3-c3 e1-e3 e4-e2 d1-d3 d4-d2 d6-d4';
  await load(page, env.url, `?board=english&start=d4&goal=start&moves=${moves.replaceAll(' ', '+')}`);
  assert.equal((await snapshot(page)).state.winning, false);
  const t0 = Date.now();
  await page.click('#analysis summary');
  const f = await figures(page, 60_000);
  const ms = Date.now() - t0;
  const want = await cli(['best', '--board', 'english', '--start', 'd4', '--goal', 'start', '--moves', moves]);
  assert.equal(want.pegs, 2);
  assert.equal(f.best, `2 pegs can still remain; ${want.jump} keeps that`);
  assert.equal(f.count, '0');
  assert.equal(f.fewest, 'the goal can’t be reached from here');
  console.log(`English lost at 24 pegs: the panel's three answers in ${ms} ms`);
  await shoot(page, 'analysis-english-best-finish');
  await clean();
});

const englishEvery = existsSync(`${ROOT}data/english.every.pgt`);

test('English c1 → any: counts and fewest moves from the union table', { skip: !englishEvery && 'run scripts/tables english' }, async () => {
  const { page, clean } = await openPage(env.browser, { abortable: TABLE_PARTS });
  // 8 jumps into a winning line (pegwise solve --board english --start c1 --goal any): a count
  // that waits for thousands of table chunks, fetched a few requests at a time
  const moves = 'e1-c1 d3-d1 c1-e1 b3-d3 e3-c3 e1-e3 c3-c1 e4-e2';
  await load(page, env.url, `?board=english&start=c1&goal=any&moves=${moves.replaceAll(' ', '+')}`);
  const t0 = Date.now();
  await page.click('#analysis summary');
  const f = await figures(page);
  console.log(`English c1 → any, 24 pegs: counted in the page in ${Date.now() - t0} ms`);
  const want = await cli(['count', '--board', 'english', '--start', 'c1', '--goal', 'any', '--moves', moves]);
  assert.equal(f.count.replace(/ \(.*\)$/, '').replaceAll(',', ''), want.count);
  const position = (await snapshot(page)).position.pegs.map((p) => (p ? 'X' : 'o')).join('');
  const fewest = await cli(['fewest', '--board', 'english', '--position', position, '--goal', 'any']);
  assert.equal(f.fewest.match(/^(\d+); the first: [a-g]\d(-[a-g]\d)+$/)?.[1], String(fewest.moves), f.fewest);
  await shoot(page, 'analysis-english-c1-any');
  await clean();
});

const frenchEvery = existsSync(`${ROOT}data/french.every.pgt`);

test('French c1 → any (its default game): counts and fewest moves from the union table', { skip: !frenchEvery && 'run scripts/tables french', timeout: 600_000 }, async () => {
  const { page, clean } = await openPage(env.browser, { abortable: TABLE_PARTS });
  // 16 jumps into a winning line (big-tables.test.mjs)
  const moves = 'e1-c1 d3-d1 c1-e1 b2-d2 e2-c2 b3-d3 e3-c3 g3-e3 e4-e2 e1-e3 c4-e4 c2-c4 e4-e2 f2-d2 g4-e4 b5-b3';
  await load(page, env.url, `?board=french&moves=${moves.replaceAll(' ', '+')}`);
  const s = await snapshot(page);
  assert.deepEqual([s.position.startHole, s.position.goal], ['c1', 'any'], 'the default game');
  const t0 = Date.now();
  await page.click('#analysis summary');
  const f = await figures(page, 500_000);
  console.log(`French c1 → any, 16 jumps in: counted in the page in ${Date.now() - t0} ms: ${f.count}; ${f.fewest}`);
  const want = await cli(['count', '--board', 'french', '--start', 'c1', '--goal', 'any', '--moves', moves]);
  assert.equal(f.count.replace(/ \(.*\)$/, '').replaceAll(',', ''), want.count);
  const position = s.position.pegs.map((p) => (p ? 'X' : 'o')).join('');
  const fewest = await cli(['fewest', '--board', 'french', '--position', position, '--goal', 'any']);
  assert.equal(f.fewest.match(/^(\d+); the first: [a-g]\d(-[a-g]\d)+$/)?.[1], String(fewest.moves), f.fewest);
  await shoot(page, 'analysis-french');
  await clean();
});

test('random play, position sequences and forced positions: the CLI’s figures, and the peer’s for the central game', async () => {
  const { page, clean } = await openPage(env.browser, { abortable: TABLE_PARTS });
  // the 10-hole triangle from a2 to b2: its first jump is forced, and so is its last
  await load(page, env.url, '?board=triangle4&start=a2&goal=b2');
  await openPanel(page);
  let f = await figures(page);
  const game = ['--board', 'triangle4', '--start', 'a2', '--goal', 'b2'];
  const [positions, chance, forced] = await Promise.all([cli(['count', '--positions', ...game]), cli(['chance', ...game]), cli(['forced', ...game])]);
  assert.equal(f.positions, positions.count);
  assert.equal(f.chance, `1 in ${chance.one_in.toFixed(1)} (${(chance.chance * 100).toPrecision(3)}%)`);
  const lines = forced.positions.slice(1).map((p, i, all) => `${i === all.length - 1 ? 'the finish, ' : ''}${p.pegs === 1 ? '1 peg' : `${p.pegs} pegs`}${p.jump ? `, after the forced jump ${p.jump}` : ''}: ${p.position}`);
  assert.equal(f.forced, lines.join('\n'));
  assert.ok(forced.jumps.length >= 1, 'a forced jump on this game');
  // the game draws the forced jump's landing hole as forced (wasm's flag on the hint)
  const first = forced.positions[1].jump;
  const [from, to] = first.split('-');
  await clickHole(page, from);
  await settled(page);
  const marks = await page.evaluate(() => window.pegwise.marks());
  assert.equal(marks.targets[to], 'forced', JSON.stringify(marks));
  await shoot(page, 'analysis-forced');
  await clickHole(page, to);
  await settled(page);
  // the English central game: the fastest peer's two figures (its own run; tests/fixtures)
  const peer = JSON.parse(readFileSync(`${ROOT}tests/fixtures/published.json`, 'utf8')).english_central_game.peer_feschber;
  await load(page, env.url, '?board=english&start=d4&goal=start');
  f = await figures(page, 600_000);
  assert.equal(f.positions.replace(/ \(.*\)$/, '').replaceAll(',', ''), peer.position_sequences);
  const oneIn = Math.round(1 / peer.random_play_chance).toLocaleString('en-US');
  assert.equal(f.chance, `1 in ${oneIn} (${(peer.random_play_chance * 100).toPrecision(3)}%)`);
  // from the start every winning game shares only the start and the finish (one peg on d4)
  assert.equal(f.forced, `the finish, 1 peg: ${'o'.repeat(16)}X${'o'.repeat(16)}`);
  await shoot(page, 'analysis-english-chance');
  await clean();
});
