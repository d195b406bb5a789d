// The hint marks on the board agree with the pegwise CLI, on a square and a triangular board.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { cliHint, hoverHole, load, openPage, settled, setup, shoot, snapshot } from './helpers.mjs';

/** A test case's link (the test writes its own: the page's links are wasm's). */
const gameQuery = (/** @type {Record<string, string>} */ c) => `?${new URLSearchParams(c)}`;

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

/** Positions with good and bad jumps (found with the CLI). */
const CASES = [
  { board: 'english', start: 'd4', goal: 'start', moves: 'd2-d4 b3-d3 c1-c3 e1-c1 d3-b3 a3-c3 e3-e1' },
  { board: 'triangle5', start: 'a1', goal: 'start', moves: 'c3-a1' },
  { board: 'triangle5', start: 'a1', goal: 'any', moves: 'a3-a1 c3-a3' },
];

/**
 * Hovers every peg that can jump and compares the marks with the CLI's verdicts.
 * @param {import('playwright-core').Page} page
 * @param {{jumps: Array<{jump: string, good: boolean}>}} cli
 */
async function compareHover(page, cli) {
  const legal = (await snapshot(page)).legal;
  assert.deepEqual(legal.map((j) => j.jump).sort(), cli.jumps.map((j) => j.jump).sort(), 'the same legal jumps');
  const byPeg = new Map();
  for (const j of legal) byPeg.set(j.from, [...(byPeg.get(j.from) ?? []), j]);
  for (const [peg, jumps] of byPeg) {
    await hoverHole(page, peg);
    const marks = await page.evaluate(() => window.pegwise.marks());
    const want = Object.fromEntries(jumps.map((j) => [j.to, cli.jumps.find((c) => c.jump === j.jump).good ? 'good' : 'bad']));
    // the position's only good jump may be drawn forced (wasm says so once it knows every other
    // jump loses); no other jump ever is
    const only = cli.jumps.filter((c) => c.good);
    const seen = Object.fromEntries(
      Object.entries(marks.targets).map(([to, m]) => [to, m === 'forced' && only.length === 1 && only[0].jump === `${peg}-${to}` ? 'good' : m]),
    );
    assert.deepEqual(seen, want, `marks of ${peg}`);
    const bomb = Object.values(want).every((v) => v === 'bad');
    assert.equal(marks.pegs[peg] === 'bomb', bomb, `${peg} shows as a bomb exactly when every jump is bad`);
    const line = await page.locator('#hint-line').textContent();
    for (const j of jumps) assert.ok(line.includes(j.jump), `the hint line names ${j.jump}`);
  }
  return byPeg;
}

for (const c of CASES) {
  test(`hover marks match the CLI: ${c.board} ${c.start}→${c.goal} after ${c.moves}`, async () => {
    const cli = await cliHint(c);
    assert.ok(cli.jumps.some((j) => j.good) && cli.jumps.some((j) => !j.good), 'the case has good and bad jumps');
    const { page, clean } = await openPage(env.browser);
    await load(page, env.url, gameQuery(c));
    const s = await snapshot(page);
    assert.equal(s.position.source, 'table');
    assert.equal(s.position.pegCount, cli.pegs);
    assert.equal(s.state.winning, cli.winning);
    await compareHover(page, cli);
    await shoot(page, `hover-${c.board}-${c.goal}`);

    // "always" marks every peg that can jump: a bomb, or a check when one of its jumps is good
    await page.mouse.move(2, 2);
    await page.click('label:has(input[value="always"])');
    await settled(page);
    const marks = await page.evaluate(() => window.pegwise.marks());
    const want = {};
    for (const j of cli.jumps) {
      const from = j.jump.split('-')[0];
      want[from] = want[from] === 'good' || j.good ? 'good' : 'bomb';
    }
    assert.deepEqual(marks.pegs, want);
    // and the same as wasm's own per-peg summary (Game.pegs() in the worker, not a JS copy)
    const { pegs } = await page.evaluate(() => window.pegwise.call('pegs'));
    assert.deepEqual(Object.fromEntries(pegs.map((p) => [p.hole, p.mark])), marks.pegs, 'each mark drawn is wasm\'s mark');
    for (const p of pegs) {
      const mine = cli.jumps.filter((j) => j.jump.startsWith(`${p.hole}-`));
      assert.equal(p.good, mine.filter((j) => j.good).length, `${p.hole}: good jumps`);
      assert.equal(p.bad, mine.filter((j) => !j.good).length, `${p.hole}: bad jumps`);
      assert.equal(p.bomb, mine.every((j) => !j.good), `${p.hole}: bomb`);
    }
    // the summary line counts what is drawn
    const line = await page.locator('#hint-line').textContent();
    const goodPegs = pegs.filter((p) => p.mark === 'good').length;
    const bombs = pegs.filter((p) => p.mark === 'bomb').length;
    assert.ok(line.startsWith(`${pegs.length} pegs can jump: ${goodPegs} with a good jump, ${bombs} bomb`), line);
    assert.deepEqual(marks.targets, {});
    await shoot(page, `always-${c.board}-${c.goal}`);
    await clean();
  });
}

test('hints off: landing holes are marked but not judged', async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, gameQuery(CASES[1]));
  await page.click('label:has(input[value="off"])');
  await hoverHole(page, 'e5');
  assert.deepEqual((await page.evaluate(() => window.pegwise.marks())).targets, { c3: 'plain' });
  assert.equal(await page.locator('#hint-line').textContent(), 'e5 can jump to c3.');
  await clean();
});

test('without its table the game plays on, with hints from the live search', async () => {
  const c = CASES[1];
  const { page, context, clean } = await openPage(env.browser, { allow: [/\.pgt$/, /status of 404/] });
  await context.route('**/data/*.pgt', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await load(page, env.url, gameQuery(c));
  const s = await snapshot(page);
  assert.equal(s.position.source, 'search');
  assert.equal(s.tableState, 'missing');
  assert.equal(await page.locator('#source').textContent(), 'hints: live search — table not built');
  // the small board's search is exact: same verdicts as the table
  await compareHover(page, await cliHint(c));
  await clean();
});

test('the French default game, with no table: the proving live search judges every opening jump', async () => {
  // as on a host without the French table (scripts/tables french builds it)
  const { page, context, clean } = await openPage(env.browser, { allow: [/french\.every/, /status of 404/] });
  await context.route('**/data/french.every*', (route) => route.fulfill({ status: 404, body: 'not built' }));
  await load(page, env.url, '?board=french');
  await page.click('label:has(input[value="always"])');
  await settled(page);
  const s = await page.evaluate(() => window.pegwise.snapshot());
  assert.equal(s.position.source, 'search');
  const marks = await page.evaluate(() => window.pegwise.marks());
  assert.ok(Object.keys(marks.pegs).length > 0, 'some peg can jump');
  assert.ok(!Object.values(marks.pegs).includes('unknown'), JSON.stringify(marks.pegs));
  assert.ok(Object.values(marks.pegs).includes('good'), 'the default game can be won');
  await clean();
});

test('where the live search cannot tell, the mark is "?" and the source says so', async () => {
  // diamond41 from its default start c5 to d2 (a finish the winnable record knows it wins),
  // as on a host without diamond41's table (scripts/tables diamond41 builds it): the proving
  // search settles neither side of the opening jump e5-c5 (natively, not in 3 M positions)
  const { page, context, clean } = await openPage(env.browser, { allow: [/diamond41\.every/, /status of 404/] });
  await context.route('**/data/diamond41.every*', (route) => route.fulfill({ status: 404, body: 'not built' }));
  await load(page, env.url, '?board=diamond41&start=c5&goal=d2');
  assert.equal((await page.evaluate(() => window.pegwise.snapshot())).state.winning, true);
  await hoverHole(page, 'e5');
  assert.deepEqual((await page.evaluate(() => window.pegwise.marks())).targets, { c5: 'unknown' });
  await settled(page);
  // and the live search goes on proving it while the player thinks (see thinking.test.mjs)
  // (its first try reports back a moment after the page is idle)
  // (the source names the table this host lacks)
  await page.waitForFunction(() => document.getElementById('source')?.textContent === 'hints: live search — table not built · proving…', undefined, { timeout: 10_000 });
  await shoot(page, 'unknown-diamond41');
  // in "always" mode the summary names the "?" jumps it draws, and the banner doesn't
  // contradict a green check
  await page.mouse.move(2, 2);
  await page.click('label:has(input[value="always"])');
  await settled(page);
  const s = await page.evaluate(() => window.pegwise.snapshot());
  const marks = await page.evaluate(() => window.pegwise.marks());
  const line = await page.locator('#hint-line').textContent();
  const unsure = Object.values(marks.pegs).filter((m) => m === 'unknown').length;
  if (unsure) assert.match(line, /the search can’t tell \(\?\): [a-i]\d-[a-i]\d/, line);
  const banner = await page.locator('#banner').textContent();
  if (Object.values(marks.pegs).includes('good')) {
    assert.equal(s.state.winning, true, 'a good jump means the position is winning');
    assert.doesNotMatch(banner, /can’t tell/);
  }
  await shoot(page, 'unknown-diamond41-always');
  await clean();
});
