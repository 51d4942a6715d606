//! Source identity: the same source value used by several MRs (in several
//! tests, in several processes) must be recognised as one source input.
//!
//! The key is a 64-bit FNV-1a hash of the input's type name and its `Debug`
//! representation, streamed into the hasher without allocating. It is
//! deterministic across runs, processes and machines as long as the type's
//! `Debug` output is. Limits: two values with equal `Debug` output and
//! type are one source input (usually what you want); a `Debug` that prints
//! addresses, hash-map iteration order or time makes one value several
//! inputs; types whose `Debug` elides content (`..`) may merge distinct
//! inputs.

use std::fmt::{self, Debug, Write};

/// The identity of one source input.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SourceKey(pub u64);

impl SourceKey {
    /// The key of `input`.
    pub fn of<T: Debug + ?Sized>(input: &T) -> SourceKey {
        let mut hasher = Fnv1a::new();
        // Writing into the hasher cannot fail; a failing `Debug` impl just
        // ends the key early.
        let _ = write!(hasher, "{}\0{input:?}", std::any::type_name::<T>());
        SourceKey(hasher.0)
    }
}

impl fmt::Display for SourceKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl fmt::Debug for SourceKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SourceKey({self})")
    }
}

/// FNV-1a over what is written into it.
struct Fnv1a(u64);

impl Fnv1a {
    fn new() -> Self {
        Fnv1a(mtcov_protocol::fnv::OFFSET)
    }
}

impl Write for Fnv1a {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 = mtcov_protocol::fnv::bytes(self.0, s.bytes());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_share_a_key_and_different_values_do_not() {
        assert_eq!(SourceKey::of(&(1, "a")), SourceKey::of(&(1, "a")));
        assert_ne!(SourceKey::of(&(1, "a")), SourceKey::of(&(1, "b")));
    }

    #[test]
    fn the_type_is_part_of_the_identity() {
        assert_ne!(SourceKey::of(&1u8), SourceKey::of(&1u16));
    }

    #[test]
    fn keys_are_stable_across_runs() {
        // FNV-1a of "i32\01", computed independently: records written by
        // different processes and builds must agree on it.
        assert_eq!(SourceKey::of(&1i32).to_string(), "4f90a3e633da1fca");
    }
}
