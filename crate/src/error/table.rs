//! A table or counts file that fails one of its checks: where in the file ([`Part`]) and
//! what is wrong there ([`Fault`]), as numbers and names; the words are in the `#[error]`s.

use super::{FilePath, IoCause};

/// A refused table: the part of the file and the fault found there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("table refused: {at}{fault}")]
pub struct TableError {
    /// Where the fault is.
    pub at: Part,
    /// What is wrong.
    pub fault: Fault,
}

/// Where in a table a fault is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Part {
    /// The file as a whole, or its head.
    #[error("")]
    Head,
    /// One level (a peg count).
    #[error("level with {0} pegs: ")]
    Level(u8),
    /// One chunk of a level.
    #[error("level with {pegs} pegs, chunk {chunk}: ")]
    Chunk {
        /// The level's peg count.
        pegs: u8,
        /// The chunk's index.
        chunk: usize,
    },
    /// A counts file.
    #[error("counts file: ")]
    Counts,
}

/// What is wrong with a table, a shard, a counts file or the file that holds one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// The bytes end before a field.
    #[error("truncated: needs {needs} more bytes at offset {offset}")]
    Truncated {
        /// Bytes missing.
        needs: usize,
        /// Where the field starts.
        offset: usize,
    },
    /// A head file shorter than its fixed fields.
    #[error("truncated: the file has only {0} bytes")]
    Short(usize),
    /// Not a table's magic number.
    #[error("wrong magic number: this is not a pegwise table")]
    NotATable,
    /// Not a shard's magic number.
    #[error("wrong magic number: this is not a pegwise shard")]
    NotAShard,
    /// Not a counts file's magic number.
    #[error("not a pegwise counts file (bad magic)")]
    NotCounts,
    /// A format version this build does not read.
    #[error("format version {found}, this build reads version {reads}")]
    Version {
        /// The file's version.
        found: u16,
        /// The one this build reads.
        reads: u16,
    },
    /// A shard format version this build does not read.
    #[error("shard format version {found}, this build reads version {reads}")]
    ShardVersion {
        /// The shard's version.
        found: u16,
        /// The one this build reads.
        reads: u16,
    },
    /// The file's CRC-32 does not match its content.
    #[error(
        "checksum mismatch (file says {stored:08x}, content gives {computed:08x}): the file is truncated or corrupt"
    )]
    Checksum {
        /// The CRC the file stores.
        stored: u32,
        /// The CRC of its content.
        computed: u32,
    },
    /// A counts file's CRC-32 does not match.
    #[error("CRC-32 does not match (the file is damaged)")]
    Crc,
    /// A counts file shorter than its checksum.
    #[error("only {0} bytes")]
    CountsShort(usize),
    /// The board's name is not UTF-8.
    #[error("board name is not UTF-8")]
    NameNotUtf8,
    /// A number of holes no board has.
    #[error("{0} holes is not a board size")]
    Holes(u8),
    /// Start or goal sets off the board (or empty).
    #[error("start set {start:x} or goal set {goal:x} is not on a {holes}-hole board")]
    Sets {
        /// The start set.
        start: u64,
        /// The goal set.
        goal: u64,
        /// The board's holes.
        holes: u8,
    },
    /// The half flag disagrees with the sets.
    #[error("the half flag says {half}, but the start and goal sets {}", agree_word(.agree))]
    HalfFlag {
        /// The flag.
        half: bool,
        /// Whether the sets agree.
        agree: bool,
    },
    /// A level with more pegs than the board has holes.
    #[error("level with {pegs} pegs on a {holes}-hole board")]
    LevelOffBoard {
        /// Its pegs.
        pegs: usize,
        /// The board's holes.
        holes: u8,
    },
    /// A level listed twice.
    #[error("level with {0} pegs appears twice")]
    LevelTwice(usize),
    /// More codes than positions with the level's pegs.
    #[error("more codes than positions")]
    MoreCodes,
    /// An inline shard that is for another level.
    #[error("the shard is for another level")]
    OtherLevel,
    /// An external level whose header is longer than its file.
    #[error("header longer than its file")]
    HeaderLonger,
    /// A level of an unknown kind.
    #[error("unknown kind {0}")]
    UnknownKind(u8),
    /// Bytes after the last level.
    #[error("trailing bytes after the last level")]
    Trailing,
    /// A header given for a level the head file holds inline.
    #[error("the level with {0} pegs is inline")]
    Inline(u8),
    /// A header shorter than the head file says.
    #[error("header truncated")]
    HeaderTruncated,
    /// A header whose SHA-256 is not the one the head file pins.
    #[error("header does not match the table's SHA-256")]
    HeaderSha,
    /// A level file whose SHA-256 is not the one the head file pins.
    #[error("file does not match the table's SHA-256")]
    FileSha,
    /// A chunk given before its level's header.
    #[error("chunk before its header")]
    ChunkBeforeHeader,
    /// No level with these pegs in the table.
    #[error("no level with {0} pegs")]
    NoLevel(usize),
    /// A level not loaded yet.
    #[error("level with {0} pegs not loaded")]
    NotLoaded(usize),
    /// A stored rank that is no position.
    #[error("rank out of range")]
    RankOutOfRange,
    /// A table of another board.
    #[error("the table is for board '{table}', not '{board}'")]
    OtherBoard {
        /// The table's board.
        table: String,
        /// The board asked for.
        board: String,
    },
    /// A table that does not cover the game's start and goal.
    #[error("the table does not cover start {start} with goal {goal}")]
    NotCovered {
        /// The game's start.
        start: String,
        /// Its goal.
        goal: String,
    },
    /// A shard with more pegs than holes, or holes no board has.
    #[error("{pegs} pegs on {holes} holes")]
    PegsOnHoles {
        /// Its pegs.
        pegs: u8,
        /// Its holes.
        holes: u8,
    },
    /// Chunks that do not fit the count.
    #[error("{chunks} chunks do not hold {count} codes at {per_chunk} a chunk")]
    ChunkCount {
        /// Chunks listed.
        chunks: usize,
        /// Codes in the level.
        count: u32,
        /// Codes per chunk.
        per_chunk: u32,
    },
    /// A chunk index cut short.
    #[error("the index of {0} chunks is truncated")]
    IndexTruncated(usize),
    /// A shard header's CRC-32 does not match.
    #[error("header checksum mismatch")]
    HeaderChecksum,
    /// Chunks out of order.
    #[error("chunk {0} is out of order")]
    OutOfOrder(usize),
    /// A chunk that starts past the level.
    #[error("a chunk lies outside the level")]
    OutsideLevel,
    /// A shard cut short.
    #[error("shard truncated")]
    ShardTruncated,
    /// A chunk number past the level's chunks.
    #[error("chunk {chunk} of a level with {chunks} chunks")]
    NoChunk {
        /// The chunk asked for.
        chunk: usize,
        /// The level's chunks.
        chunks: usize,
    },
    /// A chunk whose hash is not the index's.
    #[error("hash mismatch (corrupt or from another build)")]
    HashMismatch,
    /// A chunk not added yet.
    #[error("chunk {0} missing")]
    ChunkMissing(usize),
    /// A chunk that holds more codes than it has bits.
    #[error("more codes than bits")]
    MoreCodesThanBits,
    /// A chunk's data ends before its codes.
    #[error("data ends early")]
    DataEndsEarly,
    /// A gap longer than a code.
    #[error("gap too large")]
    GapTooLarge,
    /// A code past the last position.
    #[error("code out of range")]
    CodeOutOfRange,
    /// A code whose mask context has no code.
    #[error("no mask code for this code's context")]
    NoMaskCode,
    /// A chunk that runs into the next.
    #[error("overlaps the next chunk")]
    Overlaps,
    /// More mask contexts than allowed.
    #[error("{count} mask context masks, at most {max}")]
    Contexts {
        /// Masks in the file.
        count: usize,
        /// The most allowed.
        max: usize,
    },
    /// A context mask off the board.
    #[error("context mask {0:#x} lies off the board")]
    ContextOffBoard(u64),
    /// A Huffman table cut short.
    #[error("Huffman table truncated")]
    HuffmanTruncated,
    /// A Huffman table that is no prefix code.
    #[error("bad Huffman table: {0}")]
    Huffman(HuffmanFault),
    /// A counts file with more entries than bytes.
    #[error("{entries} entries in {bytes} bytes")]
    Entries {
        /// Entries it says it has.
        entries: usize,
        /// Bytes left for them.
        bytes: usize,
    },
    /// A counts entry whose code does not follow the last.
    #[error("entry {entry}: bad code gap {gap}")]
    CodeGap {
        /// The entry.
        entry: usize,
        /// Its gap.
        gap: u64,
    },
    /// A counts entry with fewest moves past a byte.
    #[error("entry {0}: fewest moves past 255")]
    Fewest(usize),
    /// Bytes after a counts file's last entry.
    #[error("{0} bytes after the last entry")]
    AfterLast(usize),
    /// A varint longer than 64 bits.
    #[error("a varint runs past 64 bits")]
    VarintLong,
    /// A file this build pins no hash for.
    #[error("'{0}' is not a table this build knows")]
    UnknownFile(String),
    /// A file whose SHA-256 is not the pinned one.
    #[error(
        "'{file}' is not the file this build was made with (SHA-256 {got}…, expected {want}…)"
    )]
    NotPinned {
        /// The file.
        file: String,
        /// The start of its SHA-256.
        got: String,
        /// The start of the pinned one.
        want: String,
    },
    /// A table file that cannot be read.
    #[error("cannot read '{path}': {cause}")]
    Unreadable {
        /// The file.
        path: FilePath,
        /// What the system said.
        cause: IoCause,
    },
    /// A table file not built yet (the tests' note).
    #[error("cannot read '{path}': {cause} (run scripts/tables {board} first)")]
    NotBuilt {
        /// The file.
        path: FilePath,
        /// The board whose tables to build.
        board: String,
        /// What the system said.
        cause: IoCause,
    },
    /// A level file the head names that is not there.
    #[error("no file '{0}'")]
    NoFile(String),
    /// A table whose answer differs from brute force's.
    #[error(
        "{file} disagrees with brute force at position {code}: the table says {}, brute force {}",
        verdict(.table), won(.brute)
    )]
    Disagrees {
        /// The table's file.
        file: String,
        /// The position's code.
        code: u64,
        /// What the table says (None: unknown).
        table: Option<bool>,
        /// What brute force says.
        brute: bool,
    },
}

/// What is wrong with a Huffman table's lengths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum HuffmanFault {
    /// A length of 0 or past the longest.
    #[error("a code length is out of range")]
    LengthOutOfRange,
    /// A symbol listed twice.
    #[error("a symbol appears twice")]
    SymbolTwice,
    /// Lengths that no prefix code has.
    #[error("the lengths overflow the code space")]
    Overflow,
}

fn agree_word(agree: &bool) -> &'static str {
    if *agree {
        "agree"
    } else {
        "differ"
    }
}

fn won(v: &bool) -> &'static str {
    verdict(&Some(*v))
}

fn verdict(v: &Option<bool>) -> &'static str {
    match v {
        Some(true) => "winning",
        Some(false) => "losing",
        None => "unknown",
    }
}

impl From<Fault> for TableError {
    fn from(fault: Fault) -> TableError {
        TableError {
            at: Part::Head,
            fault,
        }
    }
}

impl Fault {
    /// This fault, found in `at`.
    pub fn at(self, at: Part) -> TableError {
        TableError { at, fault: self }
    }
}

impl TableError {
    /// The same fault placed in `at` when it had no place yet (a fault of the head keeps
    /// its place otherwise).
    pub fn within(self, at: Part) -> TableError {
        match self.at {
            Part::Head => TableError { at, ..self },
            _ => self,
        }
    }

    /// What is wrong, without "table refused".
    pub fn why(&self) -> String {
        format!("{}{}", self.at, self.fault)
    }
}
