//! The game kept as PGN: the log rewritten after every change, `save` and `load`.

use super::history::plies_text;
use super::{Session, shown};
use crate::play::{EngineLimit, log};
use duel_engine::engine::ENGINE_NAME;
use duel_rules::game::Side;
use duel_rules::games::HostedGame;
use duel_rules::record::game_end;
use duel_rules::record::pgn::{self, GameTags};
use std::path::Path;

impl<G: HostedGame> Session<G> {
    /// `save <file>`: the game written to a file of its own.
    pub(super) fn save(&mut self, path: &Path) {
        match log::save(path, &self.pgn()) {
            Ok(()) => {
                let plies = plies_text(self.record.moves().len());
                self.screen
                    .text(&format!("Saved the game ({plies}) to {}.", shown(path)));
            }
            Err(e) => self.screen.error(&e),
        }
    }

    /// `load <file>`: the last game of a PGN file replaces the game in progress.
    pub(super) fn load(&mut self, path: &Path) {
        let (game, count) = match log::load::<G>(path) {
            Ok(loaded) => loaded,
            Err(e) => return self.screen.error(&e),
        };
        let plies = plies_text(game.record.moves().len());
        self.replace_game(game.record, game.comments);
        let which = if count == 1 {
            String::new()
        } else {
            format!(" (the last of its {count} games)")
        };
        self.screen.text(&format!(
            "Loaded the game from {}{which}: {plies}.",
            shown(path)
        ));
        self.draw_board();
        self.settle();
    }

    /// Whether the game belongs in the log: something happened in it (a move, or a flag fell).
    pub(super) fn worth_logging(&self) -> bool {
        !self.record.moves().is_empty() || self.forfeit.is_some()
    }

    /// The log rewritten with the game as it stands (an empty game leaves no trace in it).
    pub(super) fn write_log(&mut self) {
        let Some(log) = &self.log else { return };
        let text = if self.worth_logging() {
            self.pgn()
        } else {
            String::new()
        };
        if let Err(e) = log.write(&text) {
            self.screen.error(&e);
        }
    }

    /// The game in progress as PGN, with the same writer as `duel match`.
    pub(super) fn pgn(&self) -> String {
        let end = self.end();
        let name = |side: Side| {
            if self.is_human(side) {
                "human".to_string()
            } else {
                ENGINE_NAME.to_string()
            }
        };
        let tags = GameTags {
            event: "duel play".to_string(),
            site: "duel play".to_string(),
            date: pgn::today(),
            round: "-".to_string(),
            white: name(Side::White),
            black: name(Side::Black),
            time_control: match self.limit {
                EngineLimit::Clock(tc) => tc.pgn(),
                _ => "-".to_string(),
            },
            ..GameTags::default()
        };
        game_end::write_pgn(tags, &self.record, &self.comments, end.as_ref(), |end| {
            self.end_text(end)
        })
    }
}
