// The shipped form (site/, scripts/build-site.mjs) against the readable sources (www/): the
// page loads as two bundles (the page and the engine worker) plus the wasm, made from the
// current build; and the sources still run unbundled, as plain ES modules.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { ROOT, load, openPage, setup, shoot } from './helpers.mjs';

/** @type {Record<'site'|'source', Awaited<ReturnType<typeof setup>>>} */
const env = /** @type {any} */ ({});
before(async () => {
  env.site = await setup({ pages: 'site' });
  env.source = await setup({ pages: 'source' });
});
after(async () => {
  await env.site?.close();
  await env.source?.close();
});

/**
 * Loads the page and lists the scripts and wasm it fetched (paths), and the opening's pegs as
 * wasm judged them.
 * @param {'site'|'source'} pages
 */
async function openingOf(pages) {
  const { page, clean } = await openPage(env[pages].browser);
  /** @type {string[]} */
  const fetched = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\.(js|wasm)$/.test(path)) fetched.push(path);
  });
  await load(page, env[pages].url, '?board=english&start=d4&goal=start');
  const pegs = await page.evaluate(async () => (await window.pegwise.call('pegs')).pegs);
  await shoot(page, `shipped-${pages}`);
  await clean();
  return { fetched: [...new Set(fetched)].sort(), requests: fetched, pegs };
}

test('the shipped page is two bundles and the wasm, built from the current wasm', async () => {
  const { fetched, pegs, requests } = await openingOf('site');
  assert.deepEqual(fetched, ['/js/app.js', '/js/engine-worker.js', '/pkg/pegwise_bg.wasm']);
  assert.equal(requests.filter((p) => p === '/pkg/pegwise_bg.wasm').length, 1, 'the wasm is fetched once');
  assert.equal(requests.filter((p) => p === '/js/engine-worker.js').length, 1, 'one engine worker');
  assert.deepEqual(
    pegs.map((p) => [p.hole, p.mark]),
    [['d2', 'good'], ['b4', 'good'], ['f4', 'good'], ['d6', 'good']],
  );
  assert.ok(readFileSync(`${ROOT}site/pkg/pegwise_bg.wasm`).equals(readFileSync(`${ROOT}www/pkg/pegwise_bg.wasm`)), 'site/ holds the wasm of the last build: run node scripts/build-site.mjs');
  const html = readFileSync(`${ROOT}site/index.html`, 'utf8');
  assert.doesNotMatch(html, /modulepreload/, 'no per-module preloads in the shipped page');
  assert.match(html, /<script>[^<]*new Worker\(/, 'the page starts the engine from its inline script');
});

test('the readable sources run unbundled and judge the same opening', async () => {
  const { fetched, pegs } = await openingOf('source');
  for (const m of ['/js/app.js', '/js/early-engine.js', '/js/widget.js', '/js/engine-worker.js', '/js/table-loader.js', '/pkg/pegwise.js', '/pkg/pegwise_bg.wasm']) {
    assert.ok(fetched.includes(m), `${m} is loaded as a module of its own`);
  }
  assert.deepEqual(
    pegs.map((p) => [p.hole, p.mark]),
    [['d2', 'good'], ['b4', 'good'], ['f4', 'good'], ['d6', 'good']],
  );
});
