// What a board does with its input: pointer intents (pointer.js) and keyboard or screen reader
// presses on the grid (grid.js) become picks, jumps, undos. JS never decides whether a jump is
// legal: a press plays a jump only when wasm's list of legal jumps has it.

/**
 * @typedef {import('./widget.js').Widget} Widget
 * @typedef {import('./widget.js').By} By
 * @typedef {import('../shared/wasm-types.js').Jump} Jump
 */

/**
 * True while a game opens or an API call plays: taps and drags wait. A preview of the game
 * opening (see GameModel.open) takes them: its jumps wait for the game to be open.
 * @param {Widget} b
 */
function busy(b) {
  return !b.model.snap || (b.ui.opening > 0 && !b.model.previewing) || b.ui.playing > 0;
}

/**
 * The mouse pointer over hole k: a hand where a click does something.
 * @param {Widget} b
 * @param {number|null} k
 */
function pointerFor(b, k) {
  if (k === null || !b.model.snap) return 'default';
  if (b.opts.pickStart) return 'crosshair';
  const name = b.nameOf(k);
  const sel = b.ui.selected;
  const lands = sel !== null && b.model.jumpsFrom(b.nameOf(sel)).some((j) => j.to === name);
  return lands || b.model.jumpsFrom(name).length ? 'pointer' : 'default';
}

/**
 * Plays a jump from the legal list.
 * @param {Widget} b
 * @param {Jump} jump
 * @param {By} by
 */
function playJump(b, jump, by) {
  b.ui.jumpBy = by;
  return b.model.playJump(jump).catch((e) => b.events.failed(e));
}

/**
 * A tap (click, touch, Enter or Space) on hole k, or between holes: picks a peg, plays the
 * picked peg's jump to k, drops the pick, or (picking the start) reopens the game there.
 * @param {Widget} b
 * @param {number|null} k
 * @param {'tap'|'keyboard'} by
 */
function tap(b, k, by) {
  const { ui, model } = b;
  if (busy(b)) return;
  if (b.opts.pickStart) {
    if (k !== null) b.actions.set({ start: b.nameOf(k), pickStart: false }).catch(() => {});
    return;
  }
  if (k === null) {
    ui.selected = null;
  } else {
    const name = b.nameOf(k);
    const jump = ui.selected === null ? undefined : model.jumpsFrom(b.nameOf(ui.selected)).find((j) => j.to === name);
    if (jump) {
      playJump(b, jump, by);
      return;
    }
    ui.selected = model.jumpsFrom(name).length ? k : null;
    ui.carried = false;
  }
  b.looked();
}

/**
 * The board's answers to pointer intents.
 * @param {Widget} b
 * @returns {import('./pointer.js').PointerHandlers}
 */
export function pointerHandlers(b) {
  const { ui } = b;
  const canvas = b.dom.canvas;
  return {
    press: (k) => {
      if (!ui.layout) return;
      // the keyboard carries on from here, but shows no cursor until a key is pressed
      b.grid.focus(k, { cursor: false, preventScroll: true });
      if (ui.cursor !== null) {
        ui.cursor = null;
        b.looked();
      }
    },
    hover: (k) => {
      if (k === ui.hover) return;
      ui.hover = k;
      canvas.style.cursor = pointerFor(b, k);
      b.looked();
    },
    tap: (k) => tap(b, k, 'tap'),
    canDrag: (k) => !busy(b) && !b.opts.pickStart && b.model.jumpsFrom(b.nameOf(k)).length > 0,
    dragMove: (k, x, y) => {
      const first = ui.selected !== k || ui.carried;
      ui.selected = k;
      ui.carried = false;
      ui.drag = { index: k, x, y };
      canvas.style.cursor = 'grabbing';
      if (first) b.looked();
      else b.invalidate();
    },
    drop: (from, to) => {
      ui.drag = null;
      canvas.style.cursor = pointerFor(b, to);
      const jump = to === null ? undefined : b.model.jumpsFrom(b.nameOf(from)).find((j) => j.to === b.nameOf(to));
      if (jump) playJump(b, jump, 'drag');
      b.invalidate();
    },
  };
}

/**
 * The board's answers to the accessible grid: cursor moves, presses, undo, redo, Escape.
 * @param {Widget} b
 * @returns {import('./grid.js').GridHandlers}
 */
export function gridHandlers(b) {
  return {
    cursor: (k) => {
      if (k === b.ui.cursor) return;
      b.ui.cursor = k;
      b.looked();
    },
    tap: (k) => tap(b, k, 'keyboard'),
    action: (a) => {
      if (a === 'escape') b.actions.cancel();
      else (a === 'undo' ? b.actions.undo() : b.actions.redo()).catch(() => {});
    },
  };
}
