// The engine workers' protocol, declared once: every request with its arguments and its
// reply, the one event, and the one error shape. Both ends are checked against it by tsc: the
// worker's handlers (worker/worker-core.js, analysis-ops.js, editor-ops.js) must answer what
// it says, and the page's `send` (element/worker-client.js) returns what it says. Types only:
// nothing here runs.

/**
 * @typedef {import('./wasm-types.js').Snapshot} Snapshot
 * @typedef {import('./wasm-types.js').State} State
 * @typedef {import('./wasm-types.js').PegHint} PegHint
 * @typedef {import('./wasm-types.js').Hint} Hint
 * @typedef {import('./wasm-types.js').Jump} Jump
 * @typedef {import('./wasm-types.js').StartHint} StartHint
 * @typedef {import('./wasm-types.js').BoardEntry} BoardEntry
 * @typedef {import('./wasm-types.js').Layout} Layout
 * @typedef {import('./wasm-types.js').CountAnswer} CountAnswer
 * @typedef {import('./wasm-types.js').FewestAnswer} FewestAnswer
 * @typedef {import('./wasm-types.js').BestAnswer} BestAnswer
 * @typedef {import('./wasm-types.js').ChanceAnswer} ChanceAnswer
 * @typedef {import('./wasm-types.js').ForcedAnswer} ForcedAnswer
 * @typedef {import('./wasm-types.js').BoardDescription} BoardDescription
 * @typedef {import('./wasm-types.js').DrawingFault} DrawingFault
 * @typedef {import('./config.js').OpenSpec} OpenSpec
 */

/**
 * @typedef {{kind: string, param: string, value: string, why: string, message: string}} WireError
 *   every refusal, on every reply that can fail: the core's stable `kind` (crate/src/error.rs,
 *   or `stale`, `failed`, `too-long` from the worker), the input it is about, its bad value,
 *   why it was refused (without naming the value) and the whole message
 * @typedef {{hole: string|null, all: boolean}} Want the pegs the page shows: the one looked at
 *   (null: none), and whether every peg that can jump
 * @typedef {{moves: string, played: number, bad: string, message: string}} MovesError moves that
 *   did not all play: the list, how many played, the first that did not and why
 * @typedef {Snapshot & {partsPending?: boolean}} Reply the worker's answer after a change:
 *   the snapshot, the state and the shown pegs' verdicts (see worker-core.js `reply`), and
 *   whether table parts are on their way (an event follows)
 * @typedef {{partsPending?: boolean}} Parts
 * @typedef {{v?: number, want?: Want}} Acted v: the version the page acted on; want: the pegs
 *   it shows (the reply judges them)
 * @typedef {{at?: number}} Asked at: the version the page asked at (a question about a game
 *   replaced meanwhile is stale)
 * @typedef {WireError & {fellBack: 'board'|'default'}} FellBack a first game refused, and what
 *   opened instead
 * @typedef {Snapshot & {layout: Layout, tableFile: string|null}} Opening a game as it opens:
 *   its snapshot (with the state and the shown pegs' verdicts), layout and table file
 * @typedef {{error: WireError} | {kept: true} | (Opening & {partsPending?: boolean,
 *   movesError: MovesError|null, fellBack: FellBack|null})} OpenReply `open`: refused (the old
 *   game stays), the game open already, or the new game
 */

/**
 * The requests about one open game (`gid`), each `{args, reply}`.
 * @typedef {{
 *   open: {args: OpenSpec & {want?: Want}, reply: OpenReply},
 *   playJump: {args: {from: string, to: string} & Acted, reply: Reply},
 *   jumpsOf: {args: {text: string}, reply: {version: number, jumps: Jump[]} & Parts},
 *   undo: {args: Acted, reply: Reply},
 *   redo: {args: Acted, reply: Reply},
 *   reset: {args: Acted, reply: Reply},
 *   seek: {args: {moves?: number, jumps?: number, want?: Want}, reply: Reply},
 *   state: {args: Asked, reply: {version: number, state: State} & Parts},
 *   hintsFor: {args: {hole: string} & Asked, reply: {version: number, hole: string, peg: PegHint} & Parts},
 *   hints: {args: Asked, reply: {version: number, hints: Hint[]} & Parts},
 *   startsFor: {args: {goal: string} & Asked, reply: {version: number, starts: StartHint[]} & Parts},
 *   goalsFor: {args: Asked, reply: {version: number, goals: StartHint[]} & Parts},
 *   pegs: {args: Asked, reply: {version: number, pegs: PegHint[]} & Parts},
 *   solution: {args: Asked, reply: {version: number, solution: string[]|null} & Parts},
 * }} GameRequests
 */

/**
 * The requests that need no game.
 * @typedef {{
 *   hello: {args: {wasm: string, data: string}, reply: {}},
 *   boards: {args: {}, reply: {boards: BoardEntry[]}},
 *   close: {args: {}, reply: null},
 *   retryTables: {args: {}, reply: null},
 * }} CommonRequests
 */

/**
 * The Analysis panel's worker adds these: a question about its open game (analysis-ops.js),
 * and the board editor's, which needs none (editor-ops.js).
 * @typedef {{
 *   analyse: {args: {what: 'count'|'positions'|'chance'|'forced'|'fewest'|'best'}, reply: {version: number,
 *     what: string, answer: CountAnswer|FewestAnswer|BestAnswer|ChanceAnswer|ForcedAnswer}},
 * }} AnalysisRequests
 * @typedef {{
 *   describeBoard: {args: {request: object}, reply: {board: BoardDescription} | {error: DrawingFault}},
 * }} EditorRequests
 */

/**
 * @typedef {GameRequests & CommonRequests & AnalysisRequests & EditorRequests} Requests every
 *   request, by name
 * @typedef {keyof Requests} Op
 * @typedef {{id: number, op: Op, gid?: number, args?: object}} RequestMessage the page → worker
 * @typedef {{id: number, result: unknown} | {id: number, error: WireError}} ReplyMessage
 *   the worker's answer to the request with that id: its reply, or why it failed
 * @typedef {(Reply & {event: 'changed', why: 'table', gid: number})
 *   | {event: 'changed', why: 'refined', gid: number, version: number, pegs: PegHint[], working: boolean, partsPending?: boolean}} ChangeEvent
 *   the one event the worker pushes, about game `gid`: its table or table parts arrived and the
 *   position is judged afresh (`table`: a whole reply), or the background work decided jumps
 *   that were "?" (`refined`: `pegs` judged anew, and whether the work goes on)
 */

/**
 * The worker's handlers of requests about an open game: each takes the game's slot `S` and
 * its arguments, and answers its reply, at once or later.
 * @template {Record<string, {args: unknown, reply: unknown}>} R
 * @template S
 * @typedef {{[K in keyof R]: (s: S, args: R[K]['args']) => R[K]['reply'] | Promise<R[K]['reply']>}} GameHandlers
 */

/**
 * The worker's handlers of requests that need no game (`gid`: the game the page named, if any).
 * @template {Record<string, {args: unknown, reply: unknown}>} R
 * @typedef {{[K in keyof R]: (args: R[K]['args'], gid: number) => R[K]['reply'] | Promise<R[K]['reply']>}} CommonHandlers
 */

export {};
