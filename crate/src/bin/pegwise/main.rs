//! The `pegwise` command: boards, stats, dump, hint, count, chance, forced, solve, fewest, best,
//! deadend, games, winnable, tables.
//!
//! This file is the clap entry and the dispatch; each command lives in its own module, and
//! `common` holds what they share (board and problem arguments, output, progress).

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod ask;
mod best;
mod boards;
mod chance;
#[cfg(feature = "distributed")]
mod cluster;
mod common;
mod count;
mod counts;
mod data;
mod deadend;
mod dump;
mod fewest;
mod forced;
mod games;
mod hint;
mod outcore;
mod progress;
mod solve;
mod solving;
mod stats;
mod tables;
mod way;
mod winnable;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use serde_json::json;

use common::{BoardArgs, GameArgs, Output, ProblemArgs};
use data::DataArgs;
use outcore::OutOfCoreArgs;
use pegwise::Error;
use way::HowArgs;

#[derive(Parser)]
#[command(
    name = "pegwise",
    version,
    about = "Peg solitaire with an exact dead-end hint: solver, tables and statistics"
)]
struct Cli {
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the boards: name, holes, symmetries.
    Boards,
    /// Reachable and winning positions per peg count, symmetry-reduced.
    Stats {
        #[command(flatten)]
        p: ProblemArgs,
        #[command(flatten)]
        o: OutOfCoreArgs,
    },
    /// The canonical codes of the winning positions with N pegs, ascending.
    Dump {
        #[command(flatten)]
        p: ProblemArgs,
        /// Peg count.
        #[arg(long)]
        pegs: usize,
        /// Symmetry reduction of the listed codes: the board's whole group (`full`, as `stats`
        /// counts and Bell lists), or only the symmetries fixing start and goal (`stabiliser`,
        /// the shipped table's own codes).
        #[arg(long, value_enum, default_value_t = dump::Reduce::Full)]
        reduce: dump::Reduce,
        #[command(flatten)]
        o: OutOfCoreArgs,
    },
    /// Play moves, then mark every legal jump good, bad, or unknown (the live search out of
    /// budget), from a built table, the whole problem solved (where that is quick, or with
    /// --exact), or the live search with the page's budget.
    Hint {
        #[command(flatten)]
        game: GameArgs,
        /// Then go on proving the jumps the live search left unknown for up to this many
        /// seconds, in short tries, as the page does while the player thinks.
        #[arg(long, value_name = "SECONDS", value_parser = hint::seconds)]
        think: Option<f64>,
    },
    /// Number of distinct jump sequences that reach the goal from the position
    /// ("too many to count" past 2^128 - 1).
    Count {
        #[command(flatten)]
        p: ProblemArgs,
        /// Moves to play first.
        #[arg(long, default_value = "")]
        moves: String,
        /// Count the winning games as sequences of positions instead, each position up to the
        /// symmetries that keep the goal (two jumps to images of one position count once).
        #[arg(long)]
        positions: bool,
        #[command(flatten)]
        how: HowArgs,
    },
    /// The chance that random play wins: at every step one of the legal jumps, each as likely.
    Chance {
        #[command(flatten)]
        p: ProblemArgs,
        /// Moves to play first.
        #[arg(long, default_value = "")]
        moves: String,
        #[command(flatten)]
        how: HowArgs,
    },
    /// The positions (and jumps) every winning game from the position passes through.
    Forced {
        #[command(flatten)]
        p: ProblemArgs,
        /// Moves to play first.
        #[arg(long, default_value = "")]
        moves: String,
        #[command(flatten)]
        how: HowArgs,
    },
    /// A winning line of jumps from the position, as moves.
    Solve {
        #[command(flatten)]
        game: GameArgs,
    },
    /// A solution with the fewest moves (a move is a chain of jumps by one peg).
    Fewest {
        #[command(flatten)]
        p: ProblemArgs,
        #[command(flatten)]
        how: HowArgs,
    },
    /// How few pegs can still remain from the position, and a jump that keeps that.
    Best {
        #[command(flatten)]
        p: ProblemArgs,
        /// Moves to play first.
        #[arg(long, default_value = "")]
        moves: String,
        #[command(flatten)]
        data: DataArgs,
        /// Most positions to search; past it the answer is "unknown". Default: the page's
        /// Analysis panel's.
        #[arg(long, default_value_t = best::BUDGET)]
        budget: u64,
    },
    /// The fewest jumps after which the goal is out of reach, and to a dead board (no jump
    /// left), each with one line.
    Deadend {
        #[command(flatten)]
        p: ProblemArgs,
        #[command(flatten)]
        how: HowArgs,
    },
    /// Count the games (sequences of moves, a move a chain of jumps by one peg, partial chains
    /// included) from one start to the goal, and print one shortest game.
    Games {
        #[command(flatten)]
        board: BoardArgs,
        /// The hole empty at the start (or a start position such as XXoXoXX).
        #[arg(long)]
        start: String,
        /// Where the last peg must end: `any`, `start`, or a hole.
        #[arg(long, default_value = "any")]
        goal: String,
        /// Count up to symmetry (MPMP's count): at every position, the start included, the
        /// moves fall into orbits under the symmetries that fix the position (and the goal), a
        /// symmetry taking a move to the move along the image path, and one move of each orbit
        /// is counted. Two paths that leave the same board are different moves unless such a
        /// symmetry maps one onto the other.
        #[arg(long)]
        unique: bool,
        /// Most positions to count over (each position once, however many games pass
        /// through it); past them the count is "unknown". Where a built table covers the
        /// game, only the positions it holds as winning are searched.
        #[arg(long, value_name = "N", default_value_t = games::POSITIONS)]
        budget: u64,
        #[command(flatten)]
        data: DataArgs,
    },
    /// Decide which single-vacancy problems of the catalogue can be won, and write the record
    /// and witness solutions (only with the whole catalogue; `--only` prints).
    Winnable {
        /// Only these boards (comma-separated).
        #[arg(long)]
        only: Option<String>,
        /// Positions the witness search may visit per question.
        #[arg(long, default_value_t = 2_000_000)]
        budget: u64,
        /// The crate folder to write into.
        #[arg(long, default_value = "crate")]
        crate_dir: PathBuf,
        #[command(flatten)]
        data: DataArgs,
    },
    /// Build the counts file of the English central game (count and fewest moves of every
    /// winning position with many pegs) and print its MANIFEST row.
    Counts {
        /// Folder to write english.d4.d4.pgc into.
        #[arg(long, default_value = "data")]
        out: PathBuf,
        /// Store positions with at least this many pegs.
        #[arg(long, default_value_t = counts::LOWEST)]
        lowest: u8,
    },
    /// Build every shipped table and the MANIFEST.
    Tables {
        /// Output folder.
        #[arg(long, default_value = "data")]
        out: PathBuf,
        /// Only these boards (comma-separated; the MANIFEST is then printed, not written).
        #[arg(long)]
        only: Option<String>,
        /// Only the tables of these goals (comma-separated, as the MANIFEST writes them:
        /// any, start, a hole); the MANIFEST is then printed, not written.
        #[arg(long)]
        goal: Option<String>,
        /// Check each table against the brute-force solver (every reachable position on boards
        /// up to 18 holes, random playouts on bigger ones).
        #[arg(long)]
        verify: bool,
        /// Build the big tables that are not committed instead of the committed ones: English
        /// every start and goal, triangle7 every start (goal any and each finish hole), French,
        /// diamond41 and square6 every start and goal, and the default games of square6 and
        /// wiegleb.
        /// Together they take hours and tens of GB of disk: name one board with --only, as
        /// scripts/tables does (sizes, times and disk: docs/tables.md). Without --only or
        /// --goal their rows in the MANIFEST are replaced.
        #[arg(long)]
        built: bool,
        #[command(flatten)]
        o: OutOfCoreArgs,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(out) => {
            if cli.json {
                println!("{}", serde_json::to_string(&out.json).unwrap_or_default());
            } else {
                print!("{}", out.text);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            if cli.json {
                println!("{}", json!({ "error": e.to_string() }));
            }
            eprintln!("pegwise: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: &Cli) -> Result<Output, Error> {
    match &cli.command {
        Command::Boards => boards::run(),
        Command::Stats { p, o } => stats::run(p, o),
        Command::Dump { p, pegs, reduce, o } => dump::run(p, *pegs, *reduce, o, cli.json),
        Command::Hint { game, think } => hint::run(game, *think),
        Command::Count {
            p,
            moves,
            positions,
            how,
        } => count::run(p, moves, how, *positions),
        Command::Chance { p, moves, how } => chance::run(p, moves, how),
        Command::Forced { p, moves, how } => forced::run(p, moves, how),
        Command::Solve { game } => solve::run(game),
        Command::Fewest { p, how } => fewest::run(p, how),
        Command::Best {
            p,
            moves,
            data,
            budget,
        } => best::run(p, moves, &data.dir()?, *budget),
        Command::Deadend { p, how } => deadend::run(p, how),
        Command::Games {
            board,
            start,
            goal,
            unique,
            budget,
            data,
        } => games::run(board, (start, goal), *unique, *budget, &data.dir()?),
        Command::Winnable {
            only,
            budget,
            crate_dir,
            data,
        } => winnable::run(only.as_deref(), *budget, crate_dir, &data.dir()?),
        Command::Counts { out, lowest } => counts::run(out, *lowest),
        Command::Tables {
            out,
            only,
            goal,
            verify,
            built,
            o,
        } => tables::run(out, only.as_deref(), goal.as_deref(), *verify, *built, o),
    }
}
