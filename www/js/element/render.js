// Canvas drawing of the board. It knows geometry (where holes are on screen) and pictures,
// nothing about the rules: the scene it draws is decided elsewhere from wasm's answers. A jump
// in flight is drawn by flight.js, the wood by wood.js, each mark by sprites.js.
// Colours come from the theme (theme.js), so pages restyle the board with CSS properties.

import { HOLE_R, paintWood } from './wood.js';
import { drawBadge, drawBomb, drawGood, drawLoading, drawPeg, drawRing, drawStruck, drawTarget, drawUnknown } from './sprites.js';
import { drawFlight, fadeOf } from './flight.js';

/** Peg size and the margin around the board, in units of the hole spacing. */
const PEG_R = 0.34;
const MARGIN = 1.0;

/**
 * @typedef {import('../shared/wasm-types.js').Layout} Layout
 * @typedef {import('./flight.js').Anim} Anim
 * @typedef {{
 *   pegs: boolean[],
 *   selected: number|null,
 *   hover: number|null,
 *   cursor: number|null,
 *   targets: Map<number, 'good'|'forced'|'bad'|'unknown'|'loading'|'plain'>,
 *   pegMarks: Map<number, 'bomb'|'good'|'unknown'|'loading'>,
 *   spin: number,
 *   struck: Set<number>,
 *   goal: number[],
 *   start: number|null,
 *   pickStart: boolean,
 *   names: boolean,
 *   drag: {index: number, x: number, y: number}|null,
 *   anim: Anim|null,
 *   glow: number|null,
 * }} Scene  everything one frame shows; indices are hole indices in layout order. spin: the
 *   loading spinners' turn (0..1); struck: holes struck through while picking a start (no
 *   game from them can be won)
 */

/**
 * Creates the board's renderer on a canvas: sizes it to its box at the device pixel ratio and
 * draws scenes. Call resize() when the box changes and setTheme() before drawing.
 * @param {HTMLCanvasElement} canvas
 */
export function createRenderer(canvas) {
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  /** @type {Layout|null} */
  let layout = null;
  /** @type {import('./theme.js').Theme} */
  let t = /** @type {any} */ (null);
  let cssW = 0;
  let cssH = 0;
  let dpr = 1;
  let scale = 1;
  let ox = 0;
  let oy = 0;
  /** @type {HTMLCanvasElement|null} the wooden board with its holes, redrawn on resize */
  let boardImage = null;
  let bbox = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

  /** Screen (CSS px, canvas-relative) position of hole k. */
  const at = (/** @type {number} */ k) => {
    const h = /** @type {Layout} */ (layout).holes[k];
    return { x: ox + h.x * scale, y: oy + h.y * scale };
  };

  function fit() {
    if (!layout) return;
    const w = bbox.maxX - bbox.minX + 2 * MARGIN;
    const h = bbox.maxY - bbox.minY + 2 * MARGIN;
    scale = Math.max(1, Math.min(cssW / w, cssH / h));
    ox = (cssW - (bbox.maxX - bbox.minX) * scale) / 2 - bbox.minX * scale;
    oy = (cssH - (bbox.maxY - bbox.minY) * scale) / 2 - bbox.minY * scale;
    boardImage = null;
  }

  /**
   * The background, the wood and the holes, once per size and theme, in an offscreen canvas
   * that each frame starts from: one copy, not a clear, a fill and a draw of the whole canvas.
   */
  function paintBoard() {
    const base = document.createElement('canvas');
    base.width = canvas.width;
    base.height = canvas.height;
    const g = /** @type {CanvasRenderingContext2D} */ (base.getContext('2d'));
    g.fillStyle = t.background;
    g.fillRect(0, 0, base.width, base.height);
    const geo = { width: canvas.width, height: canvas.height, dpr, scale, ox, oy, bbox, cssW, cssH };
    g.drawImage(paintWood(/** @type {Layout} */ (layout).holes, at, geo, t), 0, 0);
    return base;
  }

  return {
    /**
     * Sets the colours and peg style (the wood is repainted when they changed).
     * @param {import('./theme.js').Theme} theme
     */
    setTheme(theme) {
      if (t?.key === theme.key) return;
      t = theme;
      boardImage = null;
    },

    /**
     * Shows a new board.
     * @param {Layout} next
     */
    setLayout(next) {
      layout = next;
      const xs = next.holes.map((h) => h.x);
      const ys = next.holes.map((h) => h.y);
      bbox = { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
      fit();
    },

    /** The board's width over its height, margins included (for sizing the box). */
    aspect() {
      return (bbox.maxX - bbox.minX + 2 * MARGIN) / (bbox.maxY - bbox.minY + 2 * MARGIN);
    },

    /** The board's width in hole spacings, margins included. */
    span() {
      return bbox.maxX - bbox.minX + 2 * MARGIN;
    },

    /**
     * Matches the canvas to its CSS box at the device pixel ratio (sharp at any zoom).
     * @returns {boolean} true when the size changed
     */
    resize() {
      const r = canvas.getBoundingClientRect();
      const d = window.devicePixelRatio || 1;
      if (r.width === cssW && r.height === cssH && d === dpr) return false;
      cssW = r.width;
      cssH = r.height;
      dpr = d;
      canvas.width = Math.max(1, Math.round(cssW * dpr));
      canvas.height = Math.max(1, Math.round(cssH * dpr));
      fit();
      return true;
    },

    /**
     * Draws one frame.
     * @param {Scene} s
     */
    draw(s) {
      if (!layout || cssW === 0 || !t) return;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      boardImage ??= paintBoard();
      ctx.globalCompositeOperation = 'copy';
      ctx.drawImage(boardImage, 0, 0);
      ctx.globalCompositeOperation = 'source-over';
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const holes = layout.holes;
      const hr = HOLE_R * scale;
      const pr = PEG_R * scale;
      const hiddenPeg = new Set();
      if (s.anim) hiddenPeg.add(s.anim.to);
      if (s.drag) hiddenPeg.add(s.drag.index);

      // the goal: a dashed ring around each hole the last peg may end in
      for (const k of s.goal) {
        const p = at(k);
        drawRing(ctx, p.x, p.y, pr * 1.32, t.goal, Math.max(1, scale * 0.035), [scale * 0.08, scale * 0.06], t.forced ? 1 : 0.6);
      }
      if (s.pickStart) {
        holes.forEach((_, k) => {
          const p = at(k);
          const on = k === s.hover;
          drawRing(ctx, p.x, p.y, pr * 1.15, on ? t.select : t.holeRim, scale * (on ? 0.09 : 0.04), [], on ? 1 : 0.6);
        });
      }
      // the last peg of a solved game sits in a warm glow
      if (s.glow !== null) {
        const p = at(s.glow);
        ctx.save();
        ctx.globalAlpha = 0.85;
        ctx.shadowColor = t.glow;
        ctx.shadowBlur = pr * 2;
        ctx.fillStyle = t.glow;
        ctx.beginPath();
        ctx.arc(p.x, p.y, pr * 1.35, 0, Math.PI * 2);
        ctx.fill();
        ctx.restore();
      }
      // landing holes
      for (const [k, kind] of s.targets) {
        const p = at(k);
        const strong = k === s.hover || (s.drag !== null && k === nearest(s.drag.x, s.drag.y));
        if (kind === 'good' || kind === 'forced') drawGood(ctx, t, p.x, p.y, hr * 1.25, strong);
        // forced (the only good jump): a second ring
        if (kind === 'forced') drawRing(ctx, p.x, p.y, hr * 1.62, t.good, hr * 0.16);
        else if (kind === 'bad') drawBomb(ctx, t, p.x, p.y, hr * (strong ? 1.55 : 1.4));
        else if (kind === 'unknown') drawUnknown(ctx, t, p.x, p.y, hr * 1.25, strong);
        else if (kind === 'loading') drawLoading(ctx, t, p.x, p.y, hr * 1.25, s.spin);
        else drawTarget(ctx, t, p.x, p.y, hr * 1.25, strong);
      }
      // pegs
      s.pegs.forEach((on, k) => {
        if (!on || hiddenPeg.has(k)) return;
        const p = at(k);
        const mark = s.pegMarks.get(k);
        if (k === s.selected) drawRing(ctx, p.x, p.y, pr * 1.22, t.select, scale * 0.08);
        else if (k === s.hover && !s.pickStart) drawRing(ctx, p.x, p.y, pr * 1.18, t.holeRim, scale * 0.05, [], 0.9);
        const fading = fadeOf(s.anim, k);
        if (mark === 'bomb') {
          drawBomb(ctx, t, p.x, p.y, pr * 1.12, fading);
          return;
        }
        drawPeg(ctx, t, p.x, p.y, pr, k === s.selected ? 0.35 : 0, fading);
        if (mark) drawBadge(ctx, t, p.x, p.y, pr, mark, s.spin);
      });
      // picking a start: holes no game can be won from are struck through
      if (s.pickStart) {
        for (const k of s.struck) {
          const p = at(k);
          drawStruck(ctx, t, p.x, p.y, pr * 1.1);
        }
      }
      if (s.anim) drawFlight(ctx, t, s.anim, at, pr, scale);
      if (s.drag) drawPeg(ctx, t, s.drag.x, s.drag.y, pr, 1);
      if (s.cursor !== null) {
        const p = at(s.cursor);
        drawRing(ctx, p.x, p.y, pr * 1.42, t.markInk, scale * 0.1);
        drawRing(ctx, p.x, p.y, pr * 1.42, t.focus, scale * 0.05, [scale * 0.12, scale * 0.07]);
      }
      if (s.names) {
        ctx.save();
        ctx.font = `600 ${Math.round(Math.min(15, Math.max(9, scale * 0.16)))}px ${t.font}`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        holes.forEach((h, k) => {
          const p = at(k);
          const y = p.y + pr + scale * 0.1;
          ctx.lineWidth = 3;
          ctx.strokeStyle = t.board;
          ctx.globalAlpha = 0.9;
          ctx.strokeText(h.name, p.x, y);
          ctx.globalAlpha = 1;
          ctx.fillStyle = t.label;
          ctx.fillText(h.name, p.x, y);
        });
        ctx.restore();
      }
    },

    /**
     * The hole under a point, or null.
     * @param {number} clientX
     * @param {number} clientY
     * @returns {number|null} hole index
     */
    holeAt(clientX, clientY) {
      const r = canvas.getBoundingClientRect();
      return nearest(clientX - r.left, clientY - r.top);
    },

    /**
     * A hole's box in page (client) pixels, for tests and tooltips.
     * @param {number} k hole index
     * @returns {{x: number, y: number, width: number, height: number}}
     */
    holeRect(k) {
      const r = canvas.getBoundingClientRect();
      const p = at(k);
      const half = PEG_R * scale;
      return { x: r.left + p.x - half, y: r.top + p.y - half, width: 2 * half, height: 2 * half };
    },

    /**
     * Where hole k is on the canvas (CSS pixels from its top left), and the radius a peg
     * takes there (for the accessible buttons laid over the holes).
     * @param {number} k
     */
    holeBox(k) {
      const p = at(k);
      return { x: p.x, y: p.y, r: PEG_R * scale };
    },

    /**
     * Canvas-relative CSS pixels of a client point (for dragging).
     * @param {number} clientX
     * @param {number} clientY
     */
    toCanvas(clientX, clientY) {
      const r = canvas.getBoundingClientRect();
      return { x: clientX - r.left, y: clientY - r.top };
    },

    /** The hole nearest the middle of the board (where the keyboard cursor starts). */
    center() {
      const cx = (bbox.minX + bbox.maxX) / 2;
      const cy = (bbox.minY + bbox.maxY) / 2;
      const holes = /** @type {Layout} */ (layout).holes;
      let best = 0;
      holes.forEach((h, k) => {
        if (Math.hypot(h.x - cx, h.y - cy) < Math.hypot(holes[best].x - cx, holes[best].y - cy) - 1e-9) best = k;
      });
      return best;
    },

    /**
     * The nearest hole in a direction from hole k (keyboard moves), or k itself.
     * @param {number} k
     * @param {number} dx -1, 0 or 1
     * @param {number} dy -1, 0 or 1
     */
    step(k, dx, dy) {
      const holes = /** @type {Layout} */ (layout).holes;
      const a = holes[k];
      let best = k;
      let bestCost = Infinity;
      holes.forEach((b, j) => {
        const vx = b.x - a.x;
        const vy = b.y - a.y;
        const along = vx * dx + vy * dy;
        const across = Math.abs(vx * dy - vy * dx);
        if (j === k || along <= 0.3 || across > along * 1.2) return;
        // the nearest hole, and the straighter the better (never skips a row of a triangle)
        const cost = Math.hypot(vx, vy) * (1 + across / along);
        if (cost < bestCost) {
          bestCost = cost;
          best = j;
        }
      });
      return best;
    },
  };

  /**
   * Nearest hole within half a spacing of a canvas point.
   * @param {number} x
   * @param {number} y
   */
  function nearest(x, y) {
    if (!layout) return null;
    let best = null;
    let bestD = 0.5 * scale;
    layout.holes.forEach((_, k) => {
      const p = at(k);
      const d = Math.hypot(p.x - x, p.y - y);
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    });
    return best;
  }
}
