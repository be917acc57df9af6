//! How bad a move was, by how much of the mover's expected result it gave away: lichess's
//! judgments. lichess judges on its winning-chances scale (−1..1) and calls a drop of 0.1 an
//! inaccuracy, 0.2 a mistake and 0.3 a blunder; on the expected result in percent (0..100, what
//! [`Wdl::expected_percent`](crate::game::Wdl::expected_percent) gives, half as wide) these are
//! drops of 5, 10 and 15 points.

/// The least loss, in points of the mover's expected result, that makes a move an inaccuracy
/// (lichess: 0.1 of winning chances).
pub const INACCURACY_LOSS: f64 = 5.0;

/// The least loss that makes a move a mistake (lichess: 0.2 of winning chances).
pub const MISTAKE_LOSS: f64 = 10.0;

/// The least loss that makes a move a blunder (lichess: 0.3 of winning chances).
pub const BLUNDER_LOSS: f64 = 15.0;

/// The points of expected result a move gave away, from the mover's expected result in percent
/// before it (the best move's) and after it: `before − after`, never below 0.
pub fn loss(before: f64, after: f64) -> f64 {
    (before - after).max(0.0)
}

/// A move that gave away enough of the mover's expected result to be marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgment {
    /// `?!`: a loss of [`INACCURACY_LOSS`] points or more.
    Inaccuracy,
    /// `?`: a loss of [`MISTAKE_LOSS`] points or more.
    Mistake,
    /// `??`: a loss of [`BLUNDER_LOSS`] points or more.
    Blunder,
}

impl Judgment {
    /// Every judgment, mildest first.
    pub const ALL: [Judgment; 3] = [Judgment::Inaccuracy, Judgment::Mistake, Judgment::Blunder];

    /// The judgment of a move that lost `loss` points of the mover's expected result; `None` for a
    /// loss below [`INACCURACY_LOSS`].
    pub fn of_loss(loss: f64) -> Option<Judgment> {
        if loss >= BLUNDER_LOSS {
            Some(Judgment::Blunder)
        } else if loss >= MISTAKE_LOSS {
            Some(Judgment::Mistake)
        } else if loss >= INACCURACY_LOSS {
            Some(Judgment::Inaccuracy)
        } else {
            None
        }
    }

    /// The mark written after the move in PGN: `?!`, `?` or `??`.
    pub fn mark(self) -> &'static str {
        match self {
            Judgment::Inaccuracy => "?!",
            Judgment::Mistake => "?",
            Judgment::Blunder => "??",
        }
    }

    /// The word a verdict on the move starts with: `Inaccuracy`, `Mistake`, `Blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Judgment::Inaccuracy => "Inaccuracy",
            Judgment::Mistake => "Mistake",
            Judgment::Blunder => "Blunder",
        }
    }

    /// A count of this judgment in words (`1 blunder`, `2 blunders`, `0 inaccuracies`).
    pub fn counted(self, count: usize) -> String {
        let word = match self {
            Judgment::Inaccuracy => "inaccurac",
            Judgment::Mistake => "mistake",
            Judgment::Blunder => "blunder",
        };
        let ending = match (self, count == 1) {
            (Judgment::Inaccuracy, true) => "y",
            (Judgment::Inaccuracy, false) => "ies",
            (_, true) => "",
            (_, false) => "s",
        };
        format!("{count} {word}{ending}")
    }

    /// The name of the PGN tag that counts this judgment for `side` (`White` or `Black`):
    /// `WhiteInaccuracies`, `BlackBlunders`, …
    pub fn tag(self, side: &str) -> String {
        let plural = match self {
            Judgment::Inaccuracy => "Inaccuracies",
            Judgment::Mistake => "Mistakes",
            Judgment::Blunder => "Blunders",
        };
        format!("{side}{plural}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losses_are_judged_by_lichess_thresholds() {
        assert_eq!(Judgment::of_loss(0.0), None);
        assert_eq!(Judgment::of_loss(4.99), None);
        assert_eq!(Judgment::of_loss(5.0), Some(Judgment::Inaccuracy));
        assert_eq!(Judgment::of_loss(9.99), Some(Judgment::Inaccuracy));
        assert_eq!(Judgment::of_loss(10.0), Some(Judgment::Mistake));
        assert_eq!(Judgment::of_loss(15.0), Some(Judgment::Blunder));
        assert_eq!(Judgment::of_loss(100.0), Some(Judgment::Blunder));
    }

    #[test]
    fn a_move_that_gained_lost_nothing() {
        assert_eq!(loss(62.0, 48.0), 14.0);
        assert_eq!(loss(40.0, 70.0), 0.0);
        assert_eq!(loss(50.0, 50.0), 0.0);
    }

    #[test]
    fn judgments_are_written_as_pgn_marks_and_words() {
        let marks: Vec<&str> = Judgment::ALL.iter().map(|j| j.mark()).collect();
        assert_eq!(marks, ["?!", "?", "??"]);
        assert_eq!(Judgment::Inaccuracy.counted(1), "1 inaccuracy");
        assert_eq!(Judgment::Inaccuracy.counted(2), "2 inaccuracies");
        assert_eq!(Judgment::Blunder.counted(0), "0 blunders");
        assert_eq!(Judgment::Mistake.tag("Black"), "BlackMistakes");
    }
}
