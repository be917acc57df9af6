//! Turning a parsed `go` into the limits of one search, for the side to move.
//!
//! UCI names the clocks by colour (`wtime`, `btime`, …) and UGI by player (`p1time`, `p2time`, …);
//! player 1 is White, so both land in the same two clocks. The search gets only the side to move's
//! clock. When only the opponent's clock is given, it is the best estimate there is: it is used, and
//! the engine says so. A clock overdrawn below zero counts as zero (move at once).

use super::command::{Go, PlayerClock};
use super::output::quote;
use crate::search::{Clock, Limits};
use duel_rules::game::{Game, Side, join_marks};
use std::fmt;
use std::time::Duration;

/// A `go` ready to search: its limits, and remarks for `info string` lines.
pub struct Prepared<M> {
    /// The limits for the search.
    pub limits: Limits<M>,
    /// What the engine assumed, one `info string` each.
    pub notes: Vec<String>,
}

/// Why a `go` cannot search this position.
pub struct SearchMoveError<G: Game> {
    /// The move text.
    pub text: String,
    /// Why it is not a legal move here.
    pub error: G::MoveError,
}

impl<G: Game> fmt::Display for SearchMoveError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "go: searchmoves {} rejected: {}; no search started",
            quote(&self.text),
            self.error
        )
    }
}

/// The limits `go` asks for in `root`.
pub fn prepare<G: Game>(go: &Go, root: &G) -> Result<Prepared<G::Move>, SearchMoveError<G>> {
    let mut notes = Vec::new();
    let mut searchmoves = Vec::new();
    for text in &join_marks::<G, _>(&go.searchmoves) {
        let mv = root.parse_move(text).map_err(|error| SearchMoveError {
            text: text.clone(),
            error,
        })?;
        if !searchmoves.contains(&mv) {
            searchmoves.push(mv);
        }
    }
    let us = root.side_to_move();
    let clock = clock_for(go, us, &mut notes);
    let limits = Limits {
        depth: go.depth,
        nodes: go.nodes,
        movetime: go.movetime,
        clock,
        mate: go.mate,
        infinite: go.infinite,
        searchmoves,
        first_depth: None,
        // The moment the line arrived; without it, the engine stamps the moment it starts the search.
        since: go.received,
    };
    Ok(Prepared { limits, notes })
}

/// The clock of `us`, or the opponent's as an estimate when ours is missing.
fn clock_for(go: &Go, us: Side, notes: &mut Vec<String>) -> Option<Clock> {
    let ours = go.clocks[us.index()];
    let theirs = go.clocks[us.opponent().index()];
    let (clock, owner) = match (ours.time, theirs.time) {
        (Some(_), _) => (ours, us),
        (None, Some(_)) => {
            notes.push(format!(
                "no clock given for {us} (to move); using {}'s clock as the estimate",
                us.opponent()
            ));
            (theirs, us.opponent())
        }
        (None, None) => {
            if ours.increment.is_some() || theirs.increment.is_some() {
                notes.push("an increment without a clock time is ignored".to_string());
            }
            return None;
        }
    };
    Some(to_clock(clock, owner, go.moves_to_go, notes))
}

fn to_clock(
    clock: PlayerClock,
    owner: Side,
    moves_to_go: Option<u32>,
    notes: &mut Vec<String>,
) -> Clock {
    let ms = clock.time.unwrap_or(0);
    if ms < 0 {
        notes.push(format!(
            "{owner}'s clock shows {ms} ms; searching as if no time were left"
        ));
    }
    Clock {
        time: Duration::from_millis(ms.max(0) as u64),
        increment: Duration::from_millis(clock.increment.unwrap_or(0)),
        moves_to_go,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::game::is_legal;
    use duel_rules::games::Duel;

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
}
