//! Late move reductions: the table of how many plies a late quiet move is searched shallower.
//!
//! Move ordering puts the likely best moves first, so a quiet move far down the list rarely raises
//! alpha; searching it shallower first, and at full depth only when it surprises, buys depth where the
//! best moves are. The reduction grows with the logarithm of both the depth and the move's index, the
//! shape most engines converged on: doubling either adds a constant, not a proportion.

use duel_rules::game::SearchProfile;
use once_cell::sync::Lazy;
use std::borrow::Cow;

/// Depths and move indices above this share the last row and column of the table.
const TABLE_SIZE: usize = 64;

/// `table[depth][index]`, in plies.
type Table = [[u8; TABLE_SIZE]; TABLE_SIZE];

/// The table of the default profile, which every game uses until tuned: built once, not per search.
static DEFAULT_TABLE: Lazy<Table> = Lazy::new(|| table(&SearchProfile::DEFAULT));

/// The reductions of `profile`'s `lmr_base` and `lmr_factor`.
fn table(profile: &SearchProfile) -> Table {
    let mut table = [[0; TABLE_SIZE]; TABLE_SIZE];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (index, cell) in row.iter_mut().enumerate().skip(1) {
            let plies = (profile.lmr_base as f64
                + (depth as f64).ln() * (index as f64).ln() * profile.lmr_factor as f64)
                / 100.0;
            *cell = plies.max(0.0) as u8;
        }
    }
    table
}

/// The late move reductions of one search's profile.
pub(super) struct Reductions(Cow<'static, Table>);

impl Reductions {
    /// The reductions of `profile`: the shared default table where its parameters are the default's.
    pub fn new(profile: &SearchProfile) -> Self {
        let default = &SearchProfile::DEFAULT;
        if (profile.lmr_base, profile.lmr_factor) == (default.lmr_base, default.lmr_factor) {
            Reductions(Cow::Borrowed(&DEFAULT_TABLE))
        } else {
            Reductions(Cow::Owned(table(profile)))
        }
    }

    /// The reduction, in plies, of the move at `index` (0 = first) in a node of remaining `depth`.
    #[inline]
    pub fn get(&self, depth: i32, index: usize) -> i32 {
        let depth = (depth.max(0) as usize).min(TABLE_SIZE - 1);
        self.0[depth][index.min(TABLE_SIZE - 1)] as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_index() {
        let reductions = Reductions::new(&SearchProfile::DEFAULT);
        let late_move_reduction = |depth, index| reductions.get(depth, index);
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

    #[test]
    fn the_table_follows_the_profile() {
        let stronger = SearchProfile {
            lmr_base: SearchProfile::DEFAULT.lmr_base + 100,
            ..SearchProfile::DEFAULT
        };
        let (default, stronger) = (
            Reductions::new(&SearchProfile::DEFAULT),
            Reductions::new(&stronger),
        );
        assert_eq!(stronger.get(10, 10), default.get(10, 10) + 1);
    }
}
