// The shapes of what wasm answers (the plain objects that crate/src/wasm builds with serde),
// as the page sees them through the engine worker: one place for these typedefs, which the
// other modules import (`@typedef {import('./wasm-types.js').Jump} Jump`). The generated
// pkg/pegwise.d.ts types these answers as `any`; this module says what is in them. Types only:
// nothing here runs.

/**
 * @typedef {{from: string, over: string, to: string, jump: string}} Jump
 *   one jump: `Game.legal`, `Game.jumpsOf`
 * @typedef {Jump & {verdict: 'good'|'bad'|'unknown'|'loading', forced: boolean}} Hint
 *   a jump judged: `Game.hints`, `Game.hintsFor`; forced: good, and the position's only good
 *   jump (every winning game makes it)
 * @typedef {{hole: string, jumps: Hint[], good: number, bad: number, unknown: number,
 *   loading: number, bomb: boolean, mark: 'good'|'bomb'|'unknown'|'loading'}} PegHint
 *   one peg as wasm judged it: `Game.pegHints`, `Game.pegs`
 * @typedef {{hole: string, winnable: 'yes'|'no'|'unknown', why?: 'class'|'search'|null}} StartHint
 *   whether a game from this start hole can be won (for the goal asked about): `Game.startsFor`
 * @typedef {{start: string|null, position: string|null, goal: string}} ProblemView
 *   a problem to offer: a start hole or a start position, and a goal
 * @typedef {{name: string, x: number, y: number}} HoleView
 * @typedef {{board: string, name: string, lattice: 'square'|'triangular', holes: HoleView[]}} Layout
 *   `boardLayout`, `Game.layout`
 * @typedef {{board: string, boardName: string, start: string, startHole: string|null,
 *   startPosition: string, goal: string, goalHole: string|null, pegs: boolean[],
 *   pegCount: number, jumps: number, moves: number, history: string[], historyHoles: string[][],
 *   future: string[], canUndo: boolean, canRedo: boolean, source: 'table'|'search', code: string,
 *   save: string, query: string, here: string}} Position
 *   `Game.position`; historyHoles: the holes each move visits; save: the whole game as one line
 *   of text (`pegwise:2;board;start;goal;moves;redo`), which Game.open reads back; query: the
 *   link that opens it (`?board=…&start=…&goal=…&moves=…`); here: the position now, X a peg
 *   and o a hole in reading order
 * @typedef {{nodes: number, settled: number, pagodaCuts: number, classCuts: number}} SearchStats
 *   what the live search has done in a game: `Game.searchStats`
 * @typedef {Position & {status: 'playing'|'solved'|'deadend'|'stuck', winning: boolean|null,
 *   fatal: string|null, fatalAt: number|null, winnable: 'yes'|'no'|'unknown',
 *   why?: 'class'|'search'|null, nearby: ProblemView|null, search?: SearchStats|null}} State
 *   `Game.state`; winnable: can the game be won from its start (why: how a "no" is known);
 *   nearby: a winnable problem near one that can't be won; search: `Game.searchStats`, added
 *   by the worker
 * @typedef {{version: number, position: Position, legal: Jump[], tableState: string, tableNote: string, tableWhy: string,
 *   state?: State, pegs?: PegHint[]}} Snapshot
 *   the worker's answer after a change: `Game.position` and `Game.legal`, with the game's
 *   version and its table's state
 * @typedef {{name: string, label: string, holes: number, symmetries: number, lattice: string, tables: boolean,
 *   start: string, goal: string}} BoardEntry  `boards`; start and goal: the game the board opens with
 * @typedef {{moves: number, board: number, save: number}} Limits
 *   `limits`: the longest texts wasm takes, in bytes of UTF-8
 * @typedef {{file: string, pegs: number, chunk: number, from: number, to: number}} TablePart
 *   `Game.tableNeeds`: a byte range [from, to) of a table file to fetch (chunk -1: a level's
 *   header and index)
 * @typedef {{state: 'done'|'unknown'|'loading', count: string|null, tooMany: boolean}} CountAnswer
 *   `Game.countWinning` (the Analysis panel's package)
 * @typedef {{state: 'done'|'unknown'|'loading', moves: number|null, first: string|null,
 *   jumps: Jump[]}} FewestAnswer  `Game.fewestMoves`
 * @typedef {{state: 'done'|'unknown'|'loading', pegs: number|null, jump: Jump|null}} BestAnswer
 *   `Game.bestFinish`
 * @typedef {{state: 'done'|'unknown'|'loading', chance: number|null, oneIn: number|null}} ChanceAnswer
 *   `Game.randomChance`: the chance that random play wins (each legal jump as likely), 0 to 1;
 *   oneIn = 1 / chance (null when it is 0)
 * @typedef {{pegs: number, position: string, jump: Jump|null}} ForcedPosition
 * @typedef {{state: 'done'|'unknown'|'loading', positions: ForcedPosition[]}} ForcedAnswer
 *   `Game.forcedPositions`: the positions every winning game from here passes through, most
 *   pegs first (this one first; none when the goal can't be reached), each with the forced jump
 *   into it when the one before is one jump away
 * @typedef {{spec: string, lattice: 'square'|'triangular', name: string|null, cells: boolean[][],
 *   holes: number, symmetries: number, twin: string|null, turned: boolean, tables: boolean,
 *   opening: ProblemView, winnable: 'yes'|'no'|'unknown', why: 'class'|'search'|null}} BoardDescription
 *   `describeBoard` (the Analysis panel's package), for the board editor: spec is the link's
 *   board=; cells the board as a grid (odd rows half a cell right on the triangular lattice);
 *   twin the catalogue board it is up to symmetry (turned: it was turned to stand as that
 *   board does); opening the game it opens with and winnable whether that can be won
 * @typedef {{kind: string, param: string, value: string, message: string}} DrawingFault
 *   what `describeBoard` refused: kind too-few-holes | too-many-holes | too-big | no-jump |
 *   bad-name | bad-lattice | unknown-board | bad-board; the input (param) and its bad value
 */

export {};
