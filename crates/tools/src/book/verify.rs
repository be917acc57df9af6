//! Checking a book against its own header: every opening parses, is not decided, differs from the
//! others, and its score lies within the window by the search the header names; and when the header
//! names a verification, the openings [`DeepCheck`] picks are not decided (nor outside the
//! verification window) by that deeper search either.

use super::header::{BookScale, BookSettings, Verification};
use super::scoring::{Verdict, score_opening};
use super::verification::{Check, VERIFY_TABLE_MB, check_opening};
use crate::openings::load as load_openings;
use duel_engine::search::TranspositionTable;
use duel_rules::game::GameRecord;
use duel_rules::games::HostedGame;
use std::collections::HashSet;

/// What a check of a book found.
#[derive(Clone, Debug)]
pub struct VerifiedBook {
    /// The settings its header records.
    pub settings: BookSettings,
    /// Its openings.
    pub openings: usize,
    /// The largest score, either sign, among them.
    pub widest: u32,
    /// How many of them were re-scored by the header's verification.
    pub verified: usize,
}

/// Which openings a check re-scores by the verification its book's header names: that search is
/// much deeper than the book's, so a quick check (the one `cargo test` runs) takes a sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeepCheck {
    /// None.
    Skip,
    /// Every `n`th, from the first (`Every(1)`: all of them; 0 is taken as 1).
    Every(usize),
}

/// Checks the book `text` of game `G`, the openings `deep` picks also by the header's verification
/// (if it names one); the error names the first opening that fails and why.
pub fn verify<G: HostedGame>(text: &str, deep: DeepCheck) -> Result<VerifiedBook, String> {
    let settings = BookSettings::from_book_of(text, G::NAME).map_err(|e| e.to_string())?;
    let openings = load_openings::<G>(text).map_err(|e| e.to_string())?;
    let tt = TranspositionTable::new(1);
    let deep_tt = match (settings.verification, deep) {
        (Some(_), DeepCheck::Every(_)) => Some(TranspositionTable::new(VERIFY_TABLE_MB)),
        _ => None,
    };
    let mut keys = HashSet::new();
    let mut widest = 0;
    let mut verified = 0;
    for (index, opening) in openings.iter().enumerate() {
        let name = || format!("opening {} ({})", index + 1, opening.current().to_text());
        if !keys.insert(opening.current().hash()) {
            return Err(format!("{} repeats an earlier one", name()));
        }
        let cp = book_score(opening, &settings, &tt).map_err(|why| format!("{} {why}", name()))?;
        widest = widest.max(cp);
        let (Some(verification), Some(deep_tt), DeepCheck::Every(n)) =
            (&settings.verification, &deep_tt, deep)
        else {
            continue;
        };
        if index % n.max(1) != 0 {
            continue;
        }
        verified += 1;
        deep_check(opening, verification, settings.scale, deep_tt)
            .map_err(|why| format!("{} {why}", name()))?;
    }
    Ok(VerifiedBook {
        settings,
        openings: openings.len(),
        widest,
        verified,
    })
}

/// The size of `opening`'s score by the book's own search, or why that search rejects it.
fn book_score<G: HostedGame>(
    opening: &GameRecord<G>,
    settings: &BookSettings,
    tt: &TranspositionTable,
) -> Result<u32, String> {
    let scale = settings.scale;
    match score_opening(opening, settings.depth, settings.nodes, false, scale, tt) {
        Verdict::Decided => Err("is decided".to_string()),
        Verdict::Score(cp) if cp.unsigned_abs() > settings.window => Err(format!(
            "scores {cp:+}, outside ±{} (remake the book when the search, the evaluation or the \
             win-rate model changed)",
            settings.window
        )),
        Verdict::Score(cp) => Ok(cp.unsigned_abs()),
    }
}

/// Why the verification's deeper search rejects `opening`, if it does.
fn deep_check<G: HostedGame>(
    opening: &GameRecord<G>,
    verification: &Verification,
    scale: BookScale,
    tt: &TranspositionTable,
) -> Result<(), String> {
    match check_opening(opening, verification, scale, tt) {
        Check::Kept(_) => Ok(()),
        Check::Decided => Err(
            "is decided by the verification (remake the book when the search \
                               or evaluation changed)"
                .to_string(),
        ),
        Check::Outside(cp) => Err(format!(
            "scores {cp:+} by the verification, outside its ±{}",
            verification.window.unwrap_or(0)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::generate;
    use duel_rules::games::Duel;
    use std::path::PathBuf;

    #[test]
    fn a_made_book_passes_and_a_changed_one_fails() {
        let settings = BookSettings {
            variant: "duel".into(),
            plies: 6,
            count: 5,
            depth: Some(2),
            nodes: None,
            window: 60,
            scale: BookScale::Common,
            seed: 2,
            verification: None,
            out: PathBuf::from("b.txt"),
        };
        let text = generate::<Duel>(&settings, &mut Vec::new()).text();
        let checked = verify::<Duel>(&text, DeepCheck::Skip).unwrap();
        assert_eq!(checked.settings.scale, BookScale::Common);
        assert_eq!(checked.openings, 5);
        assert!(checked.widest <= 60);
        assert!(checked.widest > 0);
        let narrow = text.replace("window=60", "window=0");
        let err = verify::<Duel>(&narrow, DeepCheck::Skip).unwrap_err();
        assert!(err.contains("outside ±0"), "{err}");
        let first = text.lines().find(|l| l.starts_with("startpos")).unwrap();
        let doubled = format!("{text}{first}\n");
        let err = verify::<Duel>(&doubled, DeepCheck::Skip).unwrap_err();
        assert!(
            err.starts_with("opening 6 ") && err.ends_with("repeats an earlier one"),
            "{err}"
        );
        let err = verify::<duel_rules::games::Dipole>(&text, DeepCheck::Skip).unwrap_err();
        assert_eq!(err, "the book is of duel, not of dipole");
    }
}
