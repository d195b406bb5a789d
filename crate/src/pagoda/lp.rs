//! The linear programme behind pagoda functions, solved by a small dense simplex.
//!
//! Primal: minimise `cost · p` over weights `p ≥ 0` on the holes, subject to
//! `p(from) + p(over) − p(to) ≥ d` for every jump and `p(goal) ≥ g` (a plain pagoda: d = 0,
//! g = 1; one whose value falls by at least one a jump: d = 1). It is always feasible (large
//! enough constant weights) and bounded (costs are non-negative), so we solve its dual,
//! maximise `d Σ y + g z` subject to `Σ_j A_jh y_j + [h = goal] z ≤ cost_h`, `y, z ≥ 0`, whose origin is a
//! basic feasible solution: one phase, slack basis, Bland's rule against cycling (the problem
//! is very degenerate). The primal weights are the reduced costs of the slacks at the optimum.
//!
//! Floating point is fine here: the caller turns the weights into integers and checks every
//! inequality exactly, so a rounding error can only cost a pagoda, never make one unsound.

/// Tolerance on pivots and reduced costs.
const EPS: f64 = 1e-9;

/// Most pivots before giving up (Bland's rule terminates, but slowly on bad cases).
const MAX_PIVOTS: usize = 20_000;

/// What the weights must satisfy besides `p ≥ 0`.
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    /// Least fall of value along every jump: `p(from) + p(over) − p(to) ≥ drop`.
    pub drop: f64,
    /// Least weight of the goal hole.
    pub goal: f64,
}

/// Minimum-cost weights (one per hole) within `bounds`, or None if the simplex gave up.
/// `lines` are the jumps as (from, over, to).
pub fn solve(
    holes: usize,
    lines: &[(u8, u8, u8)],
    goal: u8,
    cost: &[f64],
    bounds: Bounds,
) -> Option<Vec<f64>> {
    let lp = Lp {
        holes,
        lines,
        goal,
        cost,
        bounds,
    };
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, as just checked (`wide` runs AVX-512F's where it can)
        return unsafe { wide(lp) };
    }
    simplex(lp)
}

/// One programme: what [`solve`] is given.
#[derive(Clone, Copy)]
struct Lp<'a> {
    holes: usize,
    lines: &'a [(u8, u8, u8)],
    goal: u8,
    cost: &'a [f64],
    bounds: Bounds,
}

/// [`simplex`] built for AVX2: the row updates take four lanes at a time, each lane the
/// same multiply and subtract (no fused multiply-add), so every weight comes out the same.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn solve_avx2(lp: Lp) -> Option<Vec<f64>> {
    simplex(lp)
}

/// The simplex of [`solve`].
#[inline(always)]
fn simplex(lp: Lp) -> Option<Vec<f64>> {
    let Lp {
        holes,
        lines,
        goal,
        cost,
        bounds,
    } = lp;
    let m = lines.len();
    let cols = m + 1 + holes; // y_j, z, slacks
    let width = cols + 1; // + right-hand side
    let mut t = vec![0.0f64; holes * width];
    for (j, &(a, b, c)) in lines.iter().enumerate() {
        t[a as usize * width + j] += 1.0;
        t[b as usize * width + j] += 1.0;
        t[c as usize * width + j] -= 1.0;
    }
    for h in 0..holes {
        t[h * width + m + 1 + h] = 1.0;
        t[h * width + cols] = cost.get(h).copied().unwrap_or(1.0).max(0.0);
    }
    t[goal as usize * width + m] = 1.0;
    // objective row (maximise z): reduced costs
    let mut obj = vec![0.0f64; width];
    obj[..m].fill(-bounds.drop);
    obj[m] = -bounds.goal;
    let mut basis: Vec<usize> = (0..holes).map(|h| m + 1 + h).collect();
    for _ in 0..MAX_PIVOTS {
        let Some(e) = (0..cols).find(|&k| obj[k] < -EPS) else {
            return Some((0..holes).map(|h| obj[m + 1 + h].max(0.0)).collect());
        };
        let mut leave: Option<(usize, f64)> = None;
        for i in 0..holes {
            let a = t[i * width + e];
            if a > EPS {
                let r = t[i * width + cols] / a;
                let better = match leave {
                    None => true,
                    Some((l, best)) => r < best - EPS || (r <= best + EPS && basis[i] < basis[l]),
                };
                if better {
                    leave = Some((i, r));
                }
            }
        }
        let (l, _) = leave?; // unbounded dual: cannot happen with a feasible primal
        let pivot = t[l * width + e];
        for v in &mut t[l * width..(l + 1) * width] {
            *v /= pivot;
        }
        let row: Vec<f64> = t[l * width..(l + 1) * width].to_vec();
        for i in 0..holes {
            if i == l {
                continue;
            }
            let f = t[i * width + e];
            if f != 0.0 {
                for (v, r) in t[i * width..(i + 1) * width].iter_mut().zip(&row) {
                    *v -= f * r;
                }
            }
        }
        let f = obj[e];
        for (v, r) in obj.iter_mut().zip(&row) {
            *v -= f * r;
        }
        basis[l] = e;
    }
    None
}

/// The widest build of [`simplex`] the CPU has: AVX-512F's where it has it, else AVX2's.
/// (Below `simplex`, so that the lines of the wasm's panic locations stay where they were:
/// the page's budget counts its brotli bytes.)
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
unsafe fn wide(lp: Lp) -> Option<Vec<f64>> {
    if std::arch::is_x86_feature_detected!("avx512f") {
        // SAFETY: the CPU has AVX-512F, as just checked
        return unsafe { solve_avx512(lp) };
    }
    // SAFETY: the caller vouches for AVX2
    unsafe { solve_avx2(lp) }
}

/// [`simplex`] built for AVX-512F: eight lanes at a time, the same operations lane by lane
/// as [`solve_avx2`]'s (Rust never fuses a multiply and an add on its own).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn solve_avx512(lp: Lp) -> Option<Vec<f64>> {
    simplex(lp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_of_three_needs_weight_behind_the_goal() {
        // holes 0 1 2, jumps 0 over 1 into 2 and back; goal 2: p0 + p1 >= 1, cheapest at a vertex
        let plain = Bounds {
            drop: 0.0,
            goal: 1.0,
        };
        let p = solve(3, &[(0, 1, 2), (2, 1, 0)], 2, &[1.0, 1.0, 1.0], plain).unwrap();
        assert!((p[2] - 1.0).abs() < 1e-9, "{p:?}");
        assert!((p[0] + p[1] - 1.0).abs() < 1e-9, "{p:?}");
        assert!(p[2] + p[1] >= p[0] - 1e-9);
    }

    #[test]
    fn the_wide_builds_give_the_plain_build_s_weights_bit_for_bit() {
        // The generator's pruning, and so every level size it quotes, rests on these weights:
        // plain and falling pagodas on three boards, costs from a fixed generator, every hole
        // a goal in turn.
        use crate::Board;
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % 1000) as f64 / 100.0
        };
        let mut solved = 0;
        for name in ["english", "french", "triangle7"] {
            let b = Board::by_name(name).unwrap();
            let lines: Vec<(u8, u8, u8)> =
                b.jumps().iter().map(|j| (j.from, j.over, j.to)).collect();
            for goal in 0..b.len() as u8 {
                let cost: Vec<f64> = (0..b.len()).map(|_| next()).collect();
                for bounds in [(0.0, 1.0), (1.0, 0.0), (1.0, 2.0)] {
                    let bounds = Bounds {
                        drop: bounds.0,
                        goal: bounds.1,
                    };
                    let fast = solve(b.len(), &lines, goal, &cost, bounds);
                    let plain = simplex(Lp {
                        holes: b.len(),
                        lines: &lines,
                        goal,
                        cost: &cost,
                        bounds,
                    });
                    let bits = |p: Option<Vec<f64>>| {
                        p.map(|p| p.iter().map(|w| w.to_bits()).collect::<Vec<u64>>())
                    };
                    solved += usize::from(fast.is_some());
                    assert_eq!(bits(fast), bits(plain), "{name} goal {goal}");
                }
            }
        }
        assert!(solved > 200, "{solved}");
    }
}
