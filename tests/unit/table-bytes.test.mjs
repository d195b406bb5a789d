// The worker's one cache of table bytes (table-bytes.js) and a game's table parts
// (table-parts.js), against a scripted host: each test counts the requests the host saw, so a
// byte fetched twice, a part asked for once per round, or a question that never gets its
// bytes fails.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileBytes, partBytes } from '../../www/js/worker/table-bytes.js';
import { GameParts, answerOnceIn } from '../../www/js/worker/table-parts.js';

/** A file's bytes: byte i is i mod 251, so a cut in the wrong place shows. */
const fileOf = (n) => Uint8Array.from({ length: n }, (_, i) => i % 251);

/**
 * Serves `files` (name → length) at http://host/NAME, honouring Range unless `ranges` is
 * false; `fail` names files whose requests throw (no network). Returns the requests seen.
 * @param {{files: Record<string, number>, ranges?: boolean, fail?: Set<string>}} host
 */
function serve({ files, ranges = true, fail = new Set() }) {
  /** @type {{name: string, range: string|null}[]} */
  const seen = [];
  globalThis.fetch = async (url, init = {}) => {
    const name = String(url).slice('http://host/'.length);
    const range = /** @type {Record<string, string>} */ (init.headers ?? {}).Range ?? null;
    seen.push({ name, range });
    if (fail.has(name)) throw new TypeError('Failed to fetch');
    if (!(name in files)) return new Response('no', { status: 404 });
    const body = fileOf(files[name]);
    const m = ranges && range ? /^bytes=(\d+)-(\d+)$/.exec(range) : null;
    if (!m) return new Response(body, { status: 200 });
    const [from, last] = [Number(m[1]), Number(m[2])];
    return new Response(body.subarray(from, last + 1), { status: 206, headers: { 'Content-Range': `bytes ${from}-${last}/${body.length}` } });
  };
  return seen;
}

const url = (name) => `http://host/${name}`;
/** @param {Uint8Array} got @param {number} from */
const isCut = (got, from) => got.every((b, i) => b === (from + i) % 251);

test('neighbouring parts go in one range request, and a part inside it is never fetched again', async () => {
  const seen = serve({ files: { 'a.pgs': 200_000 } });
  const parts = [
    { url: url('a.pgs'), from: 0, to: 100 },
    { url: url('a.pgs'), from: 4000, to: 8000 },
    { url: url('a.pgs'), from: 150_000, to: 151_000 }, // far: a request of its own
  ];
  const got = await Promise.all(partBytes(parts));
  parts.forEach((p, i) => assert.ok(got[i].length === p.to - p.from && isCut(got[i], p.from), `part ${i}`));
  assert.deepEqual(
    seen.map((r) => r.range),
    ['bytes=0-7999', 'bytes=150000-150999'],
  );
  const again = await Promise.all(partBytes([{ url: url('a.pgs'), from: 200, to: 300 }]));
  assert.ok(isCut(again[0], 200));
  assert.equal(seen.length, 2, 'a part inside a kept range is cut from it');
});

test('a host without Range support costs one download per file, however many parts', async () => {
  const seen = serve({ files: { 'b.pgs': 300_000 }, ranges: false });
  const first = partBytes([{ url: url('b.pgs'), from: 10, to: 20 }]);
  // asked while the first request is under way: waits to learn what the host sends
  const second = partBytes([{ url: url('b.pgs'), from: 250_000, to: 250_500 }]);
  const [a, b] = await Promise.all([...first, ...second]);
  assert.ok(isCut(a, 10) && isCut(b, 250_000));
  const later = await Promise.all(partBytes([{ url: url('b.pgs'), from: 100_000, to: 100_100 }]));
  assert.ok(isCut(later[0], 100_000));
  assert.equal(seen.length, 1, `requests: ${JSON.stringify(seen)}`);
});

test('a file downloaded whole serves its parts without another request', async () => {
  const seen = serve({ files: { 'c.pgt': 50_000 } });
  await fileBytes(url('c.pgt'));
  const [part] = await Promise.all(partBytes([{ url: url('c.pgt'), from: 40_000, to: 40_010 }]));
  assert.ok(isCut(part, 40_000));
  assert.equal(seen.length, 1);
});

test('a failed download is reported, forgotten, and fetched again when asked again', async () => {
  const fail = new Set(['d.pgs', 'd.pgt']);
  const seen = serve({ files: { 'd.pgs': 10_000, 'd.pgt': 10_000 }, fail });
  await assert.rejects(Promise.all(partBytes([{ url: url('d.pgs'), from: 0, to: 10 }])), /d\.pgs could not be downloaded \(Failed to fetch\)/);
  await assert.rejects(fileBytes(url('d.pgt')), (e) => e.status === 0 && /d\.pgt could not be downloaded/.test(e.message));
  fail.clear();
  const [part] = await Promise.all(partBytes([{ url: url('d.pgs'), from: 0, to: 10 }]));
  assert.ok(isCut(part, 0));
  assert.equal((await fileBytes(url('d.pgt'))).length, 10_000);
  assert.equal(seen.length, 4);
});

test('a 404 says so, with its status', async () => {
  serve({ files: {} });
  await assert.rejects(fileBytes(url('none.pgt')), (e) => e.status === 404 && /HTTP 404/.test(e.message));
});

/**
 * A game whose answer needs `levels` rounds of parts: each answer before the last notes the
 * next level's part (as wasm notes a level's chunks once its header is in).
 * @param {string} file
 * @param {number} levels
 * @param {{refuse?: number}} [opts] refuse: the level whose part wasm refuses
 */
function layeredGame(file, levels, { refuse = -1 } = {}) {
  const game = {
    have: 0,
    noted: /** @type {object[]} */ ([]),
    asked: 0,
    tableNeeds() {
      const n = this.noted;
      this.noted = [];
      return n;
    },
    addTablePart(pegs, _chunk, bytes) {
      if (pegs === refuse) throw Object.assign(new Error('hash differs'), { why: `level ${pegs}: hash differs` });
      assert.ok(isCut(bytes, pegs * 1000));
      this.have = Math.max(this.have, pegs + 1);
    },
    answer() {
      this.asked++;
      if (this.have >= levels) return 'done';
      this.noted.push({ file, pegs: this.have, chunk: 0, from: this.have * 1000, to: this.have * 1000 + 100 });
      return 'loading';
    },
  };
  return game;
}

test('a question is answered once its bytes are in, a level at a time, each part fetched once', async () => {
  const seen = serve({ files: { 'e.pgs': 100_000 } });
  const game = layeredGame('e.pgs', 5);
  const parts = new GameParts(game, url);
  assert.equal(await answerOnceIn(() => game.answer(), parts), 'done');
  assert.equal(game.asked, 6);
  // the parts lie 1000 bytes apart: the first request may take its neighbours, none twice
  assert.ok(seen.length <= 5);
  const before = seen.length;
  assert.equal(await answerOnceIn(() => game.answer(), parts), 'done');
  assert.equal(seen.length, before, 'asked again with every part in: no request');
});

test('a part wasm refuses is not fetched again, and the answer says what it has', async () => {
  const seen = serve({ files: { 'f.pgs': 100_000 } });
  const game = layeredGame('f.pgs', 3, { refuse: 1 });
  const parts = new GameParts(game, url);
  assert.equal(await answerOnceIn(() => game.answer(), parts), 'loading');
  const before = seen.length;
  assert.equal(await answerOnceIn(() => game.answer(), parts), 'loading');
  assert.equal(seen.length, before);
});

test('background parts: `arrived` follows once they are in, and a failure is told and retried', async () => {
  const fail = new Set(['g.pgs']);
  serve({ files: { 'g.pgs': 100_000 }, fail });
  const game = layeredGame('g.pgs', 1);
  /** @type {string[]} */
  const heard = [];
  let told = () => {};
  const parts = new GameParts(game, url, (why) => {
    heard.push(why);
    told();
  });
  game.answer();
  const toldOnce = new Promise((ok) => (told = ok));
  assert.equal(parts.pump(), true);
  await toldOnce;
  assert.match(heard[0], /g\.pgs could not be downloaded/);
  fail.clear();
  const toldTwice = new Promise((ok) => (told = ok));
  parts.retryNow(); // the page is back online
  await toldTwice;
  assert.equal(heard[1], '');
  assert.equal(game.answer(), 'done');
  parts.stop();
});
