// The board's own DOM, inside a shadow root: the canvas, the accessible grid over it, a message
// line (loading, or why nothing could open), a note (a refused setting or table, while the game
// plays on), the live region and the theme probes. Styles are constructable
// stylesheets (adoptedStyleSheets), so a strict Content-Security-Policy (style-src 'self')
// is fine: no <style> element and no style attribute is ever written as HTML.

import { HOW_TO } from './a11y-text.js';
import { createProbe, probeCss } from './theme.js';

// Why here, not in the CSS: a comment inside the string would ship to every visitor. `:host`
// scrolls sideways: a board too long for its box (row:64) scrolls rather than shrink its holes,
// and fades at the edges that hide more of it (edges.js).
const CSS = `
:host {
  display: block;
  position: relative;
  min-height: 120px;
  overflow-x: auto;
  overflow-y: hidden;
  font-family: var(--pegwise-font, system-ui, sans-serif);
  -webkit-tap-highlight-color: transparent;
}
:host([hidden]) { display: none; }
.box { position: absolute; inset: 0; }
canvas {
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  touch-action: manipulation;
  user-select: none;
  -webkit-user-select: none;
  -webkit-touch-callout: none;
  border-radius: var(--pegwise-radius, 18px);
}
.grid { position: absolute; inset: 0; pointer-events: none; }
.grid [role="row"], .grid [role="gridcell"] { display: block; }
.grid button {
  position: absolute;
  margin: 0;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: transparent;
  font-size: 1px;
  pointer-events: none;
  outline: none;
}
.msg {
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  margin: 0;
  padding: 1rem;
  text-align: center;
  color: var(--pegwise-message, #6b6256);
}
.msg[hidden] { display: none; }
.note {
  position: absolute;
  top: 0.4rem;
  left: 0.4rem;
  right: 0.4rem;
  display: flex;
  align-items: flex-start;
  gap: 0.4rem;
  margin: 0;
  padding: 0.35rem 0.35rem 0.35rem 0.7rem;
  font-size: 0.8rem;
  line-height: 1.35;
  overflow-wrap: anywhere;
  color: var(--pegwise-note, #7c2d12);
  background: var(--pegwise-note-background, #fff7ed);
  border: 1px solid var(--pegwise-note-edge, #fdba74);
  border-radius: 8px;
  box-shadow: 0 1px 4px rgb(0 0 0 / 0.15);
}
.note[hidden] { display: none; }
.note span { flex: 1; max-height: 6.5em; overflow: auto; }
.note button {
  flex: none;
  font: inherit;
  font-size: 1rem;
  line-height: 1;
  padding: 0.1rem 0.4rem;
  color: inherit;
  background: transparent;
  border: 0;
  border-radius: 4px;
  cursor: pointer;
}
.note button:focus-visible { outline: 2px solid currentColor; }
.sr {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}
.probe { display: none; }
@media (forced-colors: active) {
  canvas { forced-color-adjust: none; }
  .msg { color: CanvasText; }
  .note { color: CanvasText; background: Canvas; border-color: CanvasText; }
}
`;

/** @type {CSSStyleSheet|null} shared by every board on the page */
let shared = null;

/**
 * @typedef {{
 *   root: ShadowRoot, box: HTMLElement, canvas: HTMLCanvasElement, grid: HTMLElement,
 *   msg: HTMLElement, note: HTMLElement, noteText: HTMLElement, noteClose: HTMLButtonElement,
 *   live: HTMLElement, probe: HTMLElement, sizeSheet: CSSStyleSheet, edgeSheet: CSSStyleSheet,
 * }} BoardDom
 *   sizeSheet: the host's shape (setAspect); edgeSheet: the fade at edges that hide more of a
 *   board wider than its box (edges.js)
 */

/**
 * Builds the board's DOM in the host's shadow root (attaching one if it has none).
 * @param {HTMLElement} host
 * @returns {BoardDom}
 */
export function buildDom(host) {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open', delegatesFocus: true });
  if (!shared) {
    shared = new CSSStyleSheet();
    shared.replaceSync(CSS + probeCss());
  }
  // the host's shape follows the board: one small sheet per board
  const sizeSheet = new CSSStyleSheet();
  sizeSheet.replaceSync(':host { aspect-ratio: 1; }');
  const edgeSheet = new CSSStyleSheet();
  root.adoptedStyleSheets = [shared, sizeSheet, edgeSheet];

  const box = document.createElement('div');
  box.className = 'box';
  box.setAttribute('part', 'board');
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  const grid = document.createElement('div');
  grid.className = 'grid';
  grid.setAttribute('aria-label', 'Peg solitaire board');
  const how = document.createElement('p');
  how.className = 'sr';
  how.id = 'how';
  how.textContent = HOW_TO;
  grid.setAttribute('aria-describedby', 'how');
  const msg = document.createElement('p');
  msg.className = 'msg';
  msg.setAttribute('part', 'message');
  msg.textContent = 'Loading the game…';
  const note = document.createElement('div');
  note.className = 'note';
  note.setAttribute('part', 'note');
  note.setAttribute('role', 'alert');
  note.hidden = true;
  const noteText = document.createElement('span');
  const noteClose = document.createElement('button');
  noteClose.type = 'button';
  noteClose.textContent = '×';
  noteClose.setAttribute('aria-label', 'Dismiss');
  note.append(noteText, noteClose);
  box.append(canvas, grid, msg, note);
  const live = document.createElement('div');
  live.className = 'sr';
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  const probe = createProbe();
  root.replaceChildren(box, how, live, probe);
  return { root, box, canvas, grid, msg, note, noteText, noteClose, live, probe, sizeSheet, edgeSheet };
}

/**
 * Empties the shadow root again.
 * @param {BoardDom} dom
 */
export function clearDom(dom) {
  dom.root.replaceChildren();
  dom.root.adoptedStyleSheets = [];
}

/** The least spacing between holes, in CSS pixels: every hole a target of at least 24 px. */
const MIN_SPACING = 24;

/**
 * Shapes the host like the board (width over height), unless the page sizes it itself, and
 * keeps the board wide enough for its holes to be targets of 24 px: past the host's width, it
 * scrolls.
 * @param {BoardDom} dom
 * @param {number} aspect
 * @param {number} span the board's width in hole spacings
 */
export function setAspect(dom, aspect, span) {
  dom.sizeSheet.replaceSync(`:host { aspect-ratio: ${aspect.toFixed(4)}; } .box { min-width: ${Math.ceil(span * MIN_SPACING)}px; }`);
}
