//! A match's results as `--results` writes them and `duel results` reads them back: the tally of
//! every pairing, how the games ended and who lost by a fault, and what identifies the match (its
//! engines, seed, settings fingerprint and shards), so that merging can refuse files that do not
//! belong together.
//!
//! Two kinds of files merge. Shards of one split match (`--shard K/N`) must share the seed, the
//! settings and N, and hold different shards; their sum is the one run of the whole match. Whole
//! runs (no `--shard`) sum freely, e.g. runs of different seeds, or a gauntlet played in parts.
//! A shard and a whole run never merge. Results refused, or not merged, are a [`ResultsError`].

mod error;

pub use error::ResultsError;

use super::stats::{Sprt, Tally};
use crate::shard::ShardSet;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The statistics of one pairing, from `first`'s point of view.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PairingResult {
    /// The first engine.
    pub first: String,
    /// The second engine.
    pub second: String,
    /// Games and pairs.
    pub tally: Tally,
}

/// A match's results, as written by `--results` and read back to combine runs. The fields after
/// `variant` up to `shards` are absent from the files of older builds and read as empty.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MatchResults {
    /// The game played.
    pub variant: String,
    /// The engines in the order the match gave them; the rating list's default anchor is the
    /// first.
    #[serde(default)]
    pub engines: Vec<String>,
    /// The match's `--seed`; `None` for a sum of whole runs of different seeds.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The fingerprint of the settings that decide which games are played and how (see
    /// `MatchConfig::fingerprint`); `None` for a sum of whole runs of different settings.
    #[serde(default)]
    pub settings: Option<String>,
    /// The shards these results hold, for a split match; `None` for whole runs.
    #[serde(default)]
    pub shards: Option<ShardSet>,
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
    /// Checks what the file format alone cannot: a well-formed shard set, counts whose sums fit in
    /// 64 bits, pairings of two different named engines, no more pairs than games allow, and as
    /// many terminations as games.
    pub fn check(&self) -> Result<(), ResultsError> {
        if let Some(shards) = &self.shards {
            shards.check().map_err(ResultsError::Shards)?;
        }
        let (games, ended) = self.counts_fit()?;
        for p in &self.pairings {
            let (first, second) = (p.first.clone(), p.second.clone());
            if p.first.is_empty() || p.second.is_empty() || p.first == p.second {
                return Err(ResultsError::SameEngines { first, second });
            }
            // `2 * pairs > games`, without the product, which may not fit.
            if p.tally.pairs() > p.tally.games() / 2 {
                return Err(ResultsError::TooManyPairs {
                    first,
                    second,
                    pairs: p.tally.pairs(),
                    games: p.tally.games(),
                });
            }
            if p.tally.split_pairs().unwrap_or(0) > p.tally.pentanomial[2] {
                return Err(ResultsError::TooManySplitPairs { first, second });
            }
        }
        if ended != games {
            return Err(ResultsError::TerminationCount { ended, games });
        }
        Ok(())
    }

    /// All the games and all the terminations, once each pairing's games and pairs are known to
    /// fit in 64 bits, as the sums of the statistics and the summary take them; refused when one
    /// of these sums does not fit.
    fn counts_fit(&self) -> Result<(u64, u64), ResultsError> {
        let mut games = 0u64;
        for p in &self.pairings {
            let fits = p.tally.checked_games().zip(p.tally.checked_pairs());
            let (pairing_games, _) = fits.ok_or(ResultsError::CountTooLarge)?;
            games = games
                .checked_add(pairing_games)
                .ok_or(ResultsError::CountTooLarge)?;
        }
        let ended = (self.terminations.values())
            .try_fold(0u64, |sum, &n| sum.checked_add(n))
            .ok_or(ResultsError::CountTooLarge)?;
        Ok((games, ended))
    }

    /// Adds another file's results: tallies of the same pairing (in either order) are summed.
    /// Refused, changing nothing, when the two are of different games, or are shards of different
    /// matches (seed, settings, N), or overlap, or when one is a shard and the other a whole run,
    /// or when the sums do not fit in 64 bits.
    pub fn combine(&mut self, other: &MatchResults) -> Result<(), ResultsError> {
        if other.variant != self.variant {
            return Err(ResultsError::OtherGame {
                found: other.variant.clone(),
                expected: self.variant.clone(),
            });
        }
        let shards = self.merged_shards(other)?;
        // Summed into a copy, so that sums too large are refused with nothing changed.
        let mut sum = self.clone();
        sum.add_counts(other)?;
        sum.counts_fit()?;
        *self = sum;
        self.shards = shards;
        if other.seed != self.seed {
            self.seed = None;
        }
        if other.settings != self.settings {
            self.settings = None;
        }
        for name in &other.engines {
            if !self.engines.contains(name) {
                self.engines.push(name.clone());
            }
        }
        if self.sprt.is_none() {
            self.sprt = other.sprt;
        }
        Ok(())
    }

    /// The shards of both results together: `None` for whole runs; refused unless both are
    /// disjoint shards of one match.
    fn merged_shards(&self, other: &MatchResults) -> Result<Option<ShardSet>, ResultsError> {
        match (&self.shards, &other.shards) {
            (Some(own), Some(theirs)) => {
                if other.seed != self.seed {
                    return Err(ResultsError::OtherSeed {
                        found: other.seed,
                        expected: self.seed,
                    });
                }
                if other.settings != self.settings {
                    return Err(ResultsError::OtherSettings {
                        found: other.settings.clone(),
                        expected: self.settings.clone(),
                    });
                }
                let mut merged = own.clone();
                merged.merge(theirs).map_err(ResultsError::Shards)?;
                Ok(Some(merged))
            }
            (None, None) => Ok(None),
            (Some(_), None) => Err(ResultsError::WholeRunAfterShards),
            (None, Some(_)) => Err(ResultsError::ShardAfterWholeRuns),
        }
    }

    /// Adds the other results' tallies (a pairing's in either order), terminations and faults;
    /// refused, part done, when a count of the sum does not fit in 64 bits.
    fn add_counts(&mut self, other: &MatchResults) -> Result<(), ResultsError> {
        let add = |sum: &mut u64, count: u64| {
            *sum = sum.checked_add(count).ok_or(ResultsError::CountTooLarge)?;
            Ok::<(), ResultsError>(())
        };
        for pairing in &other.pairings {
            let mirrored = pairing.tally.mirrored();
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
                Some((p, tally)) => {
                    p.tally =
                        (p.tally.checked_combined(&tally)).ok_or(ResultsError::CountTooLarge)?;
                }
                None => self.pairings.push(pairing.clone()),
            }
        }
        for (reason, count) in &other.terminations {
            add(self.terminations.entry(reason.clone()).or_default(), *count)?;
        }
        for (engine, reasons) in &other.faults {
            let own = self.faults.entry(engine.clone()).or_default();
            for (reason, count) in reasons {
                add(own.entry(reason.clone()).or_default(), *count)?;
            }
        }
        Ok(())
    }

    /// The engines of the results: those the match named, then any other a pairing names, in
    /// order of appearance.
    pub fn engine_names(&self) -> Vec<String> {
        let mut names = self.engines.clone();
        for p in &self.pairings {
            for name in [&p.first, &p.second] {
                if !names.contains(name) {
                    names.push(name.clone());
                }
            }
        }
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shard::Shard;

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
                    split: Some(penta[2]),
                },
            }],
            terminations: BTreeMap::from([("normal".to_string(), wins)]),
            ..MatchResults::default()
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

    /// Shard `index` of `count` of the match with `seed` and `settings`.
    fn shard(index: u32, count: u32, seed: u64, settings: &str) -> MatchResults {
        MatchResults {
            seed: Some(seed),
            settings: Some(settings.into()),
            shards: Some(ShardSet::of(Shard { index, count })),
            engines: vec!["a".into(), "b".into()],
            ..results("a", "b", 2, [0, 0, 0, 0, 1])
        }
    }

    #[test]
    fn shards_of_one_match_merge_and_others_are_refused_unchanged() {
        let mut total = shard(0, 3, 7, "f1");
        total.combine(&shard(2, 3, 7, "f1")).unwrap();
        assert_eq!(total.shards.as_ref().unwrap().indices, [0, 2]);
        assert_eq!(total.pairings[0].tally.games(), 4);
        let before = total.clone();
        let refusals = [
            (shard(2, 3, 7, "f1"), "shard 2/3 is given twice"),
            (shard(1, 3, 8, "f1"), "--seed 8"),
            (shard(1, 3, 7, "f2"), "settings (fingerprint f2)"),
            (shard(1, 4, 7, "f1"), "into 4 shards"),
            (results("a", "b", 2, [0, 0, 0, 0, 1]), "is a whole run"),
            (
                MatchResults {
                    variant: "dipole".into(),
                    ..shard(1, 3, 7, "f1")
                },
                "results of dipole",
            ),
        ];
        for (other, expected) in refusals {
            let err = total.combine(&other).unwrap_err().to_string();
            assert!(err.contains(expected), "{expected}: {err}");
            assert_eq!(total, before, "{expected}: nothing merged");
        }
        let mut whole = results("a", "b", 2, [0, 0, 0, 0, 1]);
        let err = whole
            .combine(&shard(0, 2, 7, "f1"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("is a shard"), "{err}");
    }

    #[test]
    fn whole_runs_of_different_seeds_sum_and_forget_the_seed() {
        let run = |seed| MatchResults {
            seed: Some(seed),
            settings: Some("f".into()),
            ..results("a", "b", 2, [0, 0, 0, 0, 1])
        };
        let mut total = run(1);
        total.combine(&run(1)).unwrap();
        assert_eq!(
            (total.seed, total.settings.as_deref()),
            (Some(1), Some("f"))
        );
        total.combine(&run(2)).unwrap();
        assert_eq!(total.seed, None);
        assert_eq!(total.pairings[0].tally.games(), 6);
    }

    #[test]
    fn malformed_results_are_named() {
        assert!(results("a", "b", 2, [0, 0, 0, 0, 1]).check().is_ok());
        let mut same = results("a", "a", 2, [0, 0, 0, 0, 1]);
        assert!(
            same.check()
                .unwrap_err()
                .to_string()
                .contains("two different engines")
        );
        same.pairings[0].second = "b".into();
        same.pairings[0].tally.pentanomial = [0, 0, 0, 0, 2];
        assert!(same.check().unwrap_err().to_string().contains("2 pairs"));
        let mut uncounted = results("a", "b", 2, [0, 0, 0, 0, 1]);
        uncounted.terminations.clear();
        assert!(
            uncounted
                .check()
                .unwrap_err()
                .to_string()
                .contains("0 terminations")
        );
        let mut bad_shard = shard(0, 2, 1, "f");
        bad_shard.shards.as_mut().unwrap().indices = vec![3];
        assert!(bad_shard.check().unwrap_err().to_string().contains("3/2"));
    }

    /// Found by the fuzz target `results`: an SPRT bound written and read back came back one unit in
    /// the last place off (0.09223372036854777 as 0.09223372036854775), as JSON's numbers were read
    /// by serde_json's fast float parser; its `float_roundtrip` feature reads every float written.
    #[test]
    fn fuzz_results_sprt_bounds_read_back_exactly() {
        let mut r = results("a", "b", 4, [0, 0, 0, 0, 2]);
        r.sprt = Some(Sprt {
            elo0: 0.092_233_720_368_547_77,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        });
        let text = serde_json::to_string_pretty(&r).unwrap();
        assert_eq!(serde_json::from_str::<MatchResults>(&text).unwrap(), r);
    }

    /// Found by the fuzz target `results`: counts whose sums do not fit in 64 bits (a pairing's
    /// games, all the games, the terminations, a merge's sums) overflowed in `check` and `combine`
    /// (a panic in a debug build; in a release build a wrapped sum, which `check` could accept).
    #[test]
    fn fuzz_results_counts_too_large_to_sum_are_refused() {
        let huge = |wins, draws| {
            let mut huge = results("a", "b", wins, [0; 5]);
            huge.pairings[0].tally.draws = draws;
            huge
        };
        assert_eq!(huge(u64::MAX, 1).check(), Err(ResultsError::CountTooLarge));
        let mut pairs = results("a", "b", 4, [0; 5]);
        pairs.pairings[0].tally.pentanomial = [u64::MAX, 1, 0, 0, 0];
        assert_eq!(pairs.check(), Err(ResultsError::CountTooLarge));
        let mut ended = results("a", "b", 2, [0, 0, 0, 0, 1]);
        ended.terminations.insert("stalemate".into(), u64::MAX);
        assert_eq!(ended.check(), Err(ResultsError::CountTooLarge));
        // Each file is sound; their sum is not, and the merge changes nothing.
        let half = huge(u64::MAX / 2 + 1, 0);
        assert_eq!(half.check(), Ok(()));
        let mut total = half.clone();
        assert_eq!(total.combine(&half), Err(ResultsError::CountTooLarge));
        assert_eq!(total, half);
        let mut other_field = huge(0, u64::MAX / 2 + 1);
        other_field.terminations = BTreeMap::from([("normal".to_string(), u64::MAX / 2 + 1)]);
        assert_eq!(other_field.check(), Ok(()));
        assert_eq!(
            total.combine(&other_field),
            Err(ResultsError::CountTooLarge)
        );
        assert_eq!(total, half);
        assert_eq!(
            ResultsError::CountTooLarge.to_string(),
            "counts too large: a sum of them does not fit in 64 bits"
        );
    }

    #[test]
    fn check_refusals_are_typed() {
        let mut same = results("a", "a", 2, [0, 0, 0, 0, 1]);
        assert_eq!(
            same.check(),
            Err(ResultsError::SameEngines {
                first: "a".into(),
                second: "a".into()
            })
        );
        same.pairings[0].second = "b".into();
        same.pairings[0].tally.pentanomial = [0, 0, 0, 0, 2];
        assert!(matches!(
            same.check(),
            Err(ResultsError::TooManyPairs {
                pairs: 2,
                games: 2,
                ..
            })
        ));
        let mut uncounted = results("a", "b", 2, [0, 0, 0, 0, 1]);
        uncounted.terminations.clear();
        assert_eq!(
            uncounted.check(),
            Err(ResultsError::TerminationCount { ended: 0, games: 2 })
        );
    }

    #[test]
    fn merge_refusals_are_typed() {
        let mut total = shard(0, 3, 7, "f1");
        let refused = |total: &mut MatchResults, other| total.combine(&other).unwrap_err();
        assert!(matches!(
            refused(&mut total, shard(0, 3, 7, "f1")),
            ResultsError::Shards(_)
        ));
        let err = refused(&mut total, shard(1, 3, 8, "f1"));
        assert_eq!(
            err,
            ResultsError::OtherSeed {
                found: Some(8),
                expected: Some(7)
            }
        );
        assert_eq!(
            err.to_string(),
            "it is a shard of the match with --seed 8, the files before it of --seed 7"
        );
        assert!(matches!(
            refused(&mut total, shard(1, 3, 7, "f2")),
            ResultsError::OtherSettings { .. }
        ));
        let whole = results("a", "b", 2, [0, 0, 0, 0, 1]);
        let err = refused(&mut total, whole.clone());
        assert_eq!(err, ResultsError::WholeRunAfterShards);
        assert_eq!(
            err.to_string(),
            "it is a whole run, the files before it shards of a split match: merge the shards on \
             their own"
        );
        assert_eq!(
            refused(&mut whole.clone(), shard(0, 2, 7, "f1")),
            ResultsError::ShardAfterWholeRuns
        );
        let other_game = MatchResults {
            variant: "dipole".into(),
            ..whole.clone()
        };
        assert!(matches!(
            refused(&mut whole.clone(), other_game),
            ResultsError::OtherGame { found, expected } if found == "dipole" && expected == "duel"
        ));
    }
}
