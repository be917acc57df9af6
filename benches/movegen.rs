//! Legal move generation and copy-make for a start and a middle-game position.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use duel_rules::game::{Game, MoveList};
use duel_rules::games::Duel;
use std::hint::black_box;

/// Reached by seeded random play; 49 legal moves, dice of both sides in the middle.
const MIDDLE_GAME: &str =
    "b232b632b23b13b53/5bK3/1w31b543w562/9/b246w621/3w135/4w35w123/2w241wK2w141 w 3 10";

fn positions() -> [(&'static str, Duel); 2] {
    [
        ("start", Duel::start()),
        (
            "middle game",
            Duel::from_text(MIDDLE_GAME).expect("valid DFEN"),
        ),
    ]
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate legal moves");
    for (name, pos) in positions() {
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        let expected = moves.len();
        group.throughput(Throughput::Elements(expected as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(&pos).generate_moves(&mut moves);
                assert_eq!(moves.len(), expected);
            })
        });
    }
    group.finish();
}

fn make_every_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("make every legal move (copy-make)");
    for (name, pos) in positions() {
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut keys = 0u64;
                for &mv in moves.iter() {
                    keys ^= black_box(&pos).make_move(mv).hash();
                }
                assert_ne!(keys, 0);
                keys
            })
        });
    }
    group.finish();
}

criterion_group!(benches, generate, make_every_move);
criterion_main!(benches);
