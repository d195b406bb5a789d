//! Which tables pegwise ships in `data/`, which one answers for a game, how each is built,
//! and the SHA-256 of every file as `data/MANIFEST` pins it. The generator (`pegwise tables`)
//! and the game both read this, so they can't disagree; a table file whose hash is not the
//! pinned one is refused before it is decoded.

use std::sync::OnceLock;

use crate::board::Board;
use crate::error::{Fault, Result};
use crate::problem::{Goal, Problem, Start};
use crate::symmetry::Canon;
use crate::table::Table;

/// One shipped table: the problem it solves, its file name, and which levels it stores.
#[derive(Debug, Clone)]
pub struct TableSpec {
    /// The problem solved (for a union table: start `all`, goal `any`).
    pub problem: Problem,
    /// File name of the head inside `data/`.
    pub file: String,
    /// A union table with finish and start masks: it answers every single-vacancy start
    /// with every goal.
    pub union: bool,
    /// Committed to git (small); otherwise built by `scripts/tables` and pinned only.
    pub committed: bool,
}

/// Boards with every start and goal covered by tables.
pub const FULL_BOARDS: &[&str] = &["triangle4", "trunc12", "triangle5", "trunc18", "triangle6"];

/// Boards whose tables are built by `scripts/tables` rather than committed.
pub const BUILT_BOARDS: &[&str] = &[
    "english",
    "triangle7",
    "french",
    "square6",
    "wiegleb",
    "diamond41",
];

/// Boards whose one table is the union (every start, goal any, with finish and start masks)
/// in `<board>.every.pgt`, built out of core when it doesn't fit in memory. A built table is
/// offered to games only once `data/MANIFEST` pins it.
const UNION_BOARDS: &[&str] = &["french", "diamond41", "square6"];

/// Boards with built tables like the small triangles' (goal any, and each finish hole up to
/// symmetry, from every start): their classes have more candidate holes than a union
/// table's masks hold.
const PER_HOLE_BUILT: &[&str] = &["triangle7"];

/// Boards with a built table of one game, the board's default: a start hole and a goal, as
/// `Problem::parse` reads them, back to the start (goal `start`, which the generator halves).
/// Wiegleb's every start and goal would not fit on this machine; one game does. square6 has
/// its union table too (in [`UNION_BOARDS`]); the default game's own table answers that game
/// from fewer bytes.
const ONE_GAME_BUILT: &[(&str, &str, &str)] =
    &[("square6", "c3", "start"), ("wiegleb", "e5", "start")];

/// The pinned hashes of the head files, `name sha256` a line, taken from `data/MANIFEST` at
/// build time (build.rs).
const HEAD_PINS: &str = include_str!(concat!(env!("OUT_DIR"), "/pins.txt"));

/// The file name for a problem: `board.start.goal.pgt` (the goal as a hole name or `any`).
pub fn file_name(p: &Problem) -> String {
    let goal = match (p.goal, p.start) {
        (Goal::Any, _) => "any".to_string(),
        (Goal::Start, Start::Hole(h)) | (Goal::Hole(h), _) => p.board.hole_name(h).to_string(),
        (Goal::Start, Start::All | Start::Position(_)) => "start".to_string(),
    };
    format!("{}.{}.{}.pgt", p.board.name(), p.start_text(), goal)
}

/// True when `board` is the catalogue board `name` (by geometry, never by the name a custom
/// board may give itself).
pub(crate) fn is_catalogue(board: &Board, name: &str) -> bool {
    // the named boards' geometries, built once: this is asked for every board on every open
    static GEOMETRIES: OnceLock<Vec<(&'static str, u64)>> = OnceLock::new();
    let known = GEOMETRIES.get_or_init(|| {
        let named = FULL_BOARDS.iter().chain(BUILT_BOARDS).chain(UNION_BOARDS);
        named
            .filter_map(|&n| Some((n, Board::by_name(n).ok()?.geometry_id())))
            .collect()
    });
    match known.iter().find(|(n, _)| *n == name) {
        Some(&(_, g)) => g == board.geometry_id(),
        None => Board::by_name(name).is_ok_and(|b| b.geometry_id() == board.geometry_id()),
    }
}

/// The tables shipped for a board (empty for boards that rely on the live solver).
pub fn tables_for(board: &Board) -> Result<Vec<TableSpec>> {
    let mut specs = planned_for(board)?;
    specs.retain(|s| s.committed || pinned(&s.file).is_some());
    Ok(specs)
}

/// The tables `pegwise tables` builds for a board: those shipped, and big ones that
/// `data/MANIFEST` does not pin yet.
pub fn planned_for(board: &Board) -> Result<Vec<TableSpec>> {
    // a drawn board with a catalogue board's geometry (its holes where that board has them,
    // so the same codes) is that board: its tables, under that board's name
    let named = FULL_BOARDS
        .iter()
        .chain(PER_HOLE_BUILT)
        .chain(["english"].iter())
        .chain(ONE_GAME_BUILT.iter().map(|g| &g.0))
        .chain(UNION_BOARDS)
        .find(|n| is_catalogue(board, n));
    let Some(&name) = named else {
        return Ok(Vec::new());
    };
    let board = &Board::by_name(name)?;
    let spec = |start: Start, goal: Goal, committed: bool| -> Result<TableSpec> {
        let problem = Problem::new(board.clone(), start, goal)?;
        Ok(TableSpec {
            file: file_name(&problem),
            problem,
            union: false,
            committed,
        })
    };
    let per_hole = FULL_BOARDS
        .iter()
        .map(|&n| (n, true))
        .chain(PER_HOLE_BUILT.iter().map(|&n| (n, false)))
        .find(|(n, _)| is_catalogue(board, n));
    if let Some((name, committed)) = per_hole {
        let board = Board::by_name(name)?;
        // Goal "any" from any start, and every finish hole up to symmetry, from any start.
        let canon = Canon::full(&board);
        let mut out = vec![spec(Start::All, Goal::Any, committed)?];
        for h in 0..board.len() as u8 {
            let orbit_min = (0..canon.perms().len())
                .map(|s| canon.transform(s, 1u64 << h))
                .min();
            if orbit_min == Some(1u64 << h) {
                out.push(spec(Start::All, Goal::Hole(h), committed)?);
            }
        }
        return Ok(out);
    }
    if is_catalogue(board, "english") {
        let board = Board::by_name("english")?;
        let d4 = board.hole("d4")?;
        let mut union = spec(Start::All, Goal::Any, false)?;
        union.union = true;
        union.file = "english.every.pgt".into();
        return Ok(vec![
            spec(Start::Hole(d4), Goal::Start, true)?,
            spec(Start::Hole(d4), Goal::Any, true)?,
            union,
        ]);
    }
    // a board may have both: its default game's table answers that game with the fewest
    // bytes, the union table every other start and goal
    let mut out = Vec::new();
    if let Some(&(_, start, goal)) = ONE_GAME_BUILT.iter().find(|g| is_catalogue(board, g.0)) {
        let game = Problem::parse(board.clone(), start, goal)?;
        out.push(spec(game.start, game.goal, false)?);
    }
    if UNION_BOARDS.contains(&name) {
        out.push(TableSpec {
            problem: Problem::new(board.clone(), Start::All, Goal::Any)?,
            file: format!("{name}.every.pgt"),
            union: true,
            committed: false,
        });
    }
    Ok(out)
}

/// The shipped table that answers for `problem`, if any: the smallest that covers it (for a
/// game from a set position, the one with the most starts, a union first: it holds the most
/// positions as winning).
pub fn table_for(problem: &Problem) -> Option<TableSpec> {
    let specs = tables_for(&problem.board).ok()?;
    let mut covering: Vec<TableSpec> = specs.into_iter().filter(|s| covers(problem, s)).collect();
    if let Start::Position(_) = problem.start {
        crate::small_sort::sort_by_key(&mut covering, |s| {
            (!s.union, u32::MAX - s.problem.start_set().count_ones())
        });
    } else {
        crate::small_sort::sort_by_key(&mut covering, |s| s.union);
    }
    covering.into_iter().next()
}

/// True when the table of `spec` answers every position of a game of `game`. For a game from
/// a set position: when it has the game's goal (see `Oracle` for what it then answers).
pub fn covers(game: &Problem, spec: &TableSpec) -> bool {
    if let Start::Position(_) = game.start {
        return spec.union || game.goal_onto(spec.problem.goal_set()).is_some();
    }
    if spec.union {
        return matches!(game.start, Start::Hole(_));
    }
    game.symmetry_onto(spec.problem.start_set(), spec.problem.goal_set())
        .is_some()
}

/// Hex SHA-256.
pub fn sha256_hex(bytes: &[u8]) -> String {
    crate::sha::sha256(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn pins() -> &'static Vec<(String, String)> {
    static PINS: OnceLock<Vec<(String, String)>> = OnceLock::new();
    PINS.get_or_init(|| {
        HEAD_PINS
            .lines()
            .filter_map(|l| {
                let (file, hash) = l.split_once(' ')?;
                Some((file.to_string(), hash.to_string()))
            })
            .collect()
    })
}

/// The SHA-256 that `data/MANIFEST` pinned for a head file (`.pgt`), in hex.
pub fn pinned(file: &str) -> Option<&'static str> {
    pins()
        .iter()
        .find(|(f, _)| f == file)
        .map(|(_, h)| h.as_str())
}

/// Refuses a file whose SHA-256 is not the one pinned for it at build time.
pub fn check_pinned(file: &str, bytes: &[u8]) -> Result<()> {
    let want = pinned(file).ok_or_else(|| Fault::UnknownFile(file.to_string()))?;
    let got = sha256_hex(bytes);
    // a pin is the whole SHA-256, or in the wasm its first 128 bits (build.rs)
    if want.len() < 32 || !got.starts_with(want) {
        return Err(Fault::NotPinned {
            file: file.to_string(),
            got: prefix(&got).to_string(),
            want: prefix(want).to_string(),
        }
        .into());
    }
    Ok(())
}

/// The first 12 characters of a hash, for a message (`get`: no str slicing, whose panic path
/// would bring core's char escaping tables into the wasm).
fn prefix(hex: &str) -> &str {
    hex.get(..12).unwrap_or(hex)
}

/// Loads a whole table: the head (checked against its pin when `pinned_only`) and every
/// external level, each checked against the head's SHA-256. `read` gets a file name.
pub fn load(
    file: &str,
    pinned_only: bool,
    read: &mut dyn FnMut(&str) -> Result<Vec<u8>>,
) -> Result<Table> {
    let head = read(file)?;
    if pinned_only {
        check_pinned(file, &head)?;
    }
    let table = Table::decode(&head)?;
    for (n, level) in table.levels.iter().enumerate() {
        if let Some(level) = level {
            if level.shard().is_none() {
                let bytes = read(&Table::shard_file(file, n as u8))?;
                table.add_header(n as u8, &bytes)?;
            }
        }
    }
    Ok(table)
}

/// Opens a table for lookups that read only the parts they need: the head now (checked
/// against its pin), each level's header and chunks when first looked at, through `reader`
/// (file name, byte range). Every part is checked against the hashes the head pins.
pub fn open(
    file: &str,
    head: &[u8],
    reader: impl Fn(&str, usize, usize) -> Option<Vec<u8>> + Send + Sync + 'static,
) -> Result<Table> {
    check_pinned(file, head)?;
    let mut table = Table::decode(head)?;
    let stem = file.to_string();
    table.reader = Some(crate::table::PartReader(Box::new(move |pegs, from, to| {
        reader(&Table::shard_file(&stem, pegs), from, to)
    })));
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file_of(board: &str, start: &str, goal: &str) -> Option<String> {
        let p = Problem::parse(Board::by_name(board).unwrap(), start, goal).unwrap();
        table_for(&p).map(|s| s.file)
    }

    #[test]
    fn a_drawn_board_with_a_catalogue_geometry_takes_its_tables_by_their_names() {
        let cross = "ascii:--ooo--/--ooo--/ooooooo/ooooooo/ooooooo/--ooo--/--ooo--";
        assert_eq!(
            file_of(cross, "d4", "start"),
            file_of("english", "d4", "start")
        );
        assert_eq!(
            file_of(cross, "d4", "start").as_deref(),
            Some("english.d4.d4.pgt")
        );
        let tri = "ascii-tri:---o/--o-o/-o-o-o/o-o-o-o";
        assert_eq!(file_of(tri, "a1", "any"), file_of("triangle4", "a1", "any"));
        assert!(file_of(tri, "a1", "any").is_some_and(|f| f.starts_with("triangle4.")));
        // any other drawn board asks for no table at all
        assert_eq!(
            file_of("ascii:-ooo-/ooooo/ooooo/ooooo/-ooo-", "c3", "any"),
            None
        );
        assert_eq!(file_of("ascii:ooo/ooo/ooo", "b2", "any"), None);
    }

    #[test]
    fn a_board_with_a_default_game_table_and_a_union_takes_each_where_it_is_smallest() {
        // square6: the default game from its own table, every other start and goal from
        // the union (both pinned by data/MANIFEST, whether built here or not)
        let b = Board::by_name("square6").unwrap();
        let files: Vec<String> = planned_for(&b)
            .unwrap()
            .into_iter()
            .map(|s| s.file)
            .collect();
        assert_eq!(files, ["square6.c3.c3.pgt", "square6.every.pgt"]);
        assert_eq!(
            file_of("square6", "c3", "start").as_deref(),
            Some("square6.c3.c3.pgt")
        );
        for (start, goal) in [("c3", "any"), ("a1", "any"), ("b2", "start"), ("a2", "f6")] {
            assert_eq!(
                file_of("square6", start, goal).as_deref(),
                Some("square6.every.pgt"),
                "{start} to {goal}"
            );
        }
    }
}
