//! A game's strength ladder: what the engine's levels are worth in that game, measured.

/// The Elo of the engine's levels in one game, on that game's own scale (its random mover = 0), as
/// a round robin measured them (docs/levels.md, "Every game's ladder"): levels 0, 5, 10, 15 and
/// [`LevelLadder::FULL_STRENGTH`] measured, the levels between interpolated. `UCI_Elo` is a position
/// on the ladder of the game played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelLadder {
    measured: [u32; 5],
}

impl LevelLadder {
    /// The top level: full strength.
    pub const FULL_STRENGTH: u8 = 20;
    /// Levels between two measured ones.
    const STEP: u8 = 5;

    /// The ladder whose levels 0, 5, 10, 15 and 20 measured these Elo, increasing.
    pub const fn new(measured: [u32; 5]) -> LevelLadder {
        LevelLadder { measured }
    }

    /// The Elo of level 0.
    pub const fn lowest(&self) -> u32 {
        self.measured[0]
    }

    /// The Elo of full strength.
    pub const fn highest(&self) -> u32 {
        self.measured[4]
    }

    /// The Elo of `level` (full strength above 20): measured, or interpolated between the measured
    /// levels on either side, rounded to the nearest.
    pub fn elo_of_level(&self, level: u8) -> u32 {
        let level = level.min(Self::FULL_STRENGTH);
        let below = usize::from(level / Self::STEP);
        let steps = u32::from(level % Self::STEP);
        if steps == 0 {
            return self.measured[below];
        }
        let (low, high) = (self.measured[below], self.measured[below + 1]);
        let step = u32::from(Self::STEP);
        low + ((high - low) * steps * 2 + step) / (2 * step)
    }

    /// The strongest level whose Elo is at most `elo` (level 0 below the ladder).
    pub fn level_for_elo(&self, elo: u32) -> u8 {
        (0..=Self::FULL_STRENGTH)
            .rev()
            .find(|&level| self.elo_of_level(level) <= elo)
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Duel's ladder, whose interpolated levels were first written out by hand.
    const DUEL: LevelLadder = LevelLadder::new([653, 871, 1187, 1480, 1868]);

    #[test]
    fn levels_between_the_measured_ones_are_interpolated() {
        let written_out = [
            653, 697, 740, 784, 827, 871, 934, 997, 1061, 1124, 1187, 1246, 1304, 1363, 1421, 1480,
            1558, 1635, 1713, 1790, 1868,
        ];
        let levels: Vec<u32> = (0..=20).map(|level| DUEL.elo_of_level(level)).collect();
        assert_eq!(levels, written_out);
        assert_eq!(DUEL.elo_of_level(200), 1868);
    }

    #[test]
    fn an_elo_plays_the_strongest_level_at_most_it() {
        assert_eq!(DUEL.level_for_elo(0), 0);
        assert_eq!(DUEL.level_for_elo(653), 0);
        assert_eq!(DUEL.level_for_elo(1000), 7);
        assert_eq!(DUEL.level_for_elo(1867), 19);
        assert_eq!(DUEL.level_for_elo(1868), 20);
        assert_eq!(DUEL.level_for_elo(u32::MAX), 20);
        for level in 0..=20 {
            assert_eq!(DUEL.level_for_elo(DUEL.elo_of_level(level)), level);
        }
    }
}
