//! `duel book`: the shipped books hold what their headers promise, the real binary makes the same
//! book from the same seed, and bad arguments are named.

use crate::common;

use common::temp_dir::TempDir;
use duel::for_each_game;
use duel::games::{Dipole, HostedGame, VARIANTS};
use duel::tools::book::{self, shipped};
use std::process::{Command, Output};

/// Runs `duel book` with `args`.
fn run_book(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_duel"))
        .arg("book")
        .args(args)
        .output()
        .expect("duel book runs")
}

/// The shipped book of `G` is balanced: every opening parses, is not decided, differs from the others
/// and scores within the window by the search its header names.
fn the_book_is_balanced<G: HostedGame>() {
    let text = G::BOOK.unwrap_or_else(|| panic!("{} has a shipped book", G::NAME));
    let checked = book::verify::<G>(text).unwrap_or_else(|e| panic!("books/{}.txt: {e}", G::NAME));
    assert!(checked.openings >= 100, "{}: {}", G::NAME, checked.openings);
    assert!(checked.widest <= checked.settings.window);
}

#[test]
fn every_hosted_game_ships_a_book() {
    assert!(VARIANTS.iter().all(|name| shipped(name).is_some()));
}

for_each_game!(the_book_is_balanced);

#[test]
fn the_same_seed_makes_the_same_book() {
    let dir = TempDir::new("duel-book-test");
    let make = |name: &str, seed: &str| {
        let path = dir.join(name);
        let out = path.display().to_string();
        let output = run_book(&[
            "--variant",
            "dipole",
            "--plies",
            "4",
            "--count",
            "6",
            "--depth",
            "2",
            "--window",
            "100",
            "--seed",
            seed,
            "--out",
            &out,
        ]);
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "{stderr}");
        assert!(stderr.contains("book: 6/6 kept of "), "{stderr}");
        // The command line in the header names the output file; the rest must match.
        let text = std::fs::read_to_string(&path).unwrap();
        text.replace(&out, "BOOK")
    };
    let first = make("a.txt", "3");
    assert_eq!(first, make("b.txt", "3"));
    assert_ne!(first, make("c.txt", "4"));
    let checked = book::verify::<Dipole>(&first).unwrap();
    assert_eq!((checked.openings, checked.settings.seed), (6, 3));
    assert!(first.contains(
        "# made by: duel book --variant dipole --plies 4 --count 6 --depth 2 --window 100 --seed 3 \
         --out BOOK\n"
    ));
}

#[test]
fn bad_arguments_are_named() {
    let dir = TempDir::new("duel-book-test");
    let out = dir.join("never.txt").display().to_string();
    let base = ["--plies", "4", "--count", "3", "--depth", "2"];
    let cases: [(&[&str], &str); 9] = [
        (&["--count", "0"], "--count must be at least 1"),
        (&["--plies", "0"], "--plies must be at least 1"),
        (&["--nodes", "0"], "--nodes must be at least 1"),
        (&["--depth", "0"], "--depth"),
        (&["--window=-5"], "--window"),
        (&["--count", "many"], "--count"),
        (&["--variant", "chess"], "chess"),
        (&["--seed", "x"], "--seed"),
        (&["--plies"], "--plies"),
    ];
    for (extra, named) in cases {
        let mut args = base.to_vec();
        // A repeated flag is refused by clap: the case's own value replaces the base one.
        for flag in extra
            .iter()
            .filter(|w| w.starts_with("--") && !w.contains('='))
        {
            if let Some(i) = args.iter().position(|w| w == flag) {
                args.drain(i..i + 2);
            }
        }
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--out", &out]);
        let output = run_book(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} was accepted");
        assert!(stderr.contains(named), "{args:?}: {stderr}");
        assert!(!dir.join("never.txt").exists(), "{args:?} wrote the book");
    }
    let output = run_book(&["--plies", "4", "--count", "3", "--out", &out]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("give --depth or --nodes"));
    let output = run_book(&["--plies", "4", "--count", "3", "--depth", "2"]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("--out"));
    let missing = dir.join("no/such/folder/book.txt").display().to_string();
    let output = run_book(&[
        "--plies", "4", "--count", "3", "--depth", "2", "--out", &missing,
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains("--out") && stderr.contains("cannot write"),
        "{stderr}"
    );
}
