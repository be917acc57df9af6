//! Which pieces of the side to move can capture, found from the bare square sets. Capturing is
//! compulsory, so this decides whether a position's moves are captures or plain moves; the position
//! keeps the set (see `position`), found once when it is made, for the search's check test, the
//! move generator and the move code's decoding alike.

use super::direction::Direction;
use super::square::Square;
use crate::game::Side;

/// The pieces among `side`'s `men` and `kings` that can take one of `enemies`, `empty` being the empty
/// squares: a man with an enemy next to it forward and an empty square behind that, a king whose
/// first piece along some diagonal is an enemy with an empty square behind it.
#[inline]
pub fn capturers(side: Side, men: u32, kings: u32, enemies: u32, empty: u32) -> u32 {
    let men_capturing = Direction::with_forward(side, |forward| {
        forward.into_iter().fold(0, |jumpers, dir| {
            let back = dir.opposite();
            jumpers | back.shift(back.shift(empty) & enemies)
        })
    }) & men;
    Square::in_set(kings)
        .filter(|&king| king_can_take(king, enemies, empty))
        .fold(men_capturing, |set, king| set | king.bit())
}

/// The piece a king on `at` can take in `dir`: the first piece along the diagonal, if it is one of
/// `victims`, with an empty square behind it.
#[inline]
pub fn king_victim(at: Square, dir: Direction, victims: u32, empty: u32) -> Option<Square> {
    let first = dir.nearest(dir.ray(at) & !empty)?;
    (victims & first.bit() != 0 && dir.shift(first.bit()) & empty != 0).then_some(first)
}

/// Whether a king on `at` can take one of `victims` along any diagonal.
#[inline]
pub fn king_can_take(at: Square, victims: u32, empty: u32) -> bool {
    Direction::ALL
        .into_iter()
        .any(|dir| king_victim(at, dir, victims, empty).is_some())
}
