// The benches' fixed random numbers: mulberry32, as in the Rust examples, so that a bench
// replays the same positions on every run.

/**
 * A generator from a 32-bit seed.
 * @param {number} seed
 * @returns {{below: (n: number) => number}} below(n): a whole number from 0 to n - 1
 */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  return { below: (n) => Math.floor((next() * n) / 2 ** 32) };
}
