//! `cargo mtcov --criterion io-ctf` on `examples/fees`: the report in its
//! README is the real one (set `MTCOV_UPDATE_README=1` to rewrite it), the
//! JSON report of the black-box criteria follows `docs/report-schema.md`,
//! and the seeded fault (`--features buggy`) is caught by exactly the three
//! weight relations.

use crate::common::report_schema as schema;

use crate::common::{assert_exit, mtcov_command, stderr, stdout, workspace_root};
use serde_json::Value;

const START: &str = "<!-- io-ctf-report:start -->\n";
const END: &str = "<!-- io-ctf-report:end -->";

#[test]
fn fees_io_ctf_report_is_the_readme_one() {
    let root = workspace_root();
    let target = root.join("target/cli-fixtures/fees");
    let run = |args: &[&str], code: i32| {
        let out = mtcov_command(&root, args)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap();
        assert_exit(&out, code);
        out
    };

    let text = stdout(&run(
        &["-p", "fees", "--k", "2", "--criterion", "io-ctf"],
        0,
    ));
    let block = format!("```text\n{text}```\n");
    let readme_path = root.join("examples/fees/README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let start = readme.find(START).expect("report start marker") + START.len();
    let end = readme.find(END).expect("report end marker");
    if std::env::var_os("MTCOV_UPDATE_README").is_some() {
        let updated = format!("{}{block}{}", &readme[..start], &readme[end..]);
        std::fs::write(&readme_path, updated).unwrap();
    } else {
        assert_eq!(
            readme[start..end],
            block,
            "examples/fees/README.md is out of date: rerun with MTCOV_UPDATE_README=1"
        );
    }

    let json: Value = serde_json::from_str(&stdout(&run(
        &[
            "report",
            "--k",
            "2",
            "--json",
            "--criterion",
            "i-choice,i-choice-pair,io-ctf",
        ],
        0,
    )))
    .unwrap();
    assert_eq!(
        schema::violations(&json, schema::SCHEMA_DOC),
        Vec::<String>::new()
    );
    let io_ctf = &json["criteria"][2];
    assert_eq!(io_ctf["criterion"], "io-ctf");
    assert_eq!(io_ctf["summary"]["requirements"], 65);

    // The seeded fault: three MRs are violated (exit 1). Its outputs fall
    // in a frame the output constraints forbid, which stops every
    // black-box criterion alike (exit 2, below): measure lines here.
    let buggy: Value = serde_json::from_str(&stdout(&run(
        &[
            "-p",
            "fees",
            "--features",
            "buggy",
            "--criterion",
            "line",
            "--json",
        ],
        1,
    )))
    .unwrap();
    let mut caught: Vec<&str> = buggy["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["mr"].as_str().unwrap())
        .collect();
    caught.sort();
    caught.dedup();
    assert_eq!(
        caught,
        [
            "fees::relations::at_the_limit_is_not_overweight",
            "fees::relations::lighter_under_the_limit_is_the_same",
            "fees::relations::overweight_costs_the_surcharge",
        ]
    );
    // The output constraints catch it too: a frame they forbid, refused
    // whichever black-box criterion is asked for.
    for criterion in ["io-ctf", "i-choice", "i-choice-pair"] {
        let out = run(&["report", "--criterion", criterion], 2);
        assert!(
            stderr(&out).contains("`cabin = economy, tier = none, bags = within allowance, heaviest = at the limit → charge = surcharged` is forbidden"),
            "{criterion}: {}",
            stderr(&out)
        );
    }
}
