// The built tables (scripts/tables triangle7, french, square6, wiegleb and diamond41, pinned
// by data/MANIFEST): the default game and other starts and goals are judged from the table from
// the first jump on, deep into a game too. (crate/tests/triangle7_tables.rs, french_every.rs,
// diamond41_every.rs, square6_every.rs and one_game_tables.rs hold the tables against brute force.) The tests wait for the board's
// verdicts, not for a clock; how soon they come is measured by tests/bench/e2e-timings.mjs.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { existsSync } from 'node:fs';
import { ROOT, judged, load, openPage, setup, shoot, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

/**
 * Opens `board`'s default game on the page (which must be winnable), then on the embed page
 * checks that its opening is judged from the table, with a good jump.
 * @param {import('playwright-core').Page} page
 * @param {string} board
 * @returns {Promise<{start: string, goal: string}>} the default game's start and goal
 */
async function openingFromTable(page, board) {
  await load(page, env.url, `?board=${board}`);
  const s = (await snapshot(page)).state;
  assert.equal(s.winnable, 'yes', `default ${s.start} → ${s.goal}`);
  await page.goto(`${env.url}embed.html`);
  const opening = await judged(page, { board, start: s.start, goal: s.goal });
  assert.ok(opening.judged, `${s.start}: judged: ${opening.hints}`);
  assert.equal(opening.source, 'table');
  assert.ok(opening.hints.some((h) => h.endsWith('good')), `the default can be won: ${opening.hints}`);
  return s;
}

const built = existsSync(`${ROOT}data/triangle7.all.any.pgt`);

test('triangle7 opens on a game judged from its table, and stays judged deep in', { skip: !built && 'run scripts/tables triangle7', timeout: 300_000 }, async () => {
  const { page, clean } = await openPage(env.browser);
  await openingFromTable(page, 'triangle7');
  // another start, a finish hole the record allows, and 12 jumps into a line that wins for
  // goal any (and is lost for c4)
  const line = 'b2-b4 d4-b2 a1-c3 a3-a1 b4-d4 d4-b2 a1-c3 a5-a3 c5-a5 e5-c5 a6-a4 a3-a5';
  for (const goal of ['any', 'c4']) {
    const deep = await judged(page, { board: 'triangle7', start: 'b4', goal, moves: line, source: 'table' });
    assert.ok(deep.judged, `b4 → ${goal}, 12 jumps in: judged: ${deep.hints}`);
    assert.equal(deep.source, 'table', `b4 → ${goal}`);
  }
  await shoot(page, 'triangle7-table');
  await clean();
});

const french = existsSync(`${ROOT}data/french.every.pgt`);

test('French opens judged from its union table, and stays judged deep in', { skip: !french && 'run scripts/tables french', timeout: 300_000 }, async () => {
  const { page, clean } = await openPage(env.browser);
  await openingFromTable(page, 'french');
  // 16 jumps into a winning line (pegwise solve --board french --start c1 --goal any)
  const line = 'e1-c1 d3-d1 c1-e1 b2-d2 e2-c2 b3-d3 e3-c3 g3-e3 e4-e2 e1-e3 c4-e4 c2-c4 e4-e2 f2-d2 g4-e4 b5-b3';
  const deep = await judged(page, { board: 'french', start: 'c1', goal: 'any', moves: line, source: 'table' });
  assert.ok(deep.judged, `16 jumps in: judged: ${deep.hints}`);
  assert.ok(deep.hints.some((h) => h.endsWith('good')), `the line still wins: ${deep.hints}`);
  await shoot(page, 'french-table');
  await clean();
});

/**
 * A board's one-game table (scripts/tables BOARD): its default game is judged from the table
 * from the first jump, and still `moves` into a winning line, with a good jump left.
 * @param {string} board
 * @param {string} moves a winning line's first moves (crate/tests/fixtures/witnesses.txt)
 */
async function oneGameTable(board, moves) {
  const { page, clean } = await openPage(env.browser);
  const s = await openingFromTable(page, board);
  const deep = await judged(page, { board, start: s.start, goal: s.goal, moves, source: 'table' });
  assert.ok(deep.judged, `${moves}: judged: ${deep.hints}`);
  assert.equal(deep.source, 'table');
  assert.ok(deep.hints.some((h) => h.endsWith('good')), `the line still wins: ${deep.hints}`);
  // in "always" mode the element marks every peg that can jump (a lookup each) after this
  await page.waitForFunction(() => {
    const pegs = Object.values(/** @type {any} */ (document.querySelector('#eng')).game.state().marks.pegs);
    return pegs.length > 0 && pegs.every((m) => m === 'good' || m === 'bomb');
  }, null, { timeout: 60_000 });
  await shoot(page, `${board}-table`);
  await clean();
}

// square6's one-game table: 12 moves into a winning line (pegwise solve on the default game)
const square6 = existsSync(`${ROOT}data/square6.c3.c3.pgt`);

test('square6 opens on its default game judged from its table, and stays judged deep in', { skip: !square6 && 'run scripts/tables square6', timeout: 300_000 }, async () => {
  await oneGameTable('square6', 'c1-c3 a1-c1 d1-b1 f1-d1 a2-c2 d2-b2 f2-d2 a4-a2-c2-e2 c3-a3 e3-c3 c4-a4-a2 e4-c4-c2');
});

const square6Union = existsSync(`${ROOT}data/square6.every.pgt`);

test('square6: starts and goals beyond its default game are judged from its union table from the first jump', { skip: !square6Union && 'run scripts/tables square6', timeout: 300_000 }, async () => {
  const { page, clean } = await openPage(env.browser);
  await page.goto(`${env.url}embed.html`);
  // the default start for goal any, which its one-game table never covered, then a corner
  // and an edge hole back to themselves, to another hole and for goal any (each has a winning
  // line in crate/tests/fixtures/witnesses.txt)
  const games = [['c3', 'any'], ['a1', 'a1'], ['a1', 'd4'], ['b1', 'e4'], ['b1', 'any']];
  for (const [start, goal] of games) {
    const opening = await judged(page, { board: 'square6', start, goal, source: 'table' });
    assert.ok(opening.judged, `${start} → ${goal}: every opening jump judged: ${opening.hints}`);
    assert.equal(opening.source, 'table', `${start} → ${goal}`);
    assert.ok(opening.hints.some((h) => h.endsWith('good')), `${start} → ${goal} can be won: ${opening.hints}`);
  }
  // 12 jumps into the witness from b1 to e4: still judged from the table, and still winning
  const line = 'd1-b1 a1-c1 f1-d1 c1-e1 f3-f1-d1 f5-f3 c3-c1 d1-b1 e2-c2 a3-c3 b1-b3 a5-a3';
  const deep = await judged(page, { board: 'square6', start: 'b1', goal: 'e4', moves: line, source: 'table' });
  assert.ok(deep.judged, `12 jumps in: judged: ${deep.hints}`);
  assert.ok(deep.hints.some((h) => h.endsWith('good')), `the line still wins: ${deep.hints}`);
  await shoot(page, 'square6-union');
  await clean();
});

const wiegleb = existsSync(`${ROOT}data/wiegleb.e5.e5.pgt`);

test('Wiegleb opens on its central game judged from its table, and stays judged deep in', { skip: !wiegleb && 'run scripts/tables wiegleb', timeout: 300_000 }, async () => {
  await oneGameTable('wiegleb', 'e3-e5 c4-e4 d2-d4 f2-d2 d1-d3 f1-d1 d4-d2 d1-d3 d6-d4 d8-d6 f7-d7 e5-e7');
});

const diamond41 = existsSync(`${ROOT}data/diamond41.every.pgt`);

test('diamond41 opens on its default game judged from its union table, and stays judged deep in', { skip: !diamond41 && 'run scripts/tables diamond41', timeout: 300_000 }, async () => {
  // the witness from e3 to b4, turned about the diagonal onto c5
  await oneGameTable('diamond41', 'c3-c5 e4-c4 g4-e4 g6-g4 i5-g5 e6-g6 f8-f6 d7-f7 g7-e7 h4-f4 f5-f7 e4-g4');
});

test('diamond41: other starts and goals are judged from its union table from the first jump', { skip: !diamond41 && 'run scripts/tables diamond41', timeout: 300_000 }, async () => {
  const { page, clean } = await openPage(env.browser);
  await page.goto(`${env.url}embed.html`);
  // the centre, a start the one-game table never covered, back to the start and for goal any,
  // then e3 to the centre (lost) and to b4 (the record's witness wins it)
  for (const [start, goal] of [['e5', 'e5'], ['e5', 'any'], ['e3', 'e5'], ['e3', 'b4']]) {
    const opening = await judged(page, { board: 'diamond41', start, goal, source: 'table' });
    assert.ok(opening.judged, `${start} → ${goal}: every opening jump judged: ${opening.hints}`);
    assert.equal(opening.source, 'table', `${start} → ${goal}`);
  }
  const last = await judged(page, { board: 'diamond41', start: 'e3', goal: 'b4', source: 'table' });
  assert.ok(last.hints.some((h) => h.endsWith('good')), `e3 → b4 can be won: ${last.hints}`);
  await shoot(page, 'diamond41-union');
  await clean();
});
