//! Patch adequacy: the lines a diff adds or changes, read with git, so
//! that every code criterion can be restricted to them (`--diff REF`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::process::ProcessBuilder;

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
    let diff = git_diff(root, base, "--diff")?;
    let mut changed = parse(base, &diff)?;
    // Files git does not track yet are wholly added by the working tree.
    // Only Rust sources can hold requirements (a lock file cargo just
    // wrote is no change to measure).
    for file in untracked(root, "--diff")? {
        if !file.ends_with(".rs") {
            continue;
        }
        // Not text (or gone meanwhile): no lines a criterion can hold.
        let Ok(text) = std::fs::read_to_string(root.join(&file)) else {
            continue;
        };
        let lines = text.lines().count() as u32;
        changed.files.entry(file).or_default().extend(1..=lines);
    }
    Ok(changed)
}

/// `git diff --unified=0 --relative <base>` in `root`: the working tree
/// (committed and uncommitted changes to tracked files) against `base`.
/// `option` names the flag that asked, for errors.
pub(crate) fn git_diff(root: &Path, base: &str, option: &str) -> Result<String> {
    let output = ProcessBuilder::new("git")
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
        .with_context(|| format!("`git diff` for {option}: is git installed?"))?;
    if !output.status.success() {
        bail!(
            "`git diff {base}` failed in {}: {}\n\
             {option} takes a git revision of the repository that holds the workspace (a branch, a tag, a commit)",
            root.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The files under `root` git does not track yet (and does not ignore),
/// relative to `root`.
pub(crate) fn untracked(root: &Path, option: &str) -> Result<Vec<String>> {
    let output = ProcessBuilder::new("git")
        .args(["ls-files", "--others", "--exclude-standard", "-z"])
        .current_dir(root)
        .output()
        .with_context(|| format!("`git ls-files` for {option}: is git installed?"))?;
    if !output.status.success() {
        bail!(
            "`git ls-files --others` failed in {}: {}",
            root.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(String::from_utf8_lossy(&output.stdout)
        .split('\0')
        .filter(|f| !f.is_empty())
        .map(str::to_owned)
        .collect())
}

/// One file of a unified diff, in both versions.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct FileDiff {
    /// Its path in the old version; `None` when the diff adds it.
    pub old: Option<String>,
    /// Its path in the new version; `None` when the diff deletes it.
    pub new: Option<String>,
    /// Lines of the old version the diff removes or changes.
    pub removed: BTreeSet<u32>,
    /// Lines of the old version after which the diff only inserts (0:
    /// before the first line).
    pub inserted_after: BTreeSet<u32>,
    /// Lines of the new version the diff adds or changes.
    pub added: BTreeSet<u32>,
    /// Whether it changes the file without a hunk (a binary file, a mode).
    pub without_hunks: bool,
}

/// Where each line of a changed file's new version was in the old one:
/// the lines neither side changed pair up in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct LineShift {
    /// Lines of the old version the diff removes or changes.
    removed: BTreeSet<u32>,
    /// Lines of the new version the diff adds or changes.
    added: BTreeSet<u32>,
}

impl LineShift {
    pub(crate) fn new(removed: BTreeSet<u32>, added: BTreeSet<u32>) -> LineShift {
        LineShift { removed, added }
    }

    /// The old line of `new`, `None` for a line the diff added or changed.
    pub(crate) fn old_line(&self, new: u32) -> Option<u32> {
        if self.added.contains(&new) {
            return None;
        }
        // `new` is the k-th line the diff left alone; the old version's
        // k-th such line is `k` plus the removed lines up to it.
        let k = new - self.added.range(..new).count() as u32;
        let mut old = k;
        for &r in &self.removed {
            if r > old {
                break;
            }
            old += 1;
        }
        Some(old)
    }

    /// The old lines of the span `first..=last` of the new version, when
    /// no change lies inside it (every line moved by the same offset).
    pub(crate) fn old_span(&self, first: u32, last: u32) -> Option<(u32, u32)> {
        let (a, b) = (self.old_line(first)?, self.old_line(last)?);
        (b.checked_sub(a)? == last - first).then_some((a, b))
    }
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
    for file in parse_files(diff)? {
        if let Some(new) = file.new
            && !file.added.is_empty()
        {
            changed.files.entry(new).or_default().extend(file.added);
        }
    }
    Ok(changed)
}

/// Parses a unified diff into its files, with the lines each version
/// changes ([`parse`] keeps the new version's).
pub(crate) fn parse_files(diff: &str) -> Result<Vec<FileDiff>> {
    let mut files: Vec<FileDiff> = Vec::new();
    // Whether the current file's `---` and `+++` lines were read (another
    // such line starts the next file when no `diff --git` line came
    // between).
    let (mut had_old, mut had_new) = (false, false);
    let mut hunk: Option<Hunk> = None;
    for line in diff.lines() {
        if let Some(open) = hunk.as_mut() {
            let Some(file) = files.last_mut() else {
                bail!("a hunk before any file header at `{line}`");
            };
            if open.read(file, line)? {
                hunk = None;
            }
            continue;
        }
        if line.starts_with('\\') {
            continue;
        }
        if let Some(paths) = line.strip_prefix("diff --git ") {
            // `a/<old> b/<new>`; `---`/`+++` lines, when they follow, say
            // the same or `/dev/null`.
            let (old, new) = paths.split_once(" b/").unwrap_or((paths, paths));
            files.push(FileDiff {
                old: diff_path(old, "a/"),
                new: diff_path(new, ""),
                without_hunks: true,
                ..FileDiff::default()
            });
            (had_old, had_new) = (false, false);
        } else if let Some(old) = line.strip_prefix("--- ") {
            if had_old || had_new || files.is_empty() {
                files.push(FileDiff::default());
                had_new = false;
            }
            had_old = true;
            let file = files.last_mut().expect("pushed above");
            file.old = diff_path(old, "a/");
        } else if let Some(new) = line.strip_prefix("+++ ") {
            if had_new || files.is_empty() {
                files.push(FileDiff::default());
                had_old = false;
            }
            had_new = true;
            let file = files.last_mut().expect("pushed above");
            file.new = diff_path(new, "b/");
        } else if let Some(header) = line.strip_prefix("@@ ") {
            let Some(file) = files.last_mut() else {
                bail!("a hunk header before any file header: {line}");
            };
            hunk = Hunk::start(file, header, line)?;
        }
    }
    Ok(files)
}

/// A path of a file header: none for `/dev/null`, else without its quotes
/// and `prefix`.
fn diff_path(p: &str, prefix: &str) -> Option<String> {
    match p {
        "/dev/null" => None,
        p => {
            let p = p.trim_matches('"');
            Some(p.strip_prefix(prefix).unwrap_or(p).to_owned())
        }
    }
}

/// Inside a hunk: the next line of the old and of the new version, how
/// many old and new lines the hunk still holds, and whether the current
/// run of changed lines removes any.
struct Hunk {
    old_at: u32,
    at: u32,
    old: u32,
    new: u32,
    removes: bool,
}

impl Hunk {
    /// The hunk a header `@@ -a[,b] +c[,d] @@ ...` (`line`) opens in
    /// `file` (a missing count is 1); none when it holds no line.
    fn start(file: &mut FileDiff, header: &str, line: &str) -> Result<Option<Hunk>> {
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
        let ((old_start, old), (start, new)) = (range('-')?, range('+')?);
        file.without_hunks = false;
        // With no old lines, `old_start` is the line the hunk follows.
        let old_at = if old == 0 { old_start + 1 } else { old_start };
        if old == 0 && new > 0 {
            file.inserted_after.insert(old_start);
        }
        Ok((old > 0 || new > 0).then_some(Hunk {
            old_at,
            at: start,
            old,
            new,
            removes: old == 0,
        }))
    }

    /// Reads one line of the hunk into `file`; whether the hunk is over.
    fn read(&mut self, file: &mut FileDiff, line: &str) -> Result<bool> {
        match line.as_bytes().first() {
            Some(b'+') if self.new > 0 => {
                file.added.insert(self.at);
                if !self.removes {
                    file.inserted_after.insert(self.old_at - 1);
                }
                self.at += 1;
                self.new -= 1;
            }
            Some(b'-') if self.old > 0 => {
                file.removed.insert(self.old_at);
                self.removes = true;
                self.old_at += 1;
                self.old -= 1;
            }
            Some(b' ') | None if self.old > 0 && self.new > 0 => {
                self.removes = false;
                self.old_at += 1;
                self.at += 1;
                self.old -= 1;
                self.new -= 1;
            }
            // "\\ No newline at end of file"
            Some(b'\\') => {}
            _ => bail!(
                "a hunk of {} ends early at `{line}`",
                file.new.as_deref().or(file.old.as_deref()).unwrap_or("?")
            ),
        }
        Ok(self.old == 0 && self.new == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_lines_find_their_old_ones() {
        let set = |l: &[u32]| l.iter().copied().collect::<BTreeSet<u32>>();
        // Old 1..=10; line 3 changed, lines 6 and 7 removed, two lines
        // inserted after old 8: new 1, 2 | 3 (changed) | 4, 5 = old 4, 5 |
        // 6 = old 8 | 7, 8 added | 9, 10 = old 9, 10.
        let shift = LineShift::new(set(&[3, 6, 7]), set(&[3, 7, 8]));
        let old: Vec<Option<u32>> = (1..=10).map(|l| shift.old_line(l)).collect();
        assert_eq!(
            old,
            [
                Some(1),
                Some(2),
                None,
                Some(4),
                Some(5),
                Some(8),
                None,
                None,
                Some(9),
                Some(10)
            ]
        );
        assert_eq!(shift.old_span(4, 5), Some((4, 5)));
        // Removed lines inside: not one offset.
        assert_eq!(shift.old_span(5, 6), None);
        assert_eq!(shift.old_span(6, 9), None);
        assert_eq!(shift.old_span(9, 10), Some((9, 10)));
        assert_eq!(LineShift::default().old_span(7, 9), Some((7, 9)));
    }

    /// A diff of three files: changed, added, deleted.
    const DIFF: &str = "\
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

    #[test]
    fn added_and_changed_lines_of_the_new_version() {
        let diff = DIFF;
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

    #[test]
    fn both_versions_of_each_file() {
        let diff = format!(
            "{DIFF}\
diff --git a/logo.png b/logo.png
index 3333333..4444444 100644
Binary files a/logo.png and b/logo.png differ
"
        );
        let files = parse_files(&diff).unwrap();
        assert_eq!(files.len(), 4);
        let lib = &files[0];
        assert_eq!(lib.old.as_deref(), Some("src/lib.rs"));
        assert_eq!(
            lib.removed.iter().copied().collect::<Vec<_>>(),
            [10, 20, 21]
        );
        assert_eq!(lib.inserted_after.iter().copied().collect::<Vec<_>>(), [3]);
        assert_eq!(lib.added.iter().copied().collect::<Vec<_>>(), [4, 5, 12]);
        assert!(!lib.without_hunks);
        assert_eq!(
            (files[1].old.as_deref(), files[1].new.as_deref()),
            (None, Some("src/new.rs"))
        );
        assert_eq!(
            files[1].inserted_after.iter().copied().collect::<Vec<_>>(),
            [0]
        );
        assert_eq!(
            (files[2].old.as_deref(), files[2].new.as_deref()),
            (Some("src/old.rs"), None)
        );
        assert_eq!(files[2].removed.iter().copied().collect::<Vec<_>>(), [1]);
        assert_eq!(files[3].new.as_deref(), Some("logo.png"));
        assert!(files[3].without_hunks);
        // With context: an insertion between old lines 1 and 2.
        let files = parse_files("--- a/x.rs\n+++ b/x.rs\n@@ -1,2 +1,3 @@\n a\n+b\n c\n").unwrap();
        assert_eq!(
            files[0].inserted_after.iter().copied().collect::<Vec<_>>(),
            [1]
        );
        assert!(files[0].removed.is_empty());
    }
}
