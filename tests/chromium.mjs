// How the browser tests and the browser benches start Debian's Chromium (shared/TOOLCHAIN.md):
// no download of a browser of their own, and none of Chromium's background connections, which
// this machine's closed network refuses.

/** Launch options for playwright-core's chromium.launch(). */
export const LAUNCH = {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  timeout: 60_000,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};
