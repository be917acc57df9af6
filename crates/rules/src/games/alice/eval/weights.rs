//! Every weight of the evaluation, in centipawns, in one table (`duel tune` prints a replacement for
//! [`WEIGHTS`]).
//!
//! The evaluation is linear: each weight multiplies one feature that `features` counts per side, and a
//! term shown by `eval` is the sum of the weights that share its name. The feature indices below fix
//! the order of the table. The values are fitted by `duel tune` (pawn fixed at 100) to 1,659 self-play
//! games at 20 ms a move (docs/tune.md); the first guess, from orthodox chess, had
//! the knight at 320: the fit lowers it to 99 and pays a centralised knight up to 174 more, Alice's
//! knights being strong only where they reach many squares free on both boards.

use crate::game::EvalWeight;

/// Pieces by kind, pawn to queen: `MATERIAL + kind index` counts a side's pieces of that kind.
pub const MATERIAL: usize = 0;
/// Pawn advancement on board A and on board B: `PAWN_ADVANCE + board index` sums the ranks a side's
/// pawns on that board have advanced from their start rank.
pub const PAWN_ADVANCE: usize = MATERIAL + 5;
/// Centralisation by kind (knight to king) and board: `CENTRE + 5 × board + kind index − 1` sums the
/// centrality (0 on the rim's corners … 6 on the four centre squares) of a side's pieces of that kind
/// on that board. With [`PAWN_ADVANCE`] these make the piece-square tables, one per kind and board.
pub const CENTRE: usize = PAWN_ADVANCE + 2;
/// Mobility by kind, knight to queen: `MOBILITY + kind index − 1` counts the squares the pieces of that
/// kind can go to: reached on their own board, empty on the other, not holding an own piece.
pub const MOBILITY: usize = CENTRE + 10;
/// Squares a piece (knight to queen) reaches on its own board but cannot go to, being occupied on the
/// other board: the value of a square being free there.
pub const BLOCKED: usize = MOBILITY + 4;
/// Squares around a side's king (and its own) that enemy pieces on the king's board attack.
pub const KING_RING_ATTACKED: usize = BLOCKED + 1;
/// Enemy pieces other than pawns on the king's board: only they can ever give check there.
pub const KING_BOARD_ENEMIES: usize = KING_RING_ATTACKED + 1;
/// The king's steps to squares it could go to safely: free of own pieces on its board, empty on the
/// other, unattacked on both.
pub const KING_ESCAPES: usize = KING_BOARD_ENEMIES + 1;
/// A side's pieces (not the king) attacked on their board by an enemy piece and not covered from the
/// other board, where a capturer would land (an Alice capture is answered from the other board).
pub const HANGING: usize = KING_ESCAPES + 1;
/// 1 for the side to move.
pub const TEMPO: usize = HANGING + 1;
/// How many features (and weights) there are.
pub const FEATURES: usize = TEMPO + 1;

/// The weights, by feature index.
pub const WEIGHTS: [EvalWeight; FEATURES] = [
    EvalWeight::new("material", "PAWN", 100),
    EvalWeight::new("material", "KNIGHT", 99),
    EvalWeight::new("material", "BISHOP", 263),
    EvalWeight::new("material", "ROOK", 572),
    EvalWeight::new("material", "QUEEN", 1184),
    EvalWeight::new("piece squares", "PAWN_ADVANCE_A", 10),
    EvalWeight::new("piece squares", "PAWN_ADVANCE_B", 8),
    EvalWeight::new("piece squares", "CENTRE_KNIGHT_A", 29),
    EvalWeight::new("piece squares", "CENTRE_BISHOP_A", 6),
    EvalWeight::new("piece squares", "CENTRE_ROOK_A", -1),
    EvalWeight::new("piece squares", "CENTRE_QUEEN_A", 1),
    EvalWeight::new("piece squares", "CENTRE_KING_A", -11),
    EvalWeight::new("piece squares", "CENTRE_KNIGHT_B", 29),
    EvalWeight::new("piece squares", "CENTRE_BISHOP_B", 7),
    EvalWeight::new("piece squares", "CENTRE_ROOK_B", -1),
    EvalWeight::new("piece squares", "CENTRE_QUEEN_B", 4),
    EvalWeight::new("piece squares", "CENTRE_KING_B", -2),
    EvalWeight::new("mobility", "MOBILITY_KNIGHT", 14),
    EvalWeight::new("mobility", "MOBILITY_BISHOP", 15),
    EvalWeight::new("mobility", "MOBILITY_ROOK", 11),
    EvalWeight::new("mobility", "MOBILITY_QUEEN", 9),
    EvalWeight::new("other board", "BLOCKED", 0),
    EvalWeight::new("king safety", "KING_RING_ATTACKED", -12),
    EvalWeight::new("king safety", "KING_BOARD_ENEMIES", 15),
    EvalWeight::new("king safety", "KING_ESCAPES", 19),
    EvalWeight::new("threats", "HANGING", -13),
    EvalWeight::new("tempo", "TEMPO", 27),
];

/// What a pawn is worth: the evaluation's unit.
pub const PAWN_VALUE: i32 = WEIGHTS[MATERIAL].value;

/// What a piece of each kind is worth, pawn to king, for ordering captures (the king is never
/// captured).
pub const PIECE_VALUES: [i32; 6] = [
    PAWN_VALUE,
    WEIGHTS[MATERIAL + 1].value,
    WEIGHTS[MATERIAL + 2].value,
    WEIGHTS[MATERIAL + 3].value,
    WEIGHTS[MATERIAL + 4].value,
    0,
];
