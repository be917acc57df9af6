//! Splitting one match, or one `duel datagen` run, over several processes or machines: shard K of N
//! (`--shard K/N`, K counted from 0, as Slurm array indices and Kubernetes completion indices are)
//! plays the pairs (datagen: the games) whose number is K modulo N. Every pair has one shard, a pair is never split, and each shard's pairs are
//! spread over all rounds and pairings, so shards are equally long and the first games of every
//! shard already sample the whole match.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Shard `index` of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K, from 0.
    pub index: u32,
    /// N, at least 1.
    pub count: u32,
}

impl Shard {
    /// The whole match: shard 0 of 1.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Reads `K/N` (0 ≤ K < N).
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard: expected K/N with 0 <= K < N, found '{text}'");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let number = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
        let shard = Shard {
            index: number(index)?,
            count: number(count)?,
        };
        if shard.index >= shard.count {
            return Err(bad());
        }
        Ok(shard)
    }

    /// Whether pair number `pair` is this shard's.
    pub fn owns(self, pair: usize) -> bool {
        pair % self.count as usize == self.index as usize
    }

    /// This shard's pair numbers among `total` pairs, in order.
    pub fn pairs(self, total: usize) -> impl Iterator<Item = usize> {
        (self.index as usize..total).step_by(self.count as usize)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The shards a results file holds: one after `duel match --shard`, several after `duel results`
/// merged them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardSet {
    /// N: how many shards the match was split into.
    pub count: u32,
    /// The K of each shard held, ascending.
    pub indices: Vec<u32>,
}

impl ShardSet {
    /// The set holding `shard` alone.
    pub fn of(shard: Shard) -> ShardSet {
        ShardSet {
            count: shard.count,
            indices: vec![shard.index],
        }
    }

    /// Whether the set is well formed: N at least 1, every K below N and held once, ascending.
    pub fn check(&self) -> Result<(), String> {
        if self.count == 0 {
            return Err("a shard count of 0".to_string());
        }
        if let Some(k) = self.indices.iter().find(|&&k| k >= self.count) {
            return Err(format!("shard {k}/{}: K must be below N", self.count));
        }
        if self.indices.is_empty() || self.indices.windows(2).any(|w| w[0] >= w[1]) {
            return Err("the shard indices must be given once each, ascending".to_string());
        }
        Ok(())
    }

    /// Adds the shards of `other`, which must be of the same N and hold none of these.
    pub fn merge(&mut self, other: &ShardSet) -> Result<(), String> {
        if other.count != self.count {
            return Err(format!(
                "it splits the match into {} shards, the files before it into {}",
                other.count, self.count
            ));
        }
        if let Some(k) = other.indices.iter().find(|k| self.indices.contains(k)) {
            return Err(format!(
                "shard {k}/{} is given twice (overlapping shards)",
                self.count
            ));
        }
        self.indices.extend(&other.indices);
        self.indices.sort_unstable();
        Ok(())
    }

    /// The shards not held, ascending.
    pub fn missing(&self) -> Vec<u32> {
        self.missing_shards().collect()
    }

    /// [`ShardSet::missing`] one at a time, for a caller that lists only the first: N may be as
    /// large as a results file says.
    pub fn missing_shards(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.count).filter(|k| !self.indices.contains(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_read_and_checked() {
        assert_eq!(Shard::parse("2/5"), Ok(Shard { index: 2, count: 5 }));
        assert_eq!(Shard::parse("0/1").unwrap().to_string(), "0/1");
        for bad in ["", "3", "5/5", "1/0", "-1/4", "a/4", "1/4/2", "1/b"] {
            let err = Shard::parse(bad).unwrap_err();
            assert!(err.starts_with("--shard"), "{bad}: {err}");
        }
    }

    /// Every pair is played by exactly one shard, for several shard counts and match sizes,
    /// including more shards than pairs; shards differ by at most one pair.
    #[test]
    fn every_pair_has_exactly_one_shard() {
        for total in [0, 1, 2, 5, 12, 13, 100] {
            for count in 1..=7u32 {
                let mut seen = vec![0; total];
                let mut sizes = Vec::new();
                for index in 0..count {
                    let shard = Shard { index, count };
                    let pairs: Vec<usize> = shard.pairs(total).collect();
                    assert!(pairs.iter().all(|&p| shard.owns(p)));
                    assert_eq!(pairs.len(), (0..total).filter(|&p| shard.owns(p)).count());
                    for p in &pairs {
                        seen[*p] += 1;
                    }
                    sizes.push(pairs.len());
                }
                assert!(
                    seen.iter().all(|&n| n == 1),
                    "{total} pairs, {count} shards"
                );
                let (min, max) = (sizes.iter().min(), sizes.iter().max());
                assert!(max.unwrap() - min.unwrap() <= 1, "{sizes:?}");
            }
        }
    }

    #[test]
    fn sets_merge_only_disjoint_shards_of_one_split() {
        let shard = |index, count| ShardSet::of(Shard { index, count });
        let mut set = shard(2, 4);
        set.merge(&shard(0, 4)).unwrap();
        assert_eq!(set.indices, [0, 2]);
        assert_eq!(set.missing(), [1, 3]);
        let err = set.merge(&shard(2, 4)).unwrap_err();
        assert!(err.contains("shard 2/4 is given twice"), "{err}");
        assert!(set.merge(&shard(1, 3)).unwrap_err().contains("3 shards"));
        assert_eq!(set.indices, [0, 2], "a refused merge changes nothing");
        set.merge(&shard(1, 4)).unwrap();
        set.merge(&shard(3, 4)).unwrap();
        assert!(set.missing().is_empty());
        assert!(set.check().is_ok());
        for bad in [
            ShardSet {
                count: 0,
                indices: vec![],
            },
            ShardSet {
                count: 2,
                indices: vec![2],
            },
            ShardSet {
                count: 4,
                indices: vec![1, 1],
            },
            ShardSet {
                count: 4,
                indices: vec![],
            },
        ] {
            assert!(bad.check().is_err(), "{bad:?}");
        }
    }
}
