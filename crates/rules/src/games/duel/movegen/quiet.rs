//! Whether a die move gives check, told without making it: the search skips most quiet moves near
//! the horizon, and asking this first spares it making each of them (a copy of the position) only to
//! learn that it is skipped.

use super::super::bitboard::Bitboard;
use super::super::moves::Move;
use super::super::position::{Position, rolled_along};
use super::paths::{PATHS, PathTables};
use crate::game::Game;

/// Whether the legal move `mv` of `pos` leaves the opponent's king attacked, as
/// [`crate::game::SearchHooks::gives_check`] would say (for a position whose opponent is not in check), when `mv`
/// is a die move in an undecided position; `None` for a king move or a decided position, where the
/// caller makes the move and asks the child.
pub fn die_move_gives_check(pos: &Position, mv: Move) -> Option<bool> {
    let us = pos.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    let orientation = pos.piece_at(from).orientation()?;
    if pos.decided_winner().is_some() {
        return None;
    }
    let paths = &*PATHS;
    let enemy_king = pos.king(us.opponent());
    let occupied = (pos.occupied() ^ Bitboard::of(from)) | Bitboard::of(to);
    if pos.king(us).distance(enemy_king) == 1 {
        return Some(true);
    }
    // The moved die with the top it shows after rolling.
    let top = rolled_along(orientation, mv).top();
    if paths.attacks(to, top, enemy_king, occupied) {
        return Some(true);
    }
    // As in `gives_check`: moving from far away opens no way (the king is not attacked before
    // the move).
    if !PathTables::may_uncover(from, enemy_king) {
        return Some(false);
    }
    // Every other die at its top value's distance, with the move's squares as blockers.
    let mut candidates = paths.at_top_distance(enemy_king, pos.dice_by_top(us));
    candidates ^= candidates & Bitboard::of(from);
    Some(candidates.any(|die| paths.reaches(die, enemy_king, occupied)))
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, MoveList, random_positions};
    use crate::games::duel::Position;

    #[test]
    fn a_die_move_checks_exactly_when_its_child_is_in_check() {
        let mut moves = MoveList::new();
        let (mut checks, mut told) = (0, 0);
        for pos in random_positions(&Position::start(), 5, 60, 100) {
            if pos.decided_winner().is_some() {
                continue;
            }
            pos.generate_moves(&mut moves);
            for &mv in moves.iter() {
                let child = pos.make_move(mv);
                match super::die_move_gives_check(&pos, mv) {
                    Some(check) => {
                        assert_eq!(check, child.in_check(), "{} {mv:?}", pos.to_text());
                        told += 1;
                        checks += usize::from(check);
                    }
                    None => assert_eq!(mv.from(), pos.king(pos.side_to_move())),
                }
            }
        }
        assert!(checks > 0 && told > checks, "{checks} of {told}");
    }
}
