//! The picture of a run: one panel per parameter, its θ over the iterations as a line between its
//! range's bounds, drawn as SVG text ([`crate::svg`]).

use super::param::Param;
use crate::svg::{self, escape};
use std::fmt::Write;

/// A panel's size, in pixels.
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 160.0;
/// The room left of and above a panel for its labels.
const MARGIN: f64 = 48.0;

/// The SVG of `history` (θ at the start and after each iteration) for `params`.
pub fn draw(params: &[Param], history: &[Vec<f64>]) -> String {
    let panel = HEIGHT + MARGIN;
    let (width, height) = (WIDTH + 2.0 * MARGIN, panel * params.len() as f64 + MARGIN);
    let mut svg = svg::start(width, height);
    for (index, param) in params.iter().enumerate() {
        let top = MARGIN + panel * index as f64;
        let path: Vec<f64> = history.iter().map(|theta| theta[index]).collect();
        draw_panel(&mut svg, param, &path, top);
    }
    svg.push_str(svg::END);
    svg
}

/// One parameter's panel: its frame, the bounds and the last value as labels, the path.
fn draw_panel(svg: &mut String, param: &Param, path: &[f64], top: f64) {
    let last = path.last().copied().unwrap_or(param.start);
    let span = (param.max - param.min).max(f64::MIN_POSITIVE);
    let steps = (path.len().max(2) - 1) as f64;
    let x = |i: usize| MARGIN + WIDTH * i as f64 / steps;
    let y = |v: f64| top + HEIGHT * (param.max - v) / span;
    let points: Vec<String> = path
        .iter()
        .enumerate()
        .map(|(i, &v)| format!("{:.1},{:.1}", x(i), y(v)))
        .collect();
    let _ = writeln!(
        svg,
        "<rect x=\"{MARGIN}\" y=\"{top}\" width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"none\" stroke=\"#999\"/>\n\
         <text x=\"{MARGIN}\" y=\"{:.1}\">{} (start {}, now {last:.2}, {} iterations)</text>\n\
         <text x=\"4\" y=\"{:.1}\">{}</text>\n<text x=\"4\" y=\"{:.1}\">{}</text>\n\
         <polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\" points=\"{}\"/>",
        top - 6.0,
        escape(&param.name),
        param.start,
        path.len().saturating_sub(1),
        top + 12.0,
        param.max,
        top + HEIGHT,
        param.min,
        points.join(" ")
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_a_panel_per_parameter_with_its_path() {
        let params = vec![
            Param::parse("X,50,0,100,4,0.002").unwrap(),
            Param::parse("A<B,1,0,2,1,0.1").unwrap(),
        ];
        let svg = draw(
            &params,
            &[vec![50.0, 1.0], vec![60.0, 2.0], vec![100.0, 0.0]],
        );
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains("A&lt;B"));
        // X's path: 50 is half way down the first panel, 100 at its top.
        assert!(
            svg.contains("points=\"48.0,128.0 368.0,112.0 688.0,48.0\""),
            "{svg}"
        );
    }
}
