//! Dipole: bulk-counted perft from the start, nodes per second of the whole generator (copy-make
//! included), and perft 4 of a bench middle game.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use duel::engine::perft::perft;
use duel::game::Game;
use duel::games::Dipole;
use std::hint::black_box;
use std::time::Duration;

fn perft_from_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("dipole perft from the start");
    // Ten runs of depth 6 take over a second; the default 5 s would be too short for them.
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let start = Dipole::start();
    for (depth, nodes) in [(5, 1_321_125), (6, 21_733_653)] {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("depth {depth}"), |b| {
            b.iter(|| assert_eq!(perft(black_box(&start), depth), nodes))
        });
    }
    group.finish();
}

fn perft_middle_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("dipole perft of a middle game");
    group.sample_size(10);
    let text = Dipole::BENCH_POSITIONS[3];
    let pos = Dipole::from_text(text).expect("bench positions are valid");
    let nodes = perft(&pos, 4);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("depth 4 of {text}"), |b| {
        b.iter(|| assert_eq!(perft(black_box(&pos), 4), nodes))
    });
    group.finish();
}

criterion_group!(benches, perft_from_start, perft_middle_game);
criterion_main!(benches);
