// The board editor's request, served by the Analysis panel's worker (its wasm package has the
// editor's binding): wasm describes the drawing, or says what is wrong with it. A drawing that
// can't be a board is an answer the editor shows, not a failure, so the error comes back as
// data with its fields (kind, param, value), not as a failed request.

/** @typedef {typeof import('../../pkg-analysis/pegwise.js')} AnalysisPkg */

/**
 * The editor's requests, which need no game open.
 * @param {AnalysisPkg} pkg
 */
export function editorOps(pkg) {
  return {
    /**
     * Describes a board: `{text}` (a board's name or link text) or `{lattice, rows, name}`.
     * Answers `{board}` (wasm's description) or `{error: {kind, param, value, message}}`.
     * @param {{request: object}} args
     */
    describeBoard({ request }) {
      try {
        return { board: pkg.describeBoard(request) };
      } catch (e) {
        const err = /** @type {Error & {kind?: string, param?: string, value?: string}} */ (e);
        return { error: { kind: err.kind ?? 'failed', param: err.param ?? '', value: err.value ?? '', message: err.message } };
      }
    },
  };
}
