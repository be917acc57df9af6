//! `--resume`: the games a run's PGN file already holds, read back so that a killed run (or shard)
//! restarted with the same command plays only what is missing and counts the rest.
//!
//! A game is placed by its tags: Round `R.L` is game L (1 or 2) of round R, and White and Black
//! name the pairing. Every game must belong to the match and to this shard, and must start with the
//! match's opening of its round, so a PGN of another seed, openings file, game or shard is refused
//! instead of being counted. The runner appends each game in one write and flushes it; a game cut
//! off by a kill in the middle of that write has no result at its end and is dropped from the file.

use super::collector::CountedGame;
use super::opening_book::OpeningBook;
use super::schedule::{PairSlot, Plan};
use crate::shard::Shard;
use duel_rules::game::{Game, Outcome};
use duel_rules::games::HostedGame;
use duel_rules::record::game_end::GameEnd;
use duel_rules::record::pgn::{self, PgnGame, TerminationTag};
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// The PGN result tokens: a game's text ends with one.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// What a resumed run found in its PGN file.
#[derive(Debug, Default)]
pub struct Resumed {
    /// The finished games, in the file's order.
    pub games: Vec<CountedGame>,
    /// The bytes of an unfinished game cut from the end of the file, if any.
    pub dropped_bytes: usize,
}

/// The match and shard the games must belong to.
pub struct Expected<'a, G: Game> {
    /// The match's pairs.
    pub plan: &'a Plan,
    /// The shard this run plays.
    pub shard: Shard,
    /// The engines' names, by index.
    pub names: &'a [String],
    /// The openings of the rounds.
    pub book: &'a OpeningBook<G>,
}

/// Reads the finished games of the PGN file at `path` (none when it does not exist yet), first
/// cutting an unfinished game from its end.
pub fn read_finished<G: HostedGame>(
    path: &Path,
    expected: &Expected<G>,
) -> Result<Resumed, String> {
    let cannot = |reason: String| format!("cannot resume from {}: {reason}", path.display());
    let mut text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Resumed::default()),
        Err(e) => return Err(cannot(e.to_string())),
    };
    let kept = finished_length(&text);
    let dropped_bytes = text.len() - kept;
    if dropped_bytes > 0 {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| cannot(e.to_string()))?;
        file.set_len(kept as u64)
            .map_err(|e| cannot(format!("cannot cut its unfinished last game: {e}")))?;
        text.truncate(kept);
    }
    let games = pgn::read::<G>(&text).map_err(|e| cannot(e.to_string()))?;
    let mut seen = HashSet::new();
    let mut counted = Vec::with_capacity(games.len());
    for (number, game) in games.iter().enumerate() {
        let round = game.tag("Round").unwrap_or("?");
        let game_at =
            |reason: String| cannot(format!("game {} (Round {round}): {reason}", number + 1));
        let one = place(game, expected).map_err(game_at)?;
        if !seen.insert((one.slot, one.leg)) {
            return Err(game_at("the file holds this game twice".to_string()));
        }
        counted.push(one);
    }
    Ok(Resumed {
        games: counted,
        dropped_bytes,
    })
}

/// The pairs of `shard` still to play after the `finished` games, in order, each with the legs it
/// misses: both, or the one a kill between a pair's games left unplayed.
pub fn games_to_play(
    plan: &Plan,
    shard: Shard,
    finished: &[CountedGame],
) -> Vec<(PairSlot, Vec<usize>)> {
    let mut held: HashMap<PairSlot, [bool; 2]> = HashMap::new();
    for game in finished {
        held.entry(game.slot).or_default()[game.leg] = true;
    }
    shard
        .pairs(plan.total_pairs())
        .map(|index| plan.slot(index))
        .filter_map(|slot| {
            let have = held.get(&slot).copied().unwrap_or_default();
            let legs: Vec<usize> = (0..2).filter(|&leg| !have[leg]).collect();
            (!legs.is_empty()).then_some((slot, legs))
        })
        .collect()
}

/// The length of `text` up to the end of its last finished game: all of it, unless the text after
/// the last result token that ends a game (`… 1-0` and a blank line) holds something that does not
/// end with a result itself, i.e. the start of a game whose writing was cut off.
fn finished_length(text: &str) -> usize {
    let tail_is_finished = |tail: &str| {
        let tail = tail.trim_end();
        tail.is_empty() || RESULTS.iter().any(|r| tail.ends_with(r))
    };
    if tail_is_finished(text) {
        return text.len();
    }
    RESULTS
        .iter()
        .flat_map(|r| [format!(" {r}\n\n"), format!("\n{r}\n\n")])
        .filter_map(|end| text.rfind(&end).map(|at| at + end.len()))
        .max()
        .unwrap_or(0)
}

/// The pair, leg and result of one game of the file, checked against the match and shard.
fn place<G: HostedGame>(game: &PgnGame<G>, expected: &Expected<G>) -> Result<CountedGame, String> {
    let variant = game.tag("Variant").unwrap_or("(none)");
    if variant != G::NAME {
        return Err(format!(
            "it is a game of {variant}, this match plays {}",
            G::NAME
        ));
    }
    let (round, leg) = game
        .tag("Round")
        .and_then(|r| r.split_once('.'))
        .and_then(|(r, l)| Some((r.parse::<u32>().ok()?, l.parse::<usize>().ok()?)))
        .filter(|&(r, l)| r >= 1 && (1..=2).contains(&l))
        .ok_or("its Round tag is not <round>.<1 or 2>")?;
    let slot = place_pair(game, expected, round, leg - 1)?;
    let opening = expected.book.for_round(slot.round);
    if game.record.start().to_text() != opening.start().to_text()
        || !game.record.moves().starts_with(opening.moves())
    {
        return Err(format!(
            "it does not start with this match's opening of round {round}: \
             was the file written with another --seed or --openings?"
        ));
    }
    counted(game, slot, leg - 1)
}

/// The pair of a game that its tags say is leg `leg` (from 0) of a pair of round `round` (from 1):
/// the engines named White and Black must be paired by the match, in that order in that leg, and the
/// pair must be this shard's.
fn place_pair<G: Game>(
    game: &PgnGame<G>,
    expected: &Expected<G>,
    round: u32,
    leg: usize,
) -> Result<PairSlot, String> {
    let engine = |tag: &str| -> Result<usize, String> {
        let name = game.tag(tag).unwrap_or("");
        expected
            .names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| format!("{tag} '{name}' is not an engine of this match"))
    };
    let (white, black) = (engine("White")?, engine("Black")?);
    let (pairing, placed_leg) = expected.plan.find(white, black).ok_or_else(|| {
        format!(
            "this match does not pair {} and {}",
            expected.names[white], expected.names[black]
        )
    })?;
    if placed_leg != leg {
        return Err(format!(
            "game {} of a pair has {} as White, the Round tag says otherwise",
            leg + 1,
            expected.names[white]
        ));
    }
    let slot = PairSlot {
        round: round - 1,
        pairing,
    };
    let index = expected.plan.index(slot).ok_or_else(|| {
        format!(
            "this match has {} rounds, not {round}",
            expected.plan.rounds
        )
    })?;
    let shard = expected.shard;
    if !shard.owns(index) {
        return Err(format!(
            "its pair belongs to shard {}/{}, this run is shard {shard}",
            index % shard.count as usize,
            shard.count
        ));
    }
    Ok(slot)
}

/// The game of pair `slot` and leg `leg` as the statistics count it: its result, its Termination tag
/// and, for a game lost by a fault, the side and the fault its last comment names.
fn counted<G: Game>(game: &PgnGame<G>, slot: PairSlot, leg: usize) -> Result<CountedGame, String> {
    let outcome = Outcome::from_pgn(&game.result).ok_or("it has no result")?;
    let termination = game
        .tag("Termination")
        .and_then(TerminationTag::parse)
        .ok_or("it has no Termination tag the runner writes")?;
    let mut counted = CountedGame {
        slot,
        leg,
        outcome,
        termination,
        fault: None,
    };
    if !termination.is_fault() {
        return Ok(counted);
    }
    let (side, fault) = game
        .final_comment
        .as_deref()
        .and_then(GameEnd::parse_fault)
        .ok_or("its last comment does not say which fault lost it")?;
    if outcome != Outcome::Win(side.opponent()) {
        return Err(format!(
            "{side} lost by a fault, but the result is {}",
            game.result
        ));
    }
    counted.fault = Some((side, fault));
    Ok(counted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complete_pairs_are_skipped_and_half_pairs_completed() {
        use super::super::schedule::Schedule;
        use duel_rules::game::Side;
        let plan = Plan::new(3, Schedule::RoundRobin, 2);
        let shard = Shard { index: 1, count: 2 };
        // Shard 1 of 2 plays pairs 1, 3, 5: (round 0, pairing 1), (1, 0), (1, 2).
        let game = |round, pairing, leg| CountedGame {
            slot: PairSlot { round, pairing },
            leg,
            outcome: Outcome::Win(Side::White),
            termination: TerminationTag::Normal,
            fault: None,
        };
        let slot = |round, pairing| PairSlot { round, pairing };
        assert_eq!(
            games_to_play(&plan, shard, &[]),
            [
                (slot(0, 1), vec![0, 1]),
                (slot(1, 0), vec![0, 1]),
                (slot(1, 2), vec![0, 1])
            ]
        );
        let finished = [game(0, 1, 0), game(1, 2, 1), game(0, 1, 1), game(1, 0, 0)];
        assert_eq!(
            games_to_play(&plan, shard, &finished),
            [(slot(1, 0), vec![1]), (slot(1, 2), vec![0])]
        );
    }

    #[test]
    fn an_unfinished_last_game_is_cut_and_nothing_else() {
        let one = "[Event \"x\"]\n\n1. D1-e6 E8-E7 1-0\n\n";
        let two = format!("{one}[Event \"y\"]\n\n{{white: no uciok in time}}\n0-1\n\n");
        assert_eq!(finished_length(""), 0);
        assert_eq!(finished_length(one), one.len());
        assert_eq!(finished_length(&two), two.len());
        for cut in 1..one.len() - 3 {
            let text = format!("{two}{}", &one[..cut]);
            assert_eq!(finished_length(&text), two.len(), "{text:?}");
        }
        assert_eq!(finished_length(&one[..10]), 0);
        // Another writer's last game without the blank line is finished all the same.
        assert_eq!(finished_length("1. D1-e6 *\n"), 11);
    }
}
