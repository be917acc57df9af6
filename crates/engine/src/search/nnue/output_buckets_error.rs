//! Why a count or span of output buckets ([`super::OutputBuckets`]) was refused.

use super::limits::MAX_OUTPUT_BUCKETS;
use std::fmt;

/// Why a count or span of output buckets was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputBucketsError {
    /// Fewer than one bucket, or more than [`MAX_OUTPUT_BUCKETS`].
    CountOutOfRange {
        /// The count asked for.
        count: usize,
    },
    /// A span of no active features.
    ZeroSpan,
}

impl fmt::Display for OutputBucketsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputBucketsError::CountOutOfRange { count } => write!(
                f,
                "{count} output buckets: from 1 to {MAX_OUTPUT_BUCKETS} are allowed"
            ),
            OutputBucketsError::ZeroSpan => {
                f.write_str("an output bucket's span must be at least 1")
            }
        }
    }
}

impl std::error::Error for OutputBucketsError {}
