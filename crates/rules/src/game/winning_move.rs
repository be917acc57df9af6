//! Moves that end the game at once in the mover's favour: the built-in greedy player takes them, and
//! generated openings avoid positions that have one.

use super::{MoveList, Outcome, SearchHooks};

/// Whether playing `mv` in `pos` ends the game at once with a win for the mover (a goal reached, or the
/// opponent left without a legal move where that loses).
pub fn wins_at_once<G: SearchHooks>(pos: &G, mv: G::Move) -> bool {
    let me = pos.side_to_move();
    let after = pos.make_move(mv);
    if let Some(winner) = after.decided_winner() {
        return winner == me;
    }
    !after.has_legal_move() && after.no_move_outcome() == Outcome::Win(me)
}

/// A move that wins at once, if the side to move has one.
pub fn winning_move<G: SearchHooks>(pos: &G) -> Option<G::Move> {
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    moves.iter().copied().find(|&mv| wins_at_once(pos, mv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::Duel;

    #[test]
    fn finds_the_king_step_and_the_mate() {
        let pos = Duel::from_text("w414bK3/4wK4/9/9/9/9/9/9 w").unwrap();
        assert_eq!(winning_move(&pos), pos.parse_move("E7-E8").ok());
        let dfen = "1b13b23b63bK1b232/3w133w641/b248/9/2w321w514/9/5b143/1w14w241wK2w14w54 w 3 10";
        let pos = Duel::from_text(dfen).unwrap();
        let mate = winning_move(&pos).expect("I1-h5 mates");
        assert_eq!(pos.format_move(mate).trim_end_matches('+'), "I1-h5");
        assert_eq!(winning_move(&Duel::start()), None);
    }
}
