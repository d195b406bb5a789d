//! The out-of-core generator: the same sets as the in-memory one when forced into tiny parts
//! and a tiny memory cap, a job killed mid-level and run again finishes with the same answer,
//! and bad options are refused by name.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use pegwise::generate::outcore::{self, Config};
use pegwise::generate::{self, Options};
use pegwise::{Board, Problem};
use serde_json::Value;

#[path = "shared/outcore_job.rs"]
mod outcore_job;
use outcore_job::{bin, scratch};

/// Solves out of core and holds every level against the in-memory generator.
/// Returns how many reachable positions pruning dropped.
fn same_sets(board: &str, start: &str, goal: &str, cfg: Config) -> usize {
    let p = Problem::parse(Board::by_name(board).unwrap(), start, goal).unwrap();
    let in_memory = |prune| {
        let opts = Options {
            all_reachable: cfg.all_reachable,
            prune,
            ..Options::default()
        };
        generate::solve(&p, opts, &mut |_| {}).unwrap()
    };
    // the whole reachable sets, and the in-memory generator's own pruned ones
    let want = in_memory(false);
    let kept = in_memory(cfg.prune);
    let got = outcore::solve(&p, &cfg, &mut |_| {}, &mut |_| {}).unwrap();
    let n = p.board.len();
    let mut pruned = 0;
    for k in 1..n {
        assert_eq!(
            got.winning_level(k).unwrap(),
            want.winning[k],
            "{board} {start} {goal}: W_{k}"
        );
        assert_eq!(got.winning[k], want.winning[k].len() as u64, "|W_{k}|");
        if !want.reachable[k].is_empty() {
            let f = got.reachable_level(k).unwrap();
            assert_eq!(got.reachable[k], f.len() as u64);
            if cfg.prune {
                // pruned: between the winning and the reachable positions
                let all = &want.reachable[k];
                assert!(f.iter().all(|x| all.binary_search(x).is_ok()), "F_{k}");
                let w = &want.winning[k];
                assert!(w.iter().all(|x| f.binary_search(x).is_ok()), "F_{k}");
                pruned += all.len() - f.len();
                // in memory only a goal of one hole is pruned (a cost question, not a
                // correctness one); then both generators drop the same positions
                let one_finish = p.goal_set().count_ones() == 1;
                if !cfg.all_reachable && one_finish {
                    assert_eq!(f, kept.reachable[k], "pruned alike in memory: F_{k}");
                } else {
                    assert_eq!(kept.reachable[k], *all, "F_{k} whole in memory");
                }
                assert_eq!(kept.winning[k], want.winning[k], "W_{k} pruned in memory");
            } else {
                assert_eq!(f, want.reachable[k], "{board} {start} {goal}: F_{k}");
            }
        }
    }
    assert_eq!(
        got.into_solved().unwrap().winning,
        want.winning,
        "all W at once"
    );
    // the work directory holds the job's levels and nothing of its steps (the meet's half
    // on an odd board is removed once the meet is made)
    for e in std::fs::read_dir(&cfg.work_dir).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        let level = name.len() > 1
            && (name.starts_with('F') || name.starts_with('W'))
            && name[1..].bytes().all(|b| b.is_ascii_digit());
        assert!(
            level || name == "job",
            "{board} {start} {goal}: {name} left"
        );
    }
    std::fs::remove_dir_all(&cfg.work_dir).unwrap();
    pruned
}

fn tiny(dir: PathBuf, parts: usize, all_reachable: bool, prune: bool) -> Config {
    Config {
        work_dir: dir,
        max_memory: 4 * outcore::MIN_MEMORY,
        parts: Some(parts),
        prune,
        all_reachable,
    }
}

#[test]
fn the_english_central_game_out_of_core_has_the_same_sets() {
    // The complement trick: F_32..F_17, then W from them. Pagodas prune F by thousands and
    // leave W alone (the killed-job test below holds the unpruned F against memory).
    let pruned = same_sets(
        "english",
        "d4",
        "start",
        tiny(scratch("eng"), 5, false, true),
    );
    assert!(pruned > 10_000, "{pruned}");
}

#[test]
fn every_level_matches_without_the_complement_trick() {
    // Forward to one peg, then W upwards; a non-central goal; and a union with classes pruning.
    same_sets(
        "triangle6",
        "a1",
        "any",
        tiny(scratch("t6"), 5, true, false),
    );
    same_sets("trunc18", "a1", "b2", tiny(scratch("t18"), 3, true, false));
    same_sets(
        "triangle5",
        "all",
        "any",
        tiny(scratch("t5"), 4, false, true),
    );
}

/// `stats --json` of the central game, out of core in `dir` with small parts.
fn central(dir: &Path) -> Command {
    let mut c = bin();
    c.args([
        "stats",
        "--board",
        "english",
        "--start",
        "d4",
        "--goal",
        "start",
        "--json",
        "--max-memory",
        "4M",
        "--parts",
        "8",
        "--no-prune",
        "--work-dir",
    ])
    .arg(dir)
    .stdout(Stdio::piped())
    .stderr(Stdio::null());
    c
}

/// Levels with some parts written and no `done` marker: the job stopped inside them.
fn unfinished_levels(dir: &Path) -> Vec<String> {
    let Ok(it) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    it.filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir() && !e.path().join("done").exists())
        .filter(|e| {
            std::fs::read_dir(e.path()).is_ok_and(|mut d| {
                d.any(|f| f.is_ok_and(|f| f.file_name().to_string_lossy().starts_with("part-")))
            })
        })
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

/// Runs the job until it crashes on purpose right after the `n`-th file named `prefix…` is in
/// place (`PEGWISE_OUTCORE_CRASH`, see `generate/outcore/store.rs`); it must not finish.
fn crash_after(dir: &Path, prefix: &str, n: usize) {
    let out = central(dir)
        .env("PEGWISE_OUTCORE_CRASH", format!("{prefix}:{n}"))
        .output()
        .unwrap();
    assert!(!out.status.success(), "the job finished before {prefix}{n}");
}

fn levels(v: &Value) -> Value {
    v["levels"].clone()
}

#[test]
fn a_killed_job_resumes_where_it_stopped() {
    let dir = scratch("resume");
    // Killed while mapping a level (some map units marked done), then while reducing one
    // (some parts written, the level not finished).
    crash_after(&dir, "map-", 1);
    let mapped = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .any(|e| {
            e.file_name().to_string_lossy().ends_with(".spill")
                && std::fs::read_dir(e.path()).is_ok_and(|mut s| {
                    s.any(|f| f.is_ok_and(|f| f.file_name().to_string_lossy().starts_with("map-")))
                })
        });
    assert!(mapped, "stopped while mapping");
    // the second run resumes the mapping and crashes inside a reduce, past the parts it made
    crash_after(&dir, "part-", 3);
    let stopped_in = unfinished_levels(&dir);
    assert_eq!(stopped_in.len(), 1, "{stopped_in:?}");
    let out = central(&dir).stderr(Stdio::piped()).output().unwrap();
    assert!(out.status.success());
    // it says that it resumes, and goes on from the level it stopped in
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("resuming: level")
            && said.contains(&format!("finished, going on from {}", stopped_in[0])),
        "{said}"
    );
    let got: Value = serde_json::from_slice(&out.stdout).unwrap();
    let want = bin()
        .args([
            "stats", "--board", "english", "--start", "d4", "--goal", "start", "--json",
        ])
        .output()
        .unwrap();
    let want: Value = serde_json::from_slice(&want.stdout).unwrap();
    assert_eq!(levels(&got), levels(&want), "stopped in {stopped_in:?}");
    assert_eq!(got["winning_total"], 1_679_072);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `stats` of triangle5 from `start` with goal start, out of core in `dir`.
fn triangle5_in(start: &str, dir: &Path) -> Command {
    let mut c = bin();
    c.args([
        "stats",
        "--board",
        "triangle5",
        "--start",
        start,
        "--goal",
        "start",
    ])
    .arg("--work-dir")
    .arg(dir);
    c
}

fn refused(args: &[&str], dir: Option<&Path>, says: &[&str]) {
    let mut c = bin();
    c.args([
        "stats",
        "--board",
        "triangle5",
        "--start",
        "a1",
        "--goal",
        "start",
    ])
    .args(args);
    if let Some(d) = dir {
        c.arg("--work-dir").arg(d);
    }
    let out = c.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    for s in says {
        assert!(err.contains(s), "{args:?}: {err} lacks {s}");
    }
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn bad_options_are_refused_by_name() {
    let dir = scratch("bad");
    refused(
        &["--out-of-core", "--max-memory", "lots"],
        None,
        &["'lots'"],
    );
    refused(&["--out-of-core", "--max-memory=-3G"], None, &["'-3G'"]);
    refused(
        &["--out-of-core", "--max-memory", "12K"],
        None,
        &["--max-memory", "below"],
    );
    refused(&["--out-of-core", "--parts", "0"], None, &["--parts 0"]);
    refused(&["--parts", "99999"], Some(&dir), &["--parts 99999"]);
    // a file where the work directory should be
    std::fs::write(&dir, "x").unwrap();
    refused(&[], Some(&dir), &["is a file"]);
    std::fs::remove_file(&dir).unwrap();
    // a directory of something else
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    refused(&[], Some(&dir), &["not empty", "notes.txt"]);
    std::fs::remove_dir_all(&dir).unwrap();
    // another job's directory
    let out = triangle5_in("a1", &dir).output().unwrap();
    assert!(out.status.success());
    let err =
        String::from_utf8_lossy(&triangle5_in("a3", &dir).output().unwrap().stderr).into_owned();
    assert!(
        err.contains("another job") && err.contains("start a1"),
        "{err}"
    );
    // the same job again reads its finished levels
    let again = triangle5_in("a1", &dir).output().unwrap();
    assert!(again.status.success());
    assert_eq!(again.stdout, out.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// triangle6's union table (every start and goal): its spec, its solved sets, and the table
/// as the in-memory writer makes it, whole.
fn triangle6_union() -> (
    pegwise::shipped::TableSpec,
    generate::Solved,
    pegwise::generate::build::Built,
) {
    let p = Problem::parse(Board::by_name("triangle6").unwrap(), "all", "any").unwrap();
    let spec = pegwise::shipped::TableSpec {
        problem: p.clone(),
        file: "triangle6.every.pgt".into(),
        union: true,
        committed: false,
    };
    let solved = generate::solve(&p, Options::default(), &mut |_| {}).unwrap();
    let want = pegwise::generate::build::build_from(&spec, &solved, &mut |_| {}).unwrap();
    (spec, solved, want)
}

/// A written union table's head, and its level files as read back from `out`.
fn written(
    got: pegwise::generate::build::WrittenUnion,
    out: &Path,
) -> (Vec<u8>, Vec<(String, Vec<u8>)>) {
    let files = got
        .shards
        .iter()
        .map(|f| (f.file.clone(), std::fs::read(out.join(&f.file)).unwrap()))
        .collect();
    (got.head, files)
}

#[test]
fn a_union_table_is_written_a_level_at_a_time_from_the_work_directory() {
    use pegwise::generate::build;
    let (spec, _, want) = triangle6_union();
    let p = spec.problem.clone();
    assert!(
        !want.shards.is_empty(),
        "levels in files of their own, and inline ones"
    );
    let dir = scratch("union");
    let write = |sets: &mut outcore::OutOfCore, out: &Path| {
        let canon = sets.solved.canon.clone();
        std::fs::create_dir_all(out).unwrap();
        written(
            build::write_union(&spec, &canon, sets, out, &mut |_| {}).unwrap(),
            out,
        )
    };
    // by the complement, the levels carry their masks in their keys: the table is read off
    // them, and the writer keeps no masks of its own
    let cfg = tiny(dir.join("work"), 3, false, true);
    let mut sets = outcore::solve(&p, &cfg, &mut |_| {}, &mut |_| {}).unwrap();
    assert!(sets.mask_bits > 0, "masks in the keys");
    let (head, files) = write(&mut sets, &dir.join("out"));
    assert_eq!(head, want.head, "the head, byte for byte");
    assert_eq!(files, want.shards, "the level files, byte for byte");
    assert!(!cfg.work_dir.join("masks").exists(), "no pass up");
    // every level made forward (no complement), the levels are codes alone: the writer's
    // pass up keeps every level's masks in the work directory; a run killed in it lost the
    // last ones, and the next carries on from the last level kept
    let cfg = tiny(dir.join("work-all"), 3, true, true);
    let mut sets = outcore::solve(&p, &cfg, &mut |_| {}, &mut |_| {}).unwrap();
    assert_eq!(sets.mask_bits, 0, "codes alone");
    let (head, files) = write(&mut sets, &dir.join("out-all"));
    assert_eq!((head, files), (want.head.clone(), want.shards.clone()));
    let masks = cfg.work_dir.join("masks");
    let kept = std::fs::read_dir(&masks).unwrap().count();
    assert_eq!(kept, p.board.len() - 1, "masks of levels 1..N−1");
    for n in 12..p.board.len() {
        std::fs::remove_file(masks.join(format!("M{n}"))).unwrap();
    }
    let (again, files_again) = write(&mut sets, &dir.join("out2"));
    assert_eq!((again, files_again), (want.head, want.shards));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_union_table_written_within_a_small_memory_budget_has_the_same_bytes() {
    use pegwise::generate::build;
    use pegwise::generate::finish_masks::{InMemory, Parts};
    let (spec, solved, want) = triangle6_union();
    let biggest = solved.winning.iter().map(Vec::len).max().unwrap();
    for budget in [64 << 10, 4 << 10] {
        // the biggest level's lookup table goes in several parts
        let parts = Parts::within(biggest, budget).count();
        assert!(parts >= 8, "{budget} bytes: {parts} parts");
        let dir = scratch(&format!("budget{budget}"));
        std::fs::create_dir_all(&dir).unwrap();
        let mut levels = InMemory::with_budget(&solved, budget);
        let got = build::write_union(&spec, &solved.canon, &mut levels, &dir, &mut |_| {});
        let (head, files) = written(got.unwrap(), &dir);
        assert_eq!(head, want.head, "{budget} bytes: the head");
        assert_eq!(files, want.shards, "{budget} bytes: the level files");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[cfg(feature = "distributed")]
#[test]
fn a_union_table_written_by_the_workers_of_a_cluster_has_the_same_bytes() {
    use pegwise::generate::outcore::cluster::{self, Cluster};
    use std::time::Duration;
    let (spec, _, want) = triangle6_union();
    let dir = scratch("cluster-union");
    // 1 MB a worker: with two workers the biggest level's lookup table goes in two parts, and
    // the pushes go in several rounds
    let cfg = Config {
        max_memory: 2 * outcore::MIN_MEMORY,
        ..tiny(dir.join("work"), 2, false, true)
    };
    for workers in [2, 3] {
        let c = Cluster {
            workers,
            process: 0,
            addresses: vec!["127.0.0.1:2101".into()],
            connect_timeout: Duration::from_secs(60),
            stall_timeout: Duration::from_secs(600),
        };
        let cfg = Config {
            work_dir: dir.join(format!("work{workers}")),
            ..cfg.clone()
        };
        let write = |out: &Path| {
            std::fs::create_dir_all(out).unwrap();
            let got = cluster::write_union(&spec, &cfg, &c, out, &mut |_| {}, &mut |_| {});
            written(got.unwrap().expect("process 0 has the table"), out)
        };
        let (head, files) = write(&dir.join(format!("out{workers}")));
        assert_eq!(
            head, want.head,
            "{workers} workers: the head, byte for byte"
        );
        assert_eq!(files, want.shards, "{workers} workers: the level files");
        // each worker kept its share of every level's masks; a run that lost one worker's
        // last ones carries on from there, to the same bytes
        let masks = cfg.work_dir.join("worker-001").join("masks");
        let kept = std::fs::read_dir(&masks).unwrap().count();
        assert_eq!(kept, spec.problem.board.len() - 1, "masks of levels 1..N−1");
        for n in 15..spec.problem.board.len() {
            std::fs::remove_file(masks.join(format!("M{n}"))).unwrap();
        }
        let again = write(&dir.join(format!("again{workers}")));
        assert_eq!(again, (head, files), "{workers} workers: resumed");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
