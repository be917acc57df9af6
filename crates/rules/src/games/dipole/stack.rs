//! A stack: one side's checkers piled on one square.

use crate::game::Side;

/// Checkers per side at the start, and so the tallest a stack can ever be.
pub const MAX_HEIGHT: u8 = 12;

/// A stack of `height` (1..=12) checkers owned by `owner`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stack {
    /// Whose checkers they are.
    pub owner: Side,
    /// How many checkers, 1..=12.
    pub height: u8,
}

impl Stack {
    /// The letter of the position text: `A`..`L` for a White stack of 1..12, `a`..`l` for Black.
    pub fn letter(self) -> char {
        let offset = self.height.clamp(1, MAX_HEIGHT) - 1;
        let first = match self.owner {
            Side::White => b'A',
            Side::Black => b'a',
        };
        char::from(first + offset)
    }

    /// The stack a letter of the position text stands for, if any.
    pub fn from_letter(letter: char) -> Option<Stack> {
        let last_white = char::from(b'A' + MAX_HEIGHT - 1);
        let last_black = char::from(b'a' + MAX_HEIGHT - 1);
        let (owner, first) = match letter {
            'A'..='Z' if letter <= last_white => (Side::White, 'A'),
            'a'..='z' if letter <= last_black => (Side::Black, 'a'),
            _ => return None,
        };
        let height = (letter as u32 - first as u32) as u8 + 1;
        Some(Stack { owner, height })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for owner in Side::BOTH {
            for height in 1..=MAX_HEIGHT {
                let stack = Stack { owner, height };
                assert_eq!(Stack::from_letter(stack.letter()), Some(stack));
            }
        }
        let l = Stack::from_letter('L').unwrap();
        assert_eq!((l.owner, l.height), (Side::White, 12));
        let a = Stack::from_letter('a').unwrap();
        assert_eq!((a.owner, a.height), (Side::Black, 1));
        for bad in ['M', 'm', 'z', '1', ' ', 'é'] {
            assert_eq!(Stack::from_letter(bad), None, "{bad}");
        }
    }
}
