//! Writes the counts file of a solved problem (`crate::counts_file` reads it): the answers
//! of every winning position, bottom-up over the solved levels.

use crate::board::Board;
use crate::counts_file::{Entry, MAGIC, VERSION};
use crate::crc::crc32;
use crate::error::{Error, Over, Result};
use crate::generate::Solved;
use crate::position::{self, CodeMap};
use crate::search::fewest;

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Counts and fewest moves of every winning position of a solved problem (keyed by canonical
/// code), bottom-up over the levels: a goal counts 1 and takes 0 moves; any other position
/// sums its winning children's counts and takes one move more than its best one-move result.
/// An error when a count passes u64 (the file stores u64).
pub fn all_answers(solved: &Solved) -> Result<CodeMap<Entry>> {
    let p = &solved.problem;
    let canon = &solved.canon;
    let mut known: CodeMap<Entry> = CodeMap::default();
    for level in solved.winning.iter().skip(1) {
        for &x in level {
            let entry = if p.is_goal(x) {
                Entry {
                    count: 1,
                    fewest: 0,
                }
            } else {
                let mut count = 0u64;
                for c in position::children(&p.board, x) {
                    let n = known.get(&canon.canonical(c)).map_or(0, |e| e.count);
                    count = count
                        .checked_add(n)
                        .ok_or_else(|| Error::from(Over::Count(x)))?;
                }
                // a one-move result is winning exactly when it is in `known` (it is reached
                // from a start, and `known` holds every winning reachable position below)
                let best = fewest::one_move(p, x)
                    .into_iter()
                    .filter_map(|(y, _)| known.get(&canon.canonical(y)).map(|e| e.fewest))
                    .min();
                let Some(best) = best else { continue };
                Entry {
                    count,
                    fewest: best.saturating_add(1),
                }
            };
            known.insert(x, entry);
        }
    }
    Ok(known)
}

/// The counts file of a solved problem, covering every winning position with at least
/// `lowest` pegs.
pub fn encode(board: &Board, solved: &Solved, lowest: u8) -> Result<Vec<u8>> {
    let p = &solved.problem;
    let known = all_answers(solved)?;
    let mut kept: Vec<(u64, Entry)> = known
        .into_iter()
        .filter(|&(c, _)| position::pegs(c) >= u32::from(lowest))
        .collect();
    kept.sort_unstable_by_key(|&(c, _)| c);
    let mut out = Vec::with_capacity(64 + kept.len() * 8);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&board.geometry_id().to_le_bytes());
    out.push(board.len() as u8);
    out.extend_from_slice(&p.start_set().to_le_bytes());
    out.extend_from_slice(&p.goal_set().to_le_bytes());
    out.push(lowest);
    out.extend_from_slice(&(kept.len() as u32).to_le_bytes());
    let mut prev = 0u64;
    for (c, e) in kept {
        put_varint(&mut out, c - prev);
        put_varint(&mut out, e.count);
        put_varint(&mut out, u64::from(e.fewest));
        prev = c;
    }
    let crc = crc32(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    Ok(out)
}
