// The page's static server (scripts/serve.mjs) in a child process, for the browser benches:
// a server sharing the harness's event loop answers late while the harness drives the browser.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVE = fileURLToPath(new URL('../../scripts/serve.mjs', import.meta.url));

/**
 * Starts scripts/serve.mjs on a free port in its own process.
 * @param {'site'|'source'} pages which form of the page to serve
 * @returns {Promise<{url: string, close: () => Promise<void>}>}
 */
export function serveApart(pages) {
  const child = spawn(process.execPath, [SERVE, ...(pages === 'source' ? ['--source'] : [])], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
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
