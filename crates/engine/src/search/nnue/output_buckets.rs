//! Output buckets: a net may keep several output layers and pick one per position by how many
//! features the side to move has active, which in every game's feature set is its count of pieces
//! on the board. An opening, a middle game and an ending then each get their own weighing of the
//! same hidden layer (Stockfish's layer stacks, one layer deep), at the cost of a choice per
//! evaluation. A net without them has one bucket.

use super::file_header::FileHeader;
use super::limits::MAX_OUTPUT_BUCKETS;
use super::net_file_error::NetFileError;
use super::output_buckets_error::OutputBucketsError;

/// How many output layers a net has, and which one a position uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutputBuckets {
    /// How many output layers there are.
    count: usize,
    /// How many active features each bucket covers: bucket `b` takes counts `b·span` to
    /// `(b + 1)·span − 1`, the last bucket every count above.
    span: usize,
}

impl OutputBuckets {
    /// One output layer for every position: a net without buckets.
    pub const ONE: OutputBuckets = OutputBuckets { count: 1, span: 1 };

    /// `count` buckets of `span` active features each; errors name a size out of range.
    pub fn new(count: usize, span: usize) -> Result<OutputBuckets, OutputBucketsError> {
        if !(1..=MAX_OUTPUT_BUCKETS).contains(&count) {
            return Err(OutputBucketsError::CountOutOfRange { count });
        }
        if span == 0 {
            return Err(OutputBucketsError::ZeroSpan);
        }
        Ok(OutputBuckets { count, span })
    }

    /// `count` buckets of equal span that cover active counts from 0 to `most`, the most a position
    /// of the training data has: the last bucket ends at `most`.
    pub fn covering(count: usize, most: usize) -> Result<OutputBuckets, OutputBucketsError> {
        let count = count.max(1);
        OutputBuckets::new(count, most / count + 1)
    }

    /// How many output layers there are.
    pub fn count(self) -> usize {
        self.count
    }

    /// How many active features each bucket covers.
    pub fn span(self) -> usize {
        self.span
    }

    /// The buckets a file's header states (a net's or a checkpoint's): `buckets=` and
    /// `bucket_span=`, or one bucket where the header has no `buckets=` (every file from before
    /// buckets). Errors name the line that is wrong.
    pub fn from_header(header: &FileHeader) -> Result<OutputBuckets, NetFileError> {
        if header.get("buckets").is_none() {
            return Ok(OutputBuckets::ONE);
        }
        let (count, span) = (header.number("buckets")?, header.number("bucket_span")?);
        Ok(OutputBuckets::new(count, span)?)
    }

    /// The header lines that state these buckets: none for one bucket, so that such a file is
    /// the one from before buckets.
    pub fn header_sizes(self) -> Vec<(&'static str, usize)> {
        if self == OutputBuckets::ONE {
            return Vec::new();
        }
        vec![("buckets", self.count), ("bucket_span", self.span)]
    }

    /// The bucket of a position whose side to move has `active` features active.
    #[inline]
    pub fn of(self, active: usize) -> usize {
        (active / self.span).min(self.count - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_cover_equal_spans_and_the_last_takes_the_rest() {
        let buckets = OutputBuckets::covering(4, 24).expect("in range");
        assert_eq!(buckets.span(), 7);
        let of: Vec<usize> = [0, 6, 7, 13, 14, 20, 21, 24, 40]
            .iter()
            .map(|&n| buckets.of(n))
            .collect();
        assert_eq!(of, [0, 0, 1, 1, 2, 2, 3, 3, 3]);
        assert!((0..100).all(|n| OutputBuckets::ONE.of(n) == 0));
    }

    #[test]
    fn sizes_out_of_range_are_refused_by_name() {
        assert!(
            OutputBuckets::new(0, 4)
                .unwrap_err()
                .to_string()
                .contains("0 output buckets")
        );
        assert_eq!(
            OutputBuckets::new(17, 4).unwrap_err().to_string(),
            "17 output buckets: from 1 to 16 are allowed"
        );
        assert_eq!(
            OutputBuckets::new(17, 4),
            Err(OutputBucketsError::CountOutOfRange { count: 17 })
        );
        assert_eq!(OutputBuckets::new(2, 0), Err(OutputBucketsError::ZeroSpan));
        assert!(
            OutputBuckets::new(2, 0)
                .unwrap_err()
                .to_string()
                .contains("span")
        );
    }
}
