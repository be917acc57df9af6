//! Dame's move: a plain step or slide, or a whole capture sequence — its start, every landing square
//! and the set of pieces it takes. 16 bytes, so it does not fit a 16-bit code (see `code`).

use super::square::Square;
use crate::game::GameMove;
use std::hash::{Hash, Hasher};

/// Bits per landing square in [`Move::landings`].
const LANDING_BITS: u32 = 5;
/// The most pieces one move can take: a side has at most 12 pieces (the position text allows no
/// more, and pieces are never added), so 12 landing squares of 5 bits fit in 60 bits.
pub const MAX_CAPTURES: u32 = 12;

/// The room of a move list: 512 moves. A bound that is argued, not proven:
///
/// Plain moves are at most 156: 12 kings, each reaching at most the 13 other squares of its two
/// diagonals (men have 2 steps each, kings more). A man's captures are at most 8: it jumps forward
/// only, two rows a jump, so at most 3 jumps of 2 choices each. Kings' captures have no bound as
/// simple: they are distinct pairs of an end and a captured set, which a king's branching sequences
/// could in principle multiply (12 kings times 2^12 sets times 32 ends is no useful bound). None known
/// comes near: the most found, searching random placements of up to 12 pieces a side (300,000) and
/// climbing from them towards more captures, is 65, and a king in a lattice of enemy men makes fewer,
/// since each captured man stays and blocks. 512 leaves a margin of eight.
///
/// Because it is not proven, breaking it is a clear failure, never a silent truncation: a position
/// text whose legal moves do not fit is rejected ([`super::FenError::TooManyMoves`]), and a position
/// reached by play that broke it would stop the program in [`crate::game::MoveList::push`], naming the
/// bound.
pub const MAX_MOVES: usize = 512;

impl GameMove for Move {
    type PerMove<T: Copy> = [T; MAX_MOVES];
}

/// A move: `from` to `to`, and for a capture the landing squares in order (the last is `to`) and the
/// set of captured pieces.
///
/// Two capture sequences with the same start, end and captured pieces are one move (the rules), so
/// equality and hashing look at those three only; the landing squares are the route the generator
/// found first, which is what the notation writes. `Default` (a1 to a1, nothing captured) is never
/// legal.
#[derive(Clone, Copy, Debug, Default)]
pub struct Move {
    /// Landing square i (0-based) in bits 5i..5i+5; empty for a plain move.
    landings: u64,
    /// The captured pieces' squares.
    captured: u32,
    from: Square,
    to: Square,
}

impl Move {
    /// A plain move of a man one square or of a king along a free diagonal.
    #[inline]
    pub const fn plain(from: Square, to: Square) -> Move {
        Move {
            landings: 0,
            captured: 0,
            from,
            to,
        }
    }

    /// The start of a capture sequence from `from`, nothing taken yet: [`Move::jump`] adds each jump.
    #[inline]
    pub const fn start_capture(from: Square) -> Move {
        Move::plain(from, from)
    }

    /// This capture sequence extended by taking the piece on `victim` and landing on `landing`. At
    /// most [`MAX_CAPTURES`] jumps are recorded; later ones only change the end and the captured set.
    #[inline]
    pub fn jump(self, victim: Square, landing: Square) -> Move {
        let jumps = self.captured.count_ones();
        let landings = if jumps < MAX_CAPTURES {
            self.landings | (landing.index() as u64) << (LANDING_BITS * jumps)
        } else {
            self.landings
        };
        Move {
            landings,
            captured: self.captured | victim.bit(),
            from: self.from,
            to: landing,
        }
    }

    /// The start square.
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the moving piece ends on.
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The captured pieces' squares (empty for a plain move).
    #[inline]
    pub const fn captured(self) -> u32 {
        self.captured
    }

    /// Whether the move captures.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.captured != 0
    }

    /// The squares the piece lands on, in order: one per captured piece, the last being [`Move::to`];
    /// for a plain move just `to`.
    pub fn landings(self) -> impl Iterator<Item = Square> {
        let jumps = self.captured.count_ones().min(MAX_CAPTURES);
        let plain = (!self.is_capture()).then_some(self.to);
        let path = (0..jumps)
            .map(move |i| Square::from_index((self.landings >> (LANDING_BITS * i)) as usize & 31));
        plain.into_iter().chain(path)
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        (self.from, self.to, self.captured) == (other.from, other.to, other.captured)
    }
}

impl Eq for Move {}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.from, self.to, self.captured).hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        let b = name.as_bytes();
        Square::at(i32::from(b[0] - b'a'), i32::from(b[1] - b'1')).unwrap()
    }

    #[test]
    fn a_move_is_16_bytes() {
        assert_eq!(std::mem::size_of::<Move>(), 16);
    }

    #[test]
    fn a_capture_records_its_landings_in_order() {
        let mv = Move::start_capture(sq("a1"))
            .jump(sq("c3"), sq("d4"))
            .jump(sq("f6"), sq("g7"));
        assert_eq!(mv.from(), sq("a1"));
        assert_eq!(mv.to(), sq("g7"));
        assert_eq!(mv.captured(), sq("c3").bit() | sq("f6").bit());
        let path: Vec<String> = mv.landings().map(|s| s.to_string()).collect();
        assert_eq!(path, ["d4", "g7"]);
        assert!(mv.is_capture());
        let plain = Move::plain(sq("c3"), sq("d4"));
        assert!(!plain.is_capture());
        assert_eq!(plain.landings().collect::<Vec<_>>(), [sq("d4")]);
    }

    #[test]
    fn the_route_does_not_tell_moves_apart() {
        let via_d4 = Move::start_capture(sq("a1"))
            .jump(sq("c3"), sq("d4"))
            .jump(sq("f6"), sq("g7"));
        let via_e5 = Move::start_capture(sq("a1"))
            .jump(sq("c3"), sq("e5"))
            .jump(sq("f6"), sq("g7"));
        assert_eq!(via_d4, via_e5);
        let hash = |mv: Move| {
            use std::collections::hash_map::DefaultHasher;
            let mut h = DefaultHasher::new();
            mv.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(via_d4), hash(via_e5));
        assert_ne!(Move::default(), Move::plain(sq("a1"), sq("b2")));
    }
}
