use super::*;

/// A fresh directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> Self {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("mtcov-records-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
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
        r#"{{"v":1,"kind":"header","runtime":"0.1.0","binary":"{binary}","pid":7,"registry":[{}],"coverage":{{"status":"ok","profile_version":10,"num_counters":8,"functions":[["00000000000000aa","0000000000000001",0,8]]}}}}"#,
        registry.join(",")
    )
}

const SOURCE_A: &str = r#"{"v":1,"kind":"source","key":"000000000000000a","debug":"1.0"}"#;
const MG_A: &str = r#"{"v":1,"kind":"mg","mr":"m::one","class":"equal","sources":["000000000000000a"],"follow_ups":1,"outcome":"holds","test":"t"}"#;
const COV_A: &str = r#"{"v":1,"kind":"cov","key":"000000000000000a","counters":[0,1,5,2]}"#;

#[test]
fn merges_files_and_dedupes_the_registry() {
    let dir = TempDir::new("merge");
    let one = [
        header("/bin/a", &[("m::one", "equal")]),
        SOURCE_A.into(),
        MG_A.into(),
        COV_A.into(),
    ];
    dir.write("a-1.jsonl", &(one.join("\n") + "\n"));
    let two = [header(
        "/bin/b",
        &[("m::one", "equal"), ("m::two", "order")],
    )];
    dir.write("b-2.jsonl", &(two.join("\n") + "\n"));
    dir.write("notes.txt", "not a record file");

    let run = read_run(&dir.0, None).unwrap();
    assert!(run.warnings.is_empty(), "{:?}", run.warnings);
    let ids: Vec<&str> = run.registry.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids, ["m::one", "m::two"]);
    assert_eq!(run.sources.get(&10).map(String::as_str), Some("1.0"));
    assert_eq!(run.groups.len(), 1);
    assert_eq!(run.groups[0].process, 0);
    assert_eq!(run.processes.len(), 2);
    assert_eq!(run.processes[0].counters, vec![(10, vec![(0, 1), (5, 2)])]);
    assert!(matches!(
        run.processes[0].coverage,
        ProcessCoverage::Captured {
            num_counters: 8,
            ..
        }
    ));
}

#[test]
fn corrupt_and_truncated_lines_are_skipped_with_file_and_line() {
    let dir = TempDir::new("corrupt");
    let text = [
        header("/bin/a", &[("m::one", "equal")]),
        SOURCE_A.into(),
        "{\"v\":1,\"kind\":\"mg\",\"mr\"".into(),
        MG_A.into(),
        r#"{"v":1,"kind":"cov","key":"000000000000000a","counters":[0,1,9,"#.into(),
    ]
    .join("\n");
    let file = dir.write("a-1.jsonl", &text);

    let run = read_run(&dir.0, None).unwrap();
    assert_eq!(
        run.groups.len(),
        1,
        "the valid MG after the corrupt line is kept"
    );
    assert_eq!(run.warnings.len(), 2, "{:?}", run.warnings);
    assert!(
        run.warnings[0].starts_with(&format!("{}:3: corrupt record skipped", file.display())),
        "{}",
        run.warnings[0]
    );
    assert!(
        run.warnings[1].starts_with(&format!("{}:5: truncated final line", file.display())),
        "{}",
        run.warnings[1]
    );
}

#[test]
fn counter_indices_beyond_the_table_are_rejected() {
    let dir = TempDir::new("range");
    let cov = r#"{"v":1,"kind":"cov","key":"000000000000000a","counters":[8,1]}"#;
    dir.write("a-1.jsonl", &format!("{}\n{cov}\n", header("/bin/a", &[])));
    let run = read_run(&dir.0, None).unwrap();
    assert!(run.processes[0].counters.is_empty());
    assert!(
        run.warnings[0].contains(":2: counter index 8"),
        "{:?}",
        run.warnings
    );
}

#[test]
fn another_schema_version_stops_the_read() {
    let dir = TempDir::new("version");
    dir.write(
        "a-1.jsonl",
        &format!(
            "{}\n{}\n",
            header("/bin/a", &[]),
            SOURCE_A.replace("\"v\":1", "\"v\":2")
        ),
    );
    let err = read_run(&dir.0, None).unwrap_err();
    let Some(RecordError::UnknownSchemaVersion { line, found, .. }) = err.downcast_ref() else {
        panic!("unexpected error: {err:#}");
    };
    assert_eq!((*line, *found), (2, 2));
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
        run.warnings
            .iter()
            .any(|w| w.contains("no valid header before line 2")),
        "{:?}",
        run.warnings
    );
}
