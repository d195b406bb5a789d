// The page's request line to a worker (www/js/element/worker-client.js) against a fake worker:
// replies settle their requests, and a worker that fails fails what waits and what comes after.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { workerClient } from '../../www/js/element/worker-client.js';

/** A worker that keeps what is posted to it and answers when told. */
function fakeWorker() {
  const posted = [];
  const w = {
    /** @type {((e: {data: unknown}) => void)|null} */ onmessage: null,
    /** @type {((e: {message: string, preventDefault: () => void}) => void)|null} */ onerror: null,
    postMessage: (/** @type {any} */ m) => posted.push(m),
    posted,
    /** @param {unknown} data */ reply: (data) => w.onmessage?.({ data }),
    /** @param {string} message */ fail: (message) => w.onerror?.({ message, preventDefault() {} }),
  };
  return w;
}

test('a reply settles its request, an error reply fails it with the protocol fields, an event goes to onEvent', async () => {
  const w = fakeWorker();
  const events = [];
  const line = workerClient(/** @type {any} */ (w), (e) => events.push(e));
  const a = line.send('boards', undefined);
  const b = line.send('state', 1);
  assert.equal(line.busy, true);
  w.reply({ gid: 1, version: 3, kind: 'table' });
  w.reply({ id: w.posted[1].id, error: { kind: 'stale', param: '', value: '', why: 'moved', message: 'stale request' } });
  w.reply({ id: w.posted[0].id, result: { boards: [] } });
  assert.deepEqual(await a, { boards: [] });
  await assert.rejects(b, (e) => e.kind === 'stale' && e.message === 'stale request');
  assert.deepEqual(events, [{ gid: 1, version: 3, kind: 'table' }]);
  assert.equal(line.busy, false);
});

test('a worker that fails fails every request waiting, and every request sent after it at once', async () => {
  const w = fakeWorker();
  const line = workerClient(/** @type {any} */ (w), () => {});
  const waiting = line.send('state', 1);
  w.fail('');
  await assert.rejects(waiting, (e) => e.kind === 'failed' && /the engine failed/.test(e.message));
  // before, this request was posted to the dead worker and waited for ever
  await assert.rejects(line.send('hintsFor', 1, { hole: 'd2' }), (e) => e.kind === 'failed');
  assert.equal(w.posted.length, 1, 'nothing more is posted to a dead worker');
  assert.equal(line.busy, false);
});
