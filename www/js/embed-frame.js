// embed-frame.html?board=…&start=…&goal=…&hints=…&moves=…&names=1: one board for sites that
// can only add an <iframe>. The game's events are passed on to the parent page with
// postMessage, as {source: 'pegwise', type, detail} (detail without its `state`, plus `state`
// as plain data), so even a frame can be listened to.

import './peg-solitaire.js';

const el = /** @type {import('./peg-solitaire.js').PegSolitaire} */ (document.getElementById('board'));
const q = new URLSearchParams(location.search);
for (const k of ['board', 'start', 'goal', 'hints', 'moves', 'names']) {
  const v = q.get(k);
  if (v !== null) el.setAttribute(k, v);
}
const game = /** @type {import('./create-game.js').PegwiseGame} */ (el.game);
const status = /** @type {HTMLElement} */ (document.getElementById('status'));

/** @type {Record<string, string>} */
const WORDS = { playing: '', solved: 'Solved!', deadend: 'Dead end: undo to go back.', stuck: 'Stuck: no jumps left.' };

el.addEventListener('change', (e) => {
  const { state } = /** @type {CustomEvent} */ (e).detail;
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('button[data-do]'))) {
    b.disabled = b.dataset.do === 'redo' ? !state.canRedo : !state.canUndo;
  }
  status.textContent = state.error && state.status === null ? state.error : `${state.pegCount} pegs. ${WORDS[state.status] ?? ''}`;
});

document.addEventListener('click', (e) => {
  const b = /** @type {HTMLElement} */ (e.target).closest('button[data-do]');
  if (!b) return;
  const what = /** @type {'undo'|'redo'|'reset'} */ (b.getAttribute('data-do'));
  game[what]().catch(() => {});
});

if (window.parent !== window) {
  for (const type of ['move', 'undo', 'solved', 'deadend', 'stuck']) {
    el.addEventListener(type, (e) => {
      window.parent.postMessage({ source: 'pegwise', type, detail: /** @type {CustomEvent} */ (e).detail }, '*');
    });
  }
}
