//! The two players of every game the engine hosts.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two players. White (player 1 in the UGI dialect) always moves first. In JSON (the GUI's
/// messages) a side is its `Display` word, `"white"` or `"black"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The first player (UGI's `p1`).
    White,
    /// The second player (UGI's `p2`).
    Black,
}

impl Side {
    /// Both sides, White first: handy for per-side arrays.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name with a capital letter, for sentences written to players ("White wins"); `Display`
    /// keeps the lower-case protocol word.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "white",
            Side::Black => "black",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_names_a_side_by_its_display_word() {
        for side in Side::BOTH {
            let json = serde_json::to_value(side).unwrap();
            assert_eq!(json, side.to_string());
            assert_eq!(serde_json::from_value::<Side>(json).unwrap(), side);
        }
        assert!(serde_json::from_str::<Side>(r#""White""#).is_err());
    }
}
