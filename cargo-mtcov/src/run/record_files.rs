//! Record files as files: which are in a run directory, what their header
//! says, and a header rewritten for another machine (merged shards). Below
//! `records/` (which reads their lines): `run/` reads the headers of its
//! listing processes to tell which binaries registered MRs.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use mtcov_protocol::{Header, Record};

/// The record files (`*.jsonl`) in `dir`, sorted.
pub(crate) fn record_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read the records directory {}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    Ok(files)
}

/// The header of a record file's text (its first line), when it has one.
pub(crate) fn header_of(text: &str) -> Option<Header> {
    match mtcov_protocol::read::parse_line(text.lines().next()?) {
        Ok(Record::Header(header)) => Some(header),
        _ => None,
    }
}

/// The headers of every record file in `dir`; a file without one (cut
/// before its first line ended) is left out.
pub(crate) fn headers(dir: &Path) -> Result<Vec<Header>> {
    let mut headers = Vec::new();
    for file in record_files(dir)? {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        headers.extend(header_of(&text));
    }
    Ok(headers)
}

/// `text` with its header's `binary` replaced by `binary` (the same test
/// binary's path on this machine); every other line untouched.
pub(crate) fn with_binary(text: &str, header: &Header, binary: &str) -> String {
    let (first, rest) = text.split_at(text.find('\n').unwrap_or(text.len()));
    let quoted = |s: &str| format!("\"binary\":{}", serde_json::Value::from(s));
    let first = first.replacen(&quoted(&header.binary), &quoted(binary), 1);
    format!("{first}{rest}")
}

/// A binary's path as runs and records compare it (symlinks and `..`
/// resolved where the file exists).
pub(crate) fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_are_rebased_and_nothing_else() {
        let text = concat!(
            r#"{"v":7,"kind":"header","runtime":"0.1.0","binary":"/ci/a/t/deps/x-1","pid":3,"registry":[],"coverage":null}"#,
            "\n",
            r#"{"v":7,"kind":"end","lines":1}"#,
            "\n"
        );
        let header = header_of(text).expect("a header");
        assert_eq!(header.binary, "/ci/a/t/deps/x-1");
        let rebased = with_binary(text, &header, "/home/me/t/deps/x-1");
        assert_eq!(rebased, text.replace("/ci/a/t", "/home/me/t"));
        assert_eq!(header_of(&rebased).unwrap().binary, "/home/me/t/deps/x-1");
        assert!(header_of(r#"{"v":7,"kind":"end","lines":1}"#).is_none());
    }
}
