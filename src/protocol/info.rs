//! `info` lines: a search [`Report`] as text.
//!
//! Moves are printed in the game's notation, which needs the position each move is played in, so the
//! principal variation is replayed from the root. A move that is not legal where it stands (a search
//! bug, or a corrupted table entry) ends the printed line there instead of reaching `format_move` with
//! a move it was never meant to see.

use crate::game::{Game, MoveList};
use crate::search::{Bound, Report, Score};
use std::fmt::Write;

/// The `info depth … pv …` line for `report`; `multipv` is printed only when several lines are asked
/// for.
pub fn info_line<G: Game>(root: &G, report: &Report<G::Move>, show_multipv: bool) -> String {
    let mut line = format!("info depth {} seldepth {}", report.depth, report.seldepth);
    if show_multipv {
        let _ = write!(line, " multipv {}", report.multipv);
    }
    let _ = match report.score {
        Score::Centipawns(cp) => write!(line, " score cp {cp}"),
        Score::Mate(moves) => write!(line, " score mate {moves}"),
    };
    match report.bound {
        Bound::Exact => {}
        Bound::Lower => line.push_str(" lowerbound"),
        Bound::Upper => line.push_str(" upperbound"),
    }
    let micros = report.elapsed.as_micros().max(1);
    let nps = u128::from(report.nodes) * 1_000_000 / micros;
    let _ = write!(
        line,
        " nodes {} nps {nps} hashfull {} time {}",
        report.nodes,
        report.hashfull.min(1000),
        report.elapsed.as_millis()
    );
    let pv = legal_prefix(root, &report.pv);
    if !pv.is_empty() {
        line.push_str(" pv");
        for text in pv {
            line.push(' ');
            line.push_str(&text);
        }
    }
    line
}

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
    use std::time::Duration;

    fn report(pv: Vec<<Duel as Game>::Move>) -> Report<<Duel as Game>::Move> {
        Report {
            depth: 5,
            seldepth: 8,
            multipv: 2,
            score: Score::Mate(-3),
            bound: Bound::Lower,
            nodes: 5000,
            elapsed: Duration::from_millis(250),
            hashfull: 17,
            pv,
        }
    }

    #[test]
    fn every_field_in_order() {
        let start = Duel::start();
        let first = start.parse_move("F1-e6").unwrap();
        let reply = start.make_move(first).parse_move("E8-E7");
        let mut pv = vec![first];
        pv.extend(reply.ok());
        let line = info_line(&start, &report(pv.clone()), true);
        let expected = format!(
            "info depth 5 seldepth 8 multipv 2 score mate -3 lowerbound nodes 5000 nps 20000 hashfull 17 time 250 pv {}",
            legal_prefix(&start, &pv).join(" ")
        );
        assert_eq!(line, expected);
        assert!(line.contains(" pv F1-e6+"));
        assert!(!info_line(&start, &report(vec![]), false).contains("multipv"));
    }

    #[test]
    fn the_pv_stops_at_an_illegal_move() {
        let start = Duel::start();
        let legal = start.parse_move("H1-H2").unwrap();
        // The same move again is not legal for Black.
        let line = info_line(&start, &report(vec![legal, legal]), false);
        assert!(line.ends_with(" pv H1-H2"), "{line}");
        assert!(!info_line(&start, &report(vec![Default::default()]), false).contains(" pv"));
    }
}
