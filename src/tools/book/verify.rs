//! Checking a book against its own header: every opening parses, is not decided, differs from the
//! others, and its score lies within the window by the search the header names.

use super::header::BookSettings;
use super::scoring::{Verdict, score_opening};
use crate::game::Game;
use crate::search::TranspositionTable;
use crate::tools::matches::load_openings;
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
}

/// Checks the book `text` of game `G`; the error names the first opening that fails and why.
pub fn verify<G: Game>(text: &str) -> Result<VerifiedBook, String> {
    let settings = BookSettings::from_book(text)?;
    if settings.variant != G::NAME {
        return Err(format!(
            "the book is of {}, not of {}",
            settings.variant,
            G::NAME
        ));
    }
    let openings = load_openings::<G>(text)?;
    let tt = TranspositionTable::new(1);
    let mut keys = HashSet::new();
    let mut widest = 0;
    for (index, opening) in openings.iter().enumerate() {
        let name = || format!("opening {} ({})", index + 1, opening.current().to_text());
        if !keys.insert(opening.current().hash()) {
            return Err(format!("{} repeats an earlier one", name()));
        }
        match score_opening(opening, settings.depth, settings.nodes, &tt) {
            Verdict::Decided => return Err(format!("{} is decided", name())),
            Verdict::Score(cp) if cp.unsigned_abs() > settings.window => {
                return Err(format!(
                    "{} scores {cp:+}, outside ±{} (remake the book when the search or \
                     evaluation changed)",
                    name(),
                    settings.window
                ));
            }
            Verdict::Score(cp) => widest = widest.max(cp.unsigned_abs()),
        }
    }
    Ok(VerifiedBook {
        settings,
        openings: openings.len(),
        widest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Duel;
    use crate::tools::book::generate;
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
            seed: 2,
            out: PathBuf::from("b.txt"),
        };
        let text = generate::<Duel>(&settings, &mut Vec::new()).text();
        let checked = verify::<Duel>(&text).unwrap();
        assert_eq!(checked.openings, 5);
        assert!(checked.widest <= 60);
        assert!(checked.widest > 0);
        let narrow = text.replace("window=60", "window=0");
        let err = verify::<Duel>(&narrow).unwrap_err();
        assert!(err.contains("outside ±0"), "{err}");
        let first = text.lines().find(|l| l.starts_with("startpos")).unwrap();
        let doubled = format!("{text}{first}\n");
        let err = verify::<Duel>(&doubled).unwrap_err();
        assert!(
            err.starts_with("opening 6 ") && err.ends_with("repeats an earlier one"),
            "{err}"
        );
        let err = verify::<crate::games::Dipole>(&text).unwrap_err();
        assert_eq!(err, "the book is of duel, not of dipole");
    }
}
