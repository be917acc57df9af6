//! Alice chess for graphical front ends: both boards, every piece with its owner, kind and board; a
//! move with the board it is played on (the piece lands on the other) and its promotion, which tells
//! the four promotions of one pawn apart.

use super::moves::Move;
use super::position::Position;
use super::square::Square;
use crate::game::WebBoard;
use serde_json::{Value, json};

impl WebBoard for Position {
    const WEB_BOARD_JS: Option<&'static str> = Some(include_str!("web_board.js"));

    fn web_board(&self) -> Option<Value> {
        let pieces: Vec<Value> = Square::all()
            .filter_map(|sq| {
                self.occupant(sq).get().map(|(piece, board)| {
                    json!({
                        "square": sq.to_string(),
                        "board": board.to_string(),
                        "owner": piece.side,
                        "kind": piece.kind.name(),
                    })
                })
            })
            .collect();
        Some(json!({
            "kind": "alice",
            "columns": 8,
            "rows": 8,
            "boards": ["A", "B"],
            // a1 is dark, as in chess.
            "dark_parity": 0,
            "pieces": pieces,
        }))
    }

    fn web_move(&self, mv: Move) -> Option<Value> {
        if mv == Move::NULL {
            return None;
        }
        let board = self.occupant(mv.from()).get()?.1;
        Some(json!({
            "from": mv.from().to_string(),
            "to": mv.to().to_string(),
            "board": board.to_string(),
            "promotion": mv.promotion().map(|kind| kind.name()),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList};

    #[test]
    fn pieces_stand_on_their_boards_and_moves_name_theirs() {
        let start = Position::start();
        let board = start.web_board().unwrap();
        assert_eq!(board["kind"], "alice");
        let pieces = board["pieces"].as_array().unwrap();
        assert_eq!(pieces.len(), 32);
        assert!(pieces.iter().all(|p| p["board"] == "A"));
        let e1 = pieces.iter().find(|p| p["square"] == "e1").unwrap();
        assert_eq!(
            (&e1["owner"], &e1["kind"]),
            (&json!("white"), &json!("king"))
        );
        // After 1. e4 the pawn stands on e4 of board B.
        let after = start.make_move(start.parse_move("e2e4").unwrap());
        let moved = after.web_board().unwrap();
        let e4 = moved["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["square"] == "e4")
            .unwrap()
            .clone();
        assert_eq!((&e4["board"], &e4["kind"]), (&json!("B"), &json!("pawn")));
        let mv = after.parse_move("e7e5").unwrap();
        assert_eq!(
            after.web_move(mv),
            Some(json!({"from": "e7", "to": "e5", "board": "A", "promotion": null}))
        );
        assert_eq!(start.web_move(Move::NULL), None);
    }

    #[test]
    fn the_four_promotions_of_a_pawn_are_told_apart() {
        let pos = Position::from_text("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        let mut promotions: Vec<Value> = moves
            .iter()
            .filter_map(|&mv| pos.web_move(mv))
            .filter(|m| m["from"] == "a7")
            .map(|m| m["promotion"].clone())
            .collect();
        promotions.sort_by_key(Value::to_string);
        assert_eq!(
            promotions,
            [
                json!("bishop"),
                json!("knight"),
                json!("queen"),
                json!("rook")
            ]
        );
    }
}
