//! A test's own folder in the temporary directory, removed when the test ends, also when it fails.
//! The unit tests of duel-tools use it as `crate::temp_dir::TempDir`; the integration tests include this same file
//! (`tests/common/mod.rs`).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A new empty folder under the system's temporary directory; dropping it (also while a failed test
/// unwinds) removes it with everything in it.
pub struct TempDir {
    path: PathBuf,
}

impl TempDir {
    /// A folder named `<prefix>-<process id>-<n>`, `n` counting the folders of this process, so that
    /// tests running at the same time never share one.
    pub fn new(prefix: &str) -> TempDir {
        static CREATED: AtomicUsize = AtomicUsize::new(0);
        let n = CREATED.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("{prefix}-{}-{n}", std::process::id()));
        // One left by an earlier process with the same id would hold its files.
        let _ = std::fs::remove_dir_all(&path);
        if let Err(e) = std::fs::create_dir_all(&path) {
            panic!("cannot create {}: {e}", path.display());
        }
        TempDir { path }
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The path of `name` in the folder (nothing is created).
    pub fn join(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        // Nothing more can be done about a failure here; the folder is in the temporary directory.
        let _ = std::fs::remove_dir_all(&self.path);
    }
}
