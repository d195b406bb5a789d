//! Falling pagodas learnt from one level's positions, for the pruning of the levels below.
//!
//! The LP pagodas of a finish hole are made before any position is known, and on the English
//! central game they drop about a fifth of the middle levels. A falling pagoda that the LP
//! fits to one position ([`Pagodas::learn_falling`]) excludes far more: about half of the
//! middle-game positions that can't finish. Each excludes a different share, so the generator
//! fits some to a sample of one level and keeps the few *families* (a pagoda with its images
//! under the symmetries that fix the finish, since codes are canonical and come in any
//! orientation) that exclude the most of a second sample. Every later level is tested with
//! them. Like every pagoda, a learnt one is checked exactly against every jump before use.

use crate::generate::par;
use crate::pagoda::{Pagoda, Pagodas, Screen};

/// Positions of the level the LP is fitted to.
const FIT: usize = 160;
/// Positions the families are chosen on.
const CHOOSE: usize = 800;
/// Floors on the finish's weight tried for each position: on the English board 0 and 2 found
/// every family worth keeping, and 1 and 3 only found them again.
const FLOORS: [f64; 2] = [0.0, 2.0];
/// A family is kept while it excludes at least one in this many of the positions it is
/// chosen on that the families before it kept (fewer would cost more to test than it saves).
const WORTH: usize = 400;

/// Families of falling pagodas for a finish on `hole`, fitted to positions of `level`, that
/// exclude positions `known` keeps, most useful first, `room` pagodas at most, each one that
/// fits a lane of the screen.
pub fn families(
    pagodas: &Pagodas,
    hole: u8,
    level: &[u64],
    known: &Screen,
    room: usize,
) -> Vec<Pagoda> {
    let fit = spread(level, FIT, 0);
    let choose: Vec<u64> = spread(level, CHOOSE, 1)
        .into_iter()
        .filter(|&x| !known.excludes(x))
        .collect();
    let found: Vec<Vec<Pagoda>> = par::map(&fit, |x| {
        FLOORS
            .iter()
            .filter_map(|&f| pagodas.learn_falling(x, hole, f))
            .collect()
    });
    let mut all: Vec<Vec<Pagoda>> = Vec::new();
    for p in found.into_iter().flatten() {
        if !all.iter().any(|f| f.contains(&p)) {
            all.push(pagodas.family(hole, &p));
        }
    }
    all.retain(|f| f.iter().all(Screen::fits));
    // which positions each family excludes, then greedily the family excluding most of
    // those still kept
    let hits: Vec<Vec<bool>> = all
        .iter()
        .map(|f| {
            choose
                .iter()
                .map(|&x| f.iter().any(|p| p.excludes(x, hole)))
                .collect()
        })
        .collect();
    let mut kept = vec![true; choose.len()];
    let mut out: Vec<Pagoda> = Vec::new();
    let mut used = vec![false; all.len()];
    loop {
        let left = kept.iter().filter(|&&k| k).count();
        let best = (0..all.len())
            .filter(|&i| !used[i] && out.len() + all[i].len() <= room)
            .map(|i| {
                let n = hits[i].iter().zip(&kept).filter(|(&h, &k)| h && k).count();
                (n, std::cmp::Reverse(i))
            })
            .max();
        let Some((n, std::cmp::Reverse(i))) = best else {
            break;
        };
        if n == 0 || n * WORTH < left {
            break;
        }
        used[i] = true;
        out.extend(all[i].iter().cloned());
        for (k, &h) in kept.iter_mut().zip(&hits[i]) {
            *k &= !h;
        }
    }
    out
}

/// About `n` members of a sorted level, evenly spaced, starting `offset` into each step.
fn spread(level: &[u64], n: usize, offset: usize) -> Vec<u64> {
    let step = (level.len() / n.max(1)).max(1);
    level
        .iter()
        .skip(offset.min(step - 1))
        .step_by(step)
        .copied()
        .collect()
}
