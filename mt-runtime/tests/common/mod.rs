//! What the tests that run their own binary again share: the child side
//! of a test (its `#[ignore]`d `child` test) runs in a process of its own,
//! recording into a fresh directory, as under `cargo mtcov`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A record directory of its own for `name`, empty.
pub(crate) fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mt-runtime-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// This test binary again, running only its `child` test with
/// `var=value`, recording into `dir`.
pub(crate) fn child(var: &str, value: &str, dir: &Path) -> Command {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command
        .args([
            "--exact",
            "child",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(var, value)
        .env("MTCOV_RECORD_DIR", dir);
    command
}
