//! Move texts from a line split at spaces: a game's notation may allow a space before a mark that
//! belongs to the move (Duel's `+` and `++`), so the mark arrives as a word of its own.

use super::Game;

/// The move words of `G`, with each of its marks ([`Game::MOVE_MARKS`]) that stands alone joined to
/// the move before it. A mark with no move before it stays a word (and fails as a move).
pub fn join_marks<G: Game, S: AsRef<str>>(words: &[S]) -> Vec<String> {
    let mut moves: Vec<String> = Vec::with_capacity(words.len());
    for word in words {
        let word = word.as_ref();
        match moves.last_mut() {
            Some(last) if G::MOVE_MARKS.contains(&word) => last.push_str(word),
            _ => moves.push(word.to_string()),
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Dipole, Duel};

    #[test]
    fn a_lone_mark_joins_the_move_before_it() {
        let words = ["F1-e6", "+", "D8-D2", "++", "a1-B4"];
        assert_eq!(
            join_marks::<Duel, _>(&words),
            ["F1-e6+", "D8-D2++", "a1-B4"]
        );
        assert_eq!(join_marks::<Duel, _>(&["+", "E1-E2"]), ["+", "E1-E2"]);
        // Dipole has no marks: every word is a move.
        assert_eq!(join_marks::<Dipole, _>(&["e1-e2", "+"]), ["e1-e2", "+"]);
    }
}
