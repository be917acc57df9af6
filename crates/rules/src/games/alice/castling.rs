//! Castling rights: which of the four castlings a side may still make, and how moves take them away.

use super::square::Square;
use crate::game::Side;

/// A set of castling rights: bit 0 White short (`K`), 1 White long (`Q`), 2 Black short (`k`), 3 Black
/// long (`q`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Castling(u8);

/// One of the four castlings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastlingRight {
    /// Who castles.
    pub side: Side,
    /// Toward the h-file (short) or the a-file (long).
    pub short: bool,
}

impl CastlingRight {
    /// All four, in FEN order: `K Q k q`.
    pub const ALL: [CastlingRight; 4] = [
        CastlingRight::new(Side::White, true),
        CastlingRight::new(Side::White, false),
        CastlingRight::new(Side::Black, true),
        CastlingRight::new(Side::Black, false),
    ];

    /// `side`'s short or long castling.
    pub const fn new(side: Side, short: bool) -> CastlingRight {
        CastlingRight { side, short }
    }

    /// 0 to 3, the bit of this right in [`Castling`].
    #[inline]
    pub const fn index(self) -> usize {
        2 * self.side.index() + if self.short { 0 } else { 1 }
    }

    /// The FEN letter: `K Q k q`.
    pub const fn letter(self) -> char {
        [b'K', b'Q', b'k', b'q'][self.index()] as char
    }

    /// The right a FEN letter names.
    pub fn from_letter(letter: char) -> Option<CastlingRight> {
        CastlingRight::ALL
            .into_iter()
            .find(|right| right.letter() == letter)
    }

    const fn back_rank(self) -> i32 {
        match self.side {
            Side::White => 0,
            Side::Black => 7,
        }
    }

    const fn on_back_rank(self, file: i32) -> Square {
        Square::from_index((file + 8 * self.back_rank()) as usize)
    }

    /// Where the king stands before castling (`e1`/`e8`).
    pub const fn king_from(self) -> Square {
        self.on_back_rank(4)
    }

    /// Where the king goes (`g1`, `c1`, `g8`, `c8`): the square the move names.
    pub const fn king_to(self) -> Square {
        self.on_back_rank(if self.short { 6 } else { 2 })
    }

    /// Where the rook stands before castling (`h1`, `a1`, `h8`, `a8`).
    pub const fn rook_from(self) -> Square {
        self.on_back_rank(if self.short { 7 } else { 0 })
    }

    /// Where the rook goes (`f1`, `d1`, `f8`, `d8`).
    pub const fn rook_to(self) -> Square {
        self.on_back_rank(if self.short { 5 } else { 3 })
    }

    /// The castling whose king move goes from `from` to `to`, if any.
    pub fn by_king_move(from: Square, to: Square) -> Option<CastlingRight> {
        CastlingRight::ALL
            .into_iter()
            .find(|right| right.king_from() == from && right.king_to() == to)
    }
}

/// `KEEP[sq]`: the rights that survive a move from or to `sq`. A king or rook leaving its start square
/// ends the rights it carries, and so does a capture on a rook's start square.
static KEEP: [u8; 64] = {
    let mut keep = [0b1111; 64];
    keep[4] = 0b1100; // e1
    keep[7] = 0b1110; // h1
    keep[0] = 0b1101; // a1
    keep[60] = 0b0011; // e8
    keep[63] = 0b1011; // h8
    keep[56] = 0b0111; // a8
    keep
};

impl Castling {
    /// No rights.
    pub const NONE: Castling = Castling(0);
    /// All four rights.
    pub const ALL: Castling = Castling(0b1111);

    /// The raw four bits.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether `right` is held.
    #[inline]
    pub const fn has(self, right: CastlingRight) -> bool {
        self.0 >> right.index() & 1 != 0
    }

    /// The set with `right` added.
    #[inline]
    pub const fn with(self, right: CastlingRight) -> Castling {
        Castling(self.0 | 1 << right.index())
    }

    /// The rights left after a move from `from` to `to`.
    #[inline]
    pub fn after_move(self, from: Square, to: Square) -> Castling {
        Castling(self.0 & KEEP[from.index()] & KEEP[to.index()])
    }

    /// The held rights, in FEN order.
    pub fn rights(self) -> impl Iterator<Item = CastlingRight> {
        CastlingRight::ALL
            .into_iter()
            .filter(move |&right| self.has(right))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_letters_and_lost_rights() {
        let sq = |name| Square::parse(name).unwrap();
        let white_short = CastlingRight::new(Side::White, true);
        assert_eq!(
            [
                white_short.king_from(),
                white_short.king_to(),
                white_short.rook_from(),
                white_short.rook_to()
            ],
            [sq("e1"), sq("g1"), sq("h1"), sq("f1")]
        );
        let black_long = CastlingRight::new(Side::Black, false);
        assert_eq!(black_long.king_to(), sq("c8"));
        assert_eq!(black_long.rook_from(), sq("a8"));
        assert_eq!(
            CastlingRight::by_king_move(sq("e8"), sq("c8")),
            Some(black_long)
        );
        for right in CastlingRight::ALL {
            assert_eq!(CastlingRight::from_letter(right.letter()), Some(right));
            // The king's or the rook's square ends it.
            assert!(
                !Castling::ALL
                    .after_move(right.king_from(), sq("d4"))
                    .has(right)
            );
            assert!(
                !Castling::ALL
                    .after_move(sq("d4"), right.rook_from())
                    .has(right)
            );
        }
        let after = Castling::ALL.after_move(sq("h1"), sq("h5"));
        assert_eq!(
            after
                .rights()
                .map(CastlingRight::letter)
                .collect::<String>(),
            "Qkq"
        );
    }
}
