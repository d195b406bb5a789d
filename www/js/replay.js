// Solutions from wasm played into the game: "Show a solution" plays one to the end (animated,
// stoppable), "Step" plays its next jump. A stepped line is kept, so each step is instant.

import { pause } from './motion.js';
import { noSolutionText } from './texts.js';

/** Pause between the jumps of a replayed solution. */
const GAP_MS = 380;

/**
 * @typedef {import('./engine.js').Jump} Jump
 * @typedef {{
 *   ctrl: import('./game.js').GameController,
 *   play: (jump: Jump) => Promise<boolean>,
 *   landed: () => Promise<void>,
 *   changed: () => void,
 *   nothing: (why: string) => void,
 * }} ReplayDeps
 *   play: plays a jump (false when the position moved on first); landed: resolves when its
 *   animation ends; changed: the running state flipped; nothing: no solution was found
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
    /** @type {{version: number, line: string[]}|null} the rest of the line being stepped */
    this.plan = null;
  }

  /** True while a solution is being played. */
  get running() {
    return this.run !== null;
  }

  /** True while anything is under way (tests wait for it). */
  get busy() {
    return this.run !== null || this.stepping > 0;
  }

  /** Stops a solution being played, after the jump in flight. */
  stop() {
    if (this.run) this.run.stop = true;
  }

  /** A winning line from the current position: the stepped plan, or a fresh one from wasm. */
  async line() {
    const { ctrl } = this.deps;
    return this.plan?.version === ctrl.version ? this.plan.line : ctrl.solution();
  }

  /**
   * The legal jump written `text` in the current position.
   * @param {string} text
   */
  legal(text) {
    return this.deps.ctrl.snap?.legal.find((j) => j.jump === text);
  }

  /** Plays a solution to the end, or stops the one playing. */
  async toggle() {
    if (this.run) {
      this.stop();
      return;
    }
    const { ctrl, play, landed, changed, nothing } = this.deps;
    if (ctrl.full?.status !== 'playing') return;
    const run = { stop: false };
    this.run = run;
    changed();
    try {
      const line = await this.line();
      if (!line) {
        nothing(noSolutionText(ctrl.full));
        return;
      }
      for (const [i, text] of line.entries()) {
        const jump = this.legal(text);
        if (run.stop || !jump || !(await play(jump))) break;
        await landed();
        if (!run.stop && i < line.length - 1) await pause(GAP_MS);
      }
    } finally {
      this.run = null;
      changed();
    }
  }

  /** Plays the next jump of a solution. */
  async step() {
    const { ctrl, play, nothing } = this.deps;
    if (this.run || ctrl.full?.status !== 'playing') return;
    this.stepping++;
    try {
      const v = ctrl.version;
      const line = await this.line();
      if (ctrl.version !== v) return;
      const jump = line?.length ? this.legal(line[0]) : undefined;
      if (!line?.length) nothing(noSolutionText(ctrl.full));
      else if (jump && (await play(jump))) this.plan = { version: ctrl.version, line: line.slice(1) };
    } finally {
      this.stepping--;
    }
  }
}
