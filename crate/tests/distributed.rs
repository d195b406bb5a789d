//! The generator on a cluster (the `distributed` feature): two `pegwise` processes of one
//! worker each, over loopback, build tables byte-identical to the ones data/MANIFEST pins
//! (which the one-process build makes); a process killed mid-level is named, and the run
//! resumes to the same bytes, saying from which level; and a process that never comes, one
//! started differently, a second process with the same `--process`, another hostfile or an
//! address another program holds are each refused by name.
//!
//! No test here reads the clock: each waits for what should happen (a process's exit, a line
//! on its standard error). Every cluster run is given deadlines of its own (`--connect-timeout`,
//! `--stall-timeout`), so a process that waits for something that never comes ends by itself
//! with a message the test then shows.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::sync::mpsc::{self, Receiver};

#[path = "shared/outcore_job.rs"]
mod outcore_job;
use outcore_job::{bin, scratch};

/// `n` free loopback ports.
fn free_ports(n: usize) -> Vec<u16> {
    (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect::<Vec<_>>()
        .iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect()
}

/// A hostfile `name` in `dir` of these ports on loopback, in this order.
fn hostfile_of(dir: &Path, name: &str, ports: &[u16]) -> PathBuf {
    let text: String = ports.iter().map(|p| format!("127.0.0.1:{p}\n")).collect();
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A hostfile of `n` free loopback ports, in `dir`.
fn hostfile(dir: &Path, n: usize) -> PathBuf {
    hostfile_of(dir, "hosts", &free_ports(n))
}

/// `pegwise ARGS --process I` with its output captured.
fn process(args: &[&str], i: usize, env: &[(&str, &str)]) -> Child {
    let mut c = bin();
    c.args(args)
        .args(["--process", &i.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        c.env(k, v);
    }
    c.spawn().unwrap()
}

/// Waits for a process to end: its output.
fn finish(child: Child) -> Output {
    child.wait_with_output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A running process's standard error, a line at a time as it comes.
struct Lines {
    rx: Receiver<String>,
    seen: Vec<String>,
}

impl Lines {
    /// Takes `child`'s standard error.
    fn of(child: &mut Child) -> Lines {
        let err = child.stderr.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Lines {
            rx,
            seen: Vec::new(),
        }
    }

    /// Waits for a line holding `text`; fails, with what it said, if the process closes its
    /// standard error (ends) first.
    fn wait_for(&mut self, text: &str) -> String {
        for line in self.rx.iter() {
            self.seen.push(line.clone());
            if line.contains(text) {
                return line;
            }
        }
        panic!(
            "the process ended without saying '{text}'; it said:\n{}",
            self.seen.join("\n")
        );
    }

    /// Everything it said, once it has ended.
    fn all(mut self) -> String {
        self.seen.extend(self.rx.iter());
        self.seen.join("\n")
    }
}

/// Runs `args` as processes 0 and 1 (process 1 with `env1`); their outputs.
fn pair(args: &[&str], env1: &[(&str, &str)]) -> (Output, Output) {
    let one = process(args, 1, env1);
    let zero = process(args, 0, &[]);
    (finish(zero), finish(one))
}

/// The MANIFEST's sha256 of every file it pins whose name starts with `prefix`.
fn pinned(prefix: &str) -> Vec<(String, String)> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/MANIFEST");
    std::fs::read_to_string(manifest)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with(prefix))
        .filter(|l| {
            let file = l.split_whitespace().next().unwrap_or("");
            file.ends_with(".pgt") || file.ends_with(".pgs")
        })
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].to_string(), f[6].to_string())
        })
        .collect()
}

/// Every file `prefix` pins is in `dir` with the pinned bytes; returns how many.
fn same_as_manifest(dir: &Path, prefix: &str) -> usize {
    let want = pinned(prefix);
    assert!(!want.is_empty(), "the MANIFEST pins no {prefix}");
    for (file, sha) in &want {
        let bytes = std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(&pegwise::shipped::sha256_hex(&bytes), sha, "{file}");
    }
    want.len()
}

/// Deadlines for a cluster run of a test: a process that waits for something that never
/// comes then ends by itself and says why.
const DEADLINES: [&str; 4] = ["--connect-timeout", "600", "--stall-timeout", "600"];

/// `tables` arguments for the English central game (its table and shards only).
fn english_central(out: &Path, work: &Path, hosts: &Path) -> Vec<String> {
    ["tables", "--only", "english", "--goal", "start", "--out"]
        .iter()
        .map(|s| s.to_string())
        .chain([out.display().to_string()])
        .chain(["--work-dir".into(), work.display().to_string()])
        .chain(["--hostfile".into(), hosts.display().to_string()])
        .chain(DEADLINES.iter().map(|s| s.to_string()))
        .collect()
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn two_processes_build_the_english_central_game_and_triangle7_every_start_as_one_does() {
    let dir = scratch("cluster-tables");
    let hosts = hostfile(&dir, 2);
    let english = english_central(&dir.join("out"), &dir.join("work"), &hosts);
    let (zero, one) = pair(&strs(&english), &[]);
    assert!(zero.status.success(), "{}", stderr(&zero));
    assert!(one.status.success(), "{}", stderr(&one));
    assert!(String::from_utf8_lossy(&one.stdout).contains("process 0 of the cluster writes"));
    assert_eq!(same_as_manifest(&dir.join("out"), "english.d4.d4."), 8);

    let out = dir.join("out7");
    let triangle7: Vec<String> = [
        "tables",
        "--built",
        "--only",
        "triangle7",
        "--goal",
        "any",
        "--out",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([out.display().to_string(), "--work-dir".into()])
    .chain([dir.join("work7").display().to_string(), "--hostfile".into()])
    .chain([hosts.display().to_string()])
    .chain(DEADLINES.iter().map(|s| s.to_string()))
    .collect();
    let (zero, one) = pair(&strs(&triangle7), &[]);
    assert!(zero.status.success(), "{}", stderr(&zero));
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(same_as_manifest(&out, "triangle7.all.any."), 8);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_processes_write_the_english_union_table_each_its_share_as_one_does() {
    let dir = scratch("cluster-union");
    let hosts = hostfile(&dir, 2);
    let (out, work) = (dir.join("out"), dir.join("work"));
    let args: Vec<String> = ["tables", "--built", "--only", "english", "--out"]
        .iter()
        .map(|s| s.to_string())
        .chain([out.display().to_string(), "--work-dir".into()])
        .chain([work.display().to_string(), "--hostfile".into()])
        .chain([
            hosts.display().to_string(),
            "--max-memory".into(),
            "3G".into(),
        ])
        .chain(DEADLINES.iter().map(|s| s.to_string()))
        .collect();
    let (zero, one) = pair(&strs(&args), &[]);
    assert!(zero.status.success(), "{}", stderr(&zero));
    assert!(one.status.success(), "{}", stderr(&one));
    assert!(String::from_utf8_lossy(&one.stdout).contains("process 0 of the cluster writes"));
    assert_eq!(same_as_manifest(&out, "english.every."), 10);
    // no level went to process 0: each worker made the masks of its own share
    let job = work.join("english.every");
    assert!(!job.join("gathered").exists(), "levels were gathered");
    for w in ["worker-000", "worker-001"] {
        let kept = std::fs::read_dir(job.join(w).join("masks"))
            .unwrap()
            .count();
        assert_eq!(kept, 32, "{w}: masks of levels 1..32");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The levels of the English central game's job, in the order it makes them.
fn english_central_levels() -> Vec<String> {
    let f = (17..=32).rev().map(|n| format!("F{n}"));
    let w = (17..=32).chain(1..17).map(|n| format!("W{n}"));
    f.chain(w).collect()
}

/// Levels in runs, as a resumed job names them: `F32..F17, W17..W20`.
fn runs(levels: &[String]) -> String {
    let num = |l: &str| l[1..].parse::<i64>().unwrap();
    // each run: its first and last level, and its step (0 while it has one level)
    let mut out: Vec<(String, String, i64)> = Vec::new();
    for l in levels {
        match out.last_mut() {
            Some((_, last, step))
                if last[..1] == l[..1]
                    && (num(l) - num(last)).abs() == 1
                    && (*step == 0 || num(l) - num(last) == *step) =>
            {
                *step = num(l) - num(last);
                *last = l.clone();
            }
            _ => out.push((l.clone(), l.clone(), 0)),
        }
    }
    out.iter()
        .map(|(a, b, _)| {
            if a == b {
                a.clone()
            } else {
                format!("{a}..{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn a_process_killed_mid_level_is_named_and_the_run_resumes_to_the_same_bytes() {
    let dir = scratch("cluster-kill");
    let hosts = hostfile(&dir, 2);
    let (out, work) = (dir.join("out"), dir.join("work"));
    let args = english_central(&out, &work, &hosts);
    // process 1 dies right after the 12th part of a level is in place: a level written by
    // it in part, not marked finished, while process 0 finishes its own share
    let (zero, one) = pair(&strs(&args), &[("PEGWISE_OUTCORE_CRASH", "part-:12")]);
    assert!(!one.status.success());
    assert!(
        !zero.status.success(),
        "process 0 finished without process 1"
    );
    // named as lost, not as a stalled round (which --stall-timeout would give)
    let said = stderr(&zero);
    assert!(
        said.contains("lost a process")
            && said.contains("process 1 went away")
            && said.contains("again"),
        "{said}"
    );
    // where the run must go on: the first level, in the job's order, that some worker has
    // not finished
    let job = work.join("english.d4.d4");
    let done = |level: &str| {
        ["worker-000", "worker-001"]
            .iter()
            .all(|w| job.join(w).join(level).join("done").exists())
    };
    let levels = english_central_levels();
    let next = levels.iter().position(|l| !done(l)).unwrap();
    assert!(next > 1, "the kill came before F31 was finished");
    let top = job.join("worker-000/F31/part-00000");
    let before = std::fs::metadata(&top).unwrap().modified().unwrap();
    let (zero, one) = pair(&strs(&args), &[]);
    assert!(zero.status.success(), "{}", stderr(&zero));
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(same_as_manifest(&out, "english.d4.d4."), 8);
    // it says so, and from where
    let said = stderr(&zero);
    let want = format!(
        "resuming: levels {} are finished, going on from {}",
        runs(&levels[..next]),
        levels[next]
    );
    assert!(said.contains(&want), "'{want}' not in:\n{said}");
    // the levels finished before the kill were kept, not made again
    let after = std::fs::metadata(&top).unwrap().modified().unwrap();
    assert_eq!(before, after, "F31 was made again");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `stats` of the English central game on a cluster, waiting `connect` seconds for the
/// others.
fn stats_args(hosts: &Path, work: &Path, goal: &str, connect: &str) -> Vec<String> {
    [
        "stats",
        "--board",
        "english",
        "--start",
        "d4",
        "--goal",
        goal,
        "--connect-timeout",
        connect,
        "--stall-timeout",
        "600",
        "--work-dir",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([work.display().to_string(), "--hostfile".into()])
    .chain([hosts.display().to_string()])
    .collect()
}

#[test]
fn a_process_that_never_comes_is_named_within_the_connect_timeout() {
    let dir = scratch("cluster-absent");
    let hosts = hostfile(&dir, 2);
    let args = stats_args(&hosts, &dir.join("w"), "start", "2");
    let zero = finish(process(&strs(&args), 0, &[]));
    assert!(!zero.status.success());
    let said = stderr(&zero);
    assert!(
        said.contains("process 1") && said.contains("did not connect within 2 s"),
        "{said}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn processes_started_differently_are_refused_on_both_sides() {
    let dir = scratch("cluster-differ");
    let hosts = hostfile(&dir, 2);
    // each refuses the other as soon as they meet: the deadline only bounds a failure
    let one = process(
        &strs(&stats_args(&hosts, &dir.join("w1"), "any", "600")),
        1,
        &[],
    );
    let zero = process(
        &strs(&stats_args(&hosts, &dir.join("w0"), "start", "600")),
        0,
        &[],
    );
    let (zero, one) = (finish(zero), finish(one));
    for (o, theirs) in [(&zero, "goal any"), (&one, "goal start")] {
        assert!(!o.status.success());
        let said = stderr(o);
        assert!(
            said.contains("started differently") && said.contains(theirs),
            "{said}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_cluster_flags_are_refused_by_name() {
    let dir = scratch("cluster-flags");
    let hosts = hostfile(&dir, 2);
    let bad_hosts = dir.join("bad-hosts");
    std::fs::write(&bad_hosts, "127.0.0.1:1\nlocalhost\n").unwrap();
    let twice = dir.join("twice");
    std::fs::write(&twice, "127.0.0.1:7001\n127.0.0.1:7002\n127.0.0.1:7001\n").unwrap();
    let h = hosts.display().to_string();
    let b = bad_hosts.display().to_string();
    let t = twice.display().to_string();
    let w = dir.join("w").display().to_string();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--hostfile", &h, "--process", "2"], "--process 2"),
        (vec!["--hostfile", &h, "--processes", "3"], "--processes 3"),
        (vec!["--workers", "0"], "--workers 0"),
        (vec!["--hostfile", &b], "'localhost' is not a host:port"),
        (vec!["--hostfile", "no-such-hostfile"], "no-such-hostfile"),
        (
            vec!["--hostfile", &t],
            "names '127.0.0.1:7001' twice (lines 1 and 3)",
        ),
        (
            vec!["--workers", "2", "--connect-timeout", "soon"],
            "'soon'",
        ),
        (vec!["--workers", "2", "--stall-timeout", "-1"], "'-1'"),
    ];
    for (flags, says) in cases {
        let out = bin()
            .args(["stats", "--board", "triangle5", "--work-dir", &w])
            .args(&flags)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flags:?}");
        let said = stderr(&out);
        assert!(said.contains(says), "{flags:?}: {said}");
        assert!(!said.contains("panicked"), "{said}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_work_directory_of_another_cluster_shape_is_refused() {
    let dir = scratch("cluster-shape");
    let w = dir.join("w").display().to_string();
    let run = |workers: &str| {
        bin()
            .args(["stats", "--board", "triangle5", "--start", "a1", "--json"])
            .args(["--work-dir", &w, "--workers", workers])
            .output()
            .unwrap()
    };
    let two = run("2");
    assert!(two.status.success(), "{}", stderr(&two));
    let plain = bin()
        .args(["stats", "--board", "triangle5", "--start", "a1", "--json"])
        .output()
        .unwrap();
    let (got, want): (serde_json::Value, serde_json::Value) = (
        serde_json::from_slice(&two.stdout).unwrap(),
        serde_json::from_slice(&plain.stdout).unwrap(),
    );
    assert_eq!(got["winning_total"], want["winning_total"]);
    let one = run("1");
    assert_eq!(one.status.code(), Some(2));
    let said = stderr(&one);
    assert!(
        said.contains("holds another job") && said.contains("2 workers"),
        "{said}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `stats` of a small job (triangle5 from a1) on a cluster, in `work`, with deadlines that
/// leave the test time to start the processes it waits for (a failure ends within them).
fn small_args(hosts: &Path, work: &Path) -> Vec<String> {
    [
        "stats",
        "--board",
        "triangle5",
        "--start",
        "a1",
        "--work-dir",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([work.display().to_string(), "--hostfile".into()])
    .chain([hosts.display().to_string()])
    .chain(["--connect-timeout", "120", "--stall-timeout", "120"].map(String::from))
    .collect()
}

#[test]
fn a_second_process_with_the_same_process_is_named_and_the_first_goes_on() {
    let dir = scratch("cluster-twice");
    let ports = free_ports(2);
    let hosts = hostfile_of(&dir, "hosts", &ports);
    let args = |w: &str| small_args(&hosts, &dir.join(w));
    let mut first = process(&strs(&args("w1")), 1, &[]);
    let mut first_says = Lines::of(&mut first);
    first_says.wait_for("listening on");
    let second = finish(process(&strs(&args("w1b")), 1, &[]));
    assert_eq!(second.status.code(), Some(2));
    let said = stderr(&second);
    assert!(
        said.contains(&format!(
            "process 1 is already running at '127.0.0.1:{}' (hostfile line 2)",
            ports[1]
        )) && said.contains("two processes were started with --process 1"),
        "{said}"
    );
    // the first hears of it, and goes on: process 0 comes and the job is done
    first_says.wait_for("a second process 1 was started and refused");
    let zero = finish(process(&strs(&args("w0")), 0, &[]));
    assert!(zero.status.success(), "{}", stderr(&zero));
    let first = finish(first);
    assert!(first.status.success(), "{}", first_says.all());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn processes_given_different_hostfiles_are_told_so() {
    let dir = scratch("cluster-hostfiles");
    let ports = free_ports(3);
    let (a, b, c) = (ports[0], ports[1], ports[2]);
    let hosts = hostfile_of(&dir, "hosts", &[a, b]);
    let swapped = hostfile_of(&dir, "swapped", &[b, a]);
    let other = hostfile_of(&dir, "other", &[a, c]);
    let mut zero = process(&strs(&small_args(&hosts, &dir.join("w0"))), 0, &[]);
    let mut zero_says = Lines::of(&mut zero);
    zero_says.wait_for("listening on");

    // process 1's line of its hostfile is process 0's address: it can't listen there, and
    // is told why
    let one = finish(process(
        &strs(&small_args(&swapped, &dir.join("w1"))),
        1,
        &[],
    ));
    assert_eq!(one.status.code(), Some(2));
    let said = stderr(&one);
    assert!(
        said.contains(&format!(
            "cannot listen on '127.0.0.1:{a}' (hostfile line 2)"
        )) && said.contains("started with another hostfile")
            && said.contains("every process needs the same hostfile"),
        "{said}"
    );
    zero_says.wait_for("started with another hostfile");
    zero.kill().unwrap();
    finish(zero);

    // they meet, and each names the other's hostfile
    let one = process(&strs(&small_args(&other, &dir.join("w1"))), 1, &[]);
    let zero = process(&strs(&small_args(&hosts, &dir.join("w0"))), 0, &[]);
    let (zero, one) = (finish(zero), finish(one));
    for (o, theirs) in [
        (&zero, format!("127.0.0.1:{a} 127.0.0.1:{c}")),
        (&one, format!("127.0.0.1:{a} 127.0.0.1:{b}")),
    ] {
        assert_eq!(o.status.code(), Some(2));
        let said = stderr(o);
        assert!(
            said.contains("was started with another hostfile") && said.contains(&theirs),
            "{said}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_address_another_program_holds_is_named() {
    let dir = scratch("cluster-held");
    let ports = free_ports(2);
    let hosts = hostfile_of(&dir, "hosts", &ports);
    let _holder = TcpListener::bind(("127.0.0.1", ports[0])).unwrap();
    let zero = finish(process(&strs(&small_args(&hosts, &dir.join("w0"))), 0, &[]));
    assert_eq!(zero.status.code(), Some(2));
    let said = stderr(&zero);
    assert!(
        said.contains(&format!(
            "process 0 cannot listen on '127.0.0.1:{}' (hostfile line 1)",
            ports[0]
        )) && said.contains("another process may already hold it"),
        "{said}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
