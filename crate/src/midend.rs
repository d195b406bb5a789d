//! The midend: the one place where what the screens ask for becomes a game. The page, the
//! element and the command line each hand over an [`OpenRequest`] as they found it (a link's
//! query, a save, a stored record, fields, an edit of the position, or flags), and the
//! midend owns every rule between that and the opened [`Game`]:
//!
//! - which input wins (a link that names a game, then a save, then a stored record, then the
//!   fields), and what an edit (`flip`) does;
//! - how two requests made before either was applied merge ([`OpenRequest::then`]): the
//!   element's settings of one tick, and the command line's `--link` under its flags;
//! - the "same game" rule: a request naming the open game and no moves opens nothing;
//! - the fallback of a first game that can't open ([`open_first`]): the named board's default
//!   game, else the default game, so a board is never left empty;
//! - which input a refusal is about ([`Refused::value`]).
//!
//! The wasm bindings only translate JS values into requests; every rule is here, natively
//! tested.

use crate::error::{Error, SaveWhy};
use crate::game::Game;
use crate::game_id::{GameId, MovesRefused};
use crate::problem::Problem;

/// A stored record of the page, any version it has written (see [`GameId::from_stored`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StoredRecord {
    /// The record's `v` field: `None` when absent, `Some(Err(()))` when not a number.
    pub version: Option<Result<f64, ()>>,
    /// Its text fields (`save`, or `board`, `start`, `goal`, `moves` for version 1).
    pub fields: Vec<(String, String)>,
    /// Its redo list, the next jump first.
    pub future: Option<Vec<String>>,
}

impl StoredRecord {
    /// The identity the record holds.
    pub fn identity(&self) -> Result<GameId, Error> {
        let version = match self.version {
            None => None,
            Some(Ok(v)) => Some(v),
            Some(Err(())) => return Err(SaveWhy::VersionNotANumber.into()),
        };
        let field = |k: &str| {
            self.fields
                .iter()
                .find(|(key, _)| key == k)
                .map(|(_, v)| v.clone())
        };
        GameId::from_stored(version, field, self.future.clone())
    }
}

/// What a screen asks to open, as it found it. Every part is optional; which one wins is the
/// midend's rule (see the module's doc).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OpenRequest {
    /// A link's query, already split into decoded keys and values.
    pub link: Option<Vec<(String, String)>>,
    /// Save text (`pegwise:2;…`): opens strictly.
    pub save: Option<String>,
    /// A record the page stored: opens strictly.
    pub stored: Option<StoredRecord>,
    /// The fields: board, start, position, goal, moves and redo list.
    pub fields: GameId,
    /// An edit of the open position: this hole's peg taken away or put back.
    pub flip: Option<String>,
    /// Save text of the game the page had before a reload: a reloaded link takes its redo
    /// list when it is this game (else the stored record lends it).
    pub redo_from: Option<String>,
}

/// What [`open`] did.
#[derive(Debug)]
pub enum Opened {
    /// The request names the game open now, and no moves: nothing to open.
    Same,
    /// A new game, and the moves of the request that did not play.
    Game(Box<Game>, Option<MovesRefused>),
}

/// A request refused: the error, and the input it is about as the request gave it (the
/// board's text for a bad board, say), which the error itself may not carry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// Why.
    pub error: Error,
    /// The refused input's value as given (empty where none fits).
    pub value: String,
}

/// What opened when the first game of a board could not: see [`open_first`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FellBack {
    /// The named board's own default game (only the start, position or goal was wrong).
    Board,
    /// The default game of the default board.
    Default,
}

impl FellBack {
    /// `board` or `default`, as the page names it.
    pub fn name(self) -> &'static str {
        match self {
            FellBack::Board => "board",
            FellBack::Default => "default",
        }
    }
}

/// A first game: the one opened, the moves of the request that did not play, and, when the
/// request itself was refused, why and what opened instead.
#[derive(Debug)]
pub struct FirstGame {
    /// The game on the board now.
    pub game: Game,
    /// Moves of the request that did not play.
    pub moves_refused: Option<MovesRefused>,
    /// The request's refusal and the fallback that opened.
    pub fell_back: Option<(Refused, FellBack)>,
}

impl OpenRequest {
    /// A request of fields alone.
    pub fn fields(id: GameId) -> OpenRequest {
        OpenRequest {
            fields: id,
            ..OpenRequest::default()
        }
    }

    /// A request of a link's query (the command line's `--link`: a whole address or its query
    /// alone, `?` and `#…` optional).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn link_text(link: &str) -> OpenRequest {
        let query = link.split_once('?').map_or(link, |(_, q)| q);
        let query = query.split('#').next().unwrap_or(query);
        let pairs = form_urlencoded::parse(query.as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        OpenRequest {
            link: Some(pairs),
            ..OpenRequest::default()
        }
    }

    /// The link's game, when the request has a link that names one.
    fn link_id(&self) -> Option<GameId> {
        let pairs = self.link.as_ref()?;
        GameId::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    }

    /// True when the request gives any field or an edit.
    fn has_fields(&self) -> bool {
        let f = &self.fields;
        [&f.board, &f.start, &f.position, &f.goal, &f.moves]
            .iter()
            .any(|v| v.is_some())
            || self.flip.is_some()
    }

    /// True when the request gives a whole game (a link, a save or a stored record).
    fn has_whole(&self) -> bool {
        self.link.is_some() || self.save.is_some() || self.stored.is_some()
    }

    /// This request with a later one made before either was applied: what applying the two
    /// in turn would open. A later link, save or record replaces the game; later fields
    /// override earlier ones (an earlier link or save read as its fields first), where a new
    /// board drops the earlier start, goal and moves, a new start, position or goal drops the
    /// earlier moves, and a start hole and a start position exclude each other.
    pub fn then(self, later: OpenRequest) -> OpenRequest {
        let mut out = self;
        if later.has_whole() {
            out.fields = GameId::default();
            out.flip = None;
        } else if later.has_fields() {
            // what the earlier whole game named, read as fields the later ones override
            let whole = match (out.link_id(), &out.save) {
                (Some(id), _) => Some(id),
                (None, Some(save)) => GameId::from_save(save).ok(),
                (None, None) => None,
            };
            if let Some(id) = whole {
                out.fields = GameId {
                    redo: out.fields.redo.take(),
                    ..id
                };
            }
            out.link = None;
            out.save = None;
            out.stored = None;
        }
        let a = out.fields.clone();
        let b = &later.fields;
        let f = &mut out.fields;
        if b.board.is_some() && b.board != a.board {
            (f.start, f.position, f.goal, f.moves, f.redo) = (None, None, None, None, None);
        }
        if b.start.is_some() {
            f.position = None;
        }
        if b.position.is_some() {
            f.start = None;
        }
        if b.start.is_some() || b.position.is_some() {
            out.flip = None;
        }
        let differs = |x: &Option<String>, y: &Option<String>| x.is_some() && x != y;
        if differs(&b.start, &a.start)
            || differs(&b.position, &a.position)
            || differs(&b.goal, &a.goal)
        {
            (f.moves, f.redo) = (None, None);
        }
        for (to, from) in [
            (&mut f.board, &b.board),
            (&mut f.start, &b.start),
            (&mut f.position, &b.position),
            (&mut f.goal, &b.goal),
            (&mut f.moves, &b.moves),
            (&mut f.redo, &b.redo),
        ] {
            if from.is_some() {
                to.clone_from(from);
            }
        }
        if later.has_whole() {
            // a later whole game replaces an earlier one
            out.link = later.link;
            out.save = later.save;
            out.stored = later.stored;
        }
        if later.flip.is_some() {
            out.flip = later.flip;
        }
        if later.redo_from.is_some() {
            out.redo_from = later.redo_from;
        }
        out
    }

    /// The identity to open, and whether it opens strictly (a save or a stored record).
    fn identity(&self, current: Option<&Game>) -> Result<(GameId, bool), Error> {
        // a link that names a game wins over the stored one, which then only lends its redo list
        if let Some(id) = self.link_id() {
            return Ok((id, false));
        }
        if let Some(save) = &self.save {
            let mut id = GameId::from_save(save)?;
            if let Some(redo) = self.fields.redo.as_ref().filter(|r| !r.is_empty()) {
                id.redo = Some(redo.clone());
            }
            return Ok((id, true));
        }
        if let Some(record) = &self.stored {
            return Ok((record.identity()?, true));
        }
        let mut id = self.fields.clone();
        if let (Some(hole), Some(g)) = (&self.flip, current) {
            // an edit: the position now with this hole's peg taken away or put back
            let b = &g.problem().board;
            let edited = g.position().flip(b.hole(hole)?);
            id.position = Some(edited.on(b).to_string());
            id.start = None;
        }
        Ok((id, false))
    }

    /// The game whose redo list a reloaded link takes: `redo_from`, else the stored record.
    fn redo_source(&self) -> Option<Game> {
        let id = match &self.redo_from {
            Some(save) => GameId::from_save(save).ok(),
            None => self.stored.as_ref().and_then(|r| r.identity().ok()),
        };
        id?.restore().ok()
    }

    /// A refusal of this request: the error with the value of the input it names.
    fn refused(&self, id: Option<&GameId>, error: Error) -> Refused {
        let given = |v: &Option<String>| v.clone();
        let named = match (error.param(), id) {
            ("board", Some(id)) => given(&id.board),
            ("start", Some(id)) => given(&id.start),
            ("position", Some(id)) => given(&id.position),
            ("goal", Some(id)) => given(&id.goal),
            ("save", _) => given(&self.save),
            _ => None,
        };
        let value = named.unwrap_or_else(|| error.value().to_string());
        Refused { error, value }
    }

    /// The identity the request opens with no game open (the command line's questions, which
    /// need its moves apart).
    pub fn id(&self) -> Result<GameId, Refused> {
        let (id, _) = self.identity(None).map_err(|e| self.refused(None, e))?;
        Ok(id)
    }

    /// The problem the request names with no game open: what it leaves out comes from the
    /// board's default game.
    pub fn problem(&self) -> Result<Problem, Refused> {
        let id = self.id()?;
        id.problem(None).map_err(|e| self.refused(Some(&id), e))
    }

    /// [`OpenRequest::problem`] on a board already read (the command line's `--board-file`),
    /// whatever board the request names.
    pub fn problem_on(&self, board: crate::board::Board) -> Result<Problem, Refused> {
        let id = self.id()?;
        id.problem_on(board, None)
            .map_err(|e| self.refused(Some(&id), e))
    }
}

/// Opens the game `request` names, with `current` open now: what the request leaves out comes
/// from it when the board is the same, else from the board's default game. A save or stored
/// record opens strictly; other moves play up to the first that doesn't.
///
/// ```
/// use pegwise::game_id::GameId;
/// use pegwise::midend::{open, OpenRequest, Opened};
/// let link = OpenRequest::link_text("https://example.org/?board=triangle5&start=a1&moves=a3-a1");
/// let Ok(Opened::Game(game, None)) = open(&link, None) else { panic!("the link opens") };
/// assert_eq!(game.moves_text(), ["a3-a1"]);
/// // an edit takes the peg on c3 away: a game from that position, on the same board
/// let edit = OpenRequest { flip: Some("c3".into()), ..OpenRequest::default() };
/// let Ok(Opened::Game(edited, _)) = open(&edit, Some(&game)) else { panic!("the edit opens") };
/// assert_eq!(edited.position(), game.position().flip(5));
/// // the same game again, with no moves, opens nothing
/// let same = OpenRequest::fields(GameId { board: Some("triangle5".into()), ..GameId::default() });
/// assert!(matches!(open(&same, Some(&edited)), Ok(Opened::Same)));
/// ```
pub fn open(request: &OpenRequest, current: Option<&Game>) -> Result<Opened, Refused> {
    let (id, strict) = request
        .identity(current)
        .map_err(|e| request.refused(None, e))?;
    let fail = |e: Error| request.refused(Some(&id), e);
    if strict {
        return Ok(Opened::Game(Box::new(id.restore().map_err(fail)?), None));
    }
    let problem = id.problem(current.map(Game::problem)).map_err(fail)?;
    if let Some(c) = current {
        if same_game(c.problem(), &problem) && id.moves.is_none() {
            return Ok(Opened::Same);
        }
    }
    let (mut game, refused) = id.play(problem).map_err(fail)?;
    // a reloaded link takes the redo list of the saved game, when it is this game
    if refused.is_none() {
        if let Some(saved) = request.redo_source() {
            game.adopt_redo(&saved);
        }
    }
    Ok(Opened::Game(Box::new(game), refused))
}

/// The first game of a board, which never leaves it empty: when `request` is refused for
/// its start, position or goal, the named board's default game opens; for anything else but
/// its moves (which [`open`] plays up to the first bad one), the default game.
pub fn open_first(request: &OpenRequest) -> Result<FirstGame, Refused> {
    let refused = match open(request, None) {
        Ok(Opened::Game(game, moves_refused)) => {
            return Ok(FirstGame {
                game: *game,
                moves_refused,
                fell_back: None,
            })
        }
        // with no game open there is no same game; answered as a refusal, never a panic
        Ok(Opened::Same) => Refused {
            error: SaveWhy::Nothing.into(),
            value: String::new(),
        },
        Err(r) => r,
    };
    let board = request
        .link_id()
        .and_then(|id| id.board)
        .or_else(|| request.fields.board.clone());
    let keep = matches!(refused.error.param(), "start" | "position" | "goal");
    let tries = [
        (keep, board, FellBack::Board),
        (true, None, FellBack::Default),
    ];
    for (try_it, board, how) in tries {
        if !try_it || (how == FellBack::Board && board.is_none()) {
            continue;
        }
        let fallback = OpenRequest::fields(GameId {
            board,
            ..GameId::default()
        });
        if let Ok(Opened::Game(game, _)) = open(&fallback, None) {
            return Ok(FirstGame {
                game: *game,
                moves_refused: None,
                fell_back: Some((refused, how)),
            });
        }
    }
    Err(refused)
}

/// The "same game" rule: the same board, start and goal.
pub fn same_game(a: &Problem, b: &Problem) -> bool {
    a.board.spec() == b.board.spec() && a.start == b.start && a.goal == b.goal
}
