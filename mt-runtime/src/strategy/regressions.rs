//! Files of case seeds next to the test source: the regression file
//! (`mtcov-regressions/<file stem>.txt`: failing cases, replayed first on
//! every run, as proptest keeps `proptest-regressions/`) and the corpus of
//! guided generation (`mtcov-corpus/<file stem>.txt`). Commit them.
//!
//! One line per case: `cc <case seed, 16 hex digits> <test>[#<check>] #
//! <comment>`. Only the seed and the test matter; the rest is for the
//! reader. A seed draws the same value from the same strategy, so a case
//! replays as long as the strategy is unchanged.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// One kind of seed file: its directory and the header it starts with.
pub(crate) struct Kind {
    dir: &'static str,
    header: &'static str,
}

pub(crate) const REGRESSIONS: Kind = Kind {
    dir: "mtcov-regressions",
    header: "\
# Failing cases of mt-runtime's strategy checks, replayed before any other
# case on every run. Each line: `cc <case seed> <test>[#<check>] # <MR>: <input>`.
# Keep this file under version control.
",
};

pub(crate) const CORPUS: Kind = Kind {
    dir: "mtcov-corpus",
    header: "\
# The corpus of mt-runtime's guided generation: the drawn cases that reached
# code no earlier case reached, run instead of drawing on every later run.
# Each line: `cc <case seed> <test>[#<check>] # <input>`. Delete a test's
# lines to draw its corpus again under `cargo mtcov`. Keep this file under
# version control.
",
};

pub(crate) const CASES: Kind = Kind {
    dir: "",
    header: "\
# The cases each strategy check of this test binary drew in the baseline run
# of `cargo mtcov mutants`, replayed exactly under every mutant.
",
};

/// The seed file of this kind for the test source `file` (as `file!()` gives it,
/// relative to the workspace or package root), when that source is found
/// from the current directory or one of its ancestors.
pub(crate) fn path_for(kind: &Kind, file: &str) -> Option<PathBuf> {
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
            .join(kind.dir)
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

/// Appends cases, creating the file with its header when needed; a case
/// already in the file is not written again.
pub(crate) fn save(
    kind: &Kind,
    path: &Path,
    key: &str,
    cases: &[(u64, String)],
) -> std::io::Result<()> {
    let known = load(path, key);
    let cases: Vec<&(u64, String)> = cases
        .iter()
        .filter(|(seed, _)| !known.contains(seed))
        .collect();
    if cases.is_empty() {
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
    let mut text = String::new();
    if new {
        text.push_str(kind.header);
    }
    for (seed, comment) in cases {
        let comment: String = comment
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        text.push_str(&format!("cc {seed:016x} {key} # {comment}\n"));
    }
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
        save(
            &REGRESSIONS,
            &path,
            "a::b",
            &[(0xab, "MR `x`: 1\nnext".into())],
        )
        .unwrap();
        save(&REGRESSIONS, &path, "a::b", &[(0xab, "again".into())]).unwrap();
        save(
            &REGRESSIONS,
            &path,
            "a::b#1",
            &[(0xcd, "other check".into())],
        )
        .unwrap();
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
