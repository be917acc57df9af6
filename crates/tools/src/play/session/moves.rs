//! The legal moves, listed for the player (`moves`, the example in `help`).

use super::Session;
use duel_engine::protocol::{one_line, quote};
use duel_rules::game::MoveList;
use duel_rules::games::HostedGame;

impl<G: HostedGame> Session<G> {
    /// `moves [prefix]`: the legal moves, those starting with `prefix` when given.
    pub(super) fn list_moves(&mut self, prefix: Option<&str>) {
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

    /// The texts of the legal moves, in alphabetical order (letter case second), so that a piece's
    /// moves stand together.
    pub(super) fn legal_texts(&self) -> Vec<String> {
        let position = self.record.current();
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        let mut texts: Vec<String> = moves.iter().map(|&mv| position.format_move(mv)).collect();
        texts.sort_by_cached_key(|text| (text.to_ascii_lowercase(), text.clone()));
        texts
    }
}

/// Where move lists wrap.
const LINE_WIDTH: usize = 78;

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
    fn lists_wrap_within_the_line_width() {
        let items: Vec<String> = (0..30).map(|i| format!("m{i:02}-xx")).collect();
        let text = wrap("30 legal moves:", &items);
        assert!(text.lines().all(|l| l.len() <= LINE_WIDTH));
        assert_eq!(text.split_whitespace().count(), 3 + 30);
    }
}
