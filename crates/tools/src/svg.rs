//! Pictures as SVG text, without a drawing library: the document, escaped text, and a chart panel
//! that maps data to pixels and draws axes, lines and points. `duel spsa` and `duel wdl` draw with it.

use std::fmt::Write;

/// The start of an SVG document of `width` × `height` pixels on a white background; close it with
/// [`END`].
pub fn start(width: f64, height: f64) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    )
}

/// The end of an SVG document.
pub const END: &str = "</svg>\n";

/// `text` with the characters SVG's markup reserves escaped.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A panel of a picture: a frame at `left`, `top` of `width` × `height` pixels showing data within
/// `x` and `y` (low, high).
#[derive(Clone, Copy, Debug)]
pub struct Panel {
    /// The frame's left edge, in pixels.
    pub left: f64,
    /// The frame's top edge, in pixels.
    pub top: f64,
    /// The frame's width, in pixels.
    pub width: f64,
    /// The frame's height, in pixels.
    pub height: f64,
    /// The data's horizontal range.
    pub x: (f64, f64),
    /// The data's vertical range.
    pub y: (f64, f64),
}

impl Panel {
    /// The pixel column of `x`.
    pub fn px(&self, x: f64) -> f64 {
        self.left + self.width * (x - self.x.0) / (self.x.1 - self.x.0)
    }

    /// The pixel row of `y`.
    pub fn py(&self, y: f64) -> f64 {
        self.top + self.height * (self.y.1 - y) / (self.y.1 - self.y.0)
    }

    /// Draws the frame, `ticks` + 1 labelled ticks on each axis, the title above and the axes'
    /// names.
    pub fn frame(&self, svg: &mut String, title: &str, x_name: &str, y_name: &str, ticks: u32) {
        let (right, bottom) = (self.left + self.width, self.top + self.height);
        let _ = writeln!(
            svg,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#999\"/>\n\
             <text x=\"{}\" y=\"{:.1}\" font-weight=\"bold\">{}</text>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" transform=\"rotate(-90 {:.1} {:.1})\">{}</text>",
            self.left,
            self.top,
            self.width,
            self.height,
            self.left,
            self.top - 8.0,
            escape(title),
            self.left + self.width / 2.0,
            bottom + 32.0,
            escape(x_name),
            self.left - 40.0,
            self.top + self.height / 2.0,
            self.left - 40.0,
            self.top + self.height / 2.0,
            escape(y_name),
        );
        for i in 0..=ticks {
            let t = f64::from(i) / f64::from(ticks);
            let (x, y) = (
                self.x.0 + t * (self.x.1 - self.x.0),
                self.y.0 + t * (self.y.1 - self.y.0),
            );
            let _ = writeln!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n\
                 <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n\
                 <line x1=\"{:.1}\" y1=\"{bottom}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#999\"/>\n\
                 <line x1=\"{}\" y1=\"{:.1}\" x2=\"{right}\" y2=\"{:.1}\" stroke=\"#eee\"/>",
                self.px(x),
                bottom + 16.0,
                number(x),
                self.left - 4.0,
                self.py(y) + 4.0,
                number(y),
                self.px(x),
                self.px(x),
                bottom + 4.0,
                self.left,
                self.py(y),
                self.py(y),
            );
        }
    }

    /// A line through `points` (data coordinates), those outside the panel's ranges left out.
    pub fn line(&self, svg: &mut String, points: &[(f64, f64)], colour: &str, dashed: bool) {
        let inside: Vec<String> = points
            .iter()
            .filter(|(x, y)| self.contains(*x, *y))
            .map(|&(x, y)| format!("{:.1},{:.1}", self.px(x), self.py(y)))
            .collect();
        let dash = if dashed {
            " stroke-dasharray=\"4 3\""
        } else {
            ""
        };
        let _ = writeln!(
            svg,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.5\"{dash} points=\"{}\"/>",
            inside.join(" ")
        );
    }

    /// A dot of `radius` pixels at (`x`, `y`), if inside the panel.
    pub fn dot(&self, svg: &mut String, x: f64, y: f64, radius: f64, colour: &str) {
        if self.contains(x, y) {
            let _ = writeln!(
                svg,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{radius:.1}\" fill=\"{colour}\" fill-opacity=\"0.6\"/>",
                self.px(x),
                self.py(y)
            );
        }
    }

    /// A line of the legend, `row` lines below `at` (a share of the frame's width and height from
    /// its top left corner).
    pub fn legend(&self, svg: &mut String, at: (f64, f64), row: u32, colour: &str, text: &str) {
        let y = self.top + at.1 * self.height + 16.0 * f64::from(row);
        let x = self.left + at.0 * self.width;
        let _ = writeln!(
            svg,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"12\" height=\"4\" fill=\"{colour}\"/>\n\
             <text x=\"{:.1}\" y=\"{y:.1}\">{}</text>",
            y - 6.0,
            x + 18.0,
            escape(text)
        );
    }

    fn contains(&self, x: f64, y: f64) -> bool {
        let within = |v: f64, (low, high): (f64, f64)| v >= low.min(high) && v <= low.max(high);
        within(x, self.x) && within(y, self.y)
    }
}

/// A tick's label: whole numbers as they are, others to two places.
fn number(value: f64) -> String {
    if (value - value.round()).abs() < 1e-9 {
        format!("{}", value.round())
    } else {
        format!("{value:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panel_maps_its_ranges_onto_its_frame_and_leaves_out_what_lies_outside() {
        let panel = Panel {
            left: 50.0,
            top: 20.0,
            width: 200.0,
            height: 100.0,
            x: (-100.0, 100.0),
            y: (0.0, 1.0),
        };
        assert_eq!((panel.px(-100.0), panel.px(100.0)), (50.0, 250.0));
        assert_eq!((panel.py(0.0), panel.py(1.0)), (120.0, 20.0));
        let mut svg = String::new();
        panel.line(
            &mut svg,
            &[(0.0, 0.5), (500.0, 0.5), (100.0, 1.0)],
            "red",
            false,
        );
        assert!(svg.contains("points=\"150.0,70.0 250.0,20.0\""), "{svg}");
        panel.dot(&mut svg, 0.0, 2.0, 3.0, "blue");
        assert!(!svg.contains("circle"));
        assert_eq!(escape("a<b & c"), "a&lt;b &amp; c");
    }
}
