//! The numbering of a game's endgame positions that endgame databases are built on: every position
//! with few pieces belongs to one material signature (how many pieces of each kind each side has),
//! and within it to one index, `0..position_count`. The generator and the probing code see
//! signatures and indices only; what they mean is the game's own.

use super::Game;

/// A material signature: the game's own code of which pieces are on the board (Dame: each side's
/// kings and men), unique among its signatures; [`EndgameIndex::signature_name`] names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Signature(pub u32);

/// A game's numbering of its endgame positions. The defaults are a game without one: no signature,
/// so no database is built or probed for it.
///
/// The contract, which `tests/games` checks for every game that has signatures:
/// - `endgame_position(sig, i)` is `Some(p)` exactly when `i` numbers a legal position, and then
///   `p.endgame_index() == Some((sig, i))`; positions have no history (draw counters at 0);
/// - every legal position of a listed signature has its index;
/// - [`EndgameIndex::endgame_signatures`] lists signatures so that every move from a position leads to a
///   position of the same signature, of one listed before it, or to a decided one (a side has won).
pub trait EndgameIndex: Game {
    /// Every signature of `2..=max_pieces` pieces (each side at least one), in build order: a move
    /// leads only to its own signature or an earlier one. Empty by default.
    fn endgame_signatures(max_pieces: u32) -> Vec<Signature> {
        let _ = max_pieces;
        Vec::new()
    }

    /// The signature's name, e.g. `KKvM` (letters and `v` only: it names the database file too).
    fn signature_name(signature: Signature) -> String {
        format!("{}", signature.0)
    }

    /// The signature of up to `max_pieces` pieces whose [name](Self::signature_name) is `name`.
    fn signature_named(name: &str, max_pieces: u32) -> Option<Signature> {
        Self::endgame_signatures(max_pieces)
            .into_iter()
            .find(|&signature| Self::signature_name(signature) == name)
    }

    /// How many pieces, both sides together, the signature has.
    fn signature_pieces(signature: Signature) -> u32 {
        let _ = signature;
        0
    }

    /// How many indices `signature` numbers (some may name no legal position).
    fn endgame_position_count(signature: Signature) -> u64 {
        let _ = signature;
        0
    }

    /// How many pieces stand on the board, both sides together: a cheap test, before
    /// [`EndgameIndex::endgame_index`], of whether a database can hold the position. `u32::MAX` by
    /// default: none can.
    fn endgame_pieces(&self) -> u32 {
        u32::MAX
    }

    /// This position's signature and index, or `None` where it has no signature.
    fn endgame_index(&self) -> Option<(Signature, u64)> {
        None
    }

    /// The position numbered `index` in `signature`, or `None` where the index names no legal
    /// position.
    fn endgame_position(signature: Signature, index: u64) -> Option<Self> {
        let _ = (signature, index);
        None
    }

    /// Whether a database leaves this position out, its value being found through its moves, which
    /// all lead to smaller signatures (Dame: a capture is due). Runs of stored values then break
    /// less, so the files are smaller. None by default.
    fn resolved_through_moves(&self) -> bool {
        false
    }
}
