//! `duel annotate`: every game of a PGN file reviewed by the engine, as lichess reviews a game. Each
//! position is searched once; the search before a move gives the mover's expected result and the
//! best line, the search after it what the move kept. A move that gave away 5, 10 or 15 points of
//! the expected result is an inaccuracy, a mistake or a blunder (lichess's thresholds), marked with
//! the engine's better line as a variation; each side gets lichess's accuracy. Those numbers are
//! [`duel_rules::record::review`]'s, which the page's review can share. The annotated games go to a
//! PGN file, a summary a game to standard output, the progress and the games skipped to standard
//! error (docs/annotate.md).
//!
//! The file may hold games of every hosted game, each read by the rules its Variant tag names; a
//! game that does not read is skipped and named, the others are reviewed. The work: the file cut
//! into games (`input`), each checked (`game`), the good ones reviewed side by side (`pool`), each
//! by searching its positions (`review`) and written with its marks (`writer`) and its numbers
//! (`summary`), the progress shown as it goes (`progress`, on the crate's
//! [`ProgressLine`](crate::progress::ProgressLine)).

mod cli;
mod game;
mod input;
mod pool;
mod progress;
mod review;
mod summary;
mod writer;

pub use cli::AnnotateArgs;
pub use review::SearchLimits;

use game::{Annotated, Checked, Reviewer};
use input::GameText;
use pool::{Collector, Job};
use progress::Progress;
use std::fs::File;
use std::io::{BufWriter, Stderr, Write};
use std::path::PathBuf;

/// What `duel annotate` does, checked.
#[derive(Clone, Debug)]
pub struct AnnotateSettings {
    /// The PGN file read.
    pub input: PathBuf,
    /// Its text.
    pub text: String,
    /// The limits of each position's search.
    pub limits: SearchLimits,
    /// The file the annotated games are written to.
    pub out: PathBuf,
    /// Games reviewed at once.
    pub concurrency: usize,
    /// The only game whose games are reviewed, if one is named (lower case, as
    /// [`VARIANTS`](duel_rules::games::VARIANTS) has it).
    pub variant: Option<String>,
    /// The Annotator tag written into each game.
    pub annotator: String,
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AnnotateReport {
    /// Games reviewed and written.
    pub reviewed: usize,
    /// Games skipped.
    pub skipped: usize,
}

/// Reviews every game of the file, writing the annotated games to `settings.out`, a summary a game
/// to `summaries`, the progress and the games skipped (by number, with the reason) to standard
/// error. Fails where the file holds no game, `--out` cannot be written, or no game was reviewed.
pub fn run(
    settings: &AnnotateSettings,
    summaries: &mut dyn Write,
) -> Result<AnnotateReport, String> {
    let games = input::games(&settings.text);
    if games.is_empty() {
        return Err(format!("{}: holds no PGN game", settings.input.display()));
    }
    let checked: Vec<(&GameText, Result<Checked, String>)> = games
        .iter()
        .map(|game| (game, game::check(game, settings.variant.as_deref())))
        .collect();
    let jobs: Vec<Job<'_>> = checked
        .iter()
        .filter_map(|(game, checked)| {
            let checked = *checked.as_ref().ok()?;
            Some(Job { game, checked })
        })
        .collect();
    let positions = jobs.iter().map(|job| job.checked.plies as u64 + 1).sum();
    let mut written = Written {
        out: BufWriter::new(create(settings)?),
        summaries,
        progress: Progress::on_stderr(jobs.len(), positions),
        report: AnnotateReport::default(),
        failure: None,
        settings,
    };
    for (game, checked) in &checked {
        if let Err(reason) = checked {
            written.skip(game.number, reason);
        }
    }
    let reviewer = Reviewer {
        limits: &settings.limits,
        annotator: &settings.annotator,
    };
    pool::review_all(&jobs, &reviewer, settings.concurrency, &mut written);
    written.finish()
}

/// The file `--out` names, created empty before any search time is spent.
fn create(settings: &AnnotateSettings) -> Result<File, String> {
    File::create(&settings.out)
        .map_err(|e| format!("--out {}: cannot write: {e}", settings.out.display()))
}

/// Where the reviewed games go, in the file's order: the PGN file, the summaries, the progress.
struct Written<'a> {
    out: BufWriter<File>,
    summaries: &'a mut dyn Write,
    progress: Progress<Stderr>,
    report: AnnotateReport,
    /// The first error writing the PGN file: the run fails with it.
    failure: Option<String>,
    settings: &'a AnnotateSettings,
}

impl Written<'_> {
    /// Game `number` skipped for `reason`, said on standard error.
    fn skip(&mut self, number: usize, reason: &str) {
        self.report.skipped += 1;
        self.progress
            .warn(&format!("warning: game {number} skipped: {reason}"));
    }

    /// The run's end: the file flushed, the count on standard error.
    fn finish(mut self) -> Result<AnnotateReport, String> {
        self.progress.end();
        if let Err(e) = self.out.flush() {
            self.failure.get_or_insert(e.to_string());
        }
        let out = self.settings.out.display();
        if let Some(e) = self.failure {
            return Err(format!("--out {out}: cannot write: {e}"));
        }
        let AnnotateReport { reviewed, skipped } = self.report;
        if reviewed == 0 {
            // Nothing was written: no empty file is left behind.
            drop(self.out);
            let _ = std::fs::remove_file(&self.settings.out);
            return Err(format!(
                "no game reviewed: {skipped} skipped (see the warnings above)"
            ));
        }
        eprintln!("annotate: {reviewed} games reviewed, {skipped} skipped; written to {out}");
        Ok(self.report)
    }
}

impl Collector for Written<'_> {
    fn position(&mut self) {
        self.progress.position();
    }

    fn game(&mut self, job: Job<'_>, result: Result<Annotated, String>) {
        let expected = job.checked.plies as u64 + 1;
        match result {
            Ok(annotated) => {
                self.report.reviewed += 1;
                if let Err(e) = self.out.write_all(annotated.pgn.as_bytes()) {
                    self.failure.get_or_insert(e.to_string());
                }
                let _ = writeln!(self.summaries, "{}", annotated.summary);
                self.progress
                    .game(expected.saturating_sub(annotated.positions as u64));
            }
            Err(reason) => {
                self.skip(job.game.number, &reason);
                self.progress.game(expected);
            }
        }
    }
}
