// The accessible board: an ARIA grid with one button per hole (a row per board row), laid over
// the canvas where the holes are drawn. One button is in the tab order at a time (roving
// tabindex); arrow keys move between holes by where they are on screen; Enter or Space presses
// the hole (a native button click, so screen readers' own activation works too). The buttons
// are invisible and let the pointer through: the canvas draws the focus as the board's cursor.

import { actionFor } from '../shared/keys.js';

/**
 * @typedef {{
 *   cursor: (hole: number|null) => void,
 *   tap: (hole: number, how: 'keyboard') => void,
 *   action: (a: 'undo'|'redo'|'escape') => void,
 * }} GridHandlers
 *   cursor: the keyboard cursor moved to a hole (null: the board lost the keyboard focus)
 * @typedef {{
 *   step: (hole: number, dx: number, dy: number) => number,
 *   center: () => number,
 *   holeBox: (hole: number) => {x: number, y: number, r: number},
 * }} GridGeometry
 */

/** Arrow keys and their directions on screen. */
const DIRS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * Creates the grid inside `el` (which gets role=grid) and listens to it until `signal` aborts.
 * @param {HTMLElement} el
 * @param {GridGeometry} geo
 * @param {GridHandlers} on
 * @param {AbortSignal} signal
 */
export function createGrid(el, geo, on, signal) {
  el.setAttribute('role', 'grid');
  /** @type {HTMLButtonElement[]} */
  let buttons = [];
  /** the hole whose button is in the tab order */
  let roving = 0;
  /** true while the pointer (not the keyboard) moves the focus: no cursor is shown then */
  let quiet = false;
  let focused = false;

  const holeOf = (/** @type {EventTarget|null} */ t) => (t instanceof HTMLButtonElement ? buttons.indexOf(t) : -1);

  /** @param {number} k */
  const setRoving = (k) => {
    if (buttons[roving]) {
      buttons[roving].tabIndex = -1;
      buttons[roving].autofocus = false;
    }
    roving = k;
    if (buttons[k]) {
      buttons[k].tabIndex = 0;
      // the host delegates its focus here (set after insertion: it never grabs the page's focus)
      buttons[k].autofocus = true;
    }
  };

  el.addEventListener(
    'focusin',
    (e) => {
      const k = holeOf(e.target);
      if (k < 0) return;
      focused = true;
      setRoving(k);
      if (!quiet) on.cursor(k);
    },
    { signal },
  );
  el.addEventListener(
    'focusout',
    (e) => {
      if (holeOf(e.relatedTarget) >= 0) return;
      focused = false;
      on.cursor(null);
    },
    { signal },
  );
  el.addEventListener(
    'click',
    (e) => {
      const k = holeOf(e.target);
      if (k < 0) return;
      on.cursor(k);
      on.tap(k, 'keyboard');
    },
    { signal },
  );
  el.addEventListener(
    'keydown',
    (e) => {
      const k = holeOf(e.target);
      if (k < 0 || e.defaultPrevented) return;
      if (e.key in DIRS && !e.ctrlKey && !e.metaKey && !e.altKey) {
        const [dx, dy] = DIRS[/** @type {keyof typeof DIRS} */ (e.key)];
        e.preventDefault();
        const next = geo.step(k, dx, dy);
        if (next !== k) buttons[next].focus();
        else on.cursor(k); // at the edge: show the cursor where it is
        return;
      }
      const a = actionFor(e);
      if (a === 'undo' || a === 'redo' || a === 'escape') {
        e.preventDefault();
        on.action(a);
      }
    },
    { signal },
  );

  return {
    /**
     * Builds one button per hole, grouped in rows (holes with the same y).
     * @param {import('../shared/wasm-types.js').Layout} layout
     */
    setLayout(layout) {
      /** @type {Map<number, HTMLElement>} */
      const rows = new Map();
      buttons = layout.holes.map((h) => {
        let row = rows.get(h.y);
        if (!row) {
          row = document.createElement('div');
          row.setAttribute('role', 'row');
          rows.set(h.y, row);
        }
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        const b = document.createElement('button');
        b.type = 'button';
        b.tabIndex = -1;
        b.dataset.hole = h.name;
        cell.append(b);
        row.append(cell);
        return b;
      });
      el.replaceChildren(...rows.values());
      roving = -1;
      setRoving(geo.center());
    },

    /** Lays the buttons over the holes (after a resize or a new board). */
    place() {
      buttons.forEach((b, k) => {
        const { x, y, r } = geo.holeBox(k);
        b.style.left = `${x - r}px`;
        b.style.top = `${y - r}px`;
        b.style.width = b.style.height = `${2 * r}px`;
      });
    },

    /**
     * Sets the buttons' labels (only those that changed are touched).
     * @param {string[]} labels by hole index
     */
    label(labels) {
      buttons.forEach((b, k) => {
        if (b.getAttribute('aria-label') !== labels[k]) b.setAttribute('aria-label', labels[k]);
      });
    },

    /**
     * Moves the focus to a hole's button (the roving one when `hole` is null).
     * @param {number|null} hole
     * @param {{cursor?: boolean, preventScroll?: boolean}} [opts] cursor: false when the pointer asked
     */
    focus(hole, { cursor = true, preventScroll = false } = {}) {
      const b = buttons[hole ?? roving];
      if (!b) return;
      quiet = !cursor;
      try {
        b.focus({ preventScroll });
      } finally {
        quiet = false;
      }
    },

    /** True while one of the buttons has the focus. */
    hasFocus: () => focused,
  };
}
