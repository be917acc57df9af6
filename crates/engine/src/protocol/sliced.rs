//! [`Session`]: the protocol without threads, for the browser build. The caller hands it one line at
//! a time and, while a search runs, gives it slices of nodes; between two slices it is free to read
//! the next line, so `stop` ends a search within one slice. Commands, their errors and every line
//! printed are those of [`super::run`]: the same handler, through the same dispatch.

use super::line::MAX_LINE_BYTES;
use super::{CommandError, Flow, Handler, Host, Output, dispatch, reader};
use crate::search::{Instant, TranspositionTable};
use duel_rules::games::HostedGame;
use std::io::Write;

/// The engine protocol driven line by line, its searches in slices.
pub struct Session {
    /// `None` after `quit`.
    host: Option<Box<dyn Host>>,
    out: Output,
}

impl Session {
    /// A session for game `G` (`UCI_Variant` switches games as usual), answering on `output`.
    pub fn new<G: HostedGame>(output: impl Write + Send + 'static) -> Self {
        Session::with_hash::<G>(output, TranspositionTable::DEFAULT_MB)
    }

    /// [`Session::new`] with a transposition table of `hash_mb` MiB (at least 1) from the start,
    /// as if `setoption name Hash` had set it: for a host short of memory, or one that makes many
    /// short sessions and would otherwise allocate the default table each time.
    pub fn with_hash<G: HostedGame>(output: impl Write + Send + 'static, hash_mb: usize) -> Self {
        let out = Output::new(output);
        Session {
            host: Some(Box::new(Handler::<G>::sliced(out.clone(), hash_mb))),
            out,
        }
    }

    /// Carries out one line of input (without its line break); a `go` only starts its search, which
    /// [`Session::step`] runs. Returns [`Flow::Quit`] after `quit`, when nothing more is done.
    pub fn input(&mut self, line: &str) -> Flow {
        let Some(host) = self.host.take() else {
            return Flow::Quit;
        };
        let message = if line.len() > MAX_LINE_BYTES {
            Some(Err(CommandError::LineTooLong {
                bytes: line.len(),
                limit: MAX_LINE_BYTES,
            }))
        } else {
            reader::message(line, Instant::now())
        };
        self.host = match message {
            None => Some(host),
            Some(message) => dispatch(host, message, &self.out),
        };
        match self.host {
            Some(_) => Flow::Continue,
            None => Flow::Quit,
        }
    }

    /// Runs the next slice, of at most `nodes` nodes, of the search under way. Returns whether the
    /// search still owes its answer (call again, or send `stop`); its `bestmove` has been printed
    /// when this returns false.
    pub fn step(&mut self, nodes: u64) -> bool {
        self.host.as_mut().is_some_and(|host| host.step(nodes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::output::Capture;
    use duel_rules::game::{Game, GameRecord};
    use duel_rules::games::Duel;

    /// The `bestmove` lines printed so far.
    fn bestmoves(capture: &Capture) -> Vec<String> {
        capture
            .lines()
            .into_iter()
            .filter(|line| line.starts_with("bestmove "))
            .collect()
    }

    /// Whether `line`'s move is legal at Duel's start.
    fn legal_at_start(line: &str) -> bool {
        let text = line.split_whitespace().nth(1).unwrap();
        let start = GameRecord::new(Duel::start());
        start.current().parse_move(text).is_ok()
    }

    #[test]
    fn each_go_gets_one_legal_bestmove_after_its_slices() {
        let capture = Capture::default();
        let mut session = Session::new::<Duel>(capture.clone());
        assert_eq!(session.input("position startpos"), Flow::Continue);
        assert_eq!(session.input("go depth 4"), Flow::Continue);
        assert!(bestmoves(&capture).is_empty(), "go only starts the search");
        let mut slices = 0;
        while session.step(500) {
            slices += 1;
            assert!(slices < 10_000, "the search never ended");
        }
        assert!(
            slices > 1,
            "a search of depth 4 takes more than one slice of 500 nodes"
        );
        let answers = bestmoves(&capture);
        assert_eq!(answers.len(), 1);
        assert!(legal_at_start(&answers[0]), "{}", answers[0]);
        let depths: Vec<u32> = capture
            .lines()
            .iter()
            .filter(|line| line.starts_with("info depth "))
            .map(|line| line.split_whitespace().nth(2).unwrap().parse().unwrap())
            .collect();
        // As in one search (a depth may be reported again after a fail high or low), never going back.
        assert!(depths.is_sorted(), "{depths:?}");
        assert_eq!((depths.first(), depths.last()), (Some(&1), Some(&4)));
        assert!(!session.step(500), "nothing more to search");
        assert_eq!(bestmoves(&capture).len(), 1);
    }

    /// The nodes of the last `info depth` line of a search of `go` from `position` run in slices of
    /// `slice` nodes, and that line's depth.
    fn sliced_nodes(position: &str, go: &str, slice: u64) -> (u64, u32) {
        let capture = Capture::default();
        let mut session = Session::new::<Duel>(capture.clone());
        session.input(position);
        session.input(go);
        while session.step(slice) {}
        let lines = capture.lines();
        let last = lines
            .iter()
            .rfind(|line| line.starts_with("info depth "))
            .unwrap();
        let words: Vec<&str> = last.split_whitespace().collect();
        let after = |key| words[words.iter().position(|w| *w == key).unwrap() + 1];
        (
            after("nodes").parse().unwrap(),
            after("depth").parse().unwrap(),
        )
    }

    #[test]
    fn slices_resume_the_search_rather_than_start_it_again() {
        for position in ["position startpos", "position startpos moves D1-e6 E8-E7"] {
            let (whole, depth) = sliced_nodes(position, "go depth 8", u64::MAX);
            let (sliced, sliced_depth) = sliced_nodes(position, "go depth 8", 2_000);
            assert_eq!((depth, sliced_depth), (8, 8));
            // Starting each slice again from depth 1 never reached depth 8 at all; resumed, the
            // slices cost 1.2 to 1.75 times one search's nodes (the hand-written evaluation and the
            // net differ).
            assert!(
                sliced < whole * 2,
                "{position}: {sliced} nodes in slices of 2,000, {whole} in one"
            );
        }
    }

    #[test]
    fn stop_between_slices_ends_an_infinite_search() {
        let capture = Capture::default();
        let mut session = Session::new::<Duel>(capture.clone());
        session.input("go infinite");
        for _ in 0..5 {
            assert!(session.step(200), "an infinite search waits for stop");
        }
        assert!(bestmoves(&capture).is_empty());
        session.input("stop");
        let answers = bestmoves(&capture);
        assert_eq!(answers.len(), 1);
        assert!(legal_at_start(&answers[0]), "{}", answers[0]);
        assert!(!session.step(200));
        session.input("stop");
        assert_eq!(bestmoves(&capture).len(), 1, "one answer per go");
    }

    #[test]
    fn stop_before_the_first_slice_still_answers_with_a_legal_move() {
        let capture = Capture::default();
        let mut session = Session::new::<Duel>(capture.clone());
        session.input("go infinite");
        session.input("stop");
        let answers = bestmoves(&capture);
        assert_eq!(answers.len(), 1);
        assert!(legal_at_start(&answers[0]), "{}", answers[0]);
    }

    #[test]
    fn a_pondering_search_answers_after_ponderhit() {
        let capture = Capture::default();
        let mut session = Session::new::<Duel>(capture.clone());
        session.input("go ponder depth 3");
        let mut slices = 0;
        while slices < 50 {
            assert!(session.step(500), "a pondering search waits for ponderhit");
            slices += 1;
        }
        assert!(bestmoves(&capture).is_empty());
        session.input("ponderhit");
        while session.step(500) {}
        let answers = bestmoves(&capture);
        assert_eq!(answers.len(), 1);
        assert!(legal_at_start(&answers[0]), "{}", answers[0]);
    }

    #[test]
    fn show_wdl_reaches_the_info_lines_of_a_search_in_slices_and_outlives_the_variant() {
        let capture = Capture::default();
        let mut session = Session::new::<Duel>(capture.clone());
        session.input("setoption name UCI_ShowWDL value true");
        session.input("setoption name UCI_Variant value dame");
        session.input("go depth 2");
        while session.step(500) {}
        let infos: Vec<String> = capture
            .lines()
            .into_iter()
            .filter(|line| line.starts_with("info depth "))
            .collect();
        assert!(!infos.is_empty());
        for line in &infos {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|w| *w == "wdl").expect(line);
            let sum: u32 = words[at + 1..at + 4]
                .iter()
                .map(|w| w.parse::<u32>().expect(line))
                .sum();
            assert_eq!(sum, 1000, "{line}");
        }
    }

    #[test]
    fn a_new_go_answers_the_last_one_first_and_quit_ends_the_session() {
        let capture = Capture::default();
        let mut session = Session::new::<Duel>(capture.clone());
        session.input("go infinite");
        session.step(200);
        session.input("go nodes 300");
        assert_eq!(bestmoves(&capture).len(), 1);
        while session.step(100) {}
        assert_eq!(bestmoves(&capture).len(), 2);
        assert_eq!(session.input("quit"), Flow::Quit);
        assert_eq!(session.input("isready"), Flow::Quit);
        assert!(!capture.lines().contains(&"readyok".to_string()));
    }
}
