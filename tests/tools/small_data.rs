//! Small self-played datagen files, the input of the tools that read them (`duel train`,
//! `duel wdl`).

use duel_rules::games::HostedGame;
use duel_tools::datagen::{self, DatagenSettings};
use duel_tools::shard::Shard;
use std::path::{Path, PathBuf};

/// A datagen file in `dir` of `games` games of `G` at 300 nodes a move, each from one of the
/// game's book openings and four random plies, drawn by `seed`.
pub fn generated<G: HostedGame>(dir: &Path, games: u64, seed: u64) -> PathBuf {
    let out = dir.join(format!("{}-{seed}.data", G::NAME));
    let settings = DatagenSettings {
        games,
        nodes: 300,
        random_plies: 4,
        seed,
        use_net: true,
        shard: Shard::WHOLE,
        out: out.clone(),
        command: "test".to_string(),
    };
    datagen::run::<G>(&settings, G::BOOK, &mut std::io::sink()).unwrap();
    out
}
