// The page's static server (scripts/serve.mjs) in a child process, for the browser benches:
// a server sharing the harness's event loop answers late while the harness drives the browser.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVE = fileURLToPath(new URL('../../scripts/serve.mjs', import.meta.url));

/**
 * Starts scripts/serve.mjs on a free port in its own process.
 * @param {'site'|'source'} pages which form of the page to serve
 * @param {{ranges?: boolean}} [opts] ranges: false answers as a host without Range support
 * @returns {Promise<{url: string, close: () => Promise<void>}>}
 */
export function serveApart(pages, { ranges = true } = {}) {
  const flags = [...(pages === 'source' ? ['--source'] : []), ...(ranges ? [] : ['--no-ranges'])];
  const child = spawn(process.execPath, [SERVE, ...flags], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((ok, fail) => {
    let out = '';
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`scripts/serve.mjs exited (${code}) before serving: ${out}`)));
    child.stdout.on('data', (b) => {
      out += b;
      const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)?.[1];
      if (!url) return;
      child.removeAllListeners('exit');
      ok({ url, close: () => new Promise((done) => (child.once('exit', () => done()), child.kill())) });
    });
  });
}
