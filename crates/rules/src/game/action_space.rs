//! A fixed numbering of a game's moves, for programs that learn to play: a policy is a vector over
//! every id the game can have, and a legal move is one of them. The ids are seen from the side to
//! move, as the game's observation planes are ([`super::Observation`]): the same move shape on the
//! board has the same id for either side. Each game documents its numbering (docs/python.md), and
//! keeps it from version to version. A game may have none: the trait's defaults number no move.

use super::{Game, MoveList};
use std::fmt;

/// A game's numbering of moves: every legal move of every position has an id below
/// [`ActionSpace::ACTION_COUNT`], distinct from the other legal moves' of its position. The defaults
/// are no numbering (no ids at all), for a game hosted without one: see [`has_action_space`].
pub trait ActionSpace: Game {
    /// How many ids there are: every legal move's id is below it. 0 by default: no move has one.
    const ACTION_COUNT: u32 = 0;

    /// The most plies a game from the start can last under the rules (draw rules included), which
    /// frameworks that learn ask for to size their buffers: a bound the game argues, not a limit
    /// it enforces. 0 by default, where the game has no numbering and argues no bound.
    const MAX_GAME_PLIES: u32 = 0;

    /// The id of `mv`, a legal move of this position, seen from the side to move; `None` for a move
    /// past the numbering's bound, which the game argues is never met (Dame's sixteenth capture
    /// sequence between the same two squares), and for every move by default.
    fn action_id(&self, mv: Self::Move) -> Option<u32> {
        let _ = mv;
        None
    }
}

/// Whether `G` numbers its moves: false for a game that keeps [`ActionSpace`]'s defaults, whose
/// callers say it has no action space rather than ask it for ids.
pub const fn has_action_space<G: ActionSpace>() -> bool {
    G::ACTION_COUNT > 0
}

/// A legal move that the numbering has no id for (see [`ActionSpace::action_id`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoActionId {
    /// The move, in the game's notation.
    pub text: String,
    /// The position, in the game's position text.
    pub position: String,
}

impl fmt::Display for NoActionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the move {} of {} has no action id (past the numbering's bound)",
            self.text, self.position
        )
    }
}

impl std::error::Error for NoActionId {}

/// Every legal move of `position` with its id, ids ascending.
pub fn legal_actions<G: ActionSpace>(position: &G) -> Result<Vec<(u32, G::Move)>, NoActionId> {
    let mut moves = MoveList::new();
    position.generate_moves(&mut moves);
    let mut actions = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        let id = position.action_id(mv).ok_or_else(|| NoActionId {
            text: position.format_move(mv),
            position: position.to_text(),
        })?;
        actions.push((id, mv));
    }
    actions.sort_unstable_by_key(|&(id, _)| id);
    Ok(actions)
}

/// The legal move of `position` whose id is `id`, if any.
pub fn move_of_action<G: ActionSpace>(position: &G, id: u32) -> Option<G::Move> {
    let mut moves = MoveList::new();
    position.generate_moves(&mut moves);
    moves
        .iter()
        .copied()
        .find(|&mv| position.action_id(mv) == Some(id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::for_each_game;
    use crate::game::Rng;
    use crate::games::HostedGame;

    /// Along random games: every legal move has an id below the count, no two share one, and each
    /// id finds its move again.
    fn ids_are_distinct_and_find_their_moves<G: HostedGame>() {
        let mut rng = Rng::new(7);
        for _ in 0..40 {
            let mut position = G::start();
            for _ in 0..120 {
                let actions = legal_actions(&position).unwrap();
                if actions.is_empty() {
                    break;
                }
                for pair in actions.windows(2) {
                    assert!(pair[0].0 < pair[1].0, "{}: ids clash", position.to_text());
                }
                for &(id, mv) in &actions {
                    assert!(id < G::ACTION_COUNT, "{} in {}", id, position.to_text());
                    assert_eq!(move_of_action(&position, id), Some(mv));
                }
                let (_, mv) = actions[rng.below(actions.len())];
                position = position.make_move(mv);
            }
        }
    }

    for_each_game!(ids_are_distinct_and_find_their_moves);

    /// The hosted games number their moves, so none may fall back on the defaults.
    fn has_its_numbering<G: HostedGame>() {
        assert!(has_action_space::<G>());
        assert!(G::MAX_GAME_PLIES > 0);
    }

    for_each_game!(has_its_numbering);
}
