//! Game enumeration, as in Matt Parker's triangle puzzle: a game is a sequence of moves (a move
//! is a chain of jumps by one peg, and stopping part-way along a chain is allowed) that ends on
//! the goal. Games are counted by dynamic programming over positions (games from p = the sum of
//! games from each position one move after p), so memory holds positions, never games.
//!
//! Up to symmetry (`unique`, MPMP's definition): a move is the path of holes its peg visits.
//! At every position (the start included), the moves are grouped into orbits under the
//! symmetries that fix the position (and the goal), a symmetry taking a move to the move along
//! the image path; one move of each orbit is kept. Two paths that leave the same board (a loop
//! run either way, say) are different moves unless such a symmetry maps one onto the other.

use crate::board::Jump;
use crate::classes::Classes;
use crate::position::{self, CodeMap};
use crate::problem::Problem;
use crate::search::fewest::one_move;
use crate::symmetry::{self, Canon};

/// What is known of the games from one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Node {
    /// Games from here; None past 2^128 − 1.
    games: Option<u128>,
    /// Fewest moves to the goal (None: the goal cannot be reached).
    shortest: Option<u32>,
}

/// The games of a problem from one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Games {
    /// How many games; None when there are more than 2^128 − 1.
    pub games: Option<u128>,
    /// A shortest game, as its moves (each a chain of jumps); None when there is no game.
    pub shortest: Option<Vec<Vec<Jump>>>,
}

/// Counts the games from `code` and finds a shortest one.
pub struct Enumerator<'a> {
    problem: &'a Problem,
    canon: Canon,
    classes: Classes,
    goal_set: u64,
    unique: bool,
    memo: CodeMap<Node>,
    /// Most positions to hold in `memo`; past it the count is given up (`games_within`).
    limit: usize,
    /// Set once the count needed more than `limit` positions.
    over: bool,
    /// Hears the positions held so far, every `TICK_EVERY` positions looked at.
    tick: Option<Box<dyn FnMut(u64) + 'a>>,
    /// Positions looked at so far (held, lost, or held already), for `tick`.
    visits: u64,
    /// Where known, which positions can still reach the goal: no game passes through the
    /// others, so they are not searched.
    winning: Option<&'a dyn Fn(u64) -> bool>,
}

/// Positions looked at between two calls of the progress callback.
const TICK_EVERY: u64 = 1 << 16;

impl<'a> Enumerator<'a> {
    /// Games of `problem`, all of them or (`unique`) up to symmetry.
    pub fn new(problem: &'a Problem, unique: bool) -> Enumerator<'a> {
        let goal_set = problem.goal_set();
        // games from p and from its image under a symmetry keeping the goal are as many
        let canon = Canon::new(
            problem.board.len(),
            symmetry::stabiliser(&problem.board, &[goal_set]),
        );
        Enumerator {
            problem,
            canon,
            classes: Classes::of(&problem.board),
            goal_set,
            unique,
            memo: CodeMap::default(),
            limit: usize::MAX,
            over: false,
            tick: None,
            visits: 0,
            winning: None,
        }
    }

    /// Searches only the positions `winning` accepts: it must be exact for the positions
    /// reachable from where the games are counted (a table of the problem, or its solve).
    /// The counts are the same; the positions held are the winning ones alone.
    pub fn winning_only(mut self, winning: &'a dyn Fn(u64) -> bool) -> Self {
        self.winning = Some(winning);
        self
    }

    /// The games from `code`.
    pub fn games(&mut self, code: u64) -> Games {
        let node = self.node(code);
        let shortest = node.shortest.map(|_| self.line(code));
        Games {
            games: node.games,
            shortest,
        }
    }

    /// The games from `code`, holding at most `positions` positions (each position counted
    /// once, by canonical code, however many games pass through it); None when that is not
    /// enough, never a partial count. `tick` hears the positions held so far, now and then
    /// (every 65,536 positions looked at), so a long count can show that it moves.
    pub fn games_within(
        &mut self,
        code: u64,
        positions: u64,
        tick: impl FnMut(u64) + 'a,
    ) -> Option<Games> {
        self.limit = usize::try_from(positions).unwrap_or(usize::MAX);
        self.tick = Some(Box::new(tick));
        let node = self.node(code);
        if self.over {
            return None;
        }
        let shortest = node.shortest.map(|_| self.line(code));
        Some(Games {
            games: node.games,
            shortest,
        })
    }

    /// The moves from `code`: every one, or one per orbit of paths under the symmetries that
    /// fix `code` (and the goal).
    fn moves(&self, code: u64) -> Vec<(u64, Vec<Jump>)> {
        let all = one_move(self.problem, code);
        if !self.unique {
            return all;
        }
        let own: Vec<&Vec<u8>> = self
            .canon
            .perms()
            .iter()
            .filter(|p| symmetry::apply(p, code) == code)
            .collect();
        // a path's orbit is named by its least image, hole by hole
        let orbit = |chain: &[Jump]| {
            own.iter()
                .map(|p| {
                    let mut path = vec![p[usize::from(chain[0].from)]];
                    path.extend(chain.iter().map(|j| p[usize::from(j.to)]));
                    path
                })
                .min()
        };
        let mut seen: Vec<Option<Vec<u8>>> = Vec::new();
        let mut kept = Vec::new();
        for (next, chain) in all {
            let key = orbit(&chain);
            if !seen.contains(&key) {
                seen.push(key);
                kept.push((next, chain));
            }
        }
        kept
    }

    fn node(&mut self, code: u64) -> Node {
        if position::pegs(code) == 1 {
            let won = code & self.goal_set != 0;
            return Node {
                games: Some(u128::from(won)),
                shortest: won.then_some(0),
            };
        }
        // jumps keep the class: a wrong class has no game at all
        if !self.classes.may_reach(code, self.goal_set) {
            return Node {
                games: Some(0),
                shortest: None,
            };
        }
        self.visits += 1;
        if self.visits.is_multiple_of(TICK_EVERY) {
            let held = self.memo.len() as u64;
            if let Some(tick) = self.tick.as_mut() {
                tick(held);
            }
        }
        let key = self.canon.canonical(code);
        if let Some(&n) = self.memo.get(&key) {
            return n;
        }
        // a lost position has no game: not held, so it costs no memory (asked again instead)
        if self.winning.is_some_and(|w| !w(code)) {
            return Node {
                games: Some(0),
                shortest: None,
            };
        }
        if self.over || self.memo.len() >= self.limit {
            // out of budget: this answer is never used (`games_within` gives up), so stop
            self.over = true;
            return Node {
                games: Some(0),
                shortest: None,
            };
        }
        let mut games = Some(0u128);
        let mut shortest: Option<u32> = None;
        for (next, _) in self.moves(code) {
            let n = self.node(next);
            games = match (games, n.games) {
                (Some(a), Some(b)) => a.checked_add(b),
                _ => None,
            };
            if let Some(s) = n.shortest {
                shortest = Some(shortest.map_or(s + 1, |t| t.min(s + 1)));
            }
        }
        let n = Node { games, shortest };
        self.memo.insert(key, n);
        n
    }

    /// A shortest game from `code` (its shortest length must be known).
    fn line(&mut self, mut code: u64) -> Vec<Vec<Jump>> {
        let mut line = Vec::new();
        while let Some(s) = self.node(code).shortest.filter(|&s| s > 0) {
            let Some((next, chain)) = self
                .moves(code)
                .into_iter()
                .find(|(next, _)| self.node(*next).shortest == Some(s - 1))
            else {
                break;
            };
            line.push(chain);
            code = next;
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// Every game, one by one, without memo or symmetry: the obviously correct count.
    fn brute(p: &Problem, code: u64) -> u128 {
        if position::pegs(code) == 1 {
            return u128::from(p.is_goal(code));
        }
        one_move(p, code).iter().map(|(n, _)| brute(p, *n)).sum()
    }

    #[test]
    fn counts_agree_with_one_by_one_enumeration() {
        for (board, start, goal) in [
            ("triangle4", "a2", "b2"),
            ("triangle4", "a2", "any"),
            ("triangle4", "a1", "any"),
            ("trunc12", "a2", "any"),
            ("triangle5", "a3", "any"),
        ] {
            let p = Problem::parse(Board::by_name(board).unwrap(), start, goal).unwrap();
            let s = p.start_positions()[0];
            let g = Enumerator::new(&p, false).games(s);
            assert_eq!(g.games, Some(brute(&p, s)), "{board} {start} {goal}");
        }
    }

    #[test]
    fn a_shortest_game_wins_in_the_fewest_moves() {
        // MPMP's 10-hole puzzle: 5 moves (references.md)
        let p = Problem::parse(Board::by_name("triangle4").unwrap(), "a2", "any").unwrap();
        let s = p.start_positions()[0];
        let g = Enumerator::new(&p, false).games(s);
        let line = g.shortest.unwrap();
        assert_eq!(line.len(), 5);
        let mut code = s;
        for m in &line {
            for &j in m {
                assert!(position::can_jump(code, j));
                code = position::after(code, j);
            }
        }
        assert!(p.is_goal(code));
    }

    #[test]
    fn the_10_hole_triangle_has_one_solvable_problem_up_to_symmetry() {
        // hand-checked (MPMP): vacate a2, finish at b2, and its images
        let b = Board::by_name("triangle4").unwrap();
        let full = Canon::full(&b);
        let mut solvable = std::collections::BTreeSet::new();
        for start in 0..b.len() as u8 {
            for finish in 0..b.len() as u8 {
                let p = Problem::parse(b.clone(), b.hole_name(start), b.hole_name(finish)).unwrap();
                if Enumerator::new(&p, false)
                    .games(p.start_positions()[0])
                    .games
                    != Some(0)
                {
                    // one orbit per (start, finish) pair: the smallest image of both holes
                    let orbit = (0..full.perms().len())
                        .map(|s| {
                            (
                                full.transform(s, 1 << start),
                                full.transform(s, 1 << finish),
                            )
                        })
                        .min();
                    solvable.insert(orbit);
                }
            }
        }
        let a2 = b.hole("a2").unwrap();
        let b2 = b.hole("b2").unwrap();
        let want = (0..full.perms().len())
            .map(|s| (full.transform(s, 1 << a2), full.transform(s, 1 << b2)))
            .min();
        assert_eq!(solvable.into_iter().collect::<Vec<_>>(), vec![want]);
    }

    #[test]
    fn unique_games_are_fewer_and_still_positive() {
        let p = Problem::parse(Board::by_name("triangle5").unwrap(), "a1", "any").unwrap();
        let s = p.start_positions()[0];
        let all = Enumerator::new(&p, false).games(s).games.unwrap();
        let unique = Enumerator::new(&p, true).games(s).games.unwrap();
        assert!(0 < unique && unique < all, "{unique} of {all}");
    }

    #[test]
    fn no_game_where_the_goal_cannot_be_reached() {
        let p = Problem::parse(Board::by_name("triangle4").unwrap(), "a1", "a1").unwrap();
        let g = Enumerator::new(&p, false).games(p.start_positions()[0]);
        assert_eq!(g.games, Some(0));
        assert_eq!(g.shortest, None);
    }

    #[test]
    fn a_budget_gives_the_whole_count_or_none() {
        let p = Problem::parse(Board::by_name("triangle5").unwrap(), "a1", "any").unwrap();
        let s = p.start_positions()[0];
        let all = Enumerator::new(&p, false).games(s);
        let within = Enumerator::new(&p, false).games_within(s, 1 << 20, |_| {});
        assert_eq!(within, Some(all));
        assert_eq!(Enumerator::new(&p, false).games_within(s, 10, |_| {}), None);
    }

    #[test]
    fn the_winning_positions_alone_give_the_same_games() {
        for (board, start, goal) in [("triangle5", "a1", "any"), ("triangle5", "a3", "start")] {
            let p = Problem::parse(Board::by_name(board).unwrap(), start, goal).unwrap();
            let s = p.start_positions()[0];
            let brute = std::cell::RefCell::new(crate::search::brute::Brute::new(&p));
            let winning = |c: u64| brute.borrow_mut().winning(c);
            for unique in [false, true] {
                let all = Enumerator::new(&p, unique).games(s);
                let pruned = Enumerator::new(&p, unique).winning_only(&winning).games(s);
                assert_eq!(pruned, all, "{board} {start} {goal} unique {unique}");
            }
        }
    }
}
