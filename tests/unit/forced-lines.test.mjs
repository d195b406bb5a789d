// The Analysis panel's words for the positions every winning game passes through.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forcedLines } from '../../www/js/page/analysis-panel.js';

test('only the position itself: the goal is reached at one peg, else the winning games part ways', () => {
  assert.deepEqual(forcedLines([{ pegs: 1, position: 'oooXooo', jump: null }]), ['none: the goal is reached']);
  // English c1 → any at 24 pegs: its winning games finish in different holes
  assert.deepEqual(forcedLines([{ pegs: 24, position: 'XXoX', jump: null }]), ['none: the winning games go different ways from here']);
  assert.deepEqual(forcedLines([]), ['none: the goal can’t be reached from here']);
});
