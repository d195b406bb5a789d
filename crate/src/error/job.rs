//! A generator job that can't run as asked: a bad option, a work directory it can't use, a
//! cluster that does not come together. Each variant holds the option, the file or the
//! process it is about; the words are in the `#[error]`s.

use std::path::PathBuf;
use std::time::Duration;

use super::IoCause;

/// A job refused or stopped (kind `bad-argument`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JobError {
    /// A flag that takes seconds, given something else.
    #[error("{flag} '{text}': write a number of seconds above 0, such as 60")]
    Seconds {
        /// The flag.
        flag: String,
        /// Its value as given.
        text: String,
    },
    /// A `--max-memory` that is no size.
    #[error("--max-memory '{0}': write a size such as 4G, 512M or 1000000 (bytes)")]
    MemoryText(String),
    /// A `--max-memory` below the least a job needs.
    #[error("--max-memory {bytes} bytes is below the least a job needs ({least_mb} MB)")]
    MemoryBelow {
        /// The limit given.
        bytes: u64,
        /// The least, in MB.
        least_mb: u64,
    },
    /// A `--parts` out of range.
    #[error("--parts {parts}: use 1 to {max} parts per level")]
    Parts {
        /// As given.
        parts: usize,
        /// The most.
        max: usize,
    },
    /// A `--pegs` that is no level of the board.
    #[error("--pegs {pegs}: use 1..{max} on {board}")]
    Pegs {
        /// As given.
        pegs: usize,
        /// The most.
        max: usize,
        /// The board.
        board: String,
    },
    /// A `--goal` list that names no goal of a table to build.
    #[error("--goal {}: no table to build has that goal", .0.join(","))]
    NoGoal(Vec<String>),
    /// A `--data` folder that does not exist.
    #[error(
        "no tables in '{}' (--data): no such folder; name the folder of tables, e.g. data",
        .0.display()
    )]
    NoData(PathBuf),
    /// A `--workers` out of range.
    #[error("--workers {workers}: use 1 to {max} worker threads a process")]
    Workers {
        /// As given.
        workers: usize,
        /// The most.
        max: usize,
    },
    /// A `--process` past the hostfile.
    #[error("--process {process}: the cluster has {processes} processes (0 to {})", .processes.saturating_sub(1))]
    Process {
        /// As given.
        process: usize,
        /// Processes the hostfile names (at least 1).
        processes: usize,
    },
    /// A `--processes` past the hostfile.
    #[error("--processes {n}: use 1 to the {named} processes the hostfile names")]
    Processes {
        /// As given.
        n: usize,
        /// Processes the hostfile names.
        named: usize,
    },
    /// A hostfile that cannot be read.
    #[error("--hostfile '{}': cannot read it: {cause}", .path.display())]
    HostfileUnreadable {
        /// The file.
        path: PathBuf,
        /// What the system said.
        cause: IoCause,
    },
    /// A hostfile line that is no address.
    #[error("--hostfile '{}' line {line}: '{text}' is not a host:port address", .path.display())]
    HostfileLine {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// Its text.
        text: String,
    },
    /// A hostfile with no address.
    #[error("--hostfile names no process")]
    EmptyHostfile,
    /// A hostfile that names an address twice.
    #[error(
        "the hostfile names '{address}' twice (lines {first} and {second}): each process needs an \
         address of its own"
    )]
    AddressTwice {
        /// The address.
        address: String,
        /// Its first line, from 1.
        first: usize,
        /// Its second line.
        second: usize,
    },
    /// A file the job writes that cannot be written.
    #[error("cannot write '{}': {cause}", .path.display())]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        cause: IoCause,
    },
    /// A work directory (or a file in it) that cannot be used.
    #[error("work directory: cannot use '{}': {cause}", .path.display())]
    WorkDir {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        cause: IoCause,
    },
    /// A work directory that is a file.
    #[error("work directory '{}' is a file, not a directory", .0.display())]
    WorkDirIsFile(PathBuf),
    /// A work directory of another job.
    #[error(
        "work directory '{}' holds another job ({job}); use an empty directory, or the same \
         arguments to resume that one",
        .dir.display()
    )]
    OtherJob {
        /// The directory.
        dir: PathBuf,
        /// The other job, as its job file describes it.
        job: String,
    },
    /// A work directory with files and no job file.
    #[error(
        "work directory '{}' is not empty (it holds '{file}') and has no job file: use an empty \
         directory",
        .dir.display()
    )]
    NotEmpty {
        /// The directory.
        dir: PathBuf,
        /// A file in it.
        file: String,
    },
    /// A work file that does not read back.
    #[error("work file '{}' is damaged", .0.display())]
    Damaged(PathBuf),
    /// A work file missing or not readable.
    #[error("work file '{}' is missing or damaged", .0.display())]
    MissingOrDamaged(PathBuf),
    /// A level resumed with another number of parts.
    #[error(
        "level {level} in the work directory was started with {was} parts, not {parts}: resume \
         with the same arguments"
    )]
    PartsChanged {
        /// The level's name.
        level: String,
        /// The parts it was started with, as its file says.
        was: String,
        /// The parts asked for.
        parts: usize,
    },
    /// Two levels split differently.
    #[error("level {within} has {theirs} parts, level {level} needs {parts}")]
    PartsDiffer {
        /// The level read.
        within: String,
        /// Its parts.
        theirs: usize,
        /// The level written.
        level: String,
        /// Its parts.
        parts: usize,
    },
    /// A level that is not finished in the work directory.
    #[error("level {level} is not finished in '{}'", .dir.display())]
    NotFinished {
        /// The level's name.
        level: String,
        /// The work directory.
        dir: PathBuf,
    },
    /// A level that did not finish in a run.
    #[error("level {0} did not finish")]
    DidNotFinish(String),
    /// The finish masks of a level asked before the union writer's pass up kept them.
    #[error("the finish masks of the level with {0} pegs are not made yet")]
    NoMasks(usize),
    /// Keys with masks asked of a job they do not fit (not a union's complement job, or
    /// symbols of another width than the board's).
    #[error("keys with {0} mask bits do not fit this job")]
    MasksUnfit(u32),
    /// The winning levels asked of a process other than 0.
    #[error("the winning levels are gathered at process 0 of the cluster")]
    NotGathered,
    /// The cluster's workers or connections that would not start.
    #[error("cannot start the {what}: {detail}")]
    CannotStart {
        /// `workers` or `connections`.
        what: &'static str,
        /// What the dataflow engine said.
        detail: String,
    },
    /// A process lost while the job ran.
    #[error(
        "the cluster lost a process ({0}); run the same command again on every process: it \
         resumes from the last level every worker finished"
    )]
    Lost(String),
    /// Workers that ended without a result.
    #[error("the workers gave no result")]
    NoResult,
    /// A cluster that did not come together.
    #[error(transparent)]
    Cluster(#[from] ClusterError),
}

/// A process's address as a message names it: `'host:port' (hostfile line N)`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{address}' (hostfile line {line})")]
pub struct At {
    /// The address.
    pub address: String,
    /// Its hostfile line, from 1.
    pub line: usize,
}

/// Why the processes of a cluster did not connect.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClusterError {
    /// The listening socket could not be set up.
    #[error("cannot listen: {0}")]
    Listen(IoCause),
    /// A socket could not be set up.
    #[error("connection: {0}")]
    Connection(IoCause),
    /// An error, with what the door turned away meanwhile.
    #[error("{error}; meanwhile {}", .notes.join("; "))]
    Meanwhile {
        /// The error.
        error: Box<ClusterError>,
        /// The notes said meanwhile.
        notes: Vec<String>,
    },
    /// This process's listening socket closed.
    #[error("process {0}: its listening socket closed while the cluster connected")]
    SocketClosed(usize),
    /// A process that answered with another number.
    #[error("{at} answered as process {from}, not {j}: every process needs the same hostfile")]
    AnsweredAs {
        /// Where it was dialled.
        at: At,
        /// The number it gave.
        from: usize,
        /// The number expected.
        j: usize,
    },
    /// A process that already has this one.
    #[error(
        "process {j} at {at} already has a process {me}: two processes were started with \
         --process {me}; give each process its own --process, 0 to {last}"
    )]
    AlreadyHas {
        /// The process dialled.
        j: usize,
        /// Its address.
        at: At,
        /// This process.
        me: usize,
        /// The last process.
        last: usize,
    },
    /// A process that does not wait for this one.
    #[error(
        "process {j} at {at} does not wait for a process {me}: give each process its own \
         --process, 0 to {last}"
    )]
    DoesNotWait {
        /// The process dialled.
        j: usize,
        /// Its address.
        at: At,
        /// This process.
        me: usize,
        /// The last process.
        last: usize,
    },
    /// This process's address held by a process of another cluster.
    #[error(
        "process {me} cannot listen on {at}: process {from} of a cluster started with another \
         hostfile listens there (its hostfile is {}, this process's {}): every process needs \
         the same hostfile",
        or_none(.theirs), or_none(.ours)
    )]
    OtherClusterListens {
        /// This process.
        me: usize,
        /// Its address.
        at: At,
        /// The process that holds it.
        from: usize,
        /// That process's hostfile.
        theirs: Option<String>,
        /// This one's.
        ours: Option<String>,
    },
    /// This process's address held by a process of the same number.
    #[error(
        "process {from} is already running at {at}: two processes were started with \
         --process {me}? Give each process its own --process, 0 to {last}"
    )]
    AlreadyRunning {
        /// The process that holds it.
        from: usize,
        /// The address.
        at: At,
        /// This process.
        me: usize,
        /// The last process.
        last: usize,
    },
    /// This process's address held by something that does not answer.
    #[error(
        "process {me} cannot listen on {at}: {cause}; another process may already hold it \
         (one started with --process {me} too, or another program on that port)"
    )]
    AddressHeld {
        /// This process.
        me: usize,
        /// Its address.
        at: At,
        /// What the system said.
        cause: IoCause,
    },
    /// This process's address is another machine's.
    #[error(
        "process {me} cannot listen on {at}: {cause}; that address is not this machine's: is \
         --process {me} the right one here?"
    )]
    NotThisMachine {
        /// This process.
        me: usize,
        /// Its address.
        at: At,
        /// What the system said.
        cause: IoCause,
    },
    /// This process cannot listen for another reason.
    #[error("process {me} cannot listen on {at}: {cause}")]
    CannotListen {
        /// This process.
        me: usize,
        /// Its address.
        at: At,
        /// What the system said.
        cause: IoCause,
    },
    /// A process that did not come in time.
    #[error(
        "process {j} ('{address}', hostfile line {}) did not connect within {} s: start the same \
         command with --process {j} there, or check the hostfile",
        .j + 1, .within.as_secs_f64()
    )]
    Absent {
        /// The process.
        j: usize,
        /// Its address.
        address: String,
        /// How long it was waited for.
        within: Duration,
    },
    /// A hostfile address that does not resolve.
    #[error("hostfile line {line}: '{address}' is not a host:port address ({cause})")]
    NotAnAddress {
        /// The line, from 1.
        line: usize,
        /// The address.
        address: String,
        /// What the system said.
        cause: IoCause,
    },
    /// A process that cannot be written to.
    #[error("cannot reach process {to}: {cause}")]
    Unreachable {
        /// The process.
        to: usize,
        /// What the system said.
        cause: IoCause,
    },
    /// A connection whose hello is wrong.
    #[error("a connection to process {who}: {why}")]
    Hello {
        /// The process it should be.
        who: usize,
        /// What is wrong.
        why: HelloWhy,
    },
    /// A process with another hostfile.
    #[error(
        "process {from} was started with another hostfile: it has {other} where process {me} \
         has {mine}; every process needs the same hostfile"
    )]
    OtherHostfile {
        /// That process.
        from: usize,
        /// Its hostfile.
        other: String,
        /// This process.
        me: usize,
        /// This hostfile.
        mine: String,
    },
    /// A process started with other arguments.
    #[error(
        "process {from} was started differently: it has '{other}' where process {me} has \
         '{mine}'; start every process with the same arguments but --process"
    )]
    StartedDifferently {
        /// That process.
        from: usize,
        /// Its line.
        other: String,
        /// This process.
        me: usize,
        /// This line.
        mine: String,
    },
}

/// What is wrong with a hello.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HelloWhy {
    /// None came.
    #[error("no hello ({0})")]
    None(IoCause),
    /// One cut short.
    #[error("a cut hello ({0})")]
    Cut(IoCause),
    /// Not a pegwise hello.
    #[error("it is not a pegwise process")]
    NotPegwise,
    /// Another version's hello.
    #[error("it is not a pegwise process of this version")]
    OtherVersion,
    /// No process number.
    #[error("a hello without its process")]
    NoProcess,
    /// No known kind.
    #[error("a hello of no known kind")]
    NoKind,
}

fn or_none(v: &Option<String>) -> &str {
    v.as_deref().unwrap_or("none")
}
