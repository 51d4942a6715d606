//! A test binary's own counter layout, read from the file: the profiler's
//! function table (`__llvm_prf_data`) and the length of its counter array
//! (`__llvm_prf_cnts`). mt-runtime writes the same table, read from the
//! running process, into every record header, so comparing the two tells
//! whether a record file was written by exactly this build of the binary:
//! a function whose code changed has another structural hash, and added or
//! removed code moves every counter after it. Records of another build
//! would be mapped onto the wrong code (a changed function's counters
//! silently dropped), so they are refused before any mapping.
//!
//! The layout is raw profile version 10's (LLVM 19 to 22, what mt-runtime
//! reads): 64-byte records of name ref, function hash, counter pointer
//! relative to the record, bitmap pointer, function pointer, value
//! pointer, number of counters, ...

use std::path::Path;

use anyhow::{Context, Result, bail};
use object::{Object, ObjectSection};

use mtcov_protocol::FunctionEntry;

/// Size of one `__llvm_prf_data` record (`__llvm_profile_data`, version 10,
/// 64-bit pointers).
const DATA_RECORD: usize = 64;
/// Offset of `NumCounters` in a record.
const NUM_COUNTERS_AT: usize = 48;

/// The counter layout of a binary, as a record header states it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CounterLayout {
    /// Length of the counter array, in 64-bit counters.
    pub num_counters: u64,
    /// The function table, in section order (the order the runtime sees).
    pub functions: Vec<FunctionEntry>,
}

impl CounterLayout {
    /// Reads `binary`'s layout from its file.
    pub fn read(binary: &Path) -> Result<Self> {
        let data = fs_err::read(binary)?;
        Self::parse(&data).with_context(|| {
            format!(
                "cannot read the profiler's function table of {}",
                binary.display()
            )
        })
    }

    fn parse(bytes: &[u8]) -> Result<Self> {
        let file = object::File::parse(bytes).context("not an object file")?;
        if !file.is_64() || !file.is_little_endian() {
            bail!("only 64-bit little-endian binaries are supported");
        }
        let find = |names: &[&str]| {
            file.sections()
                .find(|s| s.name().is_ok_and(|n| names.contains(&n)))
        };
        let (Some(data), Some(counters)) = (
            find(&["__llvm_prf_data", ".lprfd"]),
            find(&["__llvm_prf_cnts", ".lprfc"]),
        ) else {
            bail!(
                "no __llvm_prf_data / __llvm_prf_cnts section: not built with `-C instrument-coverage`"
            );
        };
        let records = data.data().context("cannot read __llvm_prf_data")?;
        Self::from_sections(records, data.address(), counters.address(), counters.size())
    }

    /// The layout from the raw `__llvm_prf_data` bytes loaded at
    /// `data_address` and a counter section of `counters_size` bytes at
    /// `counters_address`.
    fn from_sections(
        records: &[u8],
        data_address: u64,
        counters_address: u64,
        counters_size: u64,
    ) -> Result<Self> {
        if !records.len().is_multiple_of(DATA_RECORD) {
            bail!(
                "__llvm_prf_data is {} bytes, not a whole number of {DATA_RECORD}-byte records (another raw profile version?)",
                records.len()
            );
        }
        let u64_at = |r: &[u8], at: usize| u64::from_le_bytes(r[at..at + 8].try_into().unwrap());
        let mut functions = Vec::with_capacity(records.len() / DATA_RECORD);
        for (i, record) in records.chunks_exact(DATA_RECORD).enumerate() {
            let address = data_address.wrapping_add((i * DATA_RECORD) as u64);
            let first = address.wrapping_add(u64_at(record, 16));
            let offset = first.wrapping_sub(counters_address);
            let num_counters = u64::from(u32::from_le_bytes(
                record[NUM_COUNTERS_AT..NUM_COUNTERS_AT + 4]
                    .try_into()
                    .unwrap(),
            ));
            if first < counters_address
                || !offset.is_multiple_of(8)
                || offset / 8 + num_counters > counters_size / 8
            {
                bail!("function table row {i} points outside the counter section");
            }
            functions.push(FunctionEntry {
                name_ref: u64_at(record, 0),
                func_hash: u64_at(record, 8),
                first_counter: offset / 8,
                num_counters,
            });
        }
        Ok(Self {
            num_counters: counters_size / 8,
            functions,
        })
    }

    /// How `recorded` (a record header's layout) differs from this one, in
    /// words; `None` when they are the same.
    pub fn difference(&self, num_counters: u64, functions: &[FunctionEntry]) -> Option<String> {
        if let Some((i, (mine, theirs))) = self
            .functions
            .iter()
            .zip(functions)
            .enumerate()
            .find(|(_, (a, b))| a != b)
        {
            let what = if mine.name_ref != theirs.name_ref {
                "another function"
            } else if mine.func_hash != theirs.func_hash {
                "another version of the function (its code changed)"
            } else {
                "the same function at other counters"
            };
            return Some(format!(
                "function table row {i} is {what}: {:016x}/{:016x} in the records, {:016x}/{:016x} in the binary",
                theirs.name_ref, theirs.func_hash, mine.name_ref, mine.func_hash
            ));
        }
        if functions.len() != self.functions.len() || num_counters != self.num_counters {
            return Some(format!(
                "the records name {} functions and {num_counters} counters, the binary has {} and {}",
                functions.len(),
                self.functions.len(),
                self.num_counters
            ));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(name_ref: u64, hash: u64, counter_ptr: i64, counters: u32) -> Vec<u8> {
        let mut r = vec![0u8; DATA_RECORD];
        r[0..8].copy_from_slice(&name_ref.to_le_bytes());
        r[8..16].copy_from_slice(&hash.to_le_bytes());
        r[16..24].copy_from_slice(&counter_ptr.to_le_bytes());
        r[NUM_COUNTERS_AT..NUM_COUNTERS_AT + 4].copy_from_slice(&counters.to_le_bytes());
        r
    }

    #[test]
    fn relative_counter_pointers_become_counter_indices() {
        // Data at 0x2000, counters at 0x1000 (5 counters).
        let mut bytes = record(0xa, 0x1, 0x1000 - 0x2000, 2);
        bytes.extend(record(0xb, 0x2, 0x1010 - 0x2040, 3));
        let layout = CounterLayout::from_sections(&bytes, 0x2000, 0x1000, 40).unwrap();
        assert_eq!(layout.num_counters, 5);
        assert_eq!(
            layout.functions,
            [
                FunctionEntry {
                    name_ref: 0xa,
                    func_hash: 0x1,
                    first_counter: 0,
                    num_counters: 2
                },
                FunctionEntry {
                    name_ref: 0xb,
                    func_hash: 0x2,
                    first_counter: 2,
                    num_counters: 3
                },
            ]
        );
        assert_eq!(layout.difference(5, &layout.functions), None);

        let mut changed = layout.functions.clone();
        changed[1].func_hash = 0x3;
        let why = layout.difference(5, &changed).unwrap();
        assert!(
            why.contains("row 1") && why.contains("code changed"),
            "{why}"
        );
        let why = layout.difference(6, &layout.functions[..1]).unwrap();
        assert!(why.contains("1 functions and 6 counters"), "{why}");
    }

    #[test]
    fn damaged_tables_are_errors() {
        let outside = record(0xa, 0x1, 0x1000 - 0x2000, 6);
        assert!(CounterLayout::from_sections(&outside, 0x2000, 0x1000, 40).is_err());
        assert!(CounterLayout::from_sections(&[0; 63], 0x2000, 0x1000, 40).is_err());
        assert!(CounterLayout::parse(b"not an object").is_err());
    }
}
