//! What a book was made with, and the header lines that record it in the book file: a sentence for
//! people, the `# book:` line [`verify`](super::verify) reads back, and the command that remakes it.

use super::format_error::{BookFormatError, SETTINGS_PREFIX};
use duel_engine::search::{Score, on_common_scale};
use duel_rules::game::Evaluation;
use std::path::PathBuf;

/// The scale a book's scores and windows are in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BookScale {
    /// The game's own evaluation scale: the books made before the common scale, whose header names
    /// no `scale` (the default when reading one).
    #[default]
    Game,
    /// The common scale every game reports in (`scale=common`; +100 a 75 % expected result at the
    /// game's typical middle game): what `duel book` makes.
    Common,
}

impl BookScale {
    /// The search's `score` (in game `G`'s own scale) in this scale.
    pub fn of<G: Evaluation>(self, score: Score) -> Score {
        match self {
            BookScale::Game => score,
            BookScale::Common => on_common_scale::<G>(score),
        }
    }
}

/// The deeper search that re-scores every kept opening, and what it calls decided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Verification {
    /// Its depth (`None`: the node budget alone).
    pub depth: Option<u32>,
    /// Its node budget (`None`: the depth alone).
    pub nodes: Option<u64>,
    /// The largest score, either sign, it may give a kept opening (`None`: only a forced result,
    /// a mate or win score, drops an opening).
    pub window: Option<u32>,
    /// Whether it evaluates with the game's embedded net (`--verify-net`) rather than the
    /// hand-written evaluation the book's own search uses.
    pub net: bool,
}

impl Verification {
    /// The words of the search, "a depth-16 search" and the like.
    fn search(&self) -> String {
        let words = search_words(self.depth, self.nodes);
        if self.net {
            format!("{words} with the net")
        } else {
            words
        }
    }
}

/// The settings of one book.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BookSettings {
    /// The game (its `--variant` name).
    pub variant: String,
    /// Random plies played from the start position.
    pub plies: u32,
    /// Positions wanted.
    pub count: usize,
    /// The depth of the search that scores a position (`None`: the node budget alone).
    pub depth: Option<u32>,
    /// The node budget of that search (`None`: the depth alone).
    pub nodes: Option<u64>,
    /// The largest score (in `scale`) for the side to move that a kept position may have, either
    /// sign.
    pub window: u32,
    /// The scale of the scores and windows.
    pub scale: BookScale,
    /// The seed of the random play.
    pub seed: u64,
    /// The deeper search that re-scores the kept positions, if any.
    pub verification: Option<Verification>,
    /// Where the book goes.
    pub out: PathBuf,
}

/// "a depth-8 search", "a search of 5000 nodes", or both.
fn search_words(depth: Option<u32>, nodes: Option<u64>) -> String {
    match (depth, nodes) {
        (Some(depth), Some(nodes)) => format!("a depth-{depth} search of at most {nodes} nodes"),
        (Some(depth), None) => format!("a depth-{depth} search"),
        (None, Some(nodes)) => format!("a search of {nodes} nodes"),
        (None, None) => "a search".to_string(),
    }
}

impl BookSettings {
    /// The header of a book of `kept` positions: what it is, the settings, the command.
    pub fn header(&self, kept: usize) -> String {
        let mut words = vec![
            format!("variant={}", self.variant),
            format!("plies={}", self.plies),
            format!("count={}", self.count),
        ];
        words.extend(self.depth.map(|d| format!("depth={d}")));
        words.extend(self.nodes.map(|n| format!("nodes={n}")));
        words.push(format!("window={}", self.window));
        // A book in the game's own scale says nothing, as such books did before there was another.
        if self.scale == BookScale::Common {
            words.push("scale=common".to_string());
        }
        words.push(format!("seed={}", self.seed));
        let mut verified = String::new();
        if let Some(v) = &self.verification {
            words.extend(v.depth.map(|d| format!("verify-depth={d}")));
            words.extend(v.nodes.map(|n| format!("verify-nodes={n}")));
            words.extend(v.window.map(|w| format!("verify-window={w}")));
            if v.net {
                words.push("verify-eval=net".to_string());
            }
            verified = format!("; {} then found none of them decided", v.search());
            if let Some(window) = v.window {
                verified.push_str(&format!(" nor outside ±{window}"));
            }
        }
        let scores = match &self.verification {
            Some(_) => "the search's score for the side to move, then the verification's",
            None => "the search's score for the side to move",
        };
        let on = match self.scale {
            BookScale::Game => "",
            BookScale::Common => " on the common scale",
        };
        format!(
            "# {} opening book: {kept} positions after {} random plies, each scored within ±{}{on} \
             for the side to move by {}{verified}.\n\
             {SETTINGS_PREFIX} {}\n\
             # made by: {}\n\
             # Each line: the opening, then '#' and {scores}.\n",
            self.variant,
            self.plies,
            self.window,
            search_words(self.depth, self.nodes),
            words.join(" "),
            self.command()
        )
    }

    /// The `duel book` command that makes this book.
    pub fn command(&self) -> String {
        let mut command = format!(
            "duel book --variant {} --plies {} --count {}",
            self.variant, self.plies, self.count
        );
        if let Some(depth) = self.depth {
            command.push_str(&format!(" --depth {depth}"));
        }
        if let Some(nodes) = self.nodes {
            command.push_str(&format!(" --nodes {nodes}"));
        }
        command.push_str(&format!(" --window {} --seed {}", self.window, self.seed));
        if let Some(v) = &self.verification {
            if let Some(depth) = v.depth {
                command.push_str(&format!(" --verify-depth {depth}"));
            }
            if let Some(nodes) = v.nodes {
                command.push_str(&format!(" --verify-nodes {nodes}"));
            }
            if let Some(window) = v.window {
                command.push_str(&format!(" --verify-window {window}"));
            }
            if v.net {
                command.push_str(" --verify-net");
            }
        }
        command.push_str(&format!(" --out {}", self.out.display()));
        command
    }

    /// The settings a book's text records in its `# book:` line (its count, when the line names
    /// none as in books made before it did, 0; its output path empty). Errors name what is missing
    /// or wrong.
    pub fn from_book(text: &str) -> Result<BookSettings, BookFormatError> {
        let line = text
            .lines()
            .find_map(|line| line.trim().strip_prefix(SETTINGS_PREFIX))
            .ok_or(BookFormatError::NoSettingsLine)?;
        let mut settings = BookSettings::default();
        let mut window = None;
        let mut verification = Verification::default();
        for word in line.split_whitespace() {
            let (key, value) =
                word.split_once('=')
                    .ok_or_else(|| BookFormatError::NotKeyValue {
                        word: word.to_string(),
                    })?;
            let bad = |source| BookFormatError::BadNumber {
                key: key.to_string(),
                value: value.to_string(),
                source,
            };
            match key {
                "variant" => settings.variant = value.to_string(),
                "plies" => settings.plies = value.parse().map_err(bad)?,
                "count" => settings.count = value.parse().map_err(bad)?,
                "depth" => settings.depth = Some(value.parse().map_err(bad)?),
                "nodes" => settings.nodes = Some(value.parse().map_err(bad)?),
                "window" => window = Some(value.parse().map_err(bad)?),
                "scale" => settings.scale = scale(value)?,
                "seed" => settings.seed = value.parse().map_err(bad)?,
                "verify-depth" => verification.depth = Some(value.parse().map_err(bad)?),
                "verify-nodes" => verification.nodes = Some(value.parse().map_err(bad)?),
                "verify-window" => verification.window = Some(value.parse().map_err(bad)?),
                "verify-eval" => verification.net = uses_net(value)?,
                _ => {
                    return Err(BookFormatError::UnknownKey {
                        key: key.to_string(),
                    });
                }
            }
        }
        settings.window = window.ok_or(BookFormatError::NoWindow)?;
        if settings.depth.is_none() && settings.nodes.is_none() {
            return Err(BookFormatError::NoSearch);
        }
        if verification.depth.is_some() || verification.nodes.is_some() {
            settings.verification = Some(verification);
        } else if verification.window.is_some() {
            return Err(BookFormatError::VerifyWindowWithoutSearch);
        }
        Ok(settings)
    }

    /// [`BookSettings::from_book`] of a book that must be of the game called `game`: another game's
    /// is refused.
    pub fn from_book_of(text: &str, game: &'static str) -> Result<BookSettings, BookFormatError> {
        let settings = BookSettings::from_book(text)?;
        if settings.variant != game {
            return Err(BookFormatError::OtherGame {
                found: settings.variant,
                expected: game,
            });
        }
        Ok(settings)
    }
}

/// The scale a `scale=` value names.
fn scale(value: &str) -> Result<BookScale, BookFormatError> {
    match value {
        "common" => Ok(BookScale::Common),
        "game" => Ok(BookScale::Game),
        _ => Err(BookFormatError::BadScale {
            value: value.to_string(),
        }),
    }
}

/// Whether a `verify-eval=` value names the net (`net`) or the hand-written evaluation.
fn uses_net(value: &str) -> Result<bool, BookFormatError> {
    match value {
        "net" => Ok(true),
        "hand-written" => Ok(false),
        _ => Err(BookFormatError::BadVerifyEval {
            value: value.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_settings_line_reads_back() {
        let settings = BookSettings {
            variant: "dipole".into(),
            plies: 6,
            count: 3,
            depth: Some(4),
            nodes: Some(5000),
            window: 40,
            scale: BookScale::Common,
            seed: 9,
            verification: None,
            out: PathBuf::from("books/dipole.txt"),
        };
        let text = settings.header(3);
        assert!(text.contains(
            "# made by: duel book --variant dipole --plies 6 --count 3 --depth 4 --nodes 5000 \
             --window 40 --seed 9 --out books/dipole.txt\n"
        ));
        let back = BookSettings::from_book(&text).unwrap();
        assert_eq!(
            back,
            BookSettings {
                out: PathBuf::new(),
                ..settings.clone()
            }
        );
        let verified = BookSettings {
            verification: Some(Verification {
                depth: Some(12),
                nodes: None,
                window: Some(150),
                net: true,
            }),
            ..settings
        };
        let text = verified.header(2);
        assert!(text.contains("--seed 9 --verify-depth 12 --verify-window 150 --verify-net --out"));
        assert!(
            text.contains("verify-depth=12 verify-window=150 verify-eval=net"),
            "{text}"
        );
        assert!(
            text.contains("a depth-12 search with the net then found"),
            "{text}"
        );
        let back = BookSettings::from_book(&text).unwrap();
        assert_eq!(back.verification, verified.verification);
        let err = BookSettings::from_book("# book: variant=duel depth=x window=3\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("depth=x:"), "{err}");
        let err = BookSettings::from_book("# book: variant=duel window=3\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("neither depth nor nodes"), "{err}");
        let err =
            BookSettings::from_book("# book: variant=duel depth=2 window=3 verify-window=9\n")
                .unwrap_err()
                .to_string();
        assert!(err.contains("verify-window but neither"), "{err}");
        assert!(BookSettings::from_book("startpos\n").is_err());
    }

    #[test]
    fn the_scale_is_recorded_and_a_book_without_one_is_in_the_games_scale() {
        let common = BookSettings {
            variant: "duel".into(),
            depth: Some(2),
            window: 40,
            scale: BookScale::Common,
            ..BookSettings::default()
        };
        let text = common.header(1);
        assert!(text.contains(" window=40 scale=common seed="), "{text}");
        assert!(
            text.contains("within ±40 on the common scale for"),
            "{text}"
        );
        assert_eq!(
            BookSettings::from_book(&text).unwrap().scale,
            BookScale::Common
        );
        // The books made before the common scale name none, and are read in the game's own.
        let legacy = BookSettings::from_book("# book: variant=duel depth=2 window=3\n").unwrap();
        assert_eq!(legacy.scale, BookScale::Game);
        assert!(!legacy.header(1).contains("scale="));
        assert!(!legacy.header(1).contains("common scale"));
        let game = BookSettings::from_book("# book: variant=duel depth=2 window=3 scale=game\n");
        assert_eq!(game.unwrap().scale, BookScale::Game);
        let err = BookSettings::from_book("# book: variant=duel depth=2 window=3 scale=pawns\n")
            .unwrap_err();
        assert!(matches!(&err, BookFormatError::BadScale { value } if value == "pawns"));
        assert_eq!(err.to_string(), "scale=pawns: not 'common' or 'game'");
    }

    #[test]
    fn refusals_of_the_settings_line_are_typed() {
        let refused = |text: &str| BookSettings::from_book(text).unwrap_err();
        assert!(matches!(
            refused("startpos\n"),
            BookFormatError::NoSettingsLine
        ));
        let err = refused("# book: variant=duel depth=x window=3\n");
        let BookFormatError::BadNumber { key, value, .. } = &err else {
            panic!("{err:?}");
        };
        assert_eq!((key.as_str(), value.as_str()), ("depth", "x"));
        assert!(std::error::Error::source(&err).is_some());
        assert!(matches!(
            refused("# book: variant=duel depth"),
            BookFormatError::NotKeyValue { word } if word == "depth"
        ));
        assert!(matches!(
            refused("# book: variant=duel depth=2 colour=red window=3\n"),
            BookFormatError::UnknownKey { key } if key == "colour"
        ));
        assert!(matches!(
            refused("# book: variant=duel depth=2\n"),
            BookFormatError::NoWindow
        ));
        assert_eq!(
            BookFormatError::NoWindow.to_string(),
            "the '# book:' line names no window"
        );
        assert!(matches!(
            refused("# book: variant=duel window=3\n"),
            BookFormatError::NoSearch
        ));
        assert!(matches!(
            refused("# book: variant=duel depth=2 window=3 verify-window=9\n"),
            BookFormatError::VerifyWindowWithoutSearch
        ));
        let err = refused("# book: variant=duel depth=2 window=3 verify-eval=mine\n");
        assert!(matches!(&err, BookFormatError::BadVerifyEval { value } if value == "mine"));
        assert_eq!(
            err.to_string(),
            "verify-eval=mine: not 'net' or 'hand-written'"
        );
        let err = BookSettings::from_book_of("# book: variant=duel depth=2 window=3\n", "dame")
            .unwrap_err();
        assert!(matches!(
            &err,
            BookFormatError::OtherGame { found, expected: "dame" } if found == "duel"
        ));
        assert_eq!(err.to_string(), "the book is of duel, not of dame");
    }
}
