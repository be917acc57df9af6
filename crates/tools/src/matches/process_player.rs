//! An engine process as a match player: the position and `go` sent over the protocol (or its UGI
//! dialect), with a timeout on every answer. A process that fails is killed and started afresh for
//! the next game.

use super::player::{GoRequest, Player, Reply};
use crate::engine_process::{EngineCommand, EngineProcess, HandshakeError, WaitError};
use duel_engine::search::Score;
use duel_rules::game::{Game, GameRecord, Wdl};
use duel_rules::record::game_end::Fault;
use std::time::{Duration, Instant};

/// An engine process as a player.
pub struct ProcessPlayer {
    command: EngineCommand,
    /// How long an engine may stay silent past its time (and during handshakes).
    timeout: Duration,
    /// Time allowed beyond the clock before a late move forfeits.
    margin: Duration,
    running: Option<EngineProcess>,
}

impl ProcessPlayer {
    /// A player that starts `command` when first needed.
    pub fn new(command: EngineCommand, timeout: Duration, margin: Duration) -> ProcessPlayer {
        ProcessPlayer {
            command,
            timeout,
            margin,
            running: None,
        }
    }

    fn start(&mut self, variant: &str) -> Result<(), Fault> {
        let mut process = EngineProcess::spawn(&self.command)
            .map_err(|e| Fault::Crashed(format!("cannot start '{}': {e}", self.command.program)))?;
        let ok = self.command.dialect.ok();
        match process.handshake(&self.command, variant, self.timeout, |_| {}) {
            Ok(()) => {
                self.running = Some(process);
                Ok(())
            }
            Err(e) => {
                process.kill();
                Err(match e {
                    HandshakeError::Wait(WaitError::Silent(_)) => Fault::Handshake(ok.to_string()),
                    HandshakeError::Wait(WaitError::Exited(status)) => {
                        Fault::Crashed(format!("exited ({status})"))
                    }
                    HandshakeError::Write(e) => {
                        Fault::Crashed(format!("cannot write to the engine: {e}"))
                    }
                })
            }
        }
    }

    fn handshake_fault(&mut self, fault: Fault, what: &str) -> Fault {
        self.kill();
        match fault {
            Fault::Silent(_) => Fault::Handshake(what.to_string()),
            other => other,
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        let Some(running) = self.running.as_mut() else {
            return Err(Fault::Crashed("not running".to_string()));
        };
        running.send(line).map_err(|e| {
            self.kill();
            Fault::Crashed(format!("cannot write to the engine: {e}"))
        })
    }

    /// Reads lines until one starts with `token`, calling `seen` on each line before it. Fails with
    /// `Silent` after `limit` and with `Crashed` when the engine's output ends.
    fn wait_for(
        &mut self,
        token: &str,
        limit: Duration,
        seen: impl FnMut(&str),
    ) -> Result<String, Fault> {
        let Some(running) = self.running.as_mut() else {
            return Err(Fault::Crashed("not running".to_string()));
        };
        running.wait_for(token, limit, seen).map_err(|e| match e {
            WaitError::Silent(waited) => Fault::Silent(waited),
            WaitError::Exited(status) => {
                self.running = None;
                Fault::Crashed(format!("exited ({status})"))
            }
        })
    }

    fn kill(&mut self) {
        if let Some(mut running) = self.running.take() {
            running.kill();
        }
    }

    /// The `go` command for the side to move.
    fn go_command(&self, go: &GoRequest) -> String {
        let mut parts = vec!["go".to_string()];
        if let Some(clocks) = &go.clocks {
            let ms = |d: Duration| d.as_millis().to_string();
            let names = self.command.dialect.clock_fields();
            let values = [
                clocks.remaining[0],
                clocks.remaining[1],
                clocks.increment[0],
                clocks.increment[1],
            ];
            for (name, value) in names.iter().zip(values) {
                parts.push(format!("{name} {}", ms(value)));
            }
            if let Some(m) = clocks.moves_to_go {
                parts.push(format!("movestogo {m}"));
            }
        }
        if let Some(t) = go.movetime {
            parts.push(format!("movetime {}", t.as_millis()));
        }
        if let Some(d) = go.depth {
            parts.push(format!("depth {d}"));
        }
        if let Some(n) = go.nodes {
            parts.push(format!("nodes {n}"));
        }
        parts.join(" ")
    }
}

/// The `position` command for the current position of `record`.
fn position_command<G: Game>(record: &GameRecord<G>) -> String {
    let mut command = format!("position fen {}", record.start().to_text());
    if !record.moves().is_empty() {
        command.push_str(" moves");
        for (pos, &mv) in record.positions().iter().zip(record.moves()) {
            command.push(' ');
            command.push_str(&pos.format_move(mv));
        }
    }
    command
}

/// Reads what an `info` line says into `said`: the depth, and the score with the chances given
/// beside it (`wdl`, after any bound word). The two go together: a score without chances clears
/// older ones, so that they never belong to another score. Words after `string` are free text.
fn read_info(line: &str, said: &mut Reply) {
    let words: Vec<&str> = line
        .split_whitespace()
        .take_while(|word| *word != "string")
        .collect();
    if words.first() != Some(&"info") {
        return;
    }
    let (mut score, mut wdl) = (None, None);
    for (i, pair) in words.windows(2).enumerate() {
        let after_score = i > 0 && words[i - 1] == "score";
        match pair[0] {
            "depth" => said.depth = pair[1].parse().ok().or(said.depth),
            "cp" if after_score => score = pair[1].parse().ok().map(Score::Centipawns),
            "mate" if after_score => score = pair[1].parse().ok().map(Score::Mate),
            "wdl" => wdl = Wdl::from_words(&words[i + 1..]),
            _ => {}
        }
    }
    if score.is_some() {
        (said.score, said.wdl) = (score, wdl);
    }
}

impl<G: Game> Player<G> for ProcessPlayer {
    fn new_game(&mut self) -> Result<(), Fault> {
        if self.running.is_none() {
            self.start(G::NAME)?;
        }
        self.send(self.command.dialect.new_game())?;
        self.send("isready")?;
        self.wait_for("readyok", self.timeout, |_| {})
            .map(|_| ())
            .map_err(|fault| self.handshake_fault(fault, "readyok"))
    }

    fn choose(&mut self, record: &GameRecord<G>, go: &GoRequest) -> Result<Reply, Fault> {
        self.send(&position_command(record))?;
        self.send(&self.go_command(go))?;
        let side = record.side_to_move();
        let own_time = go.clocks.map(|c| c.remaining[side.index()] + self.margin);
        let budget = own_time
            .or(go.movetime.map(|t| t + self.margin))
            .unwrap_or_default();
        let mut said = Reply::default();
        let line = self
            .wait_for("bestmove", budget + self.timeout, |line| {
                read_info(line, &mut said)
            })
            .inspect_err(|_| self.kill())?;
        let text = line.split_whitespace().nth(1).unwrap_or("").to_string();
        Ok(Reply { text, ..said })
    }

    fn shut_down(&mut self) {
        if self.running.is_some() && self.send("quit").is_ok() {
            let deadline = Instant::now() + Duration::from_millis(500);
            while let Some(running) = self.running.as_mut() {
                if !matches!(running.try_wait(), Ok(None)) || Instant::now() > deadline {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        self.kill();
    }
}

impl Drop for ProcessPlayer {
    fn drop(&mut self) {
        self.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(lines: &[&str]) -> (Option<Score>, Option<u32>, Option<Wdl>) {
        let mut said = Reply::default();
        for line in lines {
            read_info(line, &mut said);
        }
        (said.score, said.depth, said.wdl)
    }

    const CHANCES: Wdl = Wdl {
        win: 412,
        draw: 301,
        loss: 287,
    };

    #[test]
    fn info_lines_give_score_and_depth() {
        let first = "info depth 7 seldepth 9 score cp -35 nodes 100 pv D1-e6";
        assert_eq!(
            said(&[first]),
            (Some(Score::Centipawns(-35)), Some(7), None)
        );
        let later = [first, "info depth 9 score mate 3 upperbound"];
        assert_eq!(said(&later), (Some(Score::Mate(3)), Some(9), None));
        let talk = [first, "info string depth 12 score cp 50 wdl 412 301 287"];
        assert_eq!(said(&talk), (Some(Score::Centipawns(-35)), Some(7), None));
    }

    #[test]
    fn info_lines_give_the_chances_beside_the_score() {
        let cp = Some(Score::Centipawns(35));
        let plain = "info depth 9 seldepth 12 score cp 35 wdl 412 301 287 nodes 4000 pv D1-e6";
        assert_eq!(said(&[plain]), (cp, Some(9), Some(CHANCES)));
        for bound in ["lowerbound", "upperbound"] {
            let line = format!("info depth 9 score cp 35 {bound} wdl 412 301 287 nodes 4000");
            assert_eq!(said(&[&line]), (cp, Some(9), Some(CHANCES)), "{line}");
        }
        // A line without a score leaves them; a score without them, or with a malformed triple,
        // clears them.
        let currmove = "info depth 10 currmove D1-e6 currmovenumber 1";
        assert_eq!(said(&[plain, currmove]), (cp, Some(10), Some(CHANCES)));
        let bare = "info depth 10 score cp 20 nodes 5000";
        let twenty = Some(Score::Centipawns(20));
        assert_eq!(said(&[plain, bare]), (twenty, Some(10), None));
        let malformed = "info depth 10 score cp 20 wdl 412 301 nodes 5000";
        assert_eq!(said(&[plain, malformed]), (twenty, Some(10), None));
    }
}
