//! A database's value of a position for the side to move: win, draw or loss, with the distance to
//! conversion (DTC): the plies until the material changes (a capture or a man crowned, or the game
//! ends), the winner hurrying and the loser delaying. And its one-byte code in the tables.

use std::cmp::Ordering;

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndgameValue {
    /// The side to move wins; the plies to conversion.
    Win(u32),
    /// Neither side can force a win.
    Draw,
    /// The side to move loses; the plies to conversion (0 where it has lost already or has no
    /// move).
    Loss(u32),
}

/// The code of an index that names no stored value: no legal position, or one the database leaves
/// out (resolved through its moves). Never the code of a value.
pub const NO_VALUE: u8 = 255;
/// The code of [`EndgameValue::Draw`].
const DRAW_CODE: u8 = 0;
/// Codes `1..LOSS_CODES` are wins, `LOSS_CODES..NO_VALUE` losses.
const LOSS_CODES: u8 = 128;
/// The longest distance a code holds: a win in 126 plies, a loss in 126.
pub const MAX_DISTANCE: u32 = 126;

impl EndgameValue {
    /// The value for the side that made the move leading to a position worth `self` (for the side
    /// to move there); `converts` when that move changed the material (the distance starts again).
    pub fn after_move(self, converts: bool) -> EndgameValue {
        let distance = |d: u32| if converts { 1 } else { d + 1 };
        match self {
            EndgameValue::Win(d) => EndgameValue::Loss(distance(d)),
            EndgameValue::Draw => EndgameValue::Draw,
            EndgameValue::Loss(d) => EndgameValue::Win(distance(d)),
        }
    }

    /// The distance to conversion; 0 for a draw.
    pub fn distance(self) -> u32 {
        match self {
            EndgameValue::Win(d) | EndgameValue::Loss(d) => d,
            EndgameValue::Draw => 0,
        }
    }

    /// Win, draw or loss, without the distance: `1`, `0` or `-1`.
    pub fn wdl(self) -> i32 {
        match self {
            EndgameValue::Win(_) => 1,
            EndgameValue::Draw => 0,
            EndgameValue::Loss(_) => -1,
        }
    }

    /// The value's code, or `None` where its distance does not fit ([`MAX_DISTANCE`]).
    pub fn code(self) -> Option<u8> {
        match self {
            EndgameValue::Draw => Some(DRAW_CODE),
            EndgameValue::Win(d) if (1..=MAX_DISTANCE).contains(&d) => Some(d as u8),
            EndgameValue::Loss(d) if d <= MAX_DISTANCE => Some(LOSS_CODES + d as u8),
            _ => None,
        }
    }

    /// The value a code stands for; `None` for [`NO_VALUE`].
    pub fn from_code(code: u8) -> Option<EndgameValue> {
        match code {
            DRAW_CODE => Some(EndgameValue::Draw),
            NO_VALUE => None,
            c if c < LOSS_CODES => Some(EndgameValue::Win(u32::from(c))),
            c => Some(EndgameValue::Loss(u32::from(c - LOSS_CODES))),
        }
    }
}

impl PartialOrd for EndgameValue {
    fn partial_cmp(&self, other: &EndgameValue) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Better for the side to move is greater: a quicker win, then a slower one, a draw, a slower
/// loss, a quicker loss.
impl Ord for EndgameValue {
    fn cmp(&self, other: &EndgameValue) -> Ordering {
        let key = |v: &EndgameValue| match *v {
            EndgameValue::Win(d) => (2, -i64::from(d)),
            EndgameValue::Draw => (1, 0),
            EndgameValue::Loss(d) => (0, i64::from(d)),
        };
        key(self).cmp(&key(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_order() {
        for value in [
            EndgameValue::Draw,
            EndgameValue::Win(1),
            EndgameValue::Win(MAX_DISTANCE),
            EndgameValue::Loss(0),
            EndgameValue::Loss(MAX_DISTANCE),
        ] {
            let code = value.code().unwrap();
            assert_ne!(code, NO_VALUE);
            assert_eq!(EndgameValue::from_code(code), Some(value));
        }
        assert_eq!(EndgameValue::Win(MAX_DISTANCE + 1).code(), None);
        assert_eq!(EndgameValue::Win(0).code(), None);
        assert_eq!(EndgameValue::from_code(NO_VALUE), None);
        assert!(EndgameValue::Win(1) > EndgameValue::Win(3));
        assert!(EndgameValue::Win(99) > EndgameValue::Draw);
        assert!(EndgameValue::Draw > EndgameValue::Loss(40));
        assert!(EndgameValue::Loss(40) > EndgameValue::Loss(2));
    }

    #[test]
    fn a_move_turns_the_value_round() {
        assert_eq!(
            EndgameValue::Loss(0).after_move(false),
            EndgameValue::Win(1)
        );
        assert_eq!(
            EndgameValue::Win(5).after_move(false),
            EndgameValue::Loss(6)
        );
        assert_eq!(EndgameValue::Win(5).after_move(true), EndgameValue::Loss(1));
        assert_eq!(EndgameValue::Draw.after_move(true), EndgameValue::Draw);
    }
}
