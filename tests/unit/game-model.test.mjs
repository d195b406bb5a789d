// The page's game model against a scripted worker: replies and events in the orders a real
// worker can send them. Each test runs the model until it is idle and counts the questions it
// asked, so a model that asks forever fails (at the cap) instead of hanging.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GameModel } from '../../www/js/element/game-model.js';

/** More questions than any position needs: past it the scripted worker refuses. */
const CAP = 50;

const position = { board: 'triangle5', start: 'a1', goal: 'start', history: [] };
const legal = [{ from: 'a3', over: 'a2', to: 'a1' }];
/** @param {number} version @param {string} [tableState] */
const snap = (version, tableState = 'table') => ({ version, position, legal, tableState, tableNote: '', tableWhy: '' });
const layout = { holes: [{ name: 'a1' }, { name: 'a2' }, { name: 'a3' }] };

/**
 * A worker that is at `version` and answers every question there; `open` and `playJump` go
 * through `script`, which decides what the page hears and in what order.
 * @param {{version: number}} worker
 * @param {(op: string, model: GameModel) => Promise<object>} script
 */
function scripted(worker, script) {
  const asked = [];
  /** @type {GameModel} */
  let model;
  const engine = {
    /** @param {string} op */
    async call(op) {
      asked.push(op);
      if (asked.length > CAP) throw Object.assign(new Error(`asked ${asked.length} questions: ${asked.slice(-4)}`), { kind: 'failed' });
      const v = worker.version;
      switch (op) {
        case 'state':
          return { version: v, state: { winning: true } };
        case 'startsFor':
          return { version: v, starts: [] };
        case 'goalsFor':
          return { version: v, goals: [] };
        case 'hintsFor':
          return { version: v, peg: { hole: 'a3', jumps: [{ from: 'a3', to: 'a1', verdict: 'good' }] } };
        default:
          return script(op, model);
      }
    },
  };
  model = new GameModel(/** @type {any} */ (engine), () => {}, () => {});
  return { model, asked };
}

test('a table event that overtakes the reply to the opening is taken after it, and the model settles', async () => {
  const worker = { version: 1 };
  const { model, asked } = scripted(worker, async (op, m) => {
    assert.equal(op, 'open');
    // the worker opened at version 1, then its table arrived (version 2) and that event
    // went out first
    worker.version = 2;
    m.event({ event: 'changed', why: 'table', gid: 1, ...snap(2) });
    return { ...snap(1, 'loading'), layout, tableFile: 'triangle5.all.a1.pgt', movesError: null, fellBack: null };
  });
  assert.equal(await model.open({ board: 'triangle5' }), null);
  await model.settled();
  assert.equal(model.error, null, `the model gave up: ${model.error}`);
  assert.equal(model.version, 2, 'the newest version is the one held');
  assert.equal(model.snap?.tableState, 'table');
  assert.ok(asked.length < 10, `questions asked: ${asked}`);
});

test('a table event that overtakes the reply to a jump is taken after it', async () => {
  const worker = { version: 1 };
  const { model } = scripted(worker, async (op, m) => {
    if (op === 'open') return { ...snap(1), layout, tableFile: null, movesError: null, fellBack: null };
    assert.equal(op, 'playJump');
    worker.version = 3;
    m.event({ event: 'changed', why: 'table', gid: 1, ...snap(3) });
    return snap(2);
  });
  await model.open({ board: 'triangle5' });
  await model.settled();
  assert.equal(await model.playJump(legal[0]), true);
  await model.settled();
  assert.equal(model.error, null, `the model gave up: ${model.error}`);
  assert.equal(model.version, 3);
});

test('an event older than the snapshot held is dropped, a newer one taken', async () => {
  const worker = { version: 5 };
  const { model } = scripted(worker, async () => ({ ...snap(5), layout, tableFile: null, movesError: null, fellBack: null }));
  await model.open({ board: 'triangle5' });
  await model.settled();
  model.event({ event: 'changed', why: 'table', gid: 1, ...snap(4, 'none') });
  assert.equal(model.version, 5);
  assert.equal(model.snap?.tableState, 'table');
  worker.version = 6;
  model.event({ event: 'changed', why: 'table', gid: 1, ...snap(6) });
  await model.settled();
  assert.equal(model.version, 6);
});

test('a preview stands in for the opening until its reply, and a jump made on it waits for the game', async () => {
  const worker = { version: 1 };
  /** @type {() => void} */
  let answer = () => {};
  const played = [];
  const { model } = scripted(worker, async (op, _m) => {
    if (op === 'open') {
      await new Promise((ok) => (answer = () => ok(undefined)));
      return { ...snap(1), layout, tableFile: null, movesError: null, fellBack: null };
    }
    played.push(op);
    worker.version = 2;
    return { ...snap(2), position: { ...position, history: ['a3-a1'] } };
  });
  const opened = model.open({}, { ...snap(7), layout, tableFile: null, pegs: [{ hole: 'a3', jumps: [{ from: 'a3', to: 'a1', verdict: 'good' }] }] });
  assert.equal(model.version, 0, 'the preview is older than any version the engine gives');
  assert.equal(model.previewing, true);
  assert.deepEqual(model.hints.get('a3')?.map((h) => h.verdict), ['good'], 'its verdicts are shown');
  const jumped = model.playJump(legal[0]);
  await Promise.resolve();
  assert.deepEqual(played, [], 'the jump waits for the opening');
  answer();
  assert.equal(await opened, null);
  assert.equal(await jumped, true);
  await model.settled();
  assert.deepEqual(played, ['playJump']);
  assert.equal(model.version, 2);
  assert.equal(model.previewing, false);
});

test("a table event keeps what was decided about the position, and asks only what it wasn't", async () => {
  const worker = { version: 1 };
  const { model, asked } = scripted(worker, async () => ({ ...snap(1), layout, tableFile: null, movesError: null, fellBack: null }));
  await model.open({ board: 'triangle5' });
  model.want('always', null);
  await model.settled();
  assert.deepEqual(model.hints.get('a3')?.map((h) => h.verdict), ['good']);
  const before = asked.length;
  // the table arrived (same position, newer version); the event brings no verdicts
  worker.version = 2;
  model.event({ event: 'changed', why: 'table', gid: 1, ...snap(2) });
  await model.settled();
  assert.equal(model.version, 2);
  assert.deepEqual(model.hints.get('a3')?.map((h) => h.verdict), ['good'], 'a verdict stays decided');
  assert.deepEqual(asked.slice(before), [], 'nothing decided is asked again');
  // a peg the search left undecided is asked again once the table is in
  model.pegs.set('a3', { hole: 'a3', jumps: [{ from: 'a3', over: 'a2', to: 'a1', jump: 'a3-a1', verdict: 'unknown', forced: false }], good: 0, bad: 0, unknown: 1, loading: 0, bomb: false, mark: 'unknown' });
  worker.version = 3;
  model.event({ event: 'changed', why: 'table', gid: 1, ...snap(3) });
  await model.settled();
  assert.deepEqual(asked.slice(before), ['hintsFor']);
});

test("the engine's answer to a preview keeps the preview's verdicts when it brings none (hover mode)", async () => {
  const worker = { version: 1 };
  const saved = { ...position, save: 'pegwise:2;triangle5;a1;start;;' };
  // the engine's reply: the same position (its own copy), without verdicts
  const { model, asked } = scripted(worker, async () => ({ ...snap(1), position: { ...saved }, layout, tableFile: null, movesError: null, fellBack: null }));
  model.want('hover', null);
  await model.open({}, { ...snap(7), position: saved, layout, tableFile: null, pegs: [{ hole: 'a3', jumps: [{ from: 'a3', over: 'a2', to: 'a1', jump: 'a3-a1', verdict: 'good', forced: false }], good: 1, bad: 0, unknown: 0, loading: 0, bomb: false, mark: 'good' }] });
  assert.equal(model.version, 1);
  assert.deepEqual(model.hints.get('a3')?.map((h) => h.verdict), ['good']);
  model.want('hover', 'a3');
  await model.settled();
  assert.ok(!asked.includes('hintsFor'), `asked: ${asked}`);
});
