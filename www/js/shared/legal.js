// What the legal jumps say, read the one way the page and the worker share. The jumps
// themselves are wasm's: this only groups them.

/**
 * The pegs that can jump, in the order wasm lists the jumps (reading order).
 * @param {{from: string}[]} legal
 * @returns {string[]}
 */
export const movablePegs = (legal) => [...new Set(legal.map((j) => j.from))];
