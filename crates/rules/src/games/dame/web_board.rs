//! Dame for graphical front ends: every man and king with its owner; a move with its landing squares
//! and the pieces it takes, which tell apart capture sequences between the same two squares.

use super::moves::Move;
use super::position::Position;
use super::square::{SIDE_LENGTH, Square};
use crate::game::{Side, WebBoard};
use serde_json::{Value, json};

/// The names of a set of squares, a1 first.
fn names(set: u32) -> Vec<String> {
    Square::in_set(set).map(|sq| sq.to_string()).collect()
}

impl WebBoard for Position {
    const WEB_BOARD_JS: Option<&'static str> = Some(include_str!("web_board.js"));

    fn web_board(&self) -> Option<Value> {
        let pieces: Vec<Value> = Square::all()
            .filter_map(|sq| {
                self.piece_at(sq).map(|piece| {
                    json!({
                        "square": sq.to_string(),
                        "owner": piece.side,
                        "king": piece.king,
                    })
                })
            })
            .collect();
        let count = |set: u32| set.count_ones();
        Some(json!({
            "kind": "dame",
            "columns": SIDE_LENGTH,
            "rows": SIDE_LENGTH,
            // a1 is dark; pieces stand on dark squares only.
            "dark_parity": 0,
            "pieces": pieces,
            "men": {
                "white": count(self.men(Side::White)),
                "black": count(self.men(Side::Black)),
            },
            "kings": {
                "white": count(self.kings(Side::White)),
                "black": count(self.kings(Side::Black)),
            },
        }))
    }

    /// `from`, `to`, the landing squares in order (`path`, ending on `to`) and the squares of the
    /// pieces taken (`captured`, empty for a plain move). The null move has none.
    fn web_move(&self, mv: Move) -> Option<Value> {
        if mv == Move::default() {
            return None;
        }
        let path: Vec<String> = mv.landings().map(|sq| sq.to_string()).collect();
        Some(json!({
            "from": mv.from().to_string(),
            "to": mv.to().to_string(),
            "path": path,
            "captured": names(mv.captured()),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList};

    #[test]
    fn pieces_and_moves_with_their_sequences() {
        let start = Position::start();
        let board = start.web_board().unwrap();
        assert_eq!(board["kind"], "dame");
        assert_eq!(board["men"], json!({"white": 12, "black": 12}));
        assert_eq!(board["kings"], json!({"white": 0, "black": 0}));
        let pieces = board["pieces"].as_array().unwrap();
        assert_eq!(pieces.len(), 24);
        assert_eq!(
            pieces[0],
            json!({"square": "a1", "owner": "white", "king": false})
        );
        let mv = start.parse_move("c3-d4").unwrap();
        assert_eq!(
            start.web_move(mv),
            Some(json!({"from": "c3", "to": "d4", "path": ["d4"], "captured": []}))
        );
        assert_eq!(start.web_move(Move::default()), None);

        // A king takes b2 and c5 or b2 and f6: each move names its landings and its victims.
        let pos = Position::from_text("8/8/5m2/2m5/8/8/1m6/K7 w").unwrap();
        let board = pos.web_board().unwrap();
        assert_eq!(board["kings"], json!({"white": 1, "black": 0}));
        assert_eq!(
            board["pieces"][0],
            json!({"square": "a1", "owner": "white", "king": true})
        );
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        let shown: Vec<Value> = moves.iter().filter_map(|&mv| pos.web_move(mv)).collect();
        assert_eq!(shown.len(), moves.len());
        for (entry, &mv) in shown.iter().zip(moves.iter()) {
            assert_eq!(entry["from"], "a1");
            assert_eq!(entry["to"], mv.to().to_string());
            let path = entry["path"].as_array().unwrap();
            assert_eq!(path.last().unwrap(), &entry["to"]);
            assert_eq!(path.len(), entry["captured"].as_array().unwrap().len());
            assert_eq!(entry["captured"][0], "b2");
        }
    }
}
