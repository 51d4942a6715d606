//! What mtcov promises under bad input and faults, in one place: each test
//! here provokes one fault through the real `cargo mtcov` binary and
//! asserts its exit code and the message a user reads. Faults that other
//! test files already provoke are listed in [`ELSEWHERE`], and
//! `every_fault_tested_elsewhere_still_has_its_test` checks that each named
//! test still exists, so the list cannot silently rot. The README's "What
//! mtcov guarantees" table is the user's view of the same list.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{
    TempDir, assert_exit, copy_fixture, mtcov, mtcov_command, stderr, stdout, workspace_root,
};
use serde_json::Value;

/// Faults provoked by tests in other files: (fault, file under the
/// workspace root, test function). Exit codes and messages are asserted
/// there.
const ELSEWHERE: &[(&str, &str, &str)] = &[
    (
        "`report` with selection flags (`-p`, features, `--release`) other than the last run's \
         (exit 2)",
        "cargo-mtcov/tests/e2e/example_trig.rs",
        "trig_report_in_text_and_in_documented_json",
    ),
    (
        "`.config/mtcov.toml` with an unknown key, a value its flag would refuse, a key outside \
         a profile, a `--profile` it does not define, or a patch gate without a revision (exit 2)",
        "cargo-mtcov/tests/e2e/config.rs",
        "a_wrong_file_is_an_error_at_its_line_naming_what_it_knows",
    ),
    (
        "`--affected REF` with a last run it cannot keep (none, not whole, not made at REF, other \
         cargo arguments or test settings, a kept binary changed) or a selection (exit 2)",
        "cargo-mtcov/tests/e2e/affected.rs",
        "each_change_reruns_what_the_rule_selects_and_reports_as_a_full_rerun",
    ),
    (
        "a record line that cannot be parsed, from a passing binary (exit 2)",
        "cargo-mtcov/tests/e2e/cli_records.rs",
        "a_corrupt_line_from_a_passing_binary_stops_the_run_naming_file_and_line",
    ),
    (
        "records cut short or without their end line, from a passing binary (exit 2)",
        "cargo-mtcov/tests/e2e/cli_records.rs",
        "records_cut_short_from_a_passing_binary_stop_the_run",
    ),
    (
        "a record file cut by an aborting binary: kept records used (exit 1)",
        "cargo-mtcov/tests/e2e/cli_records.rs",
        "a_truncated_final_line_is_expected_after_an_abort",
    ),
    (
        "records of another schema version (exit 2)",
        "cargo-mtcov/tests/e2e/cli_records.rs",
        "another_schema_version_stops_the_report",
    ),
    (
        "records of a process that is not one of the build's test binaries (warning)",
        "cargo-mtcov/tests/e2e/cli_records.rs",
        "records_of_another_binary_are_skipped",
    ),
    (
        "`cargo mtcov report` after a test binary of the run changed in place (exit 2)",
        "cargo-mtcov/tests/e2e/cli_records.rs",
        "a_rebuilt_binary_is_caught",
    ),
    (
        "no MR registered anywhere (exit 2)",
        "cargo-mtcov/tests/e2e/cli_records.rs",
        "no_registered_mrs_says_how_to_add_one",
    ),
    (
        "`cargo mtcov report` without a previous run (exit 2)",
        "cargo-mtcov/tests/e2e/cli_records.rs",
        "report_without_a_previous_run_and_clean",
    ),
    (
        "an unknown flag (exit 2)",
        "cargo-mtcov/tests/e2e/cli_usage.rs",
        "an_unknown_flag_is_a_usage_error",
    ),
    (
        "--fail-under out of range (exit 2)",
        "cargo-mtcov/tests/e2e/cli_usage.rs",
        "fail_under_out_of_range_says_what_a_fraction_is",
    ),
    (
        "--k 0 (exit 2)",
        "cargo-mtcov/tests/e2e/cli_usage.rs",
        "k_zero_is_rejected",
    ),
    (
        "not in a cargo project (exit 2)",
        "cargo-mtcov/tests/e2e/cli_usage.rs",
        "outside_a_cargo_project_says_so",
    ),
    (
        "--include / --exclude matching no file in scope (exit 2)",
        "cargo-mtcov/tests/e2e/include_exclude.rs",
        "globs_paths_and_patterns_that_match_nothing",
    ),
    (
        "a violated MR: the report is printed (exit 1)",
        "cargo-mtcov/tests/e2e/cli_run.rs",
        "a_violated_relation_fails_the_run_but_the_report_is_printed",
    ),
    (
        "a panicking SUT keeps the coverage it reached (exit 1)",
        "cargo-mtcov/tests/e2e/panicking_sut.rs",
        "code_run_before_a_panic_in_the_sut_is_covered_by_that_input",
    ),
    (
        "a binary that registers MRs but runs none, with and without a filter (exit 0)",
        "cargo-mtcov/tests/e2e/registry_only.rs",
        "mrs_of_binaries_that_run_no_mg_reach_the_report",
    ),
    (
        "a proc-macro member's unit tests need the toolchain's libstd (exit 0)",
        "cargo-mtcov/tests/e2e/proc_macro_member.rs",
        "proc_macro_unit_tests_run_as_under_cargo_test",
    ),
    (
        "a test running concurrently with source inputs leaks nothing, with --jobs or --test-threads (exit 0)",
        "cargo-mtcov/tests/e2e/pollution.rs",
        "a_concurrent_noisy_test_leaks_nothing_into_source_coverage_and_filters_must_match",
    ),
    (
        "--serial -- --test-threads=2 would leak into capture windows: refused (exit 2)",
        "cargo-mtcov/tests/e2e/pollution.rs",
        "a_concurrent_noisy_test_leaks_nothing_into_source_coverage_and_filters_must_match",
    ),
    (
        "a test filter that matches no test: named (exit 2)",
        "cargo-mtcov/tests/e2e/pollution.rs",
        "a_concurrent_noisy_test_leaks_nothing_into_source_coverage_and_filters_must_match",
    ),
    (
        "a hanging test: killed at --test-timeout with its process group (exit 1)",
        "cargo-mtcov/tests/e2e/parallel.rs",
        "hanging_tests_time_out_and_interrupts_keep_the_last_run",
    ),
    (
        "SIGTERM during a run: tests killed, the previous run reportable (exit 130)",
        "cargo-mtcov/tests/e2e/parallel.rs",
        "hanging_tests_time_out_and_interrupts_keep_the_last_run",
    ),
    (
        "merge with a shard missing, given twice, not a shard, or of another build (exit 2)",
        "cargo-mtcov/tests/e2e/parallel.rs",
        "every_schedule_gives_the_same_report",
    ),
    (
        "a test retried by cargo-nextest: only its last attempt counts (exit 0)",
        "cargo-mtcov/tests/e2e/nextest.rs",
        "of_a_retried_test_only_the_last_attempt_counts",
    ),
    (
        "cargo mtcov nextest without cargo-nextest: the install command (exit 2)",
        "cargo-mtcov/tests/e2e/nextest.rs",
        "without_nextest_the_install_command_is_named",
    ),
    (
        "test code (#[cfg(test)], #[test]) is never a requirement",
        "cargo-mtcov/tests/e2e/test_code_scope.rs",
        "test_code_is_never_a_requirement",
    ),
    (
        "never-called functions in later coverage sections of an rlib are requirements",
        "cargo-mtcov/tests/e2e/e_every_section.rs",
        "never_called_functions_in_later_covfun_sections_are_requirements",
    ),
    (
        "a test binary that aborts: named, its records used (exit 1)",
        "cargo-mtcov/tests/e2e/cli_run.rs",
        "a_violated_relation_fails_the_run_but_the_report_is_printed",
    ),
    (
        "a criterion below --fail-under (exit 3)",
        "cargo-mtcov/tests/e2e/cli_run.rs",
        "a_violated_relation_fails_the_run_but_the_report_is_printed",
    ),
    (
        "--branch on a stable toolchain, unless RUSTC_BOOTSTRAP=1: the install command (unit)",
        "cargo-mtcov/src/build/toolchain.rs",
        "stable_branch_error_names_the_install_command_unless_bootstrapped",
    ),
    (
        "cargo mtcov --workspace on this repository (exit 0)",
        "cargo-mtcov/tests/e2e/self_workspace.rs",
        "cargo_mtcov_workspace_on_this_repository_succeeds",
    ),
    (
        "two runs on one target directory: the second waits",
        "cargo-mtcov/src/commands/mod.rs",
        "a_second_exclusive_lock_waits_for_the_first",
    ),
    (
        "user Debug text with ESC sequences, CR, bidi and zero-width characters, markup: escaped in the text and HTML reports",
        "cargo-mtcov/tests/e2e/report_formats.rs",
        "hostile_debug_reaches_no_terminal_and_no_page",
    ),
    (
        "an output file that cannot be written, --json and --markdown both on stdout (exit 2)",
        "cargo-mtcov/tests/e2e/report_formats.rs",
        "an_output_file_that_cannot_be_written_stops_the_run",
    ),
    (
        "a record that cannot be written fails its test with the OS error",
        "mt-runtime/tests/recording.rs",
        "a_record_that_cannot_be_written_fails_the_test_with_the_os_error",
    ),
    (
        "`cargo mtcov mutants` on tests that fail without any mutant (exit 2)",
        "cargo-mtcov/tests/e2e/mutants.rs",
        "a_failing_baseline_is_no_kill_matrix",
    ),
    (
        "`cargo mtcov study` without a kill matrix, or with one of another version (exit 2)",
        "cargo-mtcov/tests/e2e/mutants.rs",
        "a_study_without_a_kill_matrix_says_how_to_make_one",
    ),
    (
        "a black-box criterion without a categories! declaration (exit 2)",
        "cargo-mtcov/tests/e2e/choice_hand.rs",
        "black_box_criteria_without_declarations_are_refused",
    ),
    (
        "a panicking classifier, an input no choice takes, a frame the constraints forbid (exit 2)",
        "cargo-mtcov/tests/e2e/choice_hand.rs",
        "what_cannot_be_measured_stops_the_report",
    ),
    (
        "categories of one type declared differently by two binaries (exit 2)",
        "cargo-mtcov/tests/e2e/choice_hand.rs",
        "categories_declared_differently_by_two_binaries_are_refused",
    ),
    (
        "a code criterion on `report` after a black-box-only run (exit 2)",
        "cargo-mtcov/tests/e2e/choice_hand.rs",
        "a_k_of_the_black_box_criteria_equal_the_hand_computation",
    ),
    (
        "an `MTCOV_SELECT` file that is not a selection (exit 2 before building; a test process panics naming the line)",
        "cargo-mtcov/tests/e2e/reduce_hand.rs",
        "greedy_and_exact_keep_a_k_and_the_selection_replays_it",
    ),
    (
        "`tolerance --mutants` with a kill matrix whose float checks are not the last run's (exit 2)",
        "cargo-mtcov/tests/e2e/tolerance_hand.rs",
        "floors_ratios_suggestions_and_hidden_mutants_as_worked_out_by_hand",
    ),
    (
        "`tolerance` after a run in which a test process died: its float checks are lost (exit 1)",
        "cargo-mtcov/tests/e2e/tolerance_hand.rs",
        "float_checks_are_the_same_on_every_schedule",
    ),
    (
        "`tolerance --margin` below 1 or not a number (exit 2)",
        "cargo-mtcov/tests/e2e/cli_usage.rs",
        "a_tolerance_margin_below_one_is_a_usage_error",
    ),
    (
        "`reduce` on a run with failing tests (exit 2)",
        "cargo-mtcov/tests/e2e/reduce_hand.rs",
        "a_failing_run_is_not_reduced",
    ),
    (
        "an `MTCOV_SELECT` file that cannot be read or parsed, under plain `cargo test`",
        "mt-runtime/tests/recording.rs",
        "a_selection_runs_only_its_groups_in_its_order",
    ),
];

#[test]
fn every_fault_tested_elsewhere_still_has_its_test() {
    let root = workspace_root();
    for (fault, file, test) in ELSEWHERE {
        let text = std::fs::read_to_string(root.join(file))
            .unwrap_or_else(|e| panic!("{fault}: cannot read {file}: {e}"));
        assert!(
            text.contains(&format!("fn {test}(")),
            "{fault}: {file} has no test `{test}` any more; update ELSEWHERE"
        );
    }
}

/// A fixture copy with a target directory of its own under the
/// workspace's `target/`, so that no other test's run shares its records.
struct Fixture {
    dir: TempDir,
    target: PathBuf,
}

impl Fixture {
    fn new(fixture: &str, tag: &str) -> Self {
        Self {
            dir: copy_fixture(fixture),
            target: workspace_root().join("target/cli-fixtures").join(tag),
        }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn mtcov(&self, args: &[&str]) -> Output {
        mtcov_command(self.path(), args)
            .env("CARGO_TARGET_DIR", &self.target)
            .output()
            .expect("cargo-mtcov runs")
    }

    /// The record directory of the last run.
    fn record_dir(&self) -> PathBuf {
        let last = std::fs::read_to_string(self.target.join("mtcov/last-run.json"))
            .expect("last-run.json");
        let last: Value = serde_json::from_str(&last).expect("last-run.json is JSON");
        PathBuf::from(last["record_dir"].as_str().expect("record_dir"))
    }
}

/// A finished run's record files (kept compressed).
fn record_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("record dir")
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".jsonl.gz"))
        .collect();
    files.sort();
    files
}

#[track_caller]
fn assert_stderr_contains(out: &Output, parts: &[&str]) {
    let err = stderr(out);
    for part in parts {
        assert!(err.contains(part), "stderr lacks {part:?}:\n{err}");
    }
}

/// Records of an older build of the same test
/// binary, put in the run directory, are refused (exit 2) naming the file
/// and the binary, rather than mapped onto the new code (which silently
/// dropped every function whose code changed).
#[test]
fn records_of_another_build_of_the_binary_are_refused() {
    let project = Fixture::new("kmr-hand", "faults-other-build");
    assert_exit(&project.mtcov(&["--json"]), 0);
    let old: Vec<(PathBuf, Vec<u8>)> = record_files(&project.record_dir())
        .into_iter()
        .map(|f| {
            let bytes = std::fs::read(&f).unwrap();
            (f, bytes)
        })
        .collect();
    assert!(!old.is_empty(), "the first run wrote records");

    // Another build: `classify` changes (same counters, another hash).
    let lib = project.path().join("src/lib.rs");
    let text = std::fs::read_to_string(&lib).unwrap();
    std::fs::write(&lib, text.replace("x % 5 == 0", "x % 7 == 0")).unwrap();
    assert_exit(&project.mtcov(&["--json"]), 0);
    let dir = project.record_dir();
    for (file, bytes) in &old {
        let name = file.file_name().unwrap().to_string_lossy();
        std::fs::write(dir.join(format!("old-{name}")), bytes).unwrap();
    }

    let out = project.mtcov(&["report"]);
    assert_exit(&out, 2);
    assert_stderr_contains(
        &out,
        &[
            "old-relations-",
            "was written by another build of",
            "/deps/relations-",
            "its code changed",
            "remove the file and rerun `cargo mtcov`",
        ],
    );
    assert!(stdout(&out).is_empty(), "no report: {}", stdout(&out));
}

/// `--k` far beyond the relation classes present. It used to
/// abort on a 32 GiB allocation (`4294967295`) or run for minutes
/// (`10000000`); now the work stops one past the classes present, and a
/// warning says that K = 1 is out of reach. A_k itself is exact.
#[test]
fn a_huge_k_is_measured_at_once_and_out_of_reach_is_said() {
    let project = Fixture::new("kmr-hand", "faults-huge-k");
    for k in ["4294967295", "10000000"] {
        let out = project.mtcov(&["--k", k, "--criterion", "line,region", "--json"]);
        assert_exit(&out, 0);
        assert_stderr_contains(
            &out,
            &[&format!(
                "warning: --k {k} is more than the 3 relation classes present: K = 1 is out of reach"
            )],
        );
        let report: Value = serde_json::from_str(&stdout(&out)).expect("JSON report");
        let k: u64 = k.parse().unwrap();
        // HAND.md: the best inputs' |S_RO| sum to 21 over 11 lines and 29
        // over 14 regions; no |S_RO| exceeds the 3 classes.
        for (name, numerator, requirements) in [("line", 21, 11), ("region", 29, 14)] {
            let summary = &crate::common::criterion(&report, name)["summary"];
            assert_eq!(summary["a_k_numerator"], numerator, "{name}");
            assert_eq!(summary["a_k_denominator"], k * requirements, "{name}");
            assert_eq!(summary["full"], 0, "{name}");
            let sweep: Vec<u64> = summary["sweep"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["k"].as_u64().unwrap())
                .collect();
            assert_eq!(sweep, [1, 2, 3, 4], "{name}");
        }
    }
}

/// The test processes get what `cargo test` gives them under the
/// project's `.cargo/config.toml`: `[env]` (a plain entry yielding to the
/// environment, `force`, `relative`), and the build goes through the
/// configured `build.rustc-wrapper` as well as mtcov's own. The fixture's
/// test asserts all of it, so a missing piece fails the run (exit 1); plain
/// `cargo test` passes it too, which shows the expectations are cargo's.
#[cfg(unix)]
#[test]
fn cargo_config_env_and_rustc_wrapper_reach_the_tests() {
    let project = Fixture::new("cargo-config", "faults-cargo-config");
    let environment = [
        ("MTCOV_FIXTURE_YIELDS", "from the environment"),
        ("MTCOV_FIXTURE_FORCED", "from the environment"),
    ];
    let out = mtcov_command(project.path(), &["--json", "--k", "1"])
        .env("CARGO_TARGET_DIR", &project.target)
        .envs(environment)
        .output()
        .unwrap();
    assert_exit(&out, 0);
    let report: Value = serde_json::from_str(&stdout(&out)).expect("JSON report");
    assert_eq!(report["totals"]["mrs"], 1);

    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let plain = std::process::Command::new(cargo)
        .args(["test", "--quiet"])
        .current_dir(project.path())
        .env("CARGO_TARGET_DIR", project.target.join("plain"))
        .env_remove("RUSTC_WRAPPER")
        .env_remove("MTCOV_RECORD_DIR")
        .envs(environment)
        .output()
        .unwrap();
    assert_exit(&plain, 0);
}

/// One `cargo mtcov` at a time per target directory. While
/// another holds the directory's lock, a run says it waits, waits, and
/// then measures its own run (it used to delete the other's records).
#[test]
fn a_second_run_waits_for_the_first_and_says_so() {
    use std::io::{BufRead, BufReader};

    let project = Fixture::new("kmr-hand", "faults-lock");
    assert_exit(&project.mtcov(&["--json"]), 0);

    let lock = std::fs::File::options()
        .write(true)
        .open(project.target.join("mtcov/.lock"))
        .unwrap();
    lock.lock().unwrap();
    let mut child = mtcov_command(project.path(), &["--json"])
        .env("CARGO_TARGET_DIR", &project.target)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let first = lines.next().expect("a line on stderr").unwrap();
    assert!(
        first.contains("Blocking waiting for another `cargo mtcov` on")
            && first.contains("faults-lock/mtcov"),
        "{first}"
    );
    assert!(child.try_wait().unwrap().is_none(), "it waits");
    lock.unlock().unwrap();
    // Drain stderr while stdout is read, so neither pipe fills up.
    let rest = std::thread::spawn(move || lines.map(Result::unwrap).collect::<Vec<_>>());
    let out = child.wait_with_output().unwrap();
    let rest = rest.join().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", rest.join("\n"));
    let report: Value = serde_json::from_str(&stdout(&out)).expect("JSON report");
    assert_eq!(report["totals"]["mrs"], 4);
}

/// With real records: a record file of a passing binary cut to
/// half its size stops `cargo mtcov report` (exit 2) naming the file;
/// it used to report 52.1% where the run had 84.3%, with exit 0.
#[test]
fn a_record_file_cut_in_half_stops_the_report() {
    let project = Fixture::new("kmr-hand", "faults-cut");
    assert_exit(&project.mtcov(&["--json"]), 0);
    let files = record_files(&project.record_dir());
    let file = files
        .iter()
        .find(|f| {
            f.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("relations-")
        })
        .expect("the relations binary's records");
    let bytes = std::fs::read(file).unwrap();
    std::fs::write(file, &bytes[..bytes.len() / 2]).unwrap();

    let out = project.mtcov(&["report"]);
    assert_exit(&out, 2);
    assert_stderr_contains(
        &out,
        &[
            "records were lost, so the report would be wrong",
            &file.display().to_string(),
            "Check free space and permissions",
        ],
    );
    assert!(stdout(&out).is_empty(), "no report: {}", stdout(&out));
}

/// A project whose tests register no MR: nothing to measure (exit 2),
/// and the message says how to add one.
#[test]
fn a_project_without_mrs_says_how_to_add_one() {
    let project = Fixture::new("cli-minimal", "faults-no-mrs");
    let out = project.mtcov(&[]);
    assert_exit(&out, 2);
    assert_stderr_contains(
        &out,
        &[
            "no metamorphic relations were recorded",
            "mark a relation function with `#[mt_runtime::metamorphic]`",
        ],
    );
}

/// Code that does not compile: the build's failure, not a report (exit 2).
#[test]
fn a_build_failure_stops_the_run() {
    let project = Fixture::new("cli-minimal", "faults-build-failure");
    let lib = project.path().join("src/lib.rs");
    std::fs::write(&lib, "pub fn broken() -> i32 { \"not a number\" }\n").unwrap();
    let out = project.mtcov(&[]);
    assert_exit(&out, 2);
    assert_stderr_contains(
        &out,
        &[
            "mismatched types",
            "error: the instrumented build failed (`cargo test --no-run` exited with",
        ],
    );
    assert!(stdout(&out).is_empty());
}

/// A `[env]` entry cargo would not accept either: named with its file
/// and line, before anything is built (exit 2).
#[test]
fn a_damaged_cargo_config_is_named() {
    let project = Fixture::new("cargo-config", "faults-bad-config");
    let config = project.path().join(".cargo/config.toml");
    std::fs::write(&config, "[env]\nMTCOV_FIXTURE_PLAIN = 3\n").unwrap();
    let out = project.mtcov(&[]);
    assert_exit(&out, 2);
    assert_stderr_contains(
        &out,
        &[
            &format!(
                "failed to parse `{}` as cargo configuration",
                config.display()
            ),
            "MTCOV_FIXTURE_PLAIN = 3",
        ],
    );
}

/// `--branch` and `--doctests` on a stable toolchain: the commands that
/// make them work (exit 2), before anything is built.
#[test]
fn branch_on_stable_names_the_nightly_to_install() {
    // The default toolchain when it is stable (`cargo +nightly test` sets
    // RUSTUP_TOOLCHAIN for this process), else rustup's `stable`.
    let is_stable = |toolchain: Option<&str>| {
        let mut rustc = std::process::Command::new("rustc");
        rustc.arg("-vV").env_remove("RUSTUP_TOOLCHAIN");
        if let Some(toolchain) = toolchain {
            rustc.env("RUSTUP_TOOLCHAIN", toolchain);
        }
        rustc.output().is_ok_and(|o| {
            let text = String::from_utf8_lossy(&o.stdout).into_owned();
            o.status.success() && !text.contains("-nightly") && !text.contains("-dev")
        })
    };
    let toolchain = if is_stable(None) {
        None
    } else if is_stable(Some("stable")) {
        Some("stable")
    } else {
        let missing = Err("neither the default toolchain nor `stable` is a stable one".to_owned());
        if !crate::common::prerequisite(
            "a stable toolchain",
            missing,
            "rustup toolchain install stable",
        ) {
            return;
        }
        unreachable!("prerequisite fails under CI");
    };
    let project = Fixture::new("cli-minimal", "faults-branch-stable");
    for (flag, why) in [
        ("--branch", "branch coverage is the unstable"),
        ("--doctests", "the unstable `--persist-doctests`"),
    ] {
        let mut command = mtcov_command(project.path(), &[flag]);
        command.env_remove("RUSTUP_TOOLCHAIN");
        if let Some(toolchain) = toolchain {
            command.env("RUSTUP_TOOLCHAIN", toolchain);
        }
        let out = command
            .env_remove("RUSTC_BOOTSTRAP")
            .env_remove("RUSTC")
            .output()
            .unwrap();
        assert_exit(&out, 2);
        assert_stderr_contains(
            &out,
            &[
                &format!("{flag} needs a nightly toolchain"),
                why,
                "rustup toolchain install nightly",
                &format!("cargo +nightly mtcov {flag}"),
            ],
        );
    }
}

/// Bad command lines: each is a usage error (exit 2) that says what is
/// wrong, before anything is built.
#[test]
fn bad_command_lines_say_what_is_wrong() {
    let dir = TempDir::new("faults-usage");
    let cases: [(&[&str], &[&str]); 4] = [
        (
            &["--criterion", "statement"],
            &[
                "invalid value 'statement'",
                "line",
                "region",
                "branch",
                "function",
            ],
        ),
        (&["--k", "many"], &["invalid value 'many' for '--k <N>'"]),
        (
            &["--manifest-path", "/nonexistent/Cargo.toml"],
            &["/nonexistent/Cargo.toml"],
        ),
        (
            &["--distinct", "tests"],
            &["invalid value 'tests'", "class", "mr"],
        ),
    ];
    for (args, parts) in cases {
        let out = mtcov(dir.path(), args);
        assert_exit(&out, 2);
        assert_stderr_contains(&out, parts);
        assert!(stdout(&out).is_empty(), "{args:?}: {}", stdout(&out));
    }
}

/// Two comment lines inserted at the top of a measured file, no rebuild:
/// `report` (HTML or any other) and every command that reads the last run
/// refuse (exit 2), naming the file; `--allow-stale` reports it, still
/// naming it. A new `cargo mtcov` measures the edited code.
#[test]
fn an_edited_source_makes_the_last_run_stale() {
    let project = Fixture::new("kmr-hand", "faults-stale-source");
    let first = project.mtcov(&["--json"]);
    assert_exit(&first, 0);
    let lib = project.path().join("src/lib.rs");
    let text = std::fs::read_to_string(&lib).unwrap();
    std::fs::write(&lib, format!("// one\n// two\n{text}")).unwrap();

    for args in [&["report", "--html"][..], &["suggest"], &["reduce"]] {
        let out = project.mtcov(args);
        assert_exit(&out, 2);
        assert_stderr_contains(
            &out,
            &[
                "the sources changed since the last run was built: src/lib.rs (edited)",
                "rerun `cargo mtcov`",
                "--allow-stale",
            ],
        );
    }
    let stale = project.mtcov(&["report", "--json", "--allow-stale"]);
    assert_exit(&stale, 0);
    assert_stderr_contains(&stale, &["src/lib.rs (edited)", "--allow-stale"]);
    assert_eq!(stdout(&stale), stdout(&first));

    // Measured again: every line is where it now is.
    let again = project.mtcov(&["--json"]);
    assert_exit(&again, 0);
    let lines = |out: &Output| -> Vec<u64> {
        let report: Value = serde_json::from_str(&stdout(out)).unwrap();
        report["criteria"][0]["requirements"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["location"]["line_start"].as_u64().unwrap())
            .collect()
    };
    let shifted: Vec<u64> = lines(&first).iter().map(|l| l + 2).collect();
    assert_eq!(lines(&again), shifted);
    assert_exit(&project.mtcov(&["report", "--json"]), 0);

    // A removed file is named as removed.
    std::fs::rename(&lib, project.path().join("src/other.rs")).unwrap();
    let out = project.mtcov(&["report"]);
    assert_exit(&out, 2);
    assert_stderr_contains(&out, &["src/lib.rs (removed)"]);
}

/// Ctrl-C while cargo rebuilds, after it replaced the test binaries of
/// the last run: the message says the previous run is still reportable,
/// and it is (its binaries are kept beside its records): `report` gives
/// the previous report, exit 0. A wrapper makes one test target's build
/// last up to ten minutes (it is interrupted long before), so that the
/// interrupt lands in the build: first as the
/// user's `touch src/lib.rs; timeout --preserve-status -s INT 1 cargo
/// mtcov`, then as Ctrl-C to the whole process group once the other test
/// binary was relinked.
#[cfg(unix)]
#[test]
fn ctrl_c_during_the_build_keeps_the_previous_run_reportable() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    use std::os::unix::process::CommandExt;
    use std::time::{Duration, Instant};

    let project = Fixture::new("kmr-hand", "faults-interrupted-build");
    let dir = project.path();
    std::fs::write(
        dir.join("tests/slow.rs"),
        "#[test]\nfn builds_slowly_when_asked() {}\n",
    )
    .unwrap();
    let wrapper = dir.join("slow-wrapper.sh");
    std::fs::write(
        &wrapper,
        "#!/bin/sh\n\
         case \" $* \" in *\" --crate-name slow \"*)\n\
           if [ -n \"$SLOW_BUILD_MARKER\" ]; then touch \"$SLOW_BUILD_MARKER\"; sleep 600; fi;;\n\
         esac\n\
         exec \"$@\"\n",
    )
    .unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let command = |args: &[&str]| {
        let mut command = mtcov_command(dir, args);
        // The slow target holds a build slot while it sleeps: two more
        // keep the other targets building beside it on a loaded machine.
        command
            .env("CARGO_TARGET_DIR", &project.target)
            .env("CARGO_BUILD_JOBS", "3")
            .env("RUSTC_WRAPPER", &wrapper);
        command
    };
    let first = command(&["--json"]).output().unwrap();
    assert_exit(&first, 0);
    let last: Value =
        serde_json::from_slice(&std::fs::read(project.target.join("mtcov/last-run.json")).unwrap())
            .unwrap();
    let relations = last["build"]["executables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| PathBuf::from(e["path"].as_str().unwrap()))
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("relations-")
        })
        .expect("the relations test binary");
    let touch = || {
        std::fs::File::options()
            .append(true)
            .open(dir.join("src/lib.rs"))
            .unwrap()
            .set_modified(std::time::SystemTime::now())
            .unwrap();
    };
    let marker = dir.join("slow-build.started");
    let still_reportable = |out: &Output, how: &str| {
        assert_eq!(out.status.code(), Some(130), "{how}:\n{}", stderr(out));
        assert_stderr_contains(
            out,
            &[
                "interrupted",
                "the previous run, if any, is still reportable",
            ],
        );
        let report = command(&["report", "--json"]).output().unwrap();
        assert_exit(&report, 0);
        assert_eq!(stdout(&report), stdout(&first), "{how}");
    };

    // The user's commands.
    touch();
    let mut timed = std::process::Command::new("timeout");
    let inner = command(&[]);
    timed
        .args(["--preserve-status", "-s", "INT", "1"])
        .arg(inner.get_program())
        .args(inner.get_args())
        .current_dir(dir)
        .env("SLOW_BUILD_MARKER", &marker);
    for (key, value) in inner.get_envs() {
        match value {
            Some(value) => timed.env(key, value),
            None => timed.env_remove(key),
        };
    }
    still_reportable(&timed.output().unwrap(), "timeout -s INT 1");

    // Ctrl-C to the process group once the relations binary was relinked.
    let _ = std::fs::remove_file(&marker);
    touch();
    // The first interrupt may have landed while cargo relinked it (then
    // it is gone): any binary there now is a relinked one.
    let before = std::fs::metadata(&relations).map(|m| m.ino()).ok();
    let child = command(&[])
        .env("SLOW_BUILD_MARKER", &marker)
        .process_group(0)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !(marker.exists() && std::fs::metadata(&relations).is_ok_and(|m| Some(m.ino()) != before))
    {
        assert!(
            started.elapsed() < Duration::from_secs(500),
            "the relations binary was not relinked while the slow target built"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = std::process::Command::new("kill")
        .args(["-s", "INT", "--", &format!("-{}", child.id())])
        .status()
        .unwrap();
    assert!(status.success());
    still_reportable(
        &child.wait_with_output().unwrap(),
        "Ctrl-C after the relink",
    );
}
