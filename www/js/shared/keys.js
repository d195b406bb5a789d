// Keyboard shortcuts: which action a key asks for (the board uses it for undo, redo and
// Escape; the full page for all of them). The board's arrow keys live in grid.js.

/**
 * @typedef {'undo'|'redo'|'reset'|'step'|'solve'|'hints'|'names'|'escape'} Action
 */

/**
 * The action a key press asks for, or null.
 * @param {KeyboardEvent} e
 * @returns {Action|null}
 */
export function actionFor(e) {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (e.ctrlKey || e.metaKey) {
    if (e.altKey) return null;
    if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
    return null;
  }
  if (e.altKey) return null;
  /** @type {Record<string, Action>} */
  const plain = { u: 'undo', r: 'redo', Home: 'reset', s: 'step', p: 'solve', h: 'hints', n: 'names', Escape: 'escape' };
  return /** @type {Action|undefined} */ (plain[key]) ?? null;
}

/**
 * Calls `run(action)` for shortcut keys anywhere on the page, except while typing in a form
 * field. It listens in the capture phase and marks the keys it took (preventDefault), so a
 * board that has the focus leaves them to the page.
 * @param {(a: Action) => void} run
 */
export function listenKeys(run) {
  document.addEventListener(
    'keydown',
    (e) => {
      const t = /** @type {HTMLElement} */ (e.target);
      const typing = t instanceof HTMLInputElement && t.type !== 'checkbox' && t.type !== 'radio';
      if (e.defaultPrevented || typing || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement || t.isContentEditable) return;
      const a = actionFor(e);
      if (!a) return;
      e.preventDefault();
      run(a);
    },
    { capture: true },
  );
}
