//! What the review of one game says of each side: its accuracy and its marked moves, as PGN tags
//! and as the line printed for the game.

use super::review::GameReview;
use duel_rules::game::Side;
use duel_rules::record::review::{Judgment, game_accuracy};
use std::fmt;

/// The review of one game in numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    /// The game's number in the file, from 1.
    pub number: usize,
    /// The game (`duel`, `dame`, …).
    pub variant: &'static str,
    /// The players' names (White's first), from the White and Black tags.
    pub players: [String; 2],
    /// The moves reviewed.
    pub moves: usize,
    /// Each side's accuracy, 0..100; `None` for a side that made no move.
    pub accuracy: [Option<f64>; 2],
    /// Each side's inaccuracies, mistakes and blunders, in [`Judgment::ALL`]'s order.
    pub marks: [[usize; 3]; 2],
}

impl GameSummary {
    /// The summary of `review`, game `number` of `variant` between `players`.
    pub fn new<M>(
        number: usize,
        variant: &'static str,
        players: [String; 2],
        review: &GameReview<M>,
    ) -> GameSummary {
        let movers: Vec<Side> = review.moves.iter().map(|m| m.mover).collect();
        let mut marks = [[0; 3]; 2];
        for judged in &review.moves {
            if let Some(judgment) = judged.judgment {
                marks[judged.mover.index()][judgment as usize] += 1;
            }
        }
        GameSummary {
            number,
            variant,
            players,
            moves: review.moves.len(),
            accuracy: game_accuracy(&review.white_percents(), &movers),
            marks,
        }
    }

    /// The review's tags: `WhiteAccuracy` and `BlackAccuracy` (one decimal; only for a side that
    /// moved), then each side's `…Inaccuracies`, `…Mistakes` and `…Blunders`.
    pub fn tags(&self) -> Vec<(String, String)> {
        let mut tags = Vec::new();
        for side in Side::BOTH {
            if let Some(accuracy) = self.accuracy[side.index()] {
                tags.push((format!("{}Accuracy", side.name()), format!("{accuracy:.1}")));
            }
        }
        for side in Side::BOTH {
            for judgment in Judgment::ALL {
                let count = self.marks[side.index()][judgment as usize];
                tags.push((judgment.tag(side.name()), count.to_string()));
            }
        }
        tags
    }
}

impl fmt::Display for GameSummary {
    /// `game 2 (dame, 41 moves): White "a" 87.3 % accuracy, 1 inaccuracy, 0 mistakes, 1 blunder;
    /// Black "b" …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {} ({}, {} moves):",
            self.number, self.variant, self.moves
        )?;
        for side in Side::BOTH {
            let accuracy = match self.accuracy[side.index()] {
                Some(accuracy) => format!("{accuracy:.1} % accuracy"),
                None => "no move".to_string(),
            };
            let counts: Vec<String> = Judgment::ALL
                .iter()
                .map(|j| j.counted(self.marks[side.index()][*j as usize]))
                .collect();
            let separator = if side == Side::White { "" } else { ";" };
            write!(
                f,
                "{separator} {} {:?} {accuracy}, {}",
                side.name(),
                self.players[side.index()],
                counts.join(", ")
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::annotate::review::{MoveReview, PositionVerdict};

    fn position(side: Side, expected: f64) -> PositionVerdict<u8> {
        PositionVerdict {
            side,
            expected,
            searched: None,
        }
    }

    #[test]
    fn sides_are_counted_and_tagged_apart() {
        let positions = vec![
            position(Side::White, 50.0),
            position(Side::Black, 50.0),
            position(Side::White, 70.0),
            position(Side::Black, 40.0),
        ];
        let moved = |mover, before, after, judgment| MoveReview {
            mover,
            played: 0u8,
            before,
            after,
            judgment,
        };
        let review = GameReview {
            positions,
            moves: vec![
                moved(Side::White, 50.0, 50.0, None),
                moved(Side::Black, 50.0, 30.0, Some(Judgment::Blunder)),
                moved(Side::White, 70.0, 60.0, Some(Judgment::Mistake)),
            ],
        };
        let summary = GameSummary::new(3, "duel", ["a".into(), "b".into()], &review);
        assert_eq!(summary.marks, [[0, 1, 0], [0, 0, 1]]);
        let tags = summary.tags();
        let tag = |name: &str| {
            tags.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        assert_eq!(tag("WhiteMistakes"), Some("1"));
        assert_eq!(tag("BlackBlunders"), Some("1"));
        assert_eq!(tag("BlackInaccuracies"), Some("0"));
        let white: f64 = tag("WhiteAccuracy").unwrap().parse().unwrap();
        let black: f64 = tag("BlackAccuracy").unwrap().parse().unwrap();
        assert!((0.0..=100.0).contains(&white) && (0.0..=100.0).contains(&black));
        assert!(black < white, "{tags:?}");
        assert_eq!(
            summary.to_string(),
            format!(
                "game 3 (duel, 3 moves): White \"a\" {white:.1} % accuracy, 0 inaccuracies, 1 mistake, \
                 0 blunders; Black \"b\" {black:.1} % accuracy, 0 inaccuracies, 0 mistakes, 1 blunder"
            )
        );
    }
}
