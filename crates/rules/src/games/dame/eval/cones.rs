//! The squares ahead of a man that an enemy piece would have to stand on to stop it: its cone, every
//! square of the rows in front within as many columns as rows (the squares the man could ever step
//! to, and those next to its path from which a man could take it or block it).

use super::super::square::{SQUARES, Square};
use crate::game::Side;

/// `CONES[side][square]`: the cone of a man of `side` on `square`.
static CONES: [[u32; SQUARES]; 2] = {
    let mut cones = [[0; SQUARES]; 2];
    let mut side = 0;
    while side < 2 {
        let mut from = 0;
        while from < SQUARES {
            let man = Square::from_index(from);
            let mut to = 0;
            while to < SQUARES {
                let sq = Square::from_index(to);
                let ahead = if side == 0 {
                    sq.row() - man.row()
                } else {
                    man.row() - sq.row()
                };
                if ahead > 0 && (sq.column() - man.column()).abs() <= ahead {
                    cones[side][from] |= sq.bit();
                }
                to += 1;
            }
            from += 1;
        }
        side += 1;
    }
    cones
};

/// The cone of a man of `side` on `sq`.
#[inline]
pub fn cone(side: Side, sq: Square) -> u32 {
    CONES[side.index()][sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cone_widens_towards_the_far_row() {
        let names =
            |set: u32| -> Vec<String> { Square::in_set(set).map(|s| s.to_string()).collect() };
        let f6 = Square::at(5, 5).unwrap();
        assert_eq!(names(cone(Side::White, f6)), ["e7", "g7", "d8", "f8", "h8"]);
        let c3 = Square::at(2, 2).unwrap();
        assert_eq!(names(cone(Side::Black, c3)), ["a1", "c1", "e1", "b2", "d2"]);
        assert_eq!(cone(Side::White, Square::at(1, 7).unwrap()), 0);
    }
}
