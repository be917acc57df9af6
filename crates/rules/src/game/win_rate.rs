//! The win-rate model: the chances that the side to move wins, draws and loses, as functions of a
//! search score and of the game's phase, fitted per game to its engine's own games (`duel wdl`).
//!
//! The form is Stockfish's: the chance of a win is `1 / (1 + e^((a − v) / b))` for a score `v` in
//! the game's evaluation scale, the chance of a loss the same at `−v`, and a draw what is left;
//! `a` (the score of an even chance to win) and `b` (how fast the chance grows) are cubic
//! polynomials in the phase, the material left as a share of the start's
//! ([`super::Evaluation::material`]). In a game without draws `a` is 0.
//!
//! The model also sets the scale every game reports in ([`WinRateModel::centipawns`]): 100 is the
//! score whose expected result (a win counting 1, a draw ½) is 75 % at the game's typical middle
//! game (the median phase of the positions it was fitted on), so that +1.00 means the same chances
//! in every game.
//!
//! A model is shipped with each game's net as text (`nets/<game>.wdl`, with the command that made
//! it); [`WinRateModel::parse`] reads it and says by name what is wrong with a bad one.

use std::fmt;

/// The expected result that the common scale's 100 stands for.
const EXPECTED_AT_100: f64 = 0.75;

/// A game's win-rate model (see the module's documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct WinRateModel {
    /// The game it was fitted to, as the protocol names it (`duel`, `dame`, …).
    pub game: String,
    /// `a`'s coefficients, constant first, in the phase.
    pub a: [f64; 4],
    /// `b`'s coefficients, constant first, in the phase.
    pub b: [f64; 4],
    /// The phases the fit saw, least and most: a phase outside is read as the nearest of the two,
    /// where the polynomials were not fitted.
    pub phase_range: (f64, f64),
    /// The typical middle game's phase, where the common scale is set.
    pub reference_phase: f64,
    /// The score, in the game's evaluation scale, that the common scale counts as 100.
    unit: f64,
}

/// Chances of a win, a draw and a loss for the side to move, in per mille, summing to 1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    /// The chance of a win, per mille.
    pub win: u32,
    /// The chance of a draw, per mille.
    pub draw: u32,
    /// The chance of a loss, per mille.
    pub loss: u32,
}

impl Wdl {
    /// A sure win, draw or loss from `result` (1, ½ or 0 for the side to move).
    pub fn certain(result: f64) -> Wdl {
        if result > 0.75 {
            Wdl {
                win: 1000,
                draw: 0,
                loss: 0,
            }
        } else if result < 0.25 {
            Wdl {
                win: 0,
                draw: 0,
                loss: 1000,
            }
        } else {
            Wdl {
                win: 0,
                draw: 1000,
                loss: 0,
            }
        }
    }

    /// The expected result for the side to move, in percent: a win counts 100, a draw 50. What
    /// the page's bar and the review's losses are counted in.
    pub fn expected_percent(self) -> f64 {
        (f64::from(self.win) + f64::from(self.draw) / 2.0) / 10.0
    }

    /// Reads the first three of `words` as the protocol's `wdl` prints them (`412 301 287`): whole
    /// numbers of per mille. `None` unless there are three and they sum to 1000.
    pub fn from_words(words: &[&str]) -> Option<Wdl> {
        let per_mille = |i: usize| -> Option<u32> {
            let word = words.get(i)?;
            // `parse` alone would take a sign.
            if !word.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            word.parse().ok()
        };
        Wdl::checked(per_mille(0)?, per_mille(1)?, per_mille(2)?)
    }

    /// The chances `win`, `draw` and `loss` per mille; `None` unless they sum to 1000.
    pub fn checked(win: u32, draw: u32, loss: u32) -> Option<Wdl> {
        let sum = u64::from(win) + u64::from(draw) + u64::from(loss);
        (sum == 1000).then_some(Wdl { win, draw, loss })
    }

    /// The same chances from the other side's point of view.
    pub fn flipped(self) -> Wdl {
        Wdl {
            win: self.loss,
            draw: self.draw,
            loss: self.win,
        }
    }
}

impl fmt::Display for Wdl {
    /// `W D L`, as the protocol's `wdl` prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.win, self.draw, self.loss)
    }
}

/// What is wrong with a model's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WinRateModelError {
    /// A line that is neither `key=value`, a comment nor empty.
    NotKeyValue {
        /// The line's number, from 1.
        line: usize,
    },
    /// A key the format does not have.
    UnknownKey {
        /// The line's number, from 1.
        line: usize,
        /// The key.
        key: String,
    },
    /// A required key missing.
    Missing {
        /// The key.
        key: &'static str,
    },
    /// A value that does not read as what its key needs.
    BadValue {
        /// The key.
        key: String,
        /// What is wrong with its value.
        why: String,
    },
    /// A model for another game.
    WrongGame {
        /// The game the model was wanted for.
        expected: String,
        /// The game the model names.
        found: String,
    },
}

impl fmt::Display for WinRateModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotKeyValue { line } => write!(f, "line {line} is not key=value"),
            Self::UnknownKey { line, key } => write!(f, "line {line}: unknown key `{key}`"),
            Self::Missing { key } => write!(f, "`{key}` is missing"),
            Self::BadValue { key, why } => write!(f, "`{key}`: {why}"),
            Self::WrongGame { expected, found } => {
                write!(f, "the model is for {found}, not {expected}")
            }
        }
    }
}

impl std::error::Error for WinRateModelError {}

impl WinRateModel {
    /// The model of `game` with these polynomials, fitted on phases within `phase_range`, its
    /// scale set at `reference_phase`. Refused where `b` is not positive over the range, a value
    /// is not finite, or the reference phase lies outside the range.
    pub fn new(
        game: &str,
        a: [f64; 4],
        b: [f64; 4],
        phase_range: (f64, f64),
        reference_phase: f64,
    ) -> Result<WinRateModel, WinRateModelError> {
        let bad = |key: &str, why: &str| WinRateModelError::BadValue {
            key: key.into(),
            why: why.into(),
        };
        if !a.iter().chain(&b).all(|c| c.is_finite()) {
            return Err(bad("a", "a coefficient is not a finite number"));
        }
        let (low, high) = phase_range;
        if !(0.0..=1.0).contains(&low) || !(low..=1.0).contains(&high) {
            return Err(bad("phase_range", "not two phases 0 ≤ low ≤ high ≤ 1"));
        }
        if !(low..=high).contains(&reference_phase) {
            return Err(bad("reference_phase", "outside phase_range"));
        }
        if (0..=10).any(|i| polynomial(&b, low + (high - low) * f64::from(i) / 10.0) <= 0.0) {
            return Err(bad("b", "not positive over phase_range"));
        }
        let mut model = WinRateModel {
            game: game.into(),
            a,
            b,
            phase_range,
            reference_phase,
            unit: 1.0,
        };
        model.unit = model.score_of_expected(EXPECTED_AT_100, reference_phase);
        Ok(model)
    }

    /// `a` and `b` at `phase` (clamped to the fitted range); `a` is never below 0.
    fn parameters(&self, phase: f64) -> (f64, f64) {
        let phase = phase.clamp(self.phase_range.0, self.phase_range.1);
        (
            polynomial(&self.a, phase).max(0.0),
            polynomial(&self.b, phase),
        )
    }

    /// The chances of a win and of a loss for the side to move at `score` (the game's evaluation
    /// scale) and `phase`, each in 0..1; a draw is the rest.
    pub fn chances(&self, score: f64, phase: f64) -> (f64, f64) {
        let (a, b) = self.parameters(phase);
        let logistic = |v: f64| 1.0 / (1.0 + ((a - v) / b).exp());
        (logistic(score), logistic(-score))
    }

    /// The chances at `score` and `phase` in per mille, summing to 1000.
    pub fn wdl(&self, score: i32, phase: f64) -> Wdl {
        let (win, loss) = self.chances(f64::from(score), phase);
        let win = (win * 1000.0).round() as u32;
        let loss = ((loss * 1000.0).round() as u32).min(1000 - win);
        Wdl {
            win,
            draw: 1000 - win - loss,
            loss,
        }
    }

    /// The expected result (0..1) at `score` and `phase`.
    pub fn expected(&self, score: f64, phase: f64) -> f64 {
        let (win, loss) = self.chances(score, phase);
        (1.0 + win - loss) / 2.0
    }

    /// `score` (the game's evaluation scale) on the common scale: 100 is the score whose expected
    /// result is 75 % at the reference phase.
    pub fn centipawns(&self, score: i32) -> i32 {
        (f64::from(score) * 100.0 / self.unit).round() as i32
    }

    /// The score in the game's evaluation scale that the common scale calls `centipawns`.
    pub fn from_centipawns(&self, centipawns: i32) -> i32 {
        (f64::from(centipawns) * self.unit / 100.0).round() as i32
    }

    /// The score, in the game's scale, that the common scale counts as 100.
    pub fn unit(&self) -> f64 {
        self.unit
    }

    /// The score whose expected result at `phase` is `expected` (½ < expected < 1), by bisection:
    /// the expected result grows with the score.
    fn score_of_expected(&self, expected: f64, phase: f64) -> f64 {
        let (mut low, mut high) = (0.0, 1.0);
        while self.expected(high, phase) < expected && high < 1e9 {
            high *= 2.0;
        }
        for _ in 0..100 {
            let middle = (low + high) / 2.0;
            if self.expected(middle, phase) < expected {
                low = middle;
            } else {
                high = middle;
            }
        }
        high.max(f64::MIN_POSITIVE)
    }

    /// Reads a model's text (`key=value` lines, `#` comments): `game`, `a` and `b` (four
    /// coefficients each, comma-separated, constant first), `phase_range` (two phases) and
    /// `reference_phase`; `positions` (how many positions it was fitted on) is read and ignored.
    /// With `expected_game`, a model of another game is refused.
    pub fn parse(
        text: &str,
        expected_game: Option<&str>,
    ) -> Result<WinRateModel, WinRateModelError> {
        let (mut game, mut a, mut b, mut range, mut reference) = (None, None, None, None, None);
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                return Err(WinRateModelError::NotKeyValue { line: index + 1 });
            };
            let (key, value) = (key.trim(), value.trim());
            match key {
                "game" => game = Some(value.to_string()),
                "a" => a = Some(numbers::<4>(key, value)?),
                "b" => b = Some(numbers::<4>(key, value)?),
                "phase_range" => range = Some(numbers::<2>(key, value)?),
                "reference_phase" => reference = Some(numbers::<1>(key, value)?[0]),
                "positions" => {}
                _ => {
                    return Err(WinRateModelError::UnknownKey {
                        line: index + 1,
                        key: key.into(),
                    });
                }
            }
        }
        let game = game.ok_or(WinRateModelError::Missing { key: "game" })?;
        if let Some(expected) = expected_game
            && expected != game
        {
            return Err(WinRateModelError::WrongGame {
                expected: expected.into(),
                found: game,
            });
        }
        let range = range.ok_or(WinRateModelError::Missing { key: "phase_range" })?;
        WinRateModel::new(
            &game,
            a.ok_or(WinRateModelError::Missing { key: "a" })?,
            b.ok_or(WinRateModelError::Missing { key: "b" })?,
            (range[0], range[1]),
            reference.ok_or(WinRateModelError::Missing {
                key: "reference_phase",
            })?,
        )
    }

    /// The model as [`WinRateModel::parse`] reads it, after `comment` (lines to start with `#`).
    pub fn to_text(&self, comment: &str, positions: usize) -> String {
        let list = |c: &[f64]| {
            c.iter()
                .map(|x| format!("{x:.6}"))
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut text = String::new();
        for line in comment.lines() {
            text.push_str("# ");
            text.push_str(line);
            text.push('\n');
        }
        text.push_str(&format!(
            "game={}\npositions={positions}\na={}\nb={}\nphase_range={:.4},{:.4}\nreference_phase={:.4}\n",
            self.game,
            list(&self.a),
            list(&self.b),
            self.phase_range.0,
            self.phase_range.1,
            self.reference_phase
        ));
        text
    }
}

/// The polynomial with `coefficients` (constant first) at `x`.
pub fn polynomial(coefficients: &[f64], x: f64) -> f64 {
    coefficients.iter().rev().fold(0.0, |sum, c| sum * x + c)
}

/// `N` comma-separated numbers.
fn numbers<const N: usize>(key: &str, value: &str) -> Result<[f64; N], WinRateModelError> {
    let bad = |why: String| WinRateModelError::BadValue {
        key: key.into(),
        why,
    };
    let parts: Vec<&str> = value.split(',').map(str::trim).collect();
    if parts.len() != N {
        return Err(bad(format!("{} numbers where {N} are needed", parts.len())));
    }
    let mut out = [0.0; N];
    for (slot, part) in out.iter_mut().zip(parts) {
        *slot = part
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| bad(format!("`{part}` is not a number")))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess_like() -> WinRateModel {
        WinRateModel::new(
            "dame",
            [100.0, 20.0, 0.0, 0.0],
            [60.0, 0.0, 0.0, 0.0],
            (0.2, 1.0),
            0.6,
        )
        .unwrap()
    }

    #[test]
    fn chances_are_symmetric_and_grow_with_the_score() {
        let model = chess_like();
        let even = model.wdl(0, 0.6);
        assert_eq!(even.win, even.loss);
        assert_eq!(even.win + even.draw + even.loss, 1000);
        let better = model.wdl(150, 0.6);
        assert!(better.win > even.win && better.loss < even.loss);
        assert_eq!(model.wdl(-150, 0.6), better.flipped());
        // At a = 112 (phase 0.6) the chance to win is an even one.
        assert_eq!(model.wdl(112, 0.6).win, 500);
    }

    #[test]
    fn wdl_words_read_back_only_when_whole() {
        let wdl = Wdl {
            win: 412,
            draw: 301,
            loss: 287,
        };
        let text = wdl.to_string();
        let words: Vec<&str> = text.split(' ').collect();
        assert_eq!(Wdl::from_words(&words), Some(wdl));
        assert_eq!(
            Wdl::from_words(&["0", "0", "1000", "nodes"]),
            Some(Wdl::certain(0.0))
        );
        for bad in [
            &["412", "301"][..],
            &["412", "301", "288"],
            &["412", "x", "287"],
            &["+412", "301", "287"],
            &["-1", "1", "1000"],
            &["", "500", "500"],
            &["4294967295", "4294967295", "1002"],
        ] {
            assert_eq!(Wdl::from_words(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_common_scale_puts_100_at_an_expected_75_percent() {
        let model = chess_like();
        let unit = model.from_centipawns(100);
        assert!((model.expected(f64::from(unit), 0.6) - 0.75).abs() < 0.005);
        assert_eq!(model.centipawns(unit), 100);
        assert_eq!(model.centipawns(-unit), -100);
    }

    #[test]
    fn a_game_without_draws_has_none() {
        let model = WinRateModel::new(
            "duel",
            [-5.0, 0.0, 0.0, 0.0],
            [40.0, 0.0, 0.0, 0.0],
            (0.0, 1.0),
            0.5,
        )
        .unwrap();
        let wdl = model.wdl(30, 0.5);
        assert_eq!(wdl.draw, 0, "{wdl:?}");
        assert_eq!(model.wdl(0, 0.5).win, 500);
    }

    #[test]
    fn text_reads_back_to_the_same_model() {
        let model = chess_like();
        let text = model.to_text("made by a test", 12);
        assert!(text.starts_with("# made by a test\n"));
        let again = WinRateModel::parse(&text, Some("dame")).unwrap();
        assert_eq!(again.a, model.a);
        assert_eq!(again.reference_phase, model.reference_phase);
        assert_eq!(again.wdl(80, 0.5), model.wdl(80, 0.5));
    }

    #[test]
    fn a_bad_model_is_refused_by_name() {
        let good = chess_like().to_text("", 1);
        let cases = [
            (
                good.replace("game=dame", "game=alice"),
                "the model is for alice, not dame",
            ),
            (
                good.replace("b=60", "b=-60"),
                "`b`: not positive over phase_range",
            ),
            (
                good.replace("a=100.000000,", "a="),
                "`a`: 3 numbers where 4 are needed",
            ),
            (
                good.replace("reference_phase=0.6000", "reference_phase=x"),
                "`reference_phase`: `x` is not a number",
            ),
            (
                good.replace("reference_phase=0.6000", "reference_phase=0.1"),
                "`reference_phase`: outside phase_range",
            ),
            (
                format!("{good}colour=red\n"),
                "line 7: unknown key `colour`",
            ),
            (format!("{good}oops\n"), "line 7 is not key=value"),
            (
                good.replace("phase_range=0.2000,1.0000\n", ""),
                "`phase_range` is missing",
            ),
        ];
        for (text, message) in cases {
            let error = WinRateModel::parse(&text, Some("dame")).unwrap_err();
            assert_eq!(error.to_string(), message, "{text}");
        }
    }
}
