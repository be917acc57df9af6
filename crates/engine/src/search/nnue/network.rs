//! A quantised net: `features → hidden` (one layer shared by both perspectives, the accumulator), a
//! clipped ReLU, then one output from both halves, the side to move's first, by the output layer of
//! the position's bucket ([`OutputBuckets`]; one, unless the net has more). Integers throughout:
//! the first layer's weights and biases are the float ones × [`QA`] (`i16`), the output's × [`QB`]
//! (`i16`), the output bias × `QA · QB` (`i32`); the evaluation is the output × `scale / (QA · QB)`,
//! in the game's own unit.
//!
//! The file: the engine's file header ([`FILE_KIND`]; `features=`, `hidden=`, `scale=`, `qa=`, `qb=`,
//! where there is more than one output bucket `buckets=` and `bucket_span=`, and how the net was
//! made), then, little-endian, the first layer's weights (`features × hidden` `i16`, one row per
//! feature), its biases (`hidden` `i16`), the output weights (`buckets × 2 × hidden` `i16`, bucket by
//! bucket, each the side to move's half first) and the output biases (`buckets` `i32`). A net of one
//! bucket is the file of the nets before buckets, byte for byte.

use super::file_header::FileHeader;
use super::file_kind::FileKind;
use super::limits::{QA, QB};
use super::net_file_error::NetFileError;
use super::output_buckets::OutputBuckets;
use super::simd::Kernels;

/// What a net file is, to its header.
pub const FILE_KIND: FileKind = FileKind {
    magic: b"DUELNNUE",
    version: 1,
    name: "duel net file",
};

/// The header's lines that a net's sizes are written to.
const SIZE_KEYS: [&str; 7] = [
    "features",
    "hidden",
    "scale",
    "qa",
    "qb",
    "buckets",
    "bucket_span",
];

/// A quantised net, ready to evaluate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    header: FileHeader,
    features: usize,
    hidden: usize,
    scale: i32,
    buckets: OutputBuckets,
    /// `features × hidden`, one row per feature.
    feature_weights: Vec<i16>,
    feature_biases: Vec<i16>,
    /// `buckets × 2 × hidden`: each bucket's side to move's half, then the other's.
    output_weights: Vec<i16>,
    /// One per bucket.
    output_biases: Vec<i32>,
    /// The instructions its loops run on: the machine's best.
    kernels: Kernels,
}

/// A net's integer parameters, in the layout of the file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QuantisedParameters {
    /// `features × hidden`, one row per feature.
    pub feature_weights: Vec<i16>,
    /// `hidden`.
    pub feature_biases: Vec<i16>,
    /// `buckets × 2 × hidden`, bucket by bucket, each the side to move's half first.
    pub output_weights: Vec<i16>,
    /// Each bucket's output bias, in units of `QA · QB`.
    pub output_biases: Vec<i32>,
}

/// A net's sizes: what its file's header states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Input features per perspective.
    pub features: usize,
    /// Neurons of the hidden layer.
    pub hidden: usize,
    /// The game's units of an output of 1.0.
    pub scale: i32,
    /// The output layers, and which one a position uses.
    pub buckets: OutputBuckets,
}

impl Network {
    /// A net of `shape` from its parameters; `header` says how it was made (its size lines are
    /// written from `shape`). Errors name a parameter of the wrong length.
    pub fn new(
        mut header: FileHeader,
        shape: Shape,
        parameters: QuantisedParameters,
    ) -> Result<Network, NetFileError> {
        let Shape {
            features,
            hidden,
            scale,
            buckets,
        } = shape;
        let expect = |part: &'static str, found: usize, expected: usize| {
            if found == expected {
                Ok(())
            } else {
                Err(NetFileError::WrongLength {
                    part,
                    found,
                    expected,
                })
            }
        };
        expect(
            "feature weights",
            parameters.feature_weights.len(),
            features * hidden,
        )?;
        expect("feature biases", parameters.feature_biases.len(), hidden)?;
        expect(
            "output weights",
            parameters.output_weights.len(),
            buckets.count() * 2 * hidden,
        )?;
        expect(
            "output biases",
            parameters.output_biases.len(),
            buckets.count(),
        )?;
        if hidden == 0 || scale <= 0 {
            return Err(NetFileError::NotPositive { hidden, scale });
        }
        header
            .lines
            .retain(|(k, _)| !SIZE_KEYS.contains(&k.as_str()));
        let mut sizes = vec![
            ("features", features),
            ("hidden", hidden),
            ("scale", scale as usize),
            ("qa", QA as usize),
            ("qb", QB as usize),
        ];
        sizes.extend(buckets.header_sizes());
        for (at, (key, value)) in sizes.into_iter().enumerate() {
            header
                .lines
                .insert(at, (key.to_string(), value.to_string()));
        }
        Ok(Network {
            header,
            features,
            hidden,
            scale,
            buckets,
            feature_weights: parameters.feature_weights,
            feature_biases: parameters.feature_biases,
            output_weights: parameters.output_weights,
            output_biases: parameters.output_biases,
            kernels: Kernels::best(),
        })
    }

    /// Reads a net file for `game`, whose perspectives have `features` features. Errors name what is
    /// wrong: not a net file, another game's, other inputs, cut short or too long.
    pub fn from_bytes(bytes: &[u8], game: &str, features: usize) -> Result<Network, NetFileError> {
        let (header, mut at) = FileHeader::decode(bytes, FILE_KIND)?;
        if header.game != game {
            return Err(NetFileError::OtherGame {
                found: header.game,
                expected: game.to_string(),
            });
        }
        let found = header.number("features")?;
        let (hidden, scale) = (header.number("hidden")?, header.number("scale")?);
        let buckets = OutputBuckets::from_header(&header)?;
        let (qa, qb) = (header.number("qa")?, header.number("qb")?);
        if (qa, qb) != (QA as usize, QB as usize) {
            return Err(NetFileError::OtherQuantisation { qa, qb });
        }
        if found != features {
            return Err(NetFileError::OtherFeatures {
                game: game.to_string(),
                found,
                expected: features,
            });
        }
        // The header's sizes may be any number: a part too large to count (`None`) is as cut
        // short as one the file is too short for.
        let mut take = |count: Option<usize>, part: &'static str| -> Result<&[u8], NetFileError> {
            let part = count
                .and_then(|count| bytes.get(at..at.checked_add(count)?))
                .ok_or(NetFileError::Truncated { part })?;
            at += part.len();
            Ok(part)
        };
        let mut read_i16 =
            |count: Option<usize>, part: &'static str| -> Result<Vec<i16>, NetFileError> {
                let raw = take(count.and_then(|count| count.checked_mul(2)), part)?;
                Ok(raw
                    .chunks_exact(2)
                    .map(|c| i16::from_le_bytes([c[0], c[1]]))
                    .collect())
            };
        let feature_weights = read_i16(features.checked_mul(hidden), "feature weights")?;
        let feature_biases = read_i16(Some(hidden), "feature biases")?;
        let output_values = (buckets.count() * 2).checked_mul(hidden);
        let output_weights = read_i16(output_values, "output weights")?;
        let biases = take(Some(4 * buckets.count()), "output biases")?;
        let output_biases = biases
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if at != bytes.len() {
            return Err(NetFileError::TrailingBytes {
                count: bytes.len() - at,
                hidden,
            });
        }
        let scale = i32::try_from(scale).map_err(|_| NetFileError::ScaleTooLarge { scale })?;
        let parameters = QuantisedParameters {
            feature_weights,
            feature_biases,
            output_weights,
            output_biases,
        };
        let shape = Shape {
            features,
            hidden,
            scale,
            buckets,
        };
        Network::new(header, shape, parameters)
    }

    /// The net's file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = self.header.encode(FILE_KIND);
        let parts = [
            &self.feature_weights,
            &self.feature_biases,
            &self.output_weights,
        ];
        for part in parts {
            bytes.extend(part.iter().flat_map(|v| v.to_le_bytes()));
        }
        bytes.extend(self.output_biases.iter().flat_map(|v| v.to_le_bytes()));
        bytes
    }

    /// The header: the game, the sizes and how the net was made.
    pub fn header(&self) -> &FileHeader {
        &self.header
    }

    /// Neurons of the hidden layer: the length of each perspective's accumulator.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The output layers, and which one a position uses.
    pub fn buckets(&self) -> OutputBuckets {
        self.buckets
    }

    /// Sets `values` to the accumulator `parent` (another position's, for the same perspective)
    /// minus the rows of the features `removed` plus those of `added`, in one pass over the lanes:
    /// the fused update.
    ///
    /// # Panics
    /// If `values` or `parent` is not [`Network::hidden`] long, or a feature is beyond the net's.
    #[inline]
    pub fn update(&self, values: &mut [i16], parent: &[i16], removed: &[u16], added: &[u16]) {
        assert_eq!(values.len(), self.hidden, "an accumulator of another size");
        self.kernels
            .update(values, parent, &self.feature_weights, removed, added);
    }

    /// Sets `values` to the accumulator of a position with `features`: the biases plus their rows.
    ///
    /// # Panics
    /// If `values` is not [`Network::hidden`] long, or a feature is beyond the net's.
    #[inline]
    pub fn refresh(&self, values: &mut [i16], features: &[u16]) {
        self.update(values, &self.feature_biases, &[], features);
    }

    /// The evaluation, in the game's unit, for the side to move, whose accumulator is `us` (the
    /// other side's `them`) and who has `active` features active (which picks the output bucket).
    ///
    /// # Panics
    /// If an accumulator is not [`Network::hidden`] long.
    #[inline]
    pub fn evaluate(&self, us: &[i16], them: &[i16], active: usize) -> i32 {
        let bucket = self.buckets.of(active);
        let weights = &self.output_weights[bucket * 2 * self.hidden..][..2 * self.hidden];
        let (ours, theirs) = weights.split_at(self.hidden);
        // Wrapping, as every path sums: the bounds above keep it from wrapping for real nets.
        let sum = self.output_biases[bucket]
            .wrapping_add(self.kernels.output(us, ours))
            .wrapping_add(self.kernels.output(them, theirs));
        (i64::from(sum) * i64::from(self.scale) / i64::from(QA * QB)) as i32
    }

    /// The same net on other instructions, for the tests that compare paths.
    #[cfg(test)]
    pub(crate) fn on(mut self, kernels: Kernels) -> Network {
        self.kernels = kernels;
        self
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::file_header_error::FileHeaderError;
    use super::*;
    use duel_rules::game::Rng;

    /// A net of random small weights and one output bucket, for tests of the machinery (not of
    /// strength).
    pub fn random_network(game: &str, features: usize, hidden: usize, seed: u64) -> Network {
        random_bucketed_network(game, features, hidden, OutputBuckets::ONE, seed)
    }

    /// A net of random small weights with `buckets`, for tests of the machinery.
    pub fn random_bucketed_network(
        game: &str,
        features: usize,
        hidden: usize,
        buckets: OutputBuckets,
        seed: u64,
    ) -> Network {
        let mut rng = Rng::new(seed);
        let mut values = |count: usize, spread: usize| -> Vec<i16> {
            (0..count)
                .map(|_| rng.below(2 * spread + 1) as i16 - spread as i16)
                .collect()
        };
        let parameters = QuantisedParameters {
            feature_weights: values(features * hidden, 60),
            feature_biases: values(hidden, 100),
            output_weights: values(buckets.count() * 2 * hidden, 500),
            output_biases: (0..buckets.count() as i32)
                .map(|b| 1234 - 999 * b)
                .collect(),
        };
        let header = FileHeader {
            game: game.to_string(),
            lines: vec![("command".into(), "test".into())],
        };
        let shape = Shape {
            features,
            hidden,
            scale: 400,
            buckets,
        };
        Network::new(header, shape, parameters).expect("sizes agree")
    }

    #[test]
    fn a_net_file_round_trips_and_bad_ones_are_refused_by_name() {
        let net = random_network("duel", 10, 4, 1);
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes, "duel", 10), Ok(net.clone()));
        assert_eq!(net.header().get("hidden"), Some("4"));
        assert_eq!(net.header().get("buckets"), None);
        let refused = |bytes: &[u8], game: &str, features: usize| {
            Network::from_bytes(bytes, game, features)
                .unwrap_err()
                .to_string()
        };
        assert!(refused(&bytes, "alice", 10).contains("for duel, not for alice"));
        assert!(refused(&bytes, "duel", 11).contains("has 10 input features"));
        let other_quantisation = String::from_utf8_lossy(&bytes).replace("qb=512", "qb=064");
        let other_quantisation = refused(other_quantisation.as_bytes(), "duel", 10);
        assert!(
            other_quantisation.contains("quantised with qa=255, qb=64"),
            "{other_quantisation}"
        );
        assert!(refused(&bytes[..bytes.len() - 3], "duel", 10).contains("cut short"));
        assert!(refused(&[bytes.as_slice(), &[0]].concat(), "duel", 10).contains("1 bytes after"));
        assert!(
            refused(b"DUELDATA\x01\x00\x00\x00\x00\x00", "duel", 10)
                .contains("not a duel net file")
        );
    }

    #[test]
    fn a_bucketed_net_file_round_trips_and_a_bad_bucket_line_is_refused() {
        let buckets = OutputBuckets::new(3, 5).expect("in range");
        let net = random_bucketed_network("dame", 10, 4, buckets, 2);
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes, "dame", 10), Ok(net.clone()));
        assert_eq!(net.header().get("buckets"), Some("3"));
        assert_eq!(net.header().get("bucket_span"), Some("5"));
        let refused = |text: &str| {
            let bytes = String::from_utf8_lossy(&bytes).replace("buckets=3", text);
            Network::from_bytes(bytes.as_bytes(), "dame", 10)
                .unwrap_err()
                .to_string()
        };
        // Two buckets read from three's bytes: the third's weights are left over.
        assert!(refused("buckets=2").contains("bytes after"));
        assert!(refused("buckets=0").contains("0 output buckets"));
        assert!(refused("buckets=x").contains("buckets=x is not a number"));
    }

    /// Found by the `net_file` fuzz target: a header whose `hidden=` times the features does not
    /// fit a `usize` overflowed the size of the feature weights.
    #[test]
    fn fuzz_net_file_hidden_beyond_counting() {
        let header = FileHeader {
            game: "duel".into(),
            lines: [
                ("features", "10"),
                ("hidden", "18446744073709551615"),
                ("scale", "400"),
                ("qa", "255"),
                ("qb", "512"),
            ]
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .to_vec(),
        };
        let mut bytes = header.encode(FILE_KIND);
        bytes.extend([0; 64]);
        assert_eq!(
            Network::from_bytes(&bytes, "duel", 10),
            Err(NetFileError::Truncated {
                part: "feature weights"
            })
        );
    }

    #[test]
    fn a_refused_net_file_carries_what_is_wrong() {
        let net = random_network("duel", 10, 4, 1);
        let bytes = net.to_bytes();
        let refused = |bytes: &[u8], game: &str| Network::from_bytes(bytes, game, 10).unwrap_err();
        assert_eq!(
            refused(b"DUELDATA\x01\x00\x00\x00\x00\x00", "duel"),
            NetFileError::Header(FileHeaderError::WrongMagic { kind: FILE_KIND })
        );
        assert_eq!(
            refused(&bytes, "alice"),
            NetFileError::OtherGame {
                found: "duel".into(),
                expected: "alice".into()
            }
        );
        let truncated = refused(&bytes[..bytes.len() - 3], "duel");
        assert_eq!(
            truncated,
            NetFileError::Truncated {
                part: "output biases"
            }
        );
        assert_eq!(
            truncated.to_string(),
            "the file is cut short in the output biases"
        );
        let header_only = refused(&bytes[..20], "duel");
        assert_eq!(
            header_only,
            NetFileError::Header(FileHeaderError::Truncated)
        );
        assert_eq!(header_only.to_string(), "the header is cut short");
    }

    #[test]
    fn parameters_of_the_wrong_length_are_refused_by_part() {
        let header = FileHeader {
            game: "duel".into(),
            lines: Vec::new(),
        };
        let shape = Shape {
            features: 3,
            hidden: 2,
            scale: 400,
            buckets: OutputBuckets::ONE,
        };
        let parameters = QuantisedParameters {
            feature_weights: vec![0; 6],
            feature_biases: vec![0; 3],
            ..QuantisedParameters::default()
        };
        let refused = Network::new(header, shape, parameters).unwrap_err();
        assert_eq!(
            refused,
            NetFileError::WrongLength {
                part: "feature biases",
                found: 3,
                expected: 2
            }
        );
        assert_eq!(refused.to_string(), "feature biases: 3 values, expected 2");
    }

    #[test]
    fn the_evaluation_is_the_clipped_dot_product_scaled() {
        let net = random_network("duel", 3, 2, 7);
        let (us, them) = ([300, -5], [100, 20]);
        let w = &net.output_weights;
        let sum = net.output_biases[0]
            + 255 * i32::from(w[0])
            + 100 * i32::from(w[2])
            + 20 * i32::from(w[3]);
        assert_eq!(
            net.evaluate(&us, &them, 9),
            (i64::from(sum) * 400 / (255 * 512)) as i32
        );
    }

    #[test]
    fn the_active_count_picks_the_output_bucket() {
        let buckets = OutputBuckets::new(2, 4).expect("in range");
        let net = random_bucketed_network("duel", 3, 2, buckets, 8);
        let (us, them) = ([300, -5], [100, 20]);
        let sum = |bucket: usize| {
            let w = &net.output_weights[4 * bucket..];
            net.output_biases[bucket]
                + 255 * i32::from(w[0])
                + 100 * i32::from(w[2])
                + 20 * i32::from(w[3])
        };
        let scaled = |sum: i32| (i64::from(sum) * 400 / (255 * 512)) as i32;
        assert_ne!(sum(0), sum(1));
        assert_eq!(net.evaluate(&us, &them, 3), scaled(sum(0)));
        assert_eq!(net.evaluate(&us, &them, 4), scaled(sum(1)));
        assert_eq!(net.evaluate(&us, &them, 30), scaled(sum(1)));
    }
}
