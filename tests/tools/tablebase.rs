//! `duel tablebase` over the real binary: it builds every signature's file, a stopped run resumes
//! from the whole files and rebuilds the broken ones to the same bytes, `--verify` checks them, and
//! a game without databases is refused. (3 pieces: 4 take half a minute in a release build, too
//! long for the suite; the unit tests in `crates/tools/src/tablebase` check 3-piece values against their
//! moves and a search.)

use crate::common::temp_dir::TempDir;
use duel_engine::search::tablebase::{EndgameValue, Table, Tablebases};
use duel_rules::game::{EndgameIndex, Game};
use duel_rules::games::Dame;
use std::process::{Command, Output};

/// Runs `duel tablebase` with `args`.
fn run_tablebase(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_duel"))
        .arg("tablebase")
        .args(args)
        .output()
        .expect("duel tablebase runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn three_pieces_are_built_and_a_stopped_run_resumes() {
    let dir = TempDir::new("tablebase-resume");
    let out = dir.path().to_str().unwrap();
    let first = run_tablebase(&["--variant", "dame", "--pieces", "3", "--out", out]);
    assert!(first.status.success(), "{}", stderr(&first));
    let signatures = Dame::endgame_signatures(3);
    let log = stderr(&first);
    assert_eq!(
        log.lines().filter(|l| l.contains(" positions, ")).count(),
        16,
        "{log}"
    );
    assert!(log.contains("[ 16/16] MMvM: 21168 positions"), "{log}");
    let path = |name: &str| dir.path().join(format!("dame-{name}.tb"));
    let mut files = Vec::new();
    for &signature in &signatures {
        let name = Dame::signature_name(signature);
        let bytes = std::fs::read(path(&name)).unwrap();
        let table = Table::from_bytes(&bytes, "dame").unwrap();
        assert_eq!(table.signature_name, name);
        assert_eq!(table.positions, Dame::endgame_position_count(signature));
        files.push(bytes);
    }

    // A run stopped while writing KKvM leaves it short; MvM is gone.
    let kkvm = path("KKvM");
    std::fs::write(&kkvm, &files[8][..files[8].len() / 2]).unwrap();
    std::fs::remove_file(path("MvM")).unwrap();
    let again = run_tablebase(&["--variant", "dame", "--pieces", "3", "--out", out]);
    let log = stderr(&again);
    assert!(again.status.success(), "{log}");
    assert_eq!(
        log.lines().filter(|l| l.contains(": kept ")).count(),
        14,
        "{log}"
    );
    assert!(log.contains("KKvM: ") && log.contains("truncated"), "{log}");
    assert!(log.contains("building it again"), "{log}");
    for (&signature, bytes) in signatures.iter().zip(&files) {
        let name = Dame::signature_name(signature);
        assert_eq!(&std::fs::read(path(&name)).unwrap(), bytes, "{name}");
    }
}

#[test]
fn verify_checks_the_tables() {
    let dir = TempDir::new("tablebase-verify");
    let out = dir.path().to_str().unwrap();
    let run = run_tablebase(&[
        "--variant",
        "dame",
        "--pieces",
        "2",
        "--out",
        out,
        "--verify",
    ]);
    let log = stderr(&run);
    assert!(run.status.success(), "{log}");
    assert!(
        log.contains("verified: 7024 indices against their moves"),
        "{log}"
    );
    assert!(log.contains(" 0 beyond its horizon"), "{log}");
}

#[test]
fn verify_only_checks_the_named_signatures() {
    let dir = TempDir::new("tablebase-verify-only");
    let out = dir.path().to_str().unwrap();
    let run = run_tablebase(&[
        "--variant",
        "dame",
        "--pieces",
        "3",
        "--out",
        out,
        "--verify-only",
        "KvK,MMvM",
    ]);
    let log = stderr(&run);
    assert!(run.status.success(), "{log}");
    assert!(log.contains("[  1/2] KvK: verified"), "{log}");
    assert!(log.contains("[  2/2] MMvM: verified"), "{log}");
    assert_eq!(log.matches(": verified, ").count(), 2, "{log}");
    let count = |name: &str| Dame::endgame_position_count(Dame::signature_named(name, 3).unwrap());
    let indices = count("KvK") + count("MMvM");
    assert!(
        log.contains(&format!("verified: {indices} indices against their moves")),
        "{log}"
    );

    // A name that is no signature of up to 3 pieces is refused before anything is built.
    let empty = TempDir::new("tablebase-verify-only-refused");
    let refused = run_tablebase(&[
        "--variant",
        "dame",
        "--pieces",
        "3",
        "--out",
        empty.path().to_str().unwrap(),
        "--verify-only",
        "KvK,KKKvK",
    ]);
    assert_eq!(refused.status.code(), Some(1), "{}", stderr(&refused));
    assert!(
        stderr(&refused).contains("--verify-only: KKKvK is not a dame signature of up to 3 pieces"),
        "{}",
        stderr(&refused)
    );
    assert_eq!(std::fs::read_dir(empty.path()).unwrap().count(), 0);
}

#[test]
fn a_game_without_databases_is_refused() {
    let dir = TempDir::new("tablebase-refused");
    let out = dir.path().to_str().unwrap();
    let run = run_tablebase(&["--variant", "duel", "--pieces", "3", "--out", out]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        stderr(&run).contains("duel has no endgame databases"),
        "{}",
        stderr(&run)
    );
    let run = run_tablebase(&["--variant", "dame", "--pieces", "1", "--out", out]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
}

#[test]
fn a_folder_of_tables_is_probed_and_bad_files_are_named() {
    let dir = TempDir::new("tablebase-probe");
    let out = dir.path().to_str().unwrap();
    let run = run_tablebase(&["--variant", "dame", "--pieces", "2", "--out", out]);
    assert!(run.status.success(), "{}", stderr(&run));
    let kvk = std::fs::read(dir.path().join("dame-KvK.tb")).unwrap();
    // Another version, another game's table under a Dame name, a short file; another game's name
    // is not looked at.
    let mut other_version = kvk.clone();
    other_version[8] = 2;
    std::fs::write(dir.path().join("dame-KKvKK.tb"), other_version).unwrap();
    let alice = Table::encode("alice", "KvK", duel_rules::game::Signature(0x101), &[0; 10]);
    std::fs::write(dir.path().join("dame-KKvK.tb"), alice.to_bytes()).unwrap();
    std::fs::write(dir.path().join("dame-KvKK.tb"), &kvk[..40]).unwrap();
    std::fs::write(dir.path().join("alice-KvK.tb"), b"not looked at").unwrap();

    let (tables, refused) = Tablebases::load::<Dame>(dir.path()).unwrap();
    let mut refused: Vec<String> = refused.iter().map(ToString::to_string).collect();
    assert_eq!(tables.len(), 4);
    refused.sort();
    assert_eq!(refused.len(), 3, "{refused:?}");
    assert!(
        refused[0].ends_with("dame-KKvK.tb: a database of the game 'alice'"),
        "{refused:?}"
    );
    assert!(
        refused[1].ends_with("but this engine reads version 1"),
        "{refused:?}"
    );
    assert!(refused[2].ends_with("dame-KvKK.tb: truncated: the file ends before its contents"));

    let probe = |text: &str| tables.probe(&Dame::from_text(text).unwrap());
    assert_eq!(probe("7k/8/8/8/8/8/8/K7 w"), Some(EndgameValue::Loss(2)));
    // A capture due: resolved through it.
    assert_eq!(probe("8/8/8/8/8/2k5/8/K7 w"), Some(EndgameValue::Win(1)));
    // Three pieces: not loaded.
    assert_eq!(probe("7k/8/8/8/8/8/1K6/K7 w"), None);
    assert!(Tablebases::load::<Dame>(&dir.path().join("missing")).is_err());
}
