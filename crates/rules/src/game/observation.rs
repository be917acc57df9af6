//! What a learning program sees of a position: planes of numbers over the board, from one side's
//! view (its pieces in the first planes, the board turned for Black so that it always plays up the
//! board), as AlphaZero-style programs take them; the side to move's view is the usual one. Each
//! game documents its planes (docs/python.md). A game may have none: the trait's defaults are no
//! planes.

use super::{Game, NetFeatures, Side};

/// A game's observation planes: `[planes, rows, columns]` values, each 0 or 1 unless the game says.
/// The defaults are no planes, for a game hosted without them: see [`has_observation`].
pub trait Observation: Game {
    /// The shape of the observation: planes, rows, columns. No planes by default.
    const OBSERVATION_SHAPE: [usize; 3] = [0, 0, 0];

    /// Sets the values of this position's planes from `perspective`'s view in `planes`, which
    /// starts all zero. Nothing to set by default.
    fn observe(&self, perspective: Side, planes: &mut Planes<'_>) {
        let _ = (perspective, planes);
    }
}

/// Whether `G` has observation planes: false for a game that keeps [`Observation`]'s defaults,
/// whose callers say it has no observation rather than hand out an empty one.
pub const fn has_observation<G: Observation>() -> bool {
    let [planes, rows, columns] = G::OBSERVATION_SHAPE;
    planes * rows * columns > 0
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

    /// Sets a 1 for each of `position`'s active net features from `perspective`'s view, at the
    /// plane, row and column `place` gives the feature: the planes of a game whose net's inputs are
    /// its pieces on their squares (each game's `piece_squares` map).
    pub fn set_net_features<G: NetFeatures>(
        &mut self,
        position: &G,
        perspective: Side,
        place: impl Fn(u16) -> (usize, usize, usize),
    ) {
        let mut features = Vec::new();
        position.active_features(perspective, &mut features);
        for feature in features {
            let (plane, row, column) = place(feature);
            self.set(plane, row, column);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::for_each_game;
    use crate::games::HostedGame;

    /// The hosted games have planes, so none may fall back on the defaults; the start's pieces show.
    fn has_its_planes<G: HostedGame>() {
        assert!(has_observation::<G>());
        assert!(observe(&G::start(), Side::White).contains(&1.0));
    }

    for_each_game!(has_its_planes);
}
