// The board itself: the wood and its holes, painted once per size and theme into an offscreen
// canvas that every frame starts from (render.js draws the frames).

/** Hole radius and the board's width around a hole, in units of the hole spacing. */
export const HOLE_R = 0.25;
const BOARD_W = 1.45;

/**
 * @typedef {import('./theme.js').Theme} Theme
 * @typedef {{width: number, height: number, dpr: number, scale: number, ox: number, oy: number,
 *   bbox: {minX: number, minY: number, maxX: number, maxY: number}, cssW: number, cssH: number}} Geometry
 *   the canvas in device pixels, the scale (CSS px per hole spacing), the offset of the layout's
 *   origin and its bounding box, and the box in CSS px
 */

/**
 * Draws the wood and the holes into an offscreen canvas of their own (the grain is drawn only
 * where the wood is): the part of a frame that changes only with the size and the theme.
 * @param {{x: number, y: number}[]} holes the layout's holes, in hole-spacing units
 * @param {(i: number) => {x: number, y: number}} at hole i's position on the canvas, CSS px
 * @param {Geometry} geo
 * @param {Theme} t
 * @returns {HTMLCanvasElement}
 */
export function paintWood(holes, at, geo, t) {
  const { width, height, dpr, scale, ox, oy, bbox, cssW, cssH } = geo;
  const img = document.createElement('canvas');
  img.width = width;
  img.height = height;
  const g = /** @type {CanvasRenderingContext2D} */ (img.getContext('2d'));
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  // The board's outline: thick round-capped strokes between neighbouring holes.
  const path = new Path2D();
  holes.forEach((a, i) => {
    const pa = at(i);
    path.moveTo(pa.x, pa.y);
    path.lineTo(pa.x + 0.001, pa.y);
    holes.forEach((b, j) => {
      if (j > i && Math.abs(Math.hypot(a.x - b.x, a.y - b.y) - 1) < 1e-6) {
        const pb = at(j);
        path.moveTo(pa.x, pa.y);
        path.lineTo(pb.x, pb.y);
      }
    });
  });
  g.lineCap = 'round';
  g.lineJoin = 'round';
  const hr = HOLE_R * scale;
  if (t.pegStyle === 'flat') {
    g.strokeStyle = t.boardEdge;
    g.lineWidth = BOARD_W * scale;
    g.stroke(path);
    g.strokeStyle = t.board;
    g.lineWidth = (BOARD_W - 0.08) * scale;
    g.stroke(path);
    holes.forEach((_, i) => {
      const p = at(i);
      g.fillStyle = t.hole;
      g.strokeStyle = t.holeRim;
      g.lineWidth = Math.max(1, hr * 0.16);
      g.beginPath();
      g.arc(p.x, p.y, hr, 0, Math.PI * 2);
      g.fill();
      g.stroke();
    });
    return img;
  }
  g.save();
  g.shadowColor = 'rgba(0, 0, 0, 0.35)';
  g.shadowBlur = scale * 0.16;
  g.shadowOffsetY = scale * 0.07;
  g.strokeStyle = t.boardEdge;
  g.lineWidth = BOARD_W * scale;
  g.stroke(path);
  g.restore();
  g.strokeStyle = t.board;
  g.lineWidth = (BOARD_W - 0.08) * scale;
  g.stroke(path);
  // light from the top left, and grain, only where the wood is
  g.save();
  g.globalCompositeOperation = 'source-atop';
  const light = g.createLinearGradient(ox + bbox.minX * scale, oy + bbox.minY * scale, ox + bbox.maxX * scale, oy + bbox.maxY * scale);
  light.addColorStop(0, 'rgba(255, 255, 255, 0.3)');
  light.addColorStop(0.5, 'rgba(255, 255, 255, 0)');
  light.addColorStop(1, 'rgba(0, 0, 0, 0.1)');
  g.fillStyle = light;
  g.fillRect(0, 0, cssW, cssH);
  g.strokeStyle = t.boardEdge;
  g.globalAlpha = 0.12;
  g.lineWidth = Math.max(1, scale * 0.025);
  const top = oy + (bbox.minY - 1) * scale;
  const bottom = oy + (bbox.maxY + 1) * scale;
  const left = ox + (bbox.minX - 1) * scale;
  const right = ox + (bbox.maxX + 1) * scale;
  // every grain line in one path and one stroke: a stroke composited source-atop costs a
  // pass over the whole canvas (in software, about a millisecond each), and the lines never
  // touch, so one stroke draws the same pixels
  g.beginPath();
  for (let y = top, n = 0; y < bottom; y += scale * 0.19, n++) {
    g.moveTo(left, y);
    for (let x = left; x <= right; x += scale * 0.25) {
      g.lineTo(x, y + Math.sin(x / (scale * 1.7) + n * 1.3) * scale * 0.06);
    }
  }
  g.stroke();
  g.restore();
  // holes: dark, inset, with a light lip at the bottom
  holes.forEach((_, i) => {
    const p = at(i);
    g.fillStyle = t.hole;
    g.beginPath();
    g.arc(p.x, p.y, hr, 0, Math.PI * 2);
    g.fill();
    const depth = g.createRadialGradient(p.x, p.y - hr * 0.35, hr * 0.1, p.x, p.y, hr);
    depth.addColorStop(0, 'rgba(0, 0, 0, 0.3)');
    depth.addColorStop(1, 'rgba(255, 255, 255, 0.12)');
    g.fillStyle = depth;
    g.fill();
    g.strokeStyle = t.holeRim;
    g.globalAlpha = 0.75;
    g.lineWidth = Math.max(1, hr * 0.14);
    g.beginPath();
    g.arc(p.x, p.y, hr * 1.02, Math.PI * 0.1, Math.PI * 0.9);
    g.stroke();
    g.globalAlpha = 1;
    g.strokeStyle = 'rgba(60, 30, 10, 0.45)';
    g.beginPath();
    g.arc(p.x, p.y, hr * 1.02, Math.PI * 1.1, Math.PI * 1.9);
    g.stroke();
  });
  return img;
}
