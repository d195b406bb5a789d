//! `pegwise stats`: reachable and winning positions per peg count, symmetry-reduced.

use serde_json::json;

use crate::common::{problem_of, unsolvable_note, Output, ProblemArgs};
use crate::outcore::{self, OutOfCoreArgs};
use pegwise::generate::Options;
use pegwise::Error;

/// The per-level table and its totals.
pub fn run(a: &ProblemArgs, o: &OutOfCoreArgs) -> Result<Output, Error> {
    let p = problem_of(a)?;
    let sets = outcore::solve(
        &p,
        Options {
            all_reachable: true,
            ..Options::default()
        },
        o,
    )?;
    if let Some(out) = outcore::not_here(&sets) {
        return Ok(out);
    }
    let s = sets.meta();
    let n = p.board.len();
    let mut text = format!(
        "{} ({} holes, {} symmetries), start {}, goal {}\n{:>5} {:>12} {:>12}\n",
        p.board.name(),
        n,
        p.board.symmetries().len(),
        p.start_text(),
        p.goal_text(),
        "pegs",
        "reachable",
        "winning"
    );
    let mut levels = Vec::new();
    let (mut f_total, mut w_total) = (0, 0);
    for k in (1..n).rev() {
        let f = match sets.reachable_counts() {
            Some(counts) => counts[k] as usize,
            None => s.under_full_group(&s.reachable[k]).len(),
        };
        // one level in memory at a time
        let w = s.under_full_group(&sets.winning(k)?).len();
        f_total += f;
        w_total += w;
        text += &format!("{k:>5} {f:>12} {w:>12}\n");
        levels.push(json!({"pegs": k, "reachable": f, "winning": w}));
    }
    text += &format!("{:>5} {f_total:>12} {w_total:>12}\n", "total");
    let own = s.canon.perms().len();
    let pruned = sets.reachable_counts().is_some() && !o.no_prune;
    if sets.reachable_counts().is_some() && own != p.board.symmetries().len() {
        text +=
            &format!("(reachable counted up to the problem's own {own} symmetries, out of core)\n");
    }
    if pruned {
        text += "(reachable after pruning positions that can't reach the goal)\n";
    }
    let solvable = w_total > 0;
    if !solvable {
        text += &unsolvable_note(&p);
    }
    Ok(Output {
        text,
        json: json!({
            "board": p.board.name(), "holes": n, "symmetries": p.board.symmetries().len(),
            "start": p.start_text(), "goal": p.goal_text(), "levels": levels,
            "reachable_total": f_total, "winning_total": w_total, "solvable": solvable,
            "out_of_core": sets.reachable_counts().is_some(), "pruned": pruned,
        }),
    })
}
