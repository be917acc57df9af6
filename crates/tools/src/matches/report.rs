//! What a match tells its user: the progress line (games done, rate, time left, score) and the
//! summary of its results, with the rating list when three or more engines played.

use super::ratings::rating_list;
use super::results::{MatchResults, PairingResult};
use super::stats::{EloEstimate, Sprt, SprtVerdict, Tally};
use crate::progress::clock_text;
use std::time::{Duration, Instant};

/// The most missing shards the summary names: a results file may split its match into up to 2^32
/// shards.
const MAX_LISTED_SHARDS: usize = 100;

impl MatchResults {
    /// The human-readable summary: each pairing's statistics, the terminations and faults, the
    /// shards a merge still misses, and with three or more engines the rating list anchored on
    /// `anchor` (by default the first engine).
    pub fn summary(&self, anchor: Option<&str>) -> String {
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
        if let Some(shards) = &self.shards {
            let mut list: Vec<String> = (shards.missing_shards())
                .take(MAX_LISTED_SHARDS + 1)
                .map(|k| k.to_string())
                .collect();
            if list.len() > MAX_LISTED_SHARDS {
                list.truncate(MAX_LISTED_SHARDS);
                let all = (shards.count as usize).saturating_sub(shards.indices.len());
                list.push(format!("… ({all} in all)"));
            }
            if !list.is_empty() {
                out.push_str(&format!(
                    "Shards: {} of {} (missing: {})\n",
                    shards.indices.len(),
                    shards.count,
                    list.join(", ")
                ));
            }
        }
        if self.engine_names().len() >= 3 {
            match rating_list(self, anchor) {
                Ok(list) if list.ratings.len() >= 3 => out.push_str(&list.to_string()),
                Ok(_) => {}
                Err(e) => out.push_str(&format!("Ratings: {e}\n")),
            }
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
    if t.pairs() > 0 {
        out.push_str(&pairs_line(t));
    }
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

/// The split pairs (one win each) and the pairs that carried information (scored other than 1–1).
fn pairs_line(t: &Tally) -> String {
    let pairs = t.pairs();
    let share = |n: u64| 100.0 * n as f64 / pairs as f64;
    let split = match t.split_pairs() {
        Some(split) => format!("{split} split 1–1 by one win each ({:.1} %)", share(split)),
        None => "split pairs not counted (older results file)".to_string(),
    };
    let informative = t.informative_pairs();
    format!(
        "Pairs: {pairs}, {split}, {informative} carried information ({:.1} %)\n",
        share(informative)
    )
}

/// How fast a run goes: games per second since it started, the games read back by `--resume` left
/// out.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    started: Instant,
    resumed: u64,
    total: u64,
}

impl Progress {
    /// A run of `total` games that starts now, `resumed` of them already played.
    pub fn new(total: u64, resumed: u64) -> Progress {
        Progress {
            started: Instant::now(),
            resumed,
            total,
        }
    }

    /// The progress line after `done` games (the resumed ones included).
    pub fn line(&self, done: u64, p: &PairingResult, sprt: Option<&Sprt>) -> String {
        let seconds = self.started.elapsed().as_secs_f64();
        let played = done.saturating_sub(self.resumed) as f64;
        let rate = if seconds > 0.0 { played / seconds } else { 0.0 };
        progress_line(done, self.total, rate, p, sprt)
    }
}

/// The one-line progress report: games done of all, games per second, the time left at that rate,
/// the pairing's score, Elo and the SPRT's state.
pub fn progress_line(
    done: u64,
    total: u64,
    games_per_second: f64,
    p: &PairingResult,
    sprt: Option<&Sprt>,
) -> String {
    let t = &p.tally;
    let left = if games_per_second > 0.0 {
        let seconds = total.saturating_sub(done) as f64 / games_per_second;
        clock_text(Duration::from_secs_f64(seconds.min(1e9)))
    } else {
        "?".to_string()
    };
    let mut line = format!(
        "Games {done}/{total} ({games_per_second:.1}/s, {left} left)  {} vs {}: +{} ={} -{} ({:.1} %)",
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

    #[test]
    fn the_summary_counts_split_and_informative_pairs() {
        let mut tally = Tally::default();
        for (first, second) in [(2, 0), (0, 2), (1, 1), (2, 2)] {
            tally.add_game(first);
            tally.add_game(second);
            tally.add_pair(first, second);
        }
        let p = PairingResult {
            first: "a".into(),
            second: "b".into(),
            tally,
        };
        let text = pairing_summary(&p, None);
        assert!(
            text.contains(
                "Pairs: 4, 2 split 1–1 by one win each (50.0 %), 1 carried information (25.0 %)\n"
            ),
            "{text}"
        );
        let mut old = p;
        old.tally.split = None;
        assert!(pairing_summary(&old, None).contains("split pairs not counted"));
    }

    /// Found by the fuzz target `results`: a shard set of a huge N (`{"count": 4294967295,
    /// "indices": [0]}` passes its check) had the summary list every missing shard, some 16 GiB.
    #[test]
    fn fuzz_results_the_summary_lists_a_few_missing_shards() {
        use crate::shard::ShardSet;
        let results = |count| MatchResults {
            variant: "duel".into(),
            shards: Some(ShardSet {
                count,
                indices: vec![0],
            }),
            ..MatchResults::default()
        };
        let text = results(u32::MAX).summary(None);
        let expected = format!(
            "Shards: 1 of 4294967295 (missing: {}, … (4294967294 in all))\n",
            (1..=100)
                .map(|k| k.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        assert_eq!(text, expected);
        assert_eq!(results(3).summary(None), "Shards: 1 of 3 (missing: 1, 2)\n");
    }

    #[test]
    fn the_progress_line_shows_rate_and_time_left() {
        let p = PairingResult {
            first: "a".into(),
            second: "b".into(),
            tally: Tally {
                wins: 3,
                draws: 1,
                losses: 0,
                ..Tally::default()
            },
        };
        let line = progress_line(4, 7204, 2.0, &p, None);
        assert!(
            line.starts_with("Games 4/7204 (2.0/s, 1:00:00 left)  a vs b: +3 =1 -0 (87.5 %)"),
            "{line}"
        );
        assert!(progress_line(0, 10, 0.0, &p, None).contains("(0.0/s, ? left)"));
    }
}
