//! Late move reductions: the table of how many plies a late quiet move is searched shallower.
//!
//! Move ordering puts the likely best moves first, so a quiet move far down the list rarely raises
//! alpha; searching it shallower first, and at full depth only when it surprises, buys depth where the
//! best moves are. The reduction grows with the logarithm of both the depth and the move's index, the
//! shape most engines converged on: doubling either adds a constant, not a proportion.

use super::params::{LMR_BASE, LMR_FACTOR};
use once_cell::sync::Lazy;

/// Depths and move indices above this share the last row and column of the table.
const TABLE_SIZE: usize = 64;

/// `TABLE[depth][index]`, in plies.
static TABLE: Lazy<[[u8; TABLE_SIZE]; TABLE_SIZE]> = Lazy::new(|| {
    let mut table = [[0; TABLE_SIZE]; TABLE_SIZE];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (index, cell) in row.iter_mut().enumerate().skip(1) {
            let plies = (LMR_BASE as f64
                + (depth as f64).ln() * (index as f64).ln() * LMR_FACTOR as f64)
                / 100.0;
            *cell = plies.max(0.0) as u8;
        }
    }
    table
});

/// The reduction, in plies, of the move at `index` (0 = first) in a node of remaining `depth`.
#[inline]
pub(super) fn late_move_reduction(depth: i32, index: usize) -> i32 {
    let depth = (depth.max(0) as usize).min(TABLE_SIZE - 1);
    TABLE[depth][index.min(TABLE_SIZE - 1)] as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_index() {
        assert_eq!(
            late_move_reduction(1, 1),
            0,
            "the first moves are never reduced"
        );
        assert!(late_move_reduction(10, 40) > late_move_reduction(10, 4));
        assert!(late_move_reduction(20, 10) >= late_move_reduction(5, 10));
        assert!(
            late_move_reduction(1000, 1000) < 10,
            "out-of-range inputs share the last cell"
        );
    }
}
