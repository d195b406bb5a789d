// Every English start and goal has exact hints from the first jump: the union table's big
// levels arrive a few KB at a time (HTTP range requests), and no verdict is ever a guess. The
// test waits for the board's verdicts, not for a clock; how soon they come is measured by
// tests/bench/e2e-timings.mjs (scripts/bench).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { existsSync } from 'node:fs';
import { ROOT, judged, openPage, setup, shoot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

const built = existsSync(`${ROOT}data/english.every.pgt`);

test('English c1, goal any: every opening jump is judged good or bad from the table, and deep in too', { skip: !built && 'run scripts/tables english', timeout: 300_000 }, async () => {
  const { page, clean } = await openPage(env.browser);
  const ranges = [];
  page.context().on('request', (r) => {
    if (r.headers().range) ranges.push(r.url());
  });
  await page.goto(`${env.url}embed.html`);
  const r = await judged(page, { board: 'english', start: 'c1', goal: 'any' });
  assert.ok(r.judged, `judged: ${r.hints}`);
  assert.equal(r.source, 'table');
  assert.deepEqual(r.hints.map((h) => h.split(' ')[0]).sort(), ['c3-c1', 'e1-c1']);
  // 16 jumps in, the position needs the big levels, which come a chunk at a time
  const line = 'e1-c1 d3-d1 c1-e1 b3-d3 e3-c3 e1-e3 c3-c1 e4-e2 g3-e3 e2-e4 b5-b3 a3-c3 c4-c2 c1-c3 a5-a3 d5-d3';
  const deep = await judged(page, { board: 'english', start: 'c1', goal: 'any', moves: line });
  assert.ok(deep.judged, `16 jumps in, judged: ${deep.hints}`);
  assert.equal(deep.source, 'table', '16 jumps in');
  assert.ok(ranges.some((u) => u.includes('english.every.')), `big levels come by range requests: ${ranges.length}`);
  // a finish hole that the record says can be won, from another start
  const f = await judged(page, { board: 'english', start: 'd2', goal: 'd5' });
  assert.ok(f.judged, `d2→d5 judged: ${f.hints}`);
  assert.ok(f.hints.some((h) => h.endsWith('good')), `d2→d5 can be won: ${f.hints}`);
  await shoot(page, 'english-c1-any');
  await clean();
});
