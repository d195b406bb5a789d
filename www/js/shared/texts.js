// The words around the board, as pure functions of what wasm said: the banner, the hint
// source, the line under the board. No DOM here (panel.js shows them).
import { plural } from './words.js';

/**
 * @typedef {import('./wasm-types.js').Position} Position
 * @typedef {import('./wasm-types.js').State} State
 * @typedef {import('./wasm-types.js').Snapshot} Snapshot
 * @typedef {import('./wasm-types.js').Hint} Hint
 * @typedef {import('./wasm-types.js').Jump} Jump
 * @typedef {import('./wasm-types.js').PegHint} PegHint
 * @typedef {import('./wasm-types.js').SearchStats} SearchStats
 * @typedef {{status: string, text: string, sub?: string, action?: {label: string, run: () => void}|null}} Banner
 * @typedef {Array<{text: string, cls?: string}>} Line
 */

/**
 * "1 peg", "2 pegs".
 * @param {number} n
 * @param {string} one
 * @param {string} [many]
 */

/**
 * How the goal reads in a sentence.
 * @param {{goal: string, goalHole: string|null}} pos goal: start | any | a hole name;
 *   goalHole: the hole the last peg must end in (wasm's), null for any
 */
export function goalText({ goal, goalHole }) {
  if (goalHole === null) return 'one peg left, anywhere';
  if (goal === 'start') return `one peg left, in ${goalHole} where you started`;
  return `one peg left, in ${goalHole}`;
}

/**
 * The banner once the position's status is known.
 * @param {Position} pos
 * @param {Pick<State, 'status'|'winning'|'why'|'nearby'> & {winnable: State['winnable']|null}} full
 *   the verdict (a State, or a board's state() once its status is known)
 * @param {string[]} holes hole names in layout order
 * @param {string|null} fatal the jump that made the goal unreachable, when it was seen
 * @returns {Banner}
 */
export function statusBanner(pos, full, holes, fatal) {
  if (full.status === 'solved') {
    return { status: 'solved', text: 'Solved!', sub: `One peg left, in ${holes[pos.pegs.indexOf(true)]}, after ${plural(pos.moves, 'move')}.` };
  }
  if (full.winnable === 'no' && pos.jumps === 0) return unwinnableBanner(full, null); // not solved: see above
  if (full.status === 'deadend') {
    const why = fatal ? `${fatal} made the goal unreachable.` : 'The goal can no longer be reached.';
    return { status: 'deadend', text: 'Dead end.', sub: `${why} Undo to go back.` };
  }
  if (full.status === 'stuck') return { status: 'stuck', text: 'Stuck.', sub: `No jumps left, with ${plural(pos.pegCount, 'peg')} on the board.` };
  // that the live search can't tell yet is said under the board (hintLine), where a longer
  // banner would not push the board down
  return { status: 'playing', text: pos.jumps ? 'Your move.' : 'Jump a peg over a neighbour into an empty hole.', sub: `Goal: ${goalText(pos)}.` };
}

/**
 * How the goal reads after "finish": "where you started", "anywhere", "at c3".
 * @param {string} goal start | any | a hole
 */
function finishWords(goal) {
  return goal === 'start' ? 'where you started' : goal === 'any' ? 'anywhere' : `at ${goal}`;
}

/**
 * A problem offered instead, in words: "start b1, finish anywhere" or "start from oXoXXXX,
 * finish anywhere".
 * @param {import('./wasm-types.js').ProblemView} p
 */
export function problemWords(p) {
  return `${p.start !== null ? `start ${p.start}` : `start from ${p.position}`}, finish ${finishWords(p.goal)}`;
}

/**
 * The banner for a game that can't be won from its start (wasm's verdict), naming a winnable
 * one nearby when wasm found one.
 * @param {{why?: string|null, nearby: import('./wasm-types.js').ProblemView|null}} full
 * @param {((p: import('./wasm-types.js').ProblemView) => void)|null} switchTo the button's action
 *   (none without it)
 * @returns {Banner}
 */
export function unwinnableBanner(full, switchTo) {
  const why = full.why === 'class' ? 'No sequence of jumps can end there (position classes rule it out).' : 'A full search found no way to finish.';
  const near = full.nearby;
  const sub = near ? `${why} A game close to it that can be won: ${problemWords(near)}.` : why;
  return {
    status: 'unwinnable',
    text: 'This game can’t be won.',
    sub,
    action: near && switchTo ? { label: 'Switch to it', run: () => switchTo(near) } : null,
  };
}

/**
 * The banner when "Show a solution" or "Step" found nothing, in plain words.
 * @param {{winning: boolean|null}|null} full
 * @returns {Banner}
 */
export function noSolutionBanner(full) {
  return full?.winning === false
    ? { status: 'nosolution', text: 'No solution from here:', sub: 'the goal can no longer be reached. Undo to go back.' }
    : { status: 'nosolution', text: 'No solution found.', sub: 'The live search ran out of time on this position. Play on a little and ask again.' };
}

/**
 * Where the hints come from, for the little badge: the table; the live search, saying why
 * when a table should answer but can't (still loading, unavailable and being retried, or
 * refused, with the reason); or "?" when the search gave up on this position or on a jump
 * it marks ("? proving…" while the search goes on proving them).
 * @param {{source: string, tableState: string, tableNote: string, tableWhy: string, tableFile: string|null,
 *   status: string|null, winning: boolean|null, search?: SearchStats|null, proving?: boolean}} s a board's state()
 * @param {boolean} [unsure] some jump of the position is marked "?" (from wasm's peg summaries)
 * @returns {{source: 'table'|'search'|'unknown'|'proving'|'loading'|'unavailable'|'refused', label: string, title: string}}
 */
export function sourceInfo(s, unsure = false) {
  const src = sourceOf(s, unsure);
  // the quiet sign that the search goes on proving the "?" marks while the player thinks
  if (!s.proving || src.source === 'table') return src;
  return { source: 'proving', label: `${src.label} · proving…`, title: `${src.title} The live search goes on proving the ? marks while you think.` };
}

/**
 * sourceInfo without the sign of work going on.
 * @param {Parameters<typeof sourceInfo>[0]} s
 * @param {boolean} unsure
 * @returns {ReturnType<typeof sourceInfo>}
 */
function sourceOf(s, unsure) {
  if (s.source === 'table') return { source: 'table', label: 'hints: table', title: `Exact, from the table ${s.tableFile}` };
  if (s.tableState === 'refused') {
    return { source: 'refused', label: `hints: live search — table refused: ${s.tableWhy}`, title: `${s.tableNote}. The live search answers instead.` };
  }
  if (s.tableState === 'missing') {
    // a big table is not in the repository: built on the server by one command
    return { source: 'unavailable', label: 'hints: live search — table not built', title: `${s.tableFile} is not built here: scripts/tables builds it. The live search answers meanwhile.` };
  }
  if (s.tableState === 'error') {
    return { source: 'unavailable', label: 'hints: live search — table unavailable', title: `${s.tableNote}. The live search answers meanwhile.` };
  }
  // the start may be known won (the winnable record) while the search can't settle a jump
  if (s.status !== null && (s.winning === null || unsure)) {
    return { source: 'unknown', label: 'hints: ?', title: `The live search ran out of time on this position${searched(s)}: marks it can’t settle show ?.` };
  }
  if (s.tableState === 'loading') {
    return { source: 'loading', label: 'hints: live search — loading table', title: `Loading the table ${s.tableFile}; the live search answers meanwhile.` };
  }
  const n = s.search?.nodes ?? 0;
  const label = n >= 1000 ? `hints: live search · ${(n / 1000).toFixed(0)}k positions` : 'hints: live search';
  if (s.tableState === 'table') {
    // a set position the table's starts don't reach: the table says which jumps win, the
    // search proves the rest, until the game reaches a position the table holds
    return { source: 'search', label: `${label} + table`, title: `This position lies outside the table ${s.tableFile}: jumps into it are marked from it, the live search proves the rest${searched(s)}.` };
  }
  return { source: 'search', label, title: `Exact answers from a live search that proves them (no table covers this game)${searched(s)}.` };
}

/**
 * The live search's progress in words (empty before it has searched).
 * @param {{search?: SearchStats|null}} s
 */
function searched(s) {
  const x = s.search;
  if (!x || !x.nodes) return '';
  return `; so far ${x.nodes.toLocaleString('en')} positions searched, ${x.settled.toLocaleString('en')} settled, ${x.pagodaCuts.toLocaleString('en')} cut off by pagodas`;
}

/** How each verdict reads in the hint line. */
const VERDICT_WORDS = { good: '✓ good', bad: '✗ bomb', unknown: '? can’t tell', loading: '… loading' };

/**
 * The summary of every peg that can jump, in the words of its marks: how many have a good
 * jump, how many are bombs, and which jumps are "?" (the search can't tell) or still loading.
 * @param {PegHint[]} pegs wasm's judged pegs (every peg that can jump)
 * @returns {Line}
 */
export function pegsLine(pegs) {
  const by = (/** @type {PegHint['mark']} */ mark) => pegs.filter((p) => p.mark === mark);
  const jumpsOf = (/** @type {Hint['verdict']} */ verdict) => pegs.flatMap((p) => p.jumps.filter((h) => h.verdict === verdict).map((h) => h.jump));
  /** @type {Line} */
  const line = [
    { text: `${plural(pegs.length, 'peg')} can jump: ` },
    { text: `${by('good').length} with a good jump`, cls: 'good' },
    { text: ', ' },
    { text: plural(by('bomb').length, 'bomb'), cls: 'bad' },
  ];
  const unsure = jumpsOf('unknown');
  if (unsure.length) {
    line.push({ text: ', ' }, { text: `${plural(unsure.length, 'jump')} the search can’t tell (?): ${unsure.join(', ')}`, cls: 'unknown' });
  }
  const loading = jumpsOf('loading');
  if (loading.length) line.push({ text: ', ' }, { text: `${plural(loading.length, 'jump')} loading: ${loading.join(', ')}`, cls: 'loading' });
  line.push({ text: '.' });
  return line;
}

/** What the line under the board says of a position the live search can't tell yet. */
const UNSURE_WORDS = 'The live search can’t tell yet whether the goal can still be reached.';

/**
 * The line under the board: what the looked-at peg's jumps do, or a summary; with no peg
 * looked at, that the live search can't tell yet whether the position can be won, if so.
 * @param {{mode: 'off'|'hover'|'always', peg: string|null, emptyCursor: string|null,
 *   jumps: Jump[], hints: Hint[]|undefined, pegs: PegHint[]|null, unsure?: boolean}} s
 *   peg: the peg looked at; emptyCursor: an empty hole under the keyboard cursor;
 *   jumps and hints: the peg's legal jumps and their verdicts (undefined until they come);
 *   pegs: every peg that can jump, as wasm judged it (null until all are in); unsure: the
 *   position is judged, and the live search can't tell whether it can still be won
 * @returns {Line}
 */
export function hintLine({ mode, peg, emptyCursor, jumps, hints, pegs, unsure = false }) {
  if (peg === null) {
    if (emptyCursor !== null) return [{ text: `${emptyCursor} is empty.` }];
    // the summary names the "?" jumps already
    if (mode === 'always' && pegs) return pegsLine(pegs);
    return unsure ? [{ text: UNSURE_WORDS, cls: 'unsure' }] : [];
  }
  if (!jumps.length) return [{ text: `${peg} can't jump.` }];
  if (mode === 'off') return [{ text: `${peg} can jump to ${jumps.map((j) => j.to).join(', ')}.` }];
  if (!hints) return [{ text: `${peg}: thinking…` }];
  return hints.flatMap((h, i) => [{ text: i ? ' · ' : `${peg}: ` }, { text: `${h.jump} ${VERDICT_WORDS[h.verdict] ?? h.verdict}${h.forced ? ', forced: the only good jump' : ''}`, cls: h.verdict }]);
}
