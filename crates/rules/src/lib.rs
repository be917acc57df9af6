//! `duel-rules`: the rules of the games the duel engine hosts, each behind one [`game::Game`] trait,
//! usable alone by any Rust program: legal moves, positions and their text, notation, outcomes,
//! perft, and games written down as PGN.
//!
//! Modules, each importing only those before it (unit tests may also use a hosted game):
//! - [`game`]: the traits (the rules, [`game::Game`]; how a game is shown and tuned,
//!   [`game::Presentation`], [`game::WebBoard`] for graphical front ends, and [`game::Tuning`]; what
//!   a search asks of a game beyond its rules, [`game::Searchable`]) and what every game shares
//!   (move lists, outcomes, draw rules, game records, a seeded RNG);
//! - [`games`]: the rules of each hosted game (Duel, Dipole, Dame and Alice chess), and
//!   [`hosted_games!`], the one list of them;
//! - [`record`]: how games are written down: PGN, an engine's move comments, how a game ended and a
//!   game's review in numbers (lichess's judgments and accuracy).
//!
//! A game of each, played by a seeded random player until the rules end it or 60 moves are made,
//! then written down and read back:
//!
//! ```
//! use duel_rules::game::{Game, GameRecord, MoveList, Rng};
//! use duel_rules::games::{Alice, Dame, Dipole, Duel};
//!
//! fn play<G: Game>(seed: u64) -> (GameRecord<G>, Vec<String>) {
//!     let mut record = GameRecord::new(G::start());
//!     let mut texts = Vec::new();
//!     let mut rng = Rng::new(seed);
//!     while record.termination().is_none() && texts.len() < 60 {
//!         let mut moves = MoveList::new();
//!         record.current().generate_moves(&mut moves);
//!         let mv = moves[rng.below(moves.len())];
//!         texts.push(record.current().format_move(mv));
//!         record.play(mv);
//!     }
//!     (record, texts)
//! }
//!
//! fn check<G: Game>() {
//!     let (record, texts) = play::<G>(7);
//!     // The moves' texts replay the same game from the start.
//!     let replayed = GameRecord::<G>::replay(None, &texts).unwrap();
//!     assert_eq!(replayed.current().to_text(), record.current().to_text());
//!     println!("{}: {} after {} moves", G::NAME, record.current().to_text(), texts.len());
//! }
//!
//! check::<Duel>();
//! check::<Dipole>();
//! check::<Dame>();
//! check::<Alice>();
//! ```

pub mod game;
pub mod games;
pub mod record;
