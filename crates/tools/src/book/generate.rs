//! Making a book: seeded random openings, each new one scored, the balanced ones kept, with progress
//! on a writer (standard error for `duel book`).

use super::contents::{Book, BookLine, Rejections};
use super::header::BookSettings;
use super::scoring::{Verdict, score_opening};
use super::verification::verify_openings;
use crate::openings::random as random_opening;
use duel_engine::search::TranspositionTable;
use duel_rules::game::Rng;
use duel_rules::games::HostedGame;
use std::collections::HashSet;
use std::io::Write;
use std::time::{Duration, Instant};

/// Candidates tried per wanted position before the generator gives up: enough for a window that
/// keeps one candidate in a hundred, and a bound when the plies allow fewer distinct positions.
const CANDIDATES_PER_POSITION: usize = 100;

/// How often the progress line is written.
const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// Generates the book `settings` describes, writing a progress line to `progress` every two seconds
/// and a last one at the end. Stops early, with fewer positions, after
/// `CANDIDATES_PER_POSITION` candidates per wanted position. With a verification in `settings`,
/// the kept openings are then re-scored by it ([`verify_openings`]), so that the book equals the
/// unverified one re-verified.
pub fn generate<G: HostedGame>(settings: &BookSettings, progress: &mut dyn Write) -> Book<G> {
    let mut rng = Rng::new(settings.seed);
    let tt = TranspositionTable::new(1);
    let mut seen = HashSet::new();
    let mut lines = Vec::with_capacity(settings.count);
    let mut rejections = Rejections::default();
    let started = Instant::now();
    let mut last_report = started;
    let limit = settings.count.saturating_mul(CANDIDATES_PER_POSITION);
    while lines.len() < settings.count && rejections.candidates < limit {
        let record = random_opening::<G>(&mut rng, settings.plies);
        rejections.candidates += 1;
        if !seen.insert(record.current().hash()) {
            rejections.repeated += 1;
            continue;
        }
        let scale = settings.scale;
        match score_opening(&record, settings.depth, settings.nodes, false, scale, &tt) {
            Verdict::Decided => rejections.decided += 1,
            Verdict::Score(cp) if cp.unsigned_abs() > settings.window => rejections.unbalanced += 1,
            Verdict::Score(score) => lines.push(BookLine {
                record,
                score,
                verified: None,
            }),
        }
        if last_report.elapsed() >= PROGRESS_EVERY {
            last_report = Instant::now();
            report(progress, settings, lines.len(), &rejections, started);
        }
    }
    report(progress, settings, lines.len(), &rejections, started);
    let book = Book {
        settings: BookSettings {
            verification: None,
            ..settings.clone()
        },
        lines,
        rejections,
    };
    match settings.verification {
        Some(verification) => verify_openings(book, verification, progress),
        None => book,
    }
}

/// One progress line: positions kept of those wanted, candidates drawn and why the others went.
fn report(
    out: &mut dyn Write,
    settings: &BookSettings,
    kept: usize,
    r: &Rejections,
    started: Instant,
) {
    let _ = writeln!(
        out,
        "book: {kept}/{} kept of {} candidates ({} repeated, {} decided, {} outside ±{}), {:.0} s",
        settings.count,
        r.candidates,
        r.repeated,
        r.decided,
        r.unbalanced,
        settings.window,
        started.elapsed().as_secs_f64()
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::BookScale;
    use crate::openings::load as load_openings;
    use duel_rules::game::Game;
    use duel_rules::games::{Dipole, Duel};
    use std::path::PathBuf;

    fn settings(seed: u64) -> BookSettings {
        BookSettings {
            variant: "duel".into(),
            plies: 6,
            count: 8,
            depth: Some(2),
            nodes: None,
            window: 80,
            scale: BookScale::Common,
            seed,
            verification: None,
            out: PathBuf::from("book.txt"),
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_book() {
        let first = generate::<Duel>(&settings(4), &mut Vec::new()).text();
        let again = generate::<Duel>(&settings(4), &mut Vec::new()).text();
        let other = generate::<Duel>(&settings(5), &mut Vec::new()).text();
        assert_eq!(first, again);
        assert_ne!(first, other);
    }

    #[test]
    fn kept_openings_are_distinct_balanced_and_read_back() {
        let mut progress = Vec::new();
        let book = generate::<Duel>(&settings(4), &mut progress);
        assert_eq!(book.lines.len(), 8);
        let keys: HashSet<u64> = book
            .lines
            .iter()
            .map(|l| l.record.current().hash())
            .collect();
        assert_eq!(keys.len(), 8);
        for line in &book.lines {
            assert_eq!(line.record.moves().len(), 6);
            assert!(line.score.abs() <= 80, "{}", line.score);
        }
        let text = book.text();
        let openings = load_openings::<Duel>(&text).unwrap();
        assert_eq!(openings.len(), 8);
        for (opening, line) in openings.iter().zip(&book.lines) {
            assert_eq!(opening.moves(), line.record.moves());
        }
        let progress = String::from_utf8(progress).unwrap();
        assert!(progress.starts_with("book: 8/8 kept of "), "{progress}");
    }

    #[test]
    fn a_book_that_cannot_be_filled_stops() {
        // One Dipole ply from the start: fewer distinct positions than wanted.
        let settings = BookSettings {
            variant: "dipole".into(),
            plies: 1,
            count: 1000,
            ..settings(1)
        };
        let book = generate::<Dipole>(&settings, &mut Vec::new());
        assert!(book.lines.len() < 1000);
        assert_eq!(book.rejections.candidates, 1000 * CANDIDATES_PER_POSITION);
    }
}
