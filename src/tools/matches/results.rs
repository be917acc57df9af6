//! A match's results as `--results` writes them and `duel results` reads them back: the tally of
//! every pairing, how the games ended and who lost by a fault. Several runs sum into one.

use super::stats::{Sprt, Tally};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The statistics of one pairing, from `first`'s point of view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairingResult {
    /// The first engine.
    pub first: String,
    /// The second engine.
    pub second: String,
    /// Games and pairs.
    pub tally: Tally,
}

/// A match's results, as written by `--results` and read back to combine runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchResults {
    /// The game played.
    pub variant: String,
    /// One entry per pairing.
    pub pairings: Vec<PairingResult>,
    /// How the games ended (PGN Termination values), with counts.
    pub terminations: BTreeMap<String, u64>,
    /// Losses by fault per engine, with their reasons.
    pub faults: BTreeMap<String, BTreeMap<String, u64>>,
    /// The SPRT, when one ran.
    pub sprt: Option<Sprt>,
}

impl MatchResults {
    /// Adds another run's results: tallies of the same pairing (in either order) are summed.
    pub fn combine(&mut self, other: &MatchResults) -> Result<(), String> {
        if other.variant != self.variant {
            return Err(format!(
                "cannot combine {} results with {} results",
                other.variant, self.variant
            ));
        }
        for pairing in &other.pairings {
            let mirrored = mirror(&pairing.tally);
            let own = self.pairings.iter_mut().find_map(|p| {
                if p.first == pairing.first && p.second == pairing.second {
                    Some((p, pairing.tally))
                } else if p.first == pairing.second && p.second == pairing.first {
                    Some((p, mirrored))
                } else {
                    None
                }
            });
            match own {
                Some((p, tally)) => p.tally = p.tally.combined(&tally),
                None => self.pairings.push(pairing.clone()),
            }
        }
        for (reason, count) in &other.terminations {
            *self.terminations.entry(reason.clone()).or_default() += count;
        }
        for (engine, reasons) in &other.faults {
            let own = self.faults.entry(engine.clone()).or_default();
            for (reason, count) in reasons {
                *own.entry(reason.clone()).or_default() += count;
            }
        }
        if self.sprt.is_none() {
            self.sprt = other.sprt;
        }
        Ok(())
    }
}

/// The tally seen from the other engine.
fn mirror(t: &Tally) -> Tally {
    let mut pentanomial = t.pentanomial;
    pentanomial.reverse();
    Tally {
        wins: t.losses,
        draws: t.draws,
        losses: t.wins,
        pentanomial,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn results(first: &str, second: &str, wins: u64, penta: [u64; 5]) -> MatchResults {
        MatchResults {
            variant: "duel".into(),
            pairings: vec![PairingResult {
                first: first.into(),
                second: second.into(),
                tally: Tally {
                    wins,
                    draws: 0,
                    losses: 0,
                    pentanomial: penta,
                },
            }],
            terminations: BTreeMap::from([("normal".to_string(), wins)]),
            faults: BTreeMap::new(),
            sprt: None,
        }
    }

    #[test]
    fn runs_combine_by_pairing_in_either_order() {
        let mut total = results("a", "b", 4, [0, 0, 0, 0, 2]);
        total
            .combine(&results("a", "b", 2, [0, 0, 0, 0, 1]))
            .unwrap();
        total
            .combine(&results("b", "a", 2, [1, 0, 0, 0, 0]))
            .unwrap();
        assert_eq!(total.pairings.len(), 1);
        let t = total.pairings[0].tally;
        assert_eq!((t.wins, t.losses, t.pentanomial), (6, 2, [0, 0, 0, 0, 4]));
        assert_eq!(total.terminations["normal"], 8);
        let mut other_game = results("a", "b", 1, [0; 5]);
        other_game.variant = "dipole".into();
        assert!(total.combine(&other_game).is_err());
    }

    #[test]
    fn json_round_trip() {
        let r = results("a", "b", 4, [0, 0, 1, 0, 2]);
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<MatchResults>(&text).unwrap(), r);
    }
}
