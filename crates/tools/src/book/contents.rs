//! What a book holds: the settings it was made with, the kept openings with their scores and what
//! was rejected on the way; and the book file's text. Made by `generate`, read back by `read`,
//! re-scored by `verification`.

use super::header::BookSettings;
use duel_rules::game::{Game, GameRecord};
use duel_rules::games::HostedGame;

/// One kept opening.
#[derive(Clone, Debug)]
pub struct BookLine<G: Game> {
    /// The opening from the start position.
    pub record: GameRecord<G>,
    /// The search's score for the side to move.
    pub score: i32,
    /// The verification's score for the side to move, once the deeper search has re-scored it.
    pub verified: Option<i32>,
}

/// Why candidates were not kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rejections {
    /// Candidates drawn.
    pub candidates: usize,
    /// Candidates whose final position (by key) was drawn before.
    pub repeated: usize,
    /// Candidates with a forced result.
    pub decided: usize,
    /// Candidates scored outside the window.
    pub unbalanced: usize,
    /// Kept openings the verification found a forced result in, and dropped.
    pub verified_decided: usize,
    /// Kept openings the verification scored outside its window, and dropped.
    pub verified_unbalanced: usize,
}

/// A generated book.
#[derive(Clone, Debug)]
pub struct Book<G: Game> {
    /// The settings it was made with.
    pub settings: BookSettings,
    /// The kept openings, in the order they were found.
    pub lines: Vec<BookLine<G>>,
    /// What was rejected on the way.
    pub rejections: Rejections,
}

impl<G: HostedGame> Book<G> {
    /// The book file: the header, then one `startpos moves … # score` per opening.
    pub fn text(&self) -> String {
        let mut text = self.settings.header(self.lines.len());
        let r = &self.rejections;
        text.push_str(&format!(
            "# candidates: {} drawn, {} repeated, {} decided, {} outside the window",
            r.candidates, r.repeated, r.decided, r.unbalanced
        ));
        if let Some(verification) = &self.settings.verification {
            text.push_str(&format!(
                "; then {} decided by the verification",
                r.verified_decided
            ));
            if let Some(window) = verification.window {
                text.push_str(&format!(
                    ", {} outside its ±{window}",
                    r.verified_unbalanced
                ));
            }
        }
        text.push('\n');
        for line in &self.lines {
            let mut position = GameRecord::new(G::start());
            text.push_str("startpos moves");
            for &mv in line.record.moves() {
                text.push(' ');
                text.push_str(&position.current().format_move(mv));
                position.play(mv);
            }
            text.push_str(&format!(" # {:+}", line.score));
            if let Some(verified) = line.verified {
                text.push_str(&format!(" {verified:+}"));
            }
            text.push('\n');
        }
        text
    }
}
