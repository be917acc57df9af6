//! The endgame databases in the search (the `TablebasePath` option): a node whose value the tables
//! know is settled without searching it, and at the root only the moves that keep the tables'
//! result are searched. The tables ignore the quiet-ply draw rule, so a win or loss counts only
//! where the rule cannot draw the game before the tables' conversion; a draw always counts (the
//! rule only ever adds draws).

use super::score::tb_win_in;
use super::tablebase::{EndgameValue, Tablebases};
use super::thread::SearchThread;
use duel_rules::game::{EndgameIndex, Game, Searchable};

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

/// Keeps, of the root's `moves`, those with the best database value where the tables know every
/// move's: the quickest conversions of a win (each conversion brings the end nearer, so the win
/// cannot wander), the drawing moves of a draw, the slowest losses. Leaves `moves` as they are
/// where the tables do not know them all. Returns how many probes it made.
pub(super) fn keep_database_result<G: EndgameIndex>(
    root: &G,
    moves: &mut Vec<G::Move>,
    tables: &Tablebases,
) -> u64 {
    if root.endgame_pieces() > tables.max_pieces() {
        return 0;
    }
    let signature = root.endgame_index().map(|(signature, _)| signature);
    let values: Option<Vec<EndgameValue>> = moves
        .iter()
        .map(|&mv| {
            let child = root.make_move(mv);
            let converts = child.endgame_index().map(|(signature, _)| signature) != signature;
            Some(tables.probe(&child)?.after_move(converts))
        })
        .collect();
    let Some(values) = values else {
        return 0;
    };
    let probes = values.len() as u64;
    if let Some(&best) = values.iter().max() {
        let mut value = values.iter();
        moves.retain(|_| value.next() == Some(&best));
    }
    probes
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
