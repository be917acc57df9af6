//! `info` lines: a search [`Report`] as text.
//!
//! The search scores in the game's own evaluation scale; the line shows its score on the common
//! scale ([`on_common_scale_by`]), and with `UCI_ShowWDL` the chances it gives at the root
//! ([`chances_by`]), both by the win-rate model in use (the game's shipped one or `WDLFile`'s). The principal variation is printed up to its first illegal move
//! ([`legal_prefix`]).

use crate::search::{Bound, Report, Score, chances_by, on_common_scale_by};
use duel_rules::game::{Evaluation, WinRateModel, legal_prefix};
use std::fmt::Write;

/// What an `info` line shows besides the fields it always has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InfoFields {
    /// `multipv <k>`: when several lines are asked for.
    pub multipv: bool,
    /// `wdl <w> <d> <l>` after the score (`UCI_ShowWDL`).
    pub wdl: bool,
}

/// The `info depth … pv …` line for `report`, a search of `root`, its score shown with `model` (the
/// game's win-rate model in use).
pub fn info_line<G: Evaluation>(
    root: &G,
    report: &Report<G::Move>,
    fields: InfoFields,
    model: &WinRateModel,
) -> String {
    let mut line = format!("info depth {} seldepth {}", report.depth, report.seldepth);
    if fields.multipv {
        let _ = write!(line, " multipv {}", report.multipv);
    }
    let _ = match on_common_scale_by(model, report.score) {
        Score::Centipawns(cp) => write!(line, " score cp {cp}"),
        Score::Mate(moves) => write!(line, " score mate {moves}"),
    };
    match report.bound {
        Bound::Exact => {}
        Bound::Lower => line.push_str(" lowerbound"),
        Bound::Upper => line.push_str(" upperbound"),
    }
    if fields.wdl {
        // From the search's own score: the model reads the game's scale, not the common one.
        let _ = write!(line, " wdl {}", chances_by(model, root, report.score));
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
    use crate::search::chances;
    use duel_rules::game::Game;
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
        let fields = InfoFields {
            multipv: true,
            wdl: false,
        };
        let line = info_line(&start, &report(pv.clone()), fields, Duel::win_rate_model());
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
        let line = info_line(
            &start,
            &without,
            InfoFields::default(),
            Duel::win_rate_model(),
        );
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
        let line = info_line(
            &start,
            &report(vec![legal, legal]),
            InfoFields::default(),
            Duel::win_rate_model(),
        );
        assert!(line.ends_with(" pv H1-H2"), "{line}");
        let illegal = report(vec![Default::default()]);
        assert!(
            !info_line(
                &start,
                &illegal,
                InfoFields::default(),
                Duel::win_rate_model()
            )
            .contains(" pv")
        );
    }

    #[test]
    fn an_evaluation_is_shown_on_the_common_scale_and_a_decisive_score_as_it_is() {
        let start = Duel::start();
        let model = Duel::win_rate_model();
        for own in [0, 37, -250, model.from_centipawns(100)] {
            let scored = Report {
                score: Score::Centipawns(own),
                bound: Bound::Exact,
                ..report(vec![])
            };
            let line = info_line(
                &start,
                &scored,
                InfoFields::default(),
                Duel::win_rate_model(),
            );
            let common = model.centipawns(own);
            assert!(
                line.contains(&format!(" score cp {common} nodes ")),
                "{line}"
            );
        }
        // A win the endgame databases prove (the band above 30,000) is shown as the search has it.
        let won = Report {
            score: Score::Centipawns(30_800),
            ..report(vec![])
        };
        let line = info_line(&start, &won, InfoFields::default(), Duel::win_rate_model());
        assert!(line.contains(" score cp 30800 lowerbound nodes "), "{line}");
    }

    #[test]
    fn the_score_and_the_chances_are_shown_with_the_model_given() {
        let start = Duel::start();
        let shipped = Duel::win_rate_model();
        let mut steeper = shipped.clone();
        steeper.b = shipped.b.map(|c| c / 2.0);
        let steeper = WinRateModel::new(
            "duel",
            steeper.a,
            steeper.b,
            steeper.phase_range,
            steeper.reference_phase,
        )
        .unwrap();
        let scored = Report {
            score: Score::Centipawns(shipped.from_centipawns(150)),
            bound: Bound::Exact,
            ..report(vec![])
        };
        let fields = InfoFields {
            multipv: false,
            wdl: true,
        };
        let usual = info_line(&start, &scored, fields, shipped);
        let other = info_line(&start, &scored, fields, &steeper);
        let Score::Centipawns(own) = scored.score else {
            unreachable!()
        };
        assert!(
            other.contains(&format!(" score cp {} wdl ", steeper.centipawns(own))),
            "{other}"
        );
        let wdl = chances_by(&steeper, &start, scored.score);
        assert!(other.contains(&format!(" wdl {wdl} nodes ")), "{other}");
        assert_ne!(usual, other);
    }

    #[test]
    fn the_chances_follow_the_score_and_its_bound() {
        let start = Duel::start();
        let fields = InfoFields {
            multipv: false,
            wdl: true,
        };
        for (score, bound) in [
            (Score::Centipawns(40), Bound::Upper),
            (Score::Centipawns(-90), Bound::Exact),
            (Score::Mate(-3), Bound::Lower),
        ] {
            let scored = Report {
                score,
                bound,
                ..report(vec![])
            };
            let line = info_line(&start, &scored, fields, Duel::win_rate_model());
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|w| *w == "wdl").expect(&line);
            // Right after the score and its bound word, as Stockfish prints it.
            let after_score = match bound {
                Bound::Exact => 3,
                _ => 4,
            };
            assert_eq!(words[at - after_score], "score", "{line}");
            let numbers: Vec<u32> = words[at + 1..at + 4]
                .iter()
                .map(|w| w.parse().expect(&line))
                .collect();
            assert_eq!(numbers.iter().sum::<u32>(), 1000, "{line}");
            let expected = chances(&start, score);
            assert_eq!(numbers, [expected.win, expected.draw, expected.loss]);
            assert_eq!(words[at + 4], "nodes", "{line}");
        }
        let mated = Report {
            score: Score::Mate(-3),
            ..report(vec![])
        };
        assert!(
            info_line(&start, &mated, fields, Duel::win_rate_model())
                .contains(" lowerbound wdl 0 0 1000 nodes ")
        );
    }
}
