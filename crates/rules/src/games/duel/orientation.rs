//! The 24 orientations of a die and how rolling changes them, as tables built at compile time.
//!
//! An orientation is fixed by the top and north values; the east value follows from the dice's
//! chirality (n1 × n2 = n3 for the outward normals of faces 1, 2, 3 in an east-north-up frame).

use super::square::Direction;

/// How many orientations a die has.
pub const ORIENTATIONS: usize = 24;

/// One of the 24 orientations of a die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Orientation(u8);

/// The outward normal of the face showing `value` on a die with the given top, north and east values.
const fn normal(value: u8, top: u8, north: u8, east: u8) -> [i32; 3] {
    if value == top {
        [0, 0, 1]
    } else if value == 7 - top {
        [0, 0, -1]
    } else if value == north {
        [0, 1, 0]
    } else if value == 7 - north {
        [0, -1, 0]
    } else if value == east {
        [1, 0, 0]
    } else {
        [-1, 0, 0]
    }
}

const fn cross(a: [i32; 3], b: [i32; 3]) -> [i32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The east value of a standard die with this top and north, or 0 if the pair is impossible.
const fn chiral_east(top: u8, north: u8) -> u8 {
    if top == north || top + north == 7 {
        return 0;
    }
    let mut east = 1;
    while east <= 6 {
        if east != top && east != 7 - top && east != north && east != 7 - north {
            let n1 = normal(1, top, north, east);
            let n2 = normal(2, top, north, east);
            let n3 = normal(3, top, north, east);
            let c = cross(n1, n2);
            if c[0] == n3[0] && c[1] == n3[1] && c[2] == n3[2] {
                return east;
            }
        }
        east += 1;
    }
    0
}

/// Top and north of each orientation index, in (top, north) order.
const FACES: [(u8, u8); ORIENTATIONS] = {
    let mut faces = [(0, 0); ORIENTATIONS];
    let mut i = 0;
    let mut top = 1;
    while top <= 6 {
        let mut north = 1;
        while north <= 6 {
            if top != north && top + north != 7 {
                faces[i] = (top, north);
                i += 1;
            }
            north += 1;
        }
        top += 1;
    }
    faces
};

/// Orientation index of each (top, north) pair; 255 marks an impossible pair.
const INDEX: [[u8; 7]; 7] = {
    let mut index = [[255; 7]; 7];
    let mut i = 0;
    while i < ORIENTATIONS {
        index[FACES[i].0 as usize][FACES[i].1 as usize] = i as u8;
        i += 1;
    }
    index
};

/// East value of each orientation.
const EAST: [u8; ORIENTATIONS] = {
    let mut east = [0; ORIENTATIONS];
    let mut i = 0;
    while i < ORIENTATIONS {
        east[i] = chiral_east(FACES[i].0, FACES[i].1);
        i += 1;
    }
    east
};

/// The orientation after rolling one square in a direction, by the rules' rolling formulas.
const fn roll_once(o: usize, direction: usize) -> u8 {
    let (top, north) = FACES[o];
    let east = EAST[o];
    let (new_top, new_north) = match direction {
        0 => (7 - north, top),  // north
        1 => (7 - east, north), // east
        2 => (north, 7 - top),  // south
        _ => (east, north),     // west
    };
    INDEX[new_top as usize][new_north as usize]
}

/// `ROLLS[o][d][k]`: orientation `o` after rolling `k` (0..4) squares in direction `d`.
/// Four rolls one way are the identity, so any distance reduces modulo 4.
const ROLLS: [[[u8; 4]; 4]; ORIENTATIONS] = {
    let mut rolls = [[[0; 4]; 4]; ORIENTATIONS];
    let mut o = 0;
    while o < ORIENTATIONS {
        let mut d = 0;
        while d < 4 {
            let mut current = o as u8;
            let mut k = 0;
            while k < 4 {
                rolls[o][d][k] = current;
                current = roll_once(current as usize, d);
                k += 1;
            }
            d += 1;
        }
        o += 1;
    }
    rolls
};

/// `ROLLED_BY[o][r][c][v]`: orientation `o` after `r` rolls north and `c` rolls east (0..4 each),
/// the north ones first when `v` is 1.
const ROLLED_BY: [[[[u8; 2]; 4]; 4]; ORIENTATIONS] = {
    let mut table = [[[[0; 2]; 4]; 4]; ORIENTATIONS];
    let mut o = 0;
    while o < ORIENTATIONS {
        let mut r = 0;
        while r < 4 {
            let mut c = 0;
            while c < 4 {
                let north_first = ROLLS[ROLLS[o][0][r] as usize][1][c];
                let east_first = ROLLS[ROLLS[o][1][c] as usize][0][r];
                table[o][r][c] = [east_first, north_first];
                c += 1;
            }
            r += 1;
        }
        o += 1;
    }
    table
};

impl Orientation {
    /// The orientation with this top and north value, if the pair is possible (not the same or
    /// opposite faces).
    pub const fn new(top: u8, north: u8) -> Option<Orientation> {
        if top < 1 || top > 6 || north < 1 || north > 6 {
            return None;
        }
        match INDEX[top as usize][north as usize] {
            255 => None,
            i => Some(Orientation(i)),
        }
    }

    /// The orientation with index 0..24.
    #[inline]
    pub const fn from_index(index: usize) -> Orientation {
        debug_assert!(index < ORIENTATIONS);
        Orientation(index as u8)
    }

    /// The index 0..24.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The value on top: how far the die moves.
    #[inline]
    pub const fn top(self) -> u8 {
        FACES[self.0 as usize].0
    }

    /// The value facing row 8.
    #[inline]
    pub const fn north(self) -> u8 {
        FACES[self.0 as usize].1
    }

    /// The value facing column I.
    #[inline]
    pub const fn east(self) -> u8 {
        EAST[self.0 as usize]
    }

    /// The value facing row 1.
    #[inline]
    pub const fn south(self) -> u8 {
        7 - self.north()
    }

    /// The value facing column A.
    #[inline]
    pub const fn west(self) -> u8 {
        7 - self.east()
    }

    /// The value underneath.
    #[inline]
    pub const fn bottom(self) -> u8 {
        7 - self.top()
    }

    /// The orientation after rolling `squares` squares in `direction`.
    #[inline]
    pub const fn rolled(self, direction: Direction, squares: u32) -> Orientation {
        Orientation(ROLLS[self.0 as usize][direction as usize][(squares % 4) as usize])
    }

    /// The orientation after rolling `rows` squares north (south when negative) and `columns` east
    /// (west when negative), the vertical leg first when `vertical_first`: one table lookup, since
    /// four rolls one way are the identity and a roll south is three rolls north.
    #[inline]
    pub const fn rolled_by(self, rows: i32, columns: i32, vertical_first: bool) -> Orientation {
        Orientation(
            ROLLED_BY[self.0 as usize][(rows & 3) as usize][(columns & 3) as usize]
                [vertical_first as usize],
        )
    }

    /// Every orientation.
    pub fn all() -> impl Iterator<Item = Orientation> {
        (0..ORIENTATIONS).map(Orientation::from_index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_two_leg_roll_is_its_legs_in_order() {
        for o in Orientation::all() {
            for rows in -7..=7i32 {
                for columns in -8..=8i32 {
                    let vertical =
                        |o: Orientation| o.rolled(Direction::vertical(rows), rows.unsigned_abs());
                    let horizontal = |o: Orientation| {
                        o.rolled(Direction::horizontal(columns), columns.unsigned_abs())
                    };
                    assert_eq!(o.rolled_by(rows, columns, true), horizontal(vertical(o)));
                    assert_eq!(o.rolled_by(rows, columns, false), vertical(horizontal(o)));
                }
            }
        }
    }

    /// The east-face table of the rules, row = top, column = north (0 = impossible pair).
    const RULES_EAST: [[u8; 6]; 6] = [
        [0, 4, 2, 5, 3, 0],
        [3, 0, 6, 1, 0, 4],
        [5, 1, 0, 0, 6, 2],
        [2, 6, 0, 0, 1, 5],
        [4, 0, 1, 6, 0, 3],
        [0, 3, 5, 2, 4, 0],
    ];

    #[test]
    fn east_faces_match_the_rules_table() {
        for top in 1..=6u8 {
            for north in 1..=6u8 {
                let expected = RULES_EAST[top as usize - 1][north as usize - 1];
                match Orientation::new(top, north) {
                    Some(o) => assert_eq!(o.east(), expected, "top {top} north {north}"),
                    None => assert_eq!(expected, 0, "top {top} north {north} should exist"),
                }
            }
        }
        assert_eq!(Orientation::all().count(), 24);
    }

    #[test]
    fn chirality_one_two_three_counter_clockwise() {
        // Top 1, north 2 puts face 3 east: looking down on the 1-2-3 corner (top, north, east) the
        // faces run 1 → 2 → 3 counter-clockwise.
        assert_eq!(Orientation::new(1, 2).unwrap().east(), 4);
        assert_eq!(Orientation::new(1, 3).unwrap().east(), 2);
        for o in Orientation::all() {
            let faces = [
                o.top(),
                o.north(),
                o.east(),
                o.bottom(),
                o.south(),
                o.west(),
            ];
            let mut sorted = faces;
            sorted.sort();
            assert_eq!(sorted, [1, 2, 3, 4, 5, 6], "{o:?}");
        }
    }

    #[test]
    fn four_rolls_one_way_are_the_identity() {
        for o in Orientation::all() {
            for d in Direction::ALL {
                let mut current = o;
                for _ in 0..4 {
                    current = current.rolled(d, 1);
                }
                assert_eq!(current, o);
                assert_eq!(o.rolled(d, 5), o.rolled(d, 1));
            }
        }
    }

    #[test]
    fn opposite_rolls_cancel() {
        for o in Orientation::all() {
            let pairs = [
                (Direction::North, Direction::South),
                (Direction::East, Direction::West),
            ];
            for (a, b) in pairs {
                assert_eq!(o.rolled(a, 1).rolled(b, 1), o);
                assert_eq!(o.rolled(b, 1).rolled(a, 1), o);
            }
        }
    }

    #[test]
    fn rolling_follows_the_rules_formulas() {
        for o in Orientation::all() {
            let n = o.rolled(Direction::North, 1);
            assert_eq!(
                (n.top(), n.north(), n.east()),
                (7 - o.north(), o.top(), o.east())
            );
            let s = o.rolled(Direction::South, 1);
            assert_eq!(
                (s.top(), s.north(), s.east()),
                (o.north(), 7 - o.top(), o.east())
            );
            let e = o.rolled(Direction::East, 1);
            assert_eq!(
                (e.top(), e.east(), e.north()),
                (7 - o.east(), o.top(), o.north())
            );
            let w = o.rolled(Direction::West, 1);
            assert_eq!(
                (w.top(), w.east(), w.north()),
                (o.east(), 7 - o.top(), o.north())
            );
        }
    }
}
