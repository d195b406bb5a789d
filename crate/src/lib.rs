//! pegwise: peg solitaire with an exact dead-end hint.
//!
//! The core knows boards ([`board`]), positions ([`position`]), symmetry ([`symmetry`]),
//! notation ([`moves`]), problems ([`problem`]), the generator of winning sets ([`solve`]),
//! the table format ([`table`]), hints ([`hint`]) and game state ([`game`]). It does no I/O;
//! the CLI and the wasm bindings sit on top of it.

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod board;
pub mod classes;
pub mod codec;
pub mod defaults;
pub mod error;
pub mod game;
pub mod huffman;
pub mod masks;
pub mod moves;
pub mod oracle;
pub mod position;
pub mod problem;
pub mod shard;
pub mod shipped;
pub mod solve;
pub mod symmetry;
pub mod table;
pub mod winnable;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use board::{Board, Jump, Lattice};
pub use error::{Error, Result};
pub use problem::{Goal, Problem, Start};
