//! The picture of a fit: the model's chances against the results it was fitted on, in three
//! phases of the game, and the reliability diagram of the positions it was checked on.

use super::calibration::ReliabilityRow;
use super::samples::{Outcome3, WdlSample};
use crate::svg::{self, Panel};
use duel_rules::game::WinRateModel;

/// A panel's size and the room around it, in pixels.
const WIDTH: f64 = 560.0;
const HEIGHT: f64 = 300.0;
const MARGIN: f64 = 64.0;
/// Score buckets across the panel; a bucket with fewer positions is not drawn.
const BUCKETS: usize = 40;
const BUCKET_MIN: usize = 30;
/// The colours of the early, middle and late phases.
const COLOURS: [&str; 3] = ["#1f77b4", "#2ca02c", "#d62728"];

/// The SVG of `model` against `fitted` (its training positions) and of `reliability` (its check).
pub fn draw(model: &WinRateModel, fitted: &[WdlSample], reliability: &[ReliabilityRow]) -> String {
    let height = 2.0 * (HEIGHT + 2.0 * MARGIN);
    let mut out = svg::start(WIDTH + 2.0 * MARGIN, height);
    // Four times the common scale's 100, rounded up to a multiple of 50 for the axis's labels.
    let range = (4.0 * model.unit() / 50.0).ceil() * 50.0;
    let chances = Panel {
        left: MARGIN,
        top: MARGIN,
        width: WIDTH,
        height: HEIGHT,
        x: (-range, range),
        y: (0.0, 1.0),
    };
    chances.frame(
        &mut out,
        &format!(
            "{}: chances of a win (rising) and a loss (falling)",
            model.game
        ),
        "search score, the game's evaluation scale",
        "chance",
        4,
    );
    draw_phases(&mut out, &chances, model, fitted);
    let check = Panel {
        top: HEIGHT + 3.0 * MARGIN,
        x: (0.0, 1.0),
        ..chances
    };
    check.frame(
        &mut out,
        "reliability on fresh games: observed against predicted chance to win",
        "predicted chance to win",
        "observed win rate",
        5,
    );
    check.line(&mut out, &[(0.0, 0.0), (1.0, 1.0)], "#999", true);
    for row in reliability {
        let radius = (row.count as f64).sqrt().clamp(2.0, 60.0) / 4.0 + 2.0;
        check.dot(&mut out, row.predicted, row.observed, radius, COLOURS[0]);
    }
    out.push_str(svg::END);
    out
}

/// For each third of the positions by phase: the observed win and loss rates per score bucket as
/// dots, the model's curves at the third's median phase as lines.
fn draw_phases(out: &mut String, panel: &Panel, model: &WinRateModel, fitted: &[WdlSample]) {
    let mut sorted = fitted.to_vec();
    sorted.sort_by(|x, y| x.phase.total_cmp(&y.phase));
    let third = sorted.len().div_ceil(3).max(1);
    for (index, group) in sorted.chunks(third).enumerate() {
        let colour = COLOURS[index % COLOURS.len()];
        let phase = group[group.len() / 2].phase;
        // The middle of the left edge: the curves are far from even there.
        panel.legend(
            out,
            (0.02, 0.42),
            index as u32,
            colour,
            &format!("phase {phase:.2}: data (dots), model (lines)"),
        );
        for (score, wins, losses) in observed(group, panel.x) {
            panel.dot(out, score, wins, 2.5, colour);
            panel.dot(out, score, losses, 2.5, colour);
        }
        let curve = |loss: bool| -> Vec<(f64, f64)> {
            (0..=100)
                .map(|i| {
                    let score = panel.x.0 + (panel.x.1 - panel.x.0) * f64::from(i) / 100.0;
                    let (win, lose) = model.chances(score, phase);
                    (score, if loss { lose } else { win })
                })
                .collect()
        };
        panel.line(out, &curve(false), colour, false);
        panel.line(out, &curve(true), colour, false);
    }
}

/// The mean score, win rate and loss rate of each bucket of `range` holding enough positions.
fn observed(group: &[WdlSample], range: (f64, f64)) -> Vec<(f64, f64, f64)> {
    let width = (range.1 - range.0) / BUCKETS as f64;
    let mut sums = vec![(0usize, 0.0, 0usize, 0usize); BUCKETS];
    for s in group {
        let bucket = ((s.score - range.0) / width).floor();
        if (0.0..BUCKETS as f64).contains(&bucket) {
            let sum = &mut sums[bucket as usize];
            sum.0 += 1;
            sum.1 += s.score;
            sum.2 += usize::from(s.result == Outcome3::Win);
            sum.3 += usize::from(s.result == Outcome3::Loss);
        }
    }
    sums.into_iter()
        .filter(|sum| sum.0 >= BUCKET_MIN)
        .map(|(n, score, wins, losses)| {
            let n_f = n as f64;
            (score / n_f, wins as f64 / n_f, losses as f64 / n_f)
        })
        .collect()
}
