//! The regression file: seeds of failing cases, replayed first on every
//! run, kept next to the test source in `mtcov-regressions/<file stem>.txt`
//! (as proptest keeps `proptest-regressions/`). Commit it.
//!
//! One line per case: `cc <case seed, 16 hex digits> <test>[#<check>] #
//! <MR>: <minimal input>`. Only the seed and the test matter; the rest is
//! for the reader. A seed draws the same value from the same strategy, so
//! a case replays as long as the strategy is unchanged.

use std::io::Write as _;
use std::path::{Path, PathBuf};

const HEADER: &str = "\
# Failing cases of mt-runtime's strategy checks, replayed before any other
# case on every run. Each line: `cc <case seed> <test>[#<check>] # <MR>: <input>`.
# Keep this file under version control.
";

/// The regression file of the test source `file` (as `file!()` gives it,
/// relative to the workspace or package root), when that source is found
/// from the current directory or one of its ancestors.
pub(crate) fn path_for(file: &str) -> Option<PathBuf> {
    let source = Path::new(file);
    let source = if source.is_absolute() {
        source.to_path_buf()
    } else {
        let cwd = std::env::current_dir().ok()?;
        cwd.ancestors()
            .map(|dir| dir.join(source))
            .find(|path| path.is_file())?
    };
    let stem = source.file_stem()?;
    Some(
        source
            .parent()?
            .join("mtcov-regressions")
            .join(stem)
            .with_extension("txt"),
    )
}

/// The key of one strategy check in the file.
pub(crate) fn key(test: &str, call: u32) -> String {
    if call == 0 {
        test.to_owned()
    } else {
        format!("{test}#{call}")
    }
}

/// The case seeds saved for `key`, in file order.
pub(crate) fn load(path: &Path, key: &str) -> Vec<u64> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let mut seeds = Vec::new();
    for line in text.lines() {
        let mut fields = line.split_whitespace();
        if fields.next() != Some("cc") {
            continue;
        }
        let (Some(seed), Some(test)) = (fields.next(), fields.next()) else {
            continue;
        };
        if test == key
            && let Ok(seed) = u64::from_str_radix(seed, 16)
            && !seeds.contains(&seed)
        {
            seeds.push(seed);
        }
    }
    seeds
}

/// Appends a case, creating the file with its header when needed.
pub(crate) fn save(path: &Path, key: &str, seed: u64, comment: &str) -> std::io::Result<()> {
    if load(path, key).contains(&seed) {
        return Ok(());
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let new = !path.exists();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    let comment: String = comment
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut text = String::new();
    if new {
        text.push_str(HEADER);
    }
    text.push_str(&format!("cc {seed:016x} {key} # {comment}\n"));
    file.write_all(text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_cases_load_for_their_key_only_and_once() {
        let dir =
            std::env::temp_dir().join(format!("mtcov-regressions-unit-{}", std::process::id()));
        let path = dir.join("mtcov-regressions/t.txt");
        let _ = std::fs::remove_dir_all(&dir);
        save(&path, "a::b", 0xab, "MR `x`: 1\nnext").unwrap();
        save(&path, "a::b", 0xab, "again").unwrap();
        save(&path, "a::b#1", 0xcd, "other check").unwrap();
        assert_eq!(load(&path, "a::b"), [0xab]);
        assert_eq!(load(&path, "a::b#1"), [0xcd]);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# Failing cases"), "{text}");
        assert!(
            text.contains("cc 00000000000000ab a::b # MR `x`: 1 next\n"),
            "{text}"
        );
        assert_eq!(
            text.lines().filter(|l| l.starts_with("cc ")).count(),
            2,
            "{text}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
