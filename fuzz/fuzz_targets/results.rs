//! Fuzzes `duel results`: reading the results files of runs and shards made on other machines
//! (`MatchResults` from JSON, then `check`), merging them (`MatchResults::combine`) and printing
//! the merged statistics (`summary`, with the rating list).
//!
//! Input: up to four files' texts, separated by NUL bytes (which JSON text never holds), each read
//! as UTF-8 (an input with a part that is not UTF-8 is skipped). Properties:
//! - reading, checking, merging and the summary never panic;
//! - results read are written back (`to_string_pretty`, as `--output` writes) to JSON that reads
//!   again to the same results, checked alike;
//! - the files accepted merge in order as `duel results` merges them; each merge refused changes
//!   nothing, and each merge made holds what `combine` documents: the tallies of each pairing (in
//!   either order), the terminations and the faults summed, the shards joined, the seed and settings
//!   kept where both agree and forgotten where not, the engines of both, the first SPRT; and the
//!   merged results still pass `check`;
//! - merging is order-independent: the first two accepted files merge both ways or neither, to the
//!   same totals (all but the SPRT, which is the first file's);
//! - a file merged with itself doubles its counts when it is a whole run and is refused when it is
//!   a shard (it overlaps itself); merged with an empty run of its game, a whole run keeps its
//!   counts and a shard is refused.

#![no_main]

use duel_tools::matches::{MatchResults, Tally};
use libfuzzer_sys::fuzz_target;
use std::collections::{BTreeMap, BTreeSet};

/// The most files one input merges.
const MAX_FILES: usize = 4;
/// The most engines whose rating list the summary fits (each fit is iterative, its cost grows with
/// the square of the engines).
const MAX_RATED: usize = 12;

fuzz_target!(|data: &[u8]| {
    let mut accepted = Vec::new();
    for part in data.split(|&b| b == 0).take(MAX_FILES) {
        let Ok(text) = std::str::from_utf8(part) else {
            return;
        };
        let Ok(results) = serde_json::from_str::<MatchResults>(text) else {
            continue;
        };
        round_trip(&results);
        if results.check().is_ok() {
            accepted.push(results);
        }
    }
    for results in &accepted {
        merge_with_itself(results);
        merge_with_an_empty_run(results);
    }
    if let [a, b, ..] = &accepted[..] {
        merge_both_ways(a, b);
    }
    // As `duel results` merges: in order, stopping at the first file refused.
    let mut files = accepted.into_iter();
    let Some(mut total) = files.next() else {
        return;
    };
    for results in files {
        if !merge_checked(&mut total, &results) {
            break;
        }
    }
    summarize(&total);
});

/// Checks that `results` is written to JSON that reads back to the same results.
fn round_trip(results: &MatchResults) {
    let json = serde_json::to_string_pretty(results).expect("results are JSON");
    let back: MatchResults = match serde_json::from_str(&json) {
        Ok(back) => back,
        Err(e) => panic!("the results written back are refused: {e}\n{json}"),
    };
    assert_eq!(
        &back, results,
        "the results change when written back:\n{json}"
    );
    assert_eq!(back.check(), results.check(), "{json}");
}

/// Merges `other` into `total` and checks what `combine` documents; whether it merged.
fn merge_checked(total: &mut MatchResults, other: &MatchResults) -> bool {
    let before = total.clone();
    if let Err(e) = total.combine(other) {
        assert_eq!(*total, before, "a refused merge ({e}) changed the results");
        return false;
    }
    assert_eq!(total.variant, before.variant);
    assert_eq!(total.seed, agreed(&before.seed, &other.seed), "the seed");
    assert_eq!(
        total.settings,
        agreed(&before.settings, &other.settings),
        "the settings"
    );
    let mut engines = before.engines.clone();
    for name in &other.engines {
        if !engines.contains(name) {
            engines.push(name.clone());
        }
    }
    assert_eq!(total.engines, engines, "the engines of both, in order");
    assert_eq!(total.sprt, before.sprt.or(other.sprt), "the first SPRT");
    match (&before.shards, &other.shards, &total.shards) {
        (None, None, None) => {}
        (Some(own), Some(theirs), Some(merged)) => {
            let mut indices = [&own.indices[..], &theirs.indices[..]].concat();
            indices.sort_unstable();
            assert_eq!(merged.indices, indices, "the shards joined");
            assert_eq!(merged.count, own.count);
        }
        shards => panic!("a merge of a shard and a whole run: {shards:?}"),
    }
    assert_eq!(
        Totals::of(total),
        Totals::of(&before).plus(&Totals::of(other)),
        "the counts of a merge are the sums"
    );
    if let Err(e) = total.check() {
        panic!("a merge of results accepted is refused: {e}\n{total:?}");
    }
    true
}

/// What a merge keeps of a field the two results may disagree on (their seed, their settings):
/// the value both have, else none.
fn agreed<T: Clone + PartialEq>(a: &Option<T>, b: &Option<T>) -> Option<T> {
    if a == b { a.clone() } else { None }
}

/// Checks that merging `a` and `b` does not depend on their order.
fn merge_both_ways(a: &MatchResults, b: &MatchResults) {
    let (mut ab, mut ba) = (a.clone(), b.clone());
    let (merged_ab, merged_ba) = (merge_checked(&mut ab, b), merge_checked(&mut ba, a));
    assert_eq!(merged_ab, merged_ba, "one order merges, the other not");
    if !merged_ab {
        return;
    }
    assert_eq!(
        Totals::of(&ab),
        Totals::of(&ba),
        "the counts depend on the order"
    );
    assert_eq!((&ab.seed, &ab.settings), (&ba.seed, &ba.settings));
    assert_eq!(ab.shards, ba.shards);
    let names = |r: &MatchResults| r.engines.iter().cloned().collect::<BTreeSet<_>>();
    assert_eq!(names(&ab), names(&ba), "the engines depend on the order");
}

/// Checks that a whole run merged with itself doubles, and that a shard is refused.
fn merge_with_itself(results: &MatchResults) {
    let mut doubled = results.clone();
    let merged = merge_checked(&mut doubled, results);
    assert_eq!(merged, results.shards.is_none(), "{results:?}");
    if merged {
        let once = Totals::of(results);
        assert_eq!(Totals::of(&doubled), once.plus(&once));
        assert_eq!(doubled.engines, results.engines);
        assert_eq!(
            (&doubled.seed, &doubled.settings),
            (&results.seed, &results.settings)
        );
    }
}

/// Checks that an empty run of the same game (no seed, settings or engines) adds nothing to a
/// whole run, either way round, and that a shard refuses it.
fn merge_with_an_empty_run(results: &MatchResults) {
    let empty = MatchResults {
        variant: results.variant.clone(),
        ..MatchResults::default()
    };
    let mut total = results.clone();
    let merged = merge_checked(&mut total, &empty);
    assert_eq!(merged, results.shards.is_none(), "{results:?}");
    let mut from_empty = empty;
    assert_eq!(merge_checked(&mut from_empty, results), merged);
    if merged {
        assert_eq!(Totals::of(&total), Totals::of(results));
        assert_eq!(Totals::of(&from_empty), Totals::of(results));
    }
}

/// Prints the summary `duel results` prints, with the rating list when few engines played.
fn summarize(total: &MatchResults) {
    if total.engine_names().len() <= MAX_RATED {
        let _ = total.summary(None);
        let _ = total.summary(total.engine_names().last().map(String::as_str));
    }
}

/// What a merge sums: each pairing's tally, from the side of its engine named first in
/// alphabetical order; the terminations; the faults.
#[derive(Debug, Default, PartialEq)]
struct Totals {
    pairings: BTreeMap<(String, String), Tally>,
    terminations: BTreeMap<String, u64>,
    faults: BTreeMap<(String, String), u64>,
}

impl Totals {
    fn of(results: &MatchResults) -> Totals {
        let mut totals = Totals::default();
        for p in &results.pairings {
            let (key, tally) = if p.first <= p.second {
                ((p.first.clone(), p.second.clone()), p.tally)
            } else {
                ((p.second.clone(), p.first.clone()), p.tally.mirrored())
            };
            let sum = totals.pairings.entry(key).or_default();
            *sum = sum.combined(&tally);
        }
        totals.terminations = results.terminations.clone();
        for (engine, reasons) in &results.faults {
            for (reason, count) in reasons {
                totals
                    .faults
                    .insert((engine.clone(), reason.clone()), *count);
            }
        }
        totals
    }

    fn plus(&self, other: &Totals) -> Totals {
        let mut sum = Totals {
            pairings: self.pairings.clone(),
            terminations: self.terminations.clone(),
            faults: self.faults.clone(),
        };
        for (key, tally) in &other.pairings {
            let own = sum.pairings.entry(key.clone()).or_default();
            *own = own.combined(tally);
        }
        for (reason, count) in &other.terminations {
            *sum.terminations.entry(reason.clone()).or_default() += count;
        }
        for (key, count) in &other.faults {
            *sum.faults.entry(key.clone()).or_default() += count;
        }
        sum
    }
}
