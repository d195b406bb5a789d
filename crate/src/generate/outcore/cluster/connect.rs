//! The connections between a cluster's processes, made here rather than by timely, so that
//! they are bounded in time and checked: timely's own set-up waits forever for a process that
//! never comes and prints to standard output.
//!
//! Process i listens on its hostfile address, connects to every process before it and accepts
//! every process after it, each within the deadline. On each connection the two sides trade a
//! hello naming the job, the cluster's shape and the hostfile; a process that runs something
//! else, or was given another hostfile, is refused by name on both sides. The sockets then go
//! to timely as they are, in timely's order (one per other process, none for itself).
//!
//! The listening socket stays open for the whole run ([`Door`]), answering whoever comes
//! later, so that a second process started with the same `--process` learns why it can't
//! listen ("process 1 is already running at …") instead of a bare "address in use", and the
//! first one hears of it too.

use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::error::{At, ClusterError, Error, HelloWhy, JobError, Result};

/// Who is who: the addresses of every process, this one's index, and what they all must run.
pub struct Peers<'a> {
    /// One address (host:port) per process.
    pub addresses: &'a [String],
    /// This process.
    pub me: usize,
    /// What every process must agree on (job, workers, processes); compared line by line.
    pub hello: &'a str,
    /// How long to wait for every process to be there.
    pub deadline: Duration,
}

/// The first line of every hello: a process of another program or version is refused.
const MAGIC: &str = "pegwise cluster 2";

/// How long a probe of a taken address waits for an answer.
const PROBE_WAIT: Duration = Duration::from_secs(2);

/// What a hello says about its connection (its third line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// "Let me join": a process connecting to one before it; the answer to one let in.
    Join,
    /// "Who is there?": a process that found its own address taken.
    Probe,
    /// The answer to a probe while the cluster is still connecting.
    Here,
    /// The answer to a join when a process of that index is already connected.
    Taken,
    /// The answer to anything once the cluster is connected and running.
    Running,
    /// The answer to a join from a process this one doesn't wait for.
    Unexpected,
}

impl Kind {
    const ALL: [(Kind, &'static str); 6] = [
        (Kind::Join, "join"),
        (Kind::Probe, "probe"),
        (Kind::Here, "here"),
        (Kind::Taken, "taken"),
        (Kind::Running, "running"),
        (Kind::Unexpected, "unexpected"),
    ];

    fn word(self) -> &'static str {
        Kind::ALL
            .iter()
            .find(|(k, _)| *k == self)
            .map_or("", |(_, w)| w)
    }

    fn parse(word: &str) -> Option<Kind> {
        Kind::ALL.iter().find(|(_, w)| *w == word).map(|(k, _)| *k)
    }
}

/// A hello as read: who sent it, what kind, and its text (job, shape, hostfile).
struct Hello {
    from: usize,
    kind: Kind,
    text: String,
}

/// The text every process of a cluster must share: the job and shape, and the hostfile.
fn our_text(p: &Peers<'_>) -> String {
    format!("{}{}", p.hello, hostfile_line(p.addresses))
}

fn hostfile_line(addresses: &[String]) -> String {
    format!("hostfile {}\n", addresses.join(" "))
}

/// This process's listening socket, open for the whole run (dropping it closes it): it lets
/// in the processes after this one while the cluster connects, and answers everyone else
/// with why not.
pub struct Door {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Door {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// What the door shares with the process's main thread.
struct Shared {
    /// True while the cluster connects; false once it runs.
    connecting: AtomicBool,
    /// Lines for the process to print: who came and was turned away.
    notes: Mutex<Vec<String>>,
}

impl Shared {
    fn note(&self, line: String) {
        self.notes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(line);
    }

    fn take_notes(&self) -> Vec<String> {
        std::mem::take(&mut *self.notes.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// The door's own state (its thread owns it).
struct Keeper {
    listener: TcpListener,
    me: usize,
    address: String,
    text: String,
    processes: usize,
    taken: Vec<bool>,
    shared: Arc<Shared>,
    joins: Sender<(TcpStream, Hello)>,
    stop: Arc<AtomicBool>,
}

impl Keeper {
    fn run(mut self) {
        while !self.stop.load(Ordering::SeqCst) {
            match self.listener.accept() {
                Ok((s, _)) => self.answer(s),
                Err(e) if e.kind() == ErrorKind::WouldBlock => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(_) => std::thread::sleep(Duration::from_millis(20)),
            }
        }
    }

    /// Reads a hello from a connection and answers it; a join this process waits for goes to
    /// the main thread, which checks it.
    fn answer(&mut self, mut s: TcpStream) {
        if s.set_nonblocking(false).is_err() {
            return;
        }
        let Ok(h) = read_hello(&mut s, Instant::now() + PROBE_WAIT, self.me + 1) else {
            return;
        };
        let connecting = self.shared.connecting.load(Ordering::SeqCst);
        let reply = match h.kind {
            Kind::Probe if connecting => Kind::Here,
            Kind::Join
                if connecting
                    && h.from > self.me
                    && h.from < self.processes
                    && !self.taken[h.from] =>
            {
                Kind::Join
            }
            Kind::Join if connecting && h.from < self.processes && self.taken[h.from] => {
                Kind::Taken
            }
            Kind::Join if connecting => Kind::Unexpected,
            _ => Kind::Running,
        };
        if send_hello(&mut s, self.me, reply, &self.text, h.from).is_err() {
            return;
        }
        if reply == Kind::Join {
            self.taken[h.from] = true;
            let _ = self.joins.send((s, h));
            return;
        }
        let theirs = hostfile_of(&h.text);
        let ours = hostfile_of(&self.text);
        let line = if theirs != ours {
            format!(
                "a process {} started with another hostfile ({}) reached this process at \
                 '{}', whose hostfile is {}: every process needs the same hostfile",
                h.from,
                theirs.unwrap_or("none"),
                self.address,
                ours.unwrap_or("none")
            )
        } else if h.kind == Kind::Probe {
            format!(
                "a second process {} was started and refused: this process already listens \
                 at '{}' (two processes were started with --process {})",
                h.from, self.address, h.from
            )
        } else {
            format!(
                "a second process {} tried to join and was refused (two processes were \
                 started with --process {}?)",
                h.from, h.from
            )
        };
        self.shared.note(line);
    }
}

/// The hostfile a hello's text names (the addresses, space-separated).
fn hostfile_of(text: &str) -> Option<&str> {
    text.lines().find_map(|l| l.strip_prefix("hostfile "))
}

/// Connects to every other process; the result has a socket for each (None for this one),
/// and the door, which must stay open while the cluster runs. `say` hears a line for each
/// thing the user should know meanwhile (listening; a process turned away).
pub fn connect(p: &Peers<'_>, say: &mut dyn FnMut(&str)) -> Result<(Vec<Option<TcpStream>>, Door)> {
    let until = Instant::now() + p.deadline;
    let text = our_text(p);
    let listener =
        TcpListener::bind(&p.addresses[p.me]).map_err(|e| cannot_listen(p, &text, &e))?;
    listener
        .set_nonblocking(true)
        .map_err(|e| ClusterError::Listen(e.into()))?;
    let shared = Arc::new(Shared {
        connecting: AtomicBool::new(true),
        notes: Mutex::new(Vec::new()),
    });
    let (tx, rx) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let keeper = Keeper {
        listener,
        me: p.me,
        address: p.addresses[p.me].clone(),
        text: text.clone(),
        processes: p.addresses.len(),
        taken: vec![false; p.addresses.len()],
        shared: Arc::clone(&shared),
        joins: tx,
        stop: Arc::clone(&stop),
    };
    let thread = std::thread::Builder::new()
        .name("pegwise:door".into())
        .spawn(move || keeper.run())
        .map_err(|e| ClusterError::Listen(e.into()))?;
    let door = Door {
        stop,
        thread: Some(thread),
    };
    say(&format!(
        "process {} of {}: listening on '{}'; waiting up to {} s for the others",
        p.me,
        p.addresses.len(),
        p.addresses[p.me],
        p.deadline.as_secs_f64()
    ));
    let mut notes = Notes {
        shared: &shared,
        say,
        seen: Vec::new(),
    };
    let sockets = join_all(p, &text, until, &rx, &mut notes)?;
    shared.connecting.store(false, Ordering::SeqCst);
    for s in sockets.iter().flatten() {
        s.set_nodelay(true)
            .and_then(|_| s.set_read_timeout(None))
            .and_then(|_| s.set_write_timeout(None))
            .map_err(|e| ClusterError::Connection(e.into()))?;
    }
    Ok((sockets, door))
}

/// The door's notes, said as they come and kept for an error's message.
struct Notes<'s> {
    shared: &'s Shared,
    say: &'s mut dyn FnMut(&str),
    seen: Vec<String>,
}

impl Notes<'_> {
    /// Says the notes that came since the last call.
    fn flush(&mut self) {
        for line in self.shared.take_notes() {
            (self.say)(&line);
            self.seen.push(line);
        }
    }

    /// An error with what happened meanwhile (a process turned away) after it.
    fn onto(&mut self, e: Error) -> Error {
        self.flush();
        match e {
            Error::Job(job) if !self.seen.is_empty() => match *job {
                JobError::Cluster(error) => ClusterError::Meanwhile {
                    error: Box::new(error),
                    notes: self.seen.clone(),
                }
                .into(),
                job => job.into(),
            },
            e => e,
        }
    }
}

/// Connects to the processes before this one and takes the joins of those after it.
fn join_all(
    p: &Peers<'_>,
    text: &str,
    until: Instant,
    joins: &Receiver<(TcpStream, Hello)>,
    notes: &mut Notes<'_>,
) -> Result<Vec<Option<TcpStream>>> {
    let mut sockets: Vec<Option<TcpStream>> = (0..p.addresses.len()).map(|_| None).collect();
    for (j, slot) in sockets.iter_mut().enumerate().take(p.me) {
        let s = dial(p, j, until, &mut || notes.flush()).map_err(|e| notes.onto(e))?;
        *slot = Some(greet(p, text, j, s, until)?);
    }
    while sockets.iter().skip(p.me + 1).any(Option::is_none) {
        notes.flush();
        match joins.recv_timeout(Duration::from_millis(50)) {
            Ok((s, h)) => {
                agree(p, h.from, &h.text)?;
                sockets[h.from] = Some(s);
            }
            Err(RecvTimeoutError::Timeout) if Instant::now() >= until => {
                let missing = (p.me + 1..sockets.len()).find(|&j| sockets[j].is_none());
                return Err(notes.onto(absent(p, missing.unwrap_or(p.me + 1))));
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(ClusterError::SocketClosed(p.me).into())
            }
        }
    }
    notes.flush();
    Ok(sockets)
}

/// Trades hellos with process `j` (dialled), and checks its answer.
fn greet(
    p: &Peers<'_>,
    text: &str,
    j: usize,
    mut s: TcpStream,
    until: Instant,
) -> Result<TcpStream> {
    send_hello(&mut s, p.me, Kind::Join, text, j)?;
    let h = read_hello(&mut s, until, j)?;
    agree(p, h.from, &h.text)?;
    let at = at(p, j);
    if h.from != j {
        return Err(ClusterError::AnsweredAs {
            at,
            from: h.from,
            j,
        }
        .into());
    }
    let (me, last) = (p.me, p.addresses.len() - 1);
    match h.kind {
        Kind::Join => Ok(s),
        Kind::Taken | Kind::Running => Err(ClusterError::AlreadyHas { j, at, me, last }.into()),
        _ => Err(ClusterError::DoesNotWait { j, at, me, last }.into()),
    }
}

/// Why this process can't listen on its address, as well as can be told: a second process
/// with the same `--process` or another hostfile (asked by a probe), or another program.
fn cannot_listen(p: &Peers<'_>, text: &str, e: &std::io::Error) -> Error {
    let at = at(p, p.me);
    let (me, last, cause) = (p.me, p.addresses.len() - 1, e.into());
    let why = match e.kind() {
        ErrorKind::AddrInUse => match probe(p, text) {
            Some(h) if hostfile_of(&h.text) != hostfile_of(text) => {
                ClusterError::OtherClusterListens {
                    me,
                    at,
                    from: h.from,
                    theirs: hostfile_of(&h.text).map(str::to_string),
                    ours: hostfile_of(text).map(str::to_string),
                }
            }
            Some(h) => ClusterError::AlreadyRunning {
                from: h.from,
                at,
                me,
                last,
            },
            None => ClusterError::AddressHeld { me, at, cause },
        },
        ErrorKind::AddrNotAvailable => ClusterError::NotThisMachine { me, at, cause },
        _ => ClusterError::CannotListen { me, at, cause },
    };
    why.into()
}

/// Process `j`'s address as a message names it.
fn at(p: &Peers<'_>, j: usize) -> At {
    At {
        address: p.addresses[j].clone(),
        line: j + 1,
    }
}

/// Asks whoever holds this process's address who it is: a pegwise process answers with its
/// hello; anything else gives None.
fn probe(p: &Peers<'_>, text: &str) -> Option<Hello> {
    let until = Instant::now() + PROBE_WAIT;
    let addr = p.addresses[p.me].to_socket_addrs().ok()?.next()?;
    let mut s = TcpStream::connect_timeout(&addr, PROBE_WAIT).ok()?;
    send_hello(&mut s, p.me, Kind::Probe, text, p.me).ok()?;
    read_hello(&mut s, until, p.me).ok()
}

/// The error for a process that did not come in time.
fn absent(p: &Peers<'_>, j: usize) -> Error {
    ClusterError::Absent {
        j,
        address: p.addresses[j].clone(),
        within: p.deadline,
    }
    .into()
}

/// Connects to process `j`, trying again until the deadline (it may not be listening yet);
/// `waiting` is called between tries.
fn dial(p: &Peers<'_>, j: usize, until: Instant, waiting: &mut dyn FnMut()) -> Result<TcpStream> {
    let addrs: Vec<_> = p.addresses[j]
        .to_socket_addrs()
        .map_err(|e| ClusterError::NotAnAddress {
            line: j + 1,
            address: p.addresses[j].clone(),
            cause: e.into(),
        })?
        .collect();
    loop {
        for a in &addrs {
            let left = until.saturating_duration_since(Instant::now());
            if let Ok(s) = TcpStream::connect_timeout(a, left.max(Duration::from_millis(10))) {
                return Ok(s);
            }
        }
        if Instant::now() >= until {
            return Err(absent(p, j));
        }
        waiting();
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn send_hello(s: &mut TcpStream, me: usize, kind: Kind, text: &str, to: usize) -> Result<()> {
    let text = format!("{MAGIC}\nprocess {me}\n{}\n{text}", kind.word());
    let mut bytes = (text.len() as u32).to_le_bytes().to_vec();
    bytes.extend_from_slice(text.as_bytes());
    s.write_all(&bytes).map_err(|e| {
        ClusterError::Unreachable {
            to,
            cause: e.into(),
        }
        .into()
    })
}

/// Reads a hello (before the deadline).
fn read_hello(s: &mut TcpStream, until: Instant, who: usize) -> Result<Hello> {
    let left = until.saturating_duration_since(Instant::now());
    s.set_read_timeout(Some(left.max(Duration::from_secs(1))))
        .map_err(|e| ClusterError::Connection(e.into()))?;
    let bad = |why: HelloWhy| Error::from(ClusterError::Hello { who, why });
    let mut len = [0u8; 4];
    s.read_exact(&mut len)
        .map_err(|e| bad(HelloWhy::None(e.into())))?;
    let len = u32::from_le_bytes(len) as usize;
    if len > 1 << 16 {
        return Err(bad(HelloWhy::NotPegwise));
    }
    let mut text = vec![0u8; len];
    s.read_exact(&mut text)
        .map_err(|e| bad(HelloWhy::Cut(e.into())))?;
    let text = String::from_utf8(text).map_err(|_| bad(HelloWhy::NotPegwise))?;
    let mut lines = text.splitn(4, '\n');
    if lines.next() != Some(MAGIC) {
        return Err(bad(HelloWhy::OtherVersion));
    }
    let from = lines
        .next()
        .and_then(|l| l.strip_prefix("process "))
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| bad(HelloWhy::NoProcess))?;
    let kind = lines
        .next()
        .and_then(Kind::parse)
        .ok_or_else(|| bad(HelloWhy::NoKind))?;
    Ok(Hello {
        from,
        kind,
        text: lines.next().unwrap_or("").to_string(),
    })
}

/// Refuses a process whose hello differs from ours, naming the first line that differs.
fn agree(p: &Peers<'_>, from: usize, theirs: &str) -> Result<()> {
    let ours = our_text(p);
    for (mine, other) in ours
        .lines()
        .zip(theirs.lines().chain(std::iter::repeat("")))
    {
        if mine == other {
            continue;
        }
        if let (Some(mine), Some(other)) = (
            mine.strip_prefix("hostfile "),
            other.strip_prefix("hostfile "),
        ) {
            return Err(ClusterError::OtherHostfile {
                from,
                other: other.to_string(),
                me: p.me,
                mine: mine.to_string(),
            }
            .into());
        }
        return Err(ClusterError::StartedDifferently {
            from,
            other: other.trim().to_string(),
            me: p.me,
            mine: mine.trim().to_string(),
        }
        .into());
    }
    Ok(())
}
