//! Dame positions for the tests: random placements and random play.

use super::temp_dir::TempDir;
use duel_rules::game::{Game, Rng};
use duel_rules::games::Dame;
use duel_rules::games::dame::Square;
use std::process::Command;

/// The 3-piece endgame databases, built by the real binary's `duel tablebase` into a new folder
/// named after `name`, which lives as long as the result.
pub fn three_piece_tables(name: &str) -> TempDir {
    let dir = TempDir::new(name);
    let built = Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(["tablebase", "--variant", "dame", "--pieces", "3", "--out"])
        .arg(dir.path())
        .output()
        .expect("duel tablebase runs");
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    dir
}

/// A random legal position: 1 to 12 pieces a side on random dark squares, a third of them kings (all
/// of those on the row where a man would be crowned), either side to move. Kings with long diagonals
/// and crowded boards make capture sequences of every kind.
pub fn random_placement(rng: &mut Rng) -> Dame {
    let mut grid = [['.'; 8]; 8];
    for (man, king) in [('M', 'K'), ('m', 'k')] {
        let far_row = if man == 'M' { 7 } else { 0 };
        for _ in 0..1 + rng.below(12) {
            let sq = Square::from_index(rng.below(32));
            let (column, row) = (sq.column() as usize, sq.row() as usize);
            if grid[row][column] == '.' {
                let crowned = row == far_row || rng.below(3) == 0;
                grid[row][column] = if crowned { king } else { man };
            }
        }
    }
    let rows: Vec<String> = (0..8)
        .rev()
        .map(|row| {
            let mut text = String::new();
            let mut empty = 0;
            for &c in &grid[row] {
                if c == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                text.push(c);
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    let text = format!("{} {side}", rows.join("/"));
    Dame::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Positions of every kind: random games from the start, and short random games from random
/// placements.
pub fn sample_positions(seed: u64) -> Vec<Dame> {
    playouts(seed, 40)
}

/// Every position of `games` random games from the start, and of short random games from 15 random
/// placements for every 4 of them.
pub fn playouts(seed: u64, games: usize) -> Vec<Dame> {
    let mut positions = super::random_positions(&Dame::start(), seed, games, 200);
    let mut rng = Rng::new(seed ^ 0x5eed);
    for _ in 0..games * 15 / 4 {
        let placed = random_placement(&mut rng);
        positions.extend(super::random_positions(&placed, rng.next_u64(), 1, 6));
    }
    positions
}
