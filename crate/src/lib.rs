//! pegwise: peg solitaire with an exact dead-end hint.
//!
//! The core knows boards ([`board`]), positions ([`position`]), symmetry ([`symmetry`]),
//! notation ([`notation`] its values, [`moves`] straight onto a board), problems ([`problem`]), the search the page runs ([`search`]), the
//! offline generator of winning sets ([`generate`]), the table format ([`table`]), hints
//! ([`oracle`]) and game state ([`game`]). It does no I/O (but the out-of-core generator);
//! the CLI and the wasm bindings sit on top of it.
//!
//! A game on the 15-hole triangle, hinted from a table the generator builds:
//!
//! ```
//! use std::sync::Arc;
//! use pegwise::game::{Game, Status};
//! use pegwise::oracle::Verdict;
//! use pegwise::generate::{self, Options};
//! use pegwise::table::Table;
//! use pegwise::{Board, Problem};
//!
//! let problem = Problem::parse(Board::by_name("triangle5")?, "a1", "start")?;
//! let solved = generate::solve(&problem, Options::default(), &mut |_| {})?;
//! let mut game = Game::new(problem)?;
//! game.attach_table(Arc::new(solved.to_table(|_| true)))?;
//! game.play_text("c3-a1")?;
//! assert_eq!(game.status(), Status::Playing);
//! // every legal jump is marked good or bad; a table never answers unknown
//! let hints = game.hints();
//! assert!(hints.iter().any(|&(_, v)| v == Verdict::Good));
//! assert!(hints.iter().all(|&(_, v)| v != Verdict::Unknown));
//! // play the whole winning line the oracle finds, and the game is solved
//! for jump in game.solution().unwrap_or_default() {
//!     game.play_jump(jump)?;
//! }
//! assert_eq!(game.status(), Status::Solved);
//! # Ok::<(), pegwise::Error>(())
//! ```

#![warn(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

// the Analysis panel's questions: the CLI's, and the panel's wasm (www/pkg-analysis); the
// game's wasm goes without them
#[cfg(any(feature = "analysis", not(target_arch = "wasm32")))]
pub mod analysis;
pub mod board;
pub mod classes;
pub mod codec;
pub mod counts_file;
pub mod crc;
// what a drawn board plays like: the editor's (the CLI's and the Analysis wasm's)
#[cfg(any(feature = "analysis", not(target_arch = "wasm32")))]
pub mod describe;
pub mod error;
pub mod game;
pub mod game_id;
// the generator of whole winning sets: the CLI's and the tests', and the Analysis panel's
// (its walks over every winning game); never in the game's wasm
#[cfg(any(feature = "analysis", not(target_arch = "wasm32")))]
pub mod generate;
pub mod huffman;
pub mod masks;
pub mod midend;
pub mod moves;
pub mod notation;
pub mod oracle;
pub mod pagoda;
pub mod position;
pub mod problem;
pub mod refine;
pub mod search;
pub mod sha;
pub mod shard;
pub mod shipped;
pub mod small_sort;
pub mod symmetry;
pub mod table;
pub mod winnable;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
mod wasm_alloc;

pub use board::{Board, Jump, Lattice};
pub use error::{Error, Result};
pub use problem::{Goal, Problem, Start};
