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
//! a resumed run cuts it off ([`complete_length`]) before it writes on. A file refused says why in a
//! [`DatagenFormatError`].

pub use super::format_error::{DatagenFormatError, GameDataError};
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
    pub fn decode(bytes: &[u8]) -> Result<Option<(GameData<G>, usize)>, GameDataError> {
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
        let text = std::str::from_utf8(text).map_err(|_| GameDataError::StartNotUtf8)?;
        let start = G::from_text(text).map_err(|e| GameDataError::BadStart {
            text: text.to_string(),
            source: Box::new(e),
        })?;
        let Some(head) = take(3) else {
            return Ok(None);
        };
        let outcome = match head[0] {
            0 => Outcome::Win(Side::Black),
            1 => Outcome::Draw,
            2 => Outcome::Win(Side::White),
            found => return Err(GameDataError::BadResult { found }),
        };
        let count = u16::from_le_bytes([head[1], head[2]]) as usize;
        let mut plies = Vec::with_capacity(count);
        let mut position = start.clone();
        for index in 0..count {
            let Some(ply) = take(5) else {
                return Ok(None);
            };
            let code = u16::from_le_bytes([ply[0], ply[1]]);
            let mv = position
                .decode_move(code)
                .ok_or_else(|| GameDataError::NoSuchMove {
                    ply: index + 1,
                    start: text.to_string(),
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
fn header_of<G: Game>(bytes: &[u8]) -> Result<(Header, usize), DatagenFormatError> {
    let (header, at) = Header::decode(bytes, FILE_KIND)?;
    if header.game != G::NAME {
        return Err(DatagenFormatError::OtherGame {
            found: header.game,
            expected: G::NAME,
        });
    }
    Ok((header, at))
}

/// Reads a whole file of game `G`: its header and games. A file that ends inside a game is refused,
/// naming how many games are whole.
pub fn read_games<G: Searchable>(
    bytes: &[u8],
) -> Result<(Header, Vec<GameData<G>>), DatagenFormatError> {
    let (header, mut at) = header_of::<G>(bytes)?;
    let mut games = Vec::new();
    while at < bytes.len() {
        let number = games.len() + 1;
        match GameData::<G>::decode(&bytes[at..])
            .map_err(|source| DatagenFormatError::InGame { number, source })?
        {
            Some((game, length)) => {
                games.push(game);
                at += length;
            }
            None => return Err(DatagenFormatError::Truncated { game: number }),
        }
    }
    Ok((header, games))
}

/// The length of `bytes` up to the end of its last whole game, and how many games that holds: a
/// resumed run cuts the rest off.
pub fn complete_length<G: Searchable>(bytes: &[u8]) -> Result<(usize, usize), DatagenFormatError> {
    let (_, mut at) = header_of::<G>(bytes)?;
    let mut games = 0;
    while let Some((_, length)) = GameData::<G>::decode(&bytes[at..])? {
        at += length;
        games += 1;
    }
    Ok((at, games))
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_engine::search::nnue::FileHeaderError;
    use duel_rules::games::{Dame, Duel};

    /// A file of game `G`: its header and two games of one ply each from the start.
    fn file<G: Searchable>() -> Vec<u8> {
        let header = Header {
            game: G::NAME.to_string(),
            lines: vec![("command".into(), "test".into())],
        };
        let mut bytes = header.encode(FILE_KIND);
        let start = G::start();
        let mut moves = duel_rules::game::MoveList::new();
        start.generate_moves(&mut moves);
        let game = GameData {
            start,
            plies: vec![Ply {
                mv: moves[0],
                score: 12,
                kept: true,
            }],
            outcome: Outcome::Draw,
        };
        bytes.extend(game.encode());
        bytes.extend(game.encode());
        bytes
    }

    #[test]
    fn a_file_reads_back_whole_and_up_to_its_last_whole_game() {
        let bytes = file::<Duel>();
        let (header, games) = read_games::<Duel>(&bytes).expect("a whole file");
        assert_eq!((header.game.as_str(), games.len()), ("duel", 2));
        assert_eq!(
            complete_length::<Duel>(&bytes[..bytes.len() - 1]).expect("its header is whole"),
            (bytes.len() - games[1].encode().len(), 1)
        );
    }

    #[test]
    fn a_refused_file_carries_what_is_wrong_and_says_it_in_the_same_words() {
        let bytes = file::<Duel>();
        let other_game = read_games::<Dame>(&bytes).unwrap_err();
        let DatagenFormatError::OtherGame { found, expected } = &other_game else {
            panic!("{other_game:?}");
        };
        assert_eq!((found.as_str(), *expected), ("duel", "dame"));
        assert_eq!(other_game.to_string(), "the data is of duel, not of dame");

        let not_data = read_games::<Duel>(b"PK\x03\x04 a zip file").unwrap_err();
        assert!(
            matches!(
                not_data,
                DatagenFormatError::Header(FileHeaderError::WrongMagic { kind: FILE_KIND })
            ),
            "{not_data:?}"
        );
        assert_eq!(
            not_data.to_string(),
            "not a duel datagen file (it does not start with DUELDATA)"
        );

        let cut = read_games::<Duel>(&bytes[..bytes.len() - 2]).unwrap_err();
        assert!(
            matches!(cut, DatagenFormatError::Truncated { game: 2 }),
            "{cut:?}"
        );
        assert_eq!(
            cut.to_string(),
            "the file is cut short inside game 2 (resume the run to finish it)"
        );
    }

    #[test]
    fn a_bad_game_is_named_by_its_number_where_the_games_are_counted() {
        let mut bytes = file::<Duel>();
        // The second game's result byte, just before its ply count and its one ply.
        let result = bytes.len() - 5 - 2 - 1;
        bytes[result] = 7;
        let numbered = read_games::<Duel>(&bytes).unwrap_err();
        assert!(
            matches!(
                numbered,
                DatagenFormatError::InGame {
                    number: 2,
                    source: GameDataError::BadResult { found: 7 }
                }
            ),
            "{numbered:?}"
        );
        assert_eq!(
            numbered.to_string(),
            "game 2: result 7 (expected 0, 1 or 2)"
        );
        let unnumbered = complete_length::<Duel>(&bytes).unwrap_err();
        assert_eq!(unnumbered.to_string(), "result 7 (expected 0, 1 or 2)");
    }
}
