//! The workspace's source files as they were built: a content fingerprint
//! of each, taken before the build starts, so that a report of the run is
//! refused once a file it shows has changed (its lines would be shaded
//! with counts of code that is no longer there).
//!
//! Which files: every `.rs` file under each workspace member's directory,
//! except directories that hold another package (`Cargo.toml`), `target`
//! and hidden directories. Taken before the build: an edit made while
//! cargo builds can only make the run look stale, never fresh.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::Workspace;

/// One source file and the FNV-1a 64 of its bytes, in hex.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceFile {
    pub path: PathBuf,
    pub fingerprint: String,
}

/// How a source file differs from the build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Change {
    Edited,
    Removed,
}

impl Change {
    pub(crate) fn word(self) -> &'static str {
        match self {
            Change::Edited => "edited",
            Change::Removed => "removed",
        }
    }
}

/// The fingerprints of the workspace members' source files, sorted by path.
pub(crate) fn fingerprint(workspace: &Workspace) -> Vec<SourceFile> {
    let skip = [
        workspace.target_dir.as_path(),
        workspace.build_root.as_path(),
    ];
    let mut files = Vec::new();
    for member in &workspace.members {
        collect(&member.manifest_dir, true, &skip, &mut files);
    }
    files.sort_unstable();
    files.dedup();
    files
        .into_iter()
        .filter_map(|path| {
            let fingerprint = of(&path)?;
            Some(SourceFile { path, fingerprint })
        })
        .collect()
}

/// The files of `files` whose content is no longer what was fingerprinted.
pub(crate) fn changed(files: &[SourceFile]) -> Vec<(&Path, Change)> {
    files
        .iter()
        .filter_map(|f| match of(&f.path) {
            None => Some((f.path.as_path(), Change::Removed)),
            Some(now) if now != f.fingerprint => Some((f.path.as_path(), Change::Edited)),
            Some(_) => None,
        })
        .collect()
}

fn of(path: &Path) -> Option<String> {
    fingerprint_of(path)
}

/// The fingerprint of a file's content; `None` when it cannot be read.
pub(crate) fn fingerprint_of(path: &Path) -> Option<String> {
    Some(fingerprint_bytes(&std::fs::read(path).ok()?))
}

/// The fingerprint of some bytes, as [`SourceFile::fingerprint`] holds it.
pub(crate) fn fingerprint_bytes(bytes: &[u8]) -> String {
    let hash = mtcov_protocol::fnv::bytes(mtcov_protocol::fnv::OFFSET, bytes.iter().copied());
    format!("{hash:016x}")
}

fn collect(dir: &Path, root: bool, skip: &[&Path], out: &mut Vec<PathBuf>) {
    if skip.contains(&dir) || (!root && dir.join("Cargo.toml").is_file()) {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if kind.is_dir() {
            if !name.starts_with('.') && name != "target" {
                collect(&path, false, skip, out);
            }
        } else if kind.is_file() && name.ends_with(".rs") {
            out.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::Member;

    #[test]
    fn finds_edits_and_removals_and_skips_other_packages() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        for sub in ["src/deep", "tests", "target/debug", "fixture/src", ".git"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        for (file, text) in [
            ("src/lib.rs", "pub fn f() {}"),
            ("src/deep/m.rs", "fn g() {}"),
            ("tests/t.rs", "#[test] fn t() {}"),
            ("target/debug/build.rs", "x"),
            ("fixture/Cargo.toml", "[package]"),
            ("fixture/src/lib.rs", "y"),
            (".git/hook.rs", "z"),
            ("src/notes.txt", "not rust"),
        ] {
            std::fs::write(dir.join(file), text).unwrap();
        }
        let workspace = Workspace {
            root: dir.to_path_buf(),
            target_dir: dir.join("target"),
            build_root: dir.join("target/mtcov"),
            members: vec![Member {
                id: "m".into(),
                name: "m".into(),
                manifest_dir: dir.to_path_buf(),
            }],
        };
        let files = fingerprint(&workspace);
        let names: Vec<PathBuf> = files
            .iter()
            .map(|f| f.path.strip_prefix(dir).unwrap().to_path_buf())
            .collect();
        assert_eq!(
            names,
            [
                PathBuf::from("src/deep/m.rs"),
                PathBuf::from("src/lib.rs"),
                PathBuf::from("tests/t.rs")
            ]
        );
        assert!(changed(&files).is_empty());
        std::fs::write(dir.join("src/lib.rs"), "// a comment\npub fn f() {}").unwrap();
        std::fs::remove_file(dir.join("tests/t.rs")).unwrap();
        let found: Vec<(PathBuf, Change)> = changed(&files)
            .into_iter()
            .map(|(p, c)| (p.strip_prefix(dir).unwrap().to_path_buf(), c))
            .collect();
        assert_eq!(
            found,
            [
                (PathBuf::from("src/lib.rs"), Change::Edited),
                (PathBuf::from("tests/t.rs"), Change::Removed)
            ]
        );
    }
}
