//! A position's database value from stored values, resolving what the tables leave out: a decided
//! position, one without a move, and one the game resolves through its moves (Dame: a capture is
//! due), whose moves all lead to smaller signatures.

use super::EndgameValue;
use duel_rules::game::{EndgameIndex, MoveList, Outcome, Signature};

/// The value of `pos` for the side to move, reading stored values through `stored` (the value at a
/// signature's index, `None` where it is not known); `None` where a value it needs is not known.
pub fn resolve<G: EndgameIndex>(
    pos: &G,
    stored: &impl Fn(Signature, u64) -> Option<EndgameValue>,
) -> Option<EndgameValue> {
    if let Some(value) = game_over(pos) {
        return Some(value);
    }
    if pos.resolved_through_moves() {
        return best_of_moves(pos, |next| resolve(next, stored));
    }
    let (signature, index) = pos.endgame_index()?;
    stored(signature, index)
}

/// The best value for the side to move over its moves, each child's value given by `value_of`
/// (`None` where it is not known, which makes the result unknown); a position without a move has
/// the value the rules give it.
pub fn best_of_moves<G: EndgameIndex>(
    pos: &G,
    value_of: impl Fn(&G) -> Option<EndgameValue>,
) -> Option<EndgameValue> {
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    if moves.is_empty() {
        return Some(no_move_value(pos));
    }
    let signature = pos.endgame_index().map(|(signature, _)| signature);
    let mut best = None;
    for &mv in moves.iter() {
        let next = pos.make_move(mv);
        let converts = next.endgame_index().map(|(s, _)| s) != signature;
        best = best.max(Some(value_of(&next)?.after_move(converts)));
    }
    best
}

/// The value of a position the rules have decided (a side has won), or `None`.
pub fn game_over<G: EndgameIndex>(pos: &G) -> Option<EndgameValue> {
    pos.decided_winner().map(|winner| {
        if winner == pos.side_to_move() {
            EndgameValue::Win(0)
        } else {
            EndgameValue::Loss(0)
        }
    })
}

/// The value of a position where the side to move has no legal move.
pub fn no_move_value<G: EndgameIndex>(pos: &G) -> EndgameValue {
    match pos.no_move_outcome() {
        Outcome::Win(side) if side == pos.side_to_move() => EndgameValue::Win(0),
        Outcome::Win(_) => EndgameValue::Loss(0),
        Outcome::Draw => EndgameValue::Draw,
    }
}
