// Words for counts, shared by every text the page and the element write.

/**
 * A count and its noun: "1 peg", "3 pegs", "2 moves".
 * @param {number} n
 * @param {string} one the noun for one
 * @param {string} [many] the noun for other counts (one + "s" by default)
 */
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
