//! The side-to-move field of a position text, `w` or `b`, read and written once for every game.

use super::Side;
use std::fmt;

/// Why the side-to-move field was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideFieldError {
    /// The field is missing.
    Missing,
    /// The field is not `w` or `b`.
    Bad(String),
}

impl fmt::Display for SideFieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SideFieldError::Missing => f.write_str("missing side to move ('w' or 'b')"),
            SideFieldError::Bad(s) => write!(f, "side to move must be 'w' or 'b', found '{s}'"),
        }
    }
}

impl std::error::Error for SideFieldError {}

/// Reads the field, `None` when the text has ended before it.
pub fn parse(field: Option<&str>) -> Result<Side, SideFieldError> {
    match field {
        None => Err(SideFieldError::Missing),
        Some("w") => Ok(Side::White),
        Some("b") => Ok(Side::Black),
        Some(other) => Err(SideFieldError::Bad(other.to_string())),
    }
}

/// The field's letter for `side`: the inverse of [`parse`].
pub const fn letter(side: Side) -> char {
    match side {
        Side::White => 'w',
        Side::Black => 'b',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_round_trips_and_names_its_faults() {
        for side in Side::BOTH {
            assert_eq!(parse(Some(&letter(side).to_string())), Ok(side));
        }
        assert_eq!(parse(None), Err(SideFieldError::Missing));
        assert_eq!(parse(Some("W")), Err(SideFieldError::Bad("W".into())));
        assert_eq!(
            parse(Some("x")).unwrap_err().to_string(),
            "side to move must be 'w' or 'b', found 'x'"
        );
    }
}
