// The page on a host without Range support (as `python3 -m http.server`): a range request is
// answered 200 with the whole file. The page keeps that body and cuts every later part of the
// file from it, so each table file is downloaded once by a worker, and the game plays with
// hints as on any host.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { ROOT, load, openPage, playAlways, setup, shoot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup({ ranges: false });
});
after(() => env?.close());

/**
 * Records the table-level files (`.pgs`) the page asks for: how often each was asked, and what
 * the host answered.
 * @param {import('playwright-core').Page} page
 */
function watchLevels(page) {
  /** @type {Map<string, number>} */
  const asked = new Map();
  /** @type {number[]} */
  const statuses = [];
  page.on('response', (r) => {
    const file = new URL(r.url()).pathname.split('/').pop() ?? '';
    if (!file.endsWith('.pgs')) return;
    asked.set(file, (asked.get(file) ?? 0) + 1);
    statuses.push(r.status());
  });
  return { asked, statuses };
}

test('without Range support: the central game plays with every hint, each table file downloaded once', { timeout: 300_000 }, async () => {
  const { page, clean } = await openPage(env.browser);
  const { asked, statuses } = watchLevels(page);
  await load(page, env.url, '?board=english&start=d4&goal=start&hints=always');
  const report = await playAlways(page, 'd2-d4 b3-d3 c1-c3 e1-c1 d3-b3 a3-c3 e3-e1 g3-e3 c4-c2 c1-c3'.split(' '));
  assert.deepEqual(report.filter((r) => r.undecided.length), [], 'every peg judged after every move');
  assert.ok(statuses.length > 0 && statuses.every((s) => s === 200), `the host sent whole files: ${statuses}`);
  const twice = [...asked].filter(([, n]) => n > 1);
  assert.deepEqual(twice, [], `each level file downloaded once (${[...asked].map(([f, n]) => `${f} ×${n}`).join(', ')})`);
  await shoot(page, 'no-ranges-central');
  await clean();
});

const union = existsSync(`${ROOT}data/english.every.pgt`);

test('without Range support: an Analysis question on the union table downloads each file once a worker', { skip: !union && 'run scripts/tables english', timeout: 300_000 }, async () => {
  const { page, clean } = await openPage(env.browser, { abortable: [/\/data\/[^/]+\.pg[stc]$/] });
  const { asked } = watchLevels(page);
  await load(page, env.url, '?board=english&start=c1&goal=any&moves=e1-c1+d3-d1+c1-e1+b3-d3+e3-c3+e1-e3+c3-c1+e4-e2');
  await page.click('#analysis summary');
  // the count and the fewest moves: the panel's questions on the union table (the walks over
  // every winning game come after them, within their budgets, and are not waited for here)
  await page.waitForFunction(
    () => ['an-count', 'an-fewest'].every((id) => document.getElementById(id)?.getAttribute('aria-busy') === 'false'),
    null,
    { timeout: 240_000, polling: 100 },
  );
  const count = await page.locator('#an-count').textContent();
  assert.match(count ?? '', /^\d[\d,]*/, `a count: ${count}`);
  // the game's worker and the Analysis panel's each keep the files they downloaded
  const often = [...asked].filter(([, n]) => n > 2);
  assert.deepEqual(often, [], `each level file downloaded at most once by each worker (${[...asked].map(([f, n]) => `${f} ×${n}`).join(', ')})`);
  await shoot(page, 'no-ranges-analysis');
  await clean();
});
