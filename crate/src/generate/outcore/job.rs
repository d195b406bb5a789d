//! A job's sequence of steps, the same on every engine: the forward levels F_n from the start
//! (pruned), then the winning levels W_n from the goal or by the complement trick. An
//! [`Engine`] says where the levels live and runs each step: [`super::Local`] on one machine,
//! or a cluster's worker (`super::cluster`, behind the `distributed` feature).

use super::masked::{Carry, SymbolMoves};
use super::shuffle;
use crate::error::{Error, JobError, Result};
use crate::generate::{with_moves, Moves, WithMoves};
use crate::problem::Problem;

use super::config::Config;

/// How a step's output level is split into parts.
pub enum Parts<'a> {
    /// As many as keep a level of about this many codes within the memory cap.
    About(f64),
    /// As many as this finished level has (the level the output is intersected with, or
    /// whose complements it is).
    Like(&'a str),
}

/// One step of a job: `output` from the keys that `produce` gives for each code of `input`.
pub struct Plan<'a> {
    /// The level read.
    pub input: &'a str,
    /// The level written.
    pub output: &'a str,
    /// How `output` is split.
    pub parts: Parts<'a>,
    /// Keep only keys found in this level.
    pub within: Option<&'a str>,
    /// Keep only keys this accepts (pruning).
    pub keep: Option<&'a (dyn Fn(u64) -> bool + Sync)>,
}

impl<'a> Plan<'a> {
    /// A step whose output is kept within `within` and split as it is.
    pub fn within(input: &'a str, output: &'a str, within: &'a str) -> Plan<'a> {
        Plan {
            input,
            output,
            parts: Parts::Like(within),
            within: Some(within),
            keep: None,
        }
    }

    /// A step whose output is split as its input is, and kept whole.
    pub fn like_input(input: &'a str, output: &'a str) -> Plan<'a> {
        Plan {
            input,
            output,
            parts: Parts::Like(input),
            within: None,
            keep: None,
        }
    }
}

/// Where a job's levels live and how its steps run: on this machine ([`super::Local`]), or spread
/// over the workers of a cluster (`cluster`, behind the `distributed` feature). The job's
/// sequence of steps ([`Job`]) is the same for both; every call here is made by every worker
/// in the same order, so an engine may make each one a collective operation.
pub trait Engine {
    /// A level's size once it is finished (everywhere), or None.
    fn finished(&mut self, name: &str) -> Result<Option<u64>>;
    /// Writes the start level from codes every worker computed alike; returns its size.
    fn write_start(&mut self, name: &str, codes: &[u64]) -> Result<u64>;
    /// Every code of a finished level, ascending (a small level: pruning learns from it).
    fn read_whole(&mut self, name: &str) -> Result<Vec<u64>>;
    /// Runs a step (or what is left of it); returns the output level's size.
    fn step<F: shuffle::Produce>(&mut self, plan: &Plan<'_>, produce: F) -> Result<u64>;
    /// Removes a level the job no longer needs, where it is (nothing when it is not there).
    fn discard(&mut self, name: &str) -> Result<()>;
    /// One line of progress, for a level finished.
    fn progress(&mut self, line: &str);
    /// The mask bits of every key of the job's levels ([`super::masked`]): 0 for codes alone.
    fn mask_bits(&self) -> u32 {
        0
    }
}

/// Runs the job's sequence of steps for `problem` on `engine`: |F_n| and |W_n| for every n.
pub fn run<E: Engine>(
    problem: &Problem,
    cfg: &Config,
    engine: &mut E,
) -> Result<(Vec<u64>, Vec<u64>)> {
    let canon = problem.canon();
    with_moves(
        &problem.board,
        &canon,
        Job {
            problem,
            cfg,
            engine,
        },
    )
}

/// A job's sequence of steps, on any engine.
pub struct Job<'a, E> {
    /// The problem solved.
    pub problem: &'a Problem,
    /// Its configuration.
    pub cfg: &'a Config,
    /// Where the levels are and how steps run.
    pub engine: &'a mut E,
}

impl<E: Engine> WithMoves for Job<'_, E> {
    /// |F_n| and |W_n| for every n.
    type Out = Result<(Vec<u64>, Vec<u64>)>;

    fn run<const G: usize>(self, m: &Moves<G>) -> Self::Out {
        let Job {
            problem,
            cfg,
            engine,
        } = self;
        let n_holes = problem.board.len();
        let full = problem.board.full();
        let mut keep = crate::generate::prune::Prune::new(problem, cfg.prune);
        let mut reachable = vec![0u64; n_holes + 1];
        let f = |n: usize| format!("F{n}");
        let w = |n: usize| format!("W{n}");
        let half = problem.solved_by_halves(cfg.all_reachable);
        let bits = engine.mask_bits();
        let symbols = match bits {
            0 => None,
            _ => Some(
                SymbolMoves::new(&problem.board, &problem.canon())
                    .filter(|sm| sm.bits() == bits && half)
                    .ok_or(JobError::MasksUnfit(bits))?,
            ),
        };
        let mut starts: Vec<u64> = problem
            .start_positions()
            .iter()
            .filter_map(|&p| {
                let (c, s) = m.canonical_with_symmetry(p);
                keep.keeps(c).then(|| match &symbols {
                    None => c,
                    Some(sm) => sm.key(Carry::Starts, sm.class(p), sm.symbol(p, 0, full ^ p), c, s),
                })
            })
            .collect();
        starts.sort_unstable();
        crate::generate::par::merge_equal_keys(&mut starts, bits);
        let top = n_holes - 1;
        let mut resume = Resume::default();
        reachable[top] = resume.level(engine, &f(top), |e| e.write_start(&f(top), &starts))?;

        let h = n_holes.div_ceil(2);
        let lowest = if half { h } else { 1 };
        for n in (lowest..top).rev() {
            let above = reachable[n + 1] as f64;
            let growth = if n + 2 <= top && reachable[n + 2] > 0 {
                above / reachable[n + 2] as f64
            } else {
                8.0
            };
            // the same levels as in memory are learnt from, so both prune alike; such a level
            // holds at most a few million codes, and is read back whole only then
            if keep.wants_to_learn(reachable[n + 1]) {
                let mut level = engine.read_whole(&f(n + 1))?;
                level.iter_mut().for_each(|k| *k >>= bits);
                keep.learn(&level);
            }
            let kept = |c| keep.keeps(c);
            let (input, output) = (f(n + 1), f(n));
            let plan = Plan {
                input: &input,
                output: &output,
                parts: Parts::About(above * growth.max(1.0)),
                within: None,
                keep: Some(&kept),
            };
            reachable[n] = resume.level(engine, &output, |e| match &symbols {
                None => e.step(&plan, |x, out| m.children(x, &mut *out)),
                Some(sm) => e.step(&plan, |key, out| {
                    let (x, sym, class) = sm.split(key);
                    m.children_with_symmetry(x, |c, t| out(sm.key(Carry::Starts, class, sym, c, t)))
                }),
            })?;
            engine.progress(&format!("reachable with {n} pegs: {}", reachable[n]));
        }

        if half {
            // x in F_h wins iff some child c has complement(c) in F_(N−h+1).
            let k = match n_holes % 2 {
                1 => {
                    let k =
                        resume.level(engine, &w(h), |e| meet_in_halves(e, h, full, m, &symbols))?;
                    // also when W_h was found made: a job killed before it removed its half
                    engine.discard(&meet_half(h))?;
                    k
                }
                _ => {
                    let (input, output, within) = (f(n_holes - h + 1), w(h), f(h));
                    let plan = Plan::within(&input, &output, &within);
                    resume.level(engine, &output, |e| match &symbols {
                        None => e.step(&plan, |y, out| m.parents(full ^ y, &mut *out)),
                        Some(sm) => e.step(&plan, |key, out| {
                            let (y, sym, class) = sm.split(key);
                            m.parents_with_symmetry(full ^ y, |c, t| {
                                out(sm.key(Carry::StartsToFinishes, class, sym, c, t))
                            })
                        }),
                    })?
                }
            };
            engine.progress(&format!("winning with {h} pegs: {k}"));
            for n in h + 1..n_holes {
                let k = resume.level(engine, &w(n), |e| match &symbols {
                    None => winning_step(e, n, |y, out| m.parents(y, &mut *out)),
                    Some(sm) => winning_step(e, n, |key, out| {
                        let (y, sym, class) = sm.split(key);
                        m.parents_with_symmetry(y, |c, t| {
                            out(sm.key(Carry::Finishes, class, sym, c, t))
                        })
                    }),
                })?;
                engine.progress(&format!("winning with {n} pegs: {k}"));
            }
            for n in 1..h {
                let (input, output) = (w(n_holes - n), w(n));
                let plan = Plan::like_input(&input, &output);
                resume.level(engine, &output, |e| match &symbols {
                    None => e.step(&plan, |y, out| out(m.canonical(full ^ y))),
                    Some(sm) => e.step(&plan, |key, out| {
                        let (y, sym, class) = sm.split(key);
                        let (c, t) = m.canonical_with_symmetry(full ^ y);
                        out(sm.key(Carry::Swap, class, sym, c, t))
                    }),
                })?;
            }
        } else {
            let goal = problem.goal_set();
            let (input, output) = (f(1), w(1));
            let plan = Plan::like_input(&input, &output);
            resume.level(engine, &output, |e| {
                e.step(&plan, |x, out| {
                    if x & goal != 0 {
                        out(x)
                    }
                })
            })?;
            for n in 2..n_holes {
                let k = resume.level(engine, &w(n), |e| {
                    winning_step(e, n, |y, out| m.parents(y, &mut *out))
                })?;
                engine.progress(&format!("winning with {n} pegs: {k}"));
            }
        }
        resume.all_finished(engine);
        let mut winning = vec![0u64; n_holes + 1];
        for (n, size) in winning.iter_mut().enumerate().take(n_holes).skip(1) {
            *size = engine
                .finished(&w(n))?
                .ok_or_else(|| Error::from(JobError::DidNotFinish(w(n))))?;
        }
        engine.progress(&format!(
            "winning positions: {}",
            winning.iter().sum::<u64>()
        ));
        Ok((reachable, winning))
    }
}

/// The level that holds the meet's first half on an odd board ([`meet_in_halves`]).
fn meet_half(h: usize) -> String {
    format!("M{h}")
}

/// W_h by the meet on a board of 2h − 1 holes, where it looks in F_h from F_h itself: y
/// makes x, a parent of its complement, exactly when x makes y (a jump from x to full ^ y
/// is, complemented, a jump from y to full ^ x, and symmetries commute with the complement).
/// So each winning pair is found once, from its lesser end: M_h holds each x made from some
/// y ≤ x, then W_h adds what each member y of M_h makes below itself, and M_h's own keys.
/// Each key of the plain meet is then made once rather than from both ends of its pair.
/// (The keys a code makes drift along each step's input, from many to few in the first and
/// from few to many in the second: the steps measure them along each chunk.)
fn meet_in_halves<E: Engine, const G: usize>(
    engine: &mut E,
    h: usize,
    full: u64,
    m: &Moves<G>,
    symbols: &Option<SymbolMoves>,
) -> Result<u64> {
    let (level, half, output) = (format!("F{h}"), meet_half(h), format!("W{h}"));
    let first = Plan::within(&level, &half, &level);
    let second = Plan::within(&half, &output, &level);
    match symbols {
        None => {
            engine.step(&first, |y, out| {
                m.parents(full ^ y, |x| {
                    if x >= y {
                        out(x)
                    }
                })
            })?;
            engine.step(&second, |y, out| {
                out(y);
                m.parents(full ^ y, |x| {
                    if x < y {
                        out(x)
                    }
                })
            })
        }
        Some(sm) => {
            engine.step(&first, |key, out| {
                let (y, sym, class) = sm.split(key);
                m.parents_with_symmetry(full ^ y, |x, t| {
                    if x >= y {
                        out(sm.key(Carry::StartsToFinishes, class, sym, x, t))
                    }
                })
            })?;
            // the key of y holds its start holes (M_h is kept within F_h, whose keys hold
            // them), which is all the carry reads
            engine.step(&second, |key, out| {
                out(key);
                let (y, sym, class) = sm.split(key);
                m.parents_with_symmetry(full ^ y, |x, t| {
                    if x < y {
                        out(sm.key(Carry::StartsToFinishes, class, sym, x, t))
                    }
                })
            })
        }
    }
}

/// W_n from the keys `produce` makes of W_(n−1) (their parents), kept within F_n.
fn winning_step<E: Engine, F: shuffle::Produce>(
    engine: &mut E,
    n: usize,
    produce: F,
) -> Result<u64> {
    let (input, output, within) = (format!("W{}", n - 1), format!("W{n}"), format!("F{n}"));
    engine.step(&Plan::within(&input, &output, &within), produce)
}

/// Says, once, where a job run again over its work directory goes on: the levels it finds
/// finished (everywhere, on a cluster) before the first one it has to make.
#[derive(Default)]
struct Resume {
    /// The levels found finished so far, in the job's order.
    finished: Vec<String>,
    /// True once a level had to be made: the rest is made (or resumed) by the steps.
    going: bool,
}

impl Resume {
    /// Level `name`: its size if it is finished, else what `make` makes of it.
    fn level<E: Engine>(
        &mut self,
        engine: &mut E,
        name: &str,
        make: impl FnOnce(&mut E) -> Result<u64>,
    ) -> Result<u64> {
        if !self.going {
            if let Some(k) = engine.finished(name)? {
                self.finished.push(name.to_string());
                return Ok(k);
            }
            self.going = true;
            if !self.finished.is_empty() {
                engine.progress(&format!("resuming: {}, going on from {name}", self.found()));
            }
        }
        make(engine)
    }

    /// Says so when every level was found finished (a finished job run again).
    fn all_finished<E: Engine>(&self, engine: &mut E) {
        if !self.going && !self.finished.is_empty() {
            engine.progress(&format!(
                "resuming: {}, nothing is left to make",
                self.found()
            ));
        }
    }

    /// "levels F32..F22 are finished", or "level F32 is finished".
    fn found(&self) -> String {
        match &self.finished[..] {
            [one] => format!("level {one} is finished"),
            many => format!("levels {} are finished", ranges(many)),
        }
    }
}

/// Level names in runs: `F32..F17, W17..W20` for F32, F31, …, F17, W17, …, W20.
fn ranges(names: &[String]) -> String {
    let parse = |s: &str| -> Option<(char, i64)> {
        let kind = s.chars().next()?;
        Some((kind, s.get(1..)?.parse().ok()?))
    };
    let mut runs: Vec<(String, String)> = Vec::new();
    let mut last: Option<(char, i64, i64)> = None;
    for name in names {
        let this = parse(name);
        let follows = match (last, this) {
            (Some((k, prev, step)), Some((kind, n))) => {
                k == kind && (n - prev).abs() == 1 && (step == 0 || n - prev == step)
            }
            _ => false,
        };
        match (follows, runs.last_mut(), last, this) {
            (true, Some(run), Some((_, prev, _)), Some((kind, n))) => {
                run.1 = name.clone();
                last = Some((kind, n, n - prev));
            }
            _ => {
                runs.push((name.clone(), name.clone()));
                last = this.map(|(kind, n)| (kind, n, 0));
            }
        }
    }
    runs.iter()
        .map(|(a, b)| {
            if a == b {
                a.clone()
            } else {
                format!("{a}..{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::ranges;

    #[test]
    fn finished_levels_are_told_in_runs() {
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(ranges(&names(&["F32"])), "F32");
        assert_eq!(ranges(&names(&["F32", "F31", "F30"])), "F32..F30");
        assert_eq!(
            ranges(&names(&["F32", "F31", "F17", "W17", "W18", "W19"])),
            "F32..F31, F17, W17..W19"
        );
        assert_eq!(ranges(&names(&["W3", "W4", "W3"])), "W3..W4, W3");
    }
}
