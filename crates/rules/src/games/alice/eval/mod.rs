//! The static evaluation of an Alice chess position: material, piece-square tables per board,
//! mobility and the squares the other board blocks, king safety on the king's board, pieces left
//! hanging, and the tempo. `eval` shows the terms; the weights are in [`weights`].

mod weights;

pub use weights::PAWN_VALUE;

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{Move, MoveFlag};
use super::piece::Kind;
use super::position::Position;
use super::sliders;
use super::square::{Board, Square};
use crate::game::{EvalWeight, FeatureCounts, Game, LinearEval, Side};
use weights::{
    BLOCKED, CENTRE, FEATURES, HANGING, KING_BOARD_ENEMIES, KING_ESCAPES, KING_RING_ATTACKED,
    MATERIAL, MOBILITY, PAWN_ADVANCE, PIECE_VALUES, TEMPO, WEIGHTS,
};

/// What the evaluation counts for each side (index 0 White, 1 Black), by the feature indices of
/// [`weights`]; the evaluation is the weighted sum.
type Features = FeatureCounts<FEATURES>;

/// 0 in the corners up to 6 on the four centre squares: 7 minus half the Manhattan distance from the
/// board's centre point, in half-squares.
const fn centrality_of(sq: Square) -> i32 {
    (14 - ((2 * sq.file() - 7).abs() + (2 * sq.rank() - 7).abs())) / 2
}

/// [`centrality_of`] every square, looked up rather than computed for every piece of every evaluation.
static CENTRALITY: [i32; 64] = {
    let mut table = [0; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = centrality_of(Square::from_index(i));
        i += 1;
    }
    table
};

/// The centrality of `sq` (see [`centrality_of`]).
#[inline]
fn centrality(sq: Square) -> i32 {
    CENTRALITY[sq.index()]
}

/// The squares `side`'s pawns in `pawns` attack.
fn pawn_attacks(side: Side, pawns: Bitboard) -> Bitboard {
    let ahead = match side {
        Side::White => pawns.north(),
        Side::Black => pawns.south(),
    };
    ahead.east() | ahead.west()
}

/// The features of `pos`. Most of the work is population counts (two for every piece), so where the
/// CPU has the `popcnt` instruction the same code runs compiled for it: without it, every count is a
/// dozen shifts, masks and additions. The answer is the same either way.
fn features(pos: &Position) -> Features {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has just been found to have the one feature the function is compiled for.
        return unsafe { features_with_popcnt(pos) };
    }
    count_features(pos)
}

/// [`count_features`] compiled with the `popcnt` instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn features_with_popcnt(pos: &Position) -> Features {
    count_features(pos)
}

/// What [`features`] returns, inlined into each of the versions it picks from.
#[inline(always)]
fn count_features(pos: &Position) -> Features {
    let mut counts = Features::ZERO;
    // `attacked[board][side]`: the squares `side`'s pieces on `board` attack there.
    let mut attacked = [[Bitboard::EMPTY; 2]; 2];
    for board in Board::BOTH {
        let occupied = pos.occupied(board);
        let elsewhere = pos.occupied(board.other());
        for side in Side::BOTH {
            let count = counts.of(side);
            let own = pos.side_on(board, side);
            let pawns = pos.pieces(board, side, Kind::Pawn);
            count[MATERIAL] += pawns.count() as i32;
            for sq in pawns {
                count[PAWN_ADVANCE + board.index()] += match side {
                    Side::White => sq.rank() - 1,
                    Side::Black => 6 - sq.rank(),
                };
            }
            let mut reached = pawn_attacks(side, pawns);
            for kind in [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen] {
                let k = kind.index();
                for sq in pos.pieces(board, side, kind) {
                    let reach = match kind {
                        Kind::Knight => attacks::knight(sq),
                        Kind::Bishop => sliders::bishop(sq, occupied),
                        Kind::Rook => sliders::rook(sq, occupied),
                        _ => sliders::queen(sq, occupied),
                    };
                    reached |= reach;
                    count[MATERIAL + k] += 1;
                    count[CENTRE + 5 * board.index() + k - 1] += centrality(sq);
                    count[MOBILITY + k - 1] += (reach & !own & !elsewhere).count() as i32;
                    count[BLOCKED] += (reach & elsewhere).count() as i32;
                }
            }
            for sq in pos.pieces(board, side, Kind::King) {
                count[CENTRE + 5 * board.index() + 4] += centrality(sq);
                reached |= attacks::king(sq);
            }
            attacked[board.index()][side.index()] = reached;
        }
    }
    for side in Side::BOTH {
        let count = counts.of(side);
        let them = side.opponent().index();
        let king = pos.king(side);
        let kb = pos.king_board(side);
        let ob = kb.other();
        let ring = attacks::king(king) | Bitboard::of(king);
        count[KING_RING_ATTACKED] = (ring & attacked[kb.index()][them]).count() as i32;
        let enemy_pieces = pos.side_on(kb, side.opponent())
            & !pos.kind_on(kb, Kind::Pawn)
            & !pos.kind_on(kb, Kind::King);
        count[KING_BOARD_ENEMIES] = enemy_pieces.count() as i32;
        let escapes = attacks::king(king)
            & !pos.side_on(kb, side)
            & !pos.occupied(ob)
            & !attacked[kb.index()][them]
            & !attacked[ob.index()][them];
        count[KING_ESCAPES] = escapes.count() as i32;
        for board in Board::BOTH {
            let pieces = pos.side_on(board, side) & !pos.kind_on(board, Kind::King);
            let hanging = pieces
                & attacked[board.index()][them]
                & !attacked[board.other().index()][side.index()];
            count[HANGING] += hanging.count() as i32;
        }
        count[TEMPO] = i32::from(pos.side_to_move() == side);
    }
    counts
}

impl LinearEval for Position {
    type Counts = Features;
    const WEIGHTS: &'static [EvalWeight; FEATURES] = &WEIGHTS;

    fn features(&self) -> Features {
        features(self)
    }
}

/// The value of what `mv` captures (a pawn for en passant), 0 when it captures nothing.
pub fn capture_value(pos: &Position, mv: Move) -> i32 {
    if mv.flag() == MoveFlag::EnPassant {
        return PIECE_VALUES[Kind::Pawn.index()];
    }
    match pos.occupant(mv.to()).get() {
        Some((piece, _)) if piece.side != pos.side_to_move() => PIECE_VALUES[piece.kind.index()],
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn the_start_is_level_but_for_the_tempo() {
        let start = Position::start();
        for term in start
            .linear_terms()
            .into_iter()
            .filter(|t| t.name != "tempo")
        {
            assert_eq!(term.white, term.black, "{}", term.name);
        }
        let [white, _] = features(&start).0;
        assert_eq!(&white[MATERIAL..MATERIAL + 5], &[8, 2, 2, 2, 1]);
        // Knights on b1 and g1 reach a3, c3, f3 and h3, all free on B.
        assert_eq!(white[MOBILITY], 4);
        assert_eq!(centrality(Square::parse("d4").unwrap()), 6);
        assert_eq!(centrality(Square::parse("a1").unwrap()), 0);
    }

    #[test]
    fn a_piece_covered_from_the_other_board_is_not_hanging() {
        // White's knight on d4 of board A is attacked there by Black's bishop on a7 (through b6, c5).
        let bare = Position::from_text("4k3/b7/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
        // A white rook on d1 of board B covers d4 there, where the bishop would land.
        let covered = Position::from_text("4k3/b7/8/8/3N4/8/8/3UK3 w - - 0 1").unwrap();
        assert_eq!(features(&bare).0[0][HANGING], 1);
        assert_eq!(features(&covered).0[0][HANGING], 0);
    }
}
