//! The JSON files mtcov writes for itself (`last-run.json`, a shard's
//! `shard.json`, the kill matrix `mutants.json`, the scope facts of a
//! run): each names its format version in a field of its own, is written
//! aside and renamed (an interrupt never leaves half a file, and a reader
//! never sees one), and is read back only at its version, with an error
//! that says what to rerun.

use std::path::Path;

use anyhow::{Context, Result, bail};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// One kind of file.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Kind {
    /// What the file is, in an error: "a kill matrix".
    pub(crate) what: &'static str,
    /// The field holding the version, `version` or `format` (either is
    /// read; this one is named in errors).
    pub(crate) field: &'static str,
    /// The version this cargo-mtcov reads and writes.
    pub(crate) version: u32,
    /// What to do about a file of another version: "rerun `cargo mtcov`".
    pub(crate) remedy: &'static str,
}

/// Writes `value` to `path` as JSON, through `<path>.partial` and a
/// rename. `pretty` for files people read.
pub(crate) fn save<T: Serialize>(path: &Path, value: &T, pretty: bool) -> Result<()> {
    let text = if pretty {
        serde_json::to_vec_pretty(value)?
    } else {
        serde_json::to_vec(value)?
    };
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = Path::new(&partial);
    std::fs::write(partial, text)
        .and_then(|()| std::fs::rename(partial, path))
        .with_context(|| format!("cannot write {}", path.display()))
}

/// The file at `path`, of `kind`'s version; `missing` says what a missing
/// file means (the error when there is none).
pub(crate) fn load<T: DeserializeOwned>(
    path: &Path,
    kind: &Kind,
    missing: impl FnOnce() -> String,
) -> Result<T> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => bail!("{}", missing()),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    from_text(path, &text, kind)
}

/// [`load`] of a file already read.
fn from_text<T: DeserializeOwned>(path: &Path, text: &str, kind: &Kind) -> Result<T> {
    // The version first: a file of another version may have another shape,
    // and that is what the user must hear.
    // Only the version: every other field is skipped, not built.
    #[derive(serde::Deserialize)]
    struct Probe {
        #[serde(alias = "format")]
        version: Option<u64>,
    }
    let found = serde_json::from_str::<Probe>(text)
        .ok()
        .and_then(|probe| probe.version);
    match found {
        Some(found) if found == u64::from(kind.version) => {}
        Some(found) => bail!(
            "{} is {} of version {found}, this cargo-mtcov reads version {}: {}",
            path.display(),
            kind.what,
            kind.version,
            kind.remedy
        ),
        None => bail!(
            "{} is not {} (no `{}` field: not JSON, or written by another program): {}",
            path.display(),
            kind.what,
            kind.field,
            kind.remedy
        ),
    }
    serde_json::from_str(text).with_context(|| {
        format!(
            "{} is not a readable {} of version {}: {}",
            path.display(),
            kind.what.trim_start_matches("a ").trim_start_matches("an "),
            kind.version,
            kind.remedy
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Thing {
        version: u32,
        items: Vec<u32>,
    }

    const THING: Kind = Kind {
        what: "a thing",
        field: "version",
        version: 2,
        remedy: "make it again",
    };

    #[test]
    fn saved_files_load_back_and_other_versions_say_what_to_do() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let path = dir.join("thing.json");
        let thing = Thing {
            version: 2,
            items: vec![1, 2],
        };
        save(&path, &thing, true).unwrap();
        assert!(!dir.join("thing.json.partial").exists());
        assert_eq!(
            load::<Thing>(&path, &THING, || unreachable!()).unwrap(),
            thing
        );

        let error = |text: &str| {
            std::fs::write(&path, text).unwrap();
            format!(
                "{:#}",
                load::<Thing>(&path, &THING, || unreachable!()).unwrap_err()
            )
        };
        assert!(
            error(r#"{"version": 3, "other": true}"#).ends_with(
                "is a thing of version 3, this cargo-mtcov reads version 2: make it again"
            ),
        );
        assert!(error("not json").contains("is not a thing (no `version` field"));
        assert!(
            error(r#"{"version": 2, "items": "x"}"#)
                .contains("is not a readable thing of version 2")
        );
        std::fs::remove_file(&path).unwrap();
        let missing = load::<Thing>(&path, &THING, || "none here".into()).unwrap_err();
        assert_eq!(missing.to_string(), "none here");
    }
}
