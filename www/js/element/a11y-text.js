// What a screen reader hears: the label of each hole's button and the sentences the live region
// announces. Pure functions of what wasm said; no DOM here (grid.js and widget.js show them).

import { statusBanner } from '../shared/texts.js';
import { plural } from '../shared/words.js';

/**
 * @typedef {import('../shared/wasm-types.js').Hint} Hint
 * @typedef {import('../shared/wasm-types.js').Jump} Jump
 * @typedef {{
 *   name: string, peg: boolean, picked: boolean, goal: boolean, pickStart: boolean,
 *   mode: 'off'|'hover'|'always', jumps: Jump[], verdicts: Hint[]|undefined,
 *   landing: {jump: string, verdict: string|null}|null, wins?: 'yes'|'no'|'unknown'|null,
 * }} HoleFacts
 *   jumps: the peg's legal jumps; verdicts: their verdicts once known; landing: the picked
 *   peg's jump that lands in this (empty) hole; wins: can a game from this hole as the start
 *   be won (wasm's answer, for the start picker)
 */

/**
 * "2 jumps", "1 jump".
 * @param {number} n
 * @param {string} [what]
 */
const count = (n, what = 'jump') => plural(n, what);

/**
 * The verdicts of a peg's jumps in words: "2 good jumps, 1 bad".
 * @param {Hint[]} verdicts
 */
export function verdictWords(verdicts) {
  const n = (/** @type {Hint['verdict']} */ v) => verdicts.filter((h) => h.verdict === v).length;
  const parts = /** @type {Array<[number, string]>} */ ([
    [n('good'), 'good'],
    [n('bad'), 'bad'],
    [n('unknown'), 'unsure'],
    [n('loading'), 'loading'],
  ]).filter(([k]) => k > 0);
  return parts.map(([k, word], i) => (i === 0 ? plural(k, `${word} jump`) : `${k} ${word}`)).join(', ');
}

/**
 * What the screen reader hears when the work done while the player thinks has decided every
 * jump of the focused peg: "Every jump of d2 is decided: 1 good jump, 2 bad."
 * @param {string} hole
 * @param {Hint[]} verdicts
 */
export const decidedSaid = (hole, verdicts) => `Every jump of ${hole} is decided: ${verdictWords(verdicts)}.`;

/**
 * The label of a hole's button, e.g. "peg at d2, 2 good jumps, 1 bad" or "empty hole d4,
 * d2-d4 lands here: good".
 * @param {HoleFacts} h
 */
export function holeLabel(h) {
  const goal = h.goal ? ', the goal' : '';
  if (h.pickStart) {
    const wins = /** @type {Record<string, string>} */ ({ yes: ', can be won from here', no: ', can’t be won from here', unknown: ', not known whether it can be won from here' })[h.wins ?? ''] ?? '';
    return `hole ${h.name}${goal}${wins}, pick it as the empty start hole`;
  }
  if (!h.peg) {
    if (!h.landing) return `empty hole ${h.name}${goal}`;
    const v = h.landing.verdict;
    const how = /** @type {Record<string, string>} */ ({ good: ': good', bad: ': a bomb, it loses', unknown: ': can’t tell', loading: ': loading' })[v ?? ''] ?? '';
    return `empty hole ${h.name}${goal}, ${h.landing.jump} lands here${how}`;
  }
  const picked = h.picked ? ', picked' : '';
  let jumps;
  if (!h.jumps.length) jumps = 'no jumps';
  else if (h.mode === 'off') jumps = `can jump to ${h.jumps.map((j) => j.to).join(', ')}`;
  else if (h.verdicts) jumps = verdictWords(h.verdicts);
  else jumps = count(h.jumps.length);
  return `peg at ${h.name}${picked}, ${jumps}${goal}`;
}

/**
 * What the live region says after a jump: "a3-a1. 13 pegs left."
 * @param {string} jump
 * @param {number} pegs
 */
export function jumpSaid(jump, pegs) {
  return `${jump}. ${count(pegs, 'peg')} left.`;
}

/**
 * What the live region says after an undo.
 * @param {string} jump
 * @param {number} pegs
 */
export function undoSaid(jump, pegs) {
  return `Took back ${jump}. ${count(pegs, 'peg')}.`;
}

/**
 * What the live region says when a game ends or is lost: the banner's words.
 * @param {import('../shared/wasm-types.js').Position} pos
 * @param {import('../shared/wasm-types.js').State} full
 * @param {string[]} holes
 * @param {string|null} fatal
 */
export function statusSaid(pos, full, holes, fatal) {
  const b = statusBanner(pos, full, holes, fatal);
  return b.sub ? `${b.text} ${b.sub}` : b.text;
}

/** The board's instructions (the grid's description). */
export const HOW_TO =
  'Arrow keys move between holes. Enter or Space picks a peg, then the hole to jump to. Escape drops the peg. U undoes a jump, R redoes it.';
