//! An engine process as a match player: the position and `go` sent over the protocol (or its UGI
//! dialect), with a timeout on every answer. A process that fails is killed and started afresh for
//! the next game.

use super::player::{GoRequest, Player, Reply};
use crate::engine_process::{EngineCommand, EngineProcess, HandshakeError, WaitError};
use duel_engine::search::Score;
use duel_rules::game::{Game, GameRecord};
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

/// Reads the score and depth of an `info` line into `score` and `depth`.
fn read_info(line: &str, score: &mut Option<Score>, depth: &mut Option<u32>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") {
        return;
    }
    for (i, pair) in words.windows(2).enumerate() {
        match pair[0] {
            "depth" => *depth = pair[1].parse().ok().or(*depth),
            "cp" if i > 0 && words[i - 1] == "score" => {
                *score = pair[1].parse().ok().map(Score::Centipawns).or(*score)
            }
            "mate" if i > 0 && words[i - 1] == "score" => {
                *score = pair[1].parse().ok().map(Score::Mate).or(*score)
            }
            _ => {}
        }
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
        let (mut score, mut depth) = (None, None);
        let line = self
            .wait_for("bestmove", budget + self.timeout, |line| {
                read_info(line, &mut score, &mut depth)
            })
            .inspect_err(|_| self.kill())?;
        let text = line.split_whitespace().nth(1).unwrap_or("").to_string();
        Ok(Reply { text, score, depth })
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

    #[test]
    fn info_lines_give_score_and_depth() {
        let (mut score, mut depth) = (None, None);
        read_info(
            "info depth 7 seldepth 9 score cp -35 nodes 100 pv D1-e6",
            &mut score,
            &mut depth,
        );
        assert_eq!((score, depth), (Some(Score::Centipawns(-35)), Some(7)));
        read_info(
            "info depth 9 score mate 3 upperbound",
            &mut score,
            &mut depth,
        );
        assert_eq!((score, depth), (Some(Score::Mate(3)), Some(9)));
        read_info("info string depth of thought", &mut score, &mut depth);
        assert_eq!(depth, Some(9));
    }
}
