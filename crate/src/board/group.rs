//! The symmetry group of a board, found from its geometry: every lattice automorphism
//! (rotation or reflection, then a translation) that maps the set of holes onto itself, as a
//! permutation of hole indices.

use super::Lattice;

pub(super) type Matrix = [[i32; 2]; 2];

fn mul(a: &Matrix, b: &Matrix) -> Matrix {
    let mut m = [[0; 2]; 2];
    for (i, row) in m.iter_mut().enumerate() {
        for (j, cell) in row.iter_mut().enumerate() {
            *cell = a[i][0] * b[0][j] + a[i][1] * b[1][j];
        }
    }
    m
}

/// The linear part of every lattice symmetry (8 on the square lattice, 12 on the triangular).
pub(super) fn point_group(lattice: Lattice) -> Vec<Matrix> {
    let generators: [Matrix; 2] = match lattice {
        // quarter turn, mirror
        Lattice::Square => [[[0, -1], [1, 0]], [[-1, 0], [0, 1]]],
        // sixth turn in skew coordinates (x, y) -> (x - y, x), and the mirror swapping x and y
        Lattice::Triangular => [[[1, -1], [1, 0]], [[0, 1], [1, 0]]],
    };
    let mut group = vec![[[1, 0], [0, 1]]];
    let mut i = 0;
    while i < group.len() {
        for g in &generators {
            let m = mul(g, &group[i]);
            if !group.contains(&m) {
                group.push(m);
            }
        }
        i += 1;
    }
    group
}

/// Every symmetry of the hole set, as permutations of hole indices; the identity comes first.
pub fn group_of(lattice: Lattice, coords: &[(i32, i32)]) -> Vec<Vec<u8>> {
    let mut perms: Vec<Vec<u8>> = Vec::new();
    for m in point_group(lattice) {
        let image: Vec<(i32, i32)> = coords
            .iter()
            .map(|&(x, y)| (m[0][0] * x + m[0][1] * y, m[1][0] * x + m[1][1] * y))
            .collect();
        let (minx, miny) = min_xy(&image);
        let (ox, oy) = min_xy(coords);
        let perm: Option<Vec<u8>> = image
            .iter()
            .map(|&(x, y)| {
                let p = (x - minx + ox, y - miny + oy);
                coords.iter().position(|&c| c == p).map(|k| k as u8)
            })
            .collect();
        if let Some(p) = perm {
            if !perms.contains(&p) {
                perms.push(p);
            }
        }
    }
    crate::small_sort::sort_by(&mut perms, |a, b| a.cmp(b));
    perms
}

fn min_xy(pts: &[(i32, i32)]) -> (i32, i32) {
    (
        pts.iter().map(|p| p.0).min().unwrap_or(0),
        pts.iter().map(|p| p.1).min().unwrap_or(0),
    )
}
