//! What a match tells its user: the progress line, the summary and the results file, which several
//! runs can be summed from.

use super::stats::{EloEstimate, Sprt, SprtVerdict, Tally};
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

    /// The human-readable summary.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        for p in &self.pairings {
            out.push_str(&pairing_summary(p, self.sprt.as_ref()));
        }
        if !self.terminations.is_empty() {
            let parts: Vec<String> = self
                .terminations
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect();
            out.push_str(&format!("Terminations: {}\n", parts.join(", ")));
        }
        for (engine, reasons) in &self.faults {
            let parts: Vec<String> = reasons.iter().map(|(k, v)| format!("{v}× {k}")).collect();
            out.push_str(&format!("Faults of {engine}: {}\n", parts.join("; ")));
        }
        out
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

fn pairing_summary(p: &PairingResult, sprt: Option<&Sprt>) -> String {
    let t = &p.tally;
    let mut out = format!("Results of {} vs {}:\n", p.first, p.second);
    match EloEstimate::from_pairs(t) {
        Some(e) => out.push_str(&format!(
            "Elo: {:.1} +/- {:.1}, nElo: {:.1} +/- {:.1}\n",
            e.elo, e.elo_error, e.nelo, e.nelo_error
        )),
        None => out.push_str("Elo: not enough varied pairs for an estimate\n"),
    }
    out.push_str(&format!(
        "Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({:.2} %)\n",
        t.games(),
        t.wins,
        t.losses,
        t.draws,
        t.wins as f64 + t.draws as f64 / 2.0,
        100.0 * t.score()
    ));
    out.push_str(&format!("Ptnml(0-2): {:?}\n", t.pentanomial));
    if let Some(sprt) = sprt {
        let llr = sprt.llr(t);
        let verdict = match sprt.verdict(llr) {
            SprtVerdict::AcceptH1 => " - H1 accepted",
            SprtVerdict::AcceptH0 => " - H0 accepted",
            SprtVerdict::Continue => "",
        };
        out.push_str(&format!(
            "LLR: {llr:.2} ({:.2}, {:.2}) [{:.2}, {:.2}]{verdict}\n",
            sprt.lower_bound(),
            sprt.upper_bound(),
            sprt.elo0,
            sprt.elo1
        ));
    }
    out
}

/// The one-line progress report: games done, score, Elo and the SPRT's state.
pub fn progress_line(done: u64, total: u64, p: &PairingResult, sprt: Option<&Sprt>) -> String {
    let t = &p.tally;
    let mut line = format!(
        "Games {done}/{total}  {} vs {}: +{} ={} -{} ({:.1} %)",
        p.first,
        p.second,
        t.wins,
        t.draws,
        t.losses,
        100.0 * t.score()
    );
    if let Some(e) = EloEstimate::from_pairs(t) {
        line.push_str(&format!("  Elo {:.1} +/- {:.1}", e.elo, e.elo_error));
    }
    if let Some(sprt) = sprt {
        line.push_str(&format!(
            "  LLR {:.2} ({:.2}, {:.2})",
            sprt.llr(t),
            sprt.lower_bound(),
            sprt.upper_bound()
        ));
    }
    line
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
