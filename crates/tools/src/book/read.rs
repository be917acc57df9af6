//! Reading a book file back into a [`Book`]: its settings from the `# book:` line, its rejected
//! candidates from the `# candidates:` line, each opening with the score its line records. What a
//! re-verification of an existing book starts from.

use super::contents::{Book, BookLine, Rejections};
use super::format_error::{BookFormatError, CANDIDATES_PREFIX};
use super::header::{BookSettings, Verification};
use crate::openings::load as load_openings;
use duel_rules::game::Game;

/// The book `text` of game `G`. A header that names no count (books made before it did) counts the
/// openings; one without a `# candidates:` line counts no rejections, and the scores and counts of a
/// verification the header does not name are not kept. Errors name what is wrong.
pub fn read_book<G: Game>(text: &str) -> Result<Book<G>, BookFormatError> {
    let mut settings = BookSettings::from_book_of(text, G::NAME)?;
    let records = load_openings::<G>(text)?;
    let mut scores = Vec::with_capacity(records.len());
    for (number, line) in text.lines().enumerate() {
        let (opening, comment) = line.split_once('#').unwrap_or((line, ""));
        if opening.trim().is_empty() {
            continue;
        }
        let mut words = comment.split_whitespace();
        let score = words.next().and_then(|w| w.parse::<i32>().ok());
        let verified = words.next().and_then(|w| w.parse::<i32>().ok());
        let score = score.ok_or(BookFormatError::NoScore { line: number + 1 })?;
        scores.push((score, verified));
    }
    if settings.count == 0 {
        settings.count = records.len();
    }
    let mut rejections = match text
        .lines()
        .find_map(|line| line.trim().strip_prefix(CANDIDATES_PREFIX))
    {
        Some(line) => read_rejections(line)?,
        None => Rejections::default(),
    };
    // Counts of a verification the settings do not name, or of a window it does not have, are
    // dropped as that verification's scores are: the book's text ([`Book::text`]) writes none.
    match settings.verification {
        None => {
            rejections.verified_decided = 0;
            rejections.verified_unbalanced = 0;
        }
        Some(Verification { window: None, .. }) => rejections.verified_unbalanced = 0,
        Some(_) => {}
    }
    let lines = records
        .into_iter()
        .zip(scores)
        .map(|(record, (score, verified))| BookLine {
            record,
            score,
            verified: settings.verification.and(verified),
        })
        .collect();
    Ok(Book {
        settings,
        lines,
        rejections,
    })
}

/// The counts of a `# candidates:` line: "N drawn, N repeated, N decided, N outside the window",
/// then, after a ';', the verification's "N decided by the verification, N outside its ±W".
fn read_rejections(line: &str) -> Result<Rejections, BookFormatError> {
    let mut rejections = Rejections::default();
    let (search, verification) = line.split_once(';').unwrap_or((line, ""));
    for (part, verified) in search
        .split(',')
        .map(|p| (p, false))
        .chain(verification.split(',').map(|p| (p, true)))
    {
        let mut words = part.split_whitespace();
        let (Some(number), Some(what)) = (words.next(), words.next()) else {
            continue;
        };
        // The verification's part starts "then N decided …".
        let (number, what) = match (number, verified) {
            ("then", true) => (what, words.next().unwrap_or("")),
            _ => (number, what),
        };
        let n: usize = number
            .parse()
            .map_err(|source| BookFormatError::BadCandidateCount {
                line: line.to_string(),
                number: number.to_string(),
                source,
            })?;
        let slot = match (what, verified) {
            ("drawn", false) => &mut rejections.candidates,
            ("repeated", false) => &mut rejections.repeated,
            ("decided", false) => &mut rejections.decided,
            ("outside", false) => &mut rejections.unbalanced,
            ("decided", true) => &mut rejections.verified_decided,
            ("outside", true) => &mut rejections.verified_unbalanced,
            _ => {
                return Err(BookFormatError::UnknownCandidateCount {
                    line: line.to_string(),
                    what: what.to_string(),
                });
            }
        };
        *slot = n;
    }
    Ok(rejections)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openings::OpeningsError;
    use duel_rules::games::{Dipole, Duel};

    #[test]
    fn the_candidates_line_reads_back() {
        let r = read_rejections(" 10 drawn, 1 repeated, 2 decided, 3 outside the window").unwrap();
        assert_eq!(
            (r.candidates, r.repeated, r.decided, r.unbalanced),
            (10, 1, 2, 3)
        );
        let r = read_rejections(
            " 10 drawn, 1 repeated, 2 decided, 3 outside the window; then 4 decided by the \
             verification, 5 outside its ±90",
        )
        .unwrap();
        assert_eq!((r.verified_decided, r.verified_unbalanced), (4, 5));
        let err = read_rejections(" x drawn").unwrap_err().to_string();
        assert!(err.contains("'x'"), "{err}");
        let err = read_rejections(" 3 eaten").unwrap_err().to_string();
        assert!(err.contains("unknown count 'eaten'"), "{err}");
    }

    /// Found by the fuzz target `book`: the counts of a verification the `# book:` line does not
    /// name (or of the window it does not have) were read, but the book written back dropped them.
    #[test]
    fn fuzz_book_counts_of_a_verification_not_named_are_not_kept() {
        let candidates = "# candidates: 9 drawn, 0 repeated, 1 decided, 2 outside the window; \
                          then 3 decided by the verification, 4 outside its ±100\n";
        let opening = "startpos moves D1-e6 E8-E7 # -1 +2\n";
        for (header, kept) in [
            ("variant=duel depth=2 window=30", (0, 0)),
            ("variant=duel depth=2 window=30 verify-depth=4", (3, 0)),
            (
                "variant=duel depth=2 window=30 verify-depth=4 verify-window=100",
                (3, 4),
            ),
        ] {
            let text = format!("# book: {header}\n{candidates}{opening}");
            let book = read_book::<Duel>(&text).unwrap();
            let r = book.rejections;
            assert_eq!(
                (r.verified_decided, r.verified_unbalanced),
                kept,
                "{header}"
            );
            assert_eq!(
                read_book::<Duel>(&book.text()).unwrap().rejections,
                r,
                "{header}"
            );
        }
    }

    #[test]
    fn refusals_are_typed() {
        let err = read_rejections(" x drawn").unwrap_err();
        assert!(matches!(
            &err,
            BookFormatError::BadCandidateCount { number, .. } if number == "x"
        ));
        assert_eq!(
            err.to_string(),
            "'# candidates: x drawn': 'x': invalid digit found in string"
        );
        assert!(matches!(
            read_rejections(" 3 eaten"),
            Err(BookFormatError::UnknownCandidateCount { what, .. }) if what == "eaten"
        ));
        let header = "# book: variant=duel depth=2 window=3\n";
        let err = read_book::<Duel>(&format!("{header}startpos # +5\nstartpos moves D1-e6\n"))
            .unwrap_err();
        assert!(
            matches!(err, BookFormatError::NoScore { line: 3 }),
            "{err:?}"
        );
        assert_eq!(
            err.to_string(),
            "book line 3: no score after '#' (a book's line ends '# <score>')"
        );
        let err = read_book::<Duel>(&format!("{header}startpos moves D1-D6 # +5\n")).unwrap_err();
        assert!(
            matches!(
                err,
                BookFormatError::Openings(OpeningsError::Line { number: 2, .. })
            ),
            "{err:?}"
        );
        assert!(err.to_string().starts_with("openings line 2: move 'D1-D6'"));
        assert!(matches!(
            read_book::<Dipole>(&format!("{header}startpos # +5\n")),
            Err(BookFormatError::OtherGame { .. })
        ));
    }
}
