//! What the page runs: the search that answers a position no table holds. The proving live
//! search (`live`, with its transposition table `memo` and the bitboard move generator
//! `bitboard`), and the analyses of one position or game: the best finish (`best`), the fewest
//! moves (`fewest`), MPMP's games (`games`) and the fastest ways to lose (`deadend`); and the
//! slow reference solver (`brute`) that the runtime asks on small boards and every test holds
//! the fast paths against. The offline generator of whole tables is `crate::generate`, which
//! is not part of the page's wasm.

pub mod best;
pub(crate) mod bitboard;
pub mod brute;
pub mod deadend;
pub mod fewest;
pub mod games;
pub mod live;
mod memo;
