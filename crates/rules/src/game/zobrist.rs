//! Zobrist key tables drawn from the seeded [`Rng`] at compile time, for the games' `zobrist.rs`.
//!
//! Keys are drawn in the order of the table's memory (row by row), so a table's keys depend only on
//! its seed and shape: the games' keys, and the bench node counts that depend on them, stay fixed.

use super::Rng;

/// The next `N` keys of `rng`, in order.
pub const fn keys<const N: usize>(rng: &mut Rng) -> [u64; N] {
    let mut keys = [0; N];
    let mut i = 0;
    while i < N {
        keys[i] = rng.next_u64();
        i += 1;
    }
    keys
}

/// `R` rows of `N` keys from `rng`, row by row; the first `zero_rows` rows are all 0 and draw
/// nothing (an empty square's code or height, which must never change a key).
pub const fn table<const R: usize, const N: usize>(
    rng: &mut Rng,
    zero_rows: usize,
) -> [[u64; N]; R] {
    let mut rows = [[0; N]; R];
    let mut row = zero_rows;
    while row < R {
        rows[row] = keys(rng);
        row += 1;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_its_rows_drawn_in_order_after_the_zero_rows() {
        let table: [[u64; 3]; 3] = table(&mut Rng::new(7), 1);
        let mut rng = Rng::new(7);
        let drawn: [u64; 6] = keys(&mut rng);
        assert_eq!(table[0], [0; 3]);
        assert_eq!(table[1..].concat(), drawn);
        assert_eq!(drawn[0], Rng::new(7).next_u64());
    }
}
