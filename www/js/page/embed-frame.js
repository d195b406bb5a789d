// embed-frame.html?board=…&start=…&goal=…&hints=…&moves=…&names=1: one board for sites that
// can only add an <iframe>. The game's events are passed on to the parent page with
// postMessage, as {source: 'pegwise', type, detail}, so even a frame can be listened to. Any
// parent hears the event's own detail without its `state` (which holds the whole game); a host
// that names its origin (`origin=https://host.example`) is sent the `state` too, and only it.

import '../element/peg-solitaire.js';
import { plural } from '../shared/words.js';
import { ATTRIBUTES } from '../shared/config.js';

const el = /** @type {import('../element/peg-solitaire.js').PegSolitaire} */ (document.getElementById('board'));
const q = new URLSearchParams(location.search);
// the element's attributes, but its src: a frame loads from its own site
for (const k of ATTRIBUTES.filter((a) => a !== 'src')) {
  const v = q.get(k);
  if (v !== null) el.setAttribute(k, v);
}
const game = /** @type {import('../element/create-game.js').PegwiseGame} */ (el.game);
const status = /** @type {HTMLElement} */ (document.getElementById('status'));

/** @type {Record<string, string>} */
const WORDS = { playing: '', solved: 'Solved!', deadend: 'Dead end: undo to go back.', stuck: 'Stuck: no jumps left.' };

el.addEventListener('change', (e) => {
  const { state } = /** @type {CustomEvent} */ (e).detail;
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('button[data-do]'))) {
    b.disabled = b.dataset.do === 'redo' ? !state.canRedo : !state.canUndo;
  }
  if (state.error && state.status === null) {
    status.textContent = state.error;
    return;
  }
  // the verdict first, so a narrow frame never cuts it
  const word = WORDS[state.status] ?? '';
  const pegs = `${plural(state.pegCount, 'peg')} left.`;
  status.replaceChildren(...(word ? [Object.assign(document.createElement('b'), { textContent: word }), ' '] : []), pegs);
});

document.addEventListener('click', (e) => {
  const b = /** @type {HTMLElement} */ (e.target).closest('button[data-do]');
  if (!b) return;
  const what = /** @type {'undo'|'redo'|'reset'} */ (b.getAttribute('data-do'));
  game[what]().catch(() => {});
});

/** The parent's origin, when the host named a well-formed one: it alone gets the state. */
const host = (() => {
  const o = q.get('origin');
  try {
    return o && new URL(o).origin === o ? o : null;
  } catch {
    return null;
  }
})();

if (window.parent !== window) {
  for (const type of ['move', 'undo', 'solved', 'deadend', 'stuck']) {
    el.addEventListener(type, (e) => {
      const { state, ...detail } = /** @type {CustomEvent} */ (e).detail;
      if (host) window.parent.postMessage({ source: 'pegwise', type, detail: { ...detail, state } }, host);
      else window.parent.postMessage({ source: 'pegwise', type, detail }, '*');
    });
  }
}
