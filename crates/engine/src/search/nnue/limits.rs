//! The numbers a net must keep to for this build to read it: its quantisation and its largest
//! sizes. The net file, the kernels and the trainer all read them here.

/// The first layer's quantisation: a float 1.0 is this many units, and the clipped ReLU's ceiling.
pub const QA: i32 = 255;
/// The output layer's quantisation. Larger than the usual 64, since the output weights are `i16`,
/// not `i8`: rounding them to 1/512 keeps the evaluation within a unit or two of the float model's,
/// and `QA · QB · 1.98` per neuron stays far from overflowing an `i32` for up to 2,048 neurons.
pub const QB: i32 = 512;
/// The most hidden neurons a net may have: more could overflow the output's `i32` sum.
pub const MAX_HIDDEN: usize = 2048;

/// The most output layers a net may have.
pub const MAX_OUTPUT_BUCKETS: usize = 16;
