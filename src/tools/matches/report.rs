//! What a match tells its user: the progress line and the summary of its results.

use super::results::{MatchResults, PairingResult};
use super::stats::{EloEstimate, Sprt, SprtVerdict};

impl MatchResults {
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
