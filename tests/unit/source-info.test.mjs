// The badge that says where the hints come from (shared/texts.js), for the states a browser
// test can't reach on every host: with no table for the game, the search's "?" and the work
// while the player thinks; with a pinned table the host lacks, that the table is not built.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sourceInfo } from '../../www/js/shared/texts.js';

/** A board's state() as sourceInfo reads it: the live search answering, no table. */
const searching = { source: 'search', tableState: 'none', tableNote: '', tableWhy: '', tableFile: null, status: 'playing', winning: true, search: null, proving: false };

test('no table covers the game: a jump the search can’t settle makes the badge "?", and "proving…" while it goes on', () => {
  assert.equal(sourceInfo(searching).label, 'hints: live search');
  assert.equal(sourceInfo(searching, true).label, 'hints: ?');
  assert.equal(sourceInfo({ ...searching, winning: null }).label, 'hints: ?');
  assert.equal(sourceInfo({ ...searching, proving: true }, true).label, 'hints: ? · proving…');
});

test('a pinned table the host lacks is named, the search answering meanwhile', () => {
  const missing = { ...searching, tableState: 'missing', tableFile: 'diamond41.every.pgt' };
  assert.equal(sourceInfo(missing, true).label, 'hints: live search — table not built');
  assert.equal(sourceInfo({ ...missing, proving: true }, true).label, 'hints: live search — table not built · proving…');
  assert.match(sourceInfo(missing).title, /diamond41\.every\.pgt is not built here/);
  // a table answers: no sign of work going on
  assert.equal(sourceInfo({ ...searching, source: 'table', tableFile: 'english.d4.d4.pgt', proving: true }).label, 'hints: table');
});
