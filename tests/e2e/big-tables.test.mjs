// The 28-hole triangle's built tables (scripts/tables triangle7, pinned by data/MANIFEST): its
// default game and other starts and goals are judged from the table from the first jump on,
// deep into a game too. (crate/tests/triangle7_tables.rs holds the tables against brute force.)

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { existsSync } from 'node:fs';
import { ROOT, judged, load, openPage, setup, shoot, snapshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

const built = existsSync(`${ROOT}data/triangle7.all.any.pgt`);

test('triangle7 opens on a game judged from its table, and stays judged deep in', { skip: !built && 'run scripts/tables triangle7' }, async () => {
  const { page, clean } = await openPage(env.browser);
  await load(page, env.url, '?board=triangle7');
  const s = (await snapshot(page)).state;
  assert.equal(s.winnable, 'yes', `default ${s.start} → ${s.goal}`);
  await page.goto(`${env.url}embed.html`);
  const opening = await judged(page, { board: 'triangle7', start: s.start, goal: s.goal });
  assert.ok(opening.ms < 2000, `${s.start}: judged in ${opening.ms} ms: ${opening.hints}`);
  assert.equal(opening.source, 'table');
  assert.ok(opening.hints.some((h) => h.endsWith('good')), `the default can be won: ${opening.hints}`);
  // another start, a finish hole the record allows, and 12 jumps into a line that wins for
  // goal any (and is lost for c4)
  const line = 'b2-b4 d4-b2 a1-c3 a3-a1 b4-d4 d4-b2 a1-c3 a5-a3 c5-a5 e5-c5 a6-a4 a3-a5';
  for (const goal of ['any', 'c4']) {
    const deep = await judged(page, { board: 'triangle7', start: 'b4', goal, moves: line, source: 'table' });
    assert.ok(deep.ms < 2000, `b4 → ${goal}, 12 jumps in: judged in ${deep.ms} ms: ${deep.hints}`);
    assert.equal(deep.source, 'table', `b4 → ${goal}`);
  }
  await shoot(page, 'triangle7-table');
  await clean();
});
