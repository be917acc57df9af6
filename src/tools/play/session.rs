//! The session: the game in progress, who plays which side, the clocks, the running search, the log,
//! and what each event does to them.
//!
//! Every change to the game (a move, `undo`, `new`, `load`, a flag falling) ends the same way
//! ([`Session::settle`]): the log is rewritten, the end of the game or whose turn it is is shown, and
//! the engine starts thinking when it is its move.

use super::commands::{self, Input};
use super::log::{self, Log};
use super::screen::Screen;
use super::thinking::{Purpose, SearchEvent, Thinking};
use super::{EngineLimit, Event, PlayConfig};
use crate::engine::{ENGINE_NAME, Engine};
use crate::game::{BoardStyle, GameRecord, MoveList, Side};
use crate::games::HostedGame;
use crate::protocol::{Line, MAX_LINE_BYTES};
use crate::protocol::{one_line, quote};
use crate::search::{Clock, Limits};
use crate::tools::game_end::GameEnd;
use crate::tools::pgn::{self, GameTags};
use crate::tools::time_control::GameClock;
use crossbeam_channel::Sender;
use std::path::Path;
use std::time::{Duration, Instant};

/// How far past its clock a move may come before it loses on time: room for the engine's own
/// bookkeeping, which no search can see.
const FLAG_MARGIN: Duration = Duration::from_millis(100);
/// Where move lists wrap.
const LINE_WIDTH: usize = 78;

/// One session of `duel play`.
pub struct Session<G: HostedGame> {
    start: G,
    humans: [bool; 2],
    limit: EngineLimit,
    record: GameRecord<G>,
    /// A PGN comment per move (the engine's score, depth and time).
    comments: Vec<Option<String>>,
    flipped: bool,
    clocks: Option<[GameClock; 2]>,
    /// When the side to move began its turn, for its clock.
    turn_started: Instant,
    /// The side whose flag fell.
    forfeit: Option<Side>,
    /// Searches for the engine's moves and for hints (with the default options).
    engine: Engine<G>,
    thinking: Option<Thinking<G>>,
    next_search: u64,
    events: Sender<Event<G::Move>>,
    screen: Screen,
    log: Option<Log>,
    input_ended: bool,
    quit: bool,
}

impl<G: HostedGame> Session<G> {
    /// A session at the start of its first game; searches send their events to `events`.
    pub fn new(
        config: PlayConfig<G>,
        log: Option<Log>,
        screen: Screen,
        events: Sender<Event<G::Move>>,
    ) -> Session<G> {
        let limit = config.limit;
        Session {
            record: GameRecord::new(config.start.clone()),
            start: config.start,
            humans: config.humans,
            limit,
            comments: Vec::new(),
            // Players see their own side at the bottom; White when both or neither play.
            flipped: config.humans == [false, true],
            clocks: fresh_clocks(limit),
            turn_started: Instant::now(),
            forfeit: None,
            engine: Engine::new(),
            thinking: None,
            next_search: 0,
            events,
            screen,
            log,
            input_ended: false,
            quit: false,
        }
    }

    /// Says who plays what, shows the board and starts the first turn.
    pub fn begin(&mut self) {
        let engine = format!("{ENGINE_NAME} ({})", self.limit_text());
        let intro = match self.humans {
            [true, true] => "Two players: White and Black both move here.".to_string(),
            [false, false] => format!("{engine} plays both sides."),
            [white, _] => {
                let (you, it) = if white {
                    ("White", "Black")
                } else {
                    ("Black", "White")
                };
                format!("You play {you}; {engine} plays {it}.")
            }
        };
        let mut text = format!("{intro} Type help for the commands.");
        if let Some(log) = &self.log {
            text.push_str(&format!("\nEvery game is logged in {}.", shown(log.path())));
        }
        self.screen.text(&text);
        self.draw_board();
        self.settle();
    }

    /// Whether the session is over: `quit`, or the input has ended and nothing more can happen
    /// without it. With the engine on both sides the game is played to its end first.
    pub fn done(&self) -> bool {
        let engine_plays_on = self.humans == [false, false] && self.end().is_none();
        self.quit || (self.input_ended && !engine_plays_on)
    }

    /// Ends the session: stops the search, saves the game in the log, leaves the terminal clean.
    pub fn close(&mut self, interrupted: bool) {
        self.cancel_search();
        self.write_log();
        if interrupted {
            self.screen.text("\nInterrupted.");
        }
        if let Some(log) = &self.log {
            let path = shown(log.path());
            self.screen.text(&format!("The games are in {path}."));
        }
        self.screen.restore(interrupted);
    }

    /// Reports a bug caught while handling an event; the session goes on.
    pub fn internal_error(&mut self, message: &str) {
        self.screen
            .error(&format!("internal error: {message}; the game goes on"));
    }

    /// Handles one event.
    pub fn handle(&mut self, event: Event<G::Move>) {
        match event {
            Event::Input(line) => {
                self.input(line);
                if !self.done() && self.waiting_for_player() {
                    self.screen.prompt();
                }
            }
            Event::Search { id, event } => self.search_event(id, event),
        }
    }

    fn input(&mut self, line: Line) {
        let text = match line {
            Line::End => {
                self.input_ended = true;
                return;
            }
            Line::TooLong(bytes) => {
                return self.screen.error(&format!(
                    "the line is too long ({bytes} bytes; at most {MAX_LINE_BYTES} are read)"
                ));
            }
            Line::Complete(bytes) => match String::from_utf8(bytes) {
                Ok(text) => text,
                Err(e) => {
                    let at = e.utf8_error().valid_up_to();
                    return self.screen.error(&format!(
                        "the line is not UTF-8 text (a bad byte after {at} bytes)"
                    ));
                }
            },
        };
        let input = match commands::parse(&text) {
            Ok(input) => input,
            Err(e) => return self.screen.error(&e.to_string()),
        };
        match input {
            Input::Nothing => {}
            Input::Move(text) => self.human_move(&text),
            Input::Moves(prefix) => self.list_moves(prefix.as_deref()),
            Input::Undo => self.undo(),
            Input::Hint => self.hint(),
            Input::Stop => self.stop(),
            Input::Flip => {
                self.flipped = !self.flipped;
                self.draw_board();
            }
            Input::Board => {
                self.draw_board();
                self.status();
            }
            Input::New => self.new_game(),
            Input::Save(path) => self.save(&path),
            Input::Load(path) => self.load(&path),
            Input::Help => {
                let example = self.legal_texts().into_iter().next();
                self.screen.text(&commands::help(example.as_deref()));
            }
            Input::Quit => self.quit = true,
        }
    }

    // ----- the game ---------------------------------------------------------------------------

    /// How the game ended: by the rules, or a flag fell; `None` while it goes on.
    fn end(&self) -> Option<GameEnd> {
        GameEnd::of_record(&self.record, self.forfeit)
    }

    /// The end in words: "White wins: Black has no legal move (DUEL-MATT)".
    fn end_text(&self, end: &GameEnd) -> String {
        end.explain(self.record.current())
    }

    fn is_human(&self, side: Side) -> bool {
        self.humans[side.index()]
    }

    /// Whether the next thing to happen is the player's input (not the engine's move).
    fn waiting_for_player(&self) -> bool {
        let engine_moving = self
            .thinking
            .as_ref()
            .is_some_and(|t| t.purpose == Purpose::Move);
        !engine_moving && (self.end().is_some() || self.is_human(self.record.side_to_move()))
    }

    /// The texts of the legal moves, in alphabetical order (letter case second), so that a piece's
    /// moves stand together.
    fn legal_texts(&self) -> Vec<String> {
        let position = self.record.current();
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        let mut texts: Vec<String> = moves.iter().map(|&mv| position.format_move(mv)).collect();
        texts.sort_by_cached_key(|text| (text.to_ascii_lowercase(), text.clone()));
        texts
    }

    /// `1.` before a White move, `1...` before a Black one.
    fn move_number_text(&self) -> String {
        let number = self.record.move_number();
        match self.record.side_to_move() {
            Side::White => format!("{number}."),
            Side::Black => format!("{number}..."),
        }
    }

    /// Plays a legal move; `how` is the engine's account of it (for the player, and the PGN
    /// comment).
    fn play(&mut self, mv: G::Move, how: Option<(String, String)>) {
        let side = self.record.side_to_move();
        let text = self.record.current().format_move(mv);
        let mut line = format!("{} plays {} {text}", side.name(), self.move_number_text());
        if let Some((told, _)) = &how {
            line.push_str(&format!("   ({told})"));
        }
        self.screen.text(&line);
        self.record.play(mv);
        self.comments.push(how.map(|(_, comment)| comment));
        self.turn_started = Instant::now();
        self.draw_board();
        if let Some(announcement) = self.record.current().announcement() {
            self.screen.notice(&announcement);
        }
        self.settle();
    }

    /// After every change: log, show the end or whose turn it is, let the engine move.
    fn settle(&mut self) {
        self.write_log();
        self.status();
        let side = self.record.side_to_move();
        if self.end().is_none() && !self.is_human(side) {
            self.start_search(Purpose::Move);
        }
    }

    /// Charges `side`'s clock for a move that took `used`; false when its flag fell (the game is
    /// then over and shown so).
    fn charge(&mut self, side: Side, used: Duration) -> bool {
        let Some(clocks) = self.clocks.as_mut() else {
            return true;
        };
        if clocks[side.index()].charge(used, FLAG_MARGIN) {
            return true;
        }
        self.forfeit = Some(side);
        self.settle();
        false
    }

    fn human_move(&mut self, text: &str) {
        if let Some(end) = self.end() {
            return self.screen.error(&format!(
                "the game is over ({}); type new, undo or load",
                self.end_text(&end)
            ));
        }
        let side = self.record.side_to_move();
        if !self.is_human(side) {
            return self.screen.error(&format!(
                "it is the engine's move ({} is thinking); wait for it, or type stop to make it move now",
                side.name()
            ));
        }
        let mv = match self.record.current().parse_move(text) {
            Ok(mv) => mv,
            // A word without a digit is no move in any notation the engine hosts: most likely a
            // mistyped command.
            Err(e) if !text.chars().any(|c| c.is_ascii_digit()) => {
                return self.screen.error(&format!(
                    "{} is neither a command nor a move ({}); type help for the commands",
                    quote(text),
                    e
                ));
            }
            Err(e) => return self.screen.error(&e.to_string()),
        };
        // A hint no longer matters once the player has moved.
        self.cancel_search();
        if self.charge(side, self.turn_started.elapsed()) {
            self.play(mv, None);
        }
    }

    fn undo(&mut self) {
        self.cancel_search();
        if self.record.moves().is_empty() {
            self.screen.error("there is no move to take back");
            return self.settle();
        }
        // Back to a player's turn: the player's own move and the engine's reply go together.
        let mut taken = 0;
        while self.record.undo() {
            taken += 1;
            let side = self.record.side_to_move();
            if self.is_human(side) || self.humans == [false, false] {
                break;
            }
        }
        self.comments.truncate(self.record.moves().len());
        self.forfeit = None;
        self.turn_started = Instant::now();
        self.screen
            .text(&format!("Took back {}.", plies_text(taken)));
        self.draw_board();
        self.settle();
    }

    fn new_game(&mut self) {
        self.replace_game(GameRecord::new(self.start.clone()), Vec::new());
        self.screen.text("New game.");
        self.draw_board();
        self.settle();
    }

    /// Ends the current game (it stays in the log as it is) and continues with `record`.
    fn replace_game(&mut self, record: GameRecord<G>, comments: Vec<Option<String>>) {
        self.cancel_search();
        if self.log.is_some() && self.worth_logging() {
            let text = game_pgn(self);
            if let Some(log) = self.log.as_mut() {
                log.close_game(&text);
            }
        }
        self.record = record;
        self.comments = comments;
        self.comments.resize(self.record.moves().len(), None);
        self.forfeit = None;
        self.clocks = fresh_clocks(self.limit);
        self.turn_started = Instant::now();
    }

    fn save(&mut self, path: &Path) {
        match log::save(path, &game_pgn(self)) {
            Ok(()) => {
                let plies = plies_text(self.record.moves().len());
                self.screen
                    .text(&format!("Saved the game ({plies}) to {}.", shown(path)));
            }
            Err(e) => self.screen.error(&e),
        }
    }

    fn load(&mut self, path: &Path) {
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

    fn list_moves(&mut self, prefix: Option<&str>) {
        let all = self.legal_texts();
        if all.is_empty() {
            return self
                .screen
                .error("there is no legal move: the game is over");
        }
        let wanted = prefix.map(str::to_ascii_lowercase);
        let texts: Vec<String> = all
            .into_iter()
            .filter(|text| {
                wanted
                    .as_ref()
                    .is_none_or(|w| text.to_ascii_lowercase().starts_with(w))
            })
            .collect();
        let count = texts.len();
        let plural = if count == 1 { "" } else { "s" };
        let heading = match prefix {
            None => format!("{count} legal move{plural}:"),
            Some(p) if count == 0 => {
                return self
                    .screen
                    .error(&format!("no legal move starts with {}", quote(p)));
            }
            Some(p) => format!("{count} legal move{plural} starting with {}:", one_line(p)),
        };
        self.screen.text(&wrap(&heading, &texts));
    }

    // ----- the engine -------------------------------------------------------------------------

    fn limits(&self) -> Limits<G::Move> {
        let mut limits = Limits::default();
        match self.limit {
            EngineLimit::Depth(depth) => limits.depth = Some(depth),
            EngineLimit::MoveTime(time) => limits.movetime = Some(time),
            EngineLimit::Clock(_) => {
                let side = self.record.side_to_move();
                limits.clock = self.clocks.as_ref().map(|clocks| {
                    let clock = &clocks[side.index()];
                    Clock {
                        time: clock.remaining(),
                        increment: clock.increment(),
                        moves_to_go: clock.moves_to_go(),
                    }
                });
            }
        }
        limits
    }

    fn start_search(&mut self, purpose: Purpose) {
        self.cancel_search();
        let id = self.next_search;
        self.next_search += 1;
        let limits = self.limits();
        self.thinking = Some(Thinking::start(
            id,
            purpose,
            &mut self.engine,
            &self.record,
            limits,
            self.events.clone(),
        ));
    }

    /// Stops the running search, if any, and forgets it: its answer will be dropped.
    fn cancel_search(&mut self) {
        if self.thinking.take().is_some() {
            self.engine.stop();
        }
    }

    fn hint(&mut self) {
        if let Some(end) = self.end() {
            return self
                .screen
                .error(&format!("the game is over ({})", self.end_text(&end)));
        }
        match self.thinking.as_ref().map(|t| t.purpose) {
            Some(Purpose::Move) => self
                .screen
                .error("the engine is thinking about its own move"),
            Some(Purpose::Hint) => self.screen.error("a hint is on its way"),
            None => self.start_search(Purpose::Hint),
        }
    }

    /// `stop`: the running search answers now with the best move it has.
    fn stop(&mut self) {
        match self.thinking {
            Some(_) => self.engine.stop(),
            None => self.screen.error("the engine is not thinking"),
        }
    }

    fn search_event(&mut self, id: u64, event: SearchEvent<G::Move>) {
        let live = self.screen.live();
        let Some(thinking) = self.thinking.as_mut().filter(|t| t.id == id) else {
            return; // from a search that was cancelled
        };
        match event {
            SearchEvent::Report(report) => {
                if let Some(text) = thinking.report(report, live) {
                    self.screen.progress(&text);
                }
            }
            SearchEvent::Error(message) => self.screen.error(&format!("engine: {message}")),
            SearchEvent::Finished(best) => {
                let mut thinking = self.thinking.take().expect("matched just above");
                let used = thinking.started.elapsed();
                if let Some(text) = thinking.unshown() {
                    self.screen.progress(&text);
                }
                self.answered(&thinking, best, used);
                if !self.done() && self.waiting_for_player() {
                    self.screen.prompt();
                }
            }
        }
    }

    /// The search answered with `best` after `used`.
    fn answered(&mut self, thinking: &Thinking<G>, best: Option<G::Move>, used: Duration) {
        // The engine answers with a legal move whenever there is one, and searches start only in
        // games that go on.
        let Some(mv) = best else {
            return self.screen.error("the engine found no move");
        };
        let (told, comment) = thinking.summary(used);
        match thinking.purpose {
            Purpose::Hint => {
                let text = thinking.root.format_move(mv);
                let number = self.move_number_text();
                self.screen
                    .text(&format!("Hint: {number} {text}   ({told})"));
            }
            Purpose::Move => {
                let side = self.record.side_to_move();
                if self.charge(side, used) {
                    self.play(mv, Some((told, comment)));
                }
            }
        }
    }

    // ----- the screen and the log -------------------------------------------------------------

    fn draw_board(&mut self) {
        let style = BoardStyle {
            colour: self.screen.colour(),
            flipped: self.flipped,
            last_move: self.record.moves().last().copied(),
        };
        let board = self.record.current().board_text(&style);
        self.screen.text(&board);
    }

    /// The end of the game, or whose turn it is (with the clocks).
    fn status(&mut self) {
        if let Some(end) = self.end() {
            let text = self.end_text(&end);
            self.screen.notice(&text);
            if !self.input_ended {
                self.screen.text(
                    "Type new for another game, undo to take back moves, save <file>, or quit.",
                );
            }
            return;
        }
        let side = self.record.side_to_move();
        let who = match (self.humans, self.is_human(side)) {
            ([true, true], _) => "",
            (_, true) => " (you)",
            (_, false) => " (engine)",
        };
        let mut line = format!(
            "{}{who} to move, move {}",
            side.name(),
            self.record.move_number()
        );
        if let Some(clocks) = &self.clocks {
            line.push_str(&format!(
                "   clocks: White {}, Black {}",
                clock_text(clocks[0].remaining()),
                clock_text(clocks[1].remaining())
            ));
        }
        self.screen.text(&line);
    }

    /// Whether the game belongs in the log: something happened in it (a move, or a flag fell).
    fn worth_logging(&self) -> bool {
        !self.record.moves().is_empty() || self.forfeit.is_some()
    }

    fn write_log(&mut self) {
        let Some(log) = &self.log else { return };
        let text = if self.worth_logging() {
            game_pgn(self)
        } else {
            String::new()
        };
        if let Err(e) = log.write(&text) {
            self.screen.error(&e);
        }
    }

    fn limit_text(&self) -> String {
        match self.limit {
            EngineLimit::Depth(depth) => format!("depth {depth}"),
            EngineLimit::MoveTime(time) => format!("{:.1} s a move", time.as_secs_f64()),
            EngineLimit::Clock(tc) => format!("time control {}", tc.pgn()),
        }
    }
}

/// The game in progress as PGN, with the same writer as `duel match`.
fn game_pgn<G: HostedGame>(session: &Session<G>) -> String {
    let end = session.end();
    let name = |side: Side| {
        if session.is_human(side) {
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
        time_control: match session.limit {
            EngineLimit::Clock(tc) => tc.pgn(),
            _ => "-".to_string(),
        },
        ..GameTags::default()
    };
    pgn::write_game(
        tags,
        &session.record,
        &session.comments,
        end.as_ref(),
        |end| session.end_text(end),
    )
}

/// A path as the player typed it, made safe to print (no control characters from the input).
fn shown(path: &Path) -> String {
    one_line(&path.display().to_string())
}

/// Both clocks full, when the engine plays on a clock.
fn fresh_clocks(limit: EngineLimit) -> Option<[GameClock; 2]> {
    match limit {
        EngineLimit::Clock(tc) => Some([GameClock::new(tc), GameClock::new(tc)]),
        _ => None,
    }
}

/// `1 ply`, `3 plies`.
fn plies_text(count: usize) -> String {
    if count == 1 {
        "1 ply".to_string()
    } else {
        format!("{count} plies")
    }
}

/// A clock as `m:ss.s`.
fn clock_text(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    format!("{}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10)
}

/// `heading` and then `items` on indented lines of at most [`LINE_WIDTH`] characters.
fn wrap(heading: &str, items: &[String]) -> String {
    let mut text = format!("{heading}\n");
    let mut line = String::new();
    for item in items {
        if !line.is_empty() && line.len() + 1 + item.len() > LINE_WIDTH {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        line.push_str(if line.is_empty() { "  " } else { " " });
        line.push_str(item);
    }
    if !line.is_empty() {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_and_wrapping() {
        assert_eq!(clock_text(Duration::from_millis(299_850)), "4:59.8");
        assert_eq!(clock_text(Duration::from_millis(61_000)), "1:01.0");
        let items: Vec<String> = (0..30).map(|i| format!("m{i:02}-xx")).collect();
        let text = wrap("30 legal moves:", &items);
        assert!(text.lines().all(|l| l.len() <= LINE_WIDTH));
        assert_eq!(text.split_whitespace().count(), 3 + 30);
    }
}
