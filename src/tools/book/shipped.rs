//! The books shipped in `books/`, embedded in the binary so that `duel match` finds them from any
//! directory: its default openings when no `--openings` or `--opening-plies` is given.

use crate::game::Game;
use crate::games::{Alice, Dame, Dipole, Duel};

/// The shipped book of the game called `variant`, if it has one.
pub fn shipped(variant: &str) -> Option<&'static str> {
    match variant.to_ascii_lowercase().as_str() {
        n if n == Duel::NAME => Some(include_str!("../../../books/duel.txt")),
        n if n == Dipole::NAME => Some(include_str!("../../../books/dipole.txt")),
        n if n == Dame::NAME => Some(include_str!("../../../books/dame.txt")),
        n if n == Alice::NAME => Some(include_str!("../../../books/alice.txt")),
        _ => None,
    }
}
