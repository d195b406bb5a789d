// Which marks the board shows, from wasm's legal jumps and its judged pegs: landing holes
// (good, forced, bomb, "?", loading or a plain ring) for the peg looked at, and badges on pegs in
// "always" mode. Nothing is judged here: a peg is a bomb, good or unsure because wasm says so.

/**
 * @typedef {'good'|'forced'|'bad'|'unknown'|'loading'|'plain'} TargetMark
 * @typedef {'bomb'|'good'|'unknown'|'loading'} PegMark
 */

/**
 * The marks for one position.
 * @param {{mode: 'off'|'hover'|'always', peg: string|null,
 *   jumps: import('../shared/wasm-types.js').Jump[], pegs: Map<string, import('../shared/wasm-types.js').PegHint>}} s
 *   peg: the peg looked at (picked, hovered or under the cursor); jumps: its legal jumps;
 *   pegs: the pegs wasm has judged so far
 * @returns {{targets: Map<string, TargetMark>, pegs: Map<string, PegMark>}} by hole name
 */
export function boardMarks({ mode, peg, jumps, pegs }) {
  /** @type {Map<string, TargetMark>} */
  const targets = new Map();
  /** @type {Map<string, PegMark>} */
  const marks = new Map();
  if (peg !== null) {
    const known = mode === 'off' ? undefined : pegs.get(peg);
    for (const j of jumps) {
      const h = known?.jumps.find((x) => x.to === j.to);
      // forced: wasm says it is the position's only good jump
      targets.set(j.to, h?.forced ? 'forced' : (h?.verdict ?? 'plain'));
    }
    // a peg whose every jump loses is a bomb itself (Bell's NeverLose)
    if (known?.bomb) marks.set(peg, 'bomb');
  }
  if (mode === 'always') {
    // every peg wasm has judged, as the verdicts come in
    for (const [hole, p] of pegs) if (p.jumps.length && !marks.has(hole)) marks.set(hole, p.mark);
  }
  return { targets, pegs: marks };
}
