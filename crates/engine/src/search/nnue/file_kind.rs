//! What kind of binary file a header ([`super::FileHeader`]) opens: nets, training data, the
//! trainer's checkpoints.

/// What kind of file a header opens: its magic bytes, the version this build writes and reads, and
/// what to call it in errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileKind {
    /// The first bytes of every file of this kind.
    pub magic: &'static [u8; 8],
    /// The format version this build writes and reads.
    pub version: u16,
    /// What errors call it, e.g. `duel datagen file`.
    pub name: &'static str,
}
