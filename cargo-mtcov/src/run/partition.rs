//! `--partition count:M/N | hash:M/N`: one shard of the tests, with
//! cargo-nextest's semantics, so that N machines together run every test
//! exactly once.
//!
//! - `count`: within each test binary, the listed tests are dealt round
//!   robin: the i-th (from 0) goes to shard `i mod N + 1`.
//! - `hash`: a test goes to shard `h mod N + 1`, where `h` is the 64-bit
//!   FNV-1a hash of its binary id and name; stable across machines and
//!   runs, and independent of which other tests exist.
//!
//! A binary without a libtest harness is one unit named by its binary id
//! alone: `count` gives it to shard 1.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum PartitionKind {
    Count,
    Hash,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Partition {
    pub(crate) kind: PartitionKind,
    /// 1-based shard number.
    pub(crate) shard: u32,
    pub(crate) total: u32,
}

/// `M/N` as two whole numbers, for `--partition` (nextest's, from 1) and
/// `mutants --shard` (cargo-mutants', from 0); each says what they mean.
pub(crate) fn fraction(text: &str) -> Result<(u32, u32), String> {
    let (m, n) = text
        .split_once('/')
        .ok_or_else(|| format!("`{text}` has no `/`"))?;
    let number = |n: &str| {
        n.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{n}` is not a whole number"))
    };
    Ok((number(m)?, number(n)?))
}

impl FromStr for Partition {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let usage = "write count:M/N or hash:M/N, with 1 <= M <= N (e.g. count:1/3)";
        let (kind, numbers) = text
            .split_once(':')
            .ok_or_else(|| format!("`{text}` has no `:`; {usage}"))?;
        let kind = match kind {
            "count" => PartitionKind::Count,
            "hash" => PartitionKind::Hash,
            other => return Err(format!("unknown partition kind `{other}`; {usage}")),
        };
        let (shard, total) = fraction(numbers).map_err(|why| format!("{why}; {usage}"))?;
        if shard == 0 || total == 0 || shard > total {
            return Err(format!("shard {shard} of {total} does not exist; {usage}"));
        }
        Ok(Self { kind, shard, total })
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            PartitionKind::Count => "count",
            PartitionKind::Hash => "hash",
        };
        write!(f, "{kind}:{}/{}", self.shard, self.total)
    }
}

impl Partition {
    /// Whether the `index`-th listed test of binary `binary_id`, named
    /// `test`, belongs to this shard.
    pub(crate) fn contains(&self, binary_id: &str, index: usize, test: &str) -> bool {
        let slot = match self.kind {
            PartitionKind::Count => index as u64 % u64::from(self.total),
            PartitionKind::Hash => fnv1a(binary_id, test) % u64::from(self.total),
        };
        slot + 1 == u64::from(self.shard)
    }

    /// The directory name of this shard's records under `<target>/mtcov`.
    pub(crate) fn dir_name(&self) -> String {
        format!("shard-{}-of-{}", self.shard, self.total)
    }
}

fn fnv1a(binary_id: &str, test: &str) -> u64 {
    mtcov_protocol::fnv::bytes(
        mtcov_protocol::fnv::OFFSET,
        binary_id.bytes().chain([0]).chain(test.bytes()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        let p: Partition = "count:2/3".parse().unwrap();
        assert_eq!(
            p,
            Partition {
                kind: PartitionKind::Count,
                shard: 2,
                total: 3
            }
        );
        assert_eq!(p.to_string(), "count:2/3");
        assert_eq!(p.dir_name(), "shard-2-of-3");
        assert!("hash:1/1".parse::<Partition>().is_ok());
        for bad in [
            "count:0/3",
            "count:4/3",
            "slice:1/2",
            "count:1",
            "count",
            "hash:a/2",
        ] {
            assert!(bad.parse::<Partition>().is_err(), "{bad}");
        }
    }

    #[test]
    fn every_test_is_in_exactly_one_shard() {
        let tests: Vec<String> = (0..50).map(|i| format!("mod{}::t{i}", i % 7)).collect();
        for kind in ["count", "hash"] {
            for total in 1..=4u32 {
                for (index, test) in tests.iter().enumerate() {
                    let owners = (1..=total)
                        .filter(|shard| {
                            let p: Partition = format!("{kind}:{shard}/{total}").parse().unwrap();
                            p.contains("pkg::test/it", index, test)
                        })
                        .count();
                    assert_eq!(owners, 1, "{kind} {total} {test}");
                }
            }
        }
        let first: Partition = "count:1/3".parse().unwrap();
        assert!(first.contains("b", 0, "x") && first.contains("b", 3, "y"));
        assert!(!first.contains("b", 1, "x"));
    }
}
