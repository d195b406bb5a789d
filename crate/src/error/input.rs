//! What a user typed or a page stored that the core refuses: a board, a hole, a start, a
//! goal, a position, moves, a saved game. Each variant holds the value and the facts; the
//! words are in its `#[error]` alone.

use super::{FilePath, IoCause};

/// Input that is refused (kinds `unknown-board` … `illegal-jump` and `bad-save`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// A board name that is not in the catalogue.
    #[error(
        "unknown board '{name}': the boards are {} (a row of L holes, L from 3 to 64), or draw your own as ascii:…",
        catalogue_sentence(known)
    )]
    UnknownBoard {
        /// The name as given.
        name: String,
        /// The catalogue's names, which the message lists (given by the board module, which
        /// owns the catalogue: errors import nothing above them).
        known: &'static [&'static str],
    },
    /// Board text (or a board file, or a CLI board list) that cannot be read.
    #[error("bad board description: {0}")]
    BadBoard(BoardWhy),
    /// A board on which no jump can ever be made: no three holes lie in a line.
    #[error("board '{0}' has no jump: no three holes lie in a line")]
    NoJump(String),
    /// A hole name or number that the board does not have.
    #[error("board '{board}' has no hole '{hole}'")]
    UnknownHole {
        /// The board's name.
        board: String,
        /// The name that was asked for.
        hole: String,
    },
    /// A goal that is neither `start`, `any` nor a hole name (or none that fits the start).
    #[error("bad goal '{value}': {why}")]
    BadGoal {
        /// The goal as given.
        value: String,
        /// What is wrong with it.
        why: GoalWhy,
    },
    /// A start that is neither a hole name, a position nor `all` (or `all` where one start is
    /// needed).
    #[error("bad start '{value}': {why}")]
    BadStart {
        /// The start as given.
        value: String,
        /// What is wrong with it.
        why: StartWhy,
    },
    /// Start-position text (`XXoXo`: X a peg, o a hole) that does not fit the board.
    #[error("bad position '{text}': {why}")]
    BadPosition {
        /// The text as given (clipped).
        text: String,
        /// What is wrong with it.
        why: PositionWhy,
    },
    /// A list of moves longer than the game accepts at once.
    #[error("the move list is too long ({len} characters, at most {max})")]
    TooLong {
        /// Its length in characters.
        len: usize,
        /// The most accepted.
        max: usize,
    },
    /// Move text that cannot be parsed.
    #[error("cannot read move '{0}': write jumps as from-to, e.g. 'd2-d4' or 'e5-c3-a1'")]
    BadMoveText(String),
    /// A jump that is not legal in the current position.
    #[error("illegal jump '{jump}': {why}")]
    IllegalJump {
        /// The jump as written.
        jump: String,
        /// Why it is illegal.
        why: JumpWhy,
    },
    /// A saved game that cannot be restored.
    #[error("saved game refused: {0}")]
    BadSave(SaveWhy),
}

/// What is wrong with board text, a board file or a board named on the command line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardWhy {
    /// `row:L` with L not a number from 3 to 64.
    #[error("'{0}': a row board has 3 to 64 holes, e.g. row:9")]
    RowLength(String),
    /// A board with no holes.
    #[error("board '{0}' has no holes")]
    NoHoles(String),
    /// A board with more holes than a position code has bits.
    #[error("board '{name}' has {holes} holes; at most 64 fit a position code")]
    TooManyHoles {
        /// The board's name.
        name: String,
        /// Its holes.
        holes: usize,
    },
    /// A board that lists a hole twice.
    #[error("board '{0}' lists a hole twice")]
    HoleTwice(String),
    /// A `lattice:` line naming no lattice.
    #[error("unknown lattice '{0}' (square or triangle)")]
    UnknownLattice(String),
    /// A `name:` line with a name a link can't carry.
    #[error("bad board name '{0}' (letters, digits, - and _, up to 40)")]
    BadName(String),
    /// A character of a drawing that is neither a hole nor a gap.
    #[error(
        "unexpected character '{ch}' at line {line} column {column} (holes are o x * ., gaps are space - _)"
    )]
    UnexpectedCharacter {
        /// The character.
        ch: char,
        /// Its line, from 1.
        line: usize,
        /// Its column, from 1.
        column: usize,
    },
    /// A hole of an `ascii-tri:` drawing between the grid's points.
    #[error(
        "hole at line {line} column {column} is off the triangular grid (rows are staggered, holes two columns apart)"
    )]
    OffGrid {
        /// Its line, from 1.
        line: i32,
        /// Its column, from 1.
        column: i32,
    },
    /// A drawing with fewer than 3 holes.
    #[error("a board needs at least 3 holes, this one has {0}")]
    TooFewHoles(usize),
    /// A board file that cannot be read.
    #[error("cannot read board file '{path}': {cause}")]
    Unreadable {
        /// The file.
        path: FilePath,
        /// What the system said.
        cause: IoCause,
    },
    /// A link that names no part of a game.
    #[error("the link '{0}' names no game (no board, start, position, goal or moves)")]
    EmptyLink(String),
    /// A board asked for that has no record of winnable rows.
    #[error(
        "'{name}' has no record (rows are decided when asked); boards: {}",
        .boards.join(", ")
    )]
    NoRecord {
        /// The board as named.
        name: String,
        /// The boards that have one.
        boards: Vec<String>,
    },
    /// A board asked for that has no tables to build.
    #[error("no tables are built for '{name}' (boards with tables: {})", .boards.join(", "))]
    NoTables {
        /// The board as named.
        name: String,
        /// The boards that have tables.
        boards: Vec<String>,
    },
}

/// Why a goal is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GoalWhy {
    /// Nothing (or nothing readable) was given.
    #[error("use 'start', 'any' or a hole name")]
    Empty,
    /// A hole name the board does not have.
    #[error("{0}; use 'start', 'any' or a hole name")]
    NoHole(Box<super::Error>),
    /// Goal `start` with start `all`.
    #[error("with start 'all' every game would have its own goal: use 'any' or a hole")]
    StartOfAll,
    /// Finish masks asked of a problem that is not the union one.
    #[error("masks need the union problem: start 'all', goal 'any'")]
    NotUnion,
}

/// Why a start is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartWhy {
    /// Nothing was given.
    #[error("use a hole name, a position or 'all'")]
    Empty,
    /// A hole name the board does not have.
    #[error("{0}; use a hole name or a position")]
    NoHole(Box<super::Error>),
    /// `all` where a game needs one start.
    #[error("a game starts from one empty hole or one position")]
    AllInAGame,
    /// `all` where games are counted from one start.
    #[error("games are counted from one start (a hole or a position)")]
    AllInCounts,
}

/// Why a start position is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionWhy {
    /// A character that is neither a peg nor a hole.
    #[error("character {at} is '{ch}': write X for a peg and o for an empty hole")]
    BadCharacter {
        /// Its place, from 1.
        at: usize,
        /// The character.
        ch: char,
    },
    /// Not one mark per hole.
    #[error(
        "it names {named} holes, but {board} has {holes} (one X or o per hole, in reading order)"
    )]
    WrongLength {
        /// Holes the text names.
        named: usize,
        /// The board's name.
        board: String,
        /// Its holes.
        holes: usize,
    },
    /// No peg at all.
    #[error("it has no peg")]
    NoPeg,
    /// No empty hole.
    #[error("it has no empty hole, so no peg can jump")]
    NoEmptyHole,
}

/// Why a jump is illegal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JumpWhy {
    /// The two holes are not two apart on a line.
    #[error("no jump line joins these holes")]
    NoLine,
    /// No peg on the hole jumped from.
    #[error("no peg on {0}")]
    NoPeg(String),
    /// No peg on the hole jumped over.
    #[error("no peg on {0} to jump over")]
    NothingToJumpOver(String),
    /// A peg on the hole jumped to.
    #[error("{0} is not empty")]
    Occupied(String),
}

/// Why a saved or stored game is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SaveWhy {
    /// Save text longer than any save.
    #[error("{0} characters is too long for a saved game")]
    TooLong(usize),
    /// Text that starts with no known version.
    #[error("unknown format '{head}…' (expected '{expected}' or '{expected_v1}')")]
    UnknownFormat {
        /// Its first characters.
        head: String,
        /// This version's prefix.
        expected: &'static str,
        /// Version 1's prefix.
        expected_v1: &'static str,
    },
    /// Not as many fields as the version has.
    #[error("expected {expected} fields after the version, found {found}")]
    Fields {
        /// The version's fields.
        expected: usize,
        /// Those found.
        found: usize,
    },
    /// A stored record whose fields are missing or of the wrong type.
    #[error("its fields are missing or of the wrong type")]
    FieldTypes,
    /// A stored record's version that is not a number.
    #[error("its format is not a number this page reads")]
    VersionNotANumber,
    /// A stored record's version that this build does not read (shown whole, or as "a
    /// fraction").
    #[error("its format ({0}) is not one this page reads")]
    Version(String),
    /// A save that names no board or no goal.
    #[error("it names no {0}")]
    Missing(&'static str),
    /// A part of the game that is refused.
    #[error("{0}")]
    Game(Box<super::Error>),
    /// A redo list that does not play.
    #[error("redo list: {0}")]
    Redo(Box<super::Error>),
    /// A request that opens nothing (no game open to keep).
    #[error("nothing to open")]
    Nothing,
}

/// The catalogue as a sentence: "a, b, … and row:L".
fn catalogue_sentence(known: &[&str]) -> String {
    match known.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => known.join(""),
    }
}

impl InputError {
    /// The stable name of the kind of error.
    pub fn kind(&self) -> &'static str {
        match self {
            InputError::UnknownBoard { .. } => "unknown-board",
            InputError::BadBoard(_) => "bad-board",
            InputError::NoJump(_) => "no-jump",
            InputError::UnknownHole { .. } => "unknown-hole",
            InputError::BadGoal { .. } => "bad-goal",
            InputError::BadStart { .. } => "bad-start",
            InputError::BadPosition { .. } => "bad-position",
            InputError::TooLong { .. } => "too-long",
            InputError::BadMoveText(_) => "bad-move",
            InputError::IllegalJump { .. } => "illegal-jump",
            InputError::BadSave(_) => "bad-save",
        }
    }

    /// The input it is about: `board`, `hole`, `goal`, `start`, `position`, `moves` or `save`.
    pub fn param(&self) -> &'static str {
        match self {
            InputError::UnknownBoard { .. } | InputError::BadBoard(_) | InputError::NoJump(_) => {
                "board"
            }
            InputError::UnknownHole { .. } => "hole",
            InputError::BadGoal { .. } => "goal",
            InputError::BadStart { .. } => "start",
            InputError::BadPosition { .. } => "position",
            InputError::TooLong { .. }
            | InputError::BadMoveText(_)
            | InputError::IllegalJump { .. } => "moves",
            InputError::BadSave(_) => "save",
        }
    }

    /// The bad value as given (empty for board text, a save or a length).
    pub fn value(&self) -> &str {
        match self {
            InputError::UnknownBoard { name: v, .. } | InputError::BadMoveText(v) => v,
            InputError::UnknownHole { hole, .. } => hole,
            InputError::BadGoal { value, .. } | InputError::BadStart { value, .. } => value,
            InputError::BadPosition { text, .. } => text,
            InputError::IllegalJump { jump, .. } => jump,
            _ => "",
        }
    }

    /// Why the value was refused, without the words that name it (empty where the message
    /// says it all).
    pub fn why(&self) -> String {
        match self {
            InputError::BadGoal { why, .. } => why.to_string(),
            InputError::BadStart { why, .. } => why.to_string(),
            InputError::BadPosition { why, .. } => why.to_string(),
            InputError::IllegalJump { why, .. } => why.to_string(),
            InputError::BadBoard(why) => why.to_string(),
            InputError::BadSave(why) => why.to_string(),
            InputError::NoJump(_) => {
                "no three holes lie in a line, so no jump can ever be made".to_string()
            }
            _ => String::new(),
        }
    }
}
