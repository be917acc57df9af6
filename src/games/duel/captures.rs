//! The tactical moves of Duel, the captures, for the quiescence search: generated without the quiet
//! moves (a die whose ring holds no enemy piece is not looked at), and placed where they stand in the
//! full move list, so that the search picks tied captures in the order it would from that list.

use super::movegen::{generate_captures, visit_legal_moves};
use super::moves::Move;
use super::position::Position;
use crate::game::MoveList;
use std::ops::ControlFlow;

/// Fills `moves` (cleared first) with the legal captures of `pos`, in the order of the full list.
#[inline]
pub fn generate(pos: &Position, moves: &mut MoveList<Move>) {
    generate_captures(pos, moves);
}

/// Fills `places` with the place of each capture of `moves` ([`generate`]'s list) in the full list,
/// as `Game::tactical_move_places` asks: the index itself below `moves.len()`, and from there on
/// `moves.len()` plus the capture's own index. Only the first `moves.len()` legal moves are
/// generated to find them.
#[inline]
pub fn places(pos: &Position, moves: &[Move], places: &mut [u16]) {
    let count = moves.len();
    for (index, place) in places[..count].iter_mut().enumerate() {
        *place = (count + index) as u16;
    }
    let mut next = 0;
    let mut index = 0;
    let _ = visit_legal_moves(pos, |mv| {
        if next < count && moves[next] == mv {
            places[next] = index as u16;
            next += 1;
        }
        index += 1;
        if index < count {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Rng};

    /// Positions of seeded random play, a capture (when there is one) half the time, so that the
    /// boards hold many.
    fn positions() -> Vec<Position> {
        let mut rng = Rng::new(15);
        let mut moves = MoveList::new();
        let mut found = Vec::new();
        for _ in 0..80 {
            let mut pos = Position::start();
            for _ in 0..90 {
                pos.generate_moves(&mut moves);
                if moves.is_empty() || pos.decided_winner().is_some() {
                    break;
                }
                found.push(pos);
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&mv| pos.is_capture(mv))
                    .collect();
                let pool = if !captures.is_empty() && rng.below(2) == 0 {
                    &captures[..]
                } else {
                    &moves[..]
                };
                let mv = *rng.pick(pool).expect("a move");
                pos = pos.make_move(mv);
            }
        }
        found
    }

    #[test]
    fn the_captures_are_the_tactical_legal_moves_in_order() {
        let mut all = MoveList::new();
        let mut captures = MoveList::new();
        let (mut seen, mut by_king) = (0, 0);
        for pos in positions() {
            pos.generate_moves(&mut all);
            generate(&pos, &mut captures);
            let tactical: Vec<Move> = all
                .iter()
                .copied()
                .filter(|&mv| pos.is_tactical(mv))
                .collect();
            assert_eq!(&captures[..], &tactical[..], "{}", pos.to_text());
            seen += tactical.len();
            by_king += tactical
                .iter()
                .filter(|mv| pos.is_king_at(mv.from()))
                .count();
        }
        assert!(seen > 1000, "random play meets captures: {seen}");
        assert!(by_king > 10, "and king captures: {by_king}");
    }

    #[test]
    fn places_are_the_indices_in_the_full_list_as_far_as_picking_needs() {
        let mut all = MoveList::new();
        let mut captures = MoveList::new();
        let mut placed = [0u16; 300];
        let mut exact = 0;
        for pos in positions() {
            pos.generate_moves(&mut all);
            generate(&pos, &mut captures);
            places(&pos, &captures, &mut placed);
            let count = captures.len();
            for (index, &mv) in captures.iter().enumerate() {
                let full = all.iter().position(|&m| m == mv).expect("a legal move");
                let place = placed[index] as usize;
                if full < count {
                    assert_eq!(place, full, "{} {mv:?}", pos.to_text());
                    exact += 1;
                } else {
                    assert_eq!(place, count + index, "{} {mv:?}", pos.to_text());
                }
            }
        }
        assert!(exact > 100, "captures early in the list: {exact}");
    }
}
