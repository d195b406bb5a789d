// The board's colours and peg style, from CSS custom properties on the board element. Each colour
// is resolved by the browser through a hidden probe (so any CSS colour works: names, hex, rgb(),
// oklch(), color-mix(), light-dark()), and forced-colors mode maps them to system colours.

/**
 * Theme slots: custom property, default, and the system colour used in forced-colors mode.
 * @type {Record<string, [string, string, string]>}
 */
export const THEME_VARS = {
  background: ['--pegwise-background', 'transparent', 'Canvas'],
  board: ['--pegwise-board', '#e6bf7c', 'Canvas'],
  boardEdge: ['--pegwise-board-edge', '#8a5a2b', 'CanvasText'],
  hole: ['--pegwise-hole', '#4a2a12', 'Canvas'],
  holeRim: ['--pegwise-hole-rim', '#fff4dc', 'CanvasText'],
  peg: ['--pegwise-peg', '#4f46e5', 'CanvasText'],
  good: ['--pegwise-good', '#15803d', 'CanvasText'],
  bomb: ['--pegwise-bomb', '#111827', 'CanvasText'],
  unknown: ['--pegwise-unknown', '#fbbf24', 'Canvas'],
  markInk: ['--pegwise-mark-ink', '#ffffff', 'Canvas'],
  unknownInk: ['--pegwise-unknown-ink', '#451a03', 'CanvasText'],
  select: ['--pegwise-select', '#f59e0b', 'Highlight'],
  focus: ['--pegwise-focus', '#0369a1', 'Highlight'],
  goal: ['--pegwise-goal', '#78350f', 'LinkText'],
  label: ['--pegwise-label', '#3b2210', 'CanvasText'],
  glow: ['--pegwise-glow', '#fde047', 'Highlight'],
};

/**
 * @typedef {Record<keyof typeof THEME_VARS, string> & {pegStyle: 'glass'|'flat', font: string,
 *   forced: boolean, key: string}} Theme
 *   colours as the browser computed them; key: changes whenever anything in the theme does
 */

/**
 * The CSS for the probes (one span per slot inside `.probe`), for the shadow root's sheet.
 * @returns {string}
 */
export function probeCss() {
  const rules = Object.entries(THEME_VARS).map(([k, [v, d]]) => `.probe [data-k="${k}"] { color: var(${v}, ${d}); }`);
  const forced = Object.entries(THEME_VARS).map(([k, [, , f]]) => `  .probe [data-k="${k}"] { color: ${f}; }`);
  return `${rules.join('\n')}\n.probe [data-k="font"] { font-family: var(--pegwise-font, system-ui, sans-serif); }\n@media (forced-colors: active) {\n${forced.join('\n')}\n}\n`;
}

/**
 * Builds the probe spans.
 * @returns {HTMLElement} a hidden container to put in the shadow root
 */
export function createProbe() {
  const box = document.createElement('div');
  box.className = 'probe';
  box.setAttribute('aria-hidden', 'true');
  for (const k of [...Object.keys(THEME_VARS), 'font']) {
    const s = document.createElement('span');
    s.dataset.k = k;
    box.append(s);
  }
  return box;
}

const forcedQuery = window.matchMedia('(forced-colors: active)');
/** @type {WeakMap<HTMLElement, Array<[string, CSSStyleDeclaration]>>} */
const computed = new WeakMap();

/**
 * Reads the theme now (cheap when nothing changed: the styles are already computed).
 * @param {HTMLElement} host the board element (for --pegwise-peg-style)
 * @param {HTMLElement} probe from createProbe()
 * @returns {Theme}
 */
export function readTheme(host, probe) {
  let styles = computed.get(probe);
  if (!styles) {
    // computed styles are live: look them up once, read them every frame
    styles = [...probe.querySelectorAll('span')].map((s) => /** @type {[string, CSSStyleDeclaration]} */ ([/** @type {HTMLElement} */ (s).dataset.k, getComputedStyle(s)]));
    computed.set(probe, styles);
  }
  /** @type {any} */
  const t = {};
  for (const [k, cs] of styles) t[k] = k === 'font' ? cs.fontFamily : cs.color;
  t.forced = forcedQuery.matches;
  const style = getComputedStyle(host).getPropertyValue('--pegwise-peg-style').trim();
  t.pegStyle = t.forced || style === 'flat' ? 'flat' : 'glass';
  t.key = JSON.stringify(t);
  return /** @type {Theme} */ (t);
}

/**
 * Calls `changed` when the system's colour scheme, contrast or forced colours change (the
 * page's own theme changes are seen at the next redraw).
 * @param {() => void} changed
 * @returns {() => void} stops listening
 */
export function watchSystemTheme(changed) {
  const queries = ['(prefers-color-scheme: dark)', '(forced-colors: active)', '(prefers-contrast: more)'].map((q) => window.matchMedia(q));
  for (const q of queries) q.addEventListener('change', changed);
  return () => {
    for (const q of queries) q.removeEventListener('change', changed);
  };
}
