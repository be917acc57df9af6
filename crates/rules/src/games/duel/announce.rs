//! Duel's own words for players: "DUEL!" when a king is attacked, "DUEL-MATT!" when the side to move
//! is attacked and has no way out, and why a game ended.

use super::movegen;
use super::position::{Position, goal_square};
use crate::game::{Game, Termination};

/// What the position a move has just produced means for the side to move, if anything.
pub fn announcement(pos: &Position) -> Option<String> {
    if pos.decided_winner().is_some() {
        return None; // The game ended on the goal square; the end of the game says it.
    }
    let side = pos.side_to_move().name();
    let stuck = movegen::count_legal_moves(pos) == 0;
    match (pos.in_check(), stuck) {
        (true, true) => Some(format!(
            "DUEL-MATT! ({side}'s king is attacked and cannot escape)"
        )),
        (true, false) => Some(format!("DUEL! ({side}'s king is attacked)")),
        (false, true) => Some(format!("{side} is enclosed: none of its pieces can move")),
        (false, false) => None,
    }
}

/// Why the game ended in `pos`, as the rules put it.
pub fn describe(pos: &Position, termination: Termination) -> String {
    match termination {
        Termination::Goal { winner, .. } => {
            format!("{}'s king reached {}", winner.name(), goal_square(winner))
        }
        Termination::NoLegalMove { stuck, .. } if pos.in_check() => {
            format!("{} has no legal move (DUEL-MATT)", stuck.name())
        }
        Termination::NoLegalMove { stuck, .. } => {
            format!(
                "{} has no legal move (all its pieces are enclosed)",
                stuck.name()
            )
        }
        Termination::Repetition => {
            "the same position occurred for the third time (repetition)".to_string()
        }
        Termination::QuietPlies => "100 plies in a row without a capture".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Side};

    #[test]
    fn duel_is_announced_with_the_attacked_side() {
        let start = Position::start();
        let after = start.make_move(start.parse_move("F1-e6").unwrap());
        assert_eq!(
            announcement(&after).as_deref(),
            Some("DUEL! (Black's king is attacked)")
        );
        let quiet = start.make_move(start.parse_move("D1-e6").unwrap());
        assert_eq!(announcement(&quiet), None);
    }

    #[test]
    fn goal_and_enclosure_in_words() {
        let won = Position::from_text("4wK4/9/9/9/9/9/9/bK8 b 0 1").unwrap();
        assert_eq!(announcement(&won), None);
        assert_eq!(
            describe(
                &won,
                Termination::Goal {
                    winner: Side::White,
                    how: ""
                }
            ),
            "White's king reached E8"
        );
    }
}
