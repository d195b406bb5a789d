#!/usr/bin/env node
// A tiny static server for the game: the page at / and data/ at /data/. No dependencies.
// `node scripts/serve.mjs` serves the shipped form (site/, built by scripts/build-site.mjs) on
// 127.0.0.1:$PORT (default 8080); `--source` serves the readable modules of www/ instead, and
// `--no-ranges` answers a Range request with the whole file, as a plain static host does.
// Tests import startServer().

import { createServer } from 'node:http';
import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';

const gzipAsync = promisify(gzipCb);

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Content types by file extension; anything else is served as bytes. */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

/** Types worth gzipping (tables shrink ~20%, the wasm by half); each file is compressed once. */
const COMPRESS = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.svg', '.txt', '.md', '.pgt']);

/** The folders a page can be served from: the shipped bundles, or the readable sources. */
export const PAGES = { site: join(ROOT, 'site'), source: join(ROOT, 'www') };

/**
 * URL prefixes and the folders they map to, longest first.
 * @param {'site'|'source'} pages
 */
const mounts = (pages) => [
  ['/data/', join(ROOT, 'data')],
  ['/', PAGES[pages]],
];

/**
 * Maps a request path to a file inside one of the mounts, or null when it would escape them.
 * @param {string} urlPath the decoded path of the request, e.g. "/js/app.js"
 * @param {'site'|'source'} [pages] which form of the page is served at /
 * @returns {string | null}
 */
export function resolvePath(urlPath, pages = 'site') {
  for (const [prefix, dir] of mounts(pages)) {
    if (!urlPath.startsWith(prefix)) continue;
    const rel = normalize(urlPath.slice(prefix.length));
    const file = resolve(dir, rel === '.' ? '' : rel);
    if (file !== dir && !file.startsWith(dir + sep)) return null;
    return file;
  }
  return null;
}

/**
 * Handles one request: GET/HEAD of a file, index.html for a folder, 404 otherwise.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {'site'|'source'} pages
 * @param {boolean} ranges whether Range requests are honoured (false: the whole file, as
 *   `python3 -m http.server` sends it)
 */
async function handle(req, res, pages, ranges) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  let path;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    res.writeHead(400).end('bad path');
    return;
  }
  let file = resolvePath(path, pages);
  try {
    if (!file) throw new Error('outside');
    let st = await stat(file);
    if (st.isDirectory()) {
      file = join(file, 'index.html');
      st = await stat(file);
    }
    const ext = extname(file).toLowerCase();
    // Range requests: big table levels are fetched a chunk at a time, as any static host serves
    const range = ranges && /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (range) {
      const from = Number(range[1]);
      const to = Math.min(range[2] ? Number(range[2]) : st.size - 1, st.size - 1);
      if (from > to) {
        res.writeHead(416, { 'Content-Range': `bytes */${st.size}` }).end();
        return;
      }
      res.writeHead(206, {
        'Content-Type': TYPES[ext] ?? 'application/octet-stream',
        'Content-Length': to - from + 1,
        'Content-Range': `bytes ${from}-${to}/${st.size}`,
        'Accept-Ranges': 'bytes',
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file, { start: from, end: to }).on('error', () => res.destroy()).pipe(res);
      return;
    }
    const takes = String(req.headers['accept-encoding'] ?? '');
    // brotli where the build made a twin (site/) and the browser takes it, else gzip
    const brotli = COMPRESS.has(ext) && /\bbr\b/.test(takes) ? await twinOf(file, st, 'br') : null;
    const gzip = !brotli && COMPRESS.has(ext) && /\bgzip\b/.test(takes);
    const packedBody = brotli ?? (gzip ? await gzipped(file, st) : null);
    res.writeHead(200, {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      ...(packedBody ? { 'Content-Encoding': brotli ? 'br' : 'gzip', 'Content-Length': packedBody.length } : { 'Content-Length': st.size }),
      Vary: 'Accept-Encoding',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (packedBody) res.end(packedBody);
    else createReadStream(file).on('error', () => res.destroy()).pipe(res);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: ${path}\n`);
  }
}

/**
 * A file's compressed twin (`file.br`) made by the build, when there is one not older than
 * the file; else null.
 * @param {string} file
 * @param {import('node:fs').Stats} st
 * @param {'br'} ext
 * @returns {Promise<Buffer|null>}
 */
async function twinOf(file, st, ext) {
  const twin = await stat(`${file}.${ext}`).catch(() => null);
  return twin && twin.mtimeMs >= st.mtimeMs ? readFile(`${file}.${ext}`) : null;
}

/** Gzipped bodies by file, with the modification time and size they were made from. */
const packed = new Map();

/**
 * A file's gzipped bytes: its gzipped twin `file.gz` when the build made one (site/, by
 * zopfli) and it is not older than the file, else compressed here once and kept while the file
 * is unchanged (so a page load never waits for the server to compress the wasm again).
 * @param {string} file
 * @param {import('node:fs').Stats} st
 * @returns {Promise<Buffer>}
 */
async function gzipped(file, st) {
  const key = `${st.mtimeMs}:${st.size}`;
  const hit = packed.get(file);
  if (hit?.key === key) return hit.body;
  const twin = await stat(`${file}.gz`).catch(() => null);
  const body = twin && twin.mtimeMs >= st.mtimeMs ? await readFile(`${file}.gz`) : await gzipAsync(await readFile(file), { level: 6 });
  packed.set(file, { key, body });
  return body;
}

/**
 * Starts the server on 127.0.0.1.
 * @param {{port?: number, host?: string, pages?: 'site'|'source', ranges?: boolean}} [options]
 *   port 0 picks a free port; pages: the shipped form (site/, the default) or the readable
 *   sources (www/); ranges: false answers a Range request with the whole file, as a host
 *   without Range support does (the tests' stand-in for one)
 * @returns {Promise<{url: string, port: number, close: () => Promise<void>}>}
 */
export function startServer({ port = 8080, host = '127.0.0.1', pages = 'site', ranges = true } = {}) {
  const server = createServer((req, res) => {
    handle(req, res, pages, ranges).catch(() => res.destroy());
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      const addr = /** @type {import('node:net').AddressInfo} */ (server.address());
      ok({
        url: `http://${host}:${addr.port}/`,
        port: addr.port,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const port = Number(process.env.PORT ?? 8080);
  const pages = process.argv.includes('--source') ? 'source' : 'site';
  // --no-ranges: answer as a host without Range support does (the whole file), to try one
  const ranges = !process.argv.includes('--no-ranges');
  if (pages === 'site' && !existsSync(join(PAGES.site, 'index.html'))) {
    console.error('pegwise: site/ is not built: run scripts/play (or scripts/build-wasm, then node scripts/build-site.mjs), or serve the sources with --source');
    process.exit(1);
  }
  startServer({ port, pages, ranges }).then(
    ({ url }) => console.log(`pegwise: serving ${pages === 'site' ? 'site/' : 'www/'} and data/ at ${url}  (Ctrl+C to stop)`),
    (e) => {
      console.error(`pegwise: cannot serve on port ${port}: ${e.message}`);
      process.exit(1);
    },
  );
}
