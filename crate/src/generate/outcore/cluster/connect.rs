//! The connections between a cluster's processes, made here rather than by timely, so that
//! they are bounded in time and checked: timely's own set-up waits forever for a process that
//! never comes and prints to standard output.
//!
//! Process i listens on its hostfile address, connects to every process before it and accepts
//! every process after it, each within the deadline. On each connection the two sides trade a
//! hello naming the job and the cluster's shape; a process that runs something else is
//! refused by name on both sides. The sockets then go to timely as they are, in timely's
//! order (one per other process, none for itself).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use crate::error::{Error, Result};

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
const MAGIC: &str = "pegwise cluster 1";

/// Connects to every other process; the result has a socket for each, and None for this one.
pub fn connect(p: &Peers<'_>) -> Result<Vec<Option<TcpStream>>> {
    let until = Instant::now() + p.deadline;
    let listener = TcpListener::bind(&p.addresses[p.me]).map_err(|e| {
        Error::BadArgument(format!(
            "process {}: cannot listen on '{}' (hostfile line {}): {e}",
            p.me,
            p.addresses[p.me],
            p.me + 1
        ))
    })?;
    let mut sockets: Vec<Option<TcpStream>> = (0..p.addresses.len()).map(|_| None).collect();
    for (j, slot) in sockets.iter_mut().enumerate().take(p.me) {
        let mut s = dial(p, j, until)?;
        send_hello(&mut s, p.me, p.hello, j)?;
        let (from, theirs) = read_hello(&mut s, until, j)?;
        agree(p, from, &theirs)?;
        if from != j {
            return Err(Error::BadArgument(format!(
                "'{}' (hostfile line {}) answered as process {from}, not {j}: every process \
                 needs the same hostfile",
                p.addresses[j],
                j + 1
            )));
        }
        *slot = Some(s);
    }
    listener
        .set_nonblocking(true)
        .map_err(|e| Error::BadArgument(format!("cannot listen: {e}")))?;
    while sockets.iter().skip(p.me + 1).any(Option::is_none) {
        match listener.accept() {
            Ok((mut s, _)) => {
                s.set_nonblocking(false)
                    .map_err(|e| Error::BadArgument(format!("connection: {e}")))?;
                let (from, theirs) = read_hello(&mut s, until, p.me + 1)?;
                // answered even when it differs, so that process says so as well
                send_hello(&mut s, p.me, p.hello, from)?;
                agree(p, from, &theirs)?;
                if from <= p.me || from >= sockets.len() || sockets[from].is_some() {
                    return Err(Error::BadArgument(format!(
                        "a process calling itself process {from} connected to process {}; \
                         give each process its own --process, 0 to {}",
                        p.me,
                        sockets.len() - 1
                    )));
                }
                sockets[from] = Some(s);
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() >= until {
                    let missing = (p.me + 1..sockets.len()).find(|&j| sockets[j].is_none());
                    return Err(absent(p, missing.unwrap_or(p.me + 1)));
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => {
                return Err(Error::BadArgument(format!(
                    "cannot accept a connection: {e}"
                )))
            }
        }
    }
    for s in sockets.iter().flatten() {
        s.set_nodelay(true)
            .and_then(|_| s.set_read_timeout(None))
            .and_then(|_| s.set_write_timeout(None))
            .map_err(|e| Error::BadArgument(format!("connection: {e}")))?;
    }
    Ok(sockets)
}

/// The error for a process that did not come in time.
fn absent(p: &Peers<'_>, j: usize) -> Error {
    Error::BadArgument(format!(
        "process {j} ('{}', hostfile line {}) did not connect within {} s: start the same \
         command with --process {j} there, or check the hostfile",
        p.addresses[j],
        j + 1,
        p.deadline.as_secs_f64()
    ))
}

/// Connects to process `j`, trying again until the deadline (it may not be listening yet).
fn dial(p: &Peers<'_>, j: usize, until: Instant) -> Result<TcpStream> {
    let addrs: Vec<_> = p.addresses[j]
        .to_socket_addrs()
        .map_err(|e| {
            Error::BadArgument(format!(
                "hostfile line {}: '{}' is not a host:port address ({e})",
                j + 1,
                p.addresses[j]
            ))
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
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn send_hello(s: &mut TcpStream, me: usize, hello: &str, to: usize) -> Result<()> {
    let text = format!("{MAGIC}\nprocess {me}\n{hello}");
    let mut bytes = (text.len() as u32).to_le_bytes().to_vec();
    bytes.extend_from_slice(text.as_bytes());
    s.write_all(&bytes)
        .map_err(|e| Error::BadArgument(format!("cannot reach process {to}: {e}")))
}

/// Reads a hello (before the deadline): the sender's process index and the rest of its text.
fn read_hello(s: &mut TcpStream, until: Instant, who: usize) -> Result<(usize, String)> {
    let left = until.saturating_duration_since(Instant::now());
    s.set_read_timeout(Some(left.max(Duration::from_secs(1))))
        .map_err(|e| Error::BadArgument(format!("connection: {e}")))?;
    let bad = |why: String| Error::BadArgument(format!("a connection to process {who}: {why}"));
    let mut len = [0u8; 4];
    s.read_exact(&mut len)
        .map_err(|e| bad(format!("no hello ({e})")))?;
    let len = u32::from_le_bytes(len) as usize;
    if len > 1 << 16 {
        return Err(bad("it is not a pegwise process".into()));
    }
    let mut text = vec![0u8; len];
    s.read_exact(&mut text)
        .map_err(|e| bad(format!("a cut hello ({e})")))?;
    let text = String::from_utf8(text).map_err(|_| bad("it is not a pegwise process".into()))?;
    let mut lines = text.splitn(3, '\n');
    if lines.next() != Some(MAGIC) {
        return Err(bad("it is not a pegwise process of this version".into()));
    }
    let from = lines
        .next()
        .and_then(|l| l.strip_prefix("process "))
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| bad("a hello without its process".into()))?;
    Ok((from, lines.next().unwrap_or("").to_string()))
}

/// Refuses a process whose hello differs from ours, naming the first line that differs.
fn agree(p: &Peers<'_>, from: usize, theirs: &str) -> Result<()> {
    for (mine, other) in p
        .hello
        .lines()
        .zip(theirs.lines().chain(std::iter::repeat("")))
    {
        if mine != other {
            return Err(Error::BadArgument(format!(
                "process {from} was started differently: it has '{}' where process {} has \
                 '{}'; start every process with the same arguments but --process",
                other.trim(),
                p.me,
                mine.trim()
            )));
        }
    }
    Ok(())
}
