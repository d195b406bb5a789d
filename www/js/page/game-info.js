// The text around the board: status banner, counters, hint source, hint line, move list,
// button states and notes. Plain DOM updates from the snapshot and verdicts.

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** What the banner shows now, so an unchanged banner is left alone (its button keeps focus). */
let bannerKey = '';

/**
 * Shows the status banner.
 * @param {{status: string, text: string, sub?: string, action?: {label: string, run: () => void}|null}} b
 *   status: loading | playing | thinking | solved | deadend | stuck | pick | unwinnable |
 *   nosolution | error; action: a button after the words (e.g. switch to a game that can be won)
 */
export function showBanner({ status, text, sub = '', action = null }) {
  const el = $('banner');
  const key = JSON.stringify([status, text, sub, action?.label ?? '']);
  if (key === bannerKey) return;
  bannerKey = key;
  el.dataset.status = status;
  el.replaceChildren(document.createTextNode(text));
  if (sub) {
    el.append(' ');
    const s = document.createElement('span');
    s.className = 'sub';
    s.textContent = sub;
    el.append(s);
  }
  if (action) {
    const b = document.createElement('button');
    b.type = 'button';
    b.id = 'banner-action';
    b.textContent = action.label;
    b.addEventListener('click', action.run);
    el.append(b);
  }
}

/**
 * Updates counters, buttons and the hint source.
 * @param {import('../shared/wasm-types.js').Position} pos
 * @param {{source: string, label: string, title: string}} src source: table | search | unknown | proving
 *   | loading | unavailable | refused (see texts.js sourceInfo)
 * @param {{solving: boolean, canSolve: boolean}} run
 */
export function showCounts(pos, src, run) {
  /** @type {Array<[string, number, string]>} */
  const counts = [
    ['peg', pos.pegCount, 'peg'],
    ['jump', pos.jumps, 'jump'],
    ['move', pos.moves, 'move'],
  ];
  for (const [id, n, word] of counts) {
    $(`${id}-count`).textContent = String(n);
    $(`${id}-word`).textContent = n === 1 ? word : `${word}s`;
  }
  const el = $('source');
  el.dataset.source = src.source;
  el.textContent = src.label;
  el.title = src.title;
  /** @type {HTMLButtonElement} */ ($('undo')).disabled = !pos.canUndo || run.solving;
  /** @type {HTMLButtonElement} */ ($('redo')).disabled = !pos.canRedo || run.solving;
  /** @type {HTMLButtonElement} */ ($('reset')).disabled = !pos.canUndo || run.solving;
  /** @type {HTMLButtonElement} */ ($('step')).disabled = !run.canSolve || run.solving;
  const solve = /** @type {HTMLButtonElement} */ ($('solve'));
  solve.disabled = !run.canSolve && !run.solving;
  solve.textContent = run.solving ? 'Stop' : 'Show a solution';
}

/**
 * Redraws the move list: the moves played, then the jumps redo would replay (greyed).
 * @param {import('../shared/wasm-types.js').Position} pos
 * @param {(where: {moves?: number, jumps?: number}) => void} seek called when one is clicked
 */
export function showMoves(pos, seek) {
  const list = $('moves');
  /** @type {HTMLLIElement[]} */
  const items = [];
  pos.history.forEach((_, i) => {
    const li = document.createElement('li');
    if (i === pos.history.length - 1) li.className = 'current';
    const b = document.createElement('button');
    b.type = 'button';
    moveText(b, pos.historyHoles[i]);
    if (pos.historyHoles[i].length > 2) li.classList.add('chain');
    b.title = `Go back to after move ${i + 1}`;
    b.addEventListener('click', () => seek({ moves: i + 1 }));
    li.append(b);
    items.push(li);
  });
  pos.future.forEach((j, i) => {
    const li = document.createElement('li');
    li.className = 'future';
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = j;
    b.title = 'Redo up to this jump';
    b.addEventListener('click', () => seek({ jumps: pos.jumps + i + 1 }));
    li.append(b);
    items.push(li);
  });
  list.replaceChildren(...items);
  $('moves-empty').hidden = items.length > 0;
  // keep the current move in view, scrolling the list only (never the page); at the start, the top
  const cur = /** @type {HTMLElement|null} */ (list.querySelector('li.current'));
  // (an empty list is at its top already: setting scrollTop would force a layout, at start-up too)
  if (!cur) {
    if (items.length) list.scrollTop = 0;
  } else {
    const top = cur.offsetTop;
    if (top < list.scrollTop || top + cur.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
}

/**
 * Writes a move into a button as hole-sized pieces ("e5-", "c3-", "a1"), so a long chain
 * breaks only after a hyphen, never inside a hole's name.
 * @param {HTMLElement} el
 * @param {string[]} parts the holes the move visits (wasm's historyHoles)
 */
function moveText(el, parts) {
  el.replaceChildren(
    ...parts.map((p, i) => {
      const s = document.createElement('span');
      s.className = 'seg';
      s.textContent = i < parts.length - 1 ? `${p}-` : p;
      return s;
    }),
  );
}

/**
 * The line under the board: what the looked-at peg's jumps do.
 * @param {Array<{text: string, cls?: string}>} parts
 */
export function showHintLine(parts) {
  const el = $('hint-line');
  if (!parts.length) {
    el.textContent = '\u00a0';
    return;
  }
  el.replaceChildren(
    ...parts.map(({ text, cls }) => {
      const s = document.createElement('span');
      if (cls) s.className = cls;
      s.textContent = text;
      return s;
    }),
  );
}

/**
 * Shows (or with an empty text hides) the note under the buttons.
 * @param {string} text
 */
export function showNote(text) {
  $('note').hidden = !text;
  $('note-text').textContent = text;
}
