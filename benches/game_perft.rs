//! Every hosted game but Duel: bulk-counted perft from the start, checked against the rules files'
//! counts, in nodes per second of the whole generator (copy-make included), and perft of a middle
//! game from each game's bench positions. Duel's own figures: `perft.rs`. The games are those of
//! `VARIANTS`; a game without its counts in [`expected`] stops the bench and says so.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use duel_engine::engine::perft::perft;
use duel_rules::games::{GameVisitor, HostedGame, VARIANTS, for_variant};
use std::hint::black_box;
use std::time::Duration;

/// One game's figures: perft from the start to each depth of `counts` (with the rules file's node
/// count), then to `middle_depth` from its bench position number `middle`.
struct Expected {
    counts: &'static [(u32, u64)],
    middle: usize,
    middle_depth: u32,
}

/// The figures of the game called `game`; `None` for Duel, whose figures are `perft.rs`'s.
fn expected(game: &str) -> Option<Expected> {
    Some(match game {
        "duel" => return None,
        "dipole" => Expected {
            counts: &[(5, 1_321_125), (6, 21_733_653)],
            middle: 3,
            middle_depth: 4,
        },
        // The middle game has a White king among the men.
        "dame" => Expected {
            counts: &[(8, 845_931), (9, 3_963_671)],
            middle: 3,
            middle_depth: 7,
        },
        "alice" => Expected {
            counts: &[(4, 219_236)],
            middle: 1,
            middle_depth: 3,
        },
        other => panic!("benches/game_perft.rs has no perft counts for {other}: add them"),
    })
}

/// One game's group, as [`Expected`] says.
struct PerftGroup<'a> {
    c: &'a mut Criterion,
    expected: Expected,
}

impl GameVisitor for PerftGroup<'_> {
    type Output = ();

    fn visit<G: HostedGame>(self) {
        let PerftGroup { c, expected } = self;
        let mut group = c.benchmark_group(format!("{} perft", G::NAME));
        // Ten runs of the deepest take over a second; the default 5 s would be too short for them.
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(10));
        let start = G::start();
        for &(depth, nodes) in expected.counts {
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(format!("depth {depth} from the start"), |b| {
                b.iter(|| assert_eq!(perft(black_box(&start), depth), nodes))
            });
        }
        let (text, depth) = (G::BENCH_POSITIONS[expected.middle], expected.middle_depth);
        let pos = G::from_text(text).expect("bench positions are valid");
        let nodes = perft(&pos, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("depth {depth} of {text}"), |b| {
            b.iter(|| assert_eq!(perft(black_box(&pos), depth), nodes))
        });
        group.finish();
    }
}

fn game_perft(c: &mut Criterion) {
    for game in VARIANTS {
        if let Some(expected) = expected(game) {
            for_variant(game, PerftGroup { c, expected }).expect("a hosted game");
        }
    }
}

criterion_group!(benches, game_perft);
criterion_main!(benches);
