// The embedding example pages: toolbar buttons that call each board's API, and a log of the
// events both boards dispatch. Plain module script, so it runs under a strict CSP too.
import { plural } from '../shared/words.js';
import { HINT_MODES } from '../shared/config.js';

const log = /** @type {HTMLOListElement} */ (document.getElementById('log'));

/**
 * Adds a line to the event log.
 * @param {string} text
 */
function note(text) {
  const li = document.createElement('li');
  li.textContent = text;
  log.prepend(li);
  while (log.children.length > 40) log.lastElementChild?.remove();
}

/** @type {Record<string, (d: any) => string>} */
const SAY = {
  move: (d) => `${d.jump} (${d.by}), ${plural(d.state.pegCount, 'peg')}`,
  undo: (d) => `took back ${d.jump}`,
  solved: (d) => `solved in ${d.moves} moves, last peg in ${d.hole}`,
  deadend: (d) => `dead end${d.jump ? ` after ${d.jump}` : ''}`,
  stuck: (d) => `stuck with ${plural(d.pegCount, 'peg')}`,
};
for (const type of Object.keys(SAY)) {
  document.addEventListener(type, (e) => {
    const el = /** @type {HTMLElement} */ (e.target);
    note(`${el.id}: ${type}: ${SAY[type](/** @type {CustomEvent} */ (e).detail)}`);
  });
}

// each board's Undo, Redo and Reset are enabled only when there is something to take back or replay
document.addEventListener('change', (e) => {
  const el = /** @type {HTMLElement} */ (e.target);
  const state = /** @type {CustomEvent} */ (e).detail?.state;
  if (!state || el.localName !== 'peg-solitaire') return;
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll(`button[data-for="${el.id}"]`))) {
    const what = b.getAttribute('data-do');
    if (what === 'undo' || what === 'reset') b.disabled = !state.canUndo;
    else if (what === 'redo') b.disabled = !state.canRedo;
  }
});

document.addEventListener('click', (e) => {
  const b = /** @type {HTMLElement} */ (e.target).closest('button[data-for]');
  if (!b) return;
  const el = /** @type {any} */ (document.getElementById(/** @type {string} */ (b.getAttribute('data-for'))));
  const game = el?.game;
  if (!game) return;
  const what = b.getAttribute('data-do');
  if (what === 'hint') {
    const next = HINT_MODES[(HINT_MODES.indexOf(game.state()?.hints ?? 'hover') + 1) % HINT_MODES.length];
    el.setAttribute('hints', next);
    b.textContent = `Hints: ${next}`;
    return;
  }
  game[/** @type {'undo'|'redo'|'reset'} */ (what)]().catch((/** @type {Error} */ err) => note(`${el.id}: ${err.message}`));
});
