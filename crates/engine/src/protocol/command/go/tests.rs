use super::*;
use crate::protocol::command::{CommandError, parse as parse_line};
use duel_rules::game::is_legal;
use duel_rules::games::Duel;

fn ok(line: &str) -> Command {
    parse_line(line).unwrap().unwrap()
}

fn go(line: &str) -> Go {
    match ok(line) {
        Command::Go(go) => go,
        other => panic!("not a go: {other:?}"),
    }
}

fn err(line: &str) -> CommandError {
    parse_line(line).unwrap_err()
}

#[test]
fn go_mixes_uci_and_ugi_clocks() {
    let g = go("go wtime 1000 p2time -50 winc 10 p2inc 20 movestogo 5 depth 7 nodes 100 mate 3");
    assert_eq!(
        g.clocks[0],
        PlayerClock {
            time: Some(1000),
            increment: Some(10)
        }
    );
    assert_eq!(
        g.clocks[1],
        PlayerClock {
            time: Some(-50),
            increment: Some(20)
        }
    );
    assert_eq!(g.moves_to_go, Some(5));
    assert_eq!((g.depth, g.nodes, g.mate), (Some(7), Some(100), Some(3)));
    let g = go("go movetime 250 infinite ponder");
    assert_eq!(g.movetime, Some(Duration::from_millis(250)));
    assert!(g.infinite && g.ponder);
    assert_eq!(go("go"), Go::default());
}

#[test]
fn go_searchmoves_stop_at_the_next_keyword() {
    let g = go("go searchmoves D1-e6 + H1-H2 depth 3");
    assert_eq!(g.searchmoves, ["D1-e6", "+", "H1-H2"]);
    assert_eq!(g.depth, Some(3));
}

#[test]
fn go_perft() {
    assert_eq!(ok("go perft 3"), Command::Perft(3));
    assert_eq!(
        err("go perft"),
        CommandError::Go(GoError::MissingValue("perft".into()))
    );
    assert_eq!(err("go perft 3 4"), CommandError::Go(GoError::PerftSyntax));
    assert_eq!(
        err("go depth 3 perft 2"),
        CommandError::Go(GoError::PerftSyntax)
    );
    assert!(matches!(
        err("go perft 65"),
        CommandError::Go(GoError::BadNumber { .. })
    ));
}

#[test]
fn reject_nonsense_go_numbers() {
    for line in [
        "go depth 0",
        "go depth -1",
        "go depth x",
        "go depth 99999999999",
        "go nodes 0",
        "go movetime -5",
        "go movetime 1.5",
        "go winc -1",
        "go wtime abc",
        "go btime 99999999999999999999",
        "go movestogo 0",
        "go mate 0",
    ] {
        assert!(
            matches!(err(line), CommandError::Go(GoError::BadNumber { .. })),
            "{line}"
        );
    }
    assert_eq!(
        err("go depth"),
        CommandError::Go(GoError::MissingValue("depth".into()))
    );
    assert_eq!(
        err("go fast"),
        CommandError::Go(GoError::UnknownParameter("fast".into()))
    );
    assert_eq!(
        err("go searchmoves depth 2"),
        CommandError::Go(GoError::NoSearchMoves)
    );
}

#[test]
fn messages_name_the_evidence() {
    assert_eq!(
        err("go depth x").to_string(),
        "go: 'depth' must be a depth of at least 1, found 'x'"
    );
    assert_eq!(
        err("go wtime x").to_string(),
        "go: 'wtime' must be a time in milliseconds, found 'x'"
    );
    assert_eq!(
        err("go perft 65").to_string(),
        format!("go: 'perft' must be a depth from 0 to {MAX_PERFT_DEPTH}, found '65'")
    );
}

fn go_with(clocks: [PlayerClock; 2]) -> Go {
    Go {
        clocks,
        moves_to_go: Some(20),
        ..Go::default()
    }
}

fn clock(time: i64, increment: u64) -> PlayerClock {
    PlayerClock {
        time: Some(time),
        increment: Some(increment),
    }
}

fn black_to_move() -> Duel {
    Duel::start().make_move(Duel::start().parse_move("D1-e6").unwrap())
}

#[test]
fn the_side_to_moves_clock_is_used() {
    let go = go_with([clock(1000, 10), clock(2000, 20)]);
    let white = prepare(&go, &Duel::start()).ok().unwrap();
    assert_eq!(
        white.limits.clock,
        Some(Clock {
            time: Duration::from_millis(1000),
            increment: Duration::from_millis(10),
            moves_to_go: Some(20)
        })
    );
    assert!(white.notes.is_empty());
    let black = prepare(&go, &black_to_move()).ok().unwrap();
    assert_eq!(
        black.limits.clock.unwrap().time,
        Duration::from_millis(2000)
    );
}

#[test]
fn only_the_opponents_clock_is_an_estimate() {
    let go = go_with([clock(1500, 5), PlayerClock::default()]);
    let black = prepare(&go, &black_to_move()).ok().unwrap();
    assert_eq!(
        black.limits.clock.unwrap().time,
        Duration::from_millis(1500)
    );
    assert_eq!(black.notes.len(), 1);
    assert!(black.notes[0].contains("estimate"));
}

#[test]
fn an_overdrawn_clock_counts_as_zero() {
    let go = go_with([clock(-40, 0), PlayerClock::default()]);
    let white = prepare(&go, &Duel::start()).ok().unwrap();
    assert_eq!(white.limits.clock.unwrap().time, Duration::ZERO);
    assert_eq!(white.notes.len(), 1);
}

#[test]
fn a_spaced_mark_in_searchmoves_belongs_to_its_move() {
    let go = Go {
        searchmoves: ["F1-e6", "+", "H1-H2"].map(String::from).to_vec(),
        ..Go::default()
    };
    let prepared = prepare(&go, &Duel::start()).ok().unwrap();
    assert_eq!(prepared.limits.searchmoves.len(), 2);
}

#[test]
fn searchmoves_are_parsed_in_the_position() {
    let go = Go {
        searchmoves: vec!["H1-H2".into(), "H1-H2+".into(), "D1-e6".into()],
        ..Go::default()
    };
    let prepared = prepare(&go, &Duel::start()).ok().unwrap();
    let searchmoves = &prepared.limits.searchmoves;
    assert_eq!(searchmoves.len(), 2);
    assert_ne!(searchmoves[0], searchmoves[1]);
    assert!(searchmoves.iter().all(|&mv| is_legal(&Duel::start(), mv)));
    let bad = Go {
        searchmoves: vec!["E1-E3".into()],
        ..Go::default()
    };
    let error = prepare(&bad, &Duel::start()).err().unwrap();
    assert!(
        error
            .to_string()
            .starts_with("go: searchmoves 'E1-E3' rejected: ")
    );
}

#[test]
fn the_search_counts_from_when_the_line_arrived() {
    let received = std::time::Instant::now();
    let go = Go {
        received: Some(received),
        ..Go::default()
    };
    let prepared = prepare(&go, &Duel::start()).ok().unwrap();
    assert_eq!(prepared.limits.since, Some(received));
    let unstamped = prepare(&Go::default(), &Duel::start()).ok().unwrap();
    assert_eq!(unstamped.limits.since, None, "the engine stamps it then");
}
