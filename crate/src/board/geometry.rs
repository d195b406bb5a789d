//! Geometry: jump lines from the lattice, display coordinates and the geometry's identity.

use super::{Board, Hole, Jump, Lattice};

/// Every jump line: three holes in a row along one of the lattice's directions.
pub(super) fn jump_lines(lattice: Lattice, holes: &[Hole]) -> Vec<Jump> {
    let index = |x: i32, y: i32| holes.iter().position(|h| h.x == x && h.y == y);
    let mut jumps = Vec::new();
    for (a, h) in holes.iter().enumerate() {
        for &(dx, dy) in lattice.directions() {
            if let (Some(b), Some(c)) =
                (index(h.x + dx, h.y + dy), index(h.x + 2 * dx, h.y + 2 * dy))
            {
                jumps.push(Jump {
                    from: a as u8,
                    over: b as u8,
                    to: c as u8,
                });
            }
        }
    }
    jumps
}

impl Board {
    /// A stable 64-bit identity of the geometry (lattice and holes), stored in table files.
    pub fn geometry_id(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |v: i64| {
            for b in v.to_le_bytes() {
                h ^= b as u64;
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        };
        eat(self.lattice as i64);
        for hole in &self.holes {
            eat(hole.x as i64);
            eat(hole.y as i64);
        }
        h
    }

    /// Display coordinates of hole `k` (unit spacing between neighbours; y grows downwards).
    pub fn display_xy(&self, k: u8) -> (f64, f64) {
        let h = &self.holes[k as usize];
        match self.lattice {
            Lattice::Square => (h.x as f64, h.y as f64),
            Lattice::Triangular => (
                h.x as f64 - h.y as f64 / 2.0,
                h.y as f64 * 3f64.sqrt() / 2.0,
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jump_lines_of_small_boards() {
        // a row of 3 has two jumps (one each way); the 3-row triangle has six
        assert_eq!(Board::by_name("row:3").unwrap().jumps().len(), 2);
        let t3 = Board::from_points(
            "t3",
            Lattice::Triangular,
            &[(0, 0), (0, 1), (1, 1), (0, 2), (1, 2), (2, 2)],
        )
        .unwrap();
        assert_eq!(t3.jumps().len(), 6);
        assert_eq!(t3.display_xy(0), (0.0, 0.0));
    }
}
