//! Record files as files: which are in a run directory, their text
//! (a finished run's are kept gzip-compressed), what their header says,
//! and a header rewritten for another machine (merged shards). Below
//! `records/` (which reads their lines): `run/` reads the headers of its
//! listing processes to tell which binaries registered MRs.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use flate2::Compression;
use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use mtcov_protocol::{Header, Record};

/// What the runtime writes: JSON Lines.
const PLAIN: &str = ".jsonl";
/// A finished run's record file, compressed.
const COMPRESSED: &str = ".jsonl.gz";
/// Level 2 of 9: on the large benchmark crate's 22 MB of records at 1,000
/// inputs, 35% of the size in 0.3 s (level 1: 40% in 0.2 s; level 3:
/// 33% in 0.6 s); reading them back takes 0.1 s.
const LEVEL: Compression = Compression::new(2);

/// The record files (`*.jsonl`, `*.jsonl.gz`) in `dir`, sorted. A file
/// both plain and compressed (a compression cut short) is its plain one.
pub(crate) fn record_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read the records directory {}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            name.ends_with(PLAIN) || name.ends_with(COMPRESSED)
        })
        .collect();
    files.sort();
    let plain: std::collections::HashSet<PathBuf> = files
        .iter()
        .filter(|f| f.to_string_lossy().ends_with(PLAIN))
        .cloned()
        .collect();
    files.retain(|f| {
        !f.to_string_lossy().ends_with(COMPRESSED) || !plain.contains(&f.with_extension(""))
    });
    Ok(files)
}

/// A record file's name as the runtime wrote it (`.gz` left out).
pub(crate) fn written_name(file: &Path) -> String {
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    name.strip_suffix(".gz").unwrap_or(&name).to_owned()
}

/// A record file's text, and what damaged it when it is a compressed file
/// that ends early or does not decompress: its text is then what it holds
/// up to the damage.
pub(crate) struct RecordText {
    pub(crate) text: String,
    pub(crate) damage: Option<String>,
}

impl RecordText {
    /// The text, when the file is whole.
    pub(crate) fn whole(self, file: &Path) -> Result<String> {
        match self.damage {
            None => Ok(self.text),
            Some(why) => anyhow::bail!(
                "{}: the compressed records are damaged ({why}); rerun `cargo mtcov`",
                file.display()
            ),
        }
    }
}

/// The text of a record file, plain or compressed.
pub(crate) fn record_text(file: &Path) -> Result<RecordText> {
    let bytes = fs_err::read(file)?;
    if !file.to_string_lossy().ends_with(COMPRESSED) {
        return Ok(RecordText {
            text: text_of(bytes),
            damage: None,
        });
    }
    // Sized once: gzip ends with the length of what it holds (mod 2^32),
    // taken at most as 64 times the compressed size (a damaged file).
    let stated = bytes
        .last_chunk::<4>()
        .map_or(0, |last| u32::from_le_bytes(*last) as usize);
    let mut text = Vec::with_capacity(stated.min(bytes.len().saturating_mul(64)));
    let damage = match MultiGzDecoder::new(bytes.as_slice()).read_to_end(&mut text) {
        Ok(_) => None,
        Err(e) => Some(e.to_string()),
    };
    drop(bytes);
    Ok(RecordText {
        text: text_of(text),
        damage,
    })
}

/// `bytes` as text, without a copy when they are UTF-8 (the runtime
/// writes nothing else).
fn text_of(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes)
        .unwrap_or_else(|not_utf8| String::from_utf8_lossy(not_utf8.as_bytes()).into_owned())
}

/// Compresses each plain record file of a finished run's `dir`: the
/// compressed file is written beside it, then takes its place; a file that
/// cannot be compressed stays plain (and is read as it is). Not synced to
/// disk one by one (a run may have a file per test): a crash that leaves a
/// compressed file short reads as lost records, never as fewer ones.
/// Returns, per file compressed (by the name it was written as), how many
/// MGs it records: the next run splits no test of few MGs.
pub(crate) fn compress_records(dir: &Path) -> Result<HashMap<String, u64>> {
    let mut groups = HashMap::new();
    for file in record_files(dir)? {
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        if !name.ends_with(PLAIN) {
            continue;
        }
        let target = file.with_file_name(format!("{name}.gz"));
        let partial = file.with_file_name(format!("{name}.gz.part"));
        let text = fs_err::read(&file)?;
        let mut encoder = GzEncoder::new(fs_err::File::create(&partial)?, LEVEL);
        encoder.write_all(&text)?;
        encoder.finish()?;
        fs_err::rename(&partial, &target)?;
        fs_err::remove_file(&file)?;
        let text = text_of(text);
        groups.insert(name.into_owned(), text.matches(MG_LINE).count() as u64);
    }
    Ok(groups)
}

/// How every `mg` line starts, after its version.
const MG_LINE: &str = r#""kind":"mg","#;

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
        let Ok(read) = record_text(&file) else {
            continue;
        };
        headers.extend(header_of(&read.text));
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

    fn text(file: &Path) -> String {
        record_text(file).unwrap().whole(file).unwrap()
    }

    #[test]
    fn a_finished_run_is_kept_compressed_and_reads_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let lines: String = (0..2000)
            .map(|i| format!(r#"{{"v":7,"kind":"source","key":"{i:016x}","debug":"{i}"}}"#) + "\n")
            .collect();
        std::fs::write(dir.path().join("a-1.jsonl"), &lines).unwrap();
        std::fs::write(dir.path().join("b-2.jsonl"), "").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "not records").unwrap();
        compress_records(dir.path()).unwrap();
        let files = record_files(dir.path()).unwrap();
        let names: Vec<String> = files
            .iter()
            .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["a-1.jsonl.gz", "b-2.jsonl.gz"]);
        assert_eq!(written_name(&files[0]), "a-1.jsonl");
        assert_eq!(text(&files[0]), lines);
        assert_eq!(text(&files[1]), "");
        let compressed = std::fs::metadata(&files[0]).unwrap().len() as usize;
        assert!(
            compressed * 3 < lines.len(),
            "{compressed} of {}",
            lines.len()
        );
        // Compressing again changes nothing; a plain file reads as it is.
        compress_records(dir.path()).unwrap();
        assert_eq!(record_files(dir.path()).unwrap(), files);
        // A compression cut short (both forms there): the plain one counts.
        std::fs::write(dir.path().join("a-1.jsonl"), &lines).unwrap();
        let both = record_files(dir.path()).unwrap();
        assert_eq!(both, [dir.path().join("a-1.jsonl"), files[1].clone()]);
        std::fs::remove_file(dir.path().join("a-1.jsonl")).unwrap();
        let plain = dir.path().join("c-3.jsonl");
        std::fs::write(&plain, "plain\n").unwrap();
        assert_eq!(text(&plain), "plain\n");
    }

    #[test]
    fn a_damaged_compressed_file_reads_as_what_it_holds_before_the_damage_and_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let lines: String = (0..5000)
            .map(|i| format!("line {i} {}\n", i * 7919))
            .collect();
        std::fs::write(dir.path().join("a-1.jsonl"), &lines).unwrap();
        compress_records(dir.path()).unwrap();
        let file = dir.path().join("a-1.jsonl.gz");
        let bytes = std::fs::read(&file).unwrap();
        std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
        let cut = record_text(&file).unwrap();
        assert!(!cut.text.is_empty() && cut.text.len() < lines.len());
        assert!(lines.starts_with(&cut.text));
        assert!(cut.damage.is_some());
        let error = cut.whole(&file).unwrap_err().to_string();
        assert!(
            error.contains("the compressed records are damaged"),
            "{error}"
        );
        // Damage to the checksum alone: every line is there, and still the
        // file is not taken as whole.
        let mut trailer = bytes.clone();
        let at = trailer.len() - 6;
        trailer[at] ^= 0xff;
        std::fs::write(&file, &trailer).unwrap();
        let read = record_text(&file).unwrap();
        assert_eq!(read.text, lines);
        assert!(read.damage.is_some());
        // Empty (a crash before its data reached the disk).
        std::fs::write(&file, b"").unwrap();
        let read = record_text(&file).unwrap();
        assert_eq!(read.text, "");
        assert!(read.damage.is_some());
    }

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
