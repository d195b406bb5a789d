//! Game state: the position, the history, undo/redo, status and hints.

use serde::Serialize;

use crate::board::Jump;
use crate::error::{Error, InputError, JumpWhy, Result, StartWhy};
use crate::moves;
use crate::oracle::{Ask, Limits, Oracle, Source, Verdict};
use crate::position::{self, Position};
use crate::problem::{Problem, Start};
use crate::table::Table;
use crate::winnable::{Why, Winnable};

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The goal can still be reached (or the search could not tell yet).
    Playing,
    /// One peg left, in a goal hole.
    Solved,
    /// Jumps remain but the goal can no longer be reached.
    Deadend,
    /// No jump is left and the goal is not met.
    Stuck,
}

/// One game: a problem with one start position, its position, history and redo list.
///
/// ```
/// use pegwise::game::{Game, Status};
/// use pegwise::oracle::Verdict;
/// use pegwise::{Board, Problem};
/// let t = Board::by_name("triangle5")?;
/// let mut game = Game::new(Problem::parse(t, "a1", "start")?)?;
/// assert_eq!(game.start_position().pegs(), 14);
/// game.play_text("a3-a1 c5-a3")?;
/// assert_eq!((game.position().pegs(), game.move_count()), (12, 2));
/// assert_eq!(game.moves_text(), ["a3-a1", "c5-a3"]);
/// // a jump that is not legal here is refused, and the game is left as it was
/// let e = game.play_text("a1-a3").unwrap_err();
/// assert_eq!(e.to_string(), "illegal jump 'a1-a3': no peg on a2 to jump over");
/// assert_eq!(game.move_count(), 2);
/// // c3-c5 loses: the live search marks it bad (a bomb) among the legal jumps
/// let c3_c5 = game.jumps_of("c3-c5")?[0];
/// let hints = game.hints();
/// assert!(hints.contains(&(c3_c5, Verdict::Bad)));
/// assert!(hints.iter().any(|&(_, v)| v == Verdict::Good));
/// game.play_jump(c3_c5)?;
/// assert_eq!(game.status(), Status::Deadend);
/// // undo takes it back, redo plays it again
/// assert_eq!(game.undo(), Some(c3_c5));
/// assert_eq!(game.status(), Status::Playing);
/// assert_eq!(game.redo(), Some(c3_c5));
/// assert_eq!(game.fatal().map(|f| f.at), Some(3));
/// # Ok::<(), pegwise::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    problem: Problem,
    oracle: Oracle,
    start: Position,
    position: Position,
    history: Vec<Jump>,
    redo: Vec<Jump>,
}

/// What [`Game::play_prefix`] managed: the moves before the first bad one are played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prefix {
    /// Moves played (a chain of jumps counts once).
    pub moves: usize,
    /// Jumps played.
    pub jumps: usize,
    /// The first move that did not play, as written, and why; None when all of them played.
    pub error: Option<(String, Error)>,
}

/// The verdicts on one peg's jumps, and what they add up to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PegHints {
    /// The peg's hole.
    pub hole: u8,
    /// Each legal jump of the peg with its verdict.
    pub jumps: Vec<(Jump, Verdict)>,
}

/// What a peg is, judged by its jumps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PegMark {
    /// At least one of its jumps is good.
    Good,
    /// None is good, and some could not be judged.
    Unknown,
    /// None is known to be good, and some wait for their table part to arrive.
    Loading,
    /// Every one of its jumps loses.
    Bomb,
}

impl PegHints {
    /// How many of its jumps have this verdict.
    pub fn count(&self, v: Verdict) -> usize {
        self.jumps.iter().filter(|(_, x)| *x == v).count()
    }
    /// True when every jump of the peg loses (it is a bomb itself).
    pub fn bomb(&self) -> bool {
        !self.jumps.is_empty() && self.jumps.iter().all(|(_, v)| *v == Verdict::Bad)
    }
    /// The peg's mark: good when a jump is good, a bomb when all lose, loading while a
    /// verdict waits for its table part, else unknown.
    pub fn mark(&self) -> PegMark {
        if self.count(Verdict::Good) > 0 {
            PegMark::Good
        } else if self.bomb() {
            PegMark::Bomb
        } else if self.count(Verdict::Loading) > 0 {
            PegMark::Loading
        } else {
            PegMark::Unknown
        }
    }
}

/// The first jump after which the game could no longer be won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fatal {
    /// The jump.
    pub jump: Jump,
    /// Jumps played up to and including it (1 for the first jump).
    pub at: usize,
}

impl Game {
    /// A new game from one start hole or a start position (not `all`).
    pub fn new(problem: Problem) -> Result<Game> {
        let start = Position::from_code(match problem.start {
            Start::Hole(h) => position::single_vacancy(&problem.board, h),
            Start::Position(code) => code & problem.board.full(),
            Start::All => return Err(Error::bad_start("all", StartWhy::AllInAGame)),
        });
        Ok(Game {
            oracle: Oracle::new(&problem),
            problem,
            start,
            position: start,
            history: Vec::new(),
            redo: Vec::new(),
        })
    }

    /// The problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }
    /// The current position.
    pub fn position(&self) -> Position {
        self.position
    }
    /// The jumps played so far.
    pub fn history(&self) -> &[Jump] {
        &self.history
    }
    /// Jumps that redo would replay, the next one last.
    pub fn redo_stack(&self) -> &[Jump] {
        &self.redo
    }
    /// The jumps redo would replay, the next one first.
    pub fn future(&self) -> Vec<Jump> {
        self.redo.iter().rev().copied().collect()
    }
    /// The oracle (table or live search) behind the hints; ask it with [`Game::ask`] about the
    /// current position and the positions below it.
    pub fn oracle(&mut self) -> &mut Oracle {
        &mut self.oracle
    }

    /// A question about the current position and the positions below it: the game's limits,
    /// and whether it lies at or below the anchor (so a table's "not there" means losing).
    pub fn ask(&mut self) -> Ask {
        let covered = self.anchor().is_some();
        self.oracle.ask().covered(covered)
    }

    /// The limits of the game's questions (the live solver's positions and time).
    pub fn limits(&self) -> Limits {
        self.oracle.limits()
    }

    /// Sets the limits of the game's questions.
    pub fn set_limits(&mut self, limits: Limits) {
        self.oracle.set_limits(limits);
    }

    /// For a game from a set position with a table: where on the line (0 the start, k after
    /// the k-th jump of the history) the first position is that the table holds as winning.
    /// The table's starts reach it, so from there on the table answers exactly (see `Oracle`).
    fn anchor(&mut self) -> Option<usize> {
        if !matches!(self.problem.start, Start::Position(_)) || self.oracle.table().is_none() {
            return None;
        }
        let mut x = self.start.code();
        if self.oracle.table_holds(x) {
            return Some(0);
        }
        for (i, &j) in self.history.iter().enumerate() {
            x = position::after(x, j);
            if self.oracle.table_holds(x) {
                return Some(i + 1);
            }
        }
        None
    }

    /// Attaches a winning-position table.
    pub fn attach_table(&mut self, table: std::sync::Arc<Table>) -> Result<()> {
        self.oracle.attach(table)
    }

    /// True once a table is attached (for a game from a set position, it answers from where
    /// the game reaches a position it holds: see `source`).
    pub fn has_table(&self) -> bool {
        self.oracle.table().is_some()
    }

    /// Where hints come from.
    pub fn source(&mut self) -> Source {
        let covered = self.anchor().is_some();
        self.oracle.source(covered)
    }

    /// Why `j` can't be played now, or None when it can.
    fn illegal(&self, j: Jump) -> Option<Error> {
        if self.position.can_jump(j) {
            return None;
        }
        let b = &self.problem.board;
        let why = if !self.position.has(j.from) {
            JumpWhy::NoPeg(b.hole_name(j.from).to_string())
        } else if !self.position.has(j.over) {
            JumpWhy::NothingToJumpOver(b.hole_name(j.over).to_string())
        } else {
            JumpWhy::Occupied(b.hole_name(j.to).to_string())
        };
        Some(
            InputError::IllegalJump {
                jump: moves::jump_text(b, j),
                why,
            }
            .into(),
        )
    }

    /// Plays one jump, if legal; the redo list is dropped.
    pub fn play_jump(&mut self, j: Jump) -> Result<()> {
        if let Some(e) = self.illegal(j) {
            return Err(e);
        }
        self.position = self.position.after(j);
        self.history.push(j);
        self.redo.clear();
        Ok(())
    }

    /// Plays moves written in notation; all or nothing: on an error the game is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<usize> {
        let jumps = moves::parse_moves(&self.problem.board, text)?;
        let saved = (self.position, self.history.clone(), self.redo.clone());
        for &j in &jumps {
            if let Err(e) = self.play_jump(j) {
                (self.position, self.history, self.redo) = saved;
                return Err(e);
            }
        }
        Ok(jumps.len())
    }

    /// Plays moves written in notation up to the first one that does not read or does not
    /// play; that move and the rest are left out. A list over [`moves::MAX_TEXT`] plays nothing.
    pub fn play_prefix(&mut self, text: &str) -> Prefix {
        let mut done = Prefix {
            moves: 0,
            jumps: 0,
            error: None,
        };
        if let Err(e) = moves::check_length(text) {
            done.error = Some((String::new(), e));
            return done;
        }
        for m in moves::split_moves(text) {
            let saved = (self.position, self.history.len(), self.redo.clone());
            let played = moves::parse_move(&self.problem.board, m).and_then(|jumps| {
                jumps.iter().try_for_each(|&j| self.play_jump(j))?;
                Ok(jumps.len())
            });
            match played {
                Ok(n) => {
                    done.moves += 1;
                    done.jumps += n;
                }
                Err(e) => {
                    self.position = saved.0;
                    self.history.truncate(saved.1);
                    self.redo = saved.2;
                    done.error = Some((m.to_string(), e));
                    break;
                }
            }
        }
        done
    }

    /// The jumps that moves in notation would play from here, without playing them.
    pub fn jumps_of(&self, text: &str) -> Result<Vec<Jump>> {
        let mut probe = self.clone();
        probe.play_text(text)?;
        Ok(probe.history[self.history.len()..].to_vec())
    }

    /// Takes back the last jump.
    pub fn undo(&mut self) -> Option<Jump> {
        let j = self.history.pop()?;
        self.position = self.position.after(j);
        self.redo.push(j);
        Some(j)
    }

    /// Replays the last undone jump.
    pub fn redo(&mut self) -> Option<Jump> {
        let j = self.redo.pop()?;
        self.position = self.position.after(j);
        self.history.push(j);
        Some(j)
    }

    /// Back to the start position (the history becomes the redo stack).
    pub fn reset(&mut self) {
        while self.undo().is_some() {}
    }

    /// Makes `text` (moves in notation, from the current position) the redo list, replacing
    /// the old one; the position stays. All or nothing. Returns the number of jumps.
    pub fn set_redo(&mut self, text: &str) -> Result<usize> {
        let jumps = self.jumps_of(text)?;
        self.redo = jumps.iter().rev().copied().collect();
        Ok(jumps.len())
    }

    /// Takes the redo list of another game when it is this very game (same board, start, goal
    /// and history): a saved game, say, reopened from its link. Returns whether it did.
    pub fn adopt_redo(&mut self, other: &Game) -> bool {
        let same = other.problem.board.spec() == self.problem.board.spec()
            && other.problem.start_text() == self.problem.start_text()
            && other.problem.goal_text() == self.problem.goal_text()
            && other.history == self.history;
        if same {
            self.redo = other.redo.clone();
        }
        same
    }

    /// Goes to the point where `n` jumps of the game's line (history, then redo list) are
    /// played; past its end, to the end. Returns whether the position changed.
    pub fn seek_jumps(&mut self, n: usize) -> bool {
        let before = self.history.len();
        while self.history.len() > n && self.undo().is_some() {}
        while self.history.len() < n && self.redo().is_some() {}
        self.history.len() != before
    }

    /// Goes to the end of move `m` of the game's line (0: the start); past its end, to the end.
    pub fn seek_moves(&mut self, m: usize) -> bool {
        let line: Vec<Jump> = self.history.iter().copied().chain(self.future()).collect();
        let mut moves = 0;
        let mut end = 0;
        for (i, j) in line.iter().enumerate() {
            let starts_move = i == 0 || line[i - 1].to != j.from;
            if starts_move {
                if moves == m {
                    break;
                }
                moves += 1;
            }
            end = i + 1;
        }
        self.seek_jumps(if m == 0 { 0 } else { end })
    }

    /// The legal jumps now.
    pub fn legal_jumps(&self) -> Vec<Jump> {
        self.position.legal_jumps(&self.problem.board).collect()
    }

    /// Is the current position winning? None when the search can't tell. When the search
    /// gives up on the position itself, its jumps are judged too (answers already found are
    /// remembered), so the verdict never contradicts the hints: a good jump means winning,
    /// and every jump bad means not.
    pub fn winning(&mut self) -> Option<bool> {
        if self.problem.is_goal(self.position.code()) {
            return Some(true);
        }
        if self.history.is_empty() {
            // at the start the winnable record knows, even where the live search can't tell
            match crate::winnable::status(&self.problem) {
                crate::winnable::Winnable::Yes => return Some(true),
                crate::winnable::Winnable::No(_) => return Some(false),
                crate::winnable::Winnable::Unknown => {}
            }
        }
        let ask = self.ask();
        let w = self.oracle.winning(self.position.code(), ask);
        if w.is_some() {
            return w;
        }
        // each child gets a twentieth of the question's limits
        let child = Ask {
            limits: ask.limits.share(20),
            ..ask
        };
        let mut all_bad = true;
        let mut found = None;
        for j in self.legal_jumps() {
            match self.oracle.winning(self.position.after(j).code(), child) {
                Some(true) => {
                    found = Some(true);
                    break;
                }
                Some(false) => {}
                None => all_bad = false,
            }
        }
        found.or((all_bad && !self.legal_jumps().is_empty()).then_some(false))
    }

    /// Can the game be won from its start? None when the search can't tell.
    pub fn start_winning(&mut self) -> Option<bool> {
        let ask = self.oracle.ask().covered(self.anchor() == Some(0));
        self.oracle.winning(self.start.code(), ask)
    }

    /// Can the game be won from its start, and if not, how that is known: the hint source
    /// first (a table, or a search that settles it), else what `winnable::status` knows.
    pub fn winnable(&mut self) -> Winnable {
        match self.start_winning() {
            Some(true) => Winnable::Yes,
            Some(false) if !self.problem.classes_allow() => Winnable::No(Why::Class),
            Some(false) => Winnable::No(Why::Search),
            None => crate::winnable::status(&self.problem),
        }
    }

    /// The game's status.
    pub fn status(&mut self) -> Status {
        if self.problem.is_goal(self.position.code()) {
            Status::Solved
        } else if self.legal_jumps().is_empty() {
            Status::Stuck
        } else if self.winning() == Some(false) {
            Status::Deadend
        } else {
            Status::Playing
        }
    }

    /// The first jump of the history after which the position was no longer winning, when
    /// the game could be won at the start and can't be now. None when the game can still be
    /// won, could never be won, or the search can't tell.
    pub fn fatal(&mut self) -> Option<Fatal> {
        if self.problem.is_goal(self.position.code()) || self.winning()? {
            return None;
        }
        let mut codes = Vec::with_capacity(self.history.len() + 1);
        let mut x = self.start.code();
        codes.push(x);
        for &j in &self.history {
            x = position::after(x, j);
            codes.push(x);
        }
        // each position on the line is covered from the anchor on
        let anchor = self.anchor();
        let covered = |i: usize| anchor.is_some_and(|a| a <= i);
        let ask = self.oracle.ask();
        if !self.oracle.winning(codes[0], ask.covered(covered(0)))? {
            return None;
        }
        // winning at `lo`, not at `hi`: a position after a losing one never wins again
        let (mut lo, mut hi) = (0, self.history.len());
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if self.oracle.winning(codes[mid], ask.covered(covered(mid)))? {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(Fatal {
            jump: self.history[hi - 1],
            at: hi,
        })
    }

    /// Verdicts on the jumps of the peg on `hole` (empty when it has none).
    pub fn hints_for(&mut self, hole: u8) -> Vec<(Jump, Verdict)> {
        let ask = self.ask();
        let code = self.position.code();
        let jumps: Vec<Jump> = self
            .problem
            .board
            .jumps_from(hole)
            .filter(|&j| position::can_jump(code, j))
            .collect();
        jumps
            .into_iter()
            .map(|j| (j, self.oracle.verdict(position::after(code, j), ask)))
            .collect()
    }

    /// The peg on `hole` with the verdicts on its jumps.
    pub fn peg_hints(&mut self, hole: u8) -> PegHints {
        PegHints {
            hole,
            jumps: self.hints_for(hole),
        }
    }

    /// The holes of every peg that can jump, in reading order.
    pub fn movable_pegs(&self) -> Vec<u8> {
        let mut holes: Vec<u8> = self.legal_jumps().iter().map(|j| j.from).collect();
        holes.dedup();
        crate::small_sort::sort_by_key(&mut holes, |&h| h);
        holes.dedup();
        holes
    }

    /// Every peg that can jump, in reading order, with the verdicts on its jumps.
    pub fn pegs(&mut self) -> Vec<PegHints> {
        self.movable_pegs()
            .into_iter()
            .map(|h| self.peg_hints(h))
            .collect()
    }

    /// The only good jump of the position, when exactly one legal jump keeps the goal and every
    /// other is known to lose: every winning game makes it (it is forced). Known means without
    /// a search (the table, a cut-off, or the live search's memory), so a jump not yet judged
    /// leaves None rather than a guess.
    pub fn only_good_jump(&mut self) -> Option<Jump> {
        let covered = self.ask().covered;
        let code = self.position.code();
        let jumps: Vec<Jump> = position::legal_jumps(&self.problem.board, code).collect();
        let mut found = None;
        for j in jumps {
            match self.oracle.known(position::after(code, j), covered) {
                Verdict::Good if found.is_some() => return None,
                Verdict::Good => found = Some(j),
                Verdict::Bad => {}
                Verdict::Unknown | Verdict::Loading => return None,
            }
        }
        found
    }

    /// Verdicts on every legal jump.
    pub fn hints(&mut self) -> Vec<(Jump, Verdict)> {
        let ask = self.ask();
        self.oracle.classify(self.position.code(), ask)
    }

    /// A winning line from here, if one exists and can be found.
    pub fn solution(&mut self) -> Option<Vec<Jump>> {
        let ask = self.ask();
        self.oracle.solution(self.position.code(), ask)
    }

    /// Number of moves played (chains of jumps by one peg count once).
    pub fn move_count(&self) -> usize {
        moves::move_count(&self.history)
    }

    /// The history as moves in notation.
    pub fn moves_text(&self) -> Vec<String> {
        moves::moves_text(&self.problem.board, &self.history)
    }

    /// The start position.
    pub fn start_position(&self) -> Position {
        self.start
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn game(board: &str, start: &str, goal: &str) -> Game {
        Game::new(Problem::parse(Board::by_name(board).unwrap(), start, goal).unwrap()).unwrap()
    }

    #[test]
    fn undo_redo_reset() {
        let mut g = game("english", "d4", "start");
        g.play_text("d2-d4 f3-d3").unwrap();
        let after = g.position();
        assert_eq!(
            g.undo()
                .map(|j| crate::moves::jump_text(&g.problem.board, j)),
            Some("f3-d3".into())
        );
        g.redo();
        assert_eq!(g.position(), after);
        g.reset();
        assert_eq!(g.position(), g.start_position());
        assert_eq!(g.redo_stack().len(), 2);
        assert!(g.play_text("d2-d4 d2-d4").is_err());
        assert_eq!(
            g.position(),
            g.start_position(),
            "a failed move list changes nothing"
        );
        assert_eq!(g.redo_stack().len(), 2, "nor the redo stack");
    }

    #[test]
    fn status_follows_the_game() {
        let mut g = game("triangle5", "a1", "start");
        assert_eq!(g.status(), Status::Playing);
        g.play_text("a3-a1 c5-a3 c3-c5").unwrap();
        assert_eq!(g.status(), Status::Deadend);
        let mut g = game("triangle4", "a2", "b2");
        let line = g.solution().unwrap();
        for j in line {
            g.play_jump(j).unwrap();
        }
        assert_eq!(g.status(), Status::Solved);
    }

    #[test]
    fn the_record_answers_at_the_start_where_the_live_search_cannot() {
        // Wiegleb's central game: far past the live search's budget, won by the record
        let mut g = game("wiegleb", "e5", "start");
        g.set_limits(Limits::nodes(1));
        assert_eq!(g.winning(), Some(true));
        assert_eq!(g.status(), Status::Playing);
        // a start the classes rule out is lost at move 0
        let mut g = game("french", "d4", "start");
        assert_eq!(g.winning(), Some(false));
        assert_eq!(g.status(), Status::Deadend);
    }

    fn texts(g: &Game, js: &[Jump]) -> Vec<String> {
        js.iter()
            .map(|&j| crate::moves::jump_text(&g.problem.board, j))
            .collect()
    }

    #[test]
    fn seek_follows_the_line_by_moves_and_jumps() {
        let mut g = game("triangle5", "a1", "start");
        g.play_text("a3-a1 c3-a3 a1-c3 a4-a2 d4-b2 b5-b3 d5-b5 a5-c5-c3")
            .unwrap();
        assert_eq!(g.history().len(), 9);
        g.reset();
        assert!(g.seek_moves(8));
        assert_eq!(g.history().len(), 9, "the chain is one move");
        g.seek_moves(7);
        assert_eq!(g.history().len(), 7);
        g.seek_jumps(8);
        assert_eq!(g.history().len(), 8, "mid-chain by jumps");
        g.seek_moves(99);
        assert_eq!(g.history().len(), 9);
        g.seek_moves(0);
        assert_eq!(g.position(), g.start_position());
        assert_eq!(g.future().len(), 9);
    }

    #[test]
    fn a_prefix_plays_up_to_the_first_bad_move() {
        let mut g = game("english", "d4", "start");
        let p = g.play_prefix("d2-d4 f3-d3 zz b3-d3");
        assert_eq!((p.moves, p.jumps), (2, 2));
        let (bad, e) = p.error.unwrap();
        assert_eq!(bad, "zz");
        assert!(e.to_string().contains("zz"), "{e}");
        assert_eq!(g.moves_text(), ["d2-d4", "f3-d3"]);
        let mut g = game("english", "d4", "start");
        let p = g.play_prefix("d2-d4 d2-d4");
        assert_eq!(p.moves, 1);
        assert!(matches!(
            p.error,
            Some((_, Error::Input(InputError::IllegalJump { .. })))
        ));
        let mut g = game("english", "d4", "start");
        let p = g.play_prefix(&"d2-d4 ".repeat(3000));
        assert_eq!(p.moves, 0);
        assert!(matches!(
            p.error,
            Some((_, Error::Input(InputError::TooLong { .. })))
        ));
    }

    #[test]
    fn the_fatal_jump_is_the_first_that_lost() {
        let mut g = game("triangle5", "a1", "start");
        g.play_text("a3-a1 c5-a3").unwrap();
        assert_eq!(g.fatal(), None, "still winning");
        g.play_text("c3-c5").unwrap();
        let f = g.fatal().unwrap();
        assert_eq!((texts(&g, &[f.jump]), f.at), (vec!["c3-c5".to_string()], 3));
        // later jumps don't move it
        let j = g.legal_jumps()[0];
        g.play_jump(j).unwrap();
        assert_eq!(g.fatal().unwrap().at, 3);
        // a problem that can't be won at all has no fatal jump
        let mut g = game("french", "d4", "start");
        assert_eq!(g.winnable(), Winnable::No(Why::Class));
        g.play_text("d2-d4").unwrap();
        assert_eq!(g.fatal(), None);
        assert_eq!(game("triangle5", "a1", "start").winnable(), Winnable::Yes);
    }

    #[test]
    fn peg_summaries_add_up_the_verdicts() {
        let mut g = game("triangle5", "a1", "start");
        g.play_text("c3-a1").unwrap();
        let pegs = g.pegs();
        let all = g.hints();
        assert_eq!(pegs.iter().map(|p| p.jumps.len()).sum::<usize>(), all.len());
        for p in &pegs {
            assert_eq!(p.bomb(), p.jumps.iter().all(|(_, v)| *v == Verdict::Bad));
            assert_eq!(p.mark() == PegMark::Good, p.count(Verdict::Good) > 0);
            assert_eq!(g.peg_hints(p.hole), *p);
        }
        assert!(pegs.iter().any(|p| p.bomb()) && pegs.iter().any(|p| !p.bomb()));
    }

    #[test]
    fn a_redo_chain_is_undone_as_many_jumps_as_it_played() {
        let mut g = game("triangle5", "a1", "start");
        g.play_text("a3-a1 c3-a3 a1-c3 a4-a2 d4-b2 b5-b3 d5-b5")
            .unwrap();
        assert_eq!(g.set_redo("a5-c5-c3").unwrap(), 2);
        let code = g.position();
        assert_eq!(g.history().len(), 7);
        assert_eq!(
            g.redo().map(|j| texts(&g, &[j])),
            Some(vec!["a5-c5".into()])
        );
        g.undo();
        assert_eq!(g.position(), code);
        assert!(g.set_redo("a1-a3 a1-a3").is_err());
        assert_eq!(g.future().len(), 2, "a bad redo list changes nothing");
    }

    #[test]
    fn a_game_can_start_from_any_position() {
        let b = Board::by_name("row:7").unwrap();
        let p = Problem::with_position(b, "XXXXoXo", "any").unwrap();
        let mut g = Game::new(p).unwrap();
        assert_eq!(g.start_position().code(), 0b0101111);
        assert_eq!(g.legal_jumps().len(), 1);
        let line = g.solution().unwrap();
        for j in line {
            g.play_jump(j).unwrap();
        }
        assert_eq!(g.status(), Status::Solved);
    }
}
