//! Alice chess in the words of chess players: "Check!" (with the board, since only that board's
//! pieces give it), "Checkmate!", and why a game ended.

use super::movegen;
use super::position::Position;
use crate::game::{Game, Termination};

/// What the position a move has just produced means for the side to move, if anything.
pub fn announcement(pos: &Position) -> Option<String> {
    if !pos.in_check() {
        return None; // A stalemate is told by the end of the game.
    }
    let side = pos.side_to_move().name();
    let board = pos.king_board(pos.side_to_move());
    Some(if !movegen::has_move(pos) {
        format!("Checkmate! ({side}'s king on board {board})")
    } else {
        format!("Check! ({side}'s king on board {board})")
    })
}

/// Why the game ended in `pos`, as the rules put it.
pub fn describe(pos: &Position, termination: Termination) -> String {
    match termination {
        Termination::NoLegalMove { .. } if pos.in_check() => "checkmate".to_string(),
        Termination::NoLegalMove { stuck, .. } => {
            format!(
                "stalemate ({} has no legal move and is not in check)",
                stuck.name()
            )
        }
        Termination::Repetition => "the same position occurred for the third time".to_string(),
        Termination::QuietPlies => "50 moves without a capture or a pawn move".to_string(),
        // Alice chess has no goal; should a caller pass one, the generic words stand.
        Termination::Goal { how, .. } => how.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Outcome, Side};

    #[test]
    fn check_mate_and_stalemate_in_words() {
        let check = Position::from_text("4k3/8/8/8/8/8/8/4K2r w - - 0 1").unwrap();
        assert_eq!(
            announcement(&check).as_deref(),
            Some("Check! (White's king on board A)")
        );
        let mate = Position::from_text("rr5k/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
        assert_eq!(
            announcement(&mate).as_deref(),
            Some("Checkmate! (White's king on board A)")
        );
        let over = Termination::NoLegalMove {
            stuck: Side::White,
            outcome: Outcome::Win(Side::Black),
        };
        assert_eq!(describe(&mate, over), "checkmate");
        let stalemate = Position::from_text("k7/8/8/8/8/1q6/8/K7 w - - 0 1").unwrap();
        assert_eq!(announcement(&stalemate), None);
        let drawn = Termination::NoLegalMove {
            stuck: Side::White,
            outcome: Outcome::Draw,
        };
        assert_eq!(
            describe(&stalemate, drawn),
            "stalemate (White has no legal move and is not in check)"
        );
        assert_eq!(announcement(&Position::start()), None);
    }
}
