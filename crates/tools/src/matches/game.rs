//! Playing one game between two players: clocks, legality, the rules' verdicts, adjudication and
//! faults.

use super::adjudication::{Adjudicator, DrawRule, ResignRule, Verdict};
use super::player::{ClockState, GoRequest, Player};
use crate::time_control::{GameClock, TimeControl};
use duel_rules::game::{Game, GameRecord, Side};
use duel_rules::record::game_end::{Fault, GameEnd};
use duel_rules::record::pgn::MoveComment;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The limits and adjudication rules every game of a match is played under.
#[derive(Clone, Debug, Default)]
pub struct GameSettings {
    /// The match's `--tc`: the clock of every engine without its own `tc=` (see
    /// `MatchConfig::clocks`).
    pub tc: Option<TimeControl>,
    /// Fixed time per move.
    pub movetime: Option<Duration>,
    /// Fixed depth per move.
    pub depth: Option<u32>,
    /// Fixed nodes per move.
    pub nodes: Option<u64>,
    /// How far past its clock a move may arrive before it loses on time.
    pub time_margin: Duration,
    /// Resignation by score.
    pub resign: Option<ResignRule>,
    /// Draw by score.
    pub draw: Option<DrawRule>,
    /// Draw after this many plies.
    pub max_plies: Option<u32>,
}

/// A finished (or interrupted) game.
#[derive(Clone, Debug)]
pub struct PlayedGame<G: Game> {
    /// Opening and game moves.
    pub record: GameRecord<G>,
    /// How many of the record's moves came from the opening.
    pub opening_plies: usize,
    /// What the engine said about each move after the opening.
    pub comments: Vec<MoveComment>,
    /// Why it ended.
    pub end: GameEnd,
}

/// Plays `opening` on between `white` and `black`; `clocks` are the sides' time controls (White,
/// Black), which may differ for time odds, or `None` when the game has no clock.
pub fn play_game<G: Game>(
    opening: &GameRecord<G>,
    white: &mut dyn Player<G>,
    black: &mut dyn Player<G>,
    settings: &GameSettings,
    clocks: Option<[TimeControl; 2]>,
    stop: &AtomicBool,
) -> PlayedGame<G> {
    let mut game = PlayedGame {
        record: opening.clone(),
        opening_plies: opening.moves().len(),
        comments: Vec::new(),
        end: GameEnd::Interrupted,
    };
    game.end = play_on(&mut game, [white, black], settings, clocks, stop);
    game
}

/// What `side` is asked to move under: the clocks' state, else the fixed limits.
fn go_request(settings: &GameSettings, clocks: Option<&[GameClock; 2]>, side: Side) -> GoRequest {
    GoRequest {
        clocks: clocks.map(|c| ClockState {
            remaining: [c[0].remaining(), c[1].remaining()],
            increment: [c[0].increment(), c[1].increment()],
            moves_to_go: c[side.index()].moves_to_go(),
        }),
        movetime: settings.movetime,
        depth: settings.depth,
        nodes: settings.nodes,
    }
}

/// Plays `game` on from its current position until it ends; returns how.
fn play_on<G: Game>(
    game: &mut PlayedGame<G>,
    players: [&mut dyn Player<G>; 2],
    settings: &GameSettings,
    time_controls: Option<[TimeControl; 2]>,
    stop: &AtomicBool,
) -> GameEnd {
    for side in Side::BOTH {
        if let Err(fault) = players[side.index()].new_game() {
            return GameEnd::Fault(side, fault);
        }
    }
    let mut clocks = time_controls.map(|tcs| tcs.map(GameClock::new));
    let mut adjudicator = Adjudicator::new(settings.resign, settings.draw);
    loop {
        if stop.load(Ordering::Relaxed) {
            return GameEnd::Interrupted;
        }
        if let Some(termination) = game.record.termination() {
            return GameEnd::Rules(termination);
        }
        let played = (game.record.moves().len() - game.opening_plies) as u32;
        if settings.max_plies.is_some_and(|limit| played >= limit) {
            return GameEnd::MaxPlies;
        }
        let side = game.record.side_to_move();
        let go = go_request(settings, clocks.as_ref(), side);
        let started = Instant::now();
        let reply = match players[side.index()].choose(&game.record, &go) {
            Ok(reply) => reply,
            Err(_) if stop.load(Ordering::Relaxed) => return GameEnd::Interrupted,
            Err(fault) => return GameEnd::Fault(side, fault),
        };
        let used = started.elapsed();
        if let Some(clocks) = clocks.as_mut()
            && !clocks[side.index()].charge(used, settings.time_margin)
        {
            return GameEnd::Fault(side, Fault::TimeForfeit);
        }
        let mv = match game.record.current().parse_move(&reply.text) {
            Ok(mv) => mv,
            Err(e) => {
                let (text, reason) = (reply.text, e.to_string());
                return GameEnd::Fault(side, Fault::IllegalMove { text, reason });
            }
        };
        let move_number = (played / 2) + 1;
        game.comments.push(MoveComment {
            score: reply.score,
            depth: reply.depth,
            time: Some(used),
            wdl: reply.wdl,
        });
        game.record.play(mv);
        match adjudicator.record(side.index(), move_number, reply.score) {
            Verdict::Continue => {}
            Verdict::Resign(_) => return GameEnd::Resigned(side),
            Verdict::Draw => return GameEnd::AgreedDraw,
        }
    }
}
