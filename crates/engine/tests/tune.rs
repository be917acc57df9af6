//! The tuning build's options (`cargo test -p duel-engine --features tune --test tune`): one spin
//! option per search parameter after the standard ones, and a parameter set by `setoption` changes
//! the next search, and setting it back restores it exactly.
#![cfg(feature = "tune")]

use duel_engine::protocol::options_markdown;
use duel_engine::protocol::{Capture, Session};
use duel_rules::game::SearchProfile;
use duel_rules::games::Duel;

/// A session of Duel over the sliced protocol (no threads), and what it printed.
fn session() -> (Session, Capture) {
    let capture = Capture::default();
    (Session::new::<Duel>(capture.clone()), capture)
}

/// Everything the session printed so far, as lines.
fn lines(capture: &Capture) -> Vec<String> {
    capture.with_bytes(|bytes| {
        String::from_utf8_lossy(bytes)
            .lines()
            .map(str::to_string)
            .collect()
    })
}

/// The nodes of a fresh `go depth 7` from Duel's start (an empty table each time), as the last
/// `info depth` line reports them.
fn nodes(session: &mut Session, capture: &Capture) -> u64 {
    session.input("ucinewgame");
    session.input("position startpos");
    session.input("go depth 7");
    while session.step(u64::MAX) {}
    let lines = lines(capture);
    let last = lines
        .iter()
        .rfind(|line| line.starts_with("info depth "))
        .expect("an info line");
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "nodes").expect("nodes");
    words[at + 1].parse().expect("a count")
}

#[test]
fn a_parameter_set_changes_the_search_and_set_back_restores_it() {
    let (mut session, capture) = session();
    let default = nodes(&mut session, &capture);
    assert_eq!(nodes(&mut session, &capture), default, "deterministic");
    session.input("setoption name rfp_margin value 300");
    let wider = nodes(&mut session, &capture);
    assert_ne!(
        wider, default,
        "a wider reverse futility margin prunes less"
    );
    session.input("setoption name rfp_margin value 80");
    assert_eq!(nodes(&mut session, &capture), default);
    // Duel tests for the singular extension from depth 8 on, deeper than this search: from 4, it
    // changes the search, and switched off it is gone.
    session.input("setoption name se_depth value 4");
    let singular = nodes(&mut session, &capture);
    assert_ne!(singular, default);
    session.input("setoption name singular_extension value 0");
    assert_ne!(nodes(&mut session, &capture), singular, "switched off");
}

#[test]
fn a_value_out_of_range_is_refused_and_changes_nothing() {
    let (mut session, capture) = session();
    let default = nodes(&mut session, &capture);
    session.input("setoption name nmp_divisor value 0");
    assert!(
        lines(&capture)
            .iter()
            .any(|line| line.contains("option 'nmp_divisor' must be from 1 to 16, found 0")),
        "{:?}",
        lines(&capture)
    );
    assert_eq!(nodes(&mut session, &capture), default);
}

#[test]
fn every_parameter_is_a_spin_option_after_the_standard_ones() {
    let (mut session, capture) = session();
    session.input("uci");
    let options: Vec<String> = lines(&capture)
        .into_iter()
        .filter(|line| line.starts_with("option name "))
        .collect();
    let standard = options_markdown().lines().count() - 2;
    assert_eq!(options.len(), standard + SearchProfile::PARAMETERS.len());
    assert_eq!(
        options[standard],
        "option name aspiration_depth type spin default 4 min 1 max 16"
    );
    for line in [
        "option name rfp_margin type spin default 80 min 5 max 500",
        // Duel's own value, not the profile's default (0): Duel searches with the extension.
        "option name singular_extension type spin default 1 min 0 max 1",
    ] {
        assert!(options.iter().any(|option| option == line), "{line}");
    }
    assert!(
        !options_markdown().contains("rfp_margin"),
        "docs/engine.md's table is the standard options'"
    );
}
