//! `<target>/mtcov/written.json`: the report files `cargo mtcov` wrote
//! outside its target directory (`--json=PATH`, `--markdown=PATH`,
//! `--lcov PATH`, `--html DIR`, ...), with a fingerprint of each file's
//! contents, so that `--affected` does not take a report a run left in
//! the working tree for a change: no build or test reads it, and git does
//! not track it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Result;
use serde::{Deserialize, Serialize};

const FILE_NAME: &str = "written.json";
const KIND: crate::versioned::Kind = crate::versioned::Kind {
    what: "the list of reports cargo mtcov wrote",
    field: "format",
    version: 1,
    remedy: "remove it; the next `cargo mtcov` writes it anew",
};

/// The files and directories written, by absolute path.
#[derive(Debug, Default, Serialize, Deserialize)]
pub(crate) struct Written {
    format: u32,
    /// Each file, and the fingerprint of what was written to it.
    files: BTreeMap<PathBuf, String>,
    /// Directories written whole (the HTML report).
    dirs: Vec<PathBuf>,
}

/// The fingerprint of a file's contents.
fn fingerprint(bytes: &[u8]) -> String {
    let hash = mtcov_protocol::fnv::bytes(mtcov_protocol::fnv::OFFSET, bytes.iter().copied());
    format!("{hash:016x}")
}

/// `path` made absolute against the current directory.
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

impl Written {
    /// The list kept in `mtcov_dir`; empty when there is none or it cannot
    /// be read (every untracked report then counts as a change: safe).
    pub(crate) fn load(mtcov_dir: &Path) -> Written {
        crate::versioned::load(&mtcov_dir.join(FILE_NAME), &KIND, String::new).unwrap_or_default()
    }

    /// Adds the file `path` with the contents `text` written to it.
    pub(crate) fn file(&mut self, path: &Path, text: &str) {
        self.files
            .insert(absolute(path), fingerprint(text.as_bytes()));
    }

    /// Adds the directory `dir`, written whole.
    pub(crate) fn dir(&mut self, dir: &Path) {
        let dir = absolute(dir);
        if !self.dirs.contains(&dir) {
            self.dirs.push(dir);
        }
    }

    /// Keeps the list in `mtcov_dir`.
    pub(crate) fn save(mut self, mtcov_dir: &Path) -> Result<()> {
        self.format = KIND.version;
        std::fs::create_dir_all(mtcov_dir)?;
        crate::versioned::save(&mtcov_dir.join(FILE_NAME), &self, true)
    }

    /// Whether `path` is a file `cargo mtcov` wrote and nothing changed
    /// since, or lies in a directory it wrote whole.
    pub(crate) fn wrote(&self, path: &Path) -> bool {
        let path = absolute(path);
        if self.dirs.iter().any(|dir| path.starts_with(dir)) {
            return true;
        }
        self.files.get(&path).is_some_and(|written| {
            std::fs::read(&path).is_ok_and(|bytes| &fingerprint(&bytes) == written)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_is_known_until_it_is_edited() {
        let dir = tempfile::tempdir().unwrap();
        let report = dir.path().join("report.json");
        let html = dir.path().join("html");
        std::fs::write(&report, "{}").unwrap();
        let mut written = Written::default();
        written.file(&report, "{}");
        written.dir(&html);
        let mtcov = dir.path().join("target/mtcov");
        written.save(&mtcov).unwrap();
        let written = Written::load(&mtcov);
        assert!(written.wrote(&report));
        assert!(written.wrote(&html.join("files/a.html")));
        assert!(!written.wrote(&dir.path().join("notes.txt")));
        // Edited since: no longer what mtcov wrote.
        std::fs::write(&report, "{\"edited\":1}").unwrap();
        assert!(!written.wrote(&report));
        // No list: nothing is known.
        assert!(!Written::load(dir.path()).wrote(&html));
    }
}
