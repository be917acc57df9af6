//! Sequences of moves from a position, checked against the rules: a principal variation as text, or
//! whether one move is legal.
//!
//! Moves are written in the game's notation, which needs the position each move is played in, so a
//! line is replayed from its root. A move that is not legal where it stands (a search bug, or a
//! corrupted table entry) ends the line there instead of reaching `format_move` with a move it was
//! never meant to see.

use super::{Game, MoveList};

/// The texts of the longest prefix of `line` that is a sequence of legal moves from `root`.
pub fn legal_prefix<G: Game>(root: &G, line: &[G::Move]) -> Vec<String> {
    let mut texts = Vec::new();
    let mut position = root.clone();
    let mut moves = MoveList::new();
    for &mv in line {
        position.generate_moves(&mut moves);
        if !moves.contains(&mv) {
            break;
        }
        texts.push(position.format_move(mv));
        position = position.make_move(mv);
    }
    texts
}

/// Whether `mv` is legal in `position`.
pub fn is_legal<G: Game>(position: &G, mv: G::Move) -> bool {
    let mut moves = MoveList::new();
    position.generate_moves(&mut moves);
    moves.contains(&mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Duel;

    #[test]
    fn a_line_stops_at_its_first_illegal_move() {
        let start = Duel::start();
        let first = start.parse_move("F1-e6").unwrap();
        let reply = start.make_move(first).parse_move("E8-E7").unwrap();
        assert_eq!(legal_prefix(&start, &[first, reply]), ["F1-e6+", "E8-E7"]);
        assert_eq!(legal_prefix(&start, &[first, first]), ["F1-e6+"]);
        assert!(is_legal(&start, first) && !is_legal(&start, reply));
    }
}
