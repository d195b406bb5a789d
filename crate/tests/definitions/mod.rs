//! Every analysis figure written from its definition, slowly and plainly, to hold the CLI's
//! answers against. Nothing here comes from the fast code: no canonical forms, no tables, no
//! bitboards, no pagodas or position classes, only the board's holes, its jump lines and (for
//! `games --unique`) its symmetry group. Memos are keyed on raw position codes.
//!
//! A position is a code, bit k a peg in hole k. A jump takes a peg over a peg into an empty
//! hole; a move is the path of holes one peg visits in one or more jumps (stopping part-way is
//! a move of its own). A goal is a set of holes: the game is won on one peg in it.

use std::collections::{HashMap, HashSet};

use pegwise::board::{Board, Jump};

/// One board and goal, with the memos of every figure.
pub struct Definitions<'a> {
    board: &'a Board,
    goal: u64,
    winning: HashMap<u64, bool>,
    count: HashMap<u64, u128>,
    games: HashMap<u64, u128>,
    unique: HashMap<u64, u128>,
    best: HashMap<u64, u32>,
    chance: HashMap<u64, f64>,
}

/// A move: the holes its peg visits, and the position it leaves.
pub struct Move {
    /// The path, first hole first.
    pub path: Vec<u8>,
    /// The position after it.
    pub after: u64,
}

impl<'a> Definitions<'a> {
    /// The figures of `board` for the goal "one peg left, in a hole of `goal`".
    pub fn new(board: &'a Board, goal: u64) -> Self {
        Definitions {
            board,
            goal,
            winning: HashMap::new(),
            count: HashMap::new(),
            games: HashMap::new(),
            unique: HashMap::new(),
            best: HashMap::new(),
            chance: HashMap::new(),
        }
    }

    /// The jumps legal in `code`.
    pub fn jumps(&self, code: u64) -> Vec<Jump> {
        let has = |h: u8| code >> h & 1 == 1;
        self.board
            .jumps()
            .iter()
            .copied()
            .filter(|j| has(j.from) && has(j.over) && !has(j.to))
            .collect()
    }

    /// The position after a jump.
    pub fn after(code: u64, j: Jump) -> u64 {
        code & !(1 << j.from) & !(1 << j.over) | 1 << j.to
    }

    /// One peg left, in the goal.
    pub fn won(&self, code: u64) -> bool {
        code.count_ones() == 1 && code & self.goal != 0
    }

    /// Can some sequence of jumps reach the goal?
    pub fn winning(&mut self, code: u64) -> bool {
        if code.count_ones() <= 1 {
            return self.won(code);
        }
        if let Some(&w) = self.winning.get(&code) {
            return w;
        }
        let w = self
            .jumps(code)
            .into_iter()
            .any(|j| self.winning(Self::after(code, j)));
        self.winning.insert(code, w);
        w
    }

    /// The number of jump sequences that reach the goal.
    pub fn count(&mut self, code: u64) -> u128 {
        if code.count_ones() <= 1 {
            return u128::from(self.won(code));
        }
        if let Some(&n) = self.count.get(&code) {
            return n;
        }
        let n = self
            .jumps(code)
            .into_iter()
            .map(|j| self.count(Self::after(code, j)))
            .sum();
        self.count.insert(code, n);
        n
    }

    /// Every move from `code`: each peg, each chain of its jumps, each prefix of a chain.
    pub fn moves(&self, code: u64) -> Vec<Move> {
        let mut out = Vec::new();
        let mut stack: Vec<(Vec<u8>, u64)> = (0..self.board.len() as u8)
            .filter(|&h| code >> h & 1 == 1)
            .map(|h| (vec![h], code))
            .collect();
        while let Some((path, pos)) = stack.pop() {
            let at = path[path.len() - 1];
            for j in self.jumps(pos).into_iter().filter(|j| j.from == at) {
                let mut longer = path.clone();
                longer.push(j.to);
                let after = Self::after(pos, j);
                out.push(Move {
                    path: longer.clone(),
                    after,
                });
                stack.push((longer, after));
            }
        }
        out
    }

    /// The fewest moves to the goal (breadth first over positions), or None.
    pub fn fewest(&self, code: u64) -> Option<usize> {
        let mut seen = HashSet::from([code]);
        let mut level = vec![code];
        for depth in 0.. {
            if level.iter().any(|&c| self.won(c)) {
                return Some(depth);
            }
            let mut next = Vec::new();
            for &c in &level {
                for m in self.moves(c) {
                    if seen.insert(m.after) {
                        next.push(m.after);
                    }
                }
            }
            if next.is_empty() {
                return None;
            }
            level = next;
        }
        None
    }

    /// MPMP's games: sequences of moves that end on the goal.
    pub fn games(&mut self, code: u64) -> u128 {
        if code.count_ones() <= 1 {
            return u128::from(self.won(code));
        }
        if let Some(&n) = self.games.get(&code) {
            return n;
        }
        let n = self
            .moves(code)
            .into_iter()
            .map(|m| self.games(m.after))
            .sum();
        self.games.insert(code, n);
        n
    }

    /// MPMP's games up to symmetry: at every position the moves fall into orbits under the
    /// symmetries that fix the position (and the goal), a symmetry taking a move to the move
    /// along the image path; one move of each orbit is counted.
    pub fn unique_games(&mut self, code: u64) -> u128 {
        if code.count_ones() <= 1 {
            return u128::from(self.won(code));
        }
        if let Some(&n) = self.unique.get(&code) {
            return n;
        }
        let image = |p: &[u8], set: u64| -> u64 {
            (0..p.len())
                .filter(|&k| set >> k & 1 == 1)
                .fold(0, |m, k| m | 1 << p[k])
        };
        let own: Vec<Vec<u8>> = self
            .board
            .symmetries()
            .iter()
            .filter(|p| image(p, code) == code && image(p, self.goal) == self.goal)
            .cloned()
            .collect();
        let mut kept: Vec<Move> = Vec::new();
        for m in self.moves(code) {
            let same_orbit = |k: &Move| {
                own.iter().any(|p| {
                    m.path
                        .iter()
                        .map(|&h| p[usize::from(h)])
                        .eq(k.path.iter().copied())
                })
            };
            if !kept.iter().any(same_orbit) {
                kept.push(m);
            }
        }
        let n = kept.into_iter().map(|m| self.unique_games(m.after)).sum();
        self.unique.insert(code, n);
        n
    }

    /// The fewest pegs any sequence of jumps can leave.
    pub fn best(&mut self, code: u64) -> u32 {
        if let Some(&n) = self.best.get(&code) {
            return n;
        }
        let n = self
            .jumps(code)
            .into_iter()
            .map(|j| self.best(Self::after(code, j)))
            .min()
            .unwrap_or(code.count_ones());
        self.best.insert(code, n);
        n
    }

    /// The fewest jumps to a position where `stop` holds (breadth first), or None.
    pub fn fewest_jumps_to(
        &mut self,
        code: u64,
        stop: &mut dyn FnMut(&mut Self, u64) -> bool,
    ) -> Option<usize> {
        let mut seen = HashSet::from([code]);
        let mut level = vec![code];
        for depth in 0.. {
            if level.iter().any(|&c| stop(self, c)) {
                return Some(depth);
            }
            let mut next = Vec::new();
            for &c in &level {
                for j in self.jumps(c) {
                    let a = Self::after(c, j);
                    if seen.insert(a) {
                        next.push(a);
                    }
                }
            }
            if next.is_empty() {
                return None;
            }
            level = next;
        }
        None
    }

    /// The chance that random play wins: 1 on the goal, 0 at any other dead end, else the
    /// mean over the legal jumps of the chance after each.
    pub fn chance(&mut self, code: u64) -> f64 {
        if let Some(&p) = self.chance.get(&code) {
            return p;
        }
        let jumps = self.jumps(code);
        let p = if jumps.is_empty() {
            if self.won(code) {
                1.0
            } else {
                0.0
            }
        } else {
            let n = jumps.len() as f64;
            jumps
                .into_iter()
                .map(|j| self.chance(Self::after(code, j)))
                .sum::<f64>()
                / n
        };
        self.chance.insert(code, p);
        p
    }

    /// Every winning game from `code`, written out: the positions it passes through, `code`
    /// first and the goal last.
    pub fn winning_games(&mut self, code: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let mut line = vec![code];
        self.extend_games(&mut line, &mut out);
        out
    }

    fn extend_games(&mut self, line: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let at = line[line.len() - 1];
        if self.won(at) {
            out.push(line.clone());
            return;
        }
        for j in self.jumps(at) {
            let next = Self::after(at, j);
            if self.winning(next) {
                line.push(next);
                self.extend_games(line, out);
                line.pop();
            }
        }
    }

    /// The symmetries that keep the goal set, as permutations of the holes.
    fn goal_symmetries(&self) -> Vec<Vec<u8>> {
        self.board
            .symmetries()
            .iter()
            .filter(|p| image(p, self.goal) == self.goal)
            .cloned()
            .collect()
    }

    /// The winning games from `code` read as sequences of positions, each position up to the
    /// symmetries that keep the goal: how many different sequences there are.
    pub fn position_sequences(&mut self, code: u64) -> usize {
        let group = self.goal_symmetries();
        let class = |x: u64| group.iter().map(|p| image(p, x)).min().unwrap_or(x);
        let seqs: HashSet<Vec<u64>> = self
            .winning_games(code)
            .into_iter()
            .map(|g| g.into_iter().map(class).collect())
            .collect();
        seqs.len()
    }

    /// The positions every winning game from `code` passes through (most pegs first), and the
    /// jumps every winning game makes, each with the position it is made from. Both empty when
    /// no game wins.
    pub fn forced(&mut self, code: u64) -> (Vec<u64>, Vec<(u64, Jump)>) {
        let games = self.winning_games(code);
        let Some(first) = games.first() else {
            return (Vec::new(), Vec::new());
        };
        let positions: Vec<u64> = first
            .iter()
            .copied()
            .filter(|x| games.iter().all(|g| g.contains(x)))
            .collect();
        let edges = |g: &Vec<u64>| -> Vec<(u64, Jump)> {
            g.windows(2)
                .map(|w| {
                    let j = self
                        .jumps(w[0])
                        .into_iter()
                        .find(|&j| Self::after(w[0], j) == w[1])
                        .expect("one jump apart");
                    (w[0], j)
                })
                .collect()
        };
        let all: Vec<Vec<(u64, Jump)>> = games.iter().map(edges).collect();
        let jumps = all[0]
            .iter()
            .copied()
            .filter(|e| all.iter().all(|g| g.contains(e)))
            .collect();
        (positions, jumps)
    }
}

/// The image of a set of holes under a permutation.
fn image(p: &[u8], set: u64) -> u64 {
    (0..p.len())
        .filter(|&k| set >> k & 1 == 1)
        .fold(0, |m, k| m | 1 << p[k])
}
