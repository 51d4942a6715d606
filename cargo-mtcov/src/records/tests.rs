use super::*;
use crate::error::RecordError;

/// A fresh directory under the system temp dir (its path, and the
/// `tempfile` handle that removes it on drop).
struct TempDir(PathBuf, #[allow(dead_code)] tempfile::TempDir);

impl TempDir {
    fn new(tag: &str) -> Self {
        let dir = tempfile::Builder::new()
            .prefix(&format!("mtcov-records-{tag}-"))
            .tempdir()
            .unwrap();
        Self(dir.path().to_path_buf(), dir)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

fn header(binary: &str, mrs: &[(&str, &str)]) -> String {
    let registry: Vec<String> = mrs
        .iter()
        .map(|(id, class)| {
            format!(r#"{{"id":"{id}","name":"{id}","class":"{class}","file":"tests/mrs.rs","line":3,"source_type":"f64"}}"#)
        })
        .collect();
    format!(
        r#"{{"v":7,"kind":"header","runtime":"0.1.0","binary":"{binary}","pid":7,"registry":[{}],"coverage":{{"status":"ok","profile_version":10,"num_counters":8,"functions":[["00000000000000aa","0000000000000001",0,8]]}}}}"#,
        registry.join(",")
    )
}

fn end(lines: u64) -> String {
    format!(r#"{{"v":7,"kind":"end","lines":{lines}}}"#)
}

const SOURCE_A: &str = r#"{"v":7,"kind":"source","key":"000000000000000a","debug":"1.0"}"#;
const MG_A: &str = r#"{"v":7,"kind":"mg","mr":"m::one","class":"equal","sources":["000000000000000a"],"follow_ups":1,"outcome":"holds","test":"t"}"#;
/// Counters (0, 1) and (5, 2), with their fingerprint.
const COV_A: &str = r#"{"v":7,"kind":"cov","key":"000000000000000a","mr":"m::one","fp":"082f1eeeb4e8902a","counters":"ABEC"}"#;
/// The same counters for another MR, by reference.
const COV_A_AGAIN: &str =
    r#"{"v":7,"kind":"cov","key":"000000000000000a","mr":"m::two","fp":"082f1eeeb4e8902a"}"#;
const ASIDE: &str = r#"{"v":7,"kind":"aside","counters":"DhJ"}"#;

#[test]
fn merges_files_and_dedupes_the_registry() {
    let dir = TempDir::new("merge");
    let one = [
        header("/bin/a", &[("m::one", "equal")]),
        SOURCE_A.into(),
        MG_A.into(),
        COV_A.into(),
        COV_A_AGAIN.into(),
        ASIDE.into(),
        end(6),
    ];
    dir.write("a-1.jsonl", &(one.join("\n") + "\n"));
    let two = [
        header("/bin/b", &[("m::one", "equal"), ("m::two", "order")]),
        end(1),
    ];
    dir.write("b-2.jsonl", &(two.join("\n") + "\n"));
    dir.write("notes.txt", "not a record file");

    let run = read_run(&dir.0, None).unwrap();
    assert!(run.warnings.is_empty(), "{:?}", run.warnings);
    let ids: Vec<&str> = run.registry.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids, ["m::one", "m::two"]);
    assert_eq!(run.sources.get(&10).map(String::as_str), Some("1.0"));
    assert_eq!(run.groups.len(), 1);
    assert_eq!(run.groups[0].1, 0);
    assert_eq!(run.processes.len(), 2);
    assert_eq!(run.processes[0].vectors.len(), 1);
    assert_eq!(*run.processes[0].vectors.get(0), [(0, 1), (5, 2)]);
    let executions: Vec<(u64, &str, u32)> = run.processes[0]
        .executions
        .iter()
        .map(|e| (e.key, e.mr.as_str(), e.vector))
        .collect();
    assert_eq!(executions, [(10, "m::one", 0), (10, "m::two", 0)]);
    assert_eq!(run.processes[0].aside, [(3, 289)]);
    assert!(matches!(
        run.processes[0].coverage,
        CoverageLayout::Captured {
            num_counters: 8,
            ..
        }
    ));
    assert!(
        run.processes
            .iter()
            .all(|p| p.completeness == Completeness::Complete)
    );
}

fn incomplete(run: &RunRecords) -> &str {
    match &run.processes[0].completeness {
        Completeness::Incomplete(why) => why,
        Completeness::Complete => panic!("read as complete"),
    }
}

#[test]
fn a_corrupt_line_makes_the_file_incomplete_and_is_named() {
    let dir = TempDir::new("corrupt");
    let text = [
        header("/bin/a", &[("m::one", "equal")]),
        SOURCE_A.into(),
        "{\"v\":4,\"kind\":\"mg\",\"mr\"".into(),
        MG_A.into(),
        end(4),
    ]
    .join("\n")
        + "\n";
    let file = dir.write("a-1.jsonl", &text);
    let run = read_run(&dir.0, None).unwrap();
    assert_eq!(
        run.groups.len(),
        1,
        "the valid MG after the corrupt line is kept"
    );
    let why = incomplete(&run);
    assert!(
        why.starts_with(&format!("{}:3: unreadable record", file.display())),
        "{why}"
    );
}

#[test]
fn a_cut_off_file_is_incomplete() {
    let dir = TempDir::new("cut");
    let full = [header("/bin/a", &[]), SOURCE_A.into(), MG_A.into(), end(3)].join("\n") + "\n";
    // Cut anywhere: mid-line, at a line end (no end line), just before the end line.
    for cut in [
        full.len() / 2,
        full.find(MG_A).unwrap(),
        full.rfind("{\"v\"").unwrap(),
    ] {
        dir.write("a-1.jsonl", &full[..cut]);
        let run = read_run(&dir.0, None).unwrap();
        let why = incomplete(&run);
        assert!(
            why.contains("cut off") || why.contains("no end line"),
            "{cut}: {why}"
        );
    }
    dir.write("a-1.jsonl", &full);
    assert_eq!(
        read_run(&dir.0, None).unwrap().processes[0].completeness,
        Completeness::Complete
    );
}

#[test]
fn lines_lost_before_the_end_line_are_detected() {
    let dir = TempDir::new("lost");
    let text = [header("/bin/a", &[]), MG_A.into(), end(3)].join("\n") + "\n";
    dir.write("a-1.jsonl", &text);
    let run = read_run(&dir.0, None).unwrap();
    assert!(incomplete(&run).contains("wrote 3 lines before its end line, the file has 2"));
}

#[test]
fn counter_indices_beyond_the_table_are_rejected() {
    let dir = TempDir::new("range");
    let cov = r#"{"v":7,"kind":"cov","key":"000000000000000a","mr":"m","fp":"0000000000000001","counters":"IB"}"#;
    dir.write(
        "a-1.jsonl",
        &format!("{}\n{cov}\n{}\n", header("/bin/a", &[]), end(2)),
    );
    let run = read_run(&dir.0, None).unwrap();
    assert!(run.processes[0].executions.is_empty());
    assert!(incomplete(&run).contains(":2: counter index 8"));
}

/// A vector written as changes from another reads as the other with the
/// changes applied; changes against a vector the file does not hold in
/// full, or that do not give the fingerprint, make the file incomplete.
#[test]
fn vectors_written_as_changes() {
    // (0, 1), (5, 2) -> (0, 1), (3, 4): changes (3, 4) and (5, 0).
    let mut changes = String::new();
    mtcov_protocol::counters::encode(&mut changes, &[(3, 4), (5, 0)]);
    let changed = |key: &str, base: &str, fp: &str| {
        format!(
            r#"{{"v":7,"kind":"followcov","key":"{key}","mr":"m::one","fp":"{fp}","base":"{base}","base_fp":"082f1eeeb4e8902a","changes":"{changes}"}}"#
        )
    };
    let good = changed("000000000000000a", "000000000000000a", "082f2320b4e885f8");
    let dir = TempDir::new("changes");
    let lines = [header("/bin/a", &[]), COV_A.into(), good.clone(), end(3)];
    dir.write("a-1.jsonl", &(lines.join("\n") + "\n"));
    let run = read_run(&dir.0, None).unwrap();
    assert_eq!(run.processes[0].completeness, Completeness::Complete);
    assert_eq!(*run.processes[0].vectors.get(1), [(0, 1), (3, 4)]);
    assert_eq!(run.processes[0].follow_executions[0].vector, 1);

    for (bad, why) in [
        (
            changed("000000000000000a", "000000000000000b", "082f2320b4e885f8"),
            ":3: a coverage record is written against counters the file does not hold in full",
        ),
        (
            changed("000000000000000a", "000000000000000a", "0000000000000001"),
            ":3: the counters do not match the record's fingerprint 0000000000000001",
        ),
    ] {
        let lines = [header("/bin/a", &[]), COV_A.into(), bad, end(3)];
        dir.write("a-1.jsonl", &(lines.join("\n") + "\n"));
        let run = read_run(&dir.0, None).unwrap();
        assert!(run.processes[0].follow_executions.is_empty());
        assert!(incomplete(&run).contains(why), "{}", incomplete(&run));
    }
}

#[test]
fn a_reference_to_counters_the_file_does_not_hold_makes_it_incomplete() {
    let dir = TempDir::new("dangling");
    dir.write(
        "a-1.jsonl",
        &format!("{}\n{COV_A_AGAIN}\n{}\n", header("/bin/a", &[]), end(2)),
    );
    let run = read_run(&dir.0, None).unwrap();
    assert!(run.processes[0].executions.is_empty());
    assert!(incomplete(&run).contains(":2: a coverage record refers to counters"));
}

#[test]
fn another_schema_version_stops_the_read() {
    let dir = TempDir::new("version");
    dir.write(
        "a-1.jsonl",
        &format!(
            "{}\n{}\n",
            header("/bin/a", &[]),
            SOURCE_A.replace("\"v\":7", "\"v\":6")
        ),
    );
    let err = read_run(&dir.0, None).unwrap_err();
    let Some(RecordError::UnknownSchemaVersion { line, found, .. }) = err.downcast_ref() else {
        panic!("unexpected error: {err:#}");
    };
    assert_eq!((*line, *found), (2, 6));
}

#[test]
fn records_of_another_binary_are_skipped_with_a_warning() {
    let dir = TempDir::new("foreign");
    let file = dir.write(
        "a-1.jsonl",
        &format!(
            "{}\n{MG_A}\n",
            header("/elsewhere/a", &[("m::one", "equal")])
        ),
    );
    let run = read_run(&dir.0, Some(&[PathBuf::from("/bin/a")])).unwrap();
    assert!(run.groups.is_empty() && run.registry.is_empty() && run.processes.is_empty());
    assert_eq!(
        run.warnings,
        [format!(
            "{}: written by /elsewhere/a, which is not a test binary of this build \
             (a process started by a test?); its records are skipped",
            file.display()
        )]
    );
    let run = read_run(&dir.0, Some(&[PathBuf::from("/elsewhere/a")])).unwrap();
    assert_eq!(run.groups.len(), 1);
}

#[test]
fn records_before_a_header_are_not_attributed() {
    let dir = TempDir::new("headless");
    dir.write("a-1.jsonl", &format!("{{broken\n{MG_A}\n"));
    let run = read_run(&dir.0, None).unwrap();
    assert!(run.groups.is_empty());
    assert!(
        run.unattributed
            .iter()
            .any(|w| w.contains("line 2 comes before any header")),
        "{:?}",
        run.unattributed
    );
}

fn mg_of(test: &str, key: &str) -> String {
    format!(
        r#"{{"v":7,"kind":"mg","mr":"m::one","class":"equal","sources":["{key}"],"follow_ups":1,"outcome":"violated","test":"{test}"}}"#
    )
}

fn with_attempt(header: &str, test: &str, number: u32) -> String {
    header.replacen(
        r#","coverage""#,
        &format!(r#","attempt":{{"test":"{test}","number":{number}}},"coverage""#),
        1,
    )
}

#[test]
fn groups_come_in_binary_and_test_order_whatever_the_file_names() {
    // One process per test, the later test in the file that sorts first
    // (pids are not in test order); then both tests in one process.
    let split = TempDir::new("split");
    let h = header("/bin/a", &[("m::one", "equal")]);
    split.write(
        "a-1.jsonl",
        &format!("{h}\n{}\n{}\n", mg_of("b_test", "000000000000000b"), end(2)),
    );
    split.write(
        "a-2.jsonl",
        &format!("{h}\n{}\n{}\n", mg_of("a_test", "000000000000000a"), end(2)),
    );
    let whole = TempDir::new("whole");
    whole.write(
        "a-9.jsonl",
        &format!(
            "{h}\n{}\n{}\n{}\n",
            mg_of("a_test", "000000000000000a"),
            mg_of("b_test", "000000000000000b"),
            end(3)
        ),
    );
    let order = |dir: &TempDir| -> Vec<String> {
        read_run(&dir.0, None)
            .unwrap()
            .groups
            .iter()
            .map(|(mg, _)| mg.test.clone().unwrap())
            .collect()
    };
    assert_eq!(order(&split), ["a_test", "b_test"]);
    assert_eq!(order(&split), order(&whole));
}

#[test]
fn only_the_last_attempt_of_a_retried_test_counts() {
    let dir = TempDir::new("attempts");
    let h = header("/bin/a", &[("m::one", "equal")]);
    let first = with_attempt(&h, "flaky", 1);
    let second = with_attempt(&h, "flaky", 2);
    let other = with_attempt(&h, "steady", 1);
    let source_b = SOURCE_A.replace("000000000000000a", "000000000000000b");
    dir.write(
        "a-1.jsonl",
        &format!(
            "{first}\n{source_b}\n{}\n{}\n",
            mg_of("flaky", "000000000000000b"),
            end(3)
        ),
    );
    dir.write(
        "a-2.jsonl",
        &format!("{second}\n{SOURCE_A}\n{MG_A}\n{}\n", end(3)),
    );
    dir.write("a-3.jsonl", &format!("{other}\n{}\n", end(1)));
    let run = read_run(&dir.0, None).unwrap();
    assert_eq!(run.processes.len(), 2, "attempt 1 of `flaky` is dropped");
    assert_eq!(run.groups.len(), 1);
    assert_eq!(run.groups[0].0.outcome, mtcov_protocol::Outcome::Holds);
    assert_eq!(
        run.sources.keys().copied().collect::<Vec<_>>(),
        [10],
        "its sources too"
    );
}

/// Declarations over type `T`, as (function, line).
type Decls<'a> = Vec<(Option<&'a str>, u32)>;

/// A header declaring `decls` over type `T`.
fn header_declaring(binary: &str, decls: &[(Option<&str>, u32)]) -> String {
    let decls: Vec<String> = decls
        .iter()
        .map(|(function, line)| {
            let function = function.map_or(String::new(), |f| format!(r#""function":"{f}","#));
            format!(
                r#"{{"source_type":"T",{function}"output_type":null,"file":"t.rs","line":{line},"categories":[{{"name":"c","output":false,"choices":[{{"name":"a","kind":"normal","properties":[]}}]}}]}}"#
            )
        })
        .collect();
    let header = header(binary, &[]);
    format!(
        "{},\"categories\":[{}]}}",
        header.strip_suffix('}').unwrap(),
        decls.join(",")
    )
}

#[test]
fn a_type_declared_per_function_and_for_every_function_is_a_conflict() {
    let read = |files: &[(&str, Decls<'_>)]| {
        let dir = TempDir::new("declared");
        for (i, (binary, decls)) in files.iter().enumerate() {
            let text = [header_declaring(binary, decls), end(1)].join("\n") + "\n";
            dir.write(&format!("{i}-{i}.jsonl"), &text);
        }
        let run = read_run(&dir.0, None).unwrap();
        (run.declarations.len(), run.declaration_conflicts)
    };
    // Per function, one binary: fine; the same declarations in two: fine.
    let per = vec![(Some("fill"), 3), (Some("wrap"), 9)];
    assert_eq!(read(&[("/bin/a", per.clone())]), (2, vec![]));
    assert_eq!(
        read(&[("/bin/a", per.clone()), ("/bin/b", per.clone())]),
        (2, vec![])
    );
    // Both ways in one binary, one function twice, both ways across two.
    let (_, conflicts) = read(&[("/bin/a", vec![(None, 3), (Some("fill"), 9)])]);
    assert_eq!(conflicts.len(), 1);
    assert!(
        conflicts[0].ends_with(
            "`T` is declared both for every function (t.rs:3) and per function (t.rs:9); \
             declare it one way"
        ),
        "{conflicts:?}"
    );
    let (_, conflicts) = read(&[("/bin/a", vec![(Some("fill"), 3), (Some("fill"), 9)])]);
    assert!(
        conflicts[0].ends_with("two `categories!` declarations for `T => fill`; declare each once"),
        "{conflicts:?}"
    );
    let (_, conflicts) = read(&[
        ("/bin/a", vec![(Some("fill"), 9)]),
        ("/bin/b", vec![(None, 3)]),
    ]);
    assert_eq!(conflicts.len(), 1, "{conflicts:?}");
    assert!(
        conflicts[0]
            .contains("declared both for every function (t.rs:3) and per function (t.rs:9)"),
        "{conflicts:?}"
    );
}

/// A process of one MG as the runtime writes it: its measured source run
/// `(0, 1), (1, 2)`, its follow-up's measured run `(1, 1)`, a check
/// `(7, 1)`, warm-up runs that also made a lazy static `(6, 1)`, and a
/// test body `(5, 4)`; `shares` says whether its `mg` line carries them,
/// `ends` whether the process exited.
fn one_mg_process(shares: bool, ends: bool) -> String {
    use mtcov_protocol::counters::{add, delta};
    use mtcov_protocol::write::{self, Counters as Written, MgFields, MgShares};
    let (run, follow, check) = (vec![(0, 1), (1, 2)], vec![(1, 1)], vec![(7, 1)]);
    let warm = vec![(0, 1), (1, 3), (6, 1)];
    let mut out = header("/bin/a", &[("m::one", "equal")]) + "\n";
    write::source(&mut out, 0xa, "1.0");
    let fp = write::fingerprint(&run);
    write::cov(&mut out, 0xa, "m::one", fp, Written::Full(&run), false);
    let follow_fp = write::fingerprint(&follow);
    write::follow_cov(&mut out, 0xa, "m::one", follow_fp, Written::Full(&follow));
    let mut measured = run.clone();
    add(&mut measured, &follow);
    let first_use = delta(&measured, &warm);
    let runs = [(0, fp, false)];
    let fields = MgFields {
        mr: "m::one",
        class: "equal",
        argument: None,
        follow_ups: 1,
        outcome: mtcov_protocol::Outcome::Holds,
        message: None,
        test: Some("t"),
        shares: shares.then_some(MgShares {
            runs: &runs,
            follow: Some(follow_fp),
            aside: &check,
            first_use: &first_use,
        }),
    };
    write::mg(&mut out, &fields, [0xa]);
    let mut aside = check.clone();
    add(&mut aside, &follow);
    write::aside(&mut out, &aside, &warm, (1, 0), &[(5, 4)]);
    if ends {
        let lines = out.lines().count() as u64;
        write::end(&mut out, lines, None);
    }
    out
}

/// A process counts each execution once, by its warm-up run, with what
/// ran around MGs and in them outside source executions; its measured
/// runs (the source's, in no sum, and the follow-up's, in `aside`) are
/// mtcov's own and not counted. Unknown without an end line, or when an
/// MG's measured follow-up runs cannot be told apart.
#[test]
fn execution_counts_count_each_execution_once() {
    let dir = TempDir::new("counts");
    dir.write("a-1.jsonl", &one_mg_process(true, true));
    let run = read_run(&dir.0, None).unwrap();
    assert_eq!(
        run.processes[0].execution_counts(),
        Ok(vec![(0, 1), (1, 3), (5, 4), (6, 1), (7, 1)])
    );
    for (shares, ends, why) in [
        (false, true, "its records cannot tell apart"),
        (true, false, "did not exit normally"),
    ] {
        dir.write("a-1.jsonl", &one_mg_process(shares, ends));
        let run = read_run(&dir.0, None).unwrap();
        let err = run.processes[0].execution_counts().unwrap_err();
        assert!(err.contains(why), "{err}");
    }
}

/// Read without counters, a file gives the same executions, MGs and sums
/// as read whole, and no vector (nor execution counts: those come from
/// the kept evaluation that lets a command skip the counters).
#[test]
fn records_read_without_counters_keep_every_execution() {
    let dir = TempDir::new("skip");
    let path = dir.write("a-1.jsonl", &one_mg_process(true, true));
    let read = |counters| {
        let text = crate::run::record_text(&path).unwrap();
        read_texts_with(std::iter::once(Ok((text, path.clone()))), None, counters).unwrap()
    };
    let whole = read(CounterReading::Decode);
    let light = read(CounterReading::Skip);
    let executions = |run: &RunRecords| {
        let p = &run.processes[0];
        let list = |e: &[Execution]| {
            e.iter()
                .map(|e| (e.key, e.mr.clone(), e.shared))
                .collect::<Vec<_>>()
        };
        (list(&p.executions), list(&p.follow_executions))
    };
    assert_eq!(executions(&light), executions(&whole));
    assert_eq!(light.groups.len(), whole.groups.len());
    assert_eq!(light.processes[0].aside, whole.processes[0].aside);
    assert_eq!(light.processes[0].completeness, Completeness::Complete);
    assert_eq!(light.processes[0].vectors.len(), 0);
    assert!(light.processes[0].execution_counts().is_err());
}
