//! The file format of `duel datagen`: a header naming the game, the format version and the command
//! that made the file, then whole games, each its start position, its result and every ply's move,
//! score and whether it is kept for training. A game's positions follow from replaying its moves, so
//! a kept position costs 5 bytes. All numbers are little-endian.
//!
//! ```text
//! header  "DUELDATA" (8 bytes), version u16 (= 1), text length u32, text (UTF-8 `key=value` lines:
//!         game=<name>, then the settings, command=<the command line>)
//! game    start length u16, start position text (the game's own position text),
//!         result u8 (0: Black won, 1: draw, 2: White won), plies u16,
//!         each ply: move code u16 (Game::move_code), score i16 (the search's, for the side to move,
//!         in the game's evaluation unit; a forced win or loss is ±MATE_SCORE), flags u8 (bit 0: kept)
//! ```
//!
//! A file cut short (a run killed while writing) ends in a partial game: [`read_games`] names it, and
//! a resumed run cuts it off ([`complete_length`]) before it writes on.

use duel_engine::search::nnue::{FileHeader, FileKind};
use duel_rules::game::{Game, Outcome, Searchable, Side};

/// The first bytes of every file.
pub const MAGIC: &[u8; 8] = b"DUELDATA";
/// The version this build writes and reads.
pub const VERSION: u16 = 1;
/// The score written for a forced win (negated for a forced loss): beyond any evaluation.
pub const MATE_SCORE: i16 = 32_000;
/// Flag bit: the position before this ply is kept for training.
const KEPT: u8 = 1;

/// The header of a datagen file: its game and the `key=value` lines that say how it was made.
pub type Header = FileHeader;

/// What a datagen file is, to its header.
pub const FILE_KIND: FileKind = FileKind {
    magic: MAGIC,
    version: VERSION,
    name: "duel datagen file",
};

/// One ply of a game as written: the move, the search's score before it and whether the position
/// before it is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply<M> {
    /// The move played.
    pub mv: M,
    /// The search's score for the side to move ([`MATE_SCORE`] for a forced win).
    pub score: i16,
    /// Whether the position before the move is a training position.
    pub kept: bool,
}

/// A whole game: where it started, its plies and how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameData<G: Game> {
    /// The position the plies start from (after the opening).
    pub start: G,
    /// The plies.
    pub plies: Vec<Ply<G::Move>>,
    /// The result.
    pub outcome: Outcome,
}

/// A training position: the position, the search's score and the game's result, both for its side
/// to move.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainingPosition<G> {
    /// The position.
    pub position: G,
    /// The search's score for the side to move.
    pub score: i16,
    /// The game's result for the side to move: 1 a win, 0.5 a draw, 0 a loss.
    pub result: f32,
}

impl<G: Searchable> GameData<G> {
    /// The game's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let start = self.start.to_text();
        let mut bytes = Vec::with_capacity(start.len() + 5 + 5 * self.plies.len());
        bytes.extend_from_slice(&(start.len() as u16).to_le_bytes());
        bytes.extend_from_slice(start.as_bytes());
        bytes.push(match self.outcome {
            Outcome::Win(Side::Black) => 0,
            Outcome::Draw => 1,
            Outcome::Win(Side::White) => 2,
        });
        bytes.extend_from_slice(&(self.plies.len() as u16).to_le_bytes());
        let mut position = self.start.clone();
        for ply in &self.plies {
            bytes.extend_from_slice(&position.move_code(ply.mv).to_le_bytes());
            bytes.extend_from_slice(&ply.score.to_le_bytes());
            bytes.push(if ply.kept { KEPT } else { 0 });
            position = position.make_move(ply.mv);
        }
        bytes
    }

    /// Reads one game from the front of `bytes`: the game and its length, or `Ok(None)` when `bytes`
    /// ends inside it; errors name what is wrong.
    pub fn decode(bytes: &[u8]) -> Result<Option<(GameData<G>, usize)>, String> {
        let mut at = 0;
        let mut take = |n: usize| {
            let part = bytes.get(at..at + n);
            at += n;
            part
        };
        let Some(length) = take(2) else {
            return Ok(None);
        };
        let length = u16::from_le_bytes([length[0], length[1]]) as usize;
        let Some(text) = take(length) else {
            return Ok(None);
        };
        let text = std::str::from_utf8(text).map_err(|_| "a start position is not UTF-8")?;
        let start = G::from_text(text).map_err(|e| format!("start position {text:?}: {e}"))?;
        let Some(head) = take(3) else {
            return Ok(None);
        };
        let outcome = match head[0] {
            0 => Outcome::Win(Side::Black),
            1 => Outcome::Draw,
            2 => Outcome::Win(Side::White),
            other => return Err(format!("result {other} (expected 0, 1 or 2)")),
        };
        let count = u16::from_le_bytes([head[1], head[2]]) as usize;
        let mut plies = Vec::with_capacity(count);
        let mut position = start.clone();
        for index in 0..count {
            let Some(ply) = take(5) else {
                return Ok(None);
            };
            let code = u16::from_le_bytes([ply[0], ply[1]]);
            let mv = position.decode_move(code).ok_or_else(|| {
                format!("ply {} of the game from {text:?}: no such move", index + 1)
            })?;
            plies.push(Ply {
                mv,
                score: i16::from_le_bytes([ply[2], ply[3]]),
                kept: ply[4] & KEPT != 0,
            });
            position = position.make_move(mv);
        }
        Ok(Some((
            GameData {
                start,
                plies,
                outcome,
            },
            at,
        )))
    }

    /// The kept positions, each with its score and the result for its side to move.
    pub fn training_positions(&self) -> Vec<TrainingPosition<G>> {
        let mut kept = Vec::new();
        let mut position = self.start.clone();
        for ply in &self.plies {
            if ply.kept {
                kept.push(TrainingPosition {
                    position: position.clone(),
                    score: ply.score,
                    result: self.outcome.score_for(position.side_to_move()) as f32,
                });
            }
            position = position.make_move(ply.mv);
        }
        kept
    }
}

/// The header of a file of game `G` and its length; a file of another game is refused by name.
fn header_of<G: Game>(bytes: &[u8]) -> Result<(Header, usize), String> {
    let (header, at) = Header::decode(bytes, FILE_KIND)?;
    if header.game != G::NAME {
        return Err(format!(
            "the data is of {}, not of {}",
            header.game,
            G::NAME
        ));
    }
    Ok((header, at))
}

/// Reads a whole file of game `G`: its header and games. A file that ends inside a game is refused,
/// naming how many games are whole.
pub fn read_games<G: Searchable>(bytes: &[u8]) -> Result<(Header, Vec<GameData<G>>), String> {
    let (header, mut at) = header_of::<G>(bytes)?;
    let mut games = Vec::new();
    while at < bytes.len() {
        match GameData::<G>::decode(&bytes[at..])
            .map_err(|e| format!("game {}: {e}", games.len() + 1))?
        {
            Some((game, length)) => {
                games.push(game);
                at += length;
            }
            None => {
                return Err(format!(
                    "the file is cut short inside game {} (resume the run to finish it)",
                    games.len() + 1
                ));
            }
        }
    }
    Ok((header, games))
}

/// The length of `bytes` up to the end of its last whole game, and how many games that holds: a
/// resumed run cuts the rest off.
pub fn complete_length<G: Searchable>(bytes: &[u8]) -> Result<(usize, usize), String> {
    let (_, mut at) = header_of::<G>(bytes)?;
    let mut games = 0;
    while let Some((_, length)) = GameData::<G>::decode(&bytes[at..])? {
        at += length;
        games += 1;
    }
    Ok((at, games))
}
