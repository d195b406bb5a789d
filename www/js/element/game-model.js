// The page's model of the game in the worker: the latest snapshot, its verdicts, and the
// requests that keep them fresh. Changes (jumps, undo…) go out at once and in order; questions
// (status, hints) go one at a time, most wanted first, and are dropped once the position moves.

import { movablePegs } from '../shared/legal.js';

/**
 * @typedef {import('../shared/wasm-types.js').Snapshot} Snapshot
 * @typedef {import('../shared/wasm-types.js').State} State
 * @typedef {import('../shared/wasm-types.js').Hint} Hint
 * @typedef {import('../shared/wasm-types.js').Layout} Layout
 * @typedef {import('../shared/wasm-types.js').Jump} Jump
 * @typedef {import('../shared/wasm-types.js').PegHint} PegHint
 * @typedef {import('../shared/protocol.js').GameRequests} GameRequests
 * @typedef {import('../shared/protocol.js').ChangeEvent} ChangeEvent
 * @typedef {{op: 'state'} | {op: 'hintsFor', hole: string} | {op: 'startsFor', goal: string}
 *   | {op: 'goalsFor', start: string}} Question  what the model asks while the page waits
 * @typedef {{kind: 'jump'|'undo'|'redo'|'table'|'other', jump: Jump|null}} Change
 *   how the last snapshot was reached; `jump` is the jump made or taken back, when one was;
 *   `table`: same position, a table now answers
 */

/** The page's copy of the game: the latest snapshot and what is known about it. */
export class GameModel {
  /**
   * @param {{call: import('./engine.js').Call}} engine
   * @param {(prev: Snapshot|null, change: Change) => void} onChange called for every new snapshot
   * @param {() => void} onInfo called when a verdict or hint arrives
   */
  constructor(engine, onChange, onInfo) {
    this.engine = engine;
    this.onChange = onChange;
    this.onInfo = onInfo;
    /** @type {Snapshot|null} */
    this.snap = null;
    /** @type {Layout|null} */
    this.layout = null;
    /** @type {Map<string, number>} hole name → index in layout order */
    this.index = new Map();
    /** @type {State|null} the full state of the current position, once known */
    this.full = null;
    /** @type {Map<string, Hint[]>} hints per peg for the current position */
    this.hints = new Map();
    /** @type {Map<string, PegHint>} each peg as wasm judged it (its jumps, bomb, mark) */
    this.pegs = new Map();
    /** The verdict was "can't tell" but a hint since found a good jump: ask wasm again. */
    this.recheck = false;
    /** @type {import('../shared/wasm-types.js').StartHint[]|null} which starts can be won for this goal */
    this.starts = null;
    /** The board and goal `starts` answers for. */
    this.startsKey = '';
    /** @type {import('../shared/wasm-types.js').StartHint[]|null} which goal holes can be won from this start */
    this.goals = null;
    /** The board and start `goals` answers for. */
    this.goalsKey = '';
    /** @type {string[]|null} a solution from the current position, once asked */
    this.solutionLine = null;
    /** @type {'off'|'hover'|'always'} */
    this.mode = 'hover';
    /** @type {string|null} the peg whose hints are wanted (hovered or picked) */
    this.focusHole = null;
    /** Wanted: the hints of every peg that can jump (for the grid's labels), not only the focus. */
    this.allPegs = false;
    this.writes = 0;
    /** @type {Promise<unknown>|null} the opening on its way, while a preview stands in for it */
    this.opening = null;
    /** @type {(Snapshot & {partsPending?: boolean})|null} the newest `table` event that came
     * while a change or an opening was on its way: taken after its reply, if newer */
    this.held = null;
    this.asking = false;
    /** @type {Array<() => void>} */
    this.idleWaiters = [];
    /** @type {string|null} set when the engine failed to answer */
    this.error = null;
    /** @type {string|null} the table file that covers this game, if any */
    this.tableFile = null;
    /** Set by dispose(): the board is gone, answers are dropped. */
    this.closed = false;
    /** Table parts are being fetched in the worker: a `table` event will follow. */
    this.partsPending = false;
    /** The worker goes on proving undecided jumps of this version's position (see refined). */
    this.thinking = { version: -1, working: false };
    /** @type {string|null} the focused peg, once a `refined` event decided its last "?" (said once) */
    this.decided = null;
  }

  /** The board shows a preview of the game opening, which the engine hasn't answered yet. */
  get previewing() {
    return this.opening !== null;
  }

  /** The worker is proving jumps of the current position that are still "?". */
  get proving() {
    return this.thinking.working && this.thinking.version === this.version;
  }

  /**
   * An event from the worker about this board.
   * @param {ChangeEvent} msg
   */
  event(msg) {
    if (msg.why === 'refined') this.refined(msg);
    else this.tableEvent(msg);
  }

  /**
   * The worker's background work decided jumps that were "?" (`pegs`, judged anew), and goes
   * on or stopped (`working`); `partsPending`: a try is waiting for table parts (a `table`
   * event follows).
   * @param {{version: number, pegs: PegHint[], working: boolean, partsPending?: boolean}} msg
   */
  refined({ version, pegs, working, partsPending }) {
    if (this.closed || !this.snap || version !== this.version) return;
    this.thinking = { version, working };
    if (partsPending) this.partsPending = true;
    for (const p of pegs) {
      const before = this.pegs.get(p.hole);
      if (p.hole === this.focusHole && p.unknown === 0 && (before?.unknown ?? 0) > 0) this.decided = p.hole;
      this.takePeg(p);
    }
    this.ask();
    this.onInfo();
  }

  /**
   * Asks the engine; an answer that set table parts loading means a `table` event will follow.
   * @template {'solution'|'hints'|'hintsFor'|'pegs'} K
   * @param {K} op
   * @param {Omit<GameRequests[K]['args'], 'at'>} [args]
   * @returns {Promise<GameRequests[K]['reply']>}
   */
  async call(op, args) {
    // `at`: the version asked at, so a question about a game replaced meanwhile is stale
    const res = await this.engine.call(op, /** @type {GameRequests[K]['args']} */ ({ ...args, at: this.version }));
    if (res.partsPending) this.partsPending = true;
    return res;
  }

  /** The current version (bumped by the worker on every change). */
  get version() {
    return this.snap?.version ?? -1;
  }

  /**
   * Opens a game. Resolves to null when it opened, or to what was wrong with it (a first game
   * refused opens a default game instead, and `fellBack` says which).
   * @param {import('../shared/config.js').OpenSpec} spec
   * @param {import('../shared/protocol.js').Opening} [preview] the game `spec` opens, as the core
   *   judged it when the site was built: drawn, with its verdicts, until the engine answers
   *   (only when no game is shown yet)
   * @returns {Promise<import('../shared/protocol.js').WireError | import('../shared/protocol.js').FellBack
   *   | {movesError: import('../shared/protocol.js').MovesError} | null>}
   */
  async open(spec, preview) {
    this.writes++;
    let writing = true;
    try {
      const answer = this.engine.call('open', { ...spec, want: this.shown() });
      if (preview && !this.snap) {
        // version 0: older than any the engine gives, so its first answer replaces it
        this.opening = answer.catch(() => {});
        this.takeLayout(preview);
        this.accept({ ...preview, version: 0 }, { kind: 'other', jump: null });
      }
      const res = await answer;
      if (this.closed) return null;
      if ('error' in res) return res.error;
      if ('kept' in res) return null; // the spec names the game open now
      // the old game's parts are dropped with it: what is pending now is the new game's
      this.partsPending = !!res.partsPending;
      this.takeLayout(res);
      // done writing: accept() asks the first question before the board draws the new game
      this.writes--;
      writing = false;
      // the engine's answer to a preview: the verdicts the preview showed stay (the core gave
      // them too, at build time), and in hover mode they don't vanish until asked again
      this.accept(res, { kind: 'other', jump: null }, this.previewing);
      if (res.fellBack) return res.fellBack;
      return res.movesError ? { movesError: res.movesError } : null;
    } finally {
      if (writing) this.writes--;
      this.opening = null;
      // an event that came while the opening was on its way, after its reply
      this.takeHeld();
      this.ask();
    }
  }

  /**
   * The board's layout and table file, from the reply that opened a game.
   * @param {{layout: Layout, tableFile: string|null}} opened
   */
  takeLayout({ layout, tableFile }) {
    this.layout = layout;
    this.index = new Map(layout.holes.map((h, k) => [h.name, k]));
    this.tableFile = tableFile;
  }

  /**
   * Sends a change to the worker and takes the snapshot it answers with.
   * @template {'playJump'|'undo'|'redo'|'reset'|'seek'} K
   * @param {K} op
   * @param {Omit<GameRequests[K]['args'], 'want'>} args
   * @param {(prev: Snapshot, next: Snapshot) => Change} describe how the change reads, from the old snapshot
   *   and the new one
   */
  async change(op, args, describe) {
    this.writes++;
    try {
      const res = await this.engine.call(op, /** @type {GameRequests[K]['args']} */ ({ ...args, want: this.shown() }));
      if (res.partsPending) this.partsPending = true;
      const prev = this.snap;
      if (!prev) return false;
      if (res.version > prev.version) this.accept(res, describe(prev, res));
      return true;
    } catch (e) {
      if (/** @type {{kind?: string}} */ (e).kind !== 'stale') throw e;
      return false; // the position moved on before this arrived: drop it
    } finally {
      this.writes--;
      this.takeHeld();
      this.ask();
    }
  }

  /**
   * Plays a jump that the current snapshot lists as legal.
   * @param {Jump} jump
   * @returns {Promise<boolean>} false when the position had already moved on
   */
  async playJump(jump) {
    // a jump made on the preview waits for the game it shows to be open in the engine
    if (this.opening) await this.opening;
    return this.change('playJump', { from: jump.from, to: jump.to, v: this.version }, () => ({ kind: 'jump', jump }));
  }

  /** Takes back the last jump. */
  undo() {
    // after an undo, the jump taken back is the first redo, and legal again
    return this.change('undo', {}, (_prev, next) => ({
      kind: 'undo',
      jump: next.legal.find((j) => j.jump === next.position.future[0]) ?? null,
    }));
  }

  /** Replays the last jump taken back. */
  redo() {
    return this.change('redo', {}, (prev) => ({
      kind: 'redo',
      jump: prev.legal.find((j) => j.jump === prev.position.future[0]) ?? null,
    }));
  }

  /** Back to the start (redo replays the game). */
  reset() {
    return this.change('reset', {}, () => ({ kind: 'other', jump: null }));
  }

  /**
   * Goes to the point where `moves` moves, or `jumps` jumps, have been played.
   * @param {{moves?: number, jumps?: number}} where
   */
  seek(where) {
    return this.change('seek', where, () => ({ kind: 'other', jump: null }));
  }

  /**
   * A winning line of jumps from here, or null (none, or the search gave up).
   * @returns {Promise<string[]|null>}
   */
  async solution() {
    if (this.solutionLine) return this.solutionLine;
    const v = this.version;
    const res = await this.call('solution');
    if (res.version === this.version && v === this.version) this.solutionLine = res.solution;
    return res.solution;
  }

  /**
   * The legal jumps of the peg on a hole (from wasm's list).
   * @param {string} hole
   * @returns {Jump[]}
   */
  jumpsFrom(hole) {
    return this.snap ? this.snap.legal.filter((j) => j.from === hole) : [];
  }

  /** The pegs that can jump, in reading order. */
  movablePegs() {
    return this.snap ? movablePegs(this.snap.legal) : [];
  }

  /**
   * Sets which hints are wanted: the mode, the peg being looked at, and whether every peg's
   * hints are wanted even when the mode is not 'always' (a keyboard or screen reader user
   * hears them in the labels).
   * @param {'off'|'hover'|'always'} mode
   * @param {string|null} hole
   * @param {boolean} [all]
   */
  want(mode, hole, all = false) {
    this.mode = mode;
    this.focusHole = hole;
    this.allPegs = all;
    this.ask();
  }

  /**
   * The pegs the board shows, for the worker to judge in its reply to a change: the one looked
   * at, and whether every peg that can jump.
   * @returns {{hole: string|null, all: boolean}}
   */
  shown() {
    return { hole: this.mode === 'off' ? null : this.focusHole, all: this.mode === 'always' || this.allPegs };
  }

  /**
   * The verdicts of a peg's jumps (of every legal jump when `hole` is null), asked now if
   * they are not known yet.
   * @param {string|null} hole
   * @returns {Promise<Hint[]>}
   */
  async hintsOf(hole) {
    if (hole !== null && this.hints.has(hole)) return /** @type {Hint[]} */ (this.hints.get(hole));
    const v = this.version;
    if (hole === null) {
      const pegs = this.movablePegs();
      if (pegs.every((p) => this.hints.has(p))) return pegs.flatMap((p) => /** @type {Hint[]} */ (this.hints.get(p)));
      const res = await this.call('hints');
      return res.hints;
    }
    const res = await this.call('hintsFor', { hole });
    if (res.version === v && v === this.version && !this.hints.has(hole)) {
      this.takePeg(res.peg);
      this.onInfo();
    }
    return res.peg.jumps;
  }

  /**
   * Every peg that can jump, as wasm judges it.
   * @returns {Promise<PegHint[]>}
   */
  async pegList() {
    const res = await this.call('pegs');
    return res.pegs;
  }

  /**
   * Keeps a peg's verdicts. Under a "can't tell" verdict, a good jump (or the last peg's
   * verdicts) lets wasm say more about the position, so its verdict is asked again.
   * @param {PegHint} peg
   */
  takePeg(peg) {
    this.pegs.set(peg.hole, peg);
    this.hints.set(peg.hole, peg.jumps);
    const unsure = this.full !== null && this.full.winning === null;
    const allIn = this.movablePegs().every((p) => this.hints.has(p));
    if (unsure && (peg.jumps.some((h) => h.verdict === 'good') || allIn)) this.recheck = true;
  }

  /** True when nothing is being asked or changed and nothing more is wanted. */
  idle() {
    return this.writes === 0 && !this.asking && this.nextQuestion() === null && this.snap?.tableState !== 'loading' && !this.partsPending;
  }

  /** Resolves once idle() holds. */
  settled() {
    if (this.idle()) return Promise.resolve();
    return new Promise((ok) => this.idleWaiters.push(/** @type {() => void} */ (ok)));
  }

  /**
   * @param {Snapshot} snap
   * @param {Change} change
   * @param {boolean} [samePosition] keep what was decided, as a table event does, if the
   *   position is the same
   */
  accept(snap, change, samePosition = change.kind === 'table') {
    const prev = this.snap;
    this.snap = { version: snap.version, position: snap.position, legal: snap.legal, tableState: snap.tableState, tableNote: snap.tableNote, tableWhy: snap.tableWhy };
    const key = `${snap.position.board}|${snap.position.goal}`;
    if (key !== this.startsKey) {
      this.starts = null;
      this.startsKey = key;
    }
    const goalsKey = `${snap.position.board}|${snap.position.start}`;
    if (goalsKey !== this.goalsKey) {
      this.goals = null;
      this.goalsKey = goalsKey;
    }
    // a table's arrival leaves the position where it was: what was decided stays decided (a
    // verdict is exact whoever gave it), and only what was not is asked again, unless the
    // event brings it; anything else is a new position, asked about afresh
    const same = samePosition && prev?.position.save === snap.position.save;
    const keptPegs = same ? [...this.pegs.values()].filter((p) => p.jumps.every((h) => h.verdict === 'good' || h.verdict === 'bad')) : [];
    const keptFull = same && this.full?.winning != null ? this.full : null;
    this.full = keptFull;
    this.recheck = false;
    this.hints = new Map();
    this.pegs = new Map();
    if (!same) this.solutionLine = null;
    for (const p of keptPegs) this.takePeg(p);
    // the worker's reply to a change carries the state and the shown pegs' verdicts
    if (snap.state) this.full = snap.state;
    for (const p of snap.pegs ?? []) this.takePeg(p);
    // the worker answers the rest while the page draws (unless a change is still on its way)
    this.ask();
    this.onChange(prev, change);
    // then what the reply judged, as if it had been asked for (a verdict, the shown pegs)
    if (snap.state || snap.pegs?.length) this.onInfo();
  }

  /**
   * A table or table parts arrived in the worker (same position, maybe new verdicts).
   * @param {Snapshot & {partsPending?: boolean}} snap
   */
  tableEvent(snap) {
    // the worker judged afresh, and may already be fetching parts that judging noted
    this.partsPending = !!snap.partsPending;
    if (this.closed) return;
    // an event may overtake the reply to a change or an opening (the worker judged afresh
    // between the two): it waits for that reply, so the versions are taken in order
    if (this.writes > 0) {
      if (!this.held || snap.version > this.held.version) this.held = snap;
      return;
    }
    if (!this.snap || snap.version <= this.version) return;
    this.accept(snap, { kind: 'table', jump: null });
    this.ask();
  }

  /** The last change or opening is in: takes the event that came meanwhile, if newer. */
  takeHeld() {
    const held = this.held;
    if (this.writes > 0 || !held) return;
    this.held = null;
    if (this.snap && !this.closed && held.version > this.version) this.accept(held, { kind: 'table', jump: null });
  }

  /**
   * The most wanted question not answered yet for the current position, or null.
   * @returns {Question|null}
   */
  nextQuestion() {
    if (!this.snap || this.error || this.closed) return null;
    if (!this.full || this.recheck) return { op: 'state' };
    const hole = this.focusHole;
    if (this.mode !== 'off' && hole && !this.hints.has(hole) && this.jumpsFrom(hole).length) return { op: 'hintsFor', hole };
    if (!this.starts) return { op: 'startsFor', goal: this.snap.position.goal };
    if (!this.goals) return { op: 'goalsFor', start: this.snap.position.start };
    if (this.mode === 'always' || this.allPegs) {
      // peg by peg, so a change never waits long behind a question about the old position
      const next = this.movablePegs().find((p) => !this.hints.has(p));
      if (next) return { op: 'hintsFor', hole: next };
    }
    return null;
  }

  /**
   * Asks one question: its answer's version, and what taking it does, now (`take`: the
   * position is still the one asked about) or late (`late`: it moved on meanwhile).
   * @param {Question} q
   * @returns {Promise<{version: number, partsPending?: boolean, take: () => void, late: () => void}>}
   */
  async question(q) {
    const at = { at: this.version };
    const board = () => this.snap?.position.board;
    switch (q.op) {
      case 'state': {
        const r = await this.engine.call('state', at);
        const done = () => (this.recheck = false);
        return { ...r, take: () => ((this.full = r.state), done()), late: done };
      }
      case 'hintsFor': {
        const r = await this.engine.call('hintsFor', { hole: q.hole, ...at });
        return { ...r, take: () => this.takePeg(r.peg), late: () => {} };
      }
      case 'startsFor': {
        const r = await this.engine.call('startsFor', { goal: q.goal, ...at });
        const take = () => (this.starts = r.starts);
        // which starts win depends on the board and goal only, not on the position
        return { ...r, take, late: () => `${board()}|${q.goal}` === this.startsKey && (take(), this.onInfo()) };
      }
      case 'goalsFor': {
        const r = await this.engine.call('goalsFor', at);
        const take = () => (this.goals = r.goals);
        // and which goals win on the board and start only
        return { ...r, take, late: () => `${board()}|${q.start}` === this.goalsKey && (take(), this.onInfo()) };
      }
    }
  }

  /** Stops asking: the board is gone. */
  dispose() {
    this.closed = true;
    this.snap = null;
  }

  /** Asks the next question, one at a time, unless a change is on its way. */
  ask() {
    if (this.asking || this.writes > 0) return;
    const q = this.nextQuestion();
    if (!q) {
      if (!this.idle()) return;
      const waiting = this.idleWaiters;
      this.idleWaiters = [];
      waiting.forEach((ok) => ok());
      return;
    }
    this.asking = true;
    this.question(q).then(
      (res) => {
        this.asking = false;
        if (res.partsPending) this.partsPending = true;
        if (this.closed) return;
        if (res.version === this.version) {
          res.take();
          this.onInfo();
        } else res.late();
        this.ask();
      },
      (e) => {
        this.asking = false;
        if (this.closed) return;
        // a question about a game the worker replaced before answering: ask again, anew
        if (e.kind === 'stale') {
          this.ask();
          return;
        }
        // the engine could not answer (a bug, or wasm ran out of memory): say so, stop asking
        this.error = `${q.op} failed: ${e.message}`;
        this.ask();
        this.onInfo();
      },
    );
  }
}
