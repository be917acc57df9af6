//! `--open`: the page in the default browser, through the desktop's own opener. Failing to open it
//! is not an error: the URL is printed anyway.

use std::process::{Command, Stdio};

/// The program that opens a URL in the default browser on this system.
fn opener() -> &'static str {
    if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    }
}

/// Opens `url` in the default browser; says on standard error when that cannot be done.
pub fn open(url: &str) {
    let program = opener();
    let started = Command::new(program)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    match started {
        // The opener returns at once or stays as the browser's parent; either way it is not waited
        // for here, and a failure shows as no browser, with the URL printed above.
        Ok(child) => drop(child),
        Err(e) => {
            eprintln!("warning: cannot open a browser with {program} ({e}); open the URL yourself")
        }
    }
}
