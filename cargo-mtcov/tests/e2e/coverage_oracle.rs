//! The oracle test of the coverage mapping, through the real `cargo mtcov`:
//! it builds the `cov-sut` fixture with its own rustc wrapper and runs its
//! tests; then, for every source input, the lines, regions, functions (and,
//! with `--branch` on nightly, branch outcomes) that `cargo_mtcov::mapping`
//! says the input covered, from the runtime's `cov` record alone, must equal
//! what `llvm-cov export` reports for a profile of that input's execution
//! alone, on the binary cargo-mtcov built. Requirement sets are compared
//! too. Zero differences allowed.
//!
//! Also the completeness of `E` on the same run: code no test executes
//! still counts, as uncovered. The fixture's `unused` module has a function
//! no test calls, a generic never instantiated, and a function in a module
//! nothing references, whose object file the linker leaves out of the test
//! binary. With the SUT's `.rlib` (as `last-run.json` names it) passed as an
//! extra object, all of them must be requirements of every criterion, and
//! no input may cover them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::common::prerequisite;
use crate::coverage_support::*;
use cargo_mtcov::mapping::{CoverageMap, RequirementKey, Scope};
use cargo_mtcov::model::Criterion;

/// What llvm-cov says about one profile, as comparable strings.
#[derive(Debug, Default)]
struct LlvmView {
    lines_mapped: BTreeSet<String>,
    lines_covered: BTreeSet<String>,
    regions: BTreeSet<String>,
    regions_covered: BTreeSet<String>,
    branches: BTreeSet<String>,
    branches_covered: BTreeSet<String>,
    functions_covered: BTreeSet<String>,
    summary_regions: u64,
}

fn span(file: &str, v: &[serde_json::Value]) -> String {
    let n = |i: usize| v[i].as_u64().expect("number");
    format!("{file}:{}:{}-{}:{}", n(0), n(1), n(2), n(3))
}

fn key_text(k: &RequirementKey) -> String {
    use cargo_mtcov::mapping::RequirementKind::*;
    match k.kind {
        Line => format!("{}:{}", k.file, k.line_start),
        Function => format!("{}:{}:{}", k.file, k.line_start, k.col_start),
        Region => format!(
            "{}:{}:{}-{}:{}",
            k.file, k.line_start, k.col_start, k.line_end, k.col_end
        ),
        BranchTrue => format!(
            "{}:{}:{}-{}:{}:T",
            k.file, k.line_start, k.col_start, k.line_end, k.col_end
        ),
        BranchFalse => format!(
            "{}:{}:{}-{}:{}:F",
            k.file, k.line_start, k.col_start, k.line_end, k.col_end
        ),
    }
}

fn run(tool: &Path, args: &[&std::ffi::OsStr]) -> String {
    let out = Command::new(tool)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run {}: {e}", tool.display()));
    assert!(
        out.status.success(),
        "{} failed: {}",
        tool.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// `llvm-profdata` and `llvm-cov` of one toolchain.
struct LlvmTools {
    profdata: PathBuf,
    cov: PathBuf,
}

impl LlvmTools {
    /// The tools, or `None` when the test is to skip (outside CI only).
    fn find(toolchain: Option<&str>) -> Option<Self> {
        let mut found = [PathBuf::new(), PathBuf::new()];
        for (slot, name) in found.iter_mut().zip(["llvm-profdata", "llvm-cov"]) {
            let tool = llvm_tool(name, toolchain);
            let what = format!("{name} ({} toolchain)", toolchain.unwrap_or("the test's"));
            if !prerequisite(
                &what,
                tool.as_ref().map(|_| ()).map_err(Clone::clone),
                &llvm_tools_install(toolchain),
            ) {
                return None;
            }
            *slot = tool.expect("checked");
        }
        let [profdata, cov] = found;
        Some(Self { profdata, cov })
    }
}

fn llvm_view(
    tools: &LlvmTools,
    binary: &Path,
    profraw: &Path,
    in_scope: &dyn Fn(&str) -> bool,
) -> LlvmView {
    let profdata = profraw.with_extension("profdata");
    let (profdata_tool, cov_tool) = (&tools.profdata, &tools.cov);
    run(
        profdata_tool,
        &[
            "merge".as_ref(),
            "-sparse".as_ref(),
            profraw.as_os_str(),
            "-o".as_ref(),
            profdata.as_os_str(),
        ],
    );
    let instr = format!("-instr-profile={}", profdata.display());
    let json = run(
        cov_tool,
        &[
            "export".as_ref(),
            "-format=text".as_ref(),
            instr.as_ref(),
            binary.as_os_str(),
        ],
    );
    let lcov = run(
        cov_tool,
        &[
            "export".as_ref(),
            "-format=lcov".as_ref(),
            instr.as_ref(),
            binary.as_os_str(),
        ],
    );

    let mut view = LlvmView::default();
    let v: serde_json::Value = serde_json::from_str(&json).expect("llvm-cov JSON");
    for f in v["data"][0]["functions"].as_array().expect("functions") {
        let files: Vec<&str> = f["filenames"]
            .as_array()
            .expect("filenames")
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        let regions = f["regions"].as_array().expect("regions");
        if let Some(first) = regions.first() {
            let file = files[first[5].as_u64().unwrap() as usize];
            if in_scope(file) && f["count"].as_u64().unwrap() > 0 {
                view.functions_covered
                    .insert(format!("{file}:{}:{}", first[0], first[1]));
            }
        }
        for r in regions {
            let r = r.as_array().unwrap();
            let file = files[r[5].as_u64().unwrap() as usize];
            if r[7] != 0 || !in_scope(file) {
                continue; // only code regions count as regions
            }
            let s = span(file, r);
            if r[4].as_u64().unwrap() > 0 {
                view.regions_covered.insert(s.clone());
            }
            view.regions.insert(s);
        }
        for b in f["branches"].as_array().expect("branches") {
            let b = b.as_array().unwrap();
            let file = files[b[6].as_u64().unwrap() as usize];
            if !in_scope(file) {
                continue;
            }
            let s = span(file, b);
            for (outcome, count) in [("T", &b[4]), ("F", &b[5])] {
                view.branches.insert(format!("{s}:{outcome}"));
                if count.as_u64().unwrap() > 0 {
                    view.branches_covered.insert(format!("{s}:{outcome}"));
                }
            }
        }
    }
    for file in v["data"][0]["files"].as_array().expect("files") {
        if in_scope(file["filename"].as_str().unwrap()) {
            view.summary_regions += file["summary"]["regions"]["count"].as_u64().unwrap();
        }
    }
    let mut file = String::new();
    for line in lcov.lines() {
        if let Some(f) = line.strip_prefix("SF:") {
            file = f.to_owned();
        } else if let Some(da) = line.strip_prefix("DA:") {
            if !in_scope(&file) {
                continue;
            }
            let (l, count) = da.split_once(',').expect("DA:line,count");
            view.lines_mapped.insert(format!("{file}:{l}"));
            if count.trim() != "0" {
                view.lines_covered.insert(format!("{file}:{l}"));
            }
        }
    }
    view
}

fn diff(
    what: &str,
    input: &str,
    ours: &BTreeSet<String>,
    llvm: &BTreeSet<String>,
    out: &mut Vec<String>,
) {
    for x in ours.difference(llvm) {
        out.push(format!("{input}: {what} {x}: we say yes, llvm-cov says no"));
    }
    for x in llvm.difference(ours) {
        out.push(format!("{input}: {what} {x}: llvm-cov says yes, we say no"));
    }
}

/// The stable run, shared by the tests that need no other toolchain:
/// `cargo mtcov` with per-input profiles.
fn stable_run() -> &'static Built {
    static RUN: OnceLock<Built> = OnceLock::new();
    RUN.get_or_init(|| {
        run_mtcov(&MtcovRun {
            name: "oracle-stable",
            per_input_profiles: true,
            ..MtcovRun::default()
        })
    })
}

fn oracle(built: &Built, tools: &LlvmTools, toolchain: Option<&str>, branches: bool) {
    let (functions, executions) = built.records();
    assert!(
        executions.len() >= 20,
        "only {} source executions recorded",
        executions.len()
    );

    let src = fixture_dir().join("src");
    let scope = Scope::all().include_dir(&src);
    let src_text = src.to_string_lossy().into_owned();
    let in_scope = |f: &str| Path::new(f).starts_with(&src_text);
    // The binary alone: llvm-cov knows nothing of the rlib.
    let map = CoverageMap::load(&built.oracle_binary, &[], &scope).expect("load coverage map");
    assert_eq!(
        map.has_branch_regions(),
        branches,
        "branch regions present iff built with them"
    );
    let mut eval = map.evaluator(&functions).expect("bind function table");
    let texts = |c: Criterion, ids: &[u32]| -> BTreeSet<String> {
        ids.iter()
            .map(|&i| key_text(&map.requirements(c)[i as usize].key))
            .collect()
    };
    let all = |c: Criterion| -> BTreeSet<String> {
        map.requirements(c)
            .iter()
            .map(|r| key_text(&r.key))
            .collect()
    };

    let mut differences = Vec::new();
    let mut union_lines = BTreeSet::new();
    let mut union_branches = BTreeSet::new();
    for (n, ex) in executions.iter().enumerate() {
        let llvm = llvm_view(
            tools,
            &built.oracle_binary,
            ex.profraw.as_deref().unwrap(),
            &in_scope,
        );
        let ours = eval.covered(&ex.counters);
        let input = &ex.input;
        diff(
            "line",
            input,
            &texts(Criterion::Line, &ours.line),
            &llvm.lines_covered,
            &mut differences,
        );
        diff(
            "region",
            input,
            &texts(Criterion::Region, &ours.region),
            &llvm.regions_covered,
            &mut differences,
        );
        diff(
            "function",
            input,
            &texts(Criterion::Function, &ours.function),
            &llvm.functions_covered,
            &mut differences,
        );
        diff(
            "branch outcome",
            input,
            &texts(Criterion::Branch, &ours.branch),
            &llvm.branches_covered,
            &mut differences,
        );
        if n == 0 {
            diff(
                "instrumented line",
                "E",
                &all(Criterion::Line),
                &llvm.lines_mapped,
                &mut differences,
            );
            diff(
                "code region",
                "E",
                &all(Criterion::Region),
                &llvm.regions,
                &mut differences,
            );
            diff(
                "branch outcome",
                "E",
                &all(Criterion::Branch),
                &llvm.branches,
                &mut differences,
            );
            assert_eq!(
                map.requirements(Criterion::Region).len() as u64,
                llvm.summary_regions,
                "E(region) vs llvm-cov summary"
            );
        }
        union_lines.extend(llvm.lines_covered);
        union_branches.extend(llvm.branches_covered);
    }
    assert!(
        differences.is_empty(),
        "{} differences between the mapping and llvm-cov over {} inputs:\n{}",
        differences.len(),
        executions.len(),
        differences.join("\n")
    );
    // `differing_from` evaluates only what changed between two vectors (as
    // Metamorphic Coverage does for a follow-up against its source): it
    // must give exactly the difference of the two full evaluations, for
    // each of several vectors compared in turn with one kept source.
    let xor = |x: &[u32], y: &[u32]| -> Vec<u32> {
        let (x, y): (BTreeSet<u32>, BTreeSet<u32>) =
            (x.iter().copied().collect(), y.iter().copied().collect());
        x.symmetric_difference(&y).copied().collect()
    };
    let mut nonempty = 0;
    for (i, a) in executions.iter().enumerate() {
        let others = [
            &executions[(i + 1) % executions.len()],
            &executions[executions.len() - 1 - i],
            a,
        ];
        let ca = eval.covered(&a.counters);
        let covered: Vec<_> = others.iter().map(|b| eval.covered(&b.counters)).collect();
        eval.set_source(&a.counters);
        for (b, cb) in others.iter().zip(&covered) {
            let got = eval.differing_from(&b.counters);
            for c in [
                Criterion::Line,
                Criterion::Region,
                Criterion::Branch,
                Criterion::Function,
            ] {
                assert_eq!(
                    got.of(c),
                    xor(ca.of(c), cb.of(c)),
                    "{c:?}: differing({}, {})",
                    a.input,
                    b.input
                );
            }
            nonempty += usize::from(!got.line.is_empty());
        }
    }
    assert!(nonempty >= 10, "only {nonempty} pairs of inputs differ");
    // The comparison must have had something to compare.
    assert!(
        union_lines.len() >= 30,
        "inputs covered only {} lines",
        union_lines.len()
    );
    if branches {
        assert!(
            union_branches.len() >= 10,
            "inputs covered only {} branch outcomes",
            union_branches.len()
        );
    }
    eprintln!(
        "oracle ({}): 0 differences over {} inputs; E: {} lines, {} regions, {} branch outcomes, {} functions",
        toolchain.unwrap_or("stable"),
        executions.len(),
        map.requirements(Criterion::Line).len(),
        map.requirements(Criterion::Region).len(),
        map.requirements(Criterion::Branch).len(),
        map.requirements(Criterion::Function).len(),
    );
}

#[test]
fn per_input_lines_regions_functions_equal_llvm_cov() {
    let Some(tools) = LlvmTools::find(None) else {
        return;
    };
    oracle(stable_run(), &tools, None, false);
}

/// The nightly toolchain the branch oracle runs: `MTCOV_NIGHTLY` (`.ci/run`
/// pins a dated one whose raw profile format mt-runtime reads), else
/// `nightly`.
fn nightly_name() -> &'static str {
    static NAME: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    NAME.get_or_init(|| std::env::var("MTCOV_NIGHTLY").unwrap_or_else(|_| "nightly".to_owned()))
}

#[test]
fn per_input_branch_outcomes_equal_llvm_cov_on_nightly() {
    let toolchain = nightly_name();
    let nightly = "a nightly toolchain (branch coverage is -Zcoverage-options=branch)";
    let install = format!(
        "rustup toolchain install {toolchain} --profile minimal --component llvm-tools-preview"
    );
    if !prerequisite(nightly, unstable_toolchain(toolchain), &install) {
        return;
    }
    let Some(tools) = LlvmTools::find(Some(toolchain)) else {
        return;
    };
    let built = run_mtcov(&MtcovRun {
        name: "oracle-nightly",
        toolchain: Some(toolchain),
        args: &["--branch"],
        per_input_profiles: true,
        ..MtcovRun::default()
    });
    oracle(&built, &tools, Some(toolchain), true);
}

const CRITERIA: [Criterion; 3] = [Criterion::Line, Criterion::Region, Criterion::Function];
const NEVER_RUN: [&str; 3] = ["never_called", "never_instantiated", "dropped_by_linker"];

fn function_labels(map: &CoverageMap) -> BTreeSet<String> {
    map.requirements(Criterion::Function)
        .iter()
        .map(|r| r.label.clone())
        .collect()
}

#[test]
fn code_no_test_runs_is_in_e_and_uncovered() {
    let built = stable_run();
    let (functions, executions) = built.records();
    let scope = Scope::all().include_dir(fixture_dir().join("src"));

    let binary_only = CoverageMap::load(&built.oracle_binary, &[], &scope).expect("load binary");
    let complete = CoverageMap::load(
        &built.oracle_binary,
        std::slice::from_ref(&built.rlib),
        &scope,
    )
    .expect("load binary + rlib");

    // The fixture really exercises the linker case: that function's
    // mapping is not in the binary at all, only in the rlib.
    let in_binary = function_labels(&binary_only);
    assert!(
        !in_binary.iter().any(|l| l.contains("dropped_by_linker")),
        "the fixture no longer makes the linker drop `island`: {in_binary:?}"
    );
    let labels = function_labels(&complete);
    for name in NEVER_RUN {
        assert!(
            labels.iter().any(|l| l.ends_with(&format!("::{name}"))),
            "function {name} missing from E(function): {labels:?}"
        );
    }
    // Everything the binary knows is still there, nothing duplicated.
    for criterion in CRITERIA {
        let small: BTreeSet<_> = binary_only
            .requirements(criterion)
            .iter()
            .map(|r| r.key.clone())
            .collect();
        let big: BTreeSet<_> = complete
            .requirements(criterion)
            .iter()
            .map(|r| r.key.clone())
            .collect();
        assert!(
            small.is_subset(&big),
            "{criterion:?}: the rlib lost requirements of the binary"
        );
        assert_eq!(
            big.len(),
            complete.requirements(criterion).len(),
            "{criterion:?}: duplicate keys"
        );
    }

    // The lines and regions of unused.rs are requirements...
    let unused_rs = fixture_dir()
        .join("src/unused.rs")
        .to_string_lossy()
        .into_owned();
    let mut unused_reqs = 0;
    for criterion in CRITERIA {
        let n = complete
            .requirements(criterion)
            .iter()
            .filter(|r| *r.key.file == *unused_rs)
            .count();
        assert!(n >= 3, "{criterion:?}: only {n} requirements in unused.rs");
        unused_reqs += n;
    }
    // ...and no input covers any of them, while inputs do cover lib.rs.
    let mut evaluator = complete.evaluator(&functions).expect("bind function table");
    let mut covered_elsewhere = 0;
    for ex in &executions {
        let covered = evaluator.covered(&ex.counters);
        for criterion in CRITERIA {
            for &r in covered.of(criterion) {
                let req = &complete.requirements(criterion)[r as usize];
                assert_ne!(
                    *req.key.file, *unused_rs,
                    "input {} covered never-run code {}",
                    ex.input, req.label
                );
                covered_elsewhere += 1;
            }
        }
    }
    assert!(
        covered_elsewhere > 0,
        "no input covered anything: the check above proved nothing"
    );
    eprintln!(
        "E with the rlib: {} lines, {} regions, {} functions ({} requirements in unused.rs, none covered); binary alone: {} / {} / {}",
        complete.requirements(Criterion::Line).len(),
        complete.requirements(Criterion::Region).len(),
        complete.requirements(Criterion::Function).len(),
        unused_reqs,
        binary_only.requirements(Criterion::Line).len(),
        binary_only.requirements(Criterion::Region).len(),
        binary_only.requirements(Criterion::Function).len(),
    );
}
