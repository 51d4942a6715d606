//! A kept record file carried over to the new build: every counter index
//! moved to where the new binary keeps the same function's counters.
//!
//! A function keeps its counters' meaning across builds as long as its
//! NameRef (the MD5 of its symbol) and its structural hash stay the same;
//! only its place in the counter array moves when code before it changes.
//! The header gets the new build's function table, so the file reads as
//! one the new binary wrote: every counter vector is rewritten (with its
//! new fingerprint, as the runtime writes vectors: by reference, as
//! changes from a recent one, or in full), and so is each MG's share of
//! the process's counters (its `mg` line); every other line is kept byte
//! for byte.

use std::collections::HashMap;

use mtcov_protocol::write;
use mtcov_protocol::{CoverageLayout, FunctionEntry, Record};

use crate::mapping::CounterLayout;
use crate::records::{FullVectors, VectorWriter};

/// Where each counter of the old build is in the new one.
#[derive(Debug)]
pub(crate) struct Remap {
    /// Old index → new index; `u32::MAX` for a counter of a function the
    /// new build does not have (changed, removed).
    to: Vec<u32>,
}

const GONE: u32 = u32::MAX;

impl Remap {
    /// Matches the two function tables by (NameRef, structural hash), in
    /// table order when a pair appears more than once; a function whose
    /// hash alone differs (rustc's hash covers where the body is, so a
    /// body moved by lines inserted above it gets another) by its NameRef,
    /// when one function of the new build has it, with as many counters.
    /// Only functions no change is inside are moved this way: the caller
    /// keeps no process that ran a changed one.
    pub(crate) fn new(old: &[FunctionEntry], old_len: u64, new: &[FunctionEntry]) -> Remap {
        let mut places: HashMap<(u64, u64), Vec<&FunctionEntry>> = HashMap::new();
        let mut by_name: HashMap<u64, Vec<&FunctionEntry>> = HashMap::new();
        for entry in new.iter().rev() {
            places
                .entry((entry.name_ref, entry.func_hash))
                .or_default()
                .push(entry);
            by_name.entry(entry.name_ref).or_default().push(entry);
        }
        let mut to = vec![GONE; usize::try_from(old_len).unwrap_or(0)];
        for entry in old {
            let place = places
                .get_mut(&(entry.name_ref, entry.func_hash))
                .and_then(Vec::pop)
                .or_else(|| match by_name.get(&entry.name_ref).map(Vec::as_slice) {
                    Some([only]) => Some(*only),
                    _ => None,
                });
            let Some(place) = place.filter(|p| p.num_counters == entry.num_counters) else {
                continue;
            };
            for i in 0..entry.num_counters {
                if let Some(slot) = to.get_mut((entry.first_counter + i) as usize) {
                    *slot = (place.first_counter + i) as u32;
                }
            }
        }
        Remap { to }
    }

    /// The pairs at their new indices, sorted; the first old index whose
    /// function the new build lacks, when a non-zero counter has one.
    pub(crate) fn pairs(&self, pairs: &[(u32, u64)]) -> Result<Vec<(u32, u64)>, u32> {
        let mut out = Vec::with_capacity(pairs.len());
        for &(index, value) in pairs {
            if value == 0 {
                continue;
            }
            match self.to.get(index as usize) {
                Some(&to) if to != GONE => out.push((to, value)),
                _ => return Err(index),
            }
        }
        out.sort_unstable_by_key(|&(index, _)| index);
        Ok(out)
    }
}

/// The record file `text` rewritten for the build whose counter layout is
/// `layout`; what is wrong when it cannot be (a line it cannot read, a
/// counter of a function the new build lacks).
pub(crate) fn translate(
    text: &str,
    remap: &Remap,
    layout: &CounterLayout,
) -> Result<String, String> {
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    // The full vectors of the file, by (source key, old fingerprint):
    // what `changes` and earlier-fingerprint lines refer to.
    let mut full = FullVectors::default();
    // What the new file holds, so that it writes vectors as compactly as
    // the runtime did.
    let mut vectors = VectorWriter::default();
    let moved = |pairs: &[(u32, u64)]| {
        remap
            .pairs(pairs)
            .map_err(|index| format!("counter {index} belongs to a function the new build lacks"))
    };
    for read in crate::records::lines(text) {
        let (number, line, record) = read?;
        let bad = |why: String| format!("line {number}: {why}");
        match record {
            Record::Header(mut header) => {
                let CoverageLayout::Captured {
                    profile_version, ..
                } = header.coverage
                else {
                    return Err(bad("a header without captured coverage".into()));
                };
                header.coverage = CoverageLayout::Captured {
                    profile_version,
                    num_counters: layout.num_counters,
                    functions: layout.functions.clone(),
                };
                write::header(&mut out, &header);
            }
            Record::Cov {
                key,
                mr,
                fingerprint,
                counters,
                shared,
            } => {
                let index = full
                    .resolve(key, fingerprint, counters, |_| Ok(()))
                    .map_err(bad)?;
                let new = moved(&full.pairs(index)).map_err(bad)?;
                let fp = write::fingerprint(&new);
                let out = &mut out;
                vectors.line(key, &new, fp, |c| write::cov(out, key, &mr, fp, c, shared));
            }
            Record::FollowCov {
                key,
                mr,
                fingerprint,
                counters,
            } => {
                let index = full
                    .resolve(key, fingerprint, counters, |_| Ok(()))
                    .map_err(bad)?;
                let new = moved(&full.pairs(index)).map_err(bad)?;
                let fp = write::fingerprint(&new);
                let out = &mut out;
                vectors.line(key, &new, fp, |c| write::follow_cov(out, key, &mr, fp, c));
            }
            Record::Mg(record) if record.shares.is_some() => {
                let vector = |key, fp| full.get(key, fp).map_err(|e| format!("an MG ran {e}"));
                let counters = super::groups::counters_of(&record, vector, &moved).map_err(bad)?;
                super::groups::write_mg(&mut out, &record, &counters);
            }
            Record::Aside {
                counters,
                first_use,
                captures,
                outside,
            } => {
                let counters = moved(&counters).map_err(bad)?;
                let first_use = moved(&first_use).map_err(bad)?;
                let outside = moved(&outside).map_err(bad)?;
                write::aside(&mut out, &counters, &first_use, captures, &outside);
            }
            _ => {
                out.push_str(line);
                if !line.ends_with('\n') {
                    return Err(bad("the last line is cut off".into()));
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mtcov_protocol::Counters;
    use mtcov_protocol::Header;
    use mtcov_protocol::read::parse_line;
    use mtcov_protocol::write::Counters as Written;

    fn entry(name_ref: u64, first_counter: u64, num_counters: u64) -> FunctionEntry {
        FunctionEntry {
            name_ref,
            func_hash: 7,
            first_counter,
            num_counters,
        }
    }

    #[test]
    fn counters_follow_their_function_and_a_changed_one_is_refused() {
        // Old: a at 0..2, b at 2..5, c at 5..6. New: c first, b, and a
        // with more counters (changed), d moved (its hash changed alone).
        let old = [
            entry(1, 0, 2),
            entry(2, 2, 3),
            entry(3, 5, 1),
            entry(4, 6, 1),
        ];
        let changed_a = entry(1, 4, 3);
        let mut moved_d = entry(4, 7, 1);
        moved_d.func_hash = 8;
        let new = [entry(3, 0, 1), entry(2, 1, 3), changed_a, moved_d];
        let remap = Remap::new(&old, 7, &new);
        assert_eq!(
            remap.pairs(&[(5, 9), (2, 1), (4, 3), (6, 2)]),
            Ok(vec![(0, 9), (1, 1), (3, 3), (7, 2)])
        );
        assert_eq!(remap.pairs(&[(1, 1)]), Err(1));
        // A zero counter is no coverage: it need not move.
        assert_eq!(remap.pairs(&[(1, 0)]), Ok(vec![]));
    }

    #[test]
    fn a_file_reads_as_the_new_build_wrote_it() {
        let old = vec![entry(1, 0, 2), entry(2, 2, 2)];
        let new = vec![entry(2, 0, 2), entry(9, 2, 1), entry(1, 3, 2)];
        let header = Header {
            runtime: "0.1.0".into(),
            binary: "/t/deps/x-1".into(),
            pid: 5,
            registry: vec![],
            coverage: CoverageLayout::Captured {
                profile_version: 10,
                num_counters: 4,
                functions: old.clone(),
            },
            categories: vec![],
            attempt: None,
        };
        let mut text = String::new();
        write::header(&mut text, &header);
        write::source(&mut text, 11, "A");
        let a = [(0, 1), (2, 4)];
        let b = [(0, 1), (3, 2)];
        write::cov(
            &mut text,
            11,
            "m::r",
            write::fingerprint(&a),
            Written::Full(&a),
            false,
        );
        let changes = mtcov_protocol::counters::delta(&a, &b);
        write::follow_cov(
            &mut text,
            11,
            "m::r",
            write::fingerprint(&b),
            Written::Changes {
                base_key: 11,
                base_fingerprint: write::fingerprint(&a),
                changes: &changes,
            },
        );
        write::cov(
            &mut text,
            11,
            "m::s",
            write::fingerprint(&a),
            Written::Earlier,
            true,
        );
        write::aside(&mut text, &[(1, 2)], &[], (2, 0), &[(3, 1)]);
        write::end(&mut text, 5, None);
        let layout = CounterLayout {
            num_counters: 5,
            functions: new.clone(),
        };
        let out = translate(&text, &Remap::new(&old, 4, &new), &layout).unwrap();
        let records: Vec<Record> = out.lines().map(|l| parse_line(l).unwrap()).collect();
        let Record::Header(h) = &records[0] else {
            panic!()
        };
        assert_eq!(
            h.coverage,
            CoverageLayout::Captured {
                profile_version: 10,
                num_counters: 5,
                functions: new.clone()
            }
        );
        assert_eq!(out.lines().nth(1), text.lines().nth(1));
        let moved_a = vec![(0, 4), (3, 1)];
        let moved_b = vec![(1, 2), (3, 1)];
        let cov = |r: &Record| match r {
            Record::Cov {
                counters,
                fingerprint,
                ..
            }
            | Record::FollowCov {
                counters,
                fingerprint,
                ..
            } => (counters.clone(), *fingerprint),
            _ => panic!("{r:?}"),
        };
        assert_eq!(
            cov(&records[2]),
            (
                Counters::Full(moved_a.clone()),
                write::fingerprint(&moved_a)
            )
        );
        assert_eq!(
            cov(&records[3]),
            (
                Counters::Full(moved_b.clone()),
                write::fingerprint(&moved_b)
            )
        );
        // The same counters again: by reference, as the runtime writes them.
        assert_eq!(
            cov(&records[4]),
            (Counters::Earlier, write::fingerprint(&moved_a))
        );
        assert!(matches!(&records[4], Record::Cov { shared: true, .. }));
        assert_eq!(
            records[5],
            Record::Aside {
                counters: vec![(4, 2)],
                first_use: vec![],
                captures: (2, 0),
                outside: vec![(1, 1)]
            }
        );
        assert_eq!(
            records[6],
            Record::End {
                lines: 5,
                unselected: None
            }
        );
        // A counter of a function the new build lacks stops the rewrite.
        let gone = Remap::new(&old, 4, &new[..2]);
        assert!(
            translate(&text, &gone, &layout)
                .unwrap_err()
                .contains("line 3")
        );
    }
}
