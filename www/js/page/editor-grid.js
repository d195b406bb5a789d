// The board editor's grid: one toggle button a cell (pressed: a hole), reached by Tab as one
// stop and moved across by the arrow keys (Home and End go to a row's ends). On the triangular
// lattice odd rows sit half a cell to the right, as wasm reads them. It only draws and reports
// clicks: what the drawing makes is wasm's to say.

/** Keys that move the focus, as [row step, column step]; Home and End are handled apart. */
const STEPS = /** @type {Record<string, [number, number]>} */ ({ ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] });

export class CellGrid {
  /**
   * @param {HTMLElement} box the grid's container (a role="group" with a label)
   * @param {() => void} changed called after the player put a hole in or out
   */
  constructor(box, changed) {
    this.box = box;
    this.changed = changed;
    /** @type {boolean[][]} rows of cells, true for a hole */
    this.cells = [];
    /** @type {'square'|'triangular'} */
    this.lattice = 'square';
    /** @type {[number, number]} the cell that Tab reaches (row, column) */
    this.at = [0, 0];
    box.addEventListener('click', (e) => {
      const b = /** @type {HTMLElement} */ (e.target).closest('button');
      if (!b) return;
      const [y, x] = this.where(b);
      this.cells[y][x] = !this.cells[y][x];
      b.setAttribute('aria-pressed', String(this.cells[y][x]));
      this.focus(y, x);
      this.changed();
    });
    box.addEventListener('keydown', (e) => this.key(e));
  }

  /** @param {HTMLElement} b a cell's button @returns {[number, number]} */
  where(b) {
    return [Number(b.dataset.y), Number(b.dataset.x)];
  }

  /**
   * Shows a drawing.
   * @param {'square'|'triangular'} lattice
   * @param {boolean[][]} cells rows of equal length
   */
  show(lattice, cells) {
    this.lattice = lattice;
    this.cells = cells.map((r) => [...r]);
    const cols = cells[0]?.length ?? 0;
    this.box.dataset.lattice = lattice;
    this.box.style.setProperty('--cols', String(cols));
    this.box.replaceChildren(
      ...cells.map((row, y) => {
        const line = document.createElement('div');
        line.className = 'ed-row';
        line.append(
          ...row.map((hole, x) => {
            const b = document.createElement('button');
            b.type = 'button';
            b.className = 'ed-cell';
            b.dataset.y = String(y);
            b.dataset.x = String(x);
            b.tabIndex = -1;
            b.setAttribute('aria-pressed', String(hole));
            b.setAttribute('aria-label', `row ${y + 1}, column ${x + 1}`);
            return b;
          }),
        );
        return line;
      }),
    );
    const [y, x] = this.at;
    this.rove(Math.min(y, cells.length - 1), Math.min(x, cols - 1));
  }

  /**
   * Resizes the drawing, keeping the cells that still fit.
   * @param {number} rows
   * @param {number} cols
   */
  resize(rows, cols) {
    const cells = Array.from({ length: rows }, (_, y) => Array.from({ length: cols }, (_, x) => this.cells[y]?.[x] ?? false));
    this.show(this.lattice, cells);
  }

  /** @param {number} y @param {number} x @returns {HTMLButtonElement|undefined} */
  button(y, x) {
    return /** @type {HTMLButtonElement|undefined} */ (this.box.children[y]?.children[x]);
  }

  /** Makes cell (y, x) the one Tab reaches. @param {number} y @param {number} x */
  rove(y, x) {
    this.button(...this.at)?.setAttribute('tabindex', '-1');
    this.at = [Math.max(0, y), Math.max(0, x)];
    this.button(...this.at)?.setAttribute('tabindex', '0');
  }

  /** @param {number} y @param {number} x */
  focus(y, x) {
    this.rove(y, x);
    this.button(...this.at)?.focus();
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    const b = /** @type {HTMLElement} */ (e.target).closest('button');
    if (!b || e.altKey || e.ctrlKey || e.metaKey) return;
    const [y, x] = this.where(b);
    const cols = this.cells[0].length;
    let to;
    if (e.key === 'Home') to = [y, 0];
    else if (e.key === 'End') to = [y, cols - 1];
    else if (STEPS[e.key]) to = [y + STEPS[e.key][0], x + STEPS[e.key][1]];
    else return;
    e.preventDefault();
    const [ty, tx] = to;
    if (ty >= 0 && ty < this.cells.length && tx >= 0 && tx < cols) this.focus(ty, tx);
  }
}
