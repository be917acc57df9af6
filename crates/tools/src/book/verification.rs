//! The verification of a book: every kept opening re-scored by a much deeper search than the one
//! that chose it, and dropped when that search finds a forced result (a mate or win score) or, given
//! a verification window, a score outside it. A shallow search calls many lost openings level (a
//! forced loss a few moves past its horizon); the deeper one sees some of them. The openings keep
//! their order, so a book made with a verification equals the same book made without one and
//! re-verified.

use super::contents::Book;
use super::header::{BookScale, Verification};
use super::scoring::{Verdict, score_opening};
use duel_engine::search::TranspositionTable;
use duel_rules::game::GameRecord;
use duel_rules::games::HostedGame;
use std::io::Write;
use std::time::{Duration, Instant};

/// The verification search's table, in MiB, emptied before each opening: the deeper search needs
/// more room than the book's 1 MiB, and a fixed size keeps its result reproducible.
pub const VERIFY_TABLE_MB: usize = 16;

/// How often the progress line is written.
const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// What the verification makes of one opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Kept, with the deeper search's score for the side to move.
    Kept(i32),
    /// The deeper search finds a forced result.
    Decided,
    /// The deeper search's score (given) lies outside the verification window.
    Outside(i32),
}

/// Re-scores the opening `record` by the search of `verification`, in `tt` (emptied first), in
/// the book's `scale`.
pub fn check_opening<G: HostedGame>(
    record: &GameRecord<G>,
    verification: &Verification,
    scale: BookScale,
    tt: &TranspositionTable,
) -> Check {
    match score_opening(
        record,
        verification.depth,
        verification.nodes,
        verification.net,
        scale,
        tt,
    ) {
        Verdict::Decided => Check::Decided,
        Verdict::Score(cp) if verification.window.is_some_and(|w| cp.unsigned_abs() > w) => {
            Check::Outside(cp)
        }
        Verdict::Score(cp) => Check::Kept(cp),
    }
}

/// The book `book` verified by `verification`: every opening re-scored, the decided ones (and those
/// outside the verification window) dropped and counted in its rejections, the others given their
/// verification score. Replaces any earlier verification of `book` in its settings, while the
/// counts of openings dropped add to the earlier ones (they count every opening the verifications
/// removed from the book the search made). A progress line goes to `progress` every two seconds
/// and at the end.
pub fn verify_openings<G: HostedGame>(
    book: Book<G>,
    verification: Verification,
    progress: &mut dyn Write,
) -> Book<G> {
    let tt = TranspositionTable::new(VERIFY_TABLE_MB);
    let scale = book.settings.scale;
    let mut rejections = book.rejections;
    let total = book.lines.len();
    let mut lines = Vec::with_capacity(total);
    let started = Instant::now();
    let mut last_report = started;
    let report = |out: &mut dyn Write, done: usize, kept: usize| {
        let _ = writeln!(
            out,
            "verify: {done}/{total} re-scored, {kept} kept, {:.0} s",
            started.elapsed().as_secs_f64()
        );
    };
    for (done, mut line) in book.lines.into_iter().enumerate() {
        match check_opening(&line.record, &verification, scale, &tt) {
            Check::Kept(cp) => {
                line.verified = Some(cp);
                lines.push(line);
            }
            Check::Decided => rejections.verified_decided += 1,
            Check::Outside(_) => rejections.verified_unbalanced += 1,
        }
        if last_report.elapsed() >= PROGRESS_EVERY {
            last_report = Instant::now();
            report(progress, done + 1, lines.len());
        }
    }
    report(progress, total, lines.len());
    let mut settings = book.settings;
    settings.verification = Some(verification);
    Book {
        settings,
        lines,
        rejections,
    }
}
