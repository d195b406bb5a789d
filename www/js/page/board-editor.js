// The board editor ("Draw a board"), loaded by app.js the first time the player asks for it: a
// modal dialog with a grid of cells to put holes in or out, on the square or the triangular
// lattice, a name, and a live preview of what wasm makes of the drawing (its link, holes and
// symmetries, the catalogue board it is, the game it opens with and whether that can be won, or
// what is wrong with it). "Play this board" hands the board's link text to the page, which opens
// it as it opens any board, so the address bar, Copy link and a reload carry it. Every rule is
// wasm's (describeBoard, in the Analysis panel's package, asked through a worker of the editor's
// own); this file draws and listens. Cancel or Esc leave the game as it was.

import { AnalysisEngine } from './analysis-engine.js';
import { boardLabel } from './boards.js';
import { CellGrid } from './editor-grid.js';
import { actionFor } from '../shared/keys.js';
import { problemWords } from '../shared/texts.js';
import { loadSheet } from './stylesheet.js';

/**
 * @typedef {import('../shared/wasm-types.js').BoardDescription} BoardDescription
 * @typedef {import('../shared/wasm-types.js').DrawingFault} DrawingFault
 * @typedef {import('../element/create-game.js').PegwiseGame} PegwiseGame
 */

/** The grid's smallest and largest side; wasm refuses more than 12 (its MAX_SIDE). */
const SIDE = { min: 3, max: 12 };
/** A new drawing when the board on the page can't be drawn (a row past 12 holes). */
const FIRST = { lattice: /** @type {const} */ ('square'), rows: 7, cols: 7 };
/** Wait this long after typing in the name before asking (a click asks at once). */
const TYPING_MS = 150;

/** How wasm's "can it be won" reads. */
const WINNABLE = {
  yes: 'can be won',
  no: 'can’t be won',
  unknown: 'not known before you play: the live search judges it as you go',
};
/** How a "no" is known. */
const WHY = { class: ' (position classes rule it out)', search: ' (a full search found no way)' };

/** @type {Promise<{open: () => void}>|null} the editor, built on first use */
let built = null;

/**
 * Opens the editor (built on the first call: its stylesheet, its dialog and its worker).
 * @param {PegwiseGame} game the page's board, for "the current board" and the catalogue's names
 * @param {(board: string) => void} play opens a board (its link text) on the page
 */
export async function openEditor(game, play) {
  built ??= build(game, play);
  (await built).open();
}

/**
 * Builds the dialog, once its stylesheet is in (or failed: then unstyled, not missing).
 * @param {PegwiseGame} game
 * @param {(board: string) => void} play
 */
async function build(game, play) {
  await loadSheet('editor.css');
  const dialog = document.createElement('dialog');
  dialog.className = 'editor';
  dialog.setAttribute('aria-labelledby', 'ed-title');
  dialog.innerHTML = `
    <h2 id="ed-title">Draw a board</h2>
    <div class="ed-options">
      <div class="segmented" role="radiogroup" aria-label="Lattice">
        <label><input type="radio" name="ed-lattice" value="square" checked> Square</label>
        <label><input type="radio" name="ed-lattice" value="triangular"> Triangular</label>
      </div>
      <div class="row ed-size">
        <label>Rows <input id="ed-rows" type="number" min="${SIDE.min}" max="${SIDE.max}" step="1"></label>
        <label>Columns <input id="ed-cols" type="number" min="${SIDE.min}" max="${SIDE.max}" step="1"></label>
      </div>
      <div class="row ed-start" role="group" aria-label="Start from">
        <button type="button" data-start="empty">Empty</button>
        <button type="button" data-start="full">Full</button>
        <button type="button" data-start="current">The current board</button>
      </div>
    </div>
    <p id="ed-help" class="muted">Click or tap a cell to put a hole in or out; arrow keys move between cells.</p>
    <div id="ed-grid" class="ed-grid" role="group" aria-label="Holes" aria-describedby="ed-help"></div>
    <div class="field">
      <label for="ed-name">Name (optional: letters, digits, - and _)</label>
      <input id="ed-name" type="text" maxlength="40" spellcheck="false" autocomplete="off">
    </div>
    <div id="ed-preview" class="ed-preview" aria-live="polite"></div>
    <div class="ed-actions">
      <button id="ed-cancel" type="button">Cancel</button>
      <button id="ed-play" type="button" class="primary" disabled>Play this board</button>
    </div>`;
  document.body.append(dialog);
  /** @param {string} id */
  const $ = (id) => /** @type {any} */ (dialog.querySelector(`#${id}`));
  const rowsIn = /** @type {HTMLInputElement} */ ($('ed-rows'));
  const colsIn = /** @type {HTMLInputElement} */ ($('ed-cols'));
  const nameIn = /** @type {HTMLInputElement} */ ($('ed-name'));
  const preview = /** @type {HTMLElement} */ ($('ed-preview'));
  const playBtn = /** @type {HTMLButtonElement} */ ($('ed-play'));
  const grid = new CellGrid($('ed-grid'), () => ask());

  // the editor's own worker, with the Analysis package (the wasm and tables sit two folders up)
  const engine = new AnalysisEngine(new URL('../../', import.meta.url).href);
  engine.spawn();
  const catalogue = game.boards().catch(() => []);

  /** What the last answer was about (older answers are dropped), and the answer. */
  let asked = 0;
  /** @type {BoardDescription|null} */
  let described = null;
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  let typing;
  /** The question being answered now, if any: the next waits for it. @type {Promise<unknown>} */
  let queue = Promise.resolve();

  /**
   * Asks wasm about a request; answers that arrive after a newer question are dropped.
   * @param {object} request
   * @returns {Promise<{board?: BoardDescription, error?: DrawingFault}|null>} null when stale
   */
  async function describe(request) {
    const mine = ++asked;
    described = null;
    playBtn.disabled = true;
    // one question at a time (an answer may take the live search 200 ms): a drawing changed
    // again before its turn is not asked about at all
    const turn = queue.then(async () => {
      if (mine !== asked) return null;
      try {
        return await engine.send('describeBoard', undefined, { request });
      } catch (e) {
        return { error: { kind: 'failed', param: '', value: '', message: `the editor’s engine failed (${e instanceof Error ? e.message : e}): reload the page to try again` } };
      }
    });
    queue = turn;
    const answer = await turn;
    return mine === asked ? answer : null;
  }

  /** Asks about the drawing as it is now and shows the answer. */
  async function ask() {
    clearTimeout(typing);
    preview.dataset.state = 'checking';
    const answer = await describe({ lattice: grid.lattice, rows: grid.cells, name: nameIn.value });
    if (answer) show(answer);
  }

  /**
   * Starts a drawing: empty, full, or the board on the page.
   * @param {'empty'|'full'|'current'} how
   */
  async function start(how) {
    if (how !== 'current') {
      grid.show(grid.lattice, Array.from({ length: grid.cells.length }, () => Array(grid.cells[0].length).fill(how === 'full')));
      return ask();
    }
    const board = game.state()?.board;
    const answer = board ? await describe({ text: board }) : null;
    if (!answer) return;
    if (answer.error) {
      show(answer, 'The current board can’t be drawn here');
      return;
    }
    if (answer.board) {
      const d = answer.board;
      setLattice(d.lattice);
      grid.show(d.lattice, d.cells);
      sizeInputs();
      nameIn.value = d.name ?? '';
    }
    show(answer);
  }

  /** @param {'square'|'triangular'} lattice */
  function setLattice(lattice) {
    const r = /** @type {HTMLInputElement} */ (dialog.querySelector(`input[name="ed-lattice"][value="${lattice}"]`));
    r.checked = true;
  }

  function sizeInputs() {
    rowsIn.value = String(grid.cells.length);
    colsIn.value = String(grid.cells[0].length);
  }

  /**
   * Shows wasm's answer in the preview; Play is on only for a board.
   * @param {{board?: BoardDescription, error?: DrawingFault}} answer
   * @param {string} [refused] what a refusal is about
   */
  async function show(answer, refused = 'Can’t play this yet') {
    const mine = asked;
    if (answer.error || !answer.board) {
      preview.dataset.state = 'error';
      preview.replaceChildren(line('ed-error', `${refused}: ${answer.error?.message ?? 'no answer'}.`));
      return;
    }
    const d = answer.board;
    const boards = await catalogue;
    if (mine !== asked) return;
    const entry = boards.find((b) => b.name === d.twin || (b.name.startsWith('row:') && d.twin?.startsWith('row:')));
    const twinName = entry ? (d.twin?.startsWith('row:') ? `a row of ${d.holes}` : boardLabel(entry)) : d.twin;
    const hints = d.tables ? 'hints from its tables' : 'hints from the live search';
    const same = d.twin ? `Same as ${twinName}${d.turned ? ', turned to stand as it does' : ''}: ${hints}.` : `A shape of its own: ${hints}.`;
    const why = d.winnable === 'no' && d.why ? WHY[d.why] : '';
    const link = document.createElement('p');
    link.className = 'ed-link';
    link.append('Link: ');
    const code = document.createElement('code');
    code.textContent = `board=${d.spec}`;
    link.append(code);
    preview.dataset.state = 'ok';
    preview.replaceChildren(
      line('ed-facts', `${d.holes} holes, ${d.symmetries} ${d.symmetries === 1 ? 'symmetry' : 'symmetries'}. ${same}`),
      line('ed-opening', `Opens with ${problemWords(d.opening)}: ${WINNABLE[d.winnable]}${why}.`),
      link,
    );
    described = d;
    playBtn.disabled = false;
  }

  /** @param {string} cls @param {string} text */
  function line(cls, text) {
    const p = document.createElement('p');
    p.className = cls;
    p.textContent = text;
    return p;
  }

  /** @param {HTMLInputElement} input */
  const side = (input) => Math.min(SIDE.max, Math.max(SIDE.min, Math.round(Number(input.value) || SIDE.min)));
  for (const input of [rowsIn, colsIn]) {
    input.addEventListener('change', () => {
      grid.resize(side(rowsIn), side(colsIn));
      sizeInputs();
      ask();
    });
  }
  for (const r of dialog.querySelectorAll('input[name="ed-lattice"]')) {
    r.addEventListener('change', (e) => {
      grid.show(/** @type {'square'|'triangular'} */ (/** @type {HTMLInputElement} */ (e.target).value), grid.cells);
      ask();
    });
  }
  for (const b of dialog.querySelectorAll('[data-start]')) {
    b.addEventListener('click', () => start(/** @type {any} */ (/** @type {HTMLElement} */ (b).dataset.start)));
  }
  nameIn.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(ask, TYPING_MS);
  });
  $('ed-cancel').addEventListener('click', () => dialog.close());
  playBtn.addEventListener('click', () => {
    if (!described) return;
    dialog.close();
    play(described.spec);
    // the board, not the button that opened the editor (below it on a phone), is what to see
    document.getElementById('board')?.scrollIntoView({ block: 'nearest' });
  });
  // the page's shortcut keys (U undo, H hints, …) are not for the game behind the dialog while
  // it is open: marked taken before the page's listener sees them. Esc is kept from the page
  // (which would take it, and so keep the dialog from closing) and closes the dialog.
  addEventListener(
    'keydown',
    (e) => {
      const t = /** @type {HTMLElement} */ (e.target);
      if (!dialog.open || !dialog.contains(t)) return;
      if (e.key === 'Escape') e.stopPropagation();
      else if (!(t instanceof HTMLInputElement) && actionFor(e)) e.preventDefault();
    },
    { capture: true },
  );

  // the first drawing: the board on the page, else an empty grid
  grid.show(FIRST.lattice, Array.from({ length: FIRST.rows }, () => Array(FIRST.cols).fill(false)));
  sizeInputs();
  let first = true;
  return {
    open() {
      dialog.showModal();
      if (first) {
        first = false;
        start('current');
      }
    },
  };
}
