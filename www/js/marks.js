// Which marks the board shows, from wasm's legal jumps and verdicts: landing holes (good,
// bomb, "?" or a plain ring) for the peg looked at, and badges on pegs in "always" mode.

/**
 * @typedef {'good'|'bad'|'unknown'|'plain'} TargetMark
 * @typedef {'bomb'|'good'|'unknown'} PegMark
 */

/**
 * The marks for one position.
 * @param {{mode: 'off'|'hover'|'always', peg: string|null,
 *   jumps: import('./engine.js').Jump[], hints: Map<string, import('./engine.js').Hint[]>}} s
 *   peg: the peg looked at (picked, hovered or under the cursor); jumps: its legal jumps;
 *   hints: the verdicts known so far, per peg
 * @returns {{targets: Map<string, TargetMark>, pegs: Map<string, PegMark>}} by hole name
 */
export function boardMarks({ mode, peg, jumps, hints }) {
  /** @type {Map<string, TargetMark>} */
  const targets = new Map();
  /** @type {Map<string, PegMark>} */
  const pegs = new Map();
  if (peg !== null) {
    const known = mode === 'off' ? undefined : hints.get(peg);
    for (const j of jumps) targets.set(j.to, known?.find((h) => h.to === j.to)?.verdict ?? 'plain');
    // a peg whose every jump loses is a bomb itself (Bell's NeverLose)
    if (known?.length && known.every((h) => h.verdict === 'bad')) pegs.set(peg, 'bomb');
  }
  if (mode === 'always') {
    // every peg whose verdicts are in, as they come in
    for (const [hole, list] of hints) {
      if (!list.length || pegs.has(hole)) continue;
      const has = (v) => list.some((h) => h.verdict === v);
      pegs.set(hole, has('good') ? 'good' : has('unknown') ? 'unknown' : 'bomb');
    }
  }
  return { targets, pegs };
}
