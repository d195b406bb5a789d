// The board's own DOM, inside a shadow root: the canvas, the accessible grid over it, a message
// line (loading, errors), the live region and the theme probes. Styles are constructable
// stylesheets (adoptedStyleSheets), so a strict Content-Security-Policy (style-src 'self')
// is fine: no <style> element and no style attribute is ever written as HTML.

import { HOW_TO } from './a11y-text.js';
import { createProbe, probeCss } from './theme.js';

const CSS = `
:host {
  display: block;
  position: relative;
  min-height: 120px;
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
}
`;

/** @type {CSSStyleSheet|null} shared by every board on the page */
let shared = null;

/**
 * @typedef {{
 *   root: ShadowRoot, box: HTMLElement, canvas: HTMLCanvasElement, grid: HTMLElement,
 *   msg: HTMLElement, live: HTMLElement, probe: HTMLElement, sizeSheet: CSSStyleSheet,
 * }} BoardDom
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
  root.adoptedStyleSheets = [shared, sizeSheet];

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
  box.append(canvas, grid, msg);
  const live = document.createElement('div');
  live.className = 'sr';
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  const probe = createProbe();
  root.replaceChildren(box, how, live, probe);
  return { root, box, canvas, grid, msg, live, probe, sizeSheet };
}

/**
 * Empties the shadow root again.
 * @param {BoardDom} dom
 */
export function clearDom(dom) {
  dom.root.replaceChildren();
  dom.root.adoptedStyleSheets = [];
}

/**
 * Shapes the host like the board (width over height), unless the page sizes it itself.
 * @param {BoardDom} dom
 * @param {number} aspect
 */
export function setAspect(dom, aspect) {
  dom.sizeSheet.replaceSync(`:host { aspect-ratio: ${aspect.toFixed(4)}; }`);
}
