// The Analysis panel's contents, loaded by analysis-shell.js when the panel is first opened. It
// shows for the position on the board how many jump sequences still reach the goal (and how many
// sequences of positions, up to symmetry), the chance that random play wins, the positions every
// winning game passes through, the fewest moves left (the first one drawn on the board) and,
// once the goal is lost, the best finish.
// Every figure comes from wasm, asked through a worker of the panel's own (analysis-engine.js).
// Its edit mode lets the player add and remove pegs: a click on a hole (or Enter on the board's
// cursor, or the position typed in) opens a game from that position, which the address bar and
// the save then carry like any other.

import { AnalysisEngine } from './analysis-engine.js';
import { loadSheet } from './stylesheet.js';

/** Reasons of a board `change` that mean another position (or game). */
const MOVED = new Set(['open', 'move', 'undo', 'redo', 'reset', 'seek']);
/** Wait this long after a move before asking (a replay moves fast). */
const SETTLE_MS = 120;

/**
 * A count for people: in full with thousands separators, and from a million on also as
 * 4.1×10^16. Works on the decimal text (counts pass 2^53).
 * @param {string} digits
 */
export function countText(digits) {
  const full = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (digits.length < 7) return full;
  let exp = digits.length - 1;
  let m = Math.round(Number(digits.slice(0, 3)) / 10); // two significant digits
  if (m === 100) {
    m = 10;
    exp += 1;
  }
  return `${full} (${Math.floor(m / 10)}.${m % 10}×10^${exp})`;
}

/**
 * A chance for people: "1 in N (p%)", N whole from 100 on, p with three significant digits.
 * @param {number} chance from 0 to 1
 * @param {number|null} oneIn 1 / chance, from wasm
 */
export function chanceText(chance, oneIn) {
  if (!(chance > 0) || oneIn === null) return '0: no random game wins';
  const n = oneIn >= 100 ? Math.round(oneIn).toLocaleString('en-US') : oneIn.toFixed(1);
  const pct = chance * 100;
  const digits = pct >= 100 ? 0 : pct >= 10 ? 1 : Math.min(40, Math.max(0, 2 - Math.floor(Math.log10(pct))));
  return `1 in ${n} (${pct.toFixed(digits)}%)`;
}

/**
 * The positions every winning game passes through, after this one, for people: one line each,
 * with the forced jump into it where there is one.
 * @param {import('../shared/wasm-types.js').ForcedPosition[]} positions wasm's, this one first
 * @returns {string[]}
 */
export function forcedLines(positions) {
  if (!positions.length) return ['none: the goal can’t be reached from here'];
  // only this one: it is the finish, or the winning games part ways from here
  if (positions.length === 1) return [positions[0].pegs === 1 ? 'none: the goal is reached' : 'none: the winning games go different ways from here'];
  const rest = positions.slice(1);
  return rest.map((p, i) => {
    const pegs = p.pegs === 1 ? '1 peg' : `${p.pegs} pegs`;
    const how = p.jump ? `, after the forced jump ${p.jump.jump}` : '';
    const last = i === rest.length - 1 ? 'the finish, ' : '';
    return `${last}${pegs}${how}: ${p.position}`;
  });
}

/**
 * Builds the panel's contents into its box (after the summary), once their stylesheet is in
 * (or failed: the figures are then unstyled, not missing), and wires them to the board; the box
 * may be open already (then it answers at once).
 * @param {HTMLElement} el the <peg-solitaire> element
 * @param {import('../element/create-game.js').PegwiseGame} game its API
 * @param {HTMLDetailsElement} box the panel (analysis-shell.js)
 * @param {string} src the base URL of the wasm and tables, ending in "/"
 */
export async function setupAnalysis(el, game, box, src) {
  await loadSheet('analysis.css');
  box.insertAdjacentHTML(
    'beforeend',
    `
    <div class="field">
      <button id="edit-toggle" type="button" aria-pressed="false" aria-describedby="edit-help">Edit position</button>
      <p id="edit-help" class="muted">Add or remove pegs: click a hole (or press Enter on the board's cursor), or type the position.</p>
    </div>
    <div class="field" id="edit-field" hidden>
      <label for="edit-position">Position: X a peg, o a hole, in reading order</label>
      <div class="row">
        <input id="edit-position" type="text" spellcheck="false" autocomplete="off">
        <button id="edit-apply" type="button">Set</button>
        <button id="edit-undo" type="button" disabled title="Take back the last edit (U on the board)">Undo edit</button>
      </div>
    </div>
    <p id="edit-note" class="muted" role="alert" hidden></p>
    <dl class="analysis-list" aria-live="polite">
      <dt>Winning games from here</dt><dd id="an-count">–</dd>
      <dt>As sequences of positions (up to symmetry)</dt><dd id="an-positions">–</dd>
      <dt>Random play wins</dt><dd id="an-chance">–</dd>
      <dt>Every winning game passes through</dt><dd id="an-forced">–</dd>
      <dt>Fewest moves left</dt><dd id="an-fewest">–</dd>
      <dt>Best finish</dt><dd id="an-best">–</dd>
    </dl>`,
  );
  const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (box.querySelector(`#${id}`));
  const out = { count: $('an-count'), positions: $('an-positions'), chance: $('an-chance'), forced: $('an-forced'), fewest: $('an-fewest'), best: $('an-best') };
  const toggle = $('edit-toggle');
  const field = $('edit-field');
  const input = /** @type {HTMLInputElement} */ ($('edit-position'));
  const note = $('edit-note');

  const engine = new AnalysisEngine(src);
  const overlay = firstMoveOverlay(el, game);
  /** The save text of the position the panel shows (or is working on). */
  let shown = '';
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  let timer;
  let editing = false;

  /** @param {HTMLElement} dd @param {string|string[]} text (lines) @param {boolean} [busy] */
  const say = (dd, text, busy = false) => {
    if (Array.isArray(text)) {
      dd.replaceChildren(
        ...text.map((t) => {
          const line = document.createElement('div');
          line.textContent = t;
          return line;
        }),
      );
    } else dd.textContent = text;
    dd.setAttribute('aria-busy', String(busy));
  };

  /** Asks wasm about the position on the board now, if the panel is open. */
  async function analyse() {
    const s = game.state();
    if (!box.open || !s || s.status === null) return;
    if (s.save === shown) return;
    const key = (shown = s.save);
    overlay.clear();
    const current = () => shown === key && box.open;
    say(out.count, 'counting…', true);
    for (const dd of [out.positions, out.chance, out.forced]) say(dd, 'waiting…', true);
    say(out.fewest, 'searching…', true);
    say(out.best, s.winning === false ? 'searching…' : 'the goal can still be reached', s.winning === false);
    try {
      const c = /** @type {import('../shared/wasm-types.js').CountAnswer} */ (await engine.ask(key, 'count'));
      if (!current()) return;
      say(out.count, c.state !== 'done' ? `unknown: ${why(c.state)}` : c.tooMany ? 'too many to count' : countText(/** @type {string} */ (c.count)));
      const f = /** @type {import('../shared/wasm-types.js').FewestAnswer} */ (await engine.ask(key, 'fewest'));
      if (!current()) return;
      if (f.state !== 'done') say(out.fewest, `unknown: ${why(f.state)}`);
      else if (f.moves === null) say(out.fewest, 'the goal can’t be reached from here');
      else if (f.moves === 0) say(out.fewest, '0: the goal is reached');
      else {
        say(out.fewest, `${f.moves}; the first: ${f.first}`);
        overlay.show(f.jumps);
      }
      if (s.winning === false) {
        const b = /** @type {import('../shared/wasm-types.js').BestAnswer} */ (await engine.ask(key, 'best'));
        if (!current()) return;
        if (b.state !== 'done' || b.pegs === null) say(out.best, `unknown: ${why(b.state)}`);
        else {
          const pegs = b.pegs === 1 ? '1 peg' : `${b.pegs} pegs`;
          say(out.best, b.jump ? `${pegs} can still remain; ${b.jump.jump} keeps that` : `${pegs} remain: no jump is left`);
        }
      }
      // the walks over every winning game from here, after the quick figures
      say(out.positions, 'counting…', true);
      const p = /** @type {import('../shared/wasm-types.js').CountAnswer} */ (await engine.ask(key, 'positions'));
      if (!current()) return;
      say(out.positions, p.state !== 'done' ? `unknown: ${why(p.state)}` : p.tooMany ? 'too many to count' : countText(/** @type {string} */ (p.count)));
      say(out.chance, 'weighing…', true);
      const r = /** @type {import('../shared/wasm-types.js').ChanceAnswer} */ (await engine.ask(key, 'chance'));
      if (!current()) return;
      say(out.chance, r.state !== 'done' ? `unknown: ${why(r.state)}` : chanceText(/** @type {number} */ (r.chance), r.oneIn));
      say(out.forced, 'walking…', true);
      const w = /** @type {import('../shared/wasm-types.js').ForcedAnswer} */ (await engine.ask(key, 'forced'));
      if (!current()) return;
      say(out.forced, w.state !== 'done' ? `unknown: ${why(w.state)}` : forcedLines(w.positions));
    } catch (e) {
      if (!current()) return; // replaced by a newer question
      for (const dd of Object.values(out)) if (dd.getAttribute('aria-busy') === 'true') say(dd, `unknown: ${e instanceof Error ? e.message : e}`);
    }
  }

  /** @param {string} state */
  const why = (state) => (state === 'loading' ? 'the table could not be loaded' : 'too much to search in the time allowed');

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => analyse().catch(() => {}), SETTLE_MS);
  };

  el.addEventListener('change', (e) => {
    const { reason, state } = /** @type {CustomEvent} */ (e).detail;
    if (editing && MOVED.has(reason)) input.value = state.here;
    if (MOVED.has(reason) || reason === 'verdict') {
      if (state.save !== shown && box.open) {
        // what is shown is about a position the board has left
        overlay.clear();
        for (const dd of Object.values(out)) say(dd, '…', true);
      }
      schedule();
    }
  });
  box.addEventListener('toggle', () => {
    if (box.open) schedule();
    else {
      setEditing(false);
      engine.stop(); // frees its memory (decoded tables)
      overlay.clear();
      shown = '';
    }
  });

  // ---- edit mode ---------------------------------------------------------------------

  /**
   * Opens a game from an edited position, the game's goal carried over (wasm's rule: goal
   * "start" becomes the start hole): `{position}` typed in, or `{flip}` a hole flipped.
   * @param {{position: string}|{flip: string}} edit
   */
  async function setPosition(edit) {
    const before = game.state()?.save;
    if (!before) return;
    try {
      await game.set(edit);
      note.hidden = true;
      note.textContent = '';
      if (game.state()?.save !== before) {
        edits.push(before);
        undoEdit.disabled = false;
      }
    } catch (e) {
      note.hidden = false;
      // a refusal (a PegwiseError) names its value apart from why it was refused; errors.js
      // is not imported here, so the panel's chunk shares no module with the page's bundle
      const err = /** @type {{value?: unknown, message?: string}} */ (e);
      note.textContent = err?.value !== undefined ? `The position “${String(err.value)}” was refused: ${err.message}` : String(e);
      input.value = game.state()?.here ?? '';
    }
  }

  /** The games before each edit (wasm's save text), the last first to come back. */
  /** @type {string[]} */
  const edits = [];
  const undoEdit = /** @type {HTMLButtonElement} */ ($('edit-undo'));

  /** Takes back the last edit: the game before it opens again. */
  async function takeBack() {
    const save = edits.pop();
    undoEdit.disabled = edits.length === 0;
    if (save === undefined) return;
    await game.set({ save }).catch(() => {});
    input.value = game.state()?.here ?? '';
  }

  /** @param {string|null} hole */
  function flip(hole) {
    if (hole !== null) setPosition({ flip: hole });
  }

  /** Clicks on the board flip holes while editing; nothing reaches the board's own play. */
  const onPointer = (/** @type {PointerEvent|MouseEvent} */ e) => {
    e.stopPropagation();
    e.preventDefault();
    if (e.type === 'pointerdown') flip(game.holeAt(e.clientX, e.clientY));
  };
  const onKey = (/** @type {KeyboardEvent} */ e) => {
    const undo = e.key === 'u' || e.key === 'U' || ((e.ctrlKey || e.metaKey) && e.key === 'z');
    if (e.key !== 'Enter' && e.key !== ' ' && !undo) return;
    e.stopPropagation();
    e.preventDefault();
    if (undo) takeBack();
    else flip(game.state()?.cursor ?? null);
  };
  const POINTER = ['pointerdown', 'pointerup', 'click', 'dblclick'];

  /** @param {boolean} on */
  function setEditing(on) {
    if (on === editing) return;
    editing = on;
    toggle.setAttribute('aria-pressed', String(on));
    toggle.textContent = on ? 'Done editing' : 'Edit position';
    field.hidden = !on;
    el.classList.toggle('editing', on);
    for (const t of POINTER) (on ? el.addEventListener : el.removeEventListener).call(el, t, /** @type {EventListener} */ (onPointer), { capture: true });
    (on ? el.addEventListener : el.removeEventListener).call(el, 'keydown', /** @type {EventListener} */ (onKey), { capture: true });
    if (on) {
      game.cancel(); // drop a picked peg
      input.value = game.state()?.here ?? '';
    } else {
      note.hidden = true;
      edits.length = 0; // the edits are done: the game's own undo takes over
      undoEdit.disabled = true;
    }
  }

  toggle.addEventListener('click', () => setEditing(!editing));
  undoEdit.addEventListener('click', () => takeBack());
  $('edit-apply').addEventListener('click', () => setPosition({ position: input.value.trim() }));
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') setPosition({ position: input.value.trim() });
  });

  if (box.open) schedule();
}

/**
 * An SVG over the board that draws one move (a chain of jumps): a ring on the moving peg and a
 * line through its landing holes. Only draws; the jumps come from wasm.
 * @param {HTMLElement} el
 * @param {import('../element/create-game.js').PegwiseGame} game
 */
function firstMoveOverlay(el, game) {
  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('class', 'first-move');
  svg.setAttribute('aria-hidden', 'true');
  /** @type {import('../shared/wasm-types.js').Jump[]} */
  let jumps = [];
  const host = /** @type {HTMLElement} */ (el.parentElement);
  host.classList.add('has-overlay');
  host.append(svg);
  // the board's size changes with the window and with the board shown (a new board is laid
  // out a frame after its game opens): the holes move, and the drawing with them
  new ResizeObserver(() => redraw()).observe(el);

  function redraw() {
    svg.replaceChildren();
    if (!jumps.length) return;
    const box = host.getBoundingClientRect();
    /** @param {string} name */
    const at = (name) => {
      const r = game.holeRect(name);
      return r && { x: r.x - box.left + r.width / 2, y: r.y - box.top + r.height / 2, r: r.width / 2 };
    };
    const points = [jumps[0].from, ...jumps.map((j) => j.to)].map(at);
    if (points.some((p) => !p)) return;
    const ps = /** @type {{x: number, y: number, r: number}[]} */ (points);
    const line = document.createElementNS(NS, 'polyline');
    line.setAttribute('points', ps.map((p) => `${p.x},${p.y}`).join(' '));
    svg.append(line);
    for (const [i, p] of ps.entries()) {
      const c = document.createElementNS(NS, 'circle');
      c.setAttribute('cx', String(p.x));
      c.setAttribute('cy', String(p.y));
      c.setAttribute('r', String(p.r * (i === 0 ? 0.95 : 0.5)));
      svg.append(c);
    }
  }

  return {
    /** @param {import('../shared/wasm-types.js').Jump[]} js */
    show(js) {
      jumps = js;
      redraw();
    },
    clear() {
      jumps = [];
      svg.replaceChildren();
    },
  };
}
