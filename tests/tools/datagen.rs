//! `duel datagen`: a game written and read back is the game played; kept positions are quiet; a run
//! cut short and resumed writes the same file as one whole run; shards split the games; a file of
//! another game, a cut file and bad arguments are refused by name.

use crate::common::temp_dir::TempDir;
use duel_engine::search::TranspositionTable;
use duel_rules::for_each_game;
use duel_rules::game::GameRecord;
use duel_rules::games::{Dame, Duel, HostedGame};
use duel_tools::datagen::format::{self, GameData, Header, MATE_SCORE};
use duel_tools::datagen::{self, DatagenSettings, selfplay};
use duel_tools::shard::Shard;
use std::path::Path;
use std::process::Command;

/// The settings of a small run into `out`.
fn settings(out: &Path, games: u64, shard: Shard) -> DatagenSettings {
    DatagenSettings {
        games,
        nodes: 400,
        random_plies: 2,
        seed: 7,
        use_net: true,
        shard,
        out: out.to_path_buf(),
        command: "test".to_string(),
    }
}

/// The games of a data file.
fn games_in<G: HostedGame>(path: &Path) -> Vec<GameData<G>> {
    format::read_games::<G>(&std::fs::read(path).unwrap())
        .unwrap()
        .1
}

/// A self-played game of `G` survives writing and reading; its kept positions are quiet and
/// undecided, and it ends as the rules end it (or at the longest game).
fn a_game_round_trips_and_keeps_quiet_positions<G: HostedGame>() {
    let book = duel_tools::openings::load::<G>(G::BOOK.unwrap()).unwrap();
    let tt = TranspositionTable::new(1);
    for index in 0..3 {
        let opening = selfplay::opening(&book, 1, index, 2);
        let game: GameData<G> = selfplay::play(opening, 300, true, &tt);
        let bytes = game.encode();
        let (read, length) = GameData::<G>::decode(&bytes).unwrap().unwrap();
        assert_eq!(length, bytes.len());
        assert_eq!(read.plies, game.plies, "{}: game {index}", G::NAME);
        assert_eq!(read.start.to_text(), game.start.to_text());
        assert_eq!(read.outcome, game.outcome);
        assert!(matches!(
            GameData::<G>::decode(&bytes[..bytes.len() - 1]),
            Ok(None)
        ));

        let mut record = GameRecord::new(game.start.clone());
        for ply in &game.plies {
            if ply.kept {
                let position = record.current();
                assert!(!position.in_check() && !position.is_tactical(ply.mv));
                assert!(ply.score.abs() < MATE_SCORE, "{}", ply.score);
            }
            record.play(ply.mv);
        }
        let ended = record.termination().map(|t| t.outcome());
        assert!(
            ended == Some(game.outcome) || game.plies.len() == selfplay::MAX_PLIES,
            "{}: {ended:?} {:?}",
            G::NAME,
            game.outcome
        );
        let kept = game.training_positions();
        assert_eq!(kept.len(), game.plies.iter().filter(|p| p.kept).count());
        for position in &kept {
            let expected = game.outcome.score_for(position.position.side_to_move()) as f32;
            assert_eq!(position.result, expected);
        }
    }
}

for_each_game!(a_game_round_trips_and_keeps_quiet_positions);

#[test]
fn a_run_cut_short_and_resumed_writes_the_same_file() {
    let dir = TempDir::new("duel-datagen");
    let whole = dir.path().join("whole.bin");
    datagen::run::<Duel>(
        &settings(&whole, 5, Shard::WHOLE),
        Duel::BOOK,
        &mut Vec::new(),
    )
    .unwrap();
    let bytes = std::fs::read(&whole).unwrap();
    assert_eq!(games_in::<Duel>(&whole).len(), 5);

    // The file of a run killed inside its fourth game.
    let games = games_in::<Duel>(&whole);
    let (header, mut at) = Header::decode(&bytes, format::FILE_KIND).unwrap();
    assert_eq!(header.game, "duel");
    assert_eq!(header.get("nodes"), Some("400"));
    assert_eq!(
        header.get("eval"),
        Some("net"),
        "Duel's searches use its net"
    );
    for game in &games[..3] {
        at += game.encode().len();
    }
    let cut = dir.path().join("cut.bin");
    std::fs::write(&cut, &bytes[..at + 7]).unwrap();
    let err = format::read_games::<Duel>(&std::fs::read(&cut).unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains("cut short inside game 4"), "{err}");

    let resumed = datagen::run::<Duel>(
        &settings(&cut, 5, Shard::WHOLE),
        Duel::BOOK,
        &mut Vec::new(),
    )
    .unwrap();
    assert_eq!((resumed.resumed, resumed.played), (3, 2));
    assert_eq!(std::fs::read(&cut).unwrap(), bytes);

    // Another run's settings are refused, naming the file's.
    let other = datagen::run::<Duel>(&settings(&cut, 6, Shard::WHOLE), None, &mut Vec::new());
    let err = other.unwrap_err();
    assert!(
        err.contains("other settings") && err.contains("games=5"),
        "{err}"
    );
}

#[test]
fn two_shards_play_the_games_of_the_whole_run() {
    let dir = TempDir::new("duel-datagen-shards");
    let run = |name: &str, shard| {
        let path = dir.path().join(name);
        datagen::run::<Dame>(&settings(&path, 4, shard), Dame::BOOK, &mut Vec::new()).unwrap();
        games_in::<Dame>(&path)
    };
    let whole = run("whole.bin", Shard::WHOLE);
    let even = run("even.bin", Shard::parse("0/2").unwrap());
    let odd = run("odd.bin", Shard::parse("1/2").unwrap());
    assert_eq!((even.len(), odd.len()), (2, 2));
    let bytes = |games: [&GameData<Dame>; 4]| games.map(GameData::encode);
    assert_eq!(
        bytes([&even[0], &odd[0], &even[1], &odd[1]]),
        bytes([&whole[0], &whole[1], &whole[2], &whole[3]])
    );
}

#[test]
fn files_that_are_not_this_game_s_data_are_refused_by_name() {
    let dir = TempDir::new("duel-datagen-bad");
    let path = dir.path().join("duel.bin");
    datagen::run::<Duel>(&settings(&path, 1, Shard::WHOLE), None, &mut Vec::new()).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let err = format::read_games::<Dame>(&bytes).unwrap_err().to_string();
    assert_eq!(err, "the data is of duel, not of dame");
    let err = format::read_games::<Duel>(b"PK\x03\x04 a zip file")
        .unwrap_err()
        .to_string();
    assert!(err.contains("DUELDATA"), "{err}");
    let mut newer = bytes.clone();
    newer[8] = 9;
    let err = format::read_games::<Duel>(&newer).unwrap_err().to_string();
    assert!(err.contains("version 9"), "{err}");
}

#[test]
fn the_binary_writes_a_header_with_its_command_and_names_bad_arguments() {
    let dir = TempDir::new("duel-datagen-cli");
    let out = dir.path().join("dipole.bin");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_duel"))
            .arg("datagen")
            .args(args)
            .output()
            .expect("duel datagen runs")
    };
    let made = run(&[
        "--variant",
        "dipole",
        "--games",
        "2",
        "--nodes",
        "300",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(made.status.success(), "{made:?}");
    let stderr = String::from_utf8_lossy(&made.stderr);
    assert!(stderr.contains("positions/s"), "{stderr}");
    let (header, _) = Header::decode(&std::fs::read(&out).unwrap(), format::FILE_KIND).unwrap();
    assert_eq!(header.game, "dipole");
    // Dipole's searches evaluate with its embedded net unless --hand-written says otherwise.
    assert_eq!(header.get("eval"), Some("net"));
    assert!(header.get("command").unwrap().contains("--games 2"));
    for (args, named) in [
        (&["--games", "0", "--out", "x.bin"][..], "--games"),
        (
            &["--games", "1", "--nodes", "0", "--out", "x.bin"][..],
            "--nodes",
        ),
        (
            &["--games", "1", "--shard", "2/2", "--out", "x.bin"][..],
            "--shard",
        ),
    ] {
        let refused = run(args);
        assert_eq!(refused.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(stderr.contains(named), "{args:?}: {stderr}");
    }
}
