//! The two dialects of the protocol, and the few places where they differ, for both ends of it: the
//! engine (which answers in the dialect chosen) and the tools that drive engine processes (`duel match`,
//! `duel gui`, which speak the dialect an engine's `proto=` names).
//!
//! UGI (the Universal Game Interface of cutegames) is UCI with other words: `ugi`/`ugiok`, `uginewgame`,
//! the `p1…`/`p2…` clock fields and `query`. Everything that is the same in both lives in the engine;
//! only what differs is here. The engine accepts every command of both dialects whichever is active:
//! the dialect chosen by `uci` or `ugi` only decides how the engine answers.

use duel_rules::game::{Outcome, Side};

/// UCI or UGI. For the engine, the dialect chosen by the last `uci` or `ugi` (UCI until then); for a
/// tool, the dialect an engine process speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// The Universal Chess Interface: `uci`, `ucinewgame`, `wtime`/`btime`.
    #[default]
    Uci,
    /// The Universal Game Interface: `ugi`, `uginewgame`, `p1time`/`p2time`.
    Ugi,
}

impl Dialect {
    /// The dialect's name, as `proto=` takes it; also the command that opens the handshake.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Ugi => "ugi",
        }
    }

    /// The dialect named `name` (`uci` or `ugi`, as `proto=` takes it).
    pub fn from_name(name: &str) -> Option<Dialect> {
        [Dialect::Uci, Dialect::Ugi]
            .into_iter()
            .find(|dialect| dialect.name() == name)
    }

    /// The line that ends the answer to `uci`/`ugi`.
    pub fn ok(self) -> &'static str {
        match self {
            Dialect::Uci => "uciok",
            Dialect::Ugi => "ugiok",
        }
    }

    /// The command that starts a new game.
    pub fn new_game(self) -> &'static str {
        match self {
            Dialect::Uci => "ucinewgame",
            Dialect::Ugi => "uginewgame",
        }
    }

    /// The `go` fields of the clocks: White's (the first player's) time, Black's time, White's
    /// increment, Black's increment.
    pub fn clock_fields(self) -> [&'static str; 4] {
        match self {
            Dialect::Uci => ["wtime", "btime", "winc", "binc"],
            Dialect::Ugi => ["p1time", "p2time", "p1inc", "p2inc"],
        }
    }

    /// The `bestmove` line. UGI's is exactly two tokens, so the ponder move is left out there.
    pub fn bestmove(self, best: Option<&str>, ponder: Option<&str>) -> String {
        let best = best.unwrap_or("(none)");
        match (self, ponder) {
            (Dialect::Uci, Some(ponder)) => format!("bestmove {best} ponder {ponder}"),
            _ => format!("bestmove {best}"),
        }
    }
}

/// UGI's word for a game result, `none` while the game goes on.
pub fn result_word(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "none",
        Some(Outcome::Win(Side::White)) => "p1win",
        Some(Outcome::Win(Side::Black)) => "p2win",
        Some(Outcome::Draw) => "draw",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ugi_bestmove_is_two_tokens() {
        assert_eq!(
            Dialect::Uci.bestmove(Some("D1-e6"), Some("D8-d2")),
            "bestmove D1-e6 ponder D8-d2"
        );
        assert_eq!(
            Dialect::Ugi.bestmove(Some("D1-e6"), Some("D8-d2")),
            "bestmove D1-e6"
        );
        assert_eq!(Dialect::Uci.bestmove(None, None), "bestmove (none)");
    }

    #[test]
    fn result_words() {
        assert_eq!(result_word(None), "none");
        assert_eq!(result_word(Some(Outcome::Win(Side::White))), "p1win");
        assert_eq!(result_word(Some(Outcome::Win(Side::Black))), "p2win");
        assert_eq!(result_word(Some(Outcome::Draw)), "draw");
    }
}
