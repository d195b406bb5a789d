// The words and marks as pure functions of what wasm said (no browser needed): a verdict still
// loading is drawn as a spinner and said as "loading", never as good or bad; the summary line
// counts and names exactly what the marks show.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boardMarks } from '../../www/js/element/marks.js';
import { hintLine, pegsLine } from '../../www/js/shared/texts.js';
import { holeLabel, verdictWords } from '../../www/js/element/a11y-text.js';

const jump = (from, over, to, verdict) => ({ from, over, to, jump: `${from}-${to}`, verdict });
const peg = (hole, jumps, mark) => ({
  hole,
  jumps,
  mark,
  good: jumps.filter((j) => j.verdict === 'good').length,
  bad: jumps.filter((j) => j.verdict === 'bad').length,
  unknown: jumps.filter((j) => j.verdict === 'unknown').length,
  loading: jumps.filter((j) => j.verdict === 'loading').length,
  bomb: mark === 'bomb',
});

const PEGS = [
  peg('d2', [jump('d2', 'd3', 'd4', 'good')], 'good'),
  peg('b4', [jump('b4', 'c4', 'd4', 'bad')], 'bomb'),
  peg('f4', [jump('f4', 'e4', 'd4', 'unknown')], 'unknown'),
  peg('d6', [jump('d6', 'd5', 'd4', 'loading')], 'loading'),
];

test('a loading verdict is a spinner mark, never good or bad', () => {
  const pegs = new Map(PEGS.map((p) => [p.hole, p]));
  const hover = boardMarks({ mode: 'hover', peg: 'd6', jumps: PEGS[3].jumps, pegs });
  assert.deepEqual(Object.fromEntries(hover.targets), { d4: 'loading' });
  assert.deepEqual(Object.fromEntries(hover.pegs), {});
  const always = boardMarks({ mode: 'always', peg: null, jumps: [], pegs });
  assert.deepEqual(Object.fromEntries(always.pegs), { d2: 'good', b4: 'bomb', f4: 'unknown', d6: 'loading' });
  const line = hintLine({ mode: 'hover', peg: 'd6', emptyCursor: null, jumps: PEGS[3].jumps, hints: PEGS[3].jumps, pegs: null });
  assert.deepEqual(line.map((p) => p.text).join(''), 'd6: d6-d4 … loading');
  assert.equal(verdictWords(PEGS[3].jumps), '1 loading jump');
  assert.match(holeLabel({ name: 'd4', peg: false, picked: false, goal: false, pickStart: false, mode: 'hover', jumps: [], verdicts: undefined, landing: { jump: 'd6-d4', verdict: 'loading' } }), /lands here: loading/);
});

test('the summary line counts the marks and names the "?" and loading jumps', () => {
  const text = pegsLine(PEGS).map((p) => p.text).join('');
  assert.equal(text, '4 pegs can jump: 1 with a good jump, 1 bomb, 1 jump the search can’t tell (?): f4-d4, 1 jump loading: d6-d4.');
  const one = pegsLine([PEGS[0]]).map((p) => p.text).join('');
  assert.equal(one, '1 peg can jump: 1 with a good jump, 0 bombs.');
});
