// What the shipped page (site/, built by scripts/build-site.mjs) loads as it opens, tables
// excluded: the browser benchmark measures these bytes, and the browser tests hold them to the
// page's budget. The Analysis panel's chunk, worker and wasm come only when it is opened.

/** The default page: its HTML, stylesheet, bundle, engine worker and the game's wasm. */
export const PAGE_FILES = ['index.html', 'css/style.css', 'js/page/app.js', 'js/worker/engine-worker.js', 'pkg/pegwise_bg.wasm'];
/** What an embedding page loads instead: the element's bundle, the worker and the wasm (and, at
 * js/peg-solitaire.js, a one-line module that loads the element's bundle). */
export const EMBED_FILES = ['js/element/peg-solitaire.js', 'js/worker/engine-worker.js', 'pkg/pegwise_bg.wasm'];
