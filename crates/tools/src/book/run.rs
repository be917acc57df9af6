//! What `duel book` does with its task: make a book, re-verify one or check one, with progress and
//! the verification's count on standard error and the book written to its file.

use super::contents::Book;
use super::generate::generate;
use super::header::{BookSettings, Verification};
use super::read::read_book;
use super::task::{BookTask, deeper_than_the_book};
use super::verification::verify_openings;
use super::verify::{DeepCheck, verify};
use duel_rules::game::Game;
use duel_rules::games::HostedGame;
use std::fs::File;
use std::io::Write;
use std::path::Path;

/// `duel book` for game `G`: make, re-verify or check a book.
pub fn run<G: HostedGame>(task: &BookTask) -> Result<(), String> {
    match task {
        BookTask::Make(settings) => make_book::<G>(settings),
        BookTask::Reverify {
            book,
            verification,
            out,
        } => reverify_book::<G>(book, *verification, out),
        BookTask::Check(book) => check_book::<G>(book),
    }
}

/// `duel book` making a book: progress on standard error, the book to its file.
fn make_book<G: HostedGame>(settings: &BookSettings) -> Result<(), String> {
    // Fail on an unwritable path before the search time is spent.
    let file = create(&settings.out)?;
    let made = generate::<G>(settings, &mut std::io::stderr());
    let r = &made.rejections;
    let found = made.lines.len() + r.verified_decided + r.verified_unbalanced;
    if found < settings.count {
        eprintln!(
            "warning: only {found} of {} positions found after {} candidates; widen --window or \
             play more --plies",
            settings.count, r.candidates
        );
    }
    write_book(file, &made)
}

/// `duel book --reverify`: the book at `path` verified by `verification`, written to `out`.
fn reverify_book<G: HostedGame>(
    path: &Path,
    verification: Verification,
    out: &Path,
) -> Result<(), String> {
    let named = |e: String| format!("--reverify {}: {e}", path.display());
    let text = std::fs::read_to_string(path).map_err(|e| named(format!("cannot read: {e}")))?;
    let mut source = read_book::<G>(&text).map_err(|e| named(e.to_string()))?;
    source.settings.out = out.to_path_buf();
    let check = BookSettings {
        verification: Some(verification),
        ..source.settings.clone()
    };
    deeper_than_the_book(&check)?;
    // Fail on an unwritable path before the search time is spent (the text is read already, so
    // --out may name the book itself).
    let file = create(out)?;
    let made = verify_openings(source, verification, &mut std::io::stderr());
    write_book(file, &made)
}

/// The file `--out` names, created empty.
fn create(path: &Path) -> Result<File, String> {
    File::create(path).map_err(|e| format!("--out {}: cannot write: {e}", path.display()))
}

/// `made` written to `file`, created from its settings' `out`, and what became of its openings on
/// standard error.
fn write_book<G: HostedGame>(mut file: File, made: &Book<G>) -> Result<(), String> {
    let path = &made.settings.out;
    file.write_all(made.text().as_bytes())
        .map_err(|e| format!("--out {}: cannot write: {e}", path.display()))?;
    report_verification(made);
    eprintln!("wrote {} openings to {}", made.lines.len(), path.display());
    Ok(())
}

/// The openings the verification of `made` removed, on standard error.
fn report_verification<G: Game>(made: &Book<G>) {
    if made.settings.verification.is_some() {
        let r = &made.rejections;
        eprintln!(
            "verification removed {} openings ({} decided, {} outside its window), kept {}",
            r.verified_decided + r.verified_unbalanced,
            r.verified_decided,
            r.verified_unbalanced,
            made.lines.len()
        );
    }
}

/// `duel book --check`: the book at `path` against its header, every opening by both searches.
fn check_book<G: HostedGame>(path: &Path) -> Result<(), String> {
    let named = |e: String| format!("--check {}: {e}", path.display());
    let text = std::fs::read_to_string(path).map_err(|e| named(format!("cannot read: {e}")))?;
    let checked = verify::<G>(&text, DeepCheck::Every(1)).map_err(named)?;
    println!(
        "{}: {} openings, each within ±{} (widest {}), {} re-scored by the verification, all as \
         the header says",
        path.display(),
        checked.openings,
        checked.settings.window,
        checked.widest,
        checked.verified
    );
    Ok(())
}
