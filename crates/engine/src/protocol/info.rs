//! `info` lines: a search [`Report`] as text.
//!
//! The principal variation is printed up to its first illegal move ([`legal_prefix`]).

use crate::search::{Bound, Report, Score};
use duel_rules::game::{Game, legal_prefix};
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
        " nodes {} nps {nps} hashfull {}",
        report.nodes,
        report.hashfull.min(1000),
    );
    if let Some(hits) = report.tbhits {
        let _ = write!(line, " tbhits {hits}");
    }
    let _ = write!(line, " time {}", report.elapsed.as_millis());
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

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::games::Duel;
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
            tbhits: Some(4),
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
            "info depth 5 seldepth 8 multipv 2 score mate -3 lowerbound nodes 5000 nps 20000 hashfull 17 tbhits 4 time 250 pv {}",
            legal_prefix(&start, &pv).join(" ")
        );
        assert_eq!(line, expected);
        assert!(line.contains(" pv F1-e6+"));
        let without = Report {
            tbhits: None,
            ..report(vec![])
        };
        let line = info_line(&start, &without, false);
        assert!(
            !line.contains("multipv") && !line.contains("tbhits"),
            "{line}"
        );
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
