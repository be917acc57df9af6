//! Duel for graphical front ends: every piece with its owner, a king flagged, a die with all five
//! visible values; a move with the corner of its L-path, which tells the two paths to one square
//! apart.

use super::moves::Move;
use super::position::{Position, goal_square};
use super::square::{COLUMNS, ROWS, Square};
use crate::game::{Side, WebBoard};
use serde_json::{Value, json};

/// The JSON of one occupied square.
fn piece_json(pos: &Position, sq: Square) -> Option<Value> {
    let piece = pos.piece_at(sq);
    if piece.is_none() {
        return None;
    }
    let mut value = json!({
        "square": sq.name(true),
        "owner": piece.side(),
        "king": piece.is_king(),
    });
    if let Some(o) = piece.orientation() {
        value["top"] = o.top().into();
        value["north"] = o.north().into();
        value["east"] = o.east().into();
        value["south"] = o.south().into();
        value["west"] = o.west().into();
    }
    Some(value)
}

/// The square where an L-shaped move turns; `None` for a straight one.
fn corner(mv: Move) -> Option<Square> {
    if mv.is_straight() {
        return None;
    }
    let (from, to) = (mv.from(), mv.to());
    if mv.vertical_first() {
        Square::at(from.column(), to.row())
    } else {
        Square::at(to.column(), from.row())
    }
}

impl WebBoard for Position {
    const WEB_BOARD_JS: Option<&'static str> = Some(include_str!("web_board.js"));

    fn web_board(&self) -> Option<Value> {
        let pieces: Vec<Value> = Square::all()
            .filter_map(|sq| piece_json(self, sq))
            .collect();
        Some(json!({
            "kind": "duel",
            "columns": COLUMNS,
            "rows": ROWS,
            "pieces": pieces,
            "goals": {
                "white": goal_square(Side::White).name(true),
                "black": goal_square(Side::Black).name(true),
            },
        }))
    }

    fn web_move(&self, mv: Move) -> Option<Value> {
        if mv == Move::default() {
            return None;
        }
        Some(json!({
            "from": mv.from().name(true),
            "to": mv.to().name(true),
            "via": corner(mv).map(|sq| sq.name(true)),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList};

    #[test]
    fn the_start_shows_every_die_with_five_values() {
        let board = Position::start().web_board().unwrap();
        assert_eq!(board["kind"], "duel");
        let pieces = board["pieces"].as_array().unwrap();
        assert_eq!(pieces.len(), 18);
        let d1 = pieces.iter().find(|p| p["square"] == "D1").unwrap();
        assert_eq!(
            (&d1["owner"], &d1["top"], &d1["north"]),
            (&json!("white"), &json!(6), &json!(4))
        );
        // Opposite faces add up to seven.
        let sum = |a: &str, b: &str| d1[a].as_u64().unwrap() + d1[b].as_u64().unwrap();
        assert_eq!((sum("north", "south"), sum("east", "west")), (7, 7));
        let e1 = pieces.iter().find(|p| p["square"] == "E1").unwrap();
        assert_eq!((&e1["king"], e1.get("top")), (&json!(true), None));
    }

    #[test]
    fn the_two_paths_to_one_square_have_their_own_corners() {
        // A lone die on A1 showing 3 reaches B3 by A3 or by B1.
        let pos = Position::from_text("4bK4/9/9/9/9/9/9/w323wK4 w 0 1").unwrap();
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        let mut corners: Vec<Value> = moves
            .iter()
            .map(|&mv| pos.web_move(mv).unwrap())
            .filter(|m| m["from"] == "A1" && m["to"] == "B3")
            .map(|m| m["via"].clone())
            .collect();
        corners.sort_by_key(Value::to_string);
        assert_eq!(corners, [json!("A3"), json!("B1")]);
        let straight = pos.web_move(pos.parse_move("A1-A4").unwrap());
        assert_eq!(straight.unwrap()["via"], Value::Null);
        assert_eq!(pos.web_move(Move::default()), None);
    }
}
