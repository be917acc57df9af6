//! The independent checks of finished tables: every stored value agrees with the values its moves
//! lead to (the equation the tables solve), and a sample of positions agrees with a plain search to
//! the end of the game, which knows nothing of tables. The first alone would pass a table that calls
//! a won cycle of positions drawn; the second catches that.

use super::sweep::sweep;
use super::tables::Tables;
use duel_engine::search::tablebase::{self, EndgameValue, game_over, no_move_value};
use duel_rules::game::{EndgameIndex, MoveList, Signature};
use std::collections::HashMap;

/// Checks that every stored value of `signature` is the best of its moves' values; returns how many
/// it checked, or the first position that disagrees.
pub fn check_consistency<G: EndgameIndex>(
    tables: &Tables,
    signature: Signature,
    threads: usize,
) -> Result<u64, String> {
    let codes = tables
        .codes(signature)
        .ok_or_else(|| format!("{} is not built", G::signature_name(signature)))?;
    let wrong = sweep(
        codes.len(),
        |at| at as u64,
        threads,
        |index| {
            G::endgame_position(signature, index)
                .filter(|pos| !pos.resolved_through_moves())
                .is_some_and(|pos| tables.stored(signature, index) != best_of_moves(tables, &pos))
        },
    );
    match wrong.iter().min() {
        None => Ok(codes.len() as u64),
        Some(&index) => {
            let pos = G::endgame_position(signature, index).expect("a checked index is a position");
            Err(format!(
                "{}: {} stores {:?}, its moves give {:?}",
                G::signature_name(signature),
                pos.to_text(),
                tables.stored(signature, index),
                best_of_moves(tables, &pos)
            ))
        }
    }
}

/// The best value for the side to move over its moves, from the tables.
fn best_of_moves<G: EndgameIndex>(tables: &Tables, pos: &G) -> Option<EndgameValue> {
    tablebase::best_of_moves(pos, |next| tables.value(next))
}

/// What [`check_against_search`] compared.
#[derive(Debug, Default)]
pub struct SearchCheck {
    /// Positions compared.
    pub compared: u64,
    /// Wins and losses of the tables the search found too.
    pub confirmed: u64,
    /// Wins and losses of the tables that end beyond the search's horizon (not contradicted).
    pub beyond_horizon: u64,
}

/// Compares every `step`-th position of `signature` with a search to the end of the game
/// `horizon` plies deep: a result the search forces must be the tables' (so a drawn position must
/// show none), and a win or loss of the tables the search misses is counted as beyond its horizon.
/// Returns the counts, or the first position that disagrees.
pub fn check_against_search<G: EndgameIndex>(
    tables: &Tables,
    signature: Signature,
    step: u64,
    horizon: u32,
) -> Result<SearchCheck, String> {
    let mut memo = HashMap::new();
    let mut check = SearchCheck::default();
    for index in (0..G::endgame_position_count(signature)).step_by(step as usize) {
        let Some(pos) = G::endgame_position(signature, index) else {
            continue;
        };
        let stored = tables.value(&pos).map_or(2, EndgameValue::wdl);
        let searched = forced_result(&pos, horizon, &mut memo);
        match (stored, searched) {
            (s, f) if s == f && s != 0 => check.confirmed += 1,
            (s, 0) if s != 2 => check.beyond_horizon += u64::from(s != 0),
            _ => {
                return Err(format!(
                    "{}: {} stores {stored}, a search of {horizon} plies finds {searched}",
                    G::signature_name(signature),
                    pos.to_text()
                ));
            }
        }
        check.compared += 1;
    }
    Ok(check)
}

/// Whether the side to move forces the end of the game within `plies`: `1` a win, `-1` a loss, `0`
/// neither. Plain minimax, remembering per position the deepest result found: a result forced
/// within some plies is forced within more, and none within some plies means none within fewer.
pub(super) fn forced_result<G: EndgameIndex>(
    pos: &G,
    plies: u32,
    memo: &mut HashMap<u64, (u32, i32)>,
) -> i32 {
    if let Some(value) = game_over(pos) {
        return value.wdl();
    }
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    if moves.is_empty() {
        return no_move_value(pos).wdl();
    }
    if plies == 0 {
        return 0;
    }
    match memo.get(&pos.hash()) {
        Some(&(searched, result)) if result != 0 && searched <= plies => return result,
        Some(&(searched, 0)) if searched >= plies => return 0,
        _ => {}
    }
    let mut best = -1;
    for &mv in moves.iter() {
        best = best.max(-forced_result(&pos.make_move(mv), plies - 1, memo));
        if best == 1 {
            break;
        }
    }
    memo.insert(pos.hash(), (plies, best));
    best
}
