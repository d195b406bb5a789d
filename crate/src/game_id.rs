//! A game's identity (board, start hole or start position, goal, moves and redo list) and its
//! text forms. The link's query, the saved game, the stored record of older pages and the
//! command line's flags all map onto one type, [`GameId`], and one rule fills in what they
//! leave out ([`GameId::problem`]). Nothing else parses or writes them: the page hands the
//! text to the engine as it found it.

use crate::board::Board;
use crate::error::{Error, Result, SaveWhy};
use crate::game::{Game, Prefix};
use crate::moves;
use crate::problem::Problem;

/// The board a game opens on when nothing names one.
pub const DEFAULT_BOARD: &str = "english";

/// Longest board text a save may carry (a custom board drawn in ASCII).
pub const MAX_BOARD_SPEC: usize = 4096;

/// First characters of a saved game; the number is the save format's version.
pub const SAVE_PREFIX: &str = "pegwise:2;";
/// The first save format's prefix (no redo list), still read.
pub const SAVE_PREFIX_V1: &str = "pegwise:1;";

/// The keys of a link's query that name the game, in the order a link writes them.
const QUERY_KEYS: [&str; 5] = ["board", "start", "position", "goal", "moves"];

/// A game as text, each part optional: what a link, a saved game, an element's attributes or
/// the command line say. [`GameId::problem`] fills in what is missing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameId {
    /// A board name (`english`, `row:9`) or a drawn board (`ascii:…`).
    pub board: Option<String>,
    /// The hole empty at the start (or `all`).
    pub start: Option<String>,
    /// Instead of (or with) a start hole, the position play starts from: `X` a peg, `o` a
    /// hole, in reading order. With a start hole too, it is a position of that game.
    pub position: Option<String>,
    /// `start`, `any` or a hole.
    pub goal: Option<String>,
    /// Moves played from the start, in notation.
    pub moves: Option<String>,
    /// The redo list: moves from the current position, the next one first.
    pub redo: Option<String>,
}

/// Why moves in a game's text did not all play: the game opened with those before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesRefused {
    /// The moves as given.
    pub moves: String,
    /// Moves that played.
    pub played: usize,
    /// The first move that did not (empty when the list as a whole was refused).
    pub bad: String,
    /// Why.
    pub why: String,
}

impl GameId {
    /// Reads a link's query (`?board=english&start=d4&goal=start&moves=d2-d4+f3-d3`, the `?`
    /// optional). None when it names no game; other keys are left to the page.
    ///
    /// ```
    /// use pegwise::game_id::GameId;
    /// let id = GameId::from_query("?board=row:7&position=oXoXXXX&moves=d1-b1").unwrap();
    /// assert_eq!(id.position.as_deref(), Some("oXoXXXX"));
    /// assert_eq!(id.moves.as_deref(), Some("d1-b1"));
    /// assert!(GameId::from_query("?hints=off").is_none());
    /// ```
    #[cfg(not(target_arch = "wasm32"))]
    pub fn from_query(query: &str) -> Option<GameId> {
        let query = query.strip_prefix('?').unwrap_or(query);
        GameId::from_pairs(form_urlencoded::parse(query.as_bytes()))
    }

    /// Reads a link's query already split into decoded keys and values (the page's
    /// `URLSearchParams`, which spares the wasm a decoder). None when no key names the game.
    pub fn from_pairs<K: AsRef<str>, V: AsRef<str>>(
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Option<GameId> {
        let mut id = GameId::default();
        let mut named = false;
        for (k, v) in pairs {
            let v = Some(v.as_ref().trim().to_string());
            match k.as_ref() {
                "board" => id.board = v,
                "start" => id.start = v,
                "position" => id.position = v,
                "goal" => id.goal = v,
                "moves" => id.moves = v,
                _ => continue,
            }
            named = true;
        }
        named.then_some(id)
    }

    /// The link's query for this game, which [`GameId::from_query`] reads back. Spaces become
    /// `+`, and `:` and `/` stay as they are, so a link reads like the notation.
    ///
    /// ```
    /// use pegwise::game_id::GameId;
    /// let id = GameId::from_query("board=triangle5&start=a1&goal=start&moves=a3-a1%20c5-a3")
    ///     .expect("it names a game");
    /// assert_eq!(id.query(), "?board=triangle5&start=a1&goal=start&moves=a3-a1+c5-a3");
    /// assert_eq!(GameId::from_query(&id.query()), Some(id));
    /// ```
    pub fn query(&self) -> String {
        let values = [
            &self.board,
            &self.start,
            &self.position,
            &self.goal,
            &self.moves,
        ];
        let parts: Vec<String> = QUERY_KEYS
            .iter()
            .zip(values)
            .filter_map(|(k, v)| v.as_deref().filter(|v| !v.is_empty()).map(|v| (k, v)))
            .map(|(k, v)| format!("{k}={}", query_text(v)))
            .collect();
        format!("?{}", parts.join("&"))
    }

    /// The whole identity of a game: its problem, moves and redo list.
    ///
    /// ```
    /// use pegwise::game_id::GameId;
    /// let link = GameId::from_query("?board=triangle5&moves=a3-a1+c5-a3").expect("a game");
    /// // what the link leaves out comes from the board's default game
    /// let (mut game, refused) = link.open(None)?;
    /// assert!(refused.is_none());
    /// game.undo();
    /// let id = GameId::of(&game);
    /// assert_eq!(id.moves.as_deref(), Some("a3-a1"));
    /// assert_eq!(id.redo.as_deref(), Some("c5-a3"));
    /// // the save holds the redo list too, and restores the same game
    /// let back = GameId::from_save(&id.save())?.restore()?;
    /// assert_eq!(back.position(), game.position());
    /// assert_eq!(back.future(), game.future());
    /// # Ok::<(), pegwise::Error>(())
    /// ```
    pub fn of(game: &Game) -> GameId {
        let p = game.problem();
        let b = &p.board;
        let (start, position) = match p.start {
            crate::problem::Start::Position(_) => (None, Some(p.start_text())),
            _ => (Some(p.start_text()), None),
        };
        GameId {
            board: Some(b.spec()),
            start,
            position,
            goal: Some(p.goal_text()),
            moves: Some(game.moves_text().join(" ")),
            redo: Some(moves::moves_text(b, &game.future()).join(" ")),
        }
    }

    /// The game as one line of text: `pegwise:2;board;start;goal;moves;redo` (the start a
    /// hole or a position), which [`GameId::from_save`] reads back.
    pub fn save(&self) -> String {
        let field = |v: &Option<String>| v.clone().unwrap_or_default();
        let start = self.position.as_ref().or(self.start.as_ref());
        format!(
            "{SAVE_PREFIX}{};{};{};{};{}",
            field(&self.board),
            start.cloned().unwrap_or_default(),
            field(&self.goal),
            field(&self.moves),
            field(&self.redo),
        )
    }

    /// Reads `save()` text of this version, or version 1's `pegwise:1;board;start;goal;moves`
    /// (no redo list). Only the layout is checked here: [`GameId::restore`] checks the rest.
    pub fn from_save(text: &str) -> Result<GameId> {
        if text.len() > 2 * moves::MAX_TEXT + MAX_BOARD_SPEC {
            return Err(SaveWhy::TooLong(text.len()).into());
        }
        let (rest, fields) = if let Some(r) = text.strip_prefix(SAVE_PREFIX) {
            (r, 5)
        } else if let Some(r) = text.strip_prefix(SAVE_PREFIX_V1) {
            (r, 4)
        } else {
            let head: String = text.chars().take(12).collect();
            return Err(SaveWhy::UnknownFormat {
                head,
                expected: SAVE_PREFIX,
                expected_v1: SAVE_PREFIX_V1,
            }
            .into());
        };
        // the board comes first and is the only field that might hold a ';'
        let mut parts: Vec<&str> = rest.rsplitn(fields, ';').collect();
        parts.reverse();
        if parts.len() != fields {
            return Err(SaveWhy::Fields {
                expected: fields,
                found: parts.len(),
            }
            .into());
        }
        let text = |i: usize| parts.get(i).map(|s| s.to_string());
        let start = text(1).unwrap_or_default();
        let (start, position) = if crate::problem::looks_like_position(&start) {
            (None, Some(start))
        } else {
            (Some(start), None)
        };
        Ok(GameId {
            board: text(0),
            start,
            position,
            goal: text(2),
            moves: text(3),
            redo: text(4),
        })
    }

    /// A game stored by the page, in any version it has written: version 3 holds `save()`
    /// text with its redo list, version 2 held `save()` text and the redo list beside it, and
    /// version 1 (no version field) held the board, start, goal and moves one by one.
    /// `field` reads one text field of the record, `future` its redo list (the next jump first).
    pub fn from_stored(
        version: Option<f64>,
        field: impl Fn(&str) -> Option<String>,
        future: Option<Vec<String>>,
    ) -> Result<GameId> {
        let fields = || Error::from(SaveWhy::FieldTypes);
        match version {
            None => {
                let [board, start, goal] = ["board", "start", "goal"].map(&field);
                let (Some(board), Some(start), Some(goal)) = (board, start, goal) else {
                    return Err(fields());
                };
                Ok(GameId {
                    board: Some(board),
                    start: Some(start),
                    goal: Some(goal),
                    moves: Some(field("moves").unwrap_or_default()),
                    redo: Some(future.unwrap_or_default().join(" ")),
                    position: None,
                })
            }
            Some(2.0) => {
                let (Some(save), Some(future)) = (field("save"), future) else {
                    return Err(fields());
                };
                let mut id = GameId::from_save(&save)?;
                id.redo = Some(future.join(" "));
                Ok(id)
            }
            Some(3.0) => GameId::from_save(&field("save").ok_or_else(fields)?),
            Some(v) => {
                // whole numbers only: formatting any f64 would add 16 KB to the wasm
                let shown = match v.fract() == 0.0 && v.abs() < 1e15 {
                    true => (v as i64).to_string(),
                    false => "a fraction".into(),
                };
                Err(SaveWhy::Version(shown).into())
            }
        }
    }

    /// The problem this identity names, filling in what it leaves out: from `current` (the
    /// game open now) when it is on the same board, else from the board's default game. A
    /// position without a goal goes on with the current game's goal ([`Problem::from_here`]);
    /// a position with a start hole is a position of that game (the command line's
    /// `--start` with `--position`).
    pub fn problem(&self, current: Option<&Problem>) -> Result<Problem> {
        let board = match &self.board {
            Some(b) => Board::by_name(b)?,
            None => match current {
                Some(c) => c.board.clone(),
                None => Board::by_name(DEFAULT_BOARD)?,
            },
        };
        self.problem_on(board, current)
    }

    /// [`GameId::problem`] on a board already read (the command line's `--board-file`); the
    /// identity's own board text is not read.
    pub fn problem_on(&self, board: Board, current: Option<&Problem>) -> Result<Problem> {
        let same = current.filter(|c| c.board.spec() == board.spec());
        // the board's default game, found only when a part is left out (at most once a path)
        let default = || crate::winnable::default_problem(&board);
        let goal = || match (&self.goal, same) {
            (Some(g), _) => g.clone(),
            (None, Some(c)) => c.goal_text(),
            (None, None) => default().goal_text(),
        };
        match (&self.position, &self.start) {
            (Some(position), Some(start)) => {
                let code = moves::parse_position(&board, position)?;
                Problem::parse(board.clone(), start, &goal())?.from_here(code)
            }
            (Some(position), None) => match (same, &self.goal) {
                (Some(c), None) => c.from_here(moves::parse_position(&board, position)?),
                _ => Problem::with_position(board.clone(), position, &goal()),
            },
            // every start at once (the command line's tables and counts) has no one start
            // hole to finish in: its goal, left out, is any hole
            (None, Some(start)) if start.trim() == "all" && self.goal.is_none() => {
                Problem::parse(board.clone(), start, "any")
            }
            (None, Some(start)) => Problem::parse(board.clone(), start, &goal()),
            (None, None) => match (same, &self.goal) {
                (Some(c), _) => Problem::parse(board.clone(), &c.start_text(), &goal()),
                (None, None) => Ok(default()),
                (None, Some(g)) => Problem::parse(board.clone(), &default().start_text(), g),
            },
        }
    }

    /// Opens the game: its problem ([`GameId::problem`]), then its moves and redo list
    /// ([`GameId::play`]).
    ///
    /// ```
    /// use pegwise::game_id::GameId;
    /// let id = GameId::from_query("?board=row:7&position=XXoXoXX&goal=any&moves=a1-c1+zz")
    ///     .expect("a game");
    /// let (game, refused) = id.open(None)?;
    /// // the moves play up to the first that doesn't, and the refusal names it
    /// let refused = refused.expect("zz is no move");
    /// assert_eq!((refused.played, refused.bad.as_str()), (1, "zz"));
    /// assert_eq!(game.position().on(&game.problem().board).to_string(), "ooXXoXX");
    /// # Ok::<(), pegwise::Error>(())
    /// ```
    pub fn open(&self, current: Option<&Problem>) -> Result<(Game, Option<MovesRefused>)> {
        self.play(self.problem(current)?)
    }

    /// A game of `problem` (this identity's, already resolved) with this identity's moves up to
    /// the first that does not play (the game opens with those before it, and the refusal says
    /// which), then its redo list, which is dropped when it no longer plays.
    pub fn play(&self, problem: Problem) -> Result<(Game, Option<MovesRefused>)> {
        let mut game = Game::new(problem)?;
        let moves = self.moves.as_deref().unwrap_or("");
        let refused = match game.play_prefix(moves) {
            Prefix {
                error: Some((bad, e)),
                moves: played,
                ..
            } => Some(MovesRefused {
                moves: moves.to_string(),
                played,
                bad,
                why: e.to_string(),
            }),
            _ => None,
        };
        if refused.is_none() {
            if let Some(redo) = self.redo.as_deref().filter(|r| !r.is_empty()) {
                // a stale redo list is simply dropped
                let _ = game.set_redo(redo);
            }
        }
        Ok((game, refused))
    }

    /// Opens a saved or stored game, strictly: every part must be right, every move and the
    /// redo list must play, and any fault is an error naming it.
    pub fn restore(&self) -> Result<Game> {
        let bad = |e: Error| Error::from(SaveWhy::Game(Box::new(e)));
        for (what, v) in [("board", &self.board), ("goal", &self.goal)] {
            if v.is_none() {
                return Err(SaveWhy::Missing(what).into());
            }
        }
        let mut game = Game::new(self.problem(None).map_err(bad)?).map_err(bad)?;
        game.play_text(self.moves.as_deref().unwrap_or(""))
            .map_err(bad)?;
        if let Some(redo) = self.redo.as_deref() {
            game.set_redo(redo)
                .map_err(|e| Error::from(SaveWhy::Redo(Box::new(e))))?;
        }
        Ok(game)
    }
}

/// A value as a link writes it: letters, digits, `-._~:/` as they are, a space as `+`, any
/// other byte as `%XX` (what `form_urlencoded` reads back; `:` and `/` are left readable).
fn query_text(v: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(v.len());
    for &b in v.as_bytes() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b':' | b'/' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => {
                out.push('%');
                out.push(HEX[usize::from(b >> 4)] as char);
                out.push(HEX[usize::from(b & 15)] as char);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::InputError;

    fn save(g: &Game) -> String {
        GameId::of(g).save()
    }

    fn restore(text: &str) -> Result<Game> {
        GameId::from_save(text)?.restore()
    }

    fn game_on(board: &str, start: &str, goal: &str) -> Game {
        id(board, start, goal).restore().unwrap()
    }

    #[test]
    fn saves_round_trip_and_bad_saves_are_refused() {
        let mut g = game_on("triangle5", "a1", "start");
        g.play_text("a3-a1 c5-a3").unwrap();
        let back = restore(&save(&g)).unwrap();
        assert_eq!(back.position().code(), g.position().code());
        assert_eq!(back.moves_text(), g.moves_text());
        for (text, needle) in [
            ("pegwise:0;english;d4;start;", "unknown format"),
            ("pegwise:1;english;d4;start", "4 fields"),
            ("pegwise:2;english;d4;start;", "5 fields"),
            ("pegwise:2;english;d4;start;d2-d4;d2-d4", "redo list"),
            ("pegwise:1;nope;d4;start;", "nope"),
            ("pegwise:1;english;z9;start;", "z9"),
            ("pegwise:1;english;d4;start;d2-d4 d2-d4", "d2-d4"),
            ("", "unknown format"),
        ] {
            let e = restore(text).unwrap_err();
            assert!(matches!(e, Error::Input(InputError::BadSave(_))), "{text}");
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn saves_carry_the_redo_list_and_old_saves_still_read() {
        let mut g = game_on("triangle5", "a1", "start");
        g.play_text("a3-a1 c3-a3 a1-c3 a4-a2 d4-b2 b5-b3 d5-b5 a5-c5-c3")
            .unwrap();
        g.seek_moves(2);
        let text = save(&g);
        assert!(
            text.ends_with(";a1;start;a3-a1 c3-a3;a1-c3 a4-a2 d4-b2 b5-b3 d5-b5 a5-c5-c3"),
            "{text}"
        );
        let back = restore(&text).unwrap();
        assert_eq!(back.position().code(), g.position().code());
        assert_eq!(back.future(), g.future());
        let old = restore("pegwise:1;triangle5;a1;start;a3-a1 c3-a3").unwrap();
        assert_eq!(old.position().code(), g.position().code());
        assert!(old.future().is_empty());
        // a link to the same game takes the saved redo list; another game does not
        let mut linked = game_on("triangle5", "a1", "start");
        linked.play_text("a3-a1 c3-a3").unwrap();
        assert!(linked.adopt_redo(&restore(&text).unwrap()));
        assert_eq!(linked.future(), g.future());
        let mut other = game_on("triangle5", "a1", "start");
        other.play_text("a3-a1").unwrap();
        assert!(!other.adopt_redo(&restore(&text).unwrap()));
        assert!(other.future().is_empty());
    }

    #[test]
    fn a_drawn_board_keeps_its_identity_in_a_save() {
        let b = Board::by_name("ascii:name: plus/-ooo-/ooooo/oo.oo/ooooo/-ooo-").unwrap();
        let mut g = Game::new(crate::problem::Problem::parse(b, "c3", "any").unwrap()).unwrap();
        let j = g.legal_jumps()[0];
        g.play_jump(j).unwrap();
        let text = save(&g);
        assert!(text.starts_with("pegwise:2;ascii:"), "{text}");
        let back = restore(&text).unwrap();
        assert_eq!(
            back.problem().board.geometry_id(),
            g.problem().board.geometry_id()
        );
        assert_eq!(back.position().code(), g.position().code());
        assert_eq!(back.problem().board.spec(), g.problem().board.spec());
    }

    #[test]
    fn a_game_from_a_position_saves_its_position() {
        let b = Board::by_name("row:7").unwrap();
        let p = crate::problem::Problem::with_position(b, "XXXXoXo", "any").unwrap();
        let mut g = Game::new(p).unwrap();
        let line = g.solution().unwrap();
        for j in line {
            g.play_jump(j).unwrap();
        }
        let back = restore(&save(&g)).unwrap();
        assert_eq!(back.problem().start_text(), "XXXXoXo");
        assert_eq!(back.position().code(), g.position().code());
    }

    fn id(board: &str, start: &str, goal: &str) -> GameId {
        GameId {
            board: Some(board.into()),
            start: Some(start.into()),
            goal: Some(goal.into()),
            ..GameId::default()
        }
    }

    #[test]
    fn query_round_trips() {
        let mut g = id("ascii:-ooo-/ooooo", "c1", "any");
        g.moves = Some("a2-c2 d2-b2".into());
        let q = g.query();
        assert_eq!(
            q,
            "?board=ascii:-ooo-/ooooo&start=c1&goal=any&moves=a2-c2+d2-b2"
        );
        assert_eq!(GameId::from_query(&q), Some(g));
        // percent-escapes and spaces from any writer read the same
        let q = GameId::from_query("board=row%3A7&position=%20oXoXXXX%20").unwrap();
        assert_eq!(q.board.as_deref(), Some("row:7"));
        assert_eq!(q.position.as_deref(), Some("oXoXXXX"));
    }

    #[test]
    fn save_round_trips_and_reads_version_1() {
        let mut game = id("english", "d4", "start").restore().unwrap();
        game.play_text("d2-d4 f3-d3").unwrap();
        game.undo();
        let saved = GameId::of(&game).save();
        assert_eq!(saved, "pegwise:2;english;d4;start;d2-d4;f3-d3");
        let back = GameId::from_save(&saved).unwrap().restore().unwrap();
        assert_eq!(GameId::of(&back), GameId::of(&game));
        let v1 = GameId::from_save("pegwise:1;english;d4;start;d2-d4").unwrap();
        assert_eq!(
            v1.restore().unwrap().position().code(),
            back.position().code()
        );
        let pos = GameId::from_save("pegwise:2;row:5;XXoXo;any;;").unwrap();
        assert_eq!(pos.position.as_deref(), Some("XXoXo"));
        assert!(pos.restore().is_ok());
    }

    #[test]
    fn stored_records_of_every_version_migrate() {
        let v1 = |k: &str| match k {
            "board" => Some("english".to_string()),
            "start" => Some("d4".to_string()),
            "goal" => Some("start".to_string()),
            "moves" => Some("d2-d4".to_string()),
            _ => None,
        };
        let a = GameId::from_stored(None, v1, Some(vec!["f3-d3".into()])).unwrap();
        let save = |k: &str| (k == "save").then(|| "pegwise:2;english;d4;start;d2-d4;".into());
        let b = GameId::from_stored(Some(2.0), save, Some(vec!["f3-d3".into()])).unwrap();
        let full = |k: &str| (k == "save").then(|| "pegwise:2;english;d4;start;d2-d4;f3-d3".into());
        let c = GameId::from_stored(Some(3.0), full, None).unwrap();
        let ids: Vec<GameId> = [a, b, c]
            .iter()
            .map(|s| GameId::of(&s.restore().unwrap()))
            .collect();
        assert!(ids.iter().all(|i| *i == ids[0]));
        assert!(GameId::from_stored(Some(9.0), full, None).is_err());
        assert!(GameId::from_stored(Some(2.0), full, None).is_err());
        assert!(GameId::from_stored(None, |_| None, None).is_err());
    }

    #[test]
    fn what_is_left_out_comes_from_the_open_game_then_the_board() {
        let english = id("english", "c4", "any").problem(None).unwrap();
        // the same board keeps the open game's start and goal
        let same = GameId {
            board: Some("english".into()),
            ..GameId::default()
        };
        let p = same.problem(Some(&english)).unwrap();
        assert_eq!((p.start_text(), p.goal_text()), ("c4".into(), "any".into()));
        // another board takes its own default game (french: c1 → any)
        let french = GameId {
            board: Some("french".into()),
            ..GameId::default()
        };
        let d = crate::winnable::default_problem(&Board::by_name("french").unwrap());
        let p = french.problem(Some(&english)).unwrap();
        assert_eq!(p.start_text(), d.start_text());
        assert_eq!(p.goal_text(), d.goal_text());
        // no board at all: the default board's default game
        let p = GameId::default().problem(None).unwrap();
        assert_eq!(p.board.name(), DEFAULT_BOARD);
        // a position without a goal goes on with the open game's goal: start → its hole
        let central = id("english", "d4", "start").problem(None).unwrap();
        let here = GameId {
            position: Some(moves::position_text(&central.board, 0x1_ffff_fffe)),
            ..GameId::default()
        };
        assert_eq!(here.problem(Some(&central)).unwrap().goal_text(), "d4");
        // ... and from no game, goal start means any
        assert_eq!(here.problem(None).unwrap().goal_text(), "any");
    }

    #[test]
    fn start_all_without_a_goal_means_goal_any_and_is_no_game() {
        // triangle5 opens a1 → a1 (goal start): 'all' left without a goal is the union, any
        let all = GameId {
            board: Some("triangle5".into()),
            start: Some("all".into()),
            ..GameId::default()
        };
        let p = all.problem(None).unwrap();
        assert_eq!(
            (p.start_text(), p.goal_text()),
            ("all".into(), "any".into())
        );
        // a game has one start: the error is about the start the user gave, not a goal
        let e = all.open(None).unwrap_err();
        assert_eq!((e.kind(), e.value()), ("bad-start", "all"));
        // a start that is no hole names the hole, and says what a start may be
        let z9 = id("english", "z9", "any").problem(None).unwrap_err();
        assert_eq!((z9.kind(), z9.value()), ("bad-start", "z9"));
        assert!(!z9.to_string().contains("'all'"), "{z9}");
    }

    #[test]
    fn open_plays_the_moves_that_play_and_says_which_did_not() {
        let mut g = id("english", "d4", "start");
        g.moves = Some("d2-d4 a1-a3 f3-d3".into());
        let (game, refused) = g.open(None).unwrap();
        assert_eq!(game.move_count(), 1);
        let r = refused.unwrap();
        assert_eq!((r.played, r.bad.as_str()), (1, "a1-a3"));
        // restore is strict
        assert!(matches!(
            g.restore(),
            Err(Error::Input(InputError::BadSave(_)))
        ));
    }
}
