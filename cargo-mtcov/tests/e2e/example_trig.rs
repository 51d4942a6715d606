//! `cargo mtcov --k 3` on `examples/trig`, the README's main job: the text
//! report, and a JSON report that follows `docs/report-schema.md`.

use crate::common::report_schema as schema;

use crate::common::{assert_exit, mtcov_command, stdout, workspace_root};
use serde_json::Value;

#[test]
fn trig_report_in_text_and_in_documented_json() {
    let root = workspace_root();
    let (_trig, target) = crate::common::trig_target();
    let run = |args: &[&str]| {
        let out = mtcov_command(&root, args)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap();
        assert_exit(&out, 0);
        stdout(&out)
    };

    let text = run(&["--k", "3", "-p", "trig"]);
    // The README shows exactly this report (MTCOV_UPDATE_README=1 rewrites it).
    let readme_path = root.join("README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let (start, end) = ("<!-- trig-report:start -->\n", "<!-- trig-report:end -->");
    let from = readme
        .find(start)
        .expect("the README's report start marker")
        + start.len();
    let to = readme.find(end).expect("the README's report end marker");
    let block = format!("```text\n{text}```\n");
    if std::env::var_os("MTCOV_UPDATE_README").is_some() {
        std::fs::write(
            &readme_path,
            format!("{}{block}{}", &readme[..from], &readme[to..]),
        )
        .unwrap();
    } else {
        assert_eq!(
            readme[from..to],
            block,
            "README.md's trig report is out of date: rerun with MTCOV_UPDATE_README=1"
        );
    }
    assert!(
        text.starts_with("k-MR adequacy at k = 3 (counting relation classes)\n"),
        "{text}"
    );
    assert!(
        text.contains("9 MRs in 6 relation classes, 81 source inputs"),
        "{text}"
    );
    assert!(text.contains("examples/trig/src/lib.rs"), "{text}");

    // `report` takes the run's own flags, in any spelling, and refuses
    // another selection with the run's.
    assert_eq!(run(&["report", "--k", "3", "--package", "trig"]), text);
    let other = mtcov_command(&root, &["report", "-p", "fees"])
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    assert_exit(&other, 2);
    let stderr = String::from_utf8_lossy(&other.stderr);
    assert!(
        stderr.contains("re-renders the last run, made with `-p trig`; it was asked for `-p fees`"),
        "{stderr}"
    );

    let json: Value = serde_json::from_str(&run(&[
        "report",
        "--json",
        "--criterion",
        "line,region,function",
    ]))
    .unwrap();
    assert_eq!(
        schema::violations(&json, schema::SCHEMA_DOC),
        Vec::<String>::new()
    );
    assert_eq!(json["schema"], "mtcov-report");
    assert_eq!(json["k"], 3);
    let criteria: Vec<&str> = json["criteria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["criterion"].as_str().unwrap())
        .collect();
    assert_eq!(criteria, ["line", "region", "function"]);
    for criterion in json["criteria"].as_array().unwrap() {
        let summary = &criterion["summary"];
        let a_k = summary["a_k"].as_f64().unwrap();
        assert!(
            a_k > 0.5 && a_k <= summary["plain_coverage"].as_f64().unwrap(),
            "{summary}"
        );
        let files: Vec<&str> = criterion["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["file"].as_str().unwrap())
            .collect();
        assert_eq!(
            files,
            ["examples/trig/src/lib.rs"],
            "only the SUT's sources are in scope"
        );
    }
}
