// Short animations that respect prefers-reduced-motion.

const query = window.matchMedia('(prefers-reduced-motion: reduce)');

/** True when the player asked the system for less motion. */
export function reducedMotion() {
  return query.matches;
}

/**
 * Runs `frame(t)` with t from 0 to 1 over `ms` milliseconds (once with t = 1 when motion is
 * reduced), resolving when done. `isCancelled` is checked every frame.
 * @param {number} ms
 * @param {(t: number) => void} frame
 * @param {() => boolean} [isCancelled]
 * @returns {Promise<void>}
 */
export function tween(ms, frame, isCancelled = () => false) {
  if (reducedMotion() || ms <= 0) {
    frame(1);
    return Promise.resolve();
  }
  return new Promise((done) => {
    const t0 = performance.now();
    const tick = (/** @type {number} */ now) => {
      const t = Math.min(1, (now - t0) / ms);
      if (isCancelled()) {
        frame(1);
        done();
        return;
      }
      frame(t);
      if (t < 1) requestAnimationFrame(tick);
      else done();
    };
    requestAnimationFrame(tick);
  });
}

/**
 * Waits `ms` milliseconds (shorter when motion is reduced, so replays stay quick).
 * @param {number} ms
 * @returns {Promise<void>}
 */
export function pause(ms) {
  return new Promise((done) => setTimeout(done, reducedMotion() ? Math.min(ms, 120) : ms));
}
