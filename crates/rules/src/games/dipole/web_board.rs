//! Dipole for graphical front ends: every stack with its owner and height; a move with how many
//! checkers it moves, which tells the ways of bearing off one stack apart.

use super::moves::{Move, MoveKind};
use super::position::Position;
use super::square::{SIDE_LENGTH, Square};
use crate::game::{Side, WebBoard};
use serde_json::{Value, json};

impl WebBoard for Position {
    const WEB_BOARD_JS: Option<&'static str> = Some(include_str!("web_board.js"));

    fn web_board(&self) -> Option<Value> {
        let stacks: Vec<Value> = Square::all()
            .filter_map(|sq| {
                self.stack_at(sq).map(|stack| {
                    json!({
                        "square": sq.to_string(),
                        "owner": stack.owner,
                        "height": stack.height,
                    })
                })
            })
            .collect();
        Some(json!({
            "kind": "dipole",
            "columns": SIDE_LENGTH,
            "rows": SIDE_LENGTH,
            // a1 is dark; stacks stand on dark squares only.
            "dark_parity": 0,
            "stacks": stacks,
            "checkers": {
                "white": self.checkers(Side::White),
                "black": self.checkers(Side::Black),
            },
        }))
    }

    fn web_move(&self, mv: Move) -> Option<Value> {
        match mv.kind() {
            MoveKind::Null => None,
            MoveKind::Pass => Some(json!({"from": null, "to": null, "pass": true})),
            MoveKind::Step { from, to, count } => Some(json!({
                "from": from.to_string(),
                "to": to.to_string(),
                "count": count,
            })),
            MoveKind::BearOff { from, count } => Some(json!({
                "from": from.to_string(),
                "to": null,
                "count": count,
                "off": true,
            })),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList};

    #[test]
    fn stacks_and_moves_with_their_sizes() {
        let start = Position::start();
        let board = start.web_board().unwrap();
        assert_eq!(
            board["stacks"],
            json!([
                {"square": "e1", "owner": "white", "height": 12},
                {"square": "d8", "owner": "black", "height": 12},
            ])
        );
        let mv = start.parse_move("e1-e5").unwrap();
        assert_eq!(
            start.web_move(mv),
            Some(json!({"from": "e1", "to": "e5", "count": 4}))
        );
        // A stack near the far row bears off in several sizes, one move each.
        let pos = Position::from_text("3l4/4D3/8/8/8/8/8/8 w").unwrap();
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        let offs = moves
            .iter()
            .filter_map(|&mv| pos.web_move(mv))
            .filter(|m| m["off"] == true)
            .count();
        assert!(offs >= 2, "{offs}");
        assert_eq!(start.web_move(Move::default()), None);
    }
}
