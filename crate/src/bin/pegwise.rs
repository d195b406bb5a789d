//! The `pegwise` command: boards, stats, dump, hint, count, solve, tables.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};

use pegwise::board::CATALOGUE;
use pegwise::game::Game;
use pegwise::moves;
use pegwise::oracle::Verdict;
use pegwise::shipped;
use pegwise::solve::{self, count, Options, Solved};
use pegwise::table::Table;
use pegwise::{Board, Error, Problem};

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

#[derive(Args, Clone)]
struct BoardArgs {
    /// Board: a catalogue name (see `pegwise boards`), `row:L`, or `ascii:--ooo--/...` (`ascii-tri:` for triangular).
    #[arg(long, default_value = "english")]
    board: String,
    /// Read a custom board from an ASCII file (see the README for the format).
    #[arg(long, conflicts_with = "board")]
    board_file: Option<PathBuf>,
}

#[derive(Args, Clone)]
struct ProblemArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// The hole empty at the start (name like d4, or number 1..N), or `all` for every single vacancy.
    #[arg(long, default_value = "d4")]
    start: String,
    /// Where the last peg must end: `start`, `any`, or a hole.
    #[arg(long, default_value = "start")]
    goal: String,
}

#[derive(Subcommand)]
enum Command {
    /// List the boards: name, holes, symmetries.
    Boards,
    /// Reachable and winning positions per peg count, symmetry-reduced.
    Stats(ProblemArgs),
    /// The canonical codes of the winning positions with N pegs, ascending.
    Dump {
        #[command(flatten)]
        p: ProblemArgs,
        /// Peg count.
        #[arg(long)]
        pegs: usize,
    },
    /// Play moves, then mark every legal jump good or bad.
    Hint {
        #[command(flatten)]
        p: ProblemArgs,
        /// Moves to play first, e.g. "d2-d4 f3-d3".
        #[arg(long, default_value = "")]
        moves: String,
        /// Where to read tables from (a shipped table is used when it covers the game).
        #[arg(long, default_value = "data")]
        data: PathBuf,
    },
    /// Number of distinct jump sequences that reach the goal from the position.
    Count {
        #[command(flatten)]
        p: ProblemArgs,
        /// Moves to play first.
        #[arg(long, default_value = "")]
        moves: String,
    },
    /// A winning line of jumps from the position, as moves.
    Solve {
        #[command(flatten)]
        p: ProblemArgs,
        /// Moves to play first.
        #[arg(long, default_value = "")]
        moves: String,
    },
    /// A solution with the fewest moves (a move is a chain of jumps by one peg).
    Fewest(ProblemArgs),
    /// Build every shipped table and the MANIFEST.
    Tables {
        /// Output folder.
        #[arg(long, default_value = "data")]
        out: PathBuf,
        /// Only these boards (comma-separated; the MANIFEST is then printed, not written).
        #[arg(long)]
        only: Option<String>,
        /// Check each table against the brute-force solver (every reachable position on boards
        /// up to 18 holes, random playouts on bigger ones).
        #[arg(long)]
        verify: bool,
        /// Build the big tables that are not committed (English, every start and goal) instead
        /// of the committed ones; their rows in the MANIFEST are replaced.
        #[arg(long)]
        built: bool,
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

/// A command's answer, in both forms.
struct Output {
    text: String,
    json: Value,
}

fn board_of(a: &BoardArgs) -> Result<Board, Error> {
    match &a.board_file {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| {
                Error::BadBoard(format!("cannot read board file '{}': {e}", path.display()))
            })?;
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("custom");
            let name: String = name
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            Board::parse_ascii(
                if name.is_empty() { "custom" } else { &name },
                pegwise::Lattice::Square,
                &text,
            )
        }
        None => Board::by_name(&a.board),
    }
}

fn problem_of(a: &ProblemArgs) -> Result<Problem, Error> {
    Problem::parse(board_of(&a.board)?, &a.start, &a.goal)
}

fn spinner(label: &str) -> ProgressBar {
    let pb = ProgressBar::new_spinner();
    pb.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    pb.set_message(label.to_string());
    pb.enable_steady_tick(std::time::Duration::from_millis(200));
    pb
}

/// The code budget for a job: a third of the memory available now (sorting needs room too),
/// 8 bytes a code; the built-in default where /proc/meminfo can't be read.
fn memory_budget() -> usize {
    let avail_kb = std::fs::read_to_string("/proc/meminfo").ok().and_then(|m| {
        m.lines()
            .find(|l| l.starts_with("MemAvailable:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<usize>().ok())
    });
    avail_kb.map_or(solve::DEFAULT_MAX_CODES, |kb| {
        kb.saturating_mul(1024) / 8 / 3
    })
}

fn solve_with_progress(p: &Problem, opts: Options) -> Result<Solved, Error> {
    let opts = Options {
        max_codes: memory_budget(),
        ..opts
    };
    let pb = spinner(&format!(
        "solving {} start {} goal {}",
        p.board.name(),
        p.start_text(),
        p.goal_text()
    ));
    let r = solve::solve(p, opts, &mut |m| pb.set_message(m.to_string()));
    pb.finish_and_clear();
    r
}

fn unsolvable_note(p: &Problem) -> String {
    format!(
        "{} with start {} and goal {} has no solution: the goal cannot be reached from the start.\n",
        p.board.name(),
        p.start_text(),
        p.goal_text()
    )
}

fn run(cli: &Cli) -> Result<Output, Error> {
    match &cli.command {
        Command::Boards => boards(),
        Command::Stats(a) => stats(a),
        Command::Dump { p, pegs } => dump(p, *pegs),
        Command::Hint { p, moves, data } => hint(p, moves, data),
        Command::Count { p, moves } => count_cmd(p, moves),
        Command::Solve { p, moves } => solve_cmd(p, moves),
        Command::Fewest(a) => fewest(a),
        Command::Tables {
            out,
            only,
            verify,
            built,
        } => tables(out, only.as_deref(), *verify, *built),
    }
}

fn boards() -> Result<Output, Error> {
    let mut text = format!(
        "{:<12} {:>5} {:>10}  lattice\n",
        "board", "holes", "symmetries"
    );
    let mut list = Vec::new();
    for name in CATALOGUE {
        let b = Board::by_name(if *name == "row:L" { "row:7" } else { name })?;
        let shown = if *name == "row:L" {
            "row:L (3..64; row:7 shown)"
        } else {
            name
        };
        text += &format!(
            "{:<12} {:>5} {:>10}  {:?}\n",
            shown,
            b.len(),
            b.symmetries().len(),
            b.lattice()
        );
        list.push(json!({"name": name, "holes": b.len(), "symmetries": b.symmetries().len(), "lattice": b.lattice()}));
    }
    Ok(Output {
        text,
        json: Value::Array(list),
    })
}

/// Orbits under the board's whole group (the literature's "symmetry reduced" count).
fn reduced(solved: &Solved, set: &[u64]) -> usize {
    if solved.canon.perms().len() == solved.problem.board.symmetries().len() {
        set.len()
    } else {
        solve::orbits_under_full_group(&solved.problem, set)
    }
}

fn stats(a: &ProblemArgs) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let s = solve_with_progress(
        &p,
        Options {
            all_reachable: true,
            ..Options::default()
        },
    )?;
    let n = p.board.len();
    let mut text = format!(
        "{} ({} holes, {} symmetries), start {}, goal {}\n{:>5} {:>12} {:>12}\n",
        p.board.name(),
        n,
        p.board.symmetries().len(),
        p.start_text(),
        p.goal_text(),
        "pegs",
        "reachable",
        "winning"
    );
    let mut levels = Vec::new();
    let (mut f_total, mut w_total) = (0, 0);
    for k in (1..n).rev() {
        let (f, w) = (reduced(&s, &s.reachable[k]), reduced(&s, &s.winning[k]));
        f_total += f;
        w_total += w;
        text += &format!("{k:>5} {f:>12} {w:>12}\n");
        levels.push(json!({"pegs": k, "reachable": f, "winning": w}));
    }
    text += &format!("{:>5} {f_total:>12} {w_total:>12}\n", "total");
    let solvable = w_total > 0;
    if !solvable {
        text += &unsolvable_note(&p);
    }
    Ok(Output {
        text,
        json: json!({
            "board": p.board.name(), "holes": n, "symmetries": p.board.symmetries().len(),
            "start": p.start_text(), "goal": p.goal_text(), "levels": levels,
            "reachable_total": f_total, "winning_total": w_total, "solvable": solvable,
        }),
    })
}

fn dump(a: &ProblemArgs, pegs: usize) -> Result<Output, Error> {
    let p = problem_of(a)?;
    if pegs == 0 || pegs >= p.board.len() {
        return Err(Error::BadBoard(format!(
            "--pegs {pegs}: use 1..{} on {}",
            p.board.len() - 1,
            p.board.name()
        )));
    }
    let s = solve_with_progress(&p, Options::default())?;
    let codes = &s.winning[pegs];
    let text: String = codes.iter().map(|c| format!("{c}\n")).collect();
    Ok(Output {
        text,
        json: json!(codes),
    })
}

/// A game from the problem with `moves` played; uses a shipped table from `data` when one
/// covers it (checked on load), else solves the problem exactly.
fn game_at(p: &Problem, moves_text: &str, data: Option<&PathBuf>) -> Result<Game, Error> {
    let mut g = Game::new(p.clone())?;
    g.play_text(moves_text)?;
    if !p.classes_allow() {
        // every answer is "no", and the live solver knows it at once from the classes
        return Ok(g);
    }
    let spec = data
        .and_then(|dir| shipped::table_for(p).map(|spec| (dir, spec)))
        .filter(|(dir, spec)| dir.join(&spec.file).exists());
    match spec {
        Some((dir, spec)) => {
            let mut read = |f: &str| {
                let path = dir.join(f);
                std::fs::read(&path)
                    .map_err(|e| Error::BadTable(format!("cannot read '{}': {e}", path.display())))
            };
            g.attach_table(Arc::new(shipped::load(&spec.file, true, &mut read)?))?;
        }
        None => {
            let s = solve_with_progress(p, Options::default())?;
            g.attach_table(Arc::new(Table::from_solved(&s, |_| true)))?;
        }
    }
    Ok(g)
}

fn hint(a: &ProblemArgs, moves_text: &str, data: &PathBuf) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let mut g = game_at(&p, moves_text, Some(data))?;
    let winning = g.winning().unwrap_or(false);
    let b = p.board.clone();
    let hints = g.hints();
    let mut text = b.render(g.code());
    text += &format!(
        "{} pegs, {}\n",
        g.code().count_ones(),
        if winning {
            "winning"
        } else {
            "dead end: the goal can no longer be reached"
        }
    );
    let mut jumps = Vec::new();
    for (j, v) in hints {
        let good = v == Verdict::Good;
        text += &format!(
            "  {:<8} {}\n",
            moves::jump_text(&b, j),
            if good { "good" } else { "bad" }
        );
        jumps.push(json!({"jump": moves::jump_text(&b, j), "good": good}));
    }
    Ok(Output {
        text,
        json: json!({"pegs": g.code().count_ones(), "winning": winning, "jumps": jumps}),
    })
}

fn count_cmd(a: &ProblemArgs, moves_text: &str) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let mut g = Game::new(p.clone())?;
    g.play_text(moves_text)?;
    if !p.classes_allow() {
        return Ok(Output {
            text: format!("0\n{}", unsolvable_note(&p)),
            json: json!({"count": "0"}),
        });
    }
    let s = solve_with_progress(&p, Options::default())?;
    let pb = spinner("counting");
    let n = count::count_from(&p, &s.canon, g.code(), |c| s.is_winning(c));
    pb.finish_and_clear();
    let mut text = format!("{n}\n");
    if n == 0 {
        text += &unsolvable_note(&p);
    }
    Ok(Output {
        text,
        json: json!({"count": n.to_string()}),
    })
}

fn solve_cmd(a: &ProblemArgs, moves_text: &str) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let mut g = game_at(&p, moves_text, None)?;
    match g.solution() {
        Some(line) => {
            let m = moves::moves_text(&p.board, &line);
            Ok(Output {
                text: format!("{}\n", m.join(" ")),
                json: json!({"solvable": true, "moves": m, "jumps": line.len()}),
            })
        }
        None => Ok(Output {
            text: unsolvable_note(&p),
            json: json!({"solvable": false}),
        }),
    }
}

fn fewest(a: &ProblemArgs) -> Result<Output, Error> {
    let p = problem_of(a)?;
    if !p.classes_allow() {
        return Ok(Output {
            text: unsolvable_note(&p),
            json: json!({"solvable": false}),
        });
    }
    let s = solve_with_progress(&p, Options::default())?;
    let pb = spinner("searching for the fewest moves");
    let found = solve::fewest::fewest_moves(&p, &s.canon, |c| s.is_winning(c));
    pb.finish_and_clear();
    let Some((start, line)) = found else {
        return Ok(Output {
            text: unsolvable_note(&p),
            json: json!({"solvable": false}),
        });
    };
    let b = &p.board;
    let hole = (0..b.len() as u8)
        .find(|&h| start >> h & 1 == 0)
        .map_or("?", |h| b.hole_name(h));
    let texts: Vec<String> = line
        .iter()
        .map(|m| {
            let mut t = b.hole_name(m[0].from).to_string();
            for j in m {
                t = format!("{t}-{}", b.hole_name(j.to));
            }
            t
        })
        .collect();
    Ok(Output {
        text: format!(
            "{} moves from start {hole}: {}\n",
            texts.len(),
            texts.join(" ")
        ),
        json: json!({"solvable": true, "moves": texts.len(), "start": hole, "line": texts}),
    })
}

/// Holds a freshly built table against brute force, for every start it serves.
fn verify_table(spec: &shipped::TableSpec, table: Table) -> Result<usize, Error> {
    let table = Arc::new(table);
    let board = &spec.problem.board;
    let mut brute_problem = spec.problem.clone();
    let mut checked = 0;
    let starts: Vec<u8> = (0..board.len() as u8)
        .filter(|&h| spec.problem.start_set() >> h & 1 == 1)
        .collect();
    let pb = spinner(&format!("verifying {}", spec.file));
    brute_problem.start = pegwise::Start::Hole(starts[0]);
    let mut brute = solve::brute::Brute::new(&brute_problem);
    for (i, &h) in starts.iter().enumerate() {
        let mut p = spec.problem.clone();
        p.start = pegwise::Start::Hole(h);
        let mut oracle = pegwise::oracle::Oracle::new(&p);
        oracle.attach(table.clone())?;
        let result = if board.len() <= 18 {
            solve::verify::exhaustive(&p, &mut oracle, &mut brute)
        } else {
            solve::verify::playouts(&p, &mut oracle, &mut brute, 3000, 1 + i as u64)
        };
        checked += result.map_err(|m| {
            Error::BadTable(format!(
                "{} disagrees with brute force at position {}: {m:?}",
                spec.file, m.code
            ))
        })?;
    }
    pb.finish_and_clear();
    Ok(checked)
}

fn tables(
    out: &PathBuf,
    only: Option<&str>,
    verify: bool,
    built_only: bool,
) -> Result<Output, Error> {
    let io =
        |e: std::io::Error| Error::BadTable(format!("cannot write to '{}': {e}", out.display()));
    std::fs::create_dir_all(out).map_err(io)?;
    let mut names: Vec<&str> = shipped::FULL_BOARDS.to_vec();
    names.push("english");
    if let Some(list) = only {
        let wanted: Vec<&str> = list.split(',').map(str::trim).collect();
        for w in &wanted {
            if !names.contains(w) {
                return Err(Error::BadBoard(format!(
                    "no tables are built for '{w}' (boards with tables: {})",
                    names.join(", ")
                )));
            }
        }
        names.retain(|n| wanted.contains(n));
    }
    let mut manifest = String::from("# file board start goal codes bytes sha256\n");
    let mut rows = Vec::new();
    for name in names {
        let board = Board::by_name(name)?;
        for spec in shipped::tables_for(&board)? {
            if spec.committed == built_only {
                continue;
            }
            let pb = spinner(&format!("building {}", spec.file));
            let built = shipped::build(&spec, &mut |m| {
                pb.set_message(format!("{}: {m}", spec.file))
            })?;
            pb.finish_and_clear();
            if verify && !spec.union {
                let mut read = |f: &str| {
                    if f == spec.file {
                        return Ok(built.head.clone());
                    }
                    built
                        .shards
                        .iter()
                        .find(|s| s.0 == f)
                        .map(|s| s.1.clone())
                        .ok_or_else(|| Error::BadTable(format!("no file '{f}'")))
                };
                let n = verify_table(&spec, shipped::load(&spec.file, false, &mut read)?)?;
                eprintln!(
                    "verified {}: {n} positions agree with brute force",
                    spec.file
                );
            }
            let mut files = vec![(spec.file.clone(), &built.head, built.table.codes())];
            for (f, bytes) in &built.shards {
                files.push((f.clone(), bytes, 0));
            }
            for (file, bytes, codes) in files {
                std::fs::write(out.join(&file), bytes).map_err(io)?;
                let sha = shipped::sha256_hex(bytes);
                manifest += &format!(
                    "{} {} {} {} {} {} {}\n",
                    file,
                    name,
                    spec.problem.start_text(),
                    spec.problem.goal_text(),
                    codes,
                    bytes.len(),
                    sha
                );
                rows.push(json!({"file": file, "board": name, "codes": codes, "bytes": bytes.len(), "sha256": sha}));
            }
        }
    }
    // A partial build (--only) prints its rows but leaves the MANIFEST alone; a full one
    // replaces the rows of the files it wrote and keeps the others.
    if only.is_none() {
        let path = out.join("MANIFEST");
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        std::fs::write(&path, merge_manifest(&old, &manifest)).map_err(io)?;
    }
    Ok(Output {
        text: manifest,
        json: Value::Array(rows),
    })
}

/// The MANIFEST with `new` rows in place of the old rows for the same files (the rest kept,
/// in order; new files appended).
fn merge_manifest(old: &str, new: &str) -> String {
    let key = |l: &str| l.split_whitespace().next().unwrap_or("").to_string();
    let fresh: Vec<&str> = new.lines().filter(|l| !l.starts_with('#')).collect();
    let mut out = String::from("# file board start goal codes bytes sha256\n");
    let mut used = vec![false; fresh.len()];
    for line in old
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        match fresh.iter().position(|f| key(f) == key(line)) {
            Some(i) => {
                used[i] = true;
                out += fresh[i];
            }
            None => out += line,
        }
        out.push('\n');
    }
    for (i, f) in fresh.iter().enumerate() {
        if !used[i] {
            out += f;
            out.push('\n');
        }
    }
    out
}
