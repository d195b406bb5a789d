// The <peg-solitaire> element at the address embed pages load it from: the element itself is
// element/peg-solitaire.js (bundled there in site/, beside the page, so the URLs it computes
// from import.meta.url are the same in both). Loading it by either name runs it once.
export * from './element/peg-solitaire.js';
