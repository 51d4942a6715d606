//! Applying one mutant's unified diff (as `cargo mutants --diff` prints
//! it) to the text of its file. Every context and removed line must match
//! the file exactly: a mutant listed against other sources is refused,
//! never applied at a guessed place.

use anyhow::{Context, Result, bail};

/// The file's text with `diff` applied.
pub(crate) fn apply(original: &str, diff: &str) -> Result<String> {
    let old: Vec<&str> = original.split_inclusive('\n').collect();
    let mut out = String::with_capacity(original.len() + 64);
    // Next line of `old` not yet copied (0-based).
    let mut next = 0usize;
    let mut lines = diff.lines().peekable();
    let mut hunks = 0;
    while let Some(line) = lines.next() {
        let Some(header) = line.strip_prefix("@@ ") else {
            continue;
        };
        hunks += 1;
        let start = hunk_start(header).with_context(|| format!("bad hunk header `{line}`"))?;
        // `-0,0` (an empty old side) inserts after line 0.
        let at = start.saturating_sub(1);
        if at < next || at > old.len() {
            bail!(
                "hunk `{line}` is out of order or beyond the file's {} lines",
                old.len()
            );
        }
        for l in &old[next..at] {
            out.push_str(l);
        }
        next = at;
        while let Some(body) = lines.peek() {
            if body.starts_with("@@ ") {
                break;
            }
            let body = lines.next().unwrap_or_default();
            if body.starts_with("\\ ") {
                // "\ No newline at end of file"
                continue;
            }
            let (tag, text) = body.split_at(body.len().min(1));
            match tag {
                " " | "-" => {
                    let Some(have) = old.get(next) else {
                        bail!("the diff expects more lines than the file's {}", old.len());
                    };
                    if have.trim_end_matches(['\n', '\r']) != text {
                        bail!(
                            "line {} is `{}` in the file but `{text}` in the diff: the mutant was listed against other sources",
                            next + 1,
                            have.trim_end_matches(['\n', '\r'])
                        );
                    }
                    if tag == " " {
                        out.push_str(have);
                    }
                    next += 1;
                }
                "+" => {
                    out.push_str(text);
                    out.push('\n');
                }
                // An empty context line whose space was stripped.
                "" => {
                    let Some(have) = old.get(next) else {
                        bail!("the diff expects more lines than the file's {}", old.len());
                    };
                    if !have.trim_end_matches(['\n', '\r']).is_empty() {
                        bail!("line {} is not empty as the diff says", next + 1);
                    }
                    out.push_str(have);
                    next += 1;
                }
                _ => break,
            }
        }
    }
    if hunks == 0 {
        bail!("the diff has no hunk");
    }
    for l in &old[next..] {
        out.push_str(l);
    }
    Ok(out)
}

/// The old side's first line of `-a,b +c,d @@`.
fn hunk_start(header: &str) -> Option<usize> {
    let old = header.split_whitespace().next()?.strip_prefix('-')?;
    old.split(',').next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "fn a() -> i32 {\n    1 + 2\n}\n\nfn b() {}\n";

    #[test]
    fn applies_a_one_line_change() {
        let diff = "--- src/lib.rs\n+++ replace + with - in a\n@@ -1,3 +1,3 @@\n fn a() -> i32 {\n-    1 + 2\n+    1 - 2\n }\n";
        assert_eq!(
            apply(FILE, diff).unwrap(),
            "fn a() -> i32 {\n    1 - 2\n}\n\nfn b() {}\n"
        );
    }

    #[test]
    fn applies_a_hunk_in_the_middle_with_more_lines_added() {
        let diff = "@@ -4,2 +4,4 @@\n \n-fn b() {}\n+fn b() {\n+    ()\n+}\n";
        assert_eq!(
            apply(FILE, diff).unwrap(),
            "fn a() -> i32 {\n    1 + 2\n}\n\nfn b() {\n    ()\n}\n"
        );
    }

    #[test]
    fn refuses_a_diff_that_does_not_match() {
        let diff = "@@ -1,3 +1,3 @@\n fn a() -> i32 {\n-    1 * 2\n+    1 - 2\n }\n";
        let error = apply(FILE, diff).unwrap_err().to_string();
        assert!(error.contains("line 2 is `    1 + 2`"), "{error}");
        assert!(apply(FILE, "no hunk").is_err());
        assert!(apply(FILE, "@@ -9,1 +9,1 @@\n-x\n+y\n").is_err());
    }
}
