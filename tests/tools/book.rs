//! `duel book`: the shipped books hold what their headers promise, the real binary makes the same
//! book from the same seed, the verification drops decided openings and keeps level ones, and bad
//! arguments are named.

use crate::common;

use common::temp_dir::TempDir;
use duel_rules::for_each_game;
use duel_rules::games::{Dipole, HostedGame, VARIANTS};
use duel_tools::book::{self, BookScale, BookSettings, DeepCheck, Verification};
use duel_tools::openings::shipped;
use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs `duel book` with `args`.
fn run_book(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_duel"))
        .arg("book")
        .args(args)
        .output()
        .expect("duel book runs")
}

/// Of a shipped book, the verification re-checks the first opening in `cargo test` (one every
/// `openings`): the verification is a much deeper search than the book's (some Dipole openings take
/// seconds at depth 22), so the whole book's re-check is `duel book --variant V --check crates/rules/books/V.txt`,
/// outside the tests.
fn deep_sample(openings: usize) -> DeepCheck {
    DeepCheck::Every(openings)
}

/// The shipped book of `G` is balanced: every opening parses, is not decided, differs from the others
/// and scores within the window by the search its header names; the header names a verification
/// deeper than that search, and a sample of the openings passes it too.
fn the_book_is_balanced<G: HostedGame>() {
    let text = G::BOOK.unwrap_or_else(|| panic!("{} has a shipped book", G::NAME));
    let openings = text.lines().filter(|l| l.starts_with("startpos")).count();
    let checked = book::verify::<G>(text, deep_sample(openings))
        .unwrap_or_else(|e| panic!("crates/rules/books/{}.txt: {e}", G::NAME));
    assert!(checked.openings >= 100, "{}: {}", G::NAME, checked.openings);
    assert_eq!(checked.openings, openings);
    assert!(checked.widest <= checked.settings.window);
    let verification = checked.settings.verification.expect("a verified book");
    assert!(
        verification.depth > checked.settings.depth,
        "{verification:?}"
    );
    assert_eq!(checked.verified, 1);
}

/// The shipped book of `G` is exactly what `duel book` writes for the settings and openings it holds:
/// read back and written again, it is the same text.
fn the_book_file_is_as_written<G: HostedGame>() {
    let text = G::BOOK.unwrap();
    let mut read = book::read_book::<G>(text).unwrap();
    read.settings.out = PathBuf::from(format!("crates/rules/books/{}.txt", G::NAME));
    assert_eq!(read.text(), text);
}

for_each_game!(the_book_file_is_as_written);

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
    let checked = book::verify::<Dipole>(&first, DeepCheck::Skip).unwrap();
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

/// A Dipole opening a depth-8 search scores within ±100 but a depth-16 one finds a forced result in:
/// it was in the first shipped Dipole book. (±100 rather than the books' ±20: the tuned evaluation of
/// issue 30 scores it +79 at depth 8.)
const DECIDED: &str = "startpos moves e1-off:10 d8-off:10 e1-f2 d8-d6 f2-g3 d6-b4";

/// A Dipole opening neither search finds decided, within ±100 at depth 8.
const LEVEL: &str = "startpos moves e1-off:7 d8-off:7 e1-d2 d8-g5 e1-b4 g5-e3";

/// A book of those two openings, as `duel book` wrote them before it verified.
fn unverified_book() -> String {
    let settings = BookSettings {
        variant: "dipole".into(),
        plies: 6,
        count: 2,
        depth: Some(8),
        nodes: None,
        window: 100,
        // The scale the two openings' scores above are given in, whatever the win-rate model.
        scale: BookScale::Game,
        seed: 1,
        verification: None,
        out: PathBuf::from("in.txt"),
    };
    let mut text = settings.header(2);
    text.push_str("# candidates: 9 drawn, 1 repeated, 3 decided, 3 outside the window\n");
    for line in [DECIDED, LEVEL] {
        let opening = book::read_book::<Dipole>(&format!("{text}{line} # +0\n"))
            .unwrap()
            .lines
            .pop()
            .unwrap();
        let tt = duel_engine::search::TranspositionTable::new(1);
        let book::Verdict::Score(score) =
            book::score_opening(&opening.record, Some(8), None, false, BookScale::Game, &tt)
        else {
            panic!("{line} is decided at depth 8");
        };
        text.push_str(&format!("{line} # {score:+}\n"));
    }
    text
}

#[test]
fn the_verification_drops_a_decided_opening_and_keeps_a_level_one() {
    let dir = TempDir::new("duel-book-test");
    let input = dir.join("in.txt");
    std::fs::write(&input, unverified_book()).unwrap();
    let out = dir.join("out.txt");
    let (input_arg, out_arg) = (input.display().to_string(), out.display().to_string());
    let output = run_book(&[
        "--variant",
        "dipole",
        "--reverify",
        &input_arg,
        "--verify-depth",
        "16",
        "--out",
        &out_arg,
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr
            .contains("verification removed 1 openings (1 decided, 0 outside its window), kept 1"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let kept: Vec<&str> = text.lines().filter(|l| l.starts_with("startpos")).collect();
    assert_eq!(kept.len(), 1, "{text}");
    assert!(kept[0].starts_with(LEVEL), "{text}");
    assert!(text.contains(
        "# candidates: 9 drawn, 1 repeated, 3 decided, 3 outside the window; then 1 decided by the \
         verification\n"
    ));
    assert!(text.contains("verify-depth=16"), "{text}");
    assert!(
        text.contains(&format!(
            "# made by: duel book --variant dipole --plies 6 --count 2 --depth 8 --window 100 \
             --seed 1 --verify-depth 16 --out {out_arg}\n"
        )),
        "{text}"
    );
    // The header's verification reads back, and the kept opening passes it.
    let settings = BookSettings::from_book(&text).unwrap();
    let verification = Verification {
        depth: Some(16),
        nodes: None,
        window: None,
        net: false,
    };
    assert_eq!(settings.verification, Some(verification));
    let checked = book::verify::<Dipole>(&text, DeepCheck::Every(1)).unwrap();
    assert_eq!((checked.openings, checked.verified), (1, 1));
    let output = run_book(&["--variant", "dipole", "--check", &out_arg]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("1 openings"), "{stdout}");
    // A header that claims the verification for both openings fails the check, naming the first.
    let claimed = unverified_book().replace("seed=1", "seed=1 verify-depth=16");
    let err = book::verify::<Dipole>(&claimed, DeepCheck::Every(1)).unwrap_err();
    assert!(
        err.starts_with("opening 1 ") && err.contains("decided by the verification"),
        "{err}"
    );
    // Without the deep check the book passes: its search alone calls both openings level.
    assert!(book::verify::<Dipole>(&claimed, DeepCheck::Skip).is_ok());
    // A verification window narrower than the level opening's score drops it too.
    let level = book::read_book::<Dipole>(&text).unwrap().lines[0]
        .verified
        .unwrap();
    let narrow = Verification {
        window: Some(level.unsigned_abs().saturating_sub(1)),
        ..verification
    };
    let source = book::read_book::<Dipole>(&unverified_book()).unwrap();
    let narrowed = book::verify_openings(source, narrow, &mut Vec::new());
    let dropped = usize::from(level != 0);
    assert_eq!(narrowed.lines.len(), 1 - dropped);
    assert_eq!(
        (
            narrowed.rejections.verified_decided,
            narrowed.rejections.verified_unbalanced
        ),
        (1, dropped)
    );
}

#[test]
fn a_verification_with_the_net_scores_by_the_net_and_says_so() {
    let dir = TempDir::new("duel-book-test");
    // The shipped Dame book's header and first three openings.
    let shipped = include_str!("../../crates/rules/books/dame.txt");
    let header = shipped.lines().take_while(|l| l.starts_with('#'));
    let openings = shipped.lines().filter(|l| !l.starts_with('#')).take(3);
    let text: Vec<&str> = header.chain(openings).collect();
    let input = dir.join("in.txt");
    std::fs::write(&input, text.join("\n") + "\n").unwrap();
    let verify = |net: bool| {
        let out = dir.join(if net { "net.txt" } else { "hand.txt" });
        let (input_arg, out_arg) = (input.display().to_string(), out.display().to_string());
        let mut args = vec![
            "--variant",
            "dame",
            "--reverify",
            &input_arg,
            "--verify-depth",
            "8",
            "--out",
            &out_arg,
        ];
        if net {
            args.push("--verify-net");
        }
        let output = run_book(&args);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::read_to_string(&out).unwrap()
    };
    let (by_net, by_hand) = (verify(true), verify(false));
    assert!(
        by_net.contains("verify-depth=8 verify-eval=net"),
        "{by_net}"
    );
    assert!(
        by_net.contains("a depth-8 search with the net then found"),
        "{by_net}"
    );
    assert!(
        by_net.contains("--verify-depth 8 --verify-net --out"),
        "{by_net}"
    );
    assert!(!by_hand.contains("verify-eval") && !by_hand.contains("with the net"));
    let scores = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.rsplit(' ').next().unwrap().to_string())
            .collect()
    };
    assert_eq!(scores(&by_net).len(), 3);
    assert_ne!(
        scores(&by_net),
        scores(&by_hand),
        "the net scores otherwise"
    );
    // The header reads back: `--check` runs the net's verification again.
    let net_book = dir.join("net.txt").display().to_string();
    let check = run_book(&["--variant", "dame", "--check", &net_book]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
}

#[test]
fn a_verified_book_equals_the_book_verified_afterwards() {
    let settings = BookSettings {
        variant: "dipole".into(),
        plies: 5,
        count: 12,
        depth: Some(2),
        nodes: None,
        window: 60,
        scale: BookScale::Common,
        seed: 7,
        verification: Some(Verification {
            depth: Some(7),
            nodes: None,
            window: Some(90),
            net: false,
        }),
        out: PathBuf::from("b.txt"),
    };
    let made = book::generate::<Dipole>(&settings, &mut Vec::new());
    let plain = book::generate::<Dipole>(
        &BookSettings {
            verification: None,
            ..settings.clone()
        },
        &mut Vec::new(),
    );
    let r = &made.rejections;
    assert_eq!(
        made.lines.len() + r.verified_decided + r.verified_unbalanced,
        plain.lines.len()
    );
    // A book read back has no output path; `duel book --reverify` gives it --out's.
    let read = |text: &str| {
        let mut book = book::read_book::<Dipole>(text).unwrap();
        book.settings.out = settings.out.clone();
        book
    };
    let again = book::verify_openings(
        read(&plain.text()),
        settings.verification.unwrap(),
        &mut Vec::new(),
    );
    assert_eq!(again.text(), made.text());
    // Re-verifying a verified book by the same search keeps it as it is.
    let twice = book::verify_openings(
        read(&made.text()),
        settings.verification.unwrap(),
        &mut Vec::new(),
    );
    assert_eq!(twice.text(), made.text());
    assert_eq!(
        book::verify::<Dipole>(&made.text(), DeepCheck::Every(1))
            .unwrap()
            .verified,
        made.lines.len()
    );
}

#[test]
fn bad_verification_arguments_are_named() {
    let dir = TempDir::new("duel-book-test");
    let out = dir.join("never.txt").display().to_string();
    let input = dir.join("in.txt");
    std::fs::write(&input, unverified_book()).unwrap();
    let input = input.display().to_string();
    let missing = dir.join("none.txt").display().to_string();
    let make = [
        "--variant",
        "dipole",
        "--plies",
        "4",
        "--count",
        "3",
        "--depth",
        "4",
    ];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--verify-depth", "0"], "--verify-depth"),
        (vec!["--verify-depth", "x"], "--verify-depth"),
        (
            vec!["--verify-depth", "4"],
            "--verify-depth 4 must be deeper than the book's depth 4",
        ),
        (
            vec!["--verify-nodes", "0"],
            "--verify-nodes must be at least 1",
        ),
        (
            vec!["--verify-window", "90"],
            "--verify-window needs --verify-depth or --verify-nodes",
        ),
        (
            vec!["--verify-net"],
            "--verify-net needs --verify-depth or --verify-nodes",
        ),
        (
            vec!["--verify-depth", "6", "--verify-window", "10"],
            "--verify-window 10 must be at least the book's window 50",
        ),
    ];
    let reverify = ["--variant", "dipole", "--reverify"];
    let mut cases = cases
        .into_iter()
        .map(|(extra, named)| ([&make[..], &extra].concat(), named))
        .collect::<Vec<_>>();
    cases.extend([
        (
            [
                &reverify[..],
                &[&input, "--verify-depth", "6", "--plies", "4"],
            ]
            .concat(),
            "--reverify takes the book's settings from its header: drop --plies",
        ),
        (
            [&reverify[..], &[&input]].concat(),
            "--reverify needs --verify-depth or --verify-nodes",
        ),
        (
            [&reverify[..], &[&input, "--verify-depth", "8"]].concat(),
            "--verify-depth 8 must be deeper than the book's depth 8",
        ),
        (
            [&reverify[..], &[&missing, "--verify-depth", "9"]].concat(),
            "cannot read",
        ),
        (
            vec![
                "--variant",
                "duel",
                "--reverify",
                &input,
                "--verify-depth",
                "9",
            ],
            "the book is of dipole, not of duel",
        ),
        (
            vec!["--variant", "dipole", "--check", &input, "--depth", "3"],
            "--check takes the settings from the book's header: drop --depth",
        ),
    ]);
    for (mut args, named) in cases {
        let checking = args.contains(&"--check");
        if !checking {
            args.extend_from_slice(&["--out", &out]);
        }
        let output = run_book(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} was accepted");
        assert!(stderr.contains(named), "{args:?}: {stderr}");
        assert!(!dir.join("never.txt").exists(), "{args:?} wrote the book");
    }
}
