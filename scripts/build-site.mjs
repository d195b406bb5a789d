#!/usr/bin/env node
// Builds the shipped form of the page into site/ (what scripts/play serves and the browser tests
// load): each entry point of www/js bundled and minified into one file by esbuild (then terser),
// the CSS minified, the HTML pages without the per-module preloads, and the wasm packages copied
// from www/pkg and www/pkg-analysis (run scripts/build-wasm first). Each file also gets a gzipped
// twin (file.gz, by zopfli: plain gzip that any browser reads, 5% smaller than gzip -9) and a
// brotli twin (file.br, about 10% smaller again), which scripts/serve.mjs sends to browsers
// that take them, as static hosts do. www/ stays the readable
// source: plain ES modules that also run unbundled (`node scripts/serve.mjs --source`).

import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zopfli from '@gfx/zopfli';
import { build, transform } from 'esbuild';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { minify } from 'terser';
import { bakeOpening } from './opening.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WWW = `${ROOT}www/`;
const SITE = `${ROOT}site/`;

/**
 * Entry points (www/js/…), each bundled to the same path under site/js/, so the URLs its
 * modules compute from import.meta.url (the engine worker's, the site's root) hold in both:
 * every bundle that holds the element sits two folders down, as its modules do.
 */
const ENTRIES = [
  'page/app.js',
  'element/peg-solitaire.js', // the element for embedding pages
  'worker/engine-worker.js',
  'page/analysis-panel.js', // the Analysis panel's contents, imported when it is first opened
  'page/board-editor.js', // the board editor, imported when the player first asks for it
  'worker/analysis-worker.js', // the Analysis panel's worker, started when the panel first asks
  'page/embed-demo.js',
  'page/embed-frame.js', // the iframe page loads nothing else: one request
];
/** Shipped as they are: js/peg-solitaire.js, the element's address for embedding pages. */
const AS_IS = ['peg-solitaire.js'];

if (!existsSync(`${WWW}pkg/pegwise_bg.wasm`) || !existsSync(`${WWW}pkg-analysis/pegwise_bg.wasm`)) {
  console.error('build-site: www/pkg or www/pkg-analysis is missing: run scripts/build-wasm first');
  process.exit(1);
}
rmSync(SITE, { recursive: true, force: true });
mkdirSync(`${SITE}js`, { recursive: true });

/**
 * esbuild plugin: the Analysis panel and the board editor, each imported only once it is
 * opened, stay files of their own (each its own entry point), so the modules they share with
 * the page are copied into them rather than split into a chunk that the page would load at
 * start.
 */
const panelOutside = {
  name: 'panel-outside',
  setup(b) {
    b.onResolve({ filter: /^\.\/(analysis-panel|board-editor)\.js$/ }, (a) => (a.kind === 'dynamic-import' ? { path: a.path, external: true } : undefined));
  },
};

const common = {
  bundle: true,
  minify: true,
  format: /** @type {const} */ ('esm'),
  target: ['es2022'],
  legalComments: /** @type {const} */ ('none'),
  charset: /** @type {const} */ ('utf8'), // the texts' typographic quotes as they are, not \u escapes
  logLevel: /** @type {const} */ ('warning'),
};
for (const entry of ENTRIES) {
  await build({
    ...common,
    entryPoints: [`${WWW}js/${entry}`],
    outdir: `${SITE}js`,
    outbase: `${WWW}js`,
    plugins: [panelOutside],
  });
}
for (const f of AS_IS) cpSync(`${WWW}js/${f}`, `${SITE}js/${f}`);
// then a second, deeper pass over each bundle by terser (several compress passes: about 3% less
// gzipped than esbuild's minifier alone, which is the page's goal of 125 KB), headed by V8's
// compile hint: every function of a bundle runs as it loads (the page's start-up, the worker's
// requests), so V8 compiles them all at once as the script streams in, off the thread, rather
// than each at its first call (about 12 ms sooner to the first hint in alternating loads)
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
for (const f of readdirSync(`${SITE}js`, { recursive: true }).map(String).filter((n) => n.endsWith('.js'))) {
  const path = `${SITE}js/${f}`;
  const out = await minify(readFileSync(path, 'utf8'), { module: true, ecma: 2020, compress: { passes: 5, unsafe_arrows: true, unsafe_methods: true }, mangle: true, format: { comments: false } });
  if (typeof out.code !== 'string') throw new Error(`build-site: terser gave nothing for ${f}`);
  writeFileSync(path, COMPILE_HINT + out.code);
}
await build({
  ...common,
  entryPoints: readdirSync(`${WWW}css`).map((f) => `${WWW}css/${f}`),
  outdir: `${SITE}css`,
});

/**
 * The default game's table head, as wasm answers it (the game a page without a link or a saved
 * game opens), for index.html's inline script to fetch while the wasm compiles.
 */
async function firstHead() {
  const wasm = await import(pathToFileURL(`${WWW}pkg/pegwise.js`).href);
  await wasm.default({ module_or_path: readFileSync(`${WWW}pkg/pegwise_bg.wasm`) });
  const g = wasm.Game.open({});
  const file = g.tableFile() ?? null;
  g.free();
  return file;
}
const head = JSON.stringify(await firstHead());
// the default game's opening, judged by the core, for the page to draw before its engine starts
// ("<" escaped: the JSON sits in a <script> element)
const opening = JSON.stringify(bakeOpening(await import(pathToFileURL(`${WWW}pkg/pegwise.js`).href), `${ROOT}data/`)).replaceAll('<', '\\u003c');
const OPENING_SLOT = '<script type="application/json" id="pegwise-opening">null</script>';

// the pages, with the default game's table head written in
for (const f of readdirSync(WWW).filter((n) => n.endsWith('.html'))) {
  let html = readFileSync(`${WWW}${f}`, 'utf8')
    .replace('/*@first-head*/ null', () => head)
    .replace(OPENING_SLOT, () => OPENING_SLOT.replace('null', opening));
  // inline scripts minified too
  for (const [whole, code] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    const { code: min } = await transform(code, { minify: true, target: 'es2022', charset: 'utf8' });
    html = html.replace(whole, () => `<script>${min.trim()}</script>`);
  }
  html = html
    .replace(/^\s*<!--[\s\S]*?-->\n/gm, '')
    .replace(/\n[ \t]+/g, '\n'); // indentation only: the pages have no <pre> or <textarea>
  writeFileSync(`${SITE}${f}`, html);
}
// the game's wasm, and the Analysis panel's (loaded only once the panel asks); each with its
// glue as a module of its own, for scripts that drive wasm directly (the benchmarks)
for (const pkg of ['pkg', 'pkg-analysis']) {
  mkdirSync(`${SITE}${pkg}`);
  for (const f of ['pegwise_bg.wasm', 'pegwise.js']) cpSync(`${WWW}${pkg}/${f}`, `${SITE}${pkg}/${f}`);
}

// compressed twins, made once here rather than on every request: brotli (.br, what browsers
// take over HTTPS) and gzip (.gz, for the rest)
const shipped = readdirSync(SITE, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(html|css|js|wasm)$/.test(f));
await Promise.all(
  shipped.map(async (f) => {
    const bytes = readFileSync(`${SITE}${f}`);
    const gz = await zopfli.gzipAsync(bytes, { numiterations: 15 });
    writeFileSync(`${SITE}${f}.gz`, gz);
    const br = brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_LGWIN]: zlib.BROTLI_MAX_WINDOW_BITS, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    writeFileSync(`${SITE}${f}.br`, br);
  }),
);
