//! The endgame databases in the search (the `TablebasePath` option): a node whose value the tables
//! know is settled without searching it, and at the root only the moves that keep the tables'
//! result are searched. The tables ignore the quiet-ply draw rule, so a win or loss counts only
//! where the rule cannot draw the game before the tables' conversion; a draw always counts (the
//! rule only ever adds draws).

use super::score::tb_win_in;
use super::tablebase::EndgameValue;
use super::thread::SearchThread;
use duel_rules::game::{Game, Searchable};

impl<G: Searchable> SearchThread<'_, G> {
    /// The score of `pos`, `ply` plies from the root, where the databases settle it; counts the
    /// hit. `None` without databases, for a position they do not hold, or where the quiet-ply rule
    /// may come first (see [`database_score`]).
    #[inline]
    pub(super) fn database_score(&mut self, pos: &G, ply: usize) -> Option<i32> {
        let value = self.shared.settings.tablebases.as_deref()?.probe(pos)?;
        self.tbhits += 1;
        database_score::<G>(value, pos.quiet_plies(), ply, self.draw_value(pos))
    }
}

/// The search score of `value`, a database value for the side to move `ply` plies from the root,
/// `quiet` plies into the game's quiet-ply count: `draw` for a draw; a win or loss where the conversion
/// comes within the rule's limit (every ply to it may be quiet; the conversion resets the count);
/// `None` where it may not, which leaves the node to the search.
pub(super) fn database_score<G: Game>(
    value: EndgameValue,
    quiet: u32,
    ply: usize,
    draw: i32,
) -> Option<i32> {
    let in_time = |distance: u32| {
        G::DRAW_RULES
            .quiet_plies
            .is_none_or(|limit| quiet + distance <= limit)
    };
    match value {
        EndgameValue::Draw => Some(draw),
        EndgameValue::Win(distance) => in_time(distance).then(|| tb_win_in(ply, distance)),
        EndgameValue::Loss(distance) => in_time(distance).then(|| -tb_win_in(ply, distance)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::games::Dame;

    #[test]
    fn a_database_result_counts_only_within_the_quiet_ply_limit() {
        // Dame: 50 quiet plies draw.
        let win = EndgameValue::Win(20);
        assert_eq!(
            database_score::<Dame>(win, 30, 3, 0),
            Some(tb_win_in(3, 20))
        );
        assert_eq!(database_score::<Dame>(win, 31, 3, 0), None);
        let loss = EndgameValue::Loss(10);
        assert_eq!(
            database_score::<Dame>(loss, 0, 4, 0),
            Some(-tb_win_in(4, 10))
        );
        assert_eq!(database_score::<Dame>(loss, 45, 4, 0), None);
        assert_eq!(
            database_score::<Dame>(EndgameValue::Draw, 49, 4, -7),
            Some(-7)
        );
    }
}
