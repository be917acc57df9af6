//! What a learning program sees of a position: planes of numbers over the board, from one side's
//! view (its pieces in the first planes, the board turned for Black so that it always plays up the
//! board), as AlphaZero-style programs take them; the side to move's view is the usual one. Each
//! game documents its planes (docs/python.md).

use super::{Game, Side};

/// A game's observation planes: `[planes, rows, columns]` values, each 0 or 1 unless the game says.
pub trait Observation: Game {
    /// The shape of the observation: planes, rows, columns.
    const OBSERVATION_SHAPE: [usize; 3];

    /// Sets the values of this position's planes from `perspective`'s view in `planes`, which
    /// starts all zero.
    fn observe(&self, perspective: Side, planes: &mut Planes<'_>);
}

/// Observation planes being written: a `[planes, rows, columns]` array of `f32`, row-major.
pub struct Planes<'a> {
    shape: [usize; 3],
    values: &'a mut [f32],
}

impl<'a> Planes<'a> {
    /// Planes of `shape` over `values`, which must hold exactly as many values.
    pub fn new(shape: [usize; 3], values: &'a mut [f32]) -> Planes<'a> {
        assert_eq!(
            values.len(),
            shape.iter().product::<usize>(),
            "planes' size"
        );
        Planes { shape, values }
    }

    /// Sets the value at `plane`, `row` (0: the perspective's first row) and `column` to 1.
    pub fn set(&mut self, plane: usize, row: usize, column: usize) {
        self.set_value(plane, row, column, 1.0);
    }

    /// Sets the value at `plane`, `row` and `column` to `value`.
    pub fn set_value(&mut self, plane: usize, row: usize, column: usize, value: f32) {
        let [planes, rows, columns] = self.shape;
        debug_assert!(plane < planes && row < rows && column < columns);
        self.values[(plane * rows + row) * columns + column] = value;
    }

    /// Sets every value of `plane` to 1 (a flag of the whole position, such as a castling right).
    pub fn fill(&mut self, plane: usize) {
        let size = self.shape[1] * self.shape[2];
        self.values[plane * size..(plane + 1) * size].fill(1.0);
    }
}

/// The observation of `position` from `perspective`'s view: its planes, row-major,
/// `OBSERVATION_SHAPE` values.
pub fn observe<G: Observation>(position: &G, perspective: Side) -> Vec<f32> {
    let mut values = vec![0.0; G::OBSERVATION_SHAPE.iter().product()];
    position.observe(
        perspective,
        &mut Planes::new(G::OBSERVATION_SHAPE, &mut values),
    );
    values
}
