// Pointer and keyboard input on the board canvas, turned into a few intents for app.js:
// hover a hole, tap a hole, drag a peg and drop it. What an intent means is decided there.

/** Pixels a pointer must travel before a press becomes a drag. */
const DRAG_SLOP = 6;

/**
 * @typedef {{
 *   hover: (hole: number|null) => void,
 *   tap: (hole: number|null) => void,
 *   canDrag: (hole: number) => boolean,
 *   dragMove: (hole: number, x: number, y: number) => void,
 *   drop: (from: number, to: number|null) => void,
 *   cursor: (hole: number|null) => void,
 * }} Handlers
 * @typedef {{
 *   holeAt: (clientX: number, clientY: number) => number|null,
 *   toCanvas: (clientX: number, clientY: number) => {x: number, y: number},
 *   step: (hole: number, dx: number, dy: number) => number,
 *   center: () => number,
 * }} Geometry
 */

/**
 * Listens to the canvas. Mouse hover, click, drag (Pointer Events, so touch and pen work the
 * same way), and keys while the canvas has focus: arrows move a cursor, Enter/Space tap it.
 * @param {HTMLCanvasElement} canvas
 * @param {Geometry} geo
 * @param {Handlers} on
 * @returns {{cursor: () => number|null}}
 */
export function listen(canvas, geo, on) {
  /** @type {{id: number, hole: number|null, x: number, y: number, dragging: boolean}|null} */
  let press = null;
  /** @type {number|null} keyboard cursor */
  let cursor = null;
  /** True while a pointer press is focusing the canvas (then no keyboard cursor appears). */
  let pointerFocus = false;

  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || press) return;
    const hole = geo.holeAt(e.clientX, e.clientY);
    press = { id: e.pointerId, hole, x: e.clientX, y: e.clientY, dragging: false };
    canvas.setPointerCapture(e.pointerId);
    if (e.pointerType !== 'mouse') on.hover(hole);
    e.preventDefault();
    pointerFocus = true;
    canvas.focus({ preventScroll: true });
    pointerFocus = false;
    if (cursor !== null) setCursor(null);
  });

  canvas.addEventListener('pointermove', (e) => {
    if (!press) {
      if (e.pointerType === 'mouse') on.hover(geo.holeAt(e.clientX, e.clientY));
      return;
    }
    if (e.pointerId !== press.id) return;
    if (!press.dragging) {
      const far = Math.hypot(e.clientX - press.x, e.clientY - press.y) > DRAG_SLOP;
      if (!far || press.hole === null || !on.canDrag(press.hole)) return;
      press.dragging = true;
    }
    const p = geo.toCanvas(e.clientX, e.clientY);
    on.dragMove(/** @type {number} */ (press.hole), p.x, p.y);
  });

  const finish = (e, cancelled) => {
    if (!press || e.pointerId !== press.id) return;
    const p = press;
    press = null;
    const hole = geo.holeAt(e.clientX, e.clientY);
    if (p.dragging) on.drop(/** @type {number} */ (p.hole), cancelled ? null : hole);
    else if (!cancelled) on.tap(p.hole);
    if (e.pointerType === 'mouse' && !cancelled) on.hover(hole);
  };
  canvas.addEventListener('pointerup', (e) => finish(e, false));
  canvas.addEventListener('pointercancel', (e) => finish(e, true));
  canvas.addEventListener('pointerleave', (e) => {
    if (!press && e.pointerType === 'mouse') on.hover(null);
  });

  const setCursor = (hole) => {
    cursor = hole;
    on.cursor(hole);
  };
  canvas.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (e.key in dirs) {
      const [dx, dy] = dirs[e.key];
      setCursor(cursor === null ? geo.center() : geo.step(cursor, dx, dy));
      e.preventDefault();
    } else if ((e.key === 'Enter' || e.key === ' ') && cursor !== null) {
      on.tap(cursor);
      e.preventDefault();
    }
  });
  // arriving by Tab shows the cursor at once: it is the board's focus indicator
  canvas.addEventListener('focus', () => {
    if (!pointerFocus && cursor === null) setCursor(geo.center());
  });
  canvas.addEventListener('blur', () => {
    if (cursor !== null) setCursor(null);
  });

  return { cursor: () => cursor };
}
