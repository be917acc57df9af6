//! One tuned parameter as fishtest takes it: `name,start,min,max,c_end,r_end`, one per `--param` or
//! per line of a `--params` file.

use serde::{Deserialize, Serialize};

/// A spin option of the engine to tune, with its range and its end-of-run step sizes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Param {
    /// The option's name, as `setoption name <name>` takes it.
    pub name: String,
    /// The value the run starts from.
    pub start: f64,
    /// The smallest value θ may take.
    pub min: f64,
    /// The largest value θ may take.
    pub max: f64,
    /// The perturbation c_k at the last iteration.
    pub c_end: f64,
    /// The learning rate's end value: a_end = r_end · c_end².
    pub r_end: f64,
}

impl Param {
    /// Parses `name,start,min,max,c_end,r_end` (spaces around the commas allowed); a start outside
    /// [min, max] or a step that is not positive is refused by name.
    pub fn parse(text: &str) -> Result<Param, String> {
        let fields: Vec<&str> = text.split(',').map(str::trim).collect();
        let [name, numbers @ ..] = fields.as_slice() else {
            unreachable!("split yields at least one field")
        };
        if numbers.len() != 5 || name.is_empty() {
            return Err(format!(
                "parameter '{text}': expected name,start,min,max,c_end,r_end"
            ));
        }
        let mut values = [0.0; 5];
        for (value, word) in values.iter_mut().zip(numbers) {
            *value = word
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("parameter {name}: '{word}' is not a number"))?;
        }
        let [start, min, max, c_end, r_end] = values;
        let param = Param {
            name: name.to_string(),
            start,
            min,
            max,
            c_end,
            r_end,
        };
        param.check().map(|()| param)
    }

    fn check(&self) -> Result<(), String> {
        let name = &self.name;
        if self.min > self.max {
            return Err(format!(
                "parameter {name}: min {} > max {}",
                self.min, self.max
            ));
        }
        if !(self.min..=self.max).contains(&self.start) {
            return Err(format!(
                "parameter {name}: start {} is outside [{}, {}]",
                self.start, self.min, self.max
            ));
        }
        if self.c_end <= 0.0 || self.r_end <= 0.0 {
            return Err(format!(
                "parameter {name}: c_end and r_end must be positive"
            ));
        }
        Ok(())
    }

    /// `value` clamped to [min, max].
    pub fn clamp(&self, value: f64) -> f64 {
        value.clamp(self.min, self.max)
    }
}

/// The parameters of a `--params` file: one per line, blank lines and `#` comments skipped.
pub fn parse_file(text: &str) -> Result<Vec<Param>, String> {
    text.lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .filter(|line| !line.is_empty())
        .map(Param::parse)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_fishtest_lines_and_refuses_bad_ones_by_name() {
        let p = Param::parse("X, 70, 0, 100, 8, 0.002").unwrap();
        assert_eq!(
            (p.name.as_str(), p.start, p.c_end, p.r_end),
            ("X", 70.0, 8.0, 0.002)
        );
        let file = parse_file("# tuned\nA,1,0,2,1,0.1\n\nB,5,0,9,1,0.1 # note\n").unwrap();
        assert_eq!(file.len(), 2);
        let err = Param::parse("X,170,0,100,8,0.002").unwrap_err();
        assert!(err.contains("X") && err.contains("outside"), "{err}");
        for bad in [
            "X,1,0,2,1",
            "X,a,0,2,1,1",
            ",1,0,2,1,1",
            "X,1,3,2,1,1",
            "X,1,0,2,0,1",
        ] {
            assert!(Param::parse(bad).is_err(), "{bad}");
        }
    }
}
