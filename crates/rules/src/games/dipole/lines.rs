//! The lines out of every dark square, per side: where a stack can land moving forward (plain moves,
//! merges, captures), where it can land otherwise (captures only), and how far it must move to leave
//! the board. Built once at compile time.
//!
//! A stack moving k squares diagonally lands on a dark square for every k; orthogonally only for even k
//! (odd k ends on a light square), which is why orthogonal lines "need an even k".

use super::square::{SQUARES, Square};
use crate::game::Side;

/// The eight (column, row) steps.
const STEPS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Room for the longest list of stops; the test below shows 10 forward and 13 other stops at most.
const MAX_STOPS: usize = 16;

/// A square a stack can land on, `distance` squares (= checkers moved) away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stop {
    /// How many squares away, which is also how many checkers make the move.
    pub distance: u8,
    /// Where they land.
    pub square: Square,
}

/// A list of stops in increasing distance, so that a stack of height h stops scanning at the first
/// stop beyond h.
#[derive(Clone, Copy, Debug)]
pub struct Stops {
    stops: [Stop; MAX_STOPS],
    len: u8,
}

impl Stops {
    const EMPTY: Stops = Stops {
        stops: [Stop {
            distance: 0,
            square: Square::from_index(0),
        }; MAX_STOPS],
        len: 0,
    };

    /// The stops, nearest first.
    #[inline]
    pub fn as_slice(&self) -> &[Stop] {
        &self.stops[..self.len as usize]
    }

    /// The stops no farther than `height`: where a stack of that height can move.
    #[inline]
    pub fn within(&self, height: u8) -> impl Iterator<Item = Stop> + '_ {
        self.as_slice()
            .iter()
            .copied()
            .take_while(move |stop| stop.distance <= height)
    }
}

/// Everything about one side's stack on one square that does not depend on the other stacks.
#[derive(Clone, Copy, Debug)]
pub struct Lines {
    /// Landing squares forward and diagonally forward: plain moves, merges and captures.
    pub forward: Stops,
    /// Landing squares sideways, backward and diagonally backward: captures only.
    pub other: Stops,
    /// The least k that leaves the board forward or diagonally forward; every k from there up bears
    /// off (a diagonal leaves no later than the straight line, so even k needs no separate check).
    pub bear_off_from: u8,
}

/// `LINES[side][square]`.
static LINES: [[Lines; SQUARES]; 2] = {
    let empty = Lines {
        forward: Stops::EMPTY,
        other: Stops::EMPTY,
        bear_off_from: 0,
    };
    let mut table = [[empty; SQUARES]; 2];
    let mut side = 0;
    while side < 2 {
        let ahead = if side == 0 { 1 } else { -1 };
        let mut index = 0;
        while index < SQUARES {
            let sq = Square::from_index(index);
            let (column, row) = (sq.column(), sq.row());
            let lines = &mut table[side][index];
            // Distance by distance, so that each list comes out sorted.
            let mut k = 1;
            while k < 8 {
                let mut d = 0;
                while d < STEPS.len() {
                    let (dc, dr) = STEPS[d];
                    // Off the board, and on a light square (odd k along a row or column), there is
                    // no `Square`.
                    if let Some(square) = Square::at(column + dc * k, row + dr * k) {
                        let stops = if dr == ahead {
                            &mut lines.forward
                        } else {
                            &mut lines.other
                        };
                        stops.stops[stops.len as usize] = Stop {
                            distance: k as u8,
                            square,
                        };
                        stops.len += 1;
                    }
                    d += 1;
                }
                k += 1;
            }
            // Rows left to cross, or columns to either side edge along a diagonal.
            let rows_left = if side == 0 { 8 - row } else { row + 1 };
            let mut least = rows_left;
            if 8 - column < least {
                least = 8 - column;
            }
            if column + 1 < least {
                least = column + 1;
            }
            lines.bear_off_from = least as u8;
            index += 1;
        }
        side += 1;
    }
    table
};

/// The lines of `side`'s stack on `sq`.
#[inline]
pub fn lines(side: Side, sq: Square) -> &'static Lines {
    &LINES[side.index()][sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(stops: &Stops) -> Vec<String> {
        stops
            .as_slice()
            .iter()
            .map(|s| format!("{}:{}", s.square, s.distance))
            .collect()
    }

    #[test]
    fn lines_from_the_start_squares() {
        let e1 = Square::at(4, 0).unwrap();
        assert_eq!(
            names(&lines(Side::White, e1).forward),
            [
                "f2:1", "d2:1", "e3:2", "g3:2", "c3:2", "h4:3", "b4:3", "e5:4", "a5:4", "e7:6"
            ]
        );
        assert_eq!(
            names(&lines(Side::White, e1).other),
            ["g1:2", "c1:2", "a1:4"]
        );
        // NE leaves the board at k = 4 (past h4), before NW (k = 5) or north (k = 8).
        assert_eq!(lines(Side::White, e1).bear_off_from, 4);
        let d8 = Square::at(3, 7).unwrap();
        assert_eq!(lines(Side::Black, d8).bear_off_from, 4);
        assert_eq!(lines(Side::Black, d8).forward.as_slice().len(), 10);
    }

    #[test]
    fn stops_are_sorted_dark_and_within_capacity() {
        let (mut most_forward, mut most_other) = (0, 0);
        for side in Side::BOTH {
            for sq in Square::all() {
                let l = lines(side, sq);
                for stops in [&l.forward, &l.other] {
                    let d: Vec<u8> = stops.as_slice().iter().map(|s| s.distance).collect();
                    assert!(d.windows(2).all(|w| w[0] <= w[1]));
                }
                let total = l.forward.as_slice().len() + l.other.as_slice().len();
                let expected = Square::all()
                    .filter(|&t| {
                        let (dc, dr) = (t.column() - sq.column(), t.row() - sq.row());
                        t != sq && (dc == 0 || dr == 0 || dc.abs() == dr.abs())
                    })
                    .count();
                assert_eq!(total, expected, "every dark square on a line is a stop");
                most_forward = most_forward.max(l.forward.as_slice().len());
                most_other = most_other.max(l.other.as_slice().len());
                assert!((1..=8).contains(&l.bear_off_from));
            }
        }
        assert_eq!((most_forward, most_other), (10, 13));
    }

    #[test]
    fn within_stops_at_the_height() {
        let e1 = Square::at(4, 0).unwrap();
        assert_eq!(lines(Side::White, e1).forward.within(2).count(), 5);
        assert_eq!(lines(Side::White, e1).forward.within(0).count(), 0);
    }
}
