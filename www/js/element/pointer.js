// Pointer input on the board canvas (Pointer Events with capture, so mouse, pen and touch work
// the same way), turned into a few intents: hover a hole, tap a hole, drag a peg and drop it.
// What an intent means is decided by the board widget (widget.js).

/** Pixels a pointer must travel before a press becomes a drag. */
const DRAG_SLOP = 6;

/**
 * @typedef {{
 *   press: (hole: number|null) => void,
 *   hover: (hole: number|null) => void,
 *   tap: (hole: number|null, how: 'pointer') => void,
 *   canDrag: (hole: number) => boolean,
 *   dragMove: (hole: number, x: number, y: number) => void,
 *   drop: (from: number, to: number|null) => void,
 * }} PointerHandlers
 *   press: a pointer went down (on a hole, or between holes)
 * @typedef {{
 *   holeAt: (clientX: number, clientY: number) => number|null,
 *   toCanvas: (clientX: number, clientY: number) => {x: number, y: number},
 * }} Geometry
 */

/**
 * Listens to the canvas until `signal` aborts. Mouse hover, click, drag; a touch on a peg that
 * can be dragged never scrolls the page (the rest of the board scrolls as usual).
 * @param {HTMLCanvasElement} canvas
 * @param {Geometry} geo
 * @param {PointerHandlers} on
 * @param {AbortSignal} signal
 */
export function listenPointer(canvas, geo, on, signal) {
  /** @type {{id: number, hole: number|null, x: number, y: number, dragging: boolean}|null} */
  let press = null;
  const opts = { signal };

  canvas.addEventListener(
    'pointerdown',
    (e) => {
      if (e.button !== 0 || press) return;
      const hole = geo.holeAt(e.clientX, e.clientY);
      press = { id: e.pointerId, hole, x: e.clientX, y: e.clientY, dragging: false };
      canvas.setPointerCapture(e.pointerId);
      if (e.pointerType !== 'mouse') on.hover(hole);
      e.preventDefault();
      on.press(hole);
    },
    opts,
  );

  canvas.addEventListener(
    'pointermove',
    (e) => {
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
    },
    opts,
  );

  /** @param {PointerEvent} e @param {boolean} cancelled */
  const finish = (e, cancelled) => {
    if (!press || e.pointerId !== press.id) return;
    const p = press;
    press = null;
    const hole = geo.holeAt(e.clientX, e.clientY);
    if (p.dragging) on.drop(/** @type {number} */ (p.hole), cancelled ? null : hole);
    else if (!cancelled) on.tap(p.hole, 'pointer');
    if (e.pointerType === 'mouse' && !cancelled) on.hover(hole);
  };
  canvas.addEventListener('pointerup', (e) => finish(e, false), opts);
  canvas.addEventListener('pointercancel', (e) => finish(e, true), opts);
  canvas.addEventListener(
    'pointerleave',
    (e) => {
      if (!press && e.pointerType === 'mouse') on.hover(null);
    },
    opts,
  );
  // The page may scroll under a finger (touch-action: manipulation), except when the finger
  // lands on a peg that can jump: that touch is a drag, so it must not scroll.
  canvas.addEventListener(
    'touchstart',
    (e) => {
      const t = e.touches[0];
      if (e.touches.length !== 1 || !t) return;
      const hole = geo.holeAt(t.clientX, t.clientY);
      if (hole !== null && on.canDrag(hole) && e.cancelable) e.preventDefault();
    },
    { signal, passive: false },
  );
}
