//! Bulk-counted perft from the start: nodes per second of the whole generator.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use duel_engine::engine::perft::perft;
use duel_rules::game::Game;
use duel_rules::games::Duel;
use std::hint::black_box;

fn perft_from_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft from the start");
    group.sample_size(10);
    let start = Duel::start();
    for (depth, nodes) in [(3, 40_889), (4, 1_353_328)] {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("depth {depth}"), |b| {
            b.iter(|| assert_eq!(perft(black_box(&start), depth), nodes))
        });
    }
    group.finish();
}

criterion_group!(benches, perft_from_start);
criterion_main!(benches);
