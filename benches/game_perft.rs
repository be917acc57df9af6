//! Dipole, Dame and Alice: bulk-counted perft from the start, checked against the rules files'
//! counts, in nodes per second of the whole generator (copy-make included), and perft of a middle
//! game from each game's bench positions. Duel's own figures: `perft.rs`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use duel_engine::engine::perft::perft;
use duel_rules::game::Perft;
use duel_rules::games::{Alice, Dame, Dipole};
use std::hint::black_box;
use std::time::Duration;

/// One game's group: perft from the start to each depth of `counts` (with the rules file's node
/// count), then to `middle_depth` from its bench position `middle`.
fn perft_group<G: Perft>(
    c: &mut Criterion,
    game: &str,
    counts: &[(u32, u64)],
    middle: usize,
    middle_depth: u32,
) {
    let mut group = c.benchmark_group(format!("{game} perft"));
    // Ten runs of the deepest take over a second; the default 5 s would be too short for them.
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let start = G::start();
    for &(depth, nodes) in counts {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("depth {depth} from the start"), |b| {
            b.iter(|| assert_eq!(perft(black_box(&start), depth), nodes))
        });
    }
    let text = G::BENCH_POSITIONS[middle];
    let pos = G::from_text(text).expect("bench positions are valid");
    let nodes = perft(&pos, middle_depth);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("depth {middle_depth} of {text}"), |b| {
        b.iter(|| assert_eq!(perft(black_box(&pos), middle_depth), nodes))
    });
    group.finish();
}

fn dipole(c: &mut Criterion) {
    perft_group::<Dipole>(c, "dipole", &[(5, 1_321_125), (6, 21_733_653)], 3, 4);
}

/// The middle game has a White king among the men.
fn dame(c: &mut Criterion) {
    perft_group::<Dame>(c, "dame", &[(8, 845_931), (9, 3_963_671)], 3, 7);
}

fn alice(c: &mut Criterion) {
    perft_group::<Alice>(c, "alice", &[(4, 219_236)], 1, 3);
}

criterion_group!(benches, dipole, dame, alice);
criterion_main!(benches);
