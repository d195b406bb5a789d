// The static server: www/ at /, data/ at /data/, the right types, nothing outside.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';

let server;
before(async () => {
  server = await startServer({ port: 0 });
});
after(() => server?.close());

/** @param {string} path @param {RequestInit} [init] */
const get = (path, init) => fetch(new URL(path, server.url), init);

test('serves the page, the wasm and the tables with their types', async () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  const page = await get('/');
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.match(await page.text(), /<link rel="icon" href="data:,">/);
  const wasm = await get('/pkg/pegwise_bg.wasm');
  assert.equal(wasm.headers.get('content-type'), 'application/wasm');
  assert.equal((await wasm.arrayBuffer()).byteLength > 1000, true);
  assert.equal((await get('/js/page/app.js')).headers.get('content-type'), 'text/javascript; charset=utf-8');
  const manifest = await get('/data/MANIFEST');
  assert.equal(manifest.status, 200);
  const table = (await manifest.text()).split('\n').find((l) => /^\S+\.pgt\s/.test(l));
  assert.ok(table, 'the MANIFEST lists a table');
  const file = table.split(/\s+/)[0];
  const bytes = await get(`/data/${file}`);
  assert.equal(bytes.status, 200);
  assert.equal(bytes.headers.get('content-type'), 'application/octet-stream');
});

test('compresses when asked, and only then: brotli where the browser takes it, else gzip', async () => {
  // fetch unpacks what it gets; the header tells which
  const plain = await get('/pkg/pegwise_bg.wasm', { headers: { 'accept-encoding': 'identity' } });
  assert.equal(plain.headers.get('content-encoding'), null);
  const size = Number(plain.headers.get('content-length'));
  for (const [asked, sent] of [['gzip', 'gzip'], ['gzip, deflate, br', 'br'], ['br', 'br']]) {
    const res = await get('/pkg/pegwise_bg.wasm', { headers: { 'accept-encoding': asked } });
    assert.equal(res.headers.get('content-encoding'), sent, asked);
    assert.ok(Number(res.headers.get('content-length')) < size, `${asked}: smaller than the file`);
    assert.equal((await res.arrayBuffer()).byteLength, size, `${asked}: the same bytes, unpacked`);
  }
});

test('refuses paths outside www/ and data/, and other methods', async () => {
  for (const path of ['/../Cargo.toml', '/%2e%2e/Cargo.toml', '/data/..%2f..%2fCargo.toml', '/data/../../crate/src/lib.rs', '/nope.js']) {
    const res = await get(path);
    assert.equal(res.status, 404, path);
  }
  assert.equal((await get('/', { method: 'POST' })).status, 405);
});
