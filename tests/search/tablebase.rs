//! The endgame databases in the search (Dame, the 3-piece set the real binary builds): the root keeps
//! the moves that keep the tables' result, the nodes below it are settled by the tables and counted
//! as `tbhits`, and a search of a position with more pieces than the tables is the same search as
//! without them.

use crate::common::dame;
use crate::common::temp_dir::TempDir;
use duel_engine::search::tablebase::{EndgameValue, Tablebases};
use duel_engine::search::{
    Limits, Report, Score, SearchControl, SearchRequest, SearchSummary, Settings,
    TranspositionTable, run_detailed,
};
use duel_rules::game::{EndgameIndex, Game, MoveList, Pieces};
use duel_rules::games::Dame;
use std::sync::Arc;

type Move = <Dame as Game>::Move;

/// The 3-piece tables, built by `duel tablebase` into a folder that lives as long as the result.
fn three_piece_tables() -> (TempDir, Arc<Tablebases>) {
    let dir = dame::three_piece_tables("search-tablebase");
    let (tables, refused) = Tablebases::load::<Dame>(dir.path()).expect("the folder reads");
    assert!(refused.is_empty(), "{refused:?}");
    assert_eq!(tables.len(), 16);
    assert_eq!(tables.max_pieces(), 3);
    (dir, Arc::new(tables))
}

fn search(
    pos: &Dame,
    depth: u32,
    tables: Option<&Arc<Tablebases>>,
) -> (SearchSummary<Move>, Vec<Report<Move>>) {
    let settings = Settings {
        tablebases: tables.cloned(),
        ..Settings::default()
    };
    search_with(pos, depth, &settings)
}

fn search_with(
    pos: &Dame,
    depth: u32,
    settings: &Settings,
) -> (SearchSummary<Move>, Vec<Report<Move>>) {
    let mut reports = Vec::new();
    let summary = run_detailed(
        &SearchRequest {
            root: pos,
            history: &[],
            limits: &Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            settings,
            control: &SearchControl::new(),
            tt: &TranspositionTable::new(4),
        },
        &mut |r| reports.push(r.clone()),
    );
    (summary, reports)
}

/// Each legal move of `pos` with its database value for the side that plays it.
fn move_values(pos: &Dame, tables: &Tablebases) -> Vec<(Move, EndgameValue)> {
    let signature = pos.endgame_index().map(|(s, _)| s);
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let child = pos.make_move(mv);
            let converts = child.endgame_index().map(|(s, _)| s) != signature;
            let value = tables
                .probe(&child)
                .expect("a 3-piece child is in the tables");
            (mv, value.after_move(converts))
        })
        .collect()
}

/// The first positions of the 3-piece signature `name` whose value `wanted` accepts and whose moves
/// do not all share one value (so that the root's choice means something).
fn positions_where(
    tables: &Tablebases,
    name: &str,
    wanted: impl Fn(EndgameValue) -> bool,
    count: usize,
) -> Vec<Dame> {
    let signature = Dame::signature_named(name, 3).expect("a 3-piece signature");
    (0..Dame::endgame_position_count(signature))
        .step_by(7)
        .filter_map(|index| Dame::endgame_position(signature, index))
        .filter(|pos| !pos.resolved_through_moves())
        .filter(|pos| tables.probe(pos).is_some_and(&wanted))
        .filter(|pos| {
            let values = move_values(pos, tables);
            values.iter().any(|&(_, v)| v != values[0].1)
        })
        .take(count)
        .collect()
}

#[test]
fn the_root_plays_what_keeps_the_tables_result_and_the_nodes_below_are_settled() {
    let (_dir, tables) = three_piece_tables();
    let cases = [
        (
            "KKvK",
            positions_where(
                &tables,
                "KKvK",
                |v| matches!(v, EndgameValue::Win(d) if d >= 3),
                3,
            ),
        ),
        (
            "KvKK",
            positions_where(
                &tables,
                "KvKK",
                |v| matches!(v, EndgameValue::Loss(d) if d >= 2),
                3,
            ),
        ),
        (
            "MvK",
            positions_where(&tables, "MvK", |v| v == EndgameValue::Draw, 3),
        ),
    ];
    for (name, positions) in cases {
        assert_eq!(positions.len(), 3, "{name}: positions found");
        for pos in positions {
            let values = move_values(&pos, &tables);
            let best = values.iter().map(|&(_, v)| v).max().unwrap();
            assert_eq!(tables.probe(&pos), Some(best), "{}", pos.to_text());
            let (summary, reports) = search(&pos, 6, Some(&tables));
            let played = summary.result.best.expect("a move");
            let value = values.iter().find(|&&(mv, _)| mv == played).unwrap().1;
            assert_eq!(
                value,
                best,
                "{name} {}: played {} (the tables' best is {best:?})",
                pos.to_text(),
                pos.format_move(played)
            );
            let last = reports.last().expect("reports");
            assert!(last.tbhits.is_some_and(|hits| hits > 0), "{last:?}");
            // The score is the tables': a win or loss above every evaluation, a draw 0.
            match (best, summary.score) {
                (EndgameValue::Draw, Some(Score::Centipawns(cp))) => assert_eq!(cp, 0),
                (EndgameValue::Win(_), Some(Score::Centipawns(cp))) => assert!(cp > 30_000),
                (EndgameValue::Loss(_), Some(Score::Centipawns(cp))) => assert!(cp < -30_000),
                (value, score) => panic!("{value:?} scored {score:?}"),
            }
        }
    }
}

#[test]
fn contempt_scores_a_database_draw_below_level_for_the_engine_and_still_keeps_it() {
    let (_dir, tables) = three_piece_tables();
    let contempt = Pieces::hundredths(30);
    let settings = Settings {
        tablebases: Some(tables.clone()),
        contempt,
        ..Settings::default()
    };
    let drawn = positions_where(&tables, "MvK", |v| v == EndgameValue::Draw, 3);
    assert_eq!(drawn.len(), 3);
    for pos in drawn {
        let (summary, _) = search_with(&pos, 6, &settings);
        assert_eq!(
            summary.score,
            Some(Score::Centipawns(-contempt.of::<Dame>())),
            "{}",
            pos.to_text()
        );
        let played = summary.result.best.expect("a move");
        let value = move_values(&pos, &tables)
            .into_iter()
            .find(|&(mv, _)| mv == played)
            .unwrap()
            .1;
        assert_eq!(value, EndgameValue::Draw, "{}", pos.to_text());
    }
}

#[test]
fn a_search_that_never_reaches_the_tables_is_the_same_search_as_without_them() {
    let (_dir, tables) = three_piece_tables();
    // No capture sequence of 7 plies leaves 3 of the 24 pieces: nothing is probed.
    let mut after_two_moves = Dame::start();
    for _ in 0..2 {
        let mut moves = MoveList::new();
        after_two_moves.generate_moves(&mut moves);
        after_two_moves = after_two_moves.make_move(moves[moves.len() / 2]);
    }
    for pos in [Dame::start(), after_two_moves] {
        let text = pos.to_text();
        let (with, reports) = search(&pos, 7, Some(&tables));
        let (without, plain_reports) = search(&pos, 7, None);
        assert_eq!(with.nodes, without.nodes, "{text}");
        assert_eq!(with.result, without.result, "{text}");
        assert_eq!(reports.last().unwrap().tbhits, Some(0), "{text}");
        assert_eq!(plain_reports.last().unwrap().tbhits, None, "{text}");
    }
}
