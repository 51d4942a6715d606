//! Patch adequacy: the lines a diff adds or changes, read with git, so
//! that every code criterion can be restricted to them (`--diff REF`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail};

/// The lines a diff adds or changes, per file (relative to the workspace
/// root, `/`-separated), in the new version.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangedLines {
    /// What the diff is against, as the user named it.
    pub base: String,
    pub files: BTreeMap<String, BTreeSet<u32>>,
}

impl ChangedLines {
    /// Whether the span `first..=last` of `file` holds a changed line.
    pub fn touches(&self, file: &str, first: u32, last: u32) -> bool {
        self.files
            .get(file)
            .is_some_and(|lines| lines.range(first..=last.max(first)).next().is_some())
    }

    /// Changed lines in all.
    pub fn num_lines(&self) -> usize {
        self.files.values().map(BTreeSet::len).sum()
    }
}

/// The lines the working tree adds or changes against `base` (a git
/// revision), from `git diff --unified=0 --relative <base>` run in `root`
/// (committed and uncommitted changes to tracked files), and every line of
/// the Rust sources git does not track yet (not ignored).
pub(crate) fn read(root: &Path, base: &str) -> Result<ChangedLines> {
    let output = Command::new("git")
        .args([
            "diff",
            "--no-color",
            "--no-ext-diff",
            "--unified=0",
            "--relative",
        ])
        .arg(base)
        .arg("--")
        .current_dir(root)
        .output()
        .context("cannot run `git diff` for --diff (is git installed?)")?;
    if !output.status.success() {
        bail!(
            "`git diff {base}` failed in {}: {}\n\
             --diff takes a git revision of the repository that holds the workspace (a branch, a tag, a commit)",
            root.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    let mut changed = parse(base, &String::from_utf8_lossy(&output.stdout))?;
    // Files git does not track yet are wholly added by the working tree.
    let untracked = Command::new("git")
        .args(["ls-files", "--others", "--exclude-standard", "-z"])
        .current_dir(root)
        .output()
        .context("cannot run `git ls-files` for --diff")?;
    if !untracked.status.success() {
        bail!(
            "`git ls-files --others` failed in {}: {}",
            root.display(),
            String::from_utf8_lossy(&untracked.stderr).trim()
        );
    }
    // Only Rust sources can hold requirements (a lock file cargo just
    // wrote is no change to measure).
    for file in String::from_utf8_lossy(&untracked.stdout).split('\0') {
        if !file.ends_with(".rs") {
            continue;
        }
        // Not text (or gone meanwhile): no lines a criterion can hold.
        let Ok(text) = std::fs::read_to_string(root.join(file)) else {
            continue;
        };
        let lines = text.lines().count() as u32;
        changed
            .files
            .entry(file.to_owned())
            .or_default()
            .extend(1..=lines);
    }
    Ok(changed)
}

/// Parses a unified diff (with any context): for each file of the new
/// version, the lines hunks add. A deleted file adds none. Hunks are read
/// by their line counts, so a changed line that looks like a header
/// (`+++ x` added, `--- x` removed) is read as the change it is.
pub fn parse(base: &str, diff: &str) -> Result<ChangedLines> {
    let mut changed = ChangedLines {
        base: base.to_owned(),
        files: BTreeMap::new(),
    };
    let mut file: Option<String> = None;
    // Inside a hunk: the next line of the new version, and how many old
    // and new lines the hunk still holds.
    let mut hunk: Option<(u32, u32, u32)> = None;
    for line in diff.lines() {
        if let Some((at, old, new)) = hunk.as_mut() {
            match line.as_bytes().first() {
                Some(b'+') if *new > 0 => {
                    if let Some(file) = &file {
                        changed.files.entry(file.clone()).or_default().insert(*at);
                    }
                    *at += 1;
                    *new -= 1;
                }
                Some(b'-') if *old > 0 => *old -= 1,
                Some(b' ') | None if *old > 0 && *new > 0 => {
                    *at += 1;
                    *old -= 1;
                    *new -= 1;
                }
                // "\ No newline at end of file"
                Some(b'\\') => {}
                _ => bail!(
                    "a hunk of {} ends early at `{line}`",
                    file.as_deref().unwrap_or("?")
                ),
            }
            if *old == 0 && *new == 0 {
                hunk = None;
            }
            continue;
        }
        if line.starts_with('\\') {
            continue;
        }
        if let Some(path) = line.strip_prefix("+++ ") {
            file = match path {
                "/dev/null" => None,
                path => Some(path.strip_prefix("b/").unwrap_or(path).to_owned()),
            };
        } else if let Some(header) = line.strip_prefix("@@ ") {
            // `@@ -a[,b] +c[,d] @@ ...`; a missing count is 1.
            let range = |sign: char| -> Result<(u32, u32)> {
                let field = header
                    .split_whitespace()
                    .find_map(|f| f.strip_prefix(sign))
                    .with_context(|| format!("a hunk header without its {sign} range: {line}"))?;
                let mut parts = field.splitn(2, ',');
                let number = |text: Option<&str>, default: u32| -> Result<u32> {
                    text.map_or(Ok(default), |t| {
                        t.parse()
                            .with_context(|| format!("a hunk header with a bad number: {line}"))
                    })
                };
                Ok((number(parts.next(), 0)?, number(parts.next(), 1)?))
            };
            let ((_, old), (start, new)) = (range('-')?, range('+')?);
            hunk = (old > 0 || new > 0).then_some((start, old, new));
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn added_and_changed_lines_of_the_new_version() {
        let diff = "\
diff --git a/src/lib.rs b/src/lib.rs
index 1111111..2222222 100644
--- a/src/lib.rs
+++ b/src/lib.rs
@@ -3,0 +4,2 @@ fn a() {
+    let x = 1;
+    let y = 2;
@@ -10 +12 @@ fn b() {
-    old();
+    new();
@@ -20,2 +22,0 @@ fn c() {
-    gone();
-    gone();
diff --git a/src/new.rs b/src/new.rs
new file mode 100644
--- /dev/null
+++ b/src/new.rs
@@ -0,0 +1,2 @@
+pub fn f() {}
+// ---- not a header
diff --git a/src/old.rs b/src/old.rs
deleted file mode 100644
--- a/src/old.rs
+++ /dev/null
@@ -1 +0,0 @@
-pub fn g() {}
";
        let changed = parse("main", diff).unwrap();
        assert_eq!(changed.base, "main");
        let lines = |f: &str| changed.files[f].iter().copied().collect::<Vec<u32>>();
        assert_eq!(lines("src/lib.rs"), [4, 5, 12]);
        assert_eq!(lines("src/new.rs"), [1, 2]);
        assert!(!changed.files.contains_key("src/old.rs"));
        assert_eq!(changed.num_lines(), 5);
        assert!(changed.touches("src/lib.rs", 11, 12));
        assert!(!changed.touches("src/lib.rs", 6, 11));
        assert!(changed.touches("src/lib.rs", 5, 5));
        assert!(!changed.touches("src/other.rs", 1, 100));
    }

    #[test]
    fn context_lines_count_in_the_new_version() {
        let diff = "\
--- a/x.rs
+++ b/x.rs
@@ -1,3 +1,4 @@
 a
-b
+B
+C
 d
";
        let changed = parse("HEAD", diff).unwrap();
        assert_eq!(
            changed.files["x.rs"].iter().copied().collect::<Vec<_>>(),
            [2, 3]
        );
        assert!(parse("HEAD", "+++ b/x.rs\n@@ -1 +zz @@\n+a\n").is_err());
        // Changed lines that look like headers are changes.
        let tricky = "+++ b/y.rs\n@@ -1,2 +1,2 @@\n---- removed\n-x\n++++ added\n+@@ -9 +9 @@\n";
        let changed = parse("HEAD", tricky).unwrap();
        assert_eq!(
            changed.files["y.rs"].iter().copied().collect::<Vec<_>>(),
            [1, 2]
        );
    }
}
