//! Perft: counting the leaf nodes of the legal-move tree, the ground truth for move generators.

use crate::search::Instant;
use duel_rules::game::{MoveList, Perft};
use std::io::Write;

/// The deepest perft the tools and the protocol accept: a deeper one would not end in any useful
/// time, and it cannot be stopped.
pub const MAX_DEPTH: u32 = 64;

/// Leaf nodes at `depth` below `pos`, bulk-counting the last ply. Decided positions are leaves.
pub fn perft<G: Perft>(pos: &G, depth: u32) -> u64 {
    let mut lists: Vec<MoveList<G::Move>> = (0..depth.max(1)).map(|_| MoveList::new()).collect();
    count(pos, depth, &mut lists)
}

fn count<G: Perft>(pos: &G, depth: u32, lists: &mut [MoveList<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.legal_move_count();
    }
    let (moves, deeper) = lists.split_first_mut().expect("one list per ply");
    pos.generate_moves(moves);
    if depth == 2 {
        return pos.children_move_count(moves);
    }
    moves
        .iter()
        .map(|&mv| count(&pos.make_move(mv), depth - 1, deeper))
        .sum()
}

/// The count below each root move, in generation order, with the move's canonical text.
pub fn divide<G: Perft>(pos: &G, depth: u32) -> Vec<(String, u64)> {
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let nodes = if depth <= 1 {
                1
            } else {
                perft(&pos.make_move(mv), depth - 1)
            };
            (pos.format_move(mv), nodes)
        })
        .collect()
}

/// Prints `<move>: <count>` per root move, then `Nodes searched: <N>` and `Nodes/second: <M>`,
/// the output of both `duel perft` and the protocol's `go perft`.
pub fn report<G: Perft>(pos: &G, depth: u32, out: &mut impl Write) -> std::io::Result<u64> {
    let started = Instant::now();
    let divided = divide(pos, depth.max(1));
    let total: u64 = if depth == 0 {
        1
    } else {
        divided.iter().map(|(_, n)| n).sum()
    };
    let seconds = started.elapsed().as_secs_f64();
    if depth > 0 {
        for (mv, nodes) in &divided {
            writeln!(out, "{mv}: {nodes}")?;
        }
    }
    writeln!(out)?;
    writeln!(out, "Nodes searched: {total}")?;
    writeln!(
        out,
        "Nodes/second: {}",
        (total as f64 / seconds.max(1e-9)) as u64
    )?;
    out.flush()?;
    Ok(total)
}
