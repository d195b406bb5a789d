// The words around the board, as pure functions of what wasm said: the banner, the hint
// source, the line under the board. No DOM here (panel.js shows them).

/**
 * @typedef {import('./engine.js').Position} Position
 * @typedef {import('./engine.js').State} State
 * @typedef {import('./engine.js').Snapshot} Snapshot
 * @typedef {import('./engine.js').Hint} Hint
 * @typedef {import('./engine.js').Jump} Jump
 * @typedef {import('./engine.js').PegHint} PegHint
 * @typedef {{status: string, text: string, sub?: string}} Banner
 * @typedef {Array<{text: string, cls?: string}>} Line
 */

/**
 * How the goal reads in a sentence.
 * @param {string} goal start | any | a hole name
 * @param {string} start
 */
export function goalText(goal, start) {
  if (goal === 'start') return `one peg left, in ${start} where you started`;
  if (goal === 'any') return 'one peg left, anywhere';
  return `one peg left, in ${goal}`;
}

/**
 * The banner once the position's status is known.
 * @param {Position} pos
 * @param {State} full
 * @param {string[]} holes hole names in layout order
 * @param {string|null} fatal the jump that made the goal unreachable, when it was seen
 * @returns {Banner}
 */
export function statusBanner(pos, full, holes, fatal) {
  if (full.status === 'solved') {
    return { status: 'solved', text: 'Solved!', sub: `One peg left, in ${holes[pos.pegs.indexOf(true)]}, after ${pos.moves} moves.` };
  }
  if (full.status === 'deadend') {
    const why = fatal ? `${fatal} made the goal unreachable.` : 'The goal can no longer be reached.';
    return { status: 'deadend', text: 'Dead end.', sub: `${why} Undo to go back.` };
  }
  if (full.status === 'stuck') return { status: 'stuck', text: 'Stuck.', sub: `No jumps left, with ${pos.pegCount} pegs on the board.` };
  const unsure = full.winning === null ? ' (The live search can’t tell yet whether it can still be won.)' : '';
  const sub = `Goal: ${goalText(pos.goal, pos.start)}.${unsure}`;
  return { status: 'playing', text: pos.jumps ? 'Your move.' : 'Jump a peg over a neighbour into an empty hole.', sub };
}

/**
 * Where the hints come from, for the little badge: the table; the live search, saying why
 * when a table should answer but can't (still loading, unavailable and being retried, or
 * refused, with the reason); or "?" when the search gave up on this position.
 * @param {{source: string, tableState: string, tableNote: string, tableFile: string|null,
 *   status: string|null, winning: boolean|null}} s a board's state()
 * @returns {{source: 'table'|'search'|'unknown'|'loading'|'unavailable'|'refused', label: string, title: string}}
 */
export function sourceInfo(s) {
  if (s.source === 'table') return { source: 'table', label: 'hints: table', title: `Exact, from the table ${s.tableFile}` };
  if (s.tableState === 'refused') {
    // "…was refused: checksum mismatch (file says …): …" → "checksum mismatch"
    const why = s.tableNote.replace(/^.*? was refused: /, '').split(/ \(|: /)[0];
    return { source: 'refused', label: `hints: live search — table refused: ${why}`, title: `${s.tableNote}. The live search answers instead.` };
  }
  if (s.tableState === 'missing' || s.tableState === 'error') {
    return { source: 'unavailable', label: 'hints: live search — table unavailable', title: `${s.tableNote}. The live search answers meanwhile.` };
  }
  if (s.status !== null && s.winning === null) {
    return { source: 'unknown', label: 'hints: ?', title: 'The live search ran out of budget on this position: marks it can’t settle show ?.' };
  }
  if (s.tableState === 'loading') {
    return { source: 'loading', label: 'hints: live search — loading table', title: `Loading the table ${s.tableFile}; the live search answers meanwhile.` };
  }
  return { source: 'search', label: 'hints: live search', title: 'Exact answers from a live search (no table covers this game).' };
}

/**
 * The line under the board: what the looked-at peg's jumps do, or a summary.
 * @param {{mode: 'off'|'hover'|'always', peg: string|null, emptyCursor: string|null,
 *   jumps: Jump[], hints: Hint[]|undefined, pegHints: PegHint[]|null}} s
 *   peg: the peg looked at; emptyCursor: an empty hole under the keyboard cursor;
 *   jumps and hints: the peg's legal jumps and their verdicts (undefined until they come)
 * @returns {Line}
 */
export function hintLine({ mode, peg, emptyCursor, jumps, hints, pegHints }) {
  if (peg === null) {
    if (emptyCursor !== null) return [{ text: `${emptyCursor} is empty.` }];
    if (mode === 'always' && pegHints) {
      const n = pegHints.length;
      const bombs = pegHints.filter((p) => p.bomb).length;
      const safe = pegHints.filter((p) => p.good > 0).length;
      return [
        { text: `${n} ${n === 1 ? 'peg' : 'pegs'} can jump: ` },
        { text: `${safe} with a good jump`, cls: 'good' },
        { text: ', ' },
        { text: `${bombs} ${bombs === 1 ? 'bomb' : 'bombs'}`, cls: 'bad' },
      ];
    }
    return [];
  }
  if (!jumps.length) return [{ text: `${peg} can't jump.` }];
  if (mode === 'off') return [{ text: `${peg} can jump to ${jumps.map((j) => j.to).join(', ')}.` }];
  if (!hints) return [{ text: `${peg}: thinking…` }];
  const label = { good: '✓ good', bad: '✗ bomb', unknown: '? can’t tell' };
  return hints.flatMap((h, i) => [{ text: i ? ' · ' : `${peg}: ` }, { text: `${h.jump} ${label[h.verdict]}`, cls: h.verdict }]);
}

/**
 * Verdicts per peg that can jump (like wasm's pegs()), once every such peg has its hints.
 * @param {Jump[]} legal
 * @param {Record<string, Hint[]>} verdicts the hints known, by peg
 * @returns {PegHint[]|null}
 */
export function pegSummary(legal, verdicts) {
  const pegs = [...new Set(legal.map((j) => j.from))];
  if (!pegs.every((p) => p in verdicts)) return null;
  return pegs.map((hole) => {
    const v = verdicts[hole].map((h) => h.verdict);
    const count = (x) => v.filter((y) => y === x).length;
    const [good, bad, unknown] = [count('good'), count('bad'), count('unknown')];
    return { hole, good, bad, unknown, bomb: good === 0 && unknown === 0 && bad > 0 };
  });
}

/**
 * Why "Show a solution" found nothing.
 * @param {{winning: boolean|null}|null} full
 */
export function noSolutionText(full) {
  return full?.winning === false
    ? 'No solution from here: the goal can no longer be reached. Undo to go back.'
    : 'The live search found no solution in time. Play on a little and ask again.';
}
