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
    /// The book file: the header, then one `startpos moves … # score` per opening (`fen <start>
    /// moves … # score` for an opening read from a book that starts it elsewhere).
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
        let start = G::start().to_text();
        for line in &self.lines {
            // `duel book` starts every opening at the game's start, but a book read back may hold
            // openings from other positions (`fen …` lines), whose moves only read from there.
            let own_start = line.record.start().to_text();
            if own_start == start {
                text.push_str("startpos moves");
            } else {
                text.push_str(&format!("fen {own_start} moves"));
            }
            for mv in line.record.move_texts() {
                text.push(' ');
                text.push_str(&mv);
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

#[cfg(test)]
mod tests {
    use crate::book::read_book;
    use duel_rules::game::Game;
    use duel_rules::games::Duel;

    /// Found by the fuzz target `book`: an opening read from a `fen …` line was written back as
    /// `startpos moves …`, its moves then refused (or, worse, read as other moves) from the start.
    #[test]
    fn fuzz_book_fen_opening_is_written_with_its_start() {
        let text = "# book: variant=duel depth=2 window=30\n\
                    fen bK8/9/9/9/9/9/9/8wK b 0 1 moves A8-B8 # +5\n\
                    startpos moves D1-e6 E8-E7 # -1\n";
        let book = read_book::<Duel>(text).unwrap();
        let written = book.text();
        assert!(
            written.contains("\nfen bK8/9/9/9/9/9/9/8wK b 0 1 moves ")
                && written.contains("\nstartpos moves D1-e6 E8-E7 # -1\n"),
            "{written}"
        );
        let again = read_book::<Duel>(&written).unwrap();
        for (a, b) in book.lines.iter().zip(&again.lines) {
            assert_eq!(a.record.start().to_text(), b.record.start().to_text());
            assert_eq!(a.record.moves(), b.record.moves());
        }
    }
}
