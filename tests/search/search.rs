//! The search through its public contract, on Duel positions built by hand (each checked with the
//! engine's own move generator and, for mates, an independent brute-force solver below).

use duel_engine::search::{
    Bound, Limits, Report, Score, SearchControl, SearchRequest, SearchSummary, Settings,
    TranspositionTable, run_detailed,
};
use duel_rules::game::{Game, MoveList, Outcome};
use duel_rules::games::Duel;
use std::sync::mpsc;
use std::time::{Duration, Instant};

type Move = <Duel as Game>::Move;

/// White's king on E7 steps onto E8, Black's king's start square, and wins.
const KING_REACHES_GOAL: &str = "bK8/4wK4/9/9/9/9/9/9 w 0 1";
/// `d3-e3++`: Black's lone king on F4 is not attacked but has no move left (enclosed), and loses.
const ENCLOSURE_IN_1: &str = "9/9/7w361/9/5bK3/3wK5/9/9 w 0 1";
/// White mates in 2: `B1-B2` (then `B2-c6++` after every reply).
const MATE_IN_2: &str = "9/9/9/4bK4/9/9/wK3w544/1w125w631 w 0 1";
/// White mates in 2 starting with a check.
const MATE_IN_2_WITH_CHECK: &str = "6bK2/1w247/9/2w566/9/9/wK4w153/9 w 0 1";

fn pos(text: &str) -> Duel {
    Duel::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal_moves(pos: &Duel) -> Vec<Move> {
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    moves.to_vec()
}

/// Whether the side to move can force a win within `moves` of its moves, by brute force.
fn wins_within(pos: &Duel, moves: u32) -> bool {
    let us = pos.side_to_move();
    moves > 0
        && legal_moves(pos).into_iter().any(|mv| {
            let next = pos.make_move(mv);
            if next.decided_winner() == Some(us) {
                return true;
            }
            let replies = legal_moves(&next);
            if replies.is_empty() {
                return next.no_move_outcome() == Outcome::Win(us);
            }
            replies.into_iter().all(|reply| {
                let after = next.make_move(reply);
                after.decided_winner().is_none() && wins_within(&after, moves - 1)
            })
        })
}

struct Found {
    summary: SearchSummary<Move>,
    reports: Vec<Report<Move>>,
}

fn search_with(
    pos: &Duel,
    history: &[u64],
    limits: &Limits<Move>,
    settings: &Settings,
    tt: &TranspositionTable,
) -> Found {
    let control = SearchControl::new();
    let mut reports = Vec::new();
    let summary = run_detailed(
        &SearchRequest {
            root: pos,
            history,
            limits,
            settings,
            control: &control,
            tt,
        },
        &mut |r| reports.push(r.clone()),
    );
    Found { summary, reports }
}

/// Runs a search on its own thread; once it has reported `depth`, calls `act` (a stop or a
/// ponderhit) and waits for the search to end.
fn search_then(
    root: &Duel,
    limits: &Limits<Move>,
    control: &SearchControl,
    tt: &TranspositionTable,
    depth: u32,
    act: impl FnOnce(),
) -> SearchSummary<Move> {
    let (depth_done, reached) = mpsc::channel();
    std::thread::scope(|s| {
        let search = s.spawn(|| {
            run_detailed(
                &SearchRequest {
                    root,
                    history: &[],
                    limits,
                    settings: &Settings::default(),
                    control,
                    tt,
                },
                &mut |r| {
                    let _ = depth_done.send(r.depth);
                },
            )
        });
        while reached.recv().expect("the search reports") < depth {}
        act();
        search.join().expect("the search thread ends")
    })
}

fn search_depth(pos: &Duel, depth: u32) -> Found {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    search_with(
        pos,
        &[],
        &limits,
        &Settings::default(),
        &TranspositionTable::new(4),
    )
}

fn text(pos: &Duel, mv: Option<Move>) -> String {
    mv.map_or("(none)".into(), |mv| pos.format_move(mv))
}

#[test]
fn king_reaching_its_goal_is_mate_in_1() {
    let root = pos(KING_REACHES_GOAL);
    let found = search_depth(&root, 4);
    assert_eq!(text(&root, found.summary.result.best), "E7-E8");
    assert_eq!(found.summary.score, Some(Score::Mate(1)));
    let last = found.reports.last().expect("every depth is reported");
    assert_eq!(
        (last.depth, last.score, last.bound),
        (4, Score::Mate(1), Bound::Exact)
    );
}

#[test]
fn enclosing_the_king_is_mate_in_1_even_at_depth_1() {
    let root = pos(ENCLOSURE_IN_1);
    assert!(wins_within(&root, 1));
    let after = root.make_move(root.parse_move("d3-e3").expect("legal"));
    assert!(!after.in_check() && legal_moves(&after).is_empty());
    for depth in [1, 3] {
        let found = search_depth(&root, depth);
        assert_eq!(
            text(&root, found.summary.result.best),
            "d3-e3++",
            "depth {depth}"
        );
        assert_eq!(found.summary.score, Some(Score::Mate(1)), "depth {depth}");
    }
}

#[test]
fn mate_in_2_is_found_with_its_exact_score() {
    for dfen in [MATE_IN_2, MATE_IN_2_WITH_CHECK] {
        let root = pos(dfen);
        assert!(!wins_within(&root, 1) && wins_within(&root, 2), "{dfen}");
        let found = search_depth(&root, 5);
        assert_eq!(found.summary.score, Some(Score::Mate(2)), "{dfen}");
        let best = found.summary.result.best.expect("a move");
        // The move played keeps the mate: every reply allows a win in 1.
        let next = root.make_move(best);
        assert!(
            legal_moves(&next)
                .into_iter()
                .all(|reply| wins_within(&next.make_move(reply), 1)),
            "{dfen}: {}",
            text(&root, Some(best))
        );
        let pv = &found.reports.last().expect("reports").pv;
        assert_eq!(pv.len(), 3, "{dfen}: the PV runs to the mate");
    }
}

#[test]
fn the_side_being_mated_sees_mate_in_minus_1() {
    let root = pos(MATE_IN_2);
    let defender = root.make_move(root.parse_move("B1-B2").expect("legal"));
    let found = search_depth(&defender, 4);
    assert_eq!(found.summary.score, Some(Score::Mate(-1)));
    assert!(
        found.summary.result.best.is_some(),
        "a lost side still plays a move"
    );
}

#[test]
fn a_mate_limit_stops_the_search_once_the_mate_is_proven() {
    let root = pos(MATE_IN_2);
    let limits = Limits {
        mate: Some(2),
        ..Limits::default()
    };
    let found = search_with(
        &root,
        &[],
        &limits,
        &Settings::default(),
        &TranspositionTable::new(4),
    );
    assert_eq!(found.summary.score, Some(Score::Mate(2)));
    assert!(
        found.summary.depth <= 6,
        "stopped at depth {}",
        found.summary.depth
    );
}

#[test]
fn the_quiet_ply_limit_draws_unless_the_game_is_won_first() {
    // On the 100th quiet ply a win still counts...
    let root = pos("bK8/4wK4/9/9/9/9/9/9 w 99 1");
    assert_eq!(search_depth(&root, 3).summary.score, Some(Score::Mate(1)));
    // ...but a mate in 2 no longer does: every move reaches the limit.
    let root = pos("9/9/9/4bK4/9/9/wK3w544/1w125w631 w 99 1");
    assert_eq!(
        search_depth(&root, 4).summary.score,
        Some(Score::Centipawns(0))
    );
}

#[test]
fn a_third_repetition_from_the_game_history_is_a_draw() {
    // The kings step out and back twice: the start position occurs for the third time at the root,
    // so stepping out once more repeats E1-E2's position for the third time.
    let mut game = duel_rules::game::GameRecord::new(Duel::start());
    for _ in 0..2 {
        for mv in ["E1-E2", "E8-E7", "E2-E1", "E7-E8"] {
            game.play_text(mv).expect("legal");
        }
    }
    let root = *game.current();
    let step_out = root.parse_move("E1-E2").expect("legal");
    let limits = Limits {
        depth: Some(4),
        searchmoves: vec![step_out],
        ..Limits::default()
    };
    let tt = TranspositionTable::new(4);
    let found = search_with(
        &root,
        game.earlier_keys(),
        &limits,
        &Settings::default(),
        &tt,
    );
    assert_eq!(found.summary.score, Some(Score::Centipawns(0)));
    assert_eq!(
        found.reports.last().map(|r| r.pv.len()),
        Some(1),
        "the draw ends the line"
    );
    // Without the history the same move is no draw by repetition.
    let fresh = search_with(
        &root,
        &[],
        &limits,
        &Settings::default(),
        &TranspositionTable::new(4),
    );
    assert!(fresh.reports.last().is_some_and(|r| r.pv.len() > 1));
}

#[test]
fn searchmoves_restrict_the_root() {
    let root = Duel::start();
    for allowed in [vec!["H1-H2"], vec!["B1-B2", "G1-G3"]] {
        let moves: Vec<Move> = allowed
            .iter()
            .map(|m| root.parse_move(m).expect("legal"))
            .collect();
        let limits = Limits {
            depth: Some(4),
            searchmoves: moves.clone(),
            ..Limits::default()
        };
        let found = search_with(
            &root,
            &[],
            &limits,
            &Settings::default(),
            &TranspositionTable::new(4),
        );
        let best = found.summary.result.best.expect("a move");
        assert!(
            moves.contains(&best),
            "{} not in {allowed:?}",
            text(&root, Some(best))
        );
        assert!(found.reports.iter().all(|r| moves.contains(&r.pv[0])));
    }
}

#[test]
fn a_stop_before_the_first_depth_still_returns_a_legal_move() {
    let root = Duel::start();
    let control = SearchControl::new();
    control.stop();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let tt = TranspositionTable::new(4);
    let summary = run_detailed(
        &SearchRequest {
            root: &root,
            history: &[],
            limits: &limits,
            settings: &Settings::default(),
            control: &control,
            tt: &tt,
        },
        &mut |_| {},
    );
    let best = summary.result.best.expect("a move");
    assert!(legal_moves(&root).contains(&best));
    assert_eq!(summary.depth, 0);
}

#[test]
fn stop_ends_an_infinite_search() {
    let root = Duel::start();
    let control = SearchControl::new();
    let tt = TranspositionTable::new(4);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let summary = search_then(&root, &limits, &control, &tt, 3, || control.stop());
    let best = summary.result.best.expect("a move");
    assert!(legal_moves(&root).contains(&best));
    assert!(summary.depth >= 3);
}

#[test]
fn pondering_suspends_the_time_limits() {
    let root = Duel::start();
    let control = SearchControl::new();
    control.start_pondering();
    let tt = TranspositionTable::new(4);
    // A millisecond could never hold six iterations; while pondering it does not count.
    let limits = Limits {
        depth: Some(6),
        movetime: Some(Duration::from_millis(1)),
        ..Limits::default()
    };
    let summary = run_detailed(
        &SearchRequest {
            root: &root,
            history: &[],
            limits: &limits,
            settings: &Settings::default(),
            control: &control,
            tt: &tt,
        },
        &mut |_| {},
    );
    assert_eq!(summary.depth, 6);
}

#[test]
fn ponderhit_starts_the_clock() {
    let root = Duel::start();
    let control = SearchControl::new();
    control.start_pondering();
    let tt = TranspositionTable::new(4);
    let limits = Limits {
        movetime: Some(Duration::from_millis(30)),
        ..Limits::default()
    };
    // Only the time limit, counted from the ponderhit, can end this search.
    let result = search_then(&root, &limits, &control, &tt, 2, || {
        assert!(control.ponderhit())
    })
    .result;
    assert!(legal_moves(&root).contains(&result.best.expect("a move")));
}

#[test]
fn the_node_limit_is_honoured() {
    let root = Duel::start();
    let limits = Limits {
        nodes: Some(3_000),
        ..Limits::default()
    };
    let found = search_with(
        &root,
        &[],
        &limits,
        &Settings::default(),
        &TranspositionTable::new(4),
    );
    assert!(
        found.summary.nodes <= 3_000,
        "{} nodes",
        found.summary.nodes
    );
    assert!(found.summary.nodes > 2_000, "{} nodes", found.summary.nodes);
    assert!(legal_moves(&root).contains(&found.summary.result.best.expect("a move")));
}

#[test]
fn two_threads_return_a_legal_move() {
    let root = pos(MATE_IN_2_WITH_CHECK);
    let settings = Settings {
        threads: 2,
        ..Settings::default()
    };
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let found = search_with(&root, &[], &limits, &settings, &TranspositionTable::new(4));
    assert!(legal_moves(&root).contains(&found.summary.result.best.expect("a move")));
    assert_eq!(found.summary.score, Some(Score::Mate(2)));
    let nodes: Vec<u64> = found.reports.iter().map(|r| r.nodes).collect();
    assert!(nodes.windows(2).all(|w| w[0] <= w[1]), "{nodes:?}");
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    let root = Duel::start();
    let settings = Settings {
        multipv: 3,
        ..Settings::default()
    };
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let found = search_with(&root, &[], &limits, &settings, &TranspositionTable::new(4));
    assert_eq!(found.reports.len(), 12, "3 lines at each of 4 depths");
    for depth in found.reports.chunks(3) {
        let lines: Vec<u32> = depth.iter().map(|r| r.multipv).collect();
        assert_eq!(lines, vec![1, 2, 3]);
        let firsts: Vec<Move> = depth.iter().map(|r| r.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        let scores: Vec<i32> = depth
            .iter()
            .map(|r| match r.score {
                Score::Centipawns(cp) => cp,
                Score::Mate(n) => panic!("no mate from the start, got {n}"),
            })
            .collect();
        assert!(
            scores[0] >= scores[1] && scores[1] >= scores[2],
            "{scores:?}"
        );
    }
    assert_eq!(found.summary.result.best, Some(found.reports[9].pv[0]));
}

#[test]
fn the_table_carries_knowledge_into_the_next_search() {
    let root = Duel::start();
    let tt = TranspositionTable::new(4);
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    let first = search_with(&root, &[], &limits, &Settings::default(), &tt);
    let again = search_with(&root, &[], &limits, &Settings::default(), &tt);
    assert!(again.summary.nodes < first.summary.nodes);
    assert!(first.reports.last().is_some_and(|r| r.hashfull > 0));
    tt.clear();
    let cleared = search_with(&root, &[], &limits, &Settings::default(), &tt);
    assert_eq!(cleared.summary.nodes, first.summary.nodes);
}

#[test]
fn reports_follow_the_depths_and_the_result_matches_the_last_one() {
    let root = Duel::start();
    let found = search_depth(&root, 5);
    let depths: Vec<u32> = found.reports.iter().map(|r| r.depth).collect();
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    let last = found.reports.last().expect("reports");
    assert_eq!(found.summary.result.best, Some(last.pv[0]));
    assert_eq!(found.summary.result.ponder, last.pv.get(1).copied());
    assert_eq!(found.summary.score, Some(last.score));
    assert_eq!(found.summary.depth, 5);
    assert_eq!(found.summary.nodes, last.nodes);
    // Every PV is a sequence of legal moves.
    for report in &found.reports {
        let mut at = root;
        for &mv in &report.pv {
            assert!(legal_moves(&at).contains(&mv));
            at = at.make_move(mv);
        }
    }
}

#[test]
fn a_position_without_moves_has_no_best_move() {
    let decided = pos("4wK4/9/9/9/9/9/9/bK8 b 0 1");
    let found = search_depth(&decided, 3);
    assert_eq!(found.summary.result.best, None);
    assert!(found.reports.is_empty());
}

/// Under a time limit, a win found early ends the search a few iterations later instead of using the
/// whole budget (the depth reached, not the time taken, is checked: a slow machine only stops sooner).
#[test]
fn a_found_win_ends_a_timed_search_early() {
    for (dfen, moves) in [(KING_REACHES_GOAL, 1), (MATE_IN_2, 2)] {
        let root = pos(dfen);
        let limits = Limits {
            movetime: Some(Duration::from_secs(20)),
            ..Limits::default()
        };
        let found = search_with(
            &root,
            &[],
            &limits,
            &Settings::default(),
            &TranspositionTable::new(4),
        );
        assert_eq!(found.summary.score, Some(Score::Mate(moves)), "{dfen}");
        assert!(
            // The 2n - 1 plies that prove it and the settle margin of 6 iterations.
            found.summary.depth <= 2 * moves as u32 + 5,
            "{dfen}: depth {}",
            found.summary.depth
        );
    }
}

#[test]
fn reported_seldepth_is_never_below_the_depth() {
    // Table hits cut lines short, most of all once a mate is known: the selective depth must still
    // cover the nominal one.
    for text in [
        MATE_IN_2,
        MATE_IN_2_WITH_CHECK,
        duel_rules::games::duel::START_DFEN,
    ] {
        let found = search_depth(&pos(text), 8);
        assert!(!found.reports.is_empty());
        for report in &found.reports {
            assert!(report.seldepth >= report.depth, "{text}: {report:?}");
        }
    }
}

#[test]
fn a_settled_mate_ends_an_infinite_search_of_either_side() {
    let winner = pos(MATE_IN_2);
    let loser = winner.make_move(winner.parse_move("B1-B2").expect("legal"));
    for (root, score) in [(winner, Score::Mate(2)), (loser, Score::Mate(-1))] {
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        // No stop is ever sent: the search ends by itself, a few depths past the mate (the plies that
        // prove it, 3 or 2, plus the search's settle margin of 6, with one to spare).
        let found = search_with(
            &root,
            &[],
            &limits,
            &Settings::default(),
            &TranspositionTable::new(4),
        );
        assert_eq!(found.summary.score, Some(score));
        assert!(
            found.summary.depth <= 10,
            "climbed to depth {}",
            found.summary.depth
        );
    }
}

/// The clock runs from the moment the limits give (when `go` arrived), not from the search's start:
/// the time reported includes what passed before, and a budget already spent starts no iteration
/// past the first.
#[test]
fn time_counts_from_when_the_search_was_asked_for() {
    let pos = Duel::start();
    let asked = Instant::now() - Duration::from_secs(5);
    let limits = Limits {
        depth: Some(2),
        since: Some(asked),
        ..Limits::default()
    };
    let found = search_with(
        &pos,
        &[],
        &limits,
        &Settings::default(),
        &TranspositionTable::new(4),
    );
    assert!(!found.reports.is_empty());
    for report in &found.reports {
        assert!(
            report.elapsed >= Duration::from_secs(5),
            "{:?}",
            report.elapsed
        );
    }
    let spent = Limits {
        movetime: Some(Duration::from_secs(2)),
        since: Some(asked),
        ..Limits::default()
    };
    let found = search_with(
        &pos,
        &[],
        &spent,
        &Settings::default(),
        &TranspositionTable::new(4),
    );
    assert!(
        found.summary.result.best.is_some(),
        "an answer is still given"
    );
    assert!(found.summary.depth <= 1, "depth {}", found.summary.depth);
}
