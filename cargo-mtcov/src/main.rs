//! `cargo mtcov`, and the rustc wrapper it installs for its own builds.

fn main() -> std::process::ExitCode {
    cargo_mtcov::main()
}
