// A jump in flight: the peg rises, travels and lands while the peg it jumps over fades away
// (or, for an undo, back in). The widget runs the clock (motion.js); this draws one moment.

import { drawPeg } from './sprites.js';

/**
 * @typedef {{from: number, to: number, fadeOut: number|null, fadeIn: number|null, t: number}} Anim
 *   a jump in flight: the peg moves from hole `from` to hole `to`; t runs 0..1; the peg on
 *   `fadeOut` fades away, the one on `fadeIn` fades in
 */

/**
 * How far the flight has gone at time t (0..1): slow off, fast across, slow down.
 * @param {number} t
 */
export function eased(t) {
  return t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
}

/**
 * Draws the moving peg and the jumped peg fading away, at the flight's moment `a.t`.
 * @param {CanvasRenderingContext2D} ctx
 * @param {import('./theme.js').Theme} theme
 * @param {Anim} a
 * @param {(k: number) => {x: number, y: number}} at where hole k is on the canvas
 * @param {number} pr a peg's radius
 * @param {number} scale the hole spacing in pixels
 */
export function drawFlight(ctx, theme, a, at, pr, scale) {
  if (a.fadeOut !== null) {
    const p = at(a.fadeOut);
    drawPeg(ctx, theme, p.x, p.y, pr * (1 - 0.5 * a.t), 0, 1 - a.t);
  }
  const from = at(a.from);
  const to = at(a.to);
  const e = eased(a.t);
  const lift = Math.sin(Math.PI * e);
  drawPeg(ctx, theme, from.x + (to.x - from.x) * e, from.y + (to.y - from.y) * e - lift * scale * 0.35, pr, lift);
}

/**
 * How opaque the peg on hole k is at this moment (fading in on an undo), 1 when still.
 * @param {Anim|null} a
 * @param {number} k
 */
export function fadeOf(a, k) {
  return a && a.fadeIn === k ? a.t : 1;
}
