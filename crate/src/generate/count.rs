//! Counting winning games: the number of distinct jump sequences from a position to the goal.
//!
//! The count of a position is the sum of the counts of its winning children, and 1 for a goal
//! position. Counts are invariant under the symmetries that keep the goal, so the work runs on
//! canonical codes, level by level, over the winning positions reachable from the position.

use super::{par, with_moves, Moves, Solved, WithMoves};
use crate::position;
use crate::problem::{Problem, Start};
use crate::symmetry::Canon;

/// Exact number of jump sequences from `code` that reach the goal; None when it passes
/// `u128::MAX` (too many to count: a wrapped sum would be a wrong number). `is_winning` must be
/// exact for every position reachable from `code` and for their images under `canon`'s group
/// (it is asked about canonical codes; a table or a solver for the problem qualifies, as that
/// group keeps the start and the goal).
pub fn count_from(
    problem: &Problem,
    canon: &Canon,
    code: u64,
    is_winning: impl Fn(u64) -> bool + Sync + Send,
) -> Option<u128> {
    let top = position::pegs(code) as usize;
    if top == 0 || !is_winning(code) {
        return Some(0);
    }
    with_moves(
        &problem.board,
        canon,
        Count {
            problem,
            code,
            top,
            is_winning,
        },
    )
}

/// Children handled at once by the counting pass (more go the slow way).
pub(super) const MAX_JUMPS: usize = 32;

/// The sum of `counts`, or None if it passes `u128::MAX`.
fn checked_sum(counts: impl IntoIterator<Item = u128>) -> Option<u128> {
    counts.into_iter().try_fold(0u128, u128::checked_add)
}

/// A count in a [`Counts`] table: u64 where the counts fit (slots of 16 bytes, half of
/// u128's, so a level's table takes half the cache), else u128.
trait Num: Copy + Default + Send + Sync + Into<u128> {
    const ONE: Self;
    fn checked_add(self, other: Self) -> Option<Self>;
}

impl Num for u64 {
    const ONE: u64 = 1;
    #[inline]
    fn checked_add(self, other: u64) -> Option<u64> {
        u64::checked_add(self, other)
    }
}

impl Num for u128 {
    const ONE: u128 = 1;
    #[inline]
    fn checked_add(self, other: u128) -> Option<u128> {
        u128::checked_add(self, other)
    }
}

/// The sum of `table`'s counts over the codes `each` calls its argument with (None past
/// `C`'s range), one lookup after another: for a position with more than [`MAX_JUMPS`]
/// codes, which [`sums_over`] does not batch.
fn sum_over<C: Num>(table: &Counts<C>, each: impl Fn(&mut dyn FnMut(u64))) -> Option<C> {
    let mut sum = Some(C::default());
    each(&mut |c| sum = sum.and_then(|s| s.checked_add(table.get(c))));
    sum
}

/// Positions whose lookups [`sums_over`] starts together.
const BATCH: usize = 16;
/// Positions a thread of [`sums_over`] takes at a time.
const SPAN: usize = 1 << 10;

/// [`sum_over`] for every element of `level`, in parallel (None when a sum passes `C`'s
/// range). The codes of a batch of positions are gathered and all their slots prefetched
/// before any is read: a position's ten or so lookups are too few to hide the latency of a
/// table that outgrows the cache, a batch's are not.
fn sums_over<C: Num>(
    table: &Counts<C>,
    level: &[u64],
    each: impl Fn(u64, &mut dyn FnMut(u64)) + Sync + Send,
) -> Option<Vec<C>> {
    let spans = par::map_index(level.len().div_ceil(SPAN), |j| {
        let span = &level[j * SPAN..((j + 1) * SPAN).min(level.len())];
        let mut out = Vec::with_capacity(span.len());
        let mut codes = [0u64; BATCH * MAX_JUMPS];
        // where each position's codes end in `codes`; None for one with more than MAX_JUMPS
        let mut ends = [None; BATCH];
        for batch in span.chunks(BATCH) {
            let mut n = 0;
            for (i, &x) in batch.iter().enumerate() {
                let mut k = 0;
                each(x, &mut |c| {
                    if k < MAX_JUMPS {
                        codes[n + k] = c;
                    }
                    k += 1;
                });
                ends[i] = (k <= MAX_JUMPS).then(|| {
                    n += k;
                    n
                });
            }
            codes[..n].iter().for_each(|&c| table.prefetch(c));
            let mut start = 0;
            for (&x, end) in batch.iter().zip(ends) {
                let sum = match end {
                    Some(end) => {
                        let codes = &codes[start..end];
                        start = end;
                        codes
                            .iter()
                            .try_fold(C::default(), |s, &c| s.checked_add(table.get(c)))
                    }
                    None => sum_over(table, |out| each(x, out)),
                };
                out.push(sum?);
            }
        }
        Some(out)
    });
    let spans: Vec<Vec<C>> = spans.into_iter().collect::<Option<_>>()?;
    Some(spans.concat())
}

/// The work of `count_from`.
struct Count<'a, F> {
    problem: &'a Problem,
    code: u64,
    top: usize,
    is_winning: F,
}

impl<F: Fn(u64) -> bool + Sync + Send> WithMoves for Count<'_, F> {
    type Out = Option<u128>;

    fn run<const G: usize>(self, m: &Moves<G>) -> Option<u128> {
        let Count {
            problem,
            code,
            top,
            is_winning,
        } = self;
        let bits = problem.board.len() as u32;
        // levels[n]: canonical winning positions with n pegs reachable from `code`. The children
        // are deduplicated before `is_winning` sees them, in sorted order (kind to its caches).
        let mut levels: Vec<Vec<u64>> = vec![Vec::new(); top + 1];
        let pool = par::Pool::default();
        levels[top] = vec![m.canonical(code)];
        for n in (2..=top).rev() {
            let children = par::collect(&pool, &levels[n], bits, None, |x, out| {
                m.children(x, |c| out.push(c))
            });
            levels[n - 1] = par::filter(&children, &is_winning);
        }
        let goals: Vec<u128> = levels[1]
            .iter()
            .map(|&x| u128::from(problem.is_goal(x)))
            .collect();
        let mut below = Counts::new(&levels[1], &goals);
        for level in &levels[2..] {
            let counts = sums_over(&below, level, |x, out| m.children(x, out))?;
            below = Counts::new(level, &counts);
        }
        Some(below.get(levels[top][0]))
    }
}

/// The solutions of a solved problem whose goal is its start hole, met in the middle: with
/// f(x) the number of jump sequences from the start to x, the solutions through a position x
/// of the middle level number f(x) · f(complement of x), because reversing a sequence from x
/// to the goal and complementing every position gives one from the start to x's complement
/// (and back). So f is needed only on the upper half of the winning levels, and it is pulled
/// from parents, as the counts of `count_from` are from children. None when the problem isn't
/// of that kind (then use `count_from`) or the count passes `u128::MAX`.
pub fn count_by_halves(s: &Solved) -> Option<u128> {
    if !halves_apply(&s.problem) {
        return None;
    }
    with_moves(&s.problem.board, &s.canon, Halves { s })
}

/// The fewest pegs of the winning levels `count_by_halves` reads (see
/// `Options::fewest_pegs`): the middle level and those above it.
pub fn halves_from(p: &Problem) -> usize {
    p.board.len() / 2
}

/// True when `count_by_halves` counts the problem's solutions: a game from one start hole
/// back to it.
pub fn halves_apply(p: &Problem) -> bool {
    matches!(p.start, Start::Hole(_)) && p.is_self_complementary() && p.board.len() >= 3
}

/// The work of `count_by_halves`.
struct Halves<'a> {
    s: &'a Solved,
}

impl WithMoves for Halves<'_> {
    type Out = Option<u128>;

    fn run<const G: usize>(self, m: &Moves<G>) -> Option<u128> {
        // u64 counts first; u128 only when a count passes u64 (then the pass runs again)
        halves::<G, u64>(self.s, m).or_else(|| halves::<G, u128>(self.s, m))
    }
}

/// `count_by_halves` with counts of type `C` (None when one passes `C`'s range, or the total
/// passes u128's).
fn halves<const G: usize, C: Num>(s: &Solved, m: &Moves<G>) -> Option<u128> {
    let holes = s.problem.board.len();
    let full = s.problem.board.full();
    let w = &s.winning;
    let top = holes - 1;
    // f on the middle level `low` and on its complements' level `holes - low`
    let low = halves_from(&s.problem);
    let mut f = Counts::new(&w[top], &vec![C::ONE; w[top].len()]);
    for n in (low + 1..top).rev() {
        let counts = sums_over(&f, &w[n], |y, out| m.parents(y, out))?;
        f = Counts::new(&w[n], &counts);
    }
    // f on the middle level, in its order (no table: it is read in that order)
    let here = sums_over(&f, &w[low], |y, out| m.parents(y, out))?;
    // the level of the middle's complements: low + 1 on an odd board (f's table), the middle
    // itself on an even one
    let even;
    let mirror = if holes - low == low {
        even = Counts::new(&w[low], &here);
        &even
    } else {
        &f
    };
    let order = s.canon.perms().len().clamp(1, G);
    // a lookup a position, batched as the levels' are
    let there = sums_over(mirror, &w[low], |x, out| out(m.canonical(full ^ x)))?;
    let parts = par::map_index(w[low].len(), |i| {
        // x stands for its whole orbit under the group
        let im = m.images(w[low][i]);
        let orbit = (0..order).filter(|&i| !im[..i].contains(&im[i])).count();
        let paths = here[i].into().checked_mul(there[i].into())?;
        paths.checked_mul(orbit as u128)
    });
    checked_sum(parts.into_iter().collect::<Option<Vec<u128>>>()?)
}

/// Values of one level by code (counts, or chances in `wins`): an open-addressing hash table,
/// one cache miss a lookup where a binary search over a level that outgrows the cache takes
/// several.
pub(super) struct Counts<T> {
    slots: Vec<(u64, T)>,
    mask: usize,
}

impl<T: Copy + Default> Counts<T> {
    /// Slots for `codes` codes (at most half of them full).
    fn slots_for(codes: usize) -> usize {
        (2 * codes).next_power_of_two().max(2)
    }

    /// Bytes the table of `codes` codes takes.
    pub(super) fn bytes_for(codes: usize) -> usize {
        Self::slots_for(codes) * std::mem::size_of::<(u64, T)>()
    }

    /// The table of `codes` (distinct, none 0) with their values.
    pub(super) fn new(codes: &[u64], counts: &[T]) -> Counts<T> {
        let size = Self::slots_for(codes.len());
        let mut slots = Vec::with_capacity(size);
        #[cfg(feature = "outcore")]
        super::huge_pages::advise_huge(slots.spare_capacity_mut());
        slots.resize(size, (0u64, T::default()));
        let mask = size - 1;
        for (&c, &n) in codes.iter().zip(counts) {
            let mut i = Self::slot(c, mask);
            while slots[i].0 != 0 {
                i = (i + 1) & mask;
            }
            slots[i] = (c, n);
        }
        Counts { slots, mask }
    }

    #[inline]
    fn slot(code: u64, mask: usize) -> usize {
        (code.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize & mask
    }

    /// Asks the cache for `code`'s first slot.
    #[inline]
    fn prefetch(&self, code: u64) {
        super::cache::prefetch(&self.slots[Self::slot(code, self.mask)]);
    }

    /// The value of `code`, the default (0) when it is not in the level (codes are never 0: no
    /// level holds the empty board).
    #[inline]
    pub(super) fn get(&self, code: u64) -> T {
        let mut i = Self::slot(code, self.mask);
        loop {
            let (c, n) = self.slots[i];
            if c == code {
                return n;
            }
            if c == 0 {
                return T::default();
            }
            i = (i + 1) & self.mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{solve, Options};
    use crate::problem::{Goal, Start};
    use crate::Board;

    #[test]
    fn counts_match_a_plain_search() {
        for name in ["triangle5", "trunc12", "triangle6"] {
            let b = Board::by_name(name).unwrap();
            let goals = [Goal::Any, Goal::Hole(0), Goal::Hole(4), Goal::Start];
            for (start, goal) in [(Start::Hole(0), goals[3]), (Start::Hole(3), goals[3])]
                .into_iter()
                .chain(goals[..3].iter().map(|&g| (Start::All, g)))
            {
                let p = Problem::new(b.clone(), start, goal).unwrap();
                let s = solve(&p, Options::default(), &mut |_| {}).unwrap();
                let mut memo = std::collections::HashMap::new();
                // every start, then positions a few jumps in
                let mut xs = p.start_positions();
                for _ in 0..3 {
                    let next: Vec<u64> = xs
                        .iter()
                        .flat_map(|&x| position::children(&b, x).collect::<Vec<_>>())
                        .collect();
                    xs.extend(next.into_iter().step_by(7).take(40));
                }
                for x in xs {
                    let want = crate::search::brute::count(&p, x, &mut memo);
                    let got = count_from(&p, &s.canon, x, |c| s.is_winning(c));
                    assert_eq!(got, Some(want), "{name} {start:?} {goal:?} from {x}");
                }
            }
        }
    }

    #[test]
    fn counting_by_halves_agrees_with_counting_from_the_start() {
        let cases = [
            ("triangle5", "a1"),
            ("triangle5", "c3"),
            ("trunc12", "a1"),
            ("triangle6", "a1"),
            ("triangle6", "b4"),
            ("row:6", "b1"),
            ("english", "d4"),
        ];
        let mut nonzero = 0;
        for (name, start) in cases {
            let b = Board::by_name(name).unwrap();
            let p = Problem::parse(b, start, "start").unwrap();
            let s = solve(&p, Options::default(), &mut |_| {}).unwrap();
            let want = count_from(&p, &s.canon, p.start_positions()[0], |c| s.is_winning(c));
            assert_eq!(count_by_halves(&s), want, "{name} {start}");
            // solved only as far down as the count reads: the same count, and nothing below
            let from = halves_from(&p);
            let opts = Options {
                fewest_pegs: from,
                ..Options::default()
            };
            let upper = solve(&p, opts, &mut |_| {}).unwrap();
            assert_eq!(count_by_halves(&upper), want, "{name} {start}, upper half");
            assert_eq!(upper.winning[from..], s.winning[from..], "{name} {start}");
            assert!(
                upper.winning[..from].iter().all(Vec::is_empty),
                "{name} {start}"
            );
            nonzero += usize::from(want != Some(0));
        }
        assert!(nonzero >= 5, "{nonzero} games with solutions");
        // not a game of that kind: no answer, never a wrong one
        let b = Board::by_name("triangle5").unwrap();
        let p = Problem::parse(b, "a1", "any").unwrap();
        let s = solve(&p, Options::default(), &mut |_| {}).unwrap();
        assert_eq!(count_by_halves(&s), None);
    }

    #[test]
    fn sums_past_u128_max_are_refused_not_wrapped() {
        assert_eq!(checked_sum([u128::MAX - 1, 1]), Some(u128::MAX));
        assert_eq!(checked_sum([u128::MAX, 1]), None);
        assert_eq!(checked_sum([u128::MAX / 2 + 1, u128::MAX / 2 + 1]), None);
        assert_eq!(checked_sum([]), Some(0));
    }
}
