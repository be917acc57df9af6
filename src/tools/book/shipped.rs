//! The book each hosted game ships ([`HostedGame::BOOK`](crate::games::HostedGame::BOOK)), looked
//! up by the game's name: `duel match`'s default openings when no `--openings` or `--opening-plies`
//! is given.

use crate::games::{HostedGame, with_variant};

/// The shipped book of the game called `variant`, if it has one.
pub fn shipped(variant: &str) -> Option<&'static str> {
    with_variant!(variant, G => G::BOOK).ok().flatten()
}
