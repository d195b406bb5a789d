//! The generator: reachable sets F_n and winning sets W_n, symmetry-reduced, by peg count.
//!
//! F_(N−1) holds the start positions and F_(n−1) = D(F_n), the children of F_n. A position is
//! winning when the goal can still be reached from it. For a position reachable from the start,
//! that is exactly "some child is winning", so W_n is F_n filtered by W_(n−1). When the start set
//! equals the goal set, W_n = complement(W_(N−n)), and only F_n for n ≥ N/2 is needed (see
//! `solve`). All sets hold canonical codes under `Problem::canon`, sorted ascending.
//!
//! How it is fast: the canonical code of a child comes from its parent's images XOR the jump's
//! images (`Moves`); legal jumps come a direction at a time from a bitboard; and "x has a
//! child in W_(n−1)" is never a lookup per child but a merge: W_n = F_n ∩ parents(W_(n−1)),
//! the parents gathered in parallel into buckets by their top bits and radix sorted bucket by
//! bucket (`par::collect`).

/// The reference solver lives below both the runtime and the generator.
pub use crate::search::brute;
pub mod build;
mod cache;
mod child_join;
pub mod count;
pub mod counts_write;
#[cfg(feature = "parallel")]
mod dense;
pub mod finish_masks;
#[cfg(feature = "outcore")]
mod huge_pages;
#[cfg(target_arch = "x86_64")]
mod narrow;
#[cfg(feature = "outcore")]
pub mod outcore;
mod par;
pub mod prune;
pub mod record;
pub mod verify;
#[cfg(target_arch = "x86_64")]
mod wide;
pub mod wins;

use crate::board::Board;
use crate::codec;
use crate::error::{Over, Result};
use crate::position;
use crate::problem::Problem;
use crate::search::bitboard::Bitboard;
use crate::symmetry::{min_of, Canon};
use crate::table::Table;

/// Most codes a job may hold at once (all its levels, plus the children of the level being
/// expanded) before the generator gives up: 3.2 GB of codes. The CLI sets it from the memory
/// actually available.
pub const DEFAULT_MAX_CODES: usize = 400_000_000;

/// What to compute.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Compute every reachable level even where the complement trick makes it unnecessary.
    pub all_reachable: bool,
    /// Refuse a job once the codes it holds, with the next level's children, would pass this.
    pub max_codes: usize,
    /// Drop reachable positions that can no longer reach the goal (`prune`): the winning
    /// sets are the same, the reachable ones smaller. Never with `all_reachable`, which asks
    /// for the whole reachable sets, and in memory only for a goal of one hole.
    pub prune: bool,
    /// The fewest pegs of a winning level made where the problem is solved by halves (its
    /// lower half made by complements): the levels below are left empty. 1, the default,
    /// makes them all; counting by halves needs only those from
    /// [`count::halves_from`] up.
    pub fewest_pegs: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            all_reachable: false,
            max_codes: DEFAULT_MAX_CODES,
            prune: true,
            fewest_pegs: 1,
        }
    }
}

/// The sets of a solved problem, indexed by peg count (0..=N).
#[derive(Debug, Clone)]
pub struct Solved {
    /// The problem.
    pub problem: Problem,
    /// Canonical forms used by every set.
    pub canon: Canon,
    /// F_n (empty where it was not needed).
    pub reachable: Vec<Vec<u64>>,
    /// W_n, complete for every n (from `Options::fewest_pegs` up).
    pub winning: Vec<Vec<u64>>,
}

impl Solved {
    /// Builds a table from solved sets, storing the levels `keep` accepts (and, for
    /// self-complementary problems, only n ≤ N/2).
    pub fn to_table(&self, keep: impl Fn(usize) -> bool) -> Table {
        let p = &self.problem;
        let n = p.board.len();
        let half = p.is_self_complementary();
        let levels = (0..=n)
            .map(|k| {
                (k >= 1 && k < n && keep(k) && (!half || 2 * k <= n)).then(|| {
                    let ranks: Vec<u64> = self.winning[k].iter().map(|&c| codec::rank(c)).collect();
                    (ranks, None)
                })
            })
            .collect();
        Table::build(&p.board, p.start_set(), p.goal_set(), half, false, levels)
    }

    /// Is a position (reachable from the start set) winning?
    pub fn is_winning(&self, code: u64) -> bool {
        let n = position::pegs(code) as usize;
        self.winning
            .get(n)
            .is_some_and(|w| w.binary_search(&self.canon.canonical(code)).is_ok())
    }

    /// Total number of winning codes over every level.
    pub fn winning_total(&self) -> usize {
        self.winning.iter().map(Vec::len).sum()
    }

    /// One of its sets under the board's whole symmetry group (as `stats` counts and `dump`
    /// lists): the set itself when the problem's own group is already the whole group.
    pub fn under_full_group<'a>(&self, set: &'a [u64]) -> std::borrow::Cow<'a, [u64]> {
        if self.canon.perms().len() == self.problem.board.symmetries().len() {
            std::borrow::Cow::Borrowed(set)
        } else {
            std::borrow::Cow::Owned(canonical_under_full_group(&self.problem, set))
        }
    }
}

/// One jump line with its images under the group.
#[derive(Clone, Copy)]
struct Line<const G: usize> {
    mask: u64,
    /// Pegs among the three holes before the jump (`from`, `over`) and after it (`to`).
    before: u64,
    after: u64,
    images: [u64; G],
}

/// Children and parents of positions with their canonical codes. Symmetries are bit
/// permutations, so the images of a child are the parent's images XOR the jump's images:
/// once the parent's images are known, a child costs G XORs and minimums, not a transform.
/// G is the group order rounded up; the extra slots repeat the identity, which leaves the
/// minimum alone.
struct Moves<'a, const G: usize> {
    canon: &'a Canon,
    lines: Vec<Line<G>>,
    bits: Option<Bitboard>,
    /// With a bitboard: the images of the line at each of its slots (see `Bitboard::lines`).
    slots: Vec<[u64; G]>,
    /// Codes below 2^52 and G even: minimums two at a time (`narrow`).
    #[cfg(target_arch = "x86_64")]
    narrow: bool,
    /// G = 8 and a CPU with AVX-512F: minimums eight at a time (`wide`), in the loop over a
    /// bitboard's jumps.
    #[cfg(target_arch = "x86_64")]
    wide: bool,
}

impl<'a, const G: usize> Moves<'a, G> {
    fn new(board: &Board, canon: &'a Canon) -> Moves<'a, G> {
        let lines = board
            .jumps()
            .iter()
            .map(|j| Line {
                mask: j.mask(),
                before: j.before(),
                after: j.mask() ^ j.before(),
                images: canon.images(j.mask()),
            })
            .collect::<Vec<Line<G>>>();
        let bits = Bitboard::new(board);
        let slots = bits.as_ref().map_or(Vec::new(), |bb| {
            bb.line
                .iter()
                .map(|&j| lines.get(usize::from(j)).map_or([0; G], |l| l.images))
                .collect()
        });
        Moves {
            canon,
            lines,
            bits,
            slots,
            #[cfg(target_arch = "x86_64")]
            narrow: G.is_multiple_of(2) && board.len() <= narrow::HOLES,
            #[cfg(target_arch = "x86_64")]
            wide: G == 8 && wide::available(),
        }
    }

    /// The images of `x` under every symmetry.
    #[inline]
    fn images(&self, x: u64) -> [u64; G] {
        self.canon.images(x)
    }

    /// The least of `a[s] ^ b[s]`: a canonical code from a position's images and a jump's.
    #[inline]
    fn min_xor(&self, a: &[u64; G], b: &[u64; G]) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if self.narrow {
            return narrow::min_xor(a, b);
        }
        min_xor(a, b)
    }

    /// Calls `f` with the canonical code of every position one jump after `x`.
    #[inline]
    fn children(&self, x: u64, f: impl FnMut(u64)) {
        self.jumps::<true>(x, f)
    }

    /// Calls `f` with the canonical code of every position one jump after `x` (`AFTER`) or
    /// before it.
    #[inline]
    fn jumps<const AFTER: bool>(&self, x: u64, mut f: impl FnMut(u64)) {
        let im = self.images(x);
        match &self.bits {
            Some(bb) => {
                let pegs = bb.layout(x);
                let (from, to) = sides::<AFTER>(bb, pegs);
                #[cfg(target_arch = "x86_64")]
                if let (true, Some(im), Some(slots)) = (
                    self.wide,
                    (&im as &dyn std::any::Any).downcast_ref::<[u64; 8]>(),
                    (&self.slots as &dyn std::any::Any).downcast_ref::<Vec<[u64; 8]>>(),
                ) {
                    // SAFETY: `wide` is set only where the CPU has AVX-512F
                    return unsafe { lines_wide(bb, from, to, im, slots, f) };
                }
                bb.lines(from, to, |i| f(self.min_xor(&im, &self.slots[i])));
            }
            None => {
                for l in &self.lines {
                    if x & l.mask == if AFTER { l.before } else { l.after } {
                        f(self.min_xor(&im, &l.images));
                    }
                }
            }
        }
    }

    /// Calls `f` with the complement of every position one jump after `x`, as it is (not
    /// canonical).
    #[cfg(feature = "parallel")]
    #[inline]
    fn raw_children_complement(&self, x: u64, full: u64, mut f: impl FnMut(u64)) {
        let base = full ^ x;
        match &self.bits {
            Some(bb) => {
                let pegs = bb.layout(x);
                bb.lines(pegs, bb.all ^ pegs, |i| f(base ^ self.slots[i][0]));
            }
            None => {
                for l in &self.lines {
                    if x & l.mask == l.before {
                        f(base ^ l.mask);
                    }
                }
            }
        }
    }

    /// Calls `f` with the canonical code of every position one jump after `x` and the number
    /// of the symmetry that made it canonical (the first, where several do: a position fixed
    /// by a symmetry has the same finishes through either).
    #[inline]
    fn children_with_symmetry(&self, x: u64, f: impl FnMut(u64, usize)) {
        self.jumps_with_symmetry::<true>(x, f)
    }

    /// Calls `f` with the canonical code of every position one jump before `x` and the number
    /// of the symmetry that made it canonical (the first, where several do).
    #[cfg(feature = "outcore")]
    #[inline]
    fn parents_with_symmetry(&self, x: u64, f: impl FnMut(u64, usize)) {
        self.jumps_with_symmetry::<false>(x, f)
    }

    /// The positions one jump after `x` (`AFTER`) or before it, each canonical with the first
    /// symmetry that makes it so.
    #[inline]
    fn jumps_with_symmetry<const AFTER: bool>(&self, x: u64, mut f: impl FnMut(u64, usize)) {
        let im = self.images(x);
        match &self.bits {
            Some(bb) => {
                let pegs = bb.layout(x);
                let (from, to) = sides::<AFTER>(bb, pegs);
                bb.lines(from, to, |i| {
                    let (c, s) = argmin_xor(&im, &self.slots[i]);
                    f(c, s)
                });
            }
            None => {
                for l in &self.lines {
                    let here = if AFTER { l.before } else { l.after };
                    if x & l.mask == here {
                        let (c, s) = argmin_xor(&im, &l.images);
                        f(c, s)
                    }
                }
            }
        }
    }

    /// The canonical code of `x` and the number of the first symmetry that gives it.
    #[cfg(feature = "outcore")]
    #[inline]
    fn canonical_with_symmetry(&self, x: u64) -> (u64, usize) {
        argmin_xor(&self.images(x), &[0; G])
    }

    /// Calls `f` with the canonical code of every position one jump before `x`.
    #[inline]
    fn parents(&self, x: u64, f: impl FnMut(u64)) {
        self.jumps::<false>(x, f)
    }

    /// The canonical code.
    #[inline]
    fn canonical(&self, x: u64) -> u64 {
        self.canon.canonical(x)
    }

    /// Calls `f` with the keys a step makes from `x`.
    #[inline]
    fn step(&self, step: Step, x: u64, mut f: impl FnMut(u64)) {
        match step {
            Step::Children => self.children(x, f),
            Step::Parents(flip) => self.parents(flip ^ x, f),
            Step::Complement(full) => f(self.canonical(full ^ x)),
        }
    }
}

/// The loop over a layout's jumps in `Moves::jumps` where G is 8 (the types say so), built for
/// AVX-512F so that the eight-lane minimum inlines into it. (Only the loop: built so, the
/// layout's and the images' table reads become gathers, which cost more than they save.)
///
/// # Safety
/// The CPU must have AVX-512F, as `Moves::wide` says.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn lines_wide(
    bb: &Bitboard,
    from: u64,
    to: u64,
    im: &[u64; 8],
    slots: &[[u64; 8]],
    mut f: impl FnMut(u64),
) {
    // SAFETY: this function runs only where the CPU has AVX-512F
    bb.lines(from, to, |i| f(unsafe { wide::min_xor(im, &slots[i]) }));
}

/// The (`from`, `to`) squares for `Bitboard::lines` of a layout's jumps: forward (`AFTER`),
/// pegs jump into holes; backward, into pegs from holes.
#[inline]
fn sides<const AFTER: bool>(bb: &Bitboard, pegs: u64) -> (u64, u64) {
    match AFTER {
        true => (pegs, bb.all ^ pegs),
        false => (bb.all ^ pegs, pegs),
    }
}

/// What a level step makes from each position of its input.
#[derive(Clone, Copy)]
enum Step {
    /// The canonical children.
    Children,
    /// The canonical parents of the position XOR this (the complement, or itself with 0).
    Parents(u64),
    /// The canonical complement (the board's holes given).
    Complement(u64),
}

#[cfg(feature = "parallel")]
impl Step {
    /// About how many keys the step makes from one position (for choosing dense levels).
    fn keys_per_input(self) -> usize {
        match self {
            Step::Children | Step::Parents(_) => 8,
            Step::Complement(_) => 1,
        }
    }
}

#[inline]
fn min_xor<const G: usize>(a: &[u64; G], b: &[u64; G]) -> u64 {
    min_of::<G>(std::array::from_fn(|s| a[s] ^ b[s]))
}

/// The least of `a[s] ^ b[s]` and the first `s` that gives it (the extra slots of a group
/// rounded up repeat the identity, so they are never the first).
#[inline]
fn argmin_xor<const G: usize>(a: &[u64; G], b: &[u64; G]) -> (u64, usize) {
    let mut best = (a[0] ^ b[0], 0);
    for s in 1..G {
        let v = a[s] ^ b[s];
        if v < best.0 {
            best = (v, s);
        }
    }
    best
}

/// Work that runs on [`Moves`] of any group size.
trait WithMoves {
    type Out;
    fn run<const G: usize>(self, moves: &Moves<G>) -> Self::Out;
}

/// Runs `job` with moves for `canon`'s group, its size rounded up to 1, 2, 4, 8 or 12.
fn with_moves<J: WithMoves>(board: &Board, canon: &Canon, job: J) -> J::Out {
    match canon.width() {
        1 => job.run(&Moves::<1>::new(board, canon)),
        2 => job.run(&Moves::<2>::new(board, canon)),
        4 => job.run(&Moves::<4>::new(board, canon)),
        8 => job.run(&Moves::<8>::new(board, canon)),
        _ => job.run(&Moves::<12>::new(board, canon)),
    }
}

/// Refuses to expand `level` when the codes held so far plus an estimate of its children
/// (average legal jumps over a sample, times its size) would pass `max` codes.
fn check_memory(board: &Board, level: &[u64], held: usize, max: usize) -> Result<()> {
    let step = (level.len() / 4096).max(1);
    let sample: Vec<u64> = level.iter().step_by(step).copied().collect();
    let jumps: usize = sample
        .iter()
        .map(|&x| crate::position::legal_jumps(board, x).count())
        .sum();
    let estimate = jumps
        .div_ceil(sample.len().max(1))
        .saturating_mul(level.len());
    if held.saturating_add(estimate) > max {
        return Err(Over::Memory {
            board: board.name().to_string(),
            need: estimate,
            held,
            limit: max,
        }
        .into());
    }
    Ok(())
}

/// Runs the level steps of one solve: through dense bitsets over ranked codes where a level's
/// ranked space is small enough (`dense`), else by the radix sort (`par::collect`).
struct Gather<'a, const G: usize> {
    pool: par::Pool,
    m: &'a Moves<'a, G>,
    bits: u32,
    /// The rank tables, when every level's codes share one class (one start).
    #[cfg(feature = "parallel")]
    dense: Option<dense::Ranks>,
}

impl<'a, const G: usize> Gather<'a, G> {
    /// The steps for a problem whose starts are `starts` (canonical codes).
    fn new(problem: &Problem, m: &'a Moves<'a, G>, starts: &[u64]) -> Gather<'a, G> {
        let bits = problem.board.len() as u32;
        #[cfg(not(feature = "parallel"))]
        let _ = starts;
        Gather {
            pool: par::Pool::default(),
            m,
            bits,
            #[cfg(feature = "parallel")]
            dense: one_class(problem, m.canon, starts)
                .then(|| dense::Ranks::new(bits, &crate::classes::Classes::of(&problem.board)))
                .flatten(),
        }
    }

    /// The ranking of the keys `step` makes from `input`, when a dense level pays (about
    /// `keys` keys expected): their peg count and class come from the first key made, as
    /// every key shares them (see `one_class`). Also gives that key.
    #[cfg(feature = "parallel")]
    fn layer(&self, step: Step, input: &[u64], keys: usize) -> Option<(dense::Layer<'_>, u64)> {
        let ranks = self.dense.as_ref()?;
        // a layer's tables take a pass over every high part (0.3 ms on the English board):
        // fewer keys than that sort faster
        if keys < ranks.highs() {
            return None;
        }
        let mut first = None;
        for &x in input.iter().take(64) {
            self.m.step(step, x, |k| {
                first.get_or_insert(k);
            });
            if first.is_some() {
                break;
            }
        }
        let k = first?;
        // reading a bitset costs about a word where sorting costs about a key
        let most = (keys as u64).saturating_mul(64).max(1 << 16);
        Some((ranks.layer(position::pegs(k), ranks.class(k), most)?, k))
    }

    /// The sorted unique keys `step` makes from `input` that `keep` keeps.
    fn collect(&self, step: Step, input: &[u64], keep: Option<&prune::Prune>) -> Vec<u64> {
        let m = self.m;
        #[cfg(feature = "parallel")]
        if let Some((l, k)) = self.layer(
            step,
            input,
            input.len().saturating_mul(step.keys_per_input()),
        ) {
            let keep = keep.map(|prune| OneLevel { prune, like: k });
            return l.collect(input, keep.as_ref(), |x, out| {
                m.step(step, x, |c| out.push(c))
            });
        }
        let produce = |x, out: &mut par::Sink| m.step(step, x, |c| out.push(c));
        match keep {
            Some(keep) => {
                par::collect_kept(&self.pool, input, self.bits, &|x| keep.keeps(x), produce)
            }
            None => par::collect(&self.pool, input, self.bits, None, produce),
        }
    }

    /// The sorted canonical children of a level that `keep` keeps.
    fn expand(&self, level: &[u64], keep: &prune::Prune, max: usize) -> Result<Vec<u64>> {
        let next = self.collect(Step::Children, level, Some(keep));
        if next.len() > max {
            return Err(Over::LevelCodes {
                codes: next.len(),
                limit: max,
            }
            .into());
        }
        Ok(next)
    }

    /// The members of `level` with a child in `below` (with `flip` = full, a child whose
    /// complement is in `below`): `level` ∩ canonical parents of `below`.
    fn with_child_in(&self, level: &[u64], below: &[u64], flip: u64) -> Vec<u64> {
        let m = self.m;
        let step = Step::Parents(flip);
        #[cfg(feature = "parallel")]
        if let (Some((l, k)), Some(r), Some(&x)) = (
            self.layer(
                step,
                below,
                below.len().saturating_mul(step.keys_per_input()),
            ),
            &self.dense,
            level.first(),
        ) {
            // the level's codes share one class and peg count too; if they aren't the keys',
            // no key is in it, which the radix path below finds as well
            if r.class(x) == r.class(k) && position::pegs(x) == position::pegs(k) {
                return l.within(below, level, |y, out| m.step(step, y, |c| out.push(c)));
            }
        }
        par::collect(&self.pool, below, self.bits, Some(level), |y, out| {
            m.step(step, y, |p| out.push(p))
        })
    }
}

impl<const G: usize> Gather<'_, G> {
    /// The members of `level` with a child whose complement is in `mirror` (the first winning
    /// level of a self-complementary problem). With dense levels the bitset gets every image
    /// of each of the mirror's codes, and each member asks about its children's complements
    /// as they are, stopping at the first one found: no canonical form a child, and a few
    /// million reads in place of setting the bits of every parent of the mirror's complements.
    fn with_complement_child_in(&self, level: &[u64], mirror: &[u64], full: u64) -> Vec<u64> {
        #[cfg(feature = "parallel")]
        if let (Some(r), Some(&x), Some(&y)) = (&self.dense, level.first(), mirror.first()) {
            let m = self.m;
            let mut k = None;
            m.raw_children_complement(x, full, |c| {
                k.get_or_insert(c);
            });
            let most = (level.len() as u64).saturating_mul(64).max(1 << 16);
            let layer = r.layer(position::pegs(y), r.class(y), most);
            // every image of every code shares one class (`one_class`), so the mirror's images
            // and the members' children's complements are all of the layer; checked on one
            let of_layer =
                |c: u64| r.class(c) == r.class(y) && position::pegs(c) == position::pegs(y);
            if let (Some(l), Some(k)) = (layer, k) {
                if of_layer(k) && m.images(y).iter().all(|&i| of_layer(i)) {
                    return l.members_among(
                        mirror,
                        |y, out| m.images(y).iter().for_each(|&i| out.push(i)),
                        level,
                        |x, set| {
                            let mut found = false;
                            m.raw_children_complement(x, full, |c| {
                                found = found || set.contains(c)
                            });
                            found
                        },
                    );
                }
            }
        }
        self.with_child_in(level, mirror, full)
    }
}

/// The pruning test of one dense level: its codes share the peg count and class of `like`.
#[cfg(feature = "parallel")]
struct OneLevel<'a> {
    prune: &'a prune::Prune,
    like: u64,
}

/// The pruning test, through its cursor: a level's codes come out of the bitset in order.
#[cfg(feature = "parallel")]
impl dense::Sieve for OneLevel<'_> {
    fn cursor(&self) -> impl FnMut(u64) -> bool + '_ {
        self.prune.cursor(self.like)
    }
}

/// True when every canonical code of every level has the class of one start: the class of
/// σ(x) is a function of x's class, and every position reachable from a start has the start's
/// class, so the canonical codes' classes are those of the starts' images under the group.
#[cfg(feature = "parallel")]
fn one_class(problem: &Problem, canon: &Canon, starts: &[u64]) -> bool {
    let classes = crate::classes::Classes::of(&problem.board);
    let mut seen = starts
        .iter()
        .flat_map(|&s| {
            canon
                .perms()
                .iter()
                .map(move |p| crate::symmetry::apply(p, s))
        })
        .map(|x| classes.class(x));
    seen.next().is_some_and(|first| seen.all(|c| c == first))
}

/// Solves a problem. `progress` hears one line per finished level.
pub fn solve(problem: &Problem, opts: Options, progress: &mut dyn FnMut(&str)) -> Result<Solved> {
    let board = &problem.board;
    let canon = problem.canon();
    let (reachable, winning) = with_moves(
        board,
        &canon,
        Levels {
            problem,
            opts,
            progress,
        },
    )?;
    progress(&format!(
        "winning positions: {}",
        winning.iter().map(Vec::len).sum::<usize>()
    ));
    Ok(Solved {
        problem: problem.clone(),
        canon,
        reachable,
        winning,
    })
}

/// The work of `solve`: F_n and W_n.
struct Levels<'a> {
    problem: &'a Problem,
    opts: Options,
    progress: &'a mut dyn FnMut(&str),
}

impl WithMoves for Levels<'_> {
    type Out = Result<(Vec<Vec<u64>>, Vec<Vec<u64>>)>;

    fn run<const G: usize>(self, m: &Moves<G>) -> Self::Out {
        let Levels {
            problem,
            opts,
            progress,
        } = self;
        let n_holes = problem.board.len();
        let full = problem.board.full();
        let mut reachable: Vec<Vec<u64>> = vec![Vec::new(); n_holes + 1];
        let mut winning: Vec<Vec<u64>> = vec![Vec::new(); n_holes + 1];
        let mut starts: Vec<u64> = problem
            .start_positions()
            .iter()
            .map(|&c| m.canonical(c))
            .collect();
        starts.sort_unstable();
        starts.dedup();
        // every start has the same number of pegs: N - 1 for single vacancies, any for a set
        // position (the one start there is)
        let top = starts
            .first()
            .map_or(n_holes - 1, |&c| position::pegs(c) as usize);
        let gather = Gather::new(problem, m, &starts);
        reachable[top] = starts;

        let half = problem.solved_by_halves(opts.all_reachable);
        // Lowest level of F to build: h = ceil(N/2) with the complement trick, else 1.
        let h = n_holes.div_ceil(2);
        let lowest = if half { h } else { 1 };
        // in memory the test pays for itself only with one finish hole (the English central
        // game: the same time, a quarter less memory); with many (goal any) it costs more
        // than the positions it drops save (English c1, goal any: 14.4 → 21.7 s)
        let one_finish = problem.goal_set().count_ones() == 1;
        let mut keep = prune::Prune::new(problem, opts.prune && !opts.all_reachable && one_finish);
        for n in (lowest..top).rev() {
            let held: usize = reachable.iter().map(Vec::len).sum();
            check_memory(&problem.board, &reachable[n + 1], held, opts.max_codes)?;
            if keep.wants_to_learn(reachable[n + 1].len() as u64) {
                keep.learn(&reachable[n + 1]);
            }
            reachable[n] = gather.expand(&reachable[n + 1], &keep, opts.max_codes)?;
            progress(&format!("reachable with {n} pegs: {}", reachable[n].len()));
        }

        if half {
            // x in F_h wins iff some child c has complement(c) in F_(N−h+1): B_(h−1) = comp(F_(N−h+1)).
            winning[h] =
                gather.with_complement_child_in(&reachable[h], &reachable[n_holes - h + 1], full);
            for n in h + 1..n_holes {
                winning[n] = gather.with_child_in(&reachable[n], &winning[n - 1], 0);
            }
            for n in opts.fewest_pegs.max(1)..h {
                winning[n] = gather.collect(Step::Complement(full), &winning[n_holes - n], None);
            }
        } else {
            let goal = problem.goal_set();
            winning[1] = reachable[1]
                .iter()
                .copied()
                .filter(|&x| x & goal != 0)
                .collect();
            for n in 2..n_holes {
                winning[n] = gather.with_child_in(&reachable[n], &winning[n - 1], 0);
            }
        }
        Ok((reachable, winning))
    }
}

/// A set's codes made canonical under the board's whole symmetry group, sorted, each once: the
/// way the literature lists and counts positions when the problem's own group is smaller.
pub fn canonical_under_full_group(problem: &Problem, set: &[u64]) -> Vec<u64> {
    let full = Canon::full(&problem.board);
    let pool = par::Pool::default();
    par::collect(&pool, set, problem.board.len() as u32, None, |x, out| {
        out.push(full.canonical(x))
    })
}

/// Number of distinct codes of a set under the board's whole symmetry group.
pub fn orbits_under_full_group(problem: &Problem, set: &[u64]) -> usize {
    canonical_under_full_group(problem, set).len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::bit;
    use crate::symmetry;

    /// Every group worth checking on a board: all of it, the identity alone, and the
    /// stabilisers of a few holes.
    fn groups(b: &Board) -> Vec<Vec<Vec<u8>>> {
        let mut g = vec![b.symmetries().to_vec(), vec![b.symmetries()[0].clone()]];
        g.extend((0..b.len().min(6) as u8).map(|h| symmetry::stabiliser(b, &[bit(h)])));
        g
    }

    struct Check {
        codes: Vec<u64>,
    }

    impl WithMoves for Check {
        type Out = ();
        fn run<const G: usize>(self, m: &Moves<G>) {
            let jumps = m.lines.iter().map(|l| (l.mask, l.before, l.after));
            let jumps: Vec<(u64, u64, u64)> = jumps.collect();
            for &x in &self.codes {
                let mut got = Vec::new();
                m.children(x, |k| got.push(k));
                let mut want: Vec<u64> = jumps
                    .iter()
                    .filter(|j| x & j.0 == j.1)
                    .map(|j| m.canonical(x ^ j.0))
                    .collect();
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "children of {x}");
                let mut got = Vec::new();
                m.parents(x, |k| got.push(k));
                let mut want: Vec<u64> = jumps
                    .iter()
                    .filter(|j| x & j.0 == j.2)
                    .map(|j| m.canonical(x ^ j.0))
                    .collect();
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "parents of {x}");
            }
        }
    }

    #[test]
    fn moves_match_the_rules_and_the_canonical_form() {
        let boards = [
            "english",
            "triangle5",
            "trunc18",
            "hexagon37",
            "diamond41",
            "wiegleb",
            "french",
            "row:10",
            "row:64",
        ];
        for name in boards {
            let b = Board::by_name(name).unwrap();
            let mut x = 0x9e37_79b9_7f4a_7c15u64;
            let codes: Vec<u64> = (0..300)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x & b.full()
                })
                .collect();
            assert!(Bitboard::new(&b).is_some(), "{name}");
            for perms in groups(&b) {
                let canon = Canon::new(b.len(), perms);
                with_moves(
                    &b,
                    &canon,
                    Check {
                        codes: codes.clone(),
                    },
                );
            }
        }
    }

    /// Can `x` reach a one-peg position in `goal`? Plain search, no memo, no symmetry.
    fn brute_wins(b: &Board, goal: u64, x: u64) -> bool {
        if position::pegs(x) == 1 {
            return x & goal != 0;
        }
        position::children(b, x).any(|c| brute_wins(b, goal, c))
    }

    #[test]
    fn a_set_position_is_solved_from_its_own_level() {
        for name in ["triangle5", "trunc12"] {
            let b = Board::by_name(name).unwrap();
            for goal in ["a1", "any"] {
                // positions a few jumps after each single vacancy, as set positions
                for h in 0..b.len() as u8 {
                    let mut x = position::single_vacancy(&b, h);
                    for step in 0..4 {
                        let Some(j) = position::legal_jumps(&b, x).nth(step % 2) else {
                            break;
                        };
                        x = position::after(x, j);
                        let text = crate::moves::position_text(&b, x);
                        let p = Problem::with_position(b.clone(), &text, goal).unwrap();
                        let s = solve(&p, Options::default(), &mut |_| {}).unwrap();
                        let want = brute_wins(&b, p.goal_set(), x);
                        assert_eq!(s.is_winning(x), want, "{name} {text} goal {goal}");
                        for c in position::children(&b, x) {
                            let want = brute_wins(&b, p.goal_set(), c);
                            assert_eq!(s.is_winning(c), want, "{name} {text} child {c:#x}");
                        }
                    }
                }
            }
        }
    }
}
