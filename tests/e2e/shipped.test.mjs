// The shipped form (site/, scripts/build-site.mjs) against the readable sources (www/): the
// page loads as two bundles (the page and the engine worker) plus the wasm, made from the
// current build; and the sources still run unbundled, as plain ES modules.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { PAGE_FILES } from '../shipped-files.mjs';
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

test('the shipped page is two bundles and the game\'s wasm (not the Analysis panel\'s), built from the current wasm', async () => {
  const { fetched, pegs, requests } = await openingOf('site');
  assert.deepEqual(fetched, ['/js/page/app.js', '/js/worker/engine-worker.js', '/pkg/pegwise_bg.wasm']);
  assert.equal(requests.filter((p) => p === '/pkg/pegwise_bg.wasm').length, 1, 'the wasm is fetched once');
  assert.equal(requests.filter((p) => p === '/js/worker/engine-worker.js').length, 1, 'one engine worker');
  assert.deepEqual(
    pegs.map((p) => [p.hole, p.mark]),
    [['d2', 'good'], ['b4', 'good'], ['f4', 'good'], ['d6', 'good']],
  );
  for (const pkg of ['pkg', 'pkg-analysis']) {
    assert.ok(readFileSync(`${ROOT}site/${pkg}/pegwise_bg.wasm`).equals(readFileSync(`${ROOT}www/${pkg}/pegwise_bg.wasm`)), `site/${pkg} holds the wasm of the last build: run node scripts/build-site.mjs`);
  }
  // the Analysis panel's bindings are only in its own package, which the page did not load
  const glue = (pkg) => readFileSync(`${ROOT}www/${pkg}/pegwise.js`, 'utf8');
  for (const binding of ['countWinning', 'fewestMoves', 'bestFinish', 'addCounts']) {
    assert.doesNotMatch(glue('pkg'), new RegExp(`\\b${binding}\\(`), `the game's wasm has no ${binding}`);
    assert.match(glue('pkg-analysis'), new RegExp(`\\b${binding}\\(`), `the Analysis wasm has ${binding}`);
  }
  const html = readFileSync(`${ROOT}site/index.html`, 'utf8');
  assert.doesNotMatch(html, /modulepreload/, 'no per-module preloads in the shipped page');
  assert.match(html, /<script>(?:(?!<\/script>)[\s\S])*new Worker\(/, 'the page starts the engine from its inline script');
});

test('what the page loads at start is within its budget: 120 KB as served (brotli), 135 KB gzipped', () => {
  // the files the default page fetches (the test above pins its scripts and wasm); their
  // compressed twins are what scripts/serve.mjs sends, as a static host would: brotli to the
  // browsers that take it (every browser, over HTTPS), gzip to the rest (hosts without
  // brotli: the baked opening, 1.2 KB gzipped, the midend and the typed errors took it past 130)
  for (const [ext, kb, how] of [['br', 120, 'as served'], ['gz', 135, 'gzipped']]) {
    const sizes = PAGE_FILES.map((f) => [f, readFileSync(`${ROOT}site/${f}.${ext}`).length]);
    const total = sizes.reduce((a, [, n]) => a + n, 0);
    assert.ok(total <= kb * 1024, `the page loads ${(total / 1024).toFixed(1)} KB ${how}, over ${kb} KB: ${sizes.map(([f, n]) => `${f} ${(n / 1024).toFixed(1)}`).join(', ')}`);
  }
});

test('the first table head is fetched by the worker as it starts, once; a wrong guess costs only a download', async () => {
  // the default page: index.html tells the worker the default game's file (wasm's answer,
  // written in by scripts/build-site.mjs); a link: the worker asks wasm once it is compiled
  for (const [query, file] of [
    ['', 'english.d4.d4.pgt'],
    ['?board=english&start=c1&goal=any', 'english.every.pgt'],
    ['?board=triangle5', 'triangle5.all.a1.pgt'],
    ['?board=triangle5&start=a2&goal=start', 'triangle5.all.a2.pgt'],
    ['?hints=always', 'english.d4.d4.pgt'], // a link that names no game: the default game
  ]) {
    const { page, clean } = await openPage(env.site.browser);
    /** @type {string[]} */
    const heads = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('.pgt')) heads.push(new URL(r.url()).pathname);
    });
    /** @type {string[]} */
    const workers = [];
    page.on('worker', (w) => workers.push(w.url()));
    await load(page, env.site.url, query);
    const s = await page.evaluate(() => window.pegwise.snapshot());
    assert.deepEqual([s.tableFile, s.tableState, s.position.source], [file, 'table', 'table'], query);
    assert.deepEqual(heads, [`/data/${file}`], `${query}: the head is fetched once`);
    // the page's inline script starts the worker with the default game's head, or the link
    const told = workers.map((u) => [new URL(u).searchParams.get('head'), new URL(u).searchParams.get('link')]);
    assert.deepEqual(told, [query ? [null, query] : [file, null]], `${query}: what the worker was told`);
    await clean();
  }
  // a wrong guess costs a download and nothing else: a saved game (guessed from) that wasm
  // refuses opens the default game, which loads the file it needs
  const saved = { name: 'pegwise.game', value: JSON.stringify({ v: 3, save: 'pegwise:2;english;c1;any;zz-zz;', head: 'english.every.pgt', at: 0, tab: 'x' }) };
  const { page, clean } = await openPage(env.site.browser, {
    storageState: { cookies: [], origins: [{ origin: new URL(env.site.url).origin, localStorage: [saved] }] },
  });
  /** @type {string[]} */
  const heads = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('.pgt')) heads.push(new URL(r.url()).pathname);
  });
  await load(page, env.site.url);
  const s = await page.evaluate(() => window.pegwise.snapshot());
  assert.deepEqual([s.tableFile, s.tableState, s.position.startHole, s.position.goal], ['english.d4.d4.pgt', 'table', 'd4', 'start']);
  assert.deepEqual(heads.sort(), ['/data/english.d4.d4.pgt', '/data/english.every.pgt']);
  await clean();
});

test('the readable sources run unbundled and judge the same opening', async () => {
  const { fetched, pegs } = await openingOf('source');
  for (const m of ['/js/page/app.js', '/js/page/early-engine.js', '/js/element/widget.js', '/js/worker/engine-worker.js', '/js/worker/table-loader.js', '/pkg/pegwise.js', '/pkg/pegwise_bg.wasm']) {
    assert.ok(fetched.includes(m), `${m} is loaded as a module of its own`);
  }
  assert.deepEqual(
    pegs.map((p) => [p.hole, p.mark]),
    [['d2', 'good'], ['b4', 'good'], ['f4', 'good'], ['d6', 'good']],
  );
});
