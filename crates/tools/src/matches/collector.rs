//! Counting finished games into a match's results: the pairing's wins, draws and losses, a pair's
//! pentanomial bucket once both its games are in, the termination and any fault.

use super::results::{MatchResults, PairingResult};
use super::schedule::{PairSlot, Plan};
use duel_rules::game::{Outcome, Side};
use duel_rules::record::game_end::Fault;
use duel_rules::record::pgn::TerminationTag;
use std::collections::HashMap;

/// One finished game as the statistics need it.
#[derive(Clone, Debug, PartialEq)]
pub struct CountedGame {
    /// Its pair.
    pub slot: PairSlot,
    /// 0: the pairing's first engine has White; 1: colours swapped.
    pub leg: usize,
    /// The result.
    pub outcome: Outcome,
    /// How it ended.
    pub termination: TerminationTag,
    /// The side that lost by a fault, and the fault.
    pub fault: Option<(Side, Fault)>,
}

/// The results so far, and the first games of pairs whose second game is still to come.
pub struct Collector {
    /// The statistics.
    pub results: MatchResults,
    names: Vec<String>,
    plan: Plan,
    /// The first engine's half points in the game counted first, per unfinished pair.
    half_pairs: HashMap<PairSlot, u32>,
}

impl Collector {
    /// Counts into `results` (which holds an entry for each of the plan's pairings, in order) the
    /// games of `plan` between the engines named `names`.
    pub fn new(results: MatchResults, names: Vec<String>, plan: Plan) -> Collector {
        Collector {
            results,
            names,
            plan,
            half_pairs: HashMap::new(),
        }
    }

    /// Counts one game; returns its pairing's statistics.
    pub fn add(&mut self, game: &CountedGame) -> &PairingResult {
        let (white, black) = self.plan.players(game.slot.pairing, game.leg);
        *self
            .results
            .terminations
            .entry(game.termination.to_string())
            .or_default() += 1;
        if let Some((side, fault)) = &game.fault {
            let offender = if *side == Side::White { white } else { black };
            let kind = fault.termination_tag().to_string() + ": " + &fault_kind(fault);
            *self
                .results
                .faults
                .entry(self.names[offender].clone())
                .or_default()
                .entry(kind)
                .or_default() += 1;
        }
        let first_side = if game.leg == 0 {
            Side::White
        } else {
            Side::Black
        };
        let half_points = (2.0 * game.outcome.score_for(first_side)) as u32;
        let entry = &mut self.results.pairings[game.slot.pairing];
        entry.tally.add_game(half_points);
        match self.half_pairs.remove(&game.slot) {
            Some(first_game) => entry.tally.add_pair(first_game, half_points),
            None => {
                self.half_pairs.insert(game.slot, half_points);
            }
        }
        entry
    }
}

/// The short name of a fault for the statistics.
fn fault_kind(fault: &Fault) -> String {
    match fault {
        Fault::IllegalMove { .. } => "illegal move".to_string(),
        Fault::TimeForfeit => "loses on time".to_string(),
        Fault::Handshake(what) => format!("no {what}"),
        Fault::Silent(_) => "no bestmove".to_string(),
        Fault::Crashed(_) => "crashed".to_string(),
    }
}
