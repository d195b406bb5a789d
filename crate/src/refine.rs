//! The work the hint does while the player thinks: the jumps a question left undecided
//! ("?") are tried again, a short try at a time, until each is proved good or bad. Each try
//! is short so that a move never waits long behind one; the live search's transposition table
//! carries the work of one try over to the next (see [`crate::search::live::Live::refine`]).
//! The undecided jumps take turns, so one hard jump doesn't hold up the others; the jumps of
//! the peg the player looks at get twice the turns.

use crate::game::{Game, PegHints};
use crate::oracle::{Ask, Limits, Verdict};
use crate::position;

/// What one step of refinement did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The pegs with a jump this step decided, with all their verdicts now (a symmetric
    /// twin of the jump tried is decided with it).
    pub pegs: Vec<PegHints>,
    /// The jumps of the pegs asked about still undecided after this step.
    pub undecided: usize,
}

/// How long one try may search (ms): at first, and at most; and the tries at each length
/// before it doubles. Short, as a move waits for the try under way.
const TRY_MS: (f64, f64, u32) = (20.0, 80.0, 16);

/// The tries made so far on the undecided jumps of one position.
#[derive(Debug, Clone, Default)]
pub struct Refiner {
    /// The position the tries are about (they are forgotten when the game moves).
    at: u64,
    /// The position after each jump tried, and the tries it had.
    tries: Vec<(u64, u32)>,
    /// Tries made on this position, for their length (see `TRY_MS`).
    made: u32,
}

impl Refiner {
    /// A refiner with nothing tried yet.
    pub fn new() -> Refiner {
        Refiner::default()
    }

    /// How long the next try may search (ms): `TRY_MS`'s first length, doubling to its most.
    fn try_ms(&self) -> f64 {
        let (first, most, per) = TRY_MS;
        (first * f64::from(1u32 << (self.made / per).min(8))).min(most)
    }

    /// One try at an undecided jump of the pegs on
    /// `holes`: the jump tried least so far, where the first peg's tries count half (the
    /// player is looking at it), and the first pegs go first when tries are equal. A try has
    /// the game's live-search budget, its time cut to the try's length (`TRY_MS`).
    pub fn step(&mut self, game: &mut Game, holes: &[u8]) -> Step {
        let code = game.position().code();
        if self.at != code {
            self.at = code;
            self.tries.clear();
            self.made = 0;
        }
        // the undecided jumps: (the peg's hole, the position after the jump)
        let covered = game.ask().covered;
        let mut open: Vec<(u8, u64)> = Vec::new();
        for &hole in holes {
            let jumps: Vec<_> = game
                .problem()
                .board
                .jumps_from(hole)
                .filter(|&j| position::can_jump(code, j))
                .collect();
            for j in jumps {
                let child = position::after(code, j);
                if game.oracle().known(child, covered) == Verdict::Unknown {
                    open.push((hole, child));
                }
            }
        }
        let tried = |tries: &[(u64, u32)], child: u64| {
            tries
                .iter()
                .find(|&&(c, _)| c == child)
                .map_or(0, |&(_, n)| n)
        };
        // the first peg's jumps (the one the player looks at) get two tries to the others' one
        let first = holes.first().copied();
        let Some(&(_, child)) = open.iter().min_by_key(|&&(h, child)| {
            let n = tried(&self.tries, child);
            if Some(h) == first {
                n
            } else {
                2 * n
            }
        }) else {
            return Step {
                pegs: Vec::new(),
                undecided: 0,
            };
        };
        let attempt = tried(&self.tries, child);
        match self.tries.iter_mut().find(|(c, _)| *c == child) {
            Some(t) => t.1 += 1,
            None => self.tries.push((child, 1)),
        }
        let ms = self.try_ms();
        self.made += 1;
        let ask = game.ask();
        let limits = ask.limits;
        let ask = Ask {
            limits: Limits {
                time_ms: Some(limits.time_ms.map_or(ms, |t| t.min(ms))),
                ..limits
            },
            ..ask.attempt(attempt)
        };
        let verdict = game.oracle().verdict(child, ask);
        if verdict == Verdict::Unknown {
            return Step {
                pegs: Vec::new(),
                undecided: open.len(),
            };
        }
        let mut decided: Vec<u8> = Vec::new();
        let mut undecided = 0;
        for &(h, c) in &open {
            if game.oracle().known(c, covered) == Verdict::Unknown {
                undecided += 1;
            } else if !decided.contains(&h) {
                decided.push(h);
            }
        }
        Step {
            pegs: decided.into_iter().map(|h| game.peg_hints(h)).collect(),
            undecided,
        }
    }
}
