//! What `duel book` is asked to do, once its command line is checked, and the check every task's
//! verification must pass.

use super::header::{BookSettings, Verification};
use std::path::PathBuf;

/// What `duel book` is asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookTask {
    /// Make a book (and verify it when the settings name a verification).
    Make(BookSettings),
    /// Re-verify the book at `book` and write what it keeps to `out`.
    Reverify {
        /// The book to read.
        book: PathBuf,
        /// The verification to apply.
        verification: Verification,
        /// The book to write.
        out: PathBuf,
    },
    /// Check the book at this path against its header.
    Check(PathBuf),
}

/// Refuses a verification no deeper than the book's own search (by depth, or by nodes when both
/// name a budget): it would find nothing the book's search did not.
pub fn deeper_than_the_book(settings: &BookSettings) -> Result<(), String> {
    let Some(v) = &settings.verification else {
        return Ok(());
    };
    if let (Some(book), Some(verify)) = (settings.depth, v.depth)
        && verify <= book
    {
        return Err(format!(
            "--verify-depth {verify} must be deeper than the book's depth {book}"
        ));
    }
    if let (Some(book), Some(verify)) = (settings.nodes, v.nodes)
        && verify <= book
    {
        return Err(format!(
            "--verify-nodes {verify} must be more than the book's {book} nodes"
        ));
    }
    if let Some(window) = v.window
        && window < settings.window
    {
        return Err(format!(
            "--verify-window {window} must be at least the book's window {}",
            settings.window
        ));
    }
    Ok(())
}
