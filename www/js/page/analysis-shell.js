// The Analysis panel's place on the full page: a closed <details> (its state remembered) whose
// contents and engine (analysis-panel.js, with its own worker and wasm) load only when it is
// first opened, so a plain game never downloads them.

import { resolveSrc } from '../element/engine.js';

/** The panel's open state, remembered across visits. */
const OPEN_KEY = 'pegwise.analysis';

/**
 * Puts the panel into the page's side column, opens it when it was left open, and loads its
 * contents on its first opening.
 * @param {HTMLElement} el the <peg-solitaire> element
 * @param {import('../element/create-game.js').PegwiseGame} game its API
 */
export function setupAnalysisShell(el, game) {
  const aside = document.querySelector('.panel');
  if (!aside) return;
  const box = document.createElement('details');
  box.className = 'card analysis';
  box.id = 'analysis';
  box.innerHTML = '<summary>Analysis</summary>';
  aside.insertBefore(box, aside.querySelector('details.help'));
  // loaded once: a module that failed to arrive stays failed for this page (browsers keep the
  // failure in their module map), so the note says to reload rather than retrying
  let loading = false;
  box.addEventListener('toggle', () => {
    try {
      localStorage.setItem(OPEN_KEY, box.open ? '1' : '0');
    } catch {
      // storage off: the panel just isn't remembered
    }
    if (!box.open || loading) return;
    loading = true;
    const note = document.createElement('p');
    note.className = 'muted';
    note.textContent = 'Loading the analysis…';
    box.append(note);
    /** @param {unknown} e */
    const failed = (e) => {
      note.setAttribute('role', 'alert');
      note.textContent = `The analysis could not be loaded (${e instanceof Error ? e.message : e}): reload the page to try again.`;
    };
    import('./analysis-panel.js')
      .then((m) => m.setupAnalysis(el, game, box, resolveSrc(undefined)))
      .then(() => note.remove(), failed);
  });
  try {
    box.open = localStorage.getItem(OPEN_KEY) === '1';
  } catch {
    // storage off
  }
}
