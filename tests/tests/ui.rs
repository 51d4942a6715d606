//! Compile-time behaviour of `#[metamorphic]`: every misuse is a clear error
//! at the offending tokens (`ui/*.rs`, one `.stderr` each), and a public,
//! documented MR compiles under `forbid(unsafe_code)` and `deny(missing_docs)`
//! (`ui/pass_*.rs`).
//!
//! trybuild resolves the paths against this crate's directory (cargo runs
//! tests from there). Regenerate the expected output with
//! `TRYBUILD=overwrite`, then read every `.stderr`.

use std::path::Path;

#[test]
fn ui() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| {
            entry
                .expect("a readable directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".rs"))
        .collect();
    files.sort();
    assert!(
        files.len() > 10,
        "expected the ui cases in {}, found {files:?}",
        dir.display()
    );

    let t = trybuild::TestCases::new();
    for name in &files {
        let path = format!("ui/{name}");
        if name.starts_with("pass_") {
            t.pass(path);
        } else {
            t.compile_fail(path);
        }
    }
}
