//! What git says: the commit a revision names, and the content of files
//! at that commit.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use anyhow::{Context, Result, bail};

use crate::process::ProcessBuilder;

/// The repository's top directory and the commit `reference` names.
pub(crate) fn resolve(root: &Path, reference: &str) -> Result<(PathBuf, String)> {
    let top = git(root, &["rev-parse", "--show-toplevel"])
        .context("--affected needs the workspace in a git repository")?;
    let commit = git(
        root,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            &format!("{reference}^{{commit}}"),
        ],
    )
    .with_context(|| {
        format!("--affected {reference}: no such commit in the repository at {top}")
    })?;
    Ok((PathBuf::from(top), commit))
}

fn git(dir: &Path, args: &[&str]) -> Result<String> {
    let out = ProcessBuilder::new("git")
        .args(args)
        .current_dir(dir)
        .read()
        .with_context(|| format!("in {}", dir.display()))?;
    Ok(out.trim().to_owned())
}

/// The content of each of `paths` (relative to the repository's top,
/// `/`-separated) at `commit`; `None` for a path the commit does not hold.
pub(crate) fn contents(top: &Path, commit: &str, paths: &[String]) -> Result<Vec<Option<Vec<u8>>>> {
    let mut child = ProcessBuilder::new("git")
        .args(["cat-file", "--batch"])
        .current_dir(top)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context("is git installed?")?;
    let mut stdin = child.stdin.take().context("git cat-file has no stdin")?;
    let request: String = paths.iter().map(|p| format!("{commit}:{p}\n")).collect();
    // Written from a thread: git answers while it reads.
    let writer = std::thread::spawn(move || stdin.write_all(request.as_bytes()));
    let mut out = BufReader::new(child.stdout.take().context("git cat-file has no stdout")?);
    let mut contents = Vec::with_capacity(paths.len());
    for path in paths {
        let mut header = String::new();
        out.read_line(&mut header)?;
        let fields: Vec<&str> = header.split_whitespace().collect();
        match fields.as_slice() {
            [_, "missing"] | [_, "ambiguous"] => contents.push(None),
            [_, "blob", size] => {
                let size: usize = size.parse().context("git cat-file: a bad size")?;
                let mut blob = vec![0; size + 1];
                out.read_exact(&mut blob)?;
                blob.pop();
                contents.push(Some(blob));
            }
            // A directory or a submodule: not a file.
            [_, _, size] => {
                let size: usize = size.parse().context("git cat-file: a bad size")?;
                let mut skip = vec![0; size + 1];
                out.read_exact(&mut skip)?;
                contents.push(None);
            }
            _ => bail!("git cat-file answered `{}` for {path}", header.trim()),
        }
    }
    writer
        .join()
        .map_err(|_| anyhow::anyhow!("git cat-file: the writer panicked"))?
        .context("cannot write to git cat-file")?;
    let status = child.wait()?;
    if !status.success() {
        bail!("git cat-file failed ({status})");
    }
    Ok(contents)
}
