//! The generator on a cluster (the `distributed` feature): two `pegwise` processes of one
//! worker each, over loopback, build tables byte-identical to the ones data/MANIFEST pins
//! (which the one-process build makes); a process killed mid-level is resumed to the same
//! bytes; and a process that never comes, or one started differently, is refused by name
//! within a bounded time.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

#[path = "shared/outcore_job.rs"]
mod outcore_job;
use outcore_job::{bin, scratch};

/// A hostfile of `n` free loopback ports, in `dir`.
fn hostfile(dir: &Path, n: usize) -> PathBuf {
    let ports: Vec<u16> = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect::<Vec<_>>()
        .iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect();
    let text: String = ports.iter().map(|p| format!("127.0.0.1:{p}\n")).collect();
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join("hosts");
    std::fs::write(&path, text).unwrap();
    path
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

/// Waits for a process, failing the test (and killing it) past `limit`.
fn finish(mut child: Child, limit: Duration) -> Output {
    let until = Instant::now() + limit;
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > until {
            let _ = child.kill();
            panic!("a process ran past {limit:?}: a hang");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `args` as processes 0 and 1 (process 1 with `env1`); their outputs.
fn pair(args: &[&str], env1: &[(&str, &str)]) -> (Output, Output) {
    let one = process(args, 1, env1);
    let zero = process(args, 0, &[]);
    let limit = Duration::from_secs(300);
    (finish(zero, limit), finish(one, limit))
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

/// `tables` arguments for the English central game (its table and shards only).
fn english_central(out: &Path, work: &Path, hosts: &Path) -> Vec<String> {
    ["tables", "--only", "english", "--goal", "start", "--out"]
        .iter()
        .map(|s| s.to_string())
        .chain([out.display().to_string()])
        .chain(["--work-dir".into(), work.display().to_string()])
        .chain(["--hostfile".into(), hosts.display().to_string()])
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
    .collect();
    let (zero, one) = pair(&strs(&triangle7), &[]);
    assert!(zero.status.success(), "{}", stderr(&zero));
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(same_as_manifest(&out, "triangle7.all.any."), 8);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_process_killed_mid_level_is_named_and_the_run_resumes_to_the_same_bytes() {
    let dir = scratch("cluster-kill");
    let hosts = hostfile(&dir, 2);
    let (out, work) = (dir.join("out"), dir.join("work"));
    let args = english_central(&out, &work, &hosts);
    // process 1 dies right after the 12th part of a level is in place: F21 written by it,
    // but not marked finished, while process 0 finishes F21
    let started = Instant::now();
    let (zero, one) = pair(&strs(&args), &[("PEGWISE_OUTCORE_CRASH", "part-:12")]);
    assert!(!one.status.success());
    assert!(
        !zero.status.success(),
        "process 0 finished without process 1"
    );
    let said = stderr(&zero);
    assert!(
        said.contains("lost a process") && said.contains("process 1") && said.contains("again"),
        "{said}"
    );
    assert!(started.elapsed() < Duration::from_secs(60));
    let top = work.join("english.d4.d4/worker-000/F31/part-00000");
    let before = std::fs::metadata(&top).unwrap().modified().unwrap();
    let (zero, one) = pair(&strs(&args), &[]);
    assert!(zero.status.success(), "{}", stderr(&zero));
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(same_as_manifest(&out, "english.d4.d4."), 8);
    // the levels finished before the kill were kept, not made again
    let after = std::fs::metadata(&top).unwrap().modified().unwrap();
    assert_eq!(before, after, "F31 was made again");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn stats_args(hosts: &Path, work: &Path, goal: &str) -> Vec<String> {
    [
        "stats",
        "--board",
        "english",
        "--start",
        "d4",
        "--goal",
        goal,
        "--connect-timeout",
        "2",
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
    let args = stats_args(&hosts, &dir.join("w"), "start");
    let started = Instant::now();
    let zero = finish(process(&strs(&args), 0, &[]), Duration::from_secs(30));
    let took = started.elapsed();
    assert!(!zero.status.success());
    let said = stderr(&zero);
    assert!(
        said.contains("process 1") && said.contains("did not connect within 2 s"),
        "{said}"
    );
    assert!(took < Duration::from_secs(10), "{took:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn processes_started_differently_are_refused_on_both_sides() {
    let dir = scratch("cluster-differ");
    let hosts = hostfile(&dir, 2);
    let one = process(&strs(&stats_args(&hosts, &dir.join("w1"), "any")), 1, &[]);
    let zero = process(&strs(&stats_args(&hosts, &dir.join("w0"), "start")), 0, &[]);
    let (zero, one) = (
        finish(zero, Duration::from_secs(30)),
        finish(one, Duration::from_secs(30)),
    );
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
    let h = hosts.display().to_string();
    let b = bad_hosts.display().to_string();
    let w = dir.join("w").display().to_string();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--hostfile", &h, "--process", "2"], "--process 2"),
        (vec!["--hostfile", &h, "--processes", "3"], "--processes 3"),
        (vec!["--workers", "0"], "--workers 0"),
        (vec!["--hostfile", &b], "'localhost' is not a host:port"),
        (vec!["--hostfile", "no-such-hostfile"], "no-such-hostfile"),
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
