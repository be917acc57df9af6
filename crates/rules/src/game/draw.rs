//! Tournament draw rules shared by every game: repetition and a limit on quiet plies.

/// The draw rules of a game; `None` switches a rule off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// How many occurrences of the same position (same side to move) make a draw.
    pub repetitions: Option<u32>,
    /// How many consecutive quiet plies (see `Game::quiet_plies`) make a draw.
    pub quiet_plies: Option<u32>,
}

impl DrawRules {
    /// No draw rules at all (a game that always ends).
    pub const NONE: DrawRules = DrawRules {
        repetitions: None,
        quiet_plies: None,
    };

    /// How often the position with key `current` has occurred, counting itself, given the keys of the
    /// earlier positions in `history` (oldest first). Only the last `quiet_plies` entries can repeat it:
    /// an irreversible move in between makes the earlier positions unreachable.
    pub fn occurrences(history: &[u64], current: u64, quiet_plies: u32) -> u32 {
        let window = history.len().min(quiet_plies as usize);
        1 + history[history.len() - window..]
            .iter()
            .filter(|&&key| key == current)
            .count() as u32
    }

    /// Whether the quiet-ply limit is reached.
    pub fn quiet_limit_reached(&self, quiet: u32) -> bool {
        self.quiet_plies.is_some_and(|limit| quiet >= limit)
    }

    /// Whether the repetition limit is reached.
    pub fn repetition_reached(&self, history: &[u64], current: u64, quiet: u32) -> bool {
        self.repetitions
            .is_some_and(|limit| Self::occurrences(history, current, quiet) >= limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: DrawRules = DrawRules {
        repetitions: Some(3),
        quiet_plies: Some(100),
    };

    #[test]
    fn third_occurrence_is_a_draw() {
        let history = [1, 2, 7, 4, 7, 5];
        assert_eq!(DrawRules::occurrences(&history, 7, 6), 3);
        assert!(RULES.repetition_reached(&history, 7, 6));
        assert!(!RULES.repetition_reached(&history, 5, 6));
    }

    #[test]
    fn repetitions_before_an_irreversible_move_do_not_count() {
        let history = [7, 2, 7, 4, 5];
        assert_eq!(DrawRules::occurrences(&history, 7, 2), 1);
        assert!(!RULES.repetition_reached(&history, 7, 2));
    }

    #[test]
    fn quiet_limit() {
        assert!(!RULES.quiet_limit_reached(99));
        assert!(RULES.quiet_limit_reached(100));
        assert!(!DrawRules::NONE.quiet_limit_reached(1000));
        assert!(!DrawRules::NONE.repetition_reached(&[1, 1, 1], 1, 1000));
    }
}
