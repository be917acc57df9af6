//! One game of the file by the rules of the game its Variant tag names: read to check it (before
//! any search, so that the bad ones are named at once and the progress knows its total), then read
//! again and reviewed, its annotated PGN and its summary made.

use super::input::GameText;
use super::review::{SearchLimits, review};
use super::summary::GameSummary;
use super::writer;
use duel_engine::search::TranspositionTable;
use duel_rules::games::{GameVisitor, HostedGame, VARIANTS, for_variant};
use duel_rules::record::pgn::{self, PgnGame};

/// A game that reads: its game and its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The game, as [`VARIANTS`] names it.
    pub variant: &'static str,
    /// Its moves.
    pub plies: usize,
}

/// A game reviewed.
#[derive(Clone, Debug)]
pub struct Annotated {
    /// Its annotated PGN.
    pub pgn: String,
    /// What the review says of each side.
    pub summary: GameSummary,
    /// The positions searched or judged.
    pub positions: usize,
}

/// Checks `game`: the game it is of (its Variant tag, else `only`, else the default game) must be
/// hosted and, where `only` names one, be that one; its text must read as one game of it. The
/// error is the reason the game is skipped.
pub fn check(game: &GameText, only: Option<&str>) -> Result<Checked, String> {
    let variant = game
        .variant
        .as_deref()
        .or(only)
        .unwrap_or(VARIANTS[0])
        .to_ascii_lowercase();
    if let Some(only) = only
        && variant != only
    {
        return Err(format!(
            "it is a game of {variant}, not of {only} (--variant)"
        ));
    }
    for_variant(&variant, Check { text: &game.text }).map_err(|unknown| unknown.to_string())?
}

/// [`check`] once the game is known.
struct Check<'a> {
    text: &'a str,
}

impl GameVisitor for Check<'_> {
    type Output = Result<Checked, String>;

    fn visit<G: HostedGame>(self) -> Result<Checked, String> {
        let game = read_one::<G>(self.text)?;
        Ok(Checked {
            variant: G::NAME,
            plies: game.record.moves().len(),
        })
    }
}

/// The one game of `text`, read by `G`'s rules; the error is the reader's reason.
fn read_one<G: HostedGame>(text: &str) -> Result<PgnGame<G>, String> {
    let mut games = pgn::read::<G>(text).map_err(|e| e.reason)?;
    match games.len() {
        1 => Ok(games.remove(0)),
        0 => Err("no game".to_string()),
        _ => Err("more than one game".to_string()),
    }
}

/// How each game is reviewed.
#[derive(Clone, Copy, Debug)]
pub struct Reviewer<'a> {
    /// The limits of each position's search.
    pub limits: &'a SearchLimits,
    /// The Annotator tag written into each game.
    pub annotator: &'a str,
}

impl Reviewer<'_> {
    /// Reviews `game` (of the checked `variant`) in the table `tt`, calling `on_position` after
    /// each position searched.
    pub fn annotate(
        &self,
        game: &GameText,
        variant: &str,
        tt: &TranspositionTable,
        on_position: &mut dyn FnMut(),
    ) -> Result<Annotated, String> {
        let visitor = Annotate {
            reviewer: self,
            game,
            tt,
            on_position,
        };
        for_variant(variant, visitor).map_err(|unknown| unknown.to_string())?
    }
}

/// [`Reviewer::annotate`] once the game is known.
struct Annotate<'a> {
    reviewer: &'a Reviewer<'a>,
    game: &'a GameText,
    tt: &'a TranspositionTable,
    on_position: &'a mut dyn FnMut(),
}

impl GameVisitor for Annotate<'_> {
    type Output = Result<Annotated, String>;

    fn visit<G: HostedGame>(self) -> Result<Annotated, String> {
        let game = read_one::<G>(&self.game.text)?;
        let review = review(
            &game.record,
            self.reviewer.limits,
            self.tt,
            self.on_position,
        );
        let players = ["White", "Black"].map(|tag| game.tag(tag).unwrap_or("?").to_string());
        let summary = GameSummary::new(self.game.number, G::NAME, players, &review);
        let mut tags = vec![
            ("Variant".to_string(), G::NAME.to_string()),
            ("Annotator".to_string(), self.reviewer.annotator.to_string()),
        ];
        tags.extend(summary.tags());
        Ok(Annotated {
            pgn: writer::write(&game, &review, &tags),
            summary,
            positions: review.positions.len(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::annotate::input::games;

    const TEXT: &str = "[Variant \"Dame\"]\n\n1. c3-d4 *\n\n[Event \"x\"]\n\n1. D1-e6 *\n\n\
                        [Variant \"chess\"]\n\n1. e4 *\n\n[Variant \"duel\"]\n\n1. D1-D6 *\n";

    #[test]
    fn games_are_read_by_their_variant_tag_and_the_bad_ones_named() {
        let games = games(TEXT);
        let checked: Vec<Result<Checked, String>> = games.iter().map(|g| check(g, None)).collect();
        assert_eq!(
            checked[0],
            Ok(Checked {
                variant: "dame",
                plies: 1
            })
        );
        // Without a Variant tag: the default game.
        assert_eq!(checked[1].as_ref().map(|c| c.variant), Ok("duel"));
        assert!(
            checked[2]
                .as_ref()
                .unwrap_err()
                .contains("unknown variant 'chess'")
        );
        assert!(
            checked[3].as_ref().unwrap_err().contains("D1-D6"),
            "{checked:?}"
        );
    }

    #[test]
    fn variant_keeps_the_games_of_one_game() {
        let games = games(TEXT);
        assert!(check(&games[0], Some("dame")).is_ok());
        assert_eq!(
            check(&games[3], Some("dame")),
            Err("it is a game of duel, not of dame (--variant)".to_string())
        );
        // A game without a Variant tag is taken to be of the game asked for.
        assert!(check(&games[1], Some("dame")).is_err_and(|e| e.contains("D1-e6")));
    }
}
