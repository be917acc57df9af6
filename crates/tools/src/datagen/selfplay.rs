//! One game of `duel datagen`: the engine plays itself at a fixed node count from an opening, and
//! every ply's search score is kept with the move; the positions worth learning from are marked.

use super::format::{GameData, MATE_SCORE, Ply};
use crate::openings::random_after;
use duel_engine::search::{self, Limits, Score, TranspositionTable};
use duel_rules::game::{GameRecord, Outcome, Rng};
use duel_rules::games::HostedGame;

/// The longest game: one that reaches it without an end is scored a draw.
pub const MAX_PLIES: usize = 600;

/// The opening of game `index` of a run seeded `seed`: one of `book`'s openings (the start position
/// when the book is empty), then `random_plies` random legal plies, drawn again while the game is
/// over or the side to move can win at once (`openings::random_after`). It depends on nothing else,
/// so every shard and every resumed run makes the same one.
pub fn opening<G: HostedGame>(
    book: &[GameRecord<G>],
    seed: u64,
    index: u64,
    random_plies: u32,
) -> GameRecord<G> {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    random_after(&mut rng, random_plies, |rng| match rng.pick(book) {
        Some(opening) => opening.clone(),
        None => GameRecord::new(G::start()),
    })
}

/// Plays the game from `opening` to its end (or [`MAX_PLIES`]), each move the search's at `nodes`
/// nodes on one thread with `tt` emptied first, so that the game depends on the opening alone. A
/// position is kept unless its side to move is in check, the move found is tactical (a capture, a
/// promotion) or the search found a forced result: the usual filters of NNUE data.
pub fn play<G: HostedGame>(
    opening: GameRecord<G>,
    nodes: u64,
    use_net: bool,
    tt: &TranspositionTable,
) -> GameData<G> {
    tt.clear();
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let start = opening.current().clone();
    let mut record = opening;
    let mut plies = Vec::new();
    let outcome = loop {
        if let Some(end) = record.termination() {
            break end.outcome();
        }
        if plies.len() >= MAX_PLIES {
            break Outcome::Draw;
        }
        let position = record.current();
        let summary = search::run_unattended(position, record.earlier_keys(), &limits, use_net, tt);
        let Some(mv) = summary.result.best else {
            break Outcome::Draw;
        };
        let (score, decided) = match summary.score {
            Some(Score::Centipawns(cp)) => (
                cp.clamp(-i32::from(MATE_SCORE) + 1, i32::from(MATE_SCORE) - 1) as i16,
                false,
            ),
            Some(Score::Mate(moves)) if moves > 0 => (MATE_SCORE, true),
            Some(Score::Mate(_)) => (-MATE_SCORE, true),
            None => (0, true),
        };
        let kept = !decided && !position.in_check() && !position.is_tactical(mv);
        plies.push(Ply { mv, score, kept });
        record.play(mv);
    };
    GameData {
        start,
        plies,
        outcome,
    }
}
