// The pickers beside the board: board (with a row length), start hole, goal, hint mode,
// hole names. They report choices; app.js opens games and keeps them in sync.

import { boardFamily, boardLabel, drawnLabel } from './boards.js';

/** @param {string} id */
const $ = (id) => /** @type {any} */ (document.getElementById(id));

/**
 * @typedef {{
 *   board: (name: string) => void,
 *   start: (hole: string) => void,
 *   goal: (goal: string) => void,
 *   pickStart: (on: boolean) => void,
 *   hintMode: (mode: 'off'|'hover'|'always') => void,
 *   names: (on: boolean) => void,
 * }} ControlHandlers
 */

/**
 * Fills the board picker from the catalogue (asked for once the first game is judged: the
 * controls work before it comes).
 * @param {import('../shared/wasm-types.js').BoardEntry[]} boards from wasm's boards()
 */
export function fillBoards(boards) {
  const boardSel = $('board-select');
  for (const b of boards) {
    const o = document.createElement('option');
    o.value = boardFamily(b.name);
    o.textContent = boardLabel(b);
    boardSel.append(o);
  }
}

/**
 * Wires every control.
 * @param {ControlHandlers} on
 */
export function setupControls(on) {
  const boardSel = $('board-select');
  const rowLen = $('row-length');
  const chosenBoard = () => (boardSel.value === 'row' ? `row:${rowLength()}` : boardSel.value);
  const rowLength = () => Math.min(64, Math.max(3, Math.round(Number(rowLen.value) || 7)));
  boardSel.addEventListener('change', () => {
    rowLen.hidden = boardSel.value !== 'row';
    on.board(chosenBoard());
  });
  rowLen.addEventListener('change', () => {
    rowLen.value = String(rowLength());
    on.board(chosenBoard());
  });
  $('start-select').addEventListener('change', (/** @type {Event} */ e) => on.start(/** @type {HTMLSelectElement} */ (e.target).value));
  $('pick-start').addEventListener('click', (/** @type {Event} */ e) => on.pickStart(/** @type {HTMLElement} */ (e.currentTarget).getAttribute('aria-pressed') !== 'true'));
  const goalSel = $('goal-select');
  const goalHole = $('goal-hole');
  goalSel.addEventListener('change', () => {
    goalHole.hidden = goalSel.value !== 'hole';
    // a chosen hole starts at the start hole; the player then picks another
    if (goalSel.value === 'hole') goalHole.value = $('start-select').value;
    on.goal(goalSel.value === 'hole' ? goalHole.value : goalSel.value);
  });
  goalHole.addEventListener('change', () => on.goal(goalHole.value));
  for (const r of document.querySelectorAll('input[name="hint-mode"]')) {
    r.addEventListener('change', (e) => on.hintMode(/** @type {any} */ (e.target).value));
  }
  $('names').addEventListener('change', (/** @type {Event} */ e) => on.names(/** @type {HTMLInputElement} */ (e.target).checked));
}

/** What the start picker says about a hole that can't be won from, or isn't known to. */
const WINS = { yes: '', no: ' (can’t win)', unknown: ' (?)' };

/**
 * Marks the start picker's holes with wasm's answers for the chosen goal: a start that can't
 * be won says so in its text (which screen readers read too).
 * @param {import('../shared/wasm-types.js').StartHint[]|null} starts
 */
export function markStarts(starts) {
  const sel = $('start-select');
  const by = new Map((starts ?? []).map((st) => [st.hole, st.winnable]));
  for (const o of sel.options) {
    if (!o.value) continue; // "a set position"
    const text = `${o.value}${WINS[by.get(o.value) ?? 'yes'] ?? ''}`;
    if (o.textContent !== text) o.textContent = text;
    o.classList.toggle('lost', by.get(o.value) === 'no');
  }
}

/**
 * Marks the goal holes that can't be won from the start (wasm's answers), as the starts are.
 * @param {import('../shared/wasm-types.js').StartHint[]|null} goals
 */
export function markGoals(goals) {
  const sel = $('goal-hole');
  const by = new Map((goals ?? []).map((g) => [g.hole, g.winnable]));
  for (const o of sel.options) {
    const text = `${o.value}${WINS[by.get(o.value) ?? 'yes'] ?? ''}`;
    if (o.textContent !== text) o.textContent = text;
    o.classList.toggle('lost', by.get(o.value) === 'no');
  }
}

/**
 * Makes the controls show the current game and settings.
 * @param {{board: string, boardName: string, start: string, goal: string, holes: string[],
 *   hintMode: string, names: boolean, pickStart: boolean}} s boardName: what wasm calls the
 *   board; start: the start hole, or '' for a game from a set position
 */
export function syncControls(s) {
  const boardSel = $('board-select');
  const rowLen = $('row-length');
  const fam = boardFamily(s.board);
  // a drawn board (ascii:…) gets an entry of its own while it is open, with its name
  for (const o of boardSel.querySelectorAll('option.drawn')) if (o.value !== fam) o.remove();
  if (fam.startsWith('ascii') && ![...boardSel.options].some((o) => o.value === fam)) {
    const o = document.createElement('option');
    o.value = fam;
    o.className = 'drawn';
    o.textContent = drawnLabel(s.boardName, s.holes.length);
    boardSel.append(o);
  }
  boardSel.value = fam;
  rowLen.hidden = fam !== 'row';
  if (fam === 'row') rowLen.value = s.board.slice(4);
  for (const id of ['start-select', 'goal-hole']) {
    const sel = $(id);
    const have = [...sel.options].map((o) => o.value).filter(Boolean).join(' ');
    if (have !== s.holes.join(' ')) {
      sel.replaceChildren(
        ...s.holes.map((h) => {
          const o = document.createElement('option');
          o.value = h;
          o.textContent = h;
          return o;
        }),
      );
    }
  }
  // a game from a set position has no start hole: the picker says so
  const startSel = $('start-select');
  let set = startSel.querySelector('option[value=""]');
  if (s.start === '' && !set) {
    set = document.createElement('option');
    set.value = '';
    set.textContent = 'a set position';
    startSel.prepend(set);
  } else if (s.start !== '' && set) set.remove();
  startSel.value = s.start;
  const goalSel = $('goal-select');
  const goalHole = $('goal-hole');
  if (s.goal === 'start' || s.goal === 'any') {
    goalSel.value = s.goal;
    goalHole.hidden = true;
  } else {
    goalSel.value = 'hole';
    goalHole.hidden = false;
    goalHole.value = s.goal;
  }
  const radio = document.querySelector(`input[name="hint-mode"][value="${s.hintMode}"]`);
  if (radio) /** @type {HTMLInputElement} */ (radio).checked = true;
  $('names').checked = s.names;
  $('pick-start').setAttribute('aria-pressed', String(s.pickStart));
}
