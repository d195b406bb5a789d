//! The figures the README and docs/*.md quote for the commands, read out of the markdown and
//! held against what the commands print now (or, for the table files, against
//! data/MANIFEST and the committed files): a figure that goes stale, or a sentence reworded
//! so that its figure can no longer be found, fails here. Also the help texts that restate
//! a definition the README gives.

use std::path::{Path, PathBuf};
use std::process::Command;

use pegwise::generate::record::start_representatives;
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A markdown file of the project with its whitespace (line breaks, indents) made single
/// spaces, so a phrase is found wherever the text wraps.
fn doc(path: &str) -> String {
    let text = std::fs::read_to_string(root().join(path))
        .unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    normal(&text)
}

/// The README with the command reference split out of it (docs/cli.md): where the figures
/// about the commands are written.
fn readme() -> String {
    doc("README.md") + " " + &doc("docs/cli.md")
}

fn normal(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text after the first `before`, up to the next `after`; the test fails naming the
/// phrase when the doc no longer has it.
fn between<'a>(text: &'a str, before: &str, after: &str, what: &str) -> &'a str {
    let i = text
        .find(before)
        .unwrap_or_else(|| panic!("{what}: the doc no longer says '{before}'"));
    let rest = &text[i + before.len()..];
    let j = rest
        .find(after)
        .unwrap_or_else(|| panic!("{what}: nothing ends with '{after}' after '{before}'"));
    &rest[..j]
}

/// Every whole number written in `s` ("78,808", "(4"; not "5.9" or "triangle4"), in order.
fn numbers(s: &str) -> Vec<u128> {
    s.split_whitespace()
        .map(|t| t.trim_matches(|c: char| c.is_ascii_punctuation()))
        .filter(|t| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || c == ','))
        .map(|t| t.replace(',', "").parse().unwrap())
        .collect()
}

/// Runs `pegwise ARGS` in the project's root; its standard output (it must succeed).
fn pegwise(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_pegwise"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "pegwise {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `pegwise ARGS --json`, parsed.
fn pegwise_json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    serde_json::from_str(&pegwise(&a)).unwrap()
}

/// A u128 the CLI prints as a JSON string or number.
fn big(v: &Value) -> u128 {
    match v {
        Value::String(s) => s.parse().unwrap(),
        Value::Number(n) => u128::from(n.as_u64().unwrap()),
        _ => panic!("not a count: {v}"),
    }
}

#[test]
fn the_games_figures_in_the_readme_are_what_games_prints() {
    let readme = readme();
    let what = "README, games";
    let s = between(
        &readme,
        "The 15-hole triangle from ",
        " up to symmetry.",
        what,
    );
    let (starts, rest) = s.split_once(", goal `").unwrap();
    let (goal, rest) = rest.split_once("`: ").unwrap();
    let (all, unique) = rest.split_once(" games; ").unwrap();
    let starts: Vec<&str> = starts
        .split_whitespace()
        .map(|t| t.trim_end_matches(','))
        .filter(|t| *t != "and")
        .collect();
    let (all, unique) = (numbers(all), numbers(unique));
    assert_eq!(starts.len(), 4, "{what}: {s}");
    assert_eq!(all.len(), starts.len(), "{what}: {s}");
    assert_eq!(unique.len(), starts.len(), "{what}: {s}");
    assert_eq!(pegwise::Board::by_name("triangle5").unwrap().len(), 15);
    for (i, start) in starts.iter().enumerate() {
        let args = [
            "games",
            "--board",
            "triangle5",
            "--start",
            start,
            "--goal",
            goal,
        ];
        let v = pegwise_json(&args);
        assert_eq!(big(&v["games"]), all[i], "{what}: games from {start}");
        let mut with = args.to_vec();
        with.push("--unique");
        let v = pegwise_json(&with);
        assert_eq!(
            big(&v["games"]),
            unique[i],
            "{what}: games from {start} up to symmetry"
        );
    }
}

#[test]
fn the_central_game_s_count_is_the_same_wherever_it_is_quoted() {
    let v = pegwise_json(&[
        "count", "--board", "english", "--start", "d4", "--goal", "start",
    ]);
    let count = big(&v["count"]);
    let (readme, design, perf) = (readme(), doc("docs/design.md"), doc("docs/performance.md"));
    let quoted = [
        (
            "README, count",
            between(&readme, "The central game has ", " ", "README, count"),
        ),
        (
            "README, Analysis",
            between(
                &readme,
                "full and rounded (\"",
                " (",
                "README, Analysis panel",
            ),
        ),
        (
            "docs/design.md",
            between(
                &design,
                "for the English central game, and its ",
                " solutions",
                "docs/design.md",
            ),
        ),
        (
            "docs/performance.md",
            between(
                &perf,
                "English central game: count its ",
                " solutions",
                "docs/performance.md",
            ),
        ),
    ];
    for (what, text) in quoted {
        assert_eq!(numbers(text), vec![count], "{what}: '{text}'");
    }
    // the rounded form beside it in the Analysis paragraph
    let rounded = between(
        &readme,
        &format!("full and rounded (\"{} (", group(count)),
        ")\"",
        "README, Analysis panel",
    );
    let exp = count.to_string().len() as i32 - 1;
    let mantissa = count as f64 / 10f64.powi(exp);
    assert_eq!(rounded, format!("{mantissa:.1}×10^{exp}"));
}

/// A number with its thousands grouped by commas, as the docs write it.
fn group(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[test]
fn the_fewest_moves_figures_in_the_readme_are_what_fewest_prints() {
    let readme = readme();
    let what = "README, fewest (A127500)";
    let s = between(
        &readme,
        "Reproduces OEIS A127500 (triangles of side ",
        " moves)",
        what,
    );
    let (sides, moves) = s
        .split_once(", every start, finish anywhere: ")
        .unwrap_or_else(|| panic!("{what}: {s}"));
    let (sides, moves) = (numbers(sides), numbers(moves));
    assert_eq!(sides.len(), 3, "{what}: {s}");
    assert_eq!(moves.len(), sides.len(), "{what}: {s}");
    // the fewest moves of a game, or None when it can't be won
    let fewest = |board: &str, start: &str, goal: &str| -> Option<u128> {
        let v = pegwise_json(&["fewest", "--board", board, "--start", start, "--goal", goal]);
        (v["solvable"] == true).then(|| big(&v["moves"]))
    };
    // every start: the fewest over the single vacancies (one of each class of symmetry)
    for (side, want) in sides.iter().zip(&moves) {
        let board = format!("triangle{side}");
        let b = pegwise::Board::by_name(&board).unwrap();
        let least = start_representatives(&b)
            .into_iter()
            .filter_map(|h| fewest(&board, b.hole_name(h), "any"))
            .min();
        assert_eq!(least, Some(*want), "{what}: side {side}");
    }
    // MPMP's puzzle: the 10-hole triangle with hole 2 (a2) empty, finish anywhere
    let mpmp = between(
        &readme,
        "MPMP's 10-hole puzzle in ",
        " moves",
        "README, MPMP",
    );
    assert_eq!(
        numbers(mpmp),
        Vec::from_iter(fewest("triangle4", "a2", "any")),
        "README, MPMP"
    );
    let central = between(
        &readme,
        "and the central game's ",
        " moves",
        "README, central game",
    );
    // `pegwise fewest` searches the central game for tens of seconds: its fewest moves from
    // the start are read from the committed counts file instead, which `counts_file.rs` holds
    // to `pegwise counts` byte for byte and to breadth-first search
    let p = pegwise::Problem::parse(pegwise::Board::by_name("english").unwrap(), "d4", "start")
        .unwrap();
    let bytes = std::fs::read(root().join("data/english.d4.d4.pgc")).unwrap();
    let counts = pegwise::counts_file::Counts::decode(&bytes).unwrap();
    assert!(counts.serves(&p));
    let start = p.canon().canonical(p.start_positions()[0]);
    let entry = counts.find(start).expect("the start is in the counts file");
    assert_eq!(
        numbers(central),
        vec![u128::from(entry.fewest)],
        "README, central game's fewest moves"
    );
}

#[test]
fn the_deadend_figures_in_the_readme_are_what_deadend_prints() {
    let readme = readme();
    let s = between(
        &readme,
        "{...}}`; the central game: ",
        " jumps.",
        "README, deadend",
    );
    let v = pegwise_json(&[
        "deadend", "--board", "english", "--start", "d4", "--goal", "start",
    ]);
    assert_eq!(
        numbers(s),
        vec![big(&v["lost"]["jumps"]), big(&v["dead"]["jumps"])],
        "README, deadend: '{s}'"
    );
}

#[test]
fn the_row_solve_example_prints_what_the_readme_shows() {
    let readme = readme();
    let what = "README, solve on a row";
    let command = between(&readme, "`pegwise solve --board row:", "`", what);
    let args: Vec<String> = ["solve".to_string(), "--board".into()]
        .into_iter()
        .chain(
            format!("row:{command}")
                .split_whitespace()
                .map(String::from),
        )
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let from = format!("`pegwise solve --board row:{command}` prints `");
    let printed = between(&readme, &from, "`", what);
    let out = pegwise(&args);
    assert_eq!(out.lines().next(), Some(printed), "{what}: {out}");
    let json = between(
        &readme,
        &format!("{from}{printed}`, JSON `{{\"solvable\", \"moves\": "),
        "}`",
        what,
    );
    let want: Value = serde_json::from_str(json).unwrap();
    let v = pegwise_json(&args);
    assert_eq!(v["solvable"], true, "{what}");
    assert_eq!(v["moves"], want, "{what}");
}

/// data/MANIFEST: (file, codes, bytes) per row.
fn manifest() -> Vec<(String, u128, u128)> {
    std::fs::read_to_string(root().join("data/MANIFEST"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].to_string(),
                f[4].parse().unwrap(),
                f[5].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_counts_file_figures_are_the_committed_file_s() {
    let bytes = std::fs::read(root().join("data/english.d4.d4.pgc")).unwrap();
    let counts = pegwise::counts_file::Counts::decode(&bytes).unwrap();
    let (entries, size) = (counts.len() as u128, bytes.len() as u128);
    let kb = (size as f64 / 1000.0).round() as u128;
    let row = manifest()
        .into_iter()
        .find(|r| r.0 == "english.d4.d4.pgc")
        .expect("the MANIFEST pins the counts file");
    assert_eq!((row.1, row.2), (entries, size), "data/MANIFEST's row");

    let readme = readme();
    let what = "README, pegwise counts";
    let s = between(
        &readme,
        "winning position of the central game with at least ",
        ", committed; byte-identical)",
        what,
    );
    // "23 pegs (25,132 positions, 203 KB"
    assert_eq!(
        numbers(s),
        vec![u128::from(counts.lowest), entries, kb],
        "{what}: '{s}'"
    );
    let s = between(
        &readme,
        "(`data/english.d4.d4.pgc`, ",
        ")",
        "README, Analysis",
    );
    assert_eq!(numbers(s), vec![kb], "README, Analysis: '{s}'");

    let tables = doc("docs/tables.md");
    let s = between(
        &tables,
        "| `english.d4.d4.pgc` | counts and fewest moves, ",
        "| committed |",
        "docs/tables.md",
    );
    // "23 pegs or more | 25,132 entries | 203,295 | "
    assert_eq!(
        numbers(s),
        vec![u128::from(counts.lowest), entries, size],
        "docs/tables.md: '{s}'"
    );
}

/// The MANIFEST's rows for a table named in docs/tables.md: `name.*` (every file whose name
/// starts so), `name` (its head `name.pgt` and shards `name.N.pgs`) or a file's own name.
fn files_of(name: &str, rows: &[(String, u128, u128)]) -> Vec<(String, u128, u128)> {
    rows.iter()
        .filter(|(f, _, _)| match name.strip_suffix('*') {
            Some(prefix) => f.starts_with(prefix),
            None if name.ends_with(".pgc") => f == name,
            None => {
                f == &format!("{name}.pgt")
                    || (f.starts_with(&format!("{name}.")) && f.ends_with(".pgs"))
            }
        })
        .cloned()
        .collect()
}

#[test]
fn the_table_sizes_in_the_docs_are_the_manifest_s() {
    let rows = manifest();
    let text = std::fs::read_to_string(root().join("docs/tables.md")).unwrap();
    let mut seen = 0;
    let mut committed = 0u128;
    for line in text.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        if cells.len() != 6 {
            continue; // another table of the page
        }
        let name = between(cells[0], "`", "`", "docs/tables.md");
        let files = files_of(name, &rows);
        assert!(
            !files.is_empty(),
            "docs/tables.md: {name}: no MANIFEST rows"
        );
        let heads = files.iter().filter(|f| !f.0.ends_with(".pgs")).count() as u128;
        let positions: u128 = files.iter().map(|f| f.1).sum();
        let bytes: u128 = files.iter().map(|f| f.2).sum();
        if let Some(n) = numbers(cells[0]).first() {
            assert_eq!(*n, heads, "docs/tables.md: {name}: tables");
        }
        assert_eq!(numbers(cells[2]), vec![positions], "docs/tables.md: {name}");
        assert_eq!(numbers(cells[3]), vec![bytes], "docs/tables.md: {name}");
        if !cells[4].is_empty() {
            let bits = format!("{:.1}", 8.0 * bytes as f64 / positions as f64);
            assert_eq!(cells[4], bits, "docs/tables.md: {name}: bits a position");
        }
        if cells[5] == "committed" {
            committed += bytes;
        }
        seen += 1;
    }
    assert!(
        seen >= 14,
        "docs/tables.md: only {seen} rows of tables read"
    );
    let tables = doc("docs/tables.md");
    let s = between(
        &tables,
        "The committed tables (",
        " MB in all)",
        "docs/tables.md",
    );
    assert_eq!(
        s,
        format!("{:.1}", committed as f64 / 1e6),
        "docs/tables.md"
    );

    // the README's sizes of the built tables, in MB as written (one decimal where it has one)
    let readme = readme();
    for (name, before, after) in [
        ("english.every", "every English start and goal (", " MB)"),
        (
            "triangle7.all.*",
            "goal `any` and every finish hole, from every start (",
            " MB)",
        ),
        (
            "french.every",
            "every French start and goal (",
            " MB in level shards",
        ),
        (
            "square6.every",
            "every start and goal of the 6×6 square (",
            " MB in level shards",
        ),
        ("square6.c3.c3", "c3 to c3, in a table of its own (", " MB)"),
        (
            "diamond41.every",
            "every diamond41 start and goal (",
            " MB in level shards",
        ),
        (
            "wiegleb.e5.e5",
            "Wiegleb's board's default game (e5 to e5, ",
            " MB;",
        ),
    ] {
        let written = between(&readme, before, after, "README, built tables");
        let bytes: u128 = files_of(name, &rows).iter().map(|f| f.2).sum();
        let decimals = written.split_once('.').map_or(0, |(_, d)| d.len());
        let mb = format!("{:.*}", decimals, bytes as f64 / 1e6);
        assert_eq!(written, mb, "README: the size of {name}");
    }
}

/// The help of one flag of a command, as `pegwise COMMAND --help` prints it: beside the flag
/// or under it, with the lines that go on from it.
fn flag_help(command: &str, flag: &str) -> String {
    let help = pegwise(&[command, "--help"]);
    let lines: Vec<&str> = help.lines().collect();
    let at = lines
        .iter()
        .position(|l| {
            let t = l.trim_start();
            t == flag || t.starts_with(&format!("{flag} "))
        })
        .unwrap_or_else(|| panic!("{command} --help has no {flag}:\n{help}"));
    let indent = |l: &str| l.len() - l.trim_start().len();
    let own = indent(lines[at]);
    let mut body = vec![lines[at].trim_start()[flag.len()..].to_string()];
    body.extend(
        lines[at + 1..]
            .iter()
            .take_while(|l| !l.trim().is_empty() && indent(l) > own)
            .map(|l| l.to_string()),
    );
    normal(&body.join(" "))
}

#[test]
fn games_help_gives_the_readme_s_definition_of_unique() {
    let readme = readme();
    let definition = between(
        &readme,
        "`--unique` is MPMP's count up to symmetry: ",
        " Two paths",
        "README, games --unique",
    );
    let help = flag_help("games", "--unique");
    assert!(
        help.contains(definition),
        "games --help, --unique: '{help}' does not give the README's definition '{definition}'"
    );
}

#[test]
fn tables_help_names_every_board_built_with_built() {
    let help = flag_help("tables", "--built").to_lowercase();
    for board in pegwise::shipped::BUILT_BOARDS {
        assert!(
            help.contains(board),
            "tables --help, --built: '{help}' does not name {board}"
        );
    }
}
