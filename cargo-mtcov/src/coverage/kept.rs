//! The kept evaluation of a run: what [`super::criteria`] made of its
//! records and binaries (per criterion, who covered what; the functions
//! in scope), saved in the run's record directory, so that `report` and
//! `reduce` take it instead of evaluating the records again.
//!
//! It is used only for exactly what made it: the same record directory
//! holding the same files (each by name, size and modification time: a
//! record file added or changed since, the kept binaries included,
//! evaluates again and meets the readers' checks), the same code
//! criteria, `--include` / `--exclude`, workspace root, target directory
//! and members, and the same `cargo-mtcov` executable (its size and
//! modification time: a rebuild or an upgrade evaluates again). Anything
//! else, or a file that cannot be read, is evaluated afresh; the file is
//! written through a rename, so a reader never sees half of it.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{CriterionCoverage, ScopePatterns};
use crate::build::Workspace;
use crate::model::{Call, Criterion, FnInput, Guard, SourceFunction};

/// In a run's record directory: one file per set of code criteria, so
/// that a report of other criteria does not replace the run's own.
pub(super) fn file(record_dir: &Path, criteria: &[Criterion]) -> std::path::PathBuf {
    let names: Vec<&str> = criteria.iter().map(|c| c.name()).collect();
    record_dir.join(format!("evaluation-{}.postcard", names.join(",")))
}

/// What the evaluation was made from.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct Key {
    /// The cargo-mtcov executable: size, modification time (seconds,
    /// nanoseconds).
    executable: (u64, u64, u32),
    record_dir: String,
    /// Every file under the record directory but the kept evaluations and
    /// the source facts (written by the first evaluation): relative
    /// path, size, modification time.
    files: Vec<(String, u64, u64, u32)>,
    root: String,
    target_dir: String,
    members: Vec<(String, String)>,
    criteria: Vec<Criterion>,
    include: Vec<String>,
    exclude: Vec<String>,
}

impl Key {
    /// The key of an evaluation made now; `None` when this executable
    /// cannot be identified (nothing is then kept or read).
    pub(super) fn now(
        workspace: &Workspace,
        record_dir: &Path,
        criteria: &[Criterion],
        patterns: ScopePatterns<'_>,
    ) -> Option<Key> {
        let exe = std::fs::metadata(std::env::current_exe().ok()?).ok()?;
        let modified = exe
            .modified()
            .ok()?
            .duration_since(std::time::UNIX_EPOCH)
            .ok()?;
        let text = |p: &Path| p.display().to_string();
        let mut files = Vec::new();
        list(record_dir, record_dir, &mut files).ok()?;
        files.sort();
        Some(Key {
            executable: (exe.len(), modified.as_secs(), modified.subsec_nanos()),
            record_dir: text(record_dir),
            files,
            root: text(&workspace.root),
            target_dir: text(&workspace.target_dir),
            members: workspace
                .members
                .iter()
                .map(|m| (m.name.clone(), text(&m.manifest_dir)))
                .collect(),
            criteria: criteria.to_vec(),
            include: patterns.include.to_vec(),
            exclude: patterns.exclude.to_vec(),
        })
    }
}

/// The files under `dir`, recursively, as [`Key::files`] lists them.
fn list(root: &Path, dir: &Path, out: &mut Vec<(String, u64, u64, u32)>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        let meta = entry.metadata()?;
        if meta.is_dir() {
            list(root, &path, out)?;
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("evaluation-") || name == super::SOURCE_FACTS {
            continue;
        }
        let modified = meta
            .modified()?
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        let relative = path.strip_prefix(root).unwrap_or(&path);
        out.push((
            relative.display().to_string(),
            meta.len(),
            modified.as_secs(),
            modified.subsec_nanos(),
        ));
    }
    Ok(())
}

/// A function in scope with everything the advice reads of it (the JSON
/// report leaves its calls, conditions and input out; this keeps them).
#[derive(Serialize, Deserialize)]
struct KeptFunction {
    name: String,
    file: String,
    line_start: u32,
    line_end: u32,
    public: Option<bool>,
    calls: Vec<Call>,
    conditions: Vec<Guard>,
    input: Option<FnInput>,
}

impl From<&SourceFunction> for KeptFunction {
    fn from(f: &SourceFunction) -> Self {
        KeptFunction {
            name: f.name.clone(),
            file: f.file.clone(),
            line_start: f.line_start,
            line_end: f.line_end,
            public: f.public,
            calls: f.calls.clone(),
            conditions: f.conditions.clone(),
            input: f.input.clone(),
        }
    }
}

impl From<KeptFunction> for SourceFunction {
    fn from(f: KeptFunction) -> Self {
        SourceFunction {
            name: f.name,
            file: f.file,
            line_start: f.line_start,
            line_end: f.line_end,
            public: f.public,
            calls: f.calls,
            conditions: f.conditions,
            input: f.input,
        }
    }
}

/// The file as written (borrowing) ...
#[derive(Serialize)]
struct Writing<'a> {
    key: &'a Key,
    criteria: &'a [CriterionCoverage],
    functions: Vec<KeptFunction>,
}

/// ... and as read: the same fields in the same order.
#[derive(Deserialize)]
struct Reading {
    key: Key,
    criteria: Vec<CriterionCoverage>,
    functions: Vec<KeptFunction>,
}

/// The kept evaluation of `record_dir` made under `key`, if there is one.
pub(super) fn load(
    record_dir: &Path,
    key: &Key,
) -> Option<(Vec<CriterionCoverage>, Vec<SourceFunction>)> {
    let bytes = std::fs::read(file(record_dir, &key.criteria)).ok()?;
    let kept: Reading = postcard::from_bytes(&bytes).ok()?;
    if kept.key != *key || !consistent(&kept.criteria) {
        return None;
    }
    Some((
        kept.criteria,
        kept.functions
            .into_iter()
            .map(SourceFunction::from)
            .collect(),
    ))
}

/// Keeps an evaluation made under `key`; a failure to write only costs
/// the next command an evaluation.
pub(super) fn save(
    record_dir: &Path,
    key: &Key,
    criteria: &[CriterionCoverage],
    functions: &[SourceFunction],
) {
    let writing = Writing {
        key,
        criteria,
        functions: functions.iter().map(KeptFunction::from).collect(),
    };
    let Ok(bytes) = postcard::to_stdvec(&writing) else {
        return;
    };
    let to = file(record_dir, &key.criteria);
    let partial = to.with_extension(format!("{}", std::process::id()));
    if std::fs::write(&partial, bytes).is_err() || std::fs::rename(&partial, &to).is_err() {
        let _ = std::fs::remove_file(&partial);
    }
}

/// What every evaluation holds: a location and two or three sums per
/// requirement.
fn consistent(criteria: &[CriterionCoverage]) -> bool {
    criteria.iter().all(|c| {
        let n = c.coverage.num_requirements() as usize;
        c.locations.len() == n
            && c.aside.len() == n
            && c.first_use.len() == n
            && c.runs.as_ref().map_or(true, |runs| runs.len() == n)
            && c.clean
                .as_ref()
                .is_none_or(|clean| clean.num_requirements() as usize == n)
    })
}

/// Sorted lists of requirement ids as the kept file holds them: each list
/// as LEB128 differences (about a byte an id, as covered sets are held in
/// memory), not one varint of the id each (three bytes past 16,384).
pub(super) mod sorted_lists {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::measure::{InputIdx, MrIdx};

    type Lists = Vec<(InputIdx, MrIdx, Vec<u32>)>;

    pub(crate) fn serialize<S: Serializer>(lists: &Lists, s: S) -> Result<S::Ok, S::Error> {
        let packed: Vec<(InputIdx, MrIdx, Vec<u8>)> = lists
            .iter()
            .map(|(input, mr, ids)| (*input, *mr, pack(ids)))
            .collect();
        packed.serialize(s)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Lists, D::Error> {
        let packed = Vec::<(InputIdx, MrIdx, Vec<u8>)>::deserialize(d)?;
        packed
            .into_iter()
            .map(|(input, mr, bytes)| {
                unpack(&bytes)
                    .map(|ids| (input, mr, ids))
                    .ok_or_else(|| serde::de::Error::custom("a damaged list of ids"))
            })
            .collect()
    }

    /// Each id minus the one before it (the first as is), in LEB128.
    fn pack(ids: &[u32]) -> Vec<u8> {
        let mut out = Vec::with_capacity(ids.len() + 4);
        let mut last = 0u32;
        for &id in ids {
            let mut delta = id.wrapping_sub(last);
            last = id;
            loop {
                let byte = (delta & 0x7f) as u8;
                delta >>= 7;
                if delta == 0 {
                    out.push(byte);
                    break;
                }
                out.push(byte | 0x80);
            }
        }
        out
    }

    fn unpack(bytes: &[u8]) -> Option<Vec<u32>> {
        let mut ids = Vec::with_capacity(bytes.len());
        let (mut last, mut value, mut shift) = (0u32, 0u32, 0u32);
        for &byte in bytes {
            if shift > 28 {
                return None;
            }
            value |= u32::from(byte & 0x7f) << shift;
            shift += 7;
            if byte & 0x80 == 0 {
                last = last.wrapping_add(value);
                ids.push(last);
                (value, shift) = (0, 0);
            }
        }
        (shift == 0).then_some(ids)
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn lists_pack_and_unpack() {
            for ids in [vec![], vec![0], vec![3, 4, 200, 16_384, 40_000, u32::MAX]] {
                assert_eq!(super::unpack(&super::pack(&ids)), Some(ids));
            }
            assert_eq!(super::unpack(&[0x80]), None);
        }
    }
}
