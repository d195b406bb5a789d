// The full page: a <peg-solitaire> board with pickers, a status banner, counters, the move
// list, solutions, keyboard shortcuts, the game in the address bar and in localStorage. The
// board does the playing (widget.js, the same code every embed runs); this file turns its
// events into the text around it and the controls into set() calls.

import './early-engine.js'; // first: the engine starts loading before anything else runs
import { setupAnalysisShell } from './analysis-shell.js';
import { fillBoards, markGoals, markStarts, setupControls, syncControls } from './controls.js';
import { listenKeys } from '../shared/keys.js';
import { showBanner, showCounts, showHintLine, showMoves, showNote } from './game-info.js';
import '../element/peg-solitaire.js';
import { Replay } from './replay.js';
import { startupNote, unreadableSaveNote } from './startup.js';
import { dropGame, loadGame, loadPrefs, saveGame, savePrefs } from './storage.js';
import { hintLine, noSolutionBanner, sourceInfo, statusBanner, unwinnableBanner } from '../shared/texts.js';
import { HINT_MODES } from '../shared/config.js';
import { movablePegs } from '../shared/legal.js';
import { fromAttributes } from '../shared/config.js';
import { quote } from '../shared/errors.js';

/** Wait this long for a verdict before the banner says "Thinking…" (no flicker when fast). */
const THINKING_MS = 500;
/** The board catalogue is asked for once the first game is settled, or after this long. */
const CATALOGUE_AFTER_MS = 1000;

/**
 * @typedef {import('../element/create-game.js').GameState} GameState
 */

const el = /** @type {import('../element/peg-solitaire.js').PegSolitaire} */ (document.getElementById('board'));
const game = /** @type {import('../element/create-game.js').PegwiseGame} */ (el.game);
const prefs = loadPrefs();
setupAnalysisShell(el, game);

const page = {
  thinking: false,
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  thinkingTimer: undefined,
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  noteTimer: undefined,
  /** @type {import('../shared/texts.js').Banner|null} */
  lastBanner: null,
  /** The first game is still opening: nothing is saved until it has. */
  booting: true,
  /** The page has finished starting (the first game open, the board picker filled). */
  started: false,
  /** A bad link opened a fallback game: the saved game is kept until the player moves. */
  keepSaved: false,
  /** The note shown stays until the player moves (it says why this game opened). */
  noteUntilMove: false,
  /** @type {number|null} the position (version) where "Show a solution" or "Step" found nothing */
  noSolutionAt: null,
};

const replay = new Replay({
  game,
  changed: () => refresh(),
  nothing: () => {
    page.noSolutionAt = game.state()?.version ?? null;
    refresh();
  },
});

/** Reasons of a `change` event that mean a new position (or a new game). */
const MOVED = new Set(['open', 'move', 'undo', 'redo', 'reset', 'seek', 'table']);
/** Reasons that mean the player changed the game. */
const PLAYED = new Set(['move', 'undo', 'redo', 'reset', 'seek']);

el.addEventListener('change', (e) => {
  const { reason, state } = /** @type {CustomEvent<{reason: string, state: GameState}>} */ (e).detail;
  if (PLAYED.has(reason) && page.noteUntilMove) {
    page.noteUntilMove = false;
    showNote('');
  }
  if (MOVED.has(reason)) {
    page.noSolutionAt = null;
    clearTimeout(page.thinkingTimer);
    page.thinking = false;
    page.thinkingTimer = setTimeout(() => {
      page.thinking = game.state()?.status === null;
      refresh();
    }, THINKING_MS);
    syncUrl(state, reason);
  }
  if (MOVED.has(reason) || reason === 'config') syncAll(state);
  else refresh(state);
});

/**
 * Keeps the address bar and localStorage on the current game.
 * @param {GameState} s
 * @param {string} reason the `change` event's
 */
function syncUrl(s, reason) {
  if (location.search !== s.query) history.replaceState(history.state, '', s.query + location.hash);
  if (page.booting || (page.keepSaved && !PLAYED.has(reason))) return;
  page.keepSaved = false;
  saveGame(s);
}

/** @param {GameState} s */
function syncAll(s) {
  syncControls({ board: s.board, boardName: s.boardName, start: s.startHole ?? '', goal: s.goal, holes: s.holes, hintMode: s.hints, names: s.names, pickStart: s.pickStart });
  showMoves(s, (where) => {
    replay.stop();
    game.seek(where).catch(fail);
  });
  refresh(s);
}

/** The board says it is busy (aria-busy) while the page starts and while a solution plays. */
function markBusy() {
  el.setAttribute('aria-busy', String(!page.started || replay.busy));
}

/**
 * Banner, counters, source and hint line from what is known now.
 * @param {GameState|null} [s]
 */
function refresh(s = game.state()) {
  markBusy();
  if (!s) return;
  const unsure = Object.values(s.pegHints).some((p) => p.unknown > 0);
  showCounts(s, sourceInfo(s, unsure), {
    solving: replay.running,
    canSolve: s.status === 'playing' && s.winning !== false,
  });
  // a solution's jump in flight: the banner waits for its peg to land (replay.js says when)
  if (!replay.inFlight) showBanner(banner(s));
  markStarts(s.starts);
  markGoals(s.goals);
  const peg = s.focus;
  const cursorEmpty = s.cursor !== null && !s.pegs[s.holes.indexOf(s.cursor)];
  const quiet = s.pickStart || s.status === 'solved';
  showHintLine(
    quiet
      ? []
      : hintLine({
          mode: s.hints,
          peg,
          emptyCursor: peg === null && cursorEmpty ? s.cursor : null,
          jumps: peg ? s.legal.filter((j) => j.from === peg) : [],
          hints: peg ? s.verdicts[peg] : undefined,
          pegs: judgedPegs(s),
          unsure: s.status === 'playing' && s.winning === null,
        }),
  );
}

/**
 * Every peg that can jump as wasm judged it, once all of them are in (else null).
 * @param {GameState} s
 */
function judgedPegs(s) {
  const movable = movablePegs(s.legal);
  return movable.every((p) => p in s.pegHints) ? movable.map((p) => s.pegHints[p]) : null;
}

/**
 * @param {GameState} s
 * @returns {import('../shared/texts.js').Banner}
 */
function banner(s) {
  if (s.pickStart) return { status: 'pick', text: 'Pick the start:', sub: 'click the hole that should be empty. Esc cancels.' };
  if (page.noSolutionAt === s.version) return noSolutionBanner(s);
  // at move 0, a game that can't be won says so, and offers one close to it that can
  if (s.status !== null && s.winnable === 'no' && s.jumps === 0) return unwinnableBanner(s, switchTo);
  if (s.status === null) {
    if (s.error) return { status: 'error', text: 'The engine failed.', sub: `${s.error}. Reload the page to go on.` };
    // keep the last banner for a moment: most verdicts come back within a frame
    if (page.thinking || !page.lastBanner) return { status: 'thinking', text: 'Thinking…' };
    return page.lastBanner;
  }
  page.lastBanner = statusBanner(s, { ...s, status: s.status }, s.holes, s.fatal);
  return page.lastBanner;
}

// ---- actions ---------------------------------------------------------------------------

/**
 * Reports an error the player should see.
 * @param {unknown} e
 */
function fail(e) {
  flash(`Something went wrong: ${e instanceof Error ? e.message : String(e)}`, 0);
}

/**
 * Shows a note for a while (ms 0: until replaced).
 * @param {string} text
 * @param {number} [ms]
 */
function flash(text, ms = 4000) {
  clearTimeout(page.noteTimer);
  showNote(text);
  page.noteUntilMove = ms === 0;
  if (ms) page.noteTimer = setTimeout(() => showNote(''), ms);
}

/**
 * Opens another game on the board (a new board, start or goal).
 * @param {import('../shared/config.js').GameConfig} c
 * @param {string} what for the note when it fails
 */
function reopen(c, what) {
  replay.stop();
  page.keepSaved = false;
  game.set({ pickStart: false, ...c }).catch((e) => {
    flash(`${what}: ${e.message}`);
    const s = game.state();
    if (s) syncAll(s);
  });
}

/**
 * Opens a problem wasm offered (a winnable one near the current game).
 * @param {import('../shared/wasm-types.js').ProblemView} p
 */
function switchTo(p) {
  reopen(p.start !== null ? { start: p.start, goal: p.goal } : { position: /** @type {string} */ (p.position), goal: p.goal }, 'That game can’t be opened');
}

/** @param {'off'|'hover'|'always'} mode */
function setHintMode(mode) {
  savePrefs({ hintMode: mode });
  game.set({ hints: mode }).catch(fail);
}

/** @param {boolean} on */
function setNames(on) {
  savePrefs({ names: on });
  game.set({ names: on }).catch(fail);
}

/** @param {import('../shared/keys.js').Action} a */
function runAction(a) {
  const s = game.state();
  if (!s) return;
  if (a !== 'solve' && a !== 'escape' && a !== 'hints' && a !== 'names') replay.stop();
  /** @type {Record<string, () => Promise<unknown>>} the actions that ask the board or the replay */
  const asks = { undo: () => game.undo(), redo: () => game.redo(), reset: () => game.reset(), step: () => replay.step(), solve: () => replay.toggle() };
  if (a in asks) {
    asks[a]().catch(fail);
    return;
  }
  switch (a) {
    case 'hints': {
      setHintMode(HINT_MODES[(HINT_MODES.indexOf(s.hints) + 1) % HINT_MODES.length]);
      break;
    }
    case 'names':
      setNames(!s.names);
      break;
    case 'escape':
      replay.stop();
      game.cancel();
      break;
  }
}

// ---- input -----------------------------------------------------------------------------

// a press on the board stops a solution being played
el.addEventListener('pointerdown', () => replay.stop(), { capture: true });
listenKeys(runAction);

/** @param {string} id @param {() => void} f */
const onClick = (id, f) => /** @type {HTMLElement} */ (document.getElementById(id)).addEventListener('click', f);
onClick('undo', () => runAction('undo'));
onClick('redo', () => runAction('redo'));
onClick('reset', () => runAction('reset'));
// a note that stays (why the page opened something else) leaves once the player moves, or here
onClick('note-close', () => showNote(''));
onClick('step', () => runAction('step'));
onClick('solve', () => runAction('solve'));
onClick('share', async () => {
  try {
    await navigator.clipboard.writeText(location.href);
    flash('Link copied: it opens this game at this position.');
  } catch {
    flash(`Copy this link: ${location.href}`, 0);
  }
});

/** @param {string} name a board's name or link text */
const openBoard = (name) => reopen({ board: name }, `Can't open ${name}`);
// the board editor: its code, style and wasm load the first time it is asked for
onClick('draw', () => import('./board-editor.js').then((m) => m.openEditor(game, openBoard), fail));

// ---- boot ------------------------------------------------------------------------------

/**
 * The default game's opening, baked into the shipped page by scripts/build-site.mjs (absent
 * from the sources in www/, and unreadable: then the board waits for the engine as it does for
 * any other game).
 * @returns {import('../shared/protocol.js').Opening|undefined}
 */
function bakedOpening() {
  try {
    return JSON.parse(document.getElementById('pegwise-opening')?.textContent ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

async function boot() {
  const stored = loadGame();
  const notes = [];
  if (stored.problem) {
    dropGame();
    notes.push(unreadableSaveNote(stored.problem));
  }
  try {
    // the link's game, else the stored one, else the default game: wasm's choice (Game.open)
    // the link may set the hints too (?hints=always), checked as the element's attribute is
    const link = new URLSearchParams(location.search);
    const { config: shown, problems } = fromAttributes(link.has('hints') ? { hints: link.get('hints') } : {});
    for (const p of problems) notes.push(`The link’s ${p.param} ${quote(p.value)} was refused (${p.message}).`);
    if (shown.hints && shown.hints !== prefs.hintMode) savePrefs({ hintMode: shown.hints });
    // a page that names no game opens the default one, which the site's build baked in as
    // the core judged it: drawn with its verdicts before the engine has started
    const preview = !stored.record && [...link.keys()].every((k) => k === 'hints') ? bakedOpening() : undefined;
    await game.set({ link: location.search, ...(stored.record && { stored: stored.record }), ...(preview && { preview }), hints: shown.hints ?? prefs.hintMode, names: prefs.names });
  } catch (e) {
    // the board opened its default game instead (or the game without its moves)
    const err = /** @type {import('../shared/errors.js').PegwiseError} */ (e);
    if (err.param === 'save') dropGame();
    // a link that failed leaves the stored game stored until the player moves
    page.keepSaved = err.param !== 'save';
    notes.push(startupNote(err));
  }
  page.booting = false;
  const now = game.state();
  if (now && !page.keepSaved) saveGame(now);
  if (notes.length) flash(notes.join(' '), 0);
  setupControls({
    board: openBoard,
    start: (hole) => reopen({ start: hole }, 'That game can’t be opened'),
    goal: (goal) => reopen({ goal }, 'That game can’t be opened'),
    pickStart: (on) => game.set({ pickStart: on }).catch(fail),
    hintMode: setHintMode,
    names: setNames,
  });
  // the catalogue takes the engine a while to build: asked for once the first game's hints
  // are in, so it never holds them up
  await Promise.race([game.settled(), new Promise((ok) => setTimeout(ok, CATALOGUE_AFTER_MS))]);
  fillBoards(await game.boards());
  const s = game.state();
  if (s) syncAll(s);
}

boot()
  .catch((e) => showBanner({ status: 'error', text: 'pegwise could not start.', sub: String(e instanceof Error ? e.message : e) }))
  .finally(() => {
    page.started = true;
    markBusy();
  });
