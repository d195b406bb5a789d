// Solutions from wasm played into the game: "Show a solution" plays one to the end (animated,
// stoppable), "Step" plays its next jump. A stepped line is kept, so each step is instant.

import { pause } from '../element/motion.js';

/** Pause between the jumps of a replayed solution. */
const GAP_MS = 380;

/**
 * @typedef {{
 *   game: import('../element/create-game.js').PegwiseGame,
 *   changed: () => void,
 *   nothing: () => void,
 * }} ReplayDeps
 *   game: the board's API; changed: the running state flipped; nothing: no solution was found
 *   from the current position (the page says so, and why)
 */

/** Plays wasm's solutions into the game, whole or a jump at a time. */
export class Replay {
  /** @param {ReplayDeps} deps */
  constructor(deps) {
    this.deps = deps;
    /** @type {{stop: boolean}|null} */
    this.run = null;
    /** Steps under way. */
    this.stepping = 0;
    /** Jumps played here whose peg is still in flight. */
    this.flying = 0;
    /** @type {{version: number, line: string[]}|null} the rest of the line being stepped */
    this.plan = null;
  }

  /** True while a solution is being played. */
  get running() {
    return this.run !== null;
  }

  /** True while anything is under way (the board says so: aria-busy). */
  get busy() {
    return this.run !== null || this.stepping > 0;
  }

  /**
   * True while a jump played here is still in flight: the board shows the position before it
   * until its peg lands, and so does the banner ("Solved!" once the last peg is down).
   */
  get inFlight() {
    return this.flying > 0;
  }

  /** Stops a solution being played, after the jump in flight. */
  stop() {
    if (this.run) this.run.stop = true;
  }

  /** A winning line from the current position: the stepped plan, or a fresh one from wasm. */
  async line() {
    const { game } = this.deps;
    return this.plan && this.plan.version === game.state()?.version ? this.plan.line : game.solution();
  }

  /**
   * Plays one jump; false when it no longer plays (the position moved on).
   * @param {string} jump
   */
  async play(jump) {
    this.flying++;
    try {
      // resolves once the peg has landed
      await this.deps.game.play(jump);
      return true;
    } catch {
      return false;
    } finally {
      this.flying--;
    }
  }

  /** Plays a solution to the end, or stops the one playing. */
  async toggle() {
    if (this.run) {
      this.stop();
      return;
    }
    const { game, changed, nothing } = this.deps;
    if (game.state()?.status !== 'playing') return;
    const run = { stop: false };
    this.run = run;
    changed();
    try {
      const line = await this.line();
      if (!line) {
        nothing();
        return;
      }
      for (const [i, text] of line.entries()) {
        if (run.stop || !(await this.play(text))) break;
        if (i === line.length - 1) break; // the last: the banner and the button change together, below
        changed(); // landed: the banner follows
        if (!run.stop) await pause(GAP_MS);
      }
    } finally {
      this.run = null;
      changed();
    }
  }

  /** Plays the next jump of a solution. */
  async step() {
    const { game, changed, nothing } = this.deps;
    if (this.run || game.state()?.status !== 'playing') return;
    this.stepping++;
    changed();
    try {
      const v = game.state()?.version;
      const line = await this.line();
      if (game.state()?.version !== v) return;
      if (!line?.length) nothing();
      else if (await this.play(line[0])) this.plan = { version: /** @type {number} */ (game.state()?.version), line: line.slice(1) };
    } finally {
      this.stepping--;
      changed();
    }
  }
}
