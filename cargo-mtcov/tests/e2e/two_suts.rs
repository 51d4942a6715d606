//! `cargo mtcov` on `tests/fixtures/two-suts`: an encoder and a decoder
//! over one input type, each with MRs of its own. A relation counts only
//! for the code its own source executions ran: giving the decoder's input
//! to the encoder MRs checks the encoder more and must not raise the
//! decoder's `A_k`; the paper's per-input measure (`--satisfaction input`)
//! would raise it.

use crate::common::{
    assert_exit, copy_fixture, criterion, mtcov_command, stderr, stdout, workspace_root,
};
use serde_json::Value;

/// `A_3` of one file's lines.
fn file_a_k(report: &Value, file: &str) -> f64 {
    criterion(report, "line")["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["file"] == file)
        .unwrap_or_else(|| panic!("no row for {file}"))["a_k"]
        .as_f64()
        .unwrap()
}

/// The gap groups of the line criterion in one file.
fn gaps_in<'a>(report: &'a Value, file: &str) -> Vec<&'a Value> {
    criterion(report, "line")["gaps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["span"]["file"] == file)
        .collect()
}

#[test]
fn feeding_the_decoders_input_to_encoder_mrs_does_not_raise_the_decoders_k() {
    let project = copy_fixture("two-suts");
    let target = workspace_root().join("target/cli-fixtures/two-suts");
    let run = |feed: bool, args: &[&str]| {
        let mut command = mtcov_command(project.path(), args);
        command.env("CARGO_TARGET_DIR", &target);
        if feed {
            command.env("TWO_SUTS_FEED_ENCODER", "1");
        }
        let out = command.output().unwrap();
        assert_exit(&out, 0);
        (
            serde_json::from_str::<Value>(&stdout(&out)).expect("JSON report"),
            stderr(&out),
        )
    };

    let (before, warnings) = run(false, &["--k", "3", "--json"]);
    assert_eq!(before["satisfaction"], "relation");
    let decoder = file_a_k(&before, "src/decode.rs");
    // Only `doubling` (one class) runs `decode`: K = 1/3 on every covered line.
    assert!((decoder - 15.0 / 48.0).abs() < 1e-9, "{decoder}");

    // The decoder's gaps name no encoder MR, and say that none reaches it.
    for gap in gaps_in(&before, "src/decode.rs") {
        let Some(closest) = gap["closest"].as_object() else {
            continue;
        };
        assert_eq!(closest["classes"], serde_json::json!(["concatenation"]));
        assert_eq!(closest["candidate_mrs"], serde_json::json!([]), "{gap:#}");
        assert!(
            gap["advice"]
                .as_str()
                .unwrap()
                .starts_with("no registered MR of another relation class reaches this code"),
            "{gap:#}"
        );
    }
    // `doubled` runs only while encoder MRs build follow-up inputs: twice.
    let follow_up_only = gaps_in(&before, "src/lib.rs");
    assert_eq!(follow_up_only.len(), 1, "{follow_up_only:#?}");
    assert_eq!(follow_up_only[0]["kind"], "uncovered");
    assert_eq!(follow_up_only[0]["aside_executions"], 2);
    assert_eq!(follow_up_only[0]["cause"], "follow_ups_only");
    assert_eq!(follow_up_only[0]["follow_up_mrs"], serde_json::json!([]));
    assert_eq!(
        follow_up_only[0]["advice"],
        "`two_suts::doubled` runs only outside source and follow-up executions (2 times: in MR \
         code that builds follow-up inputs or checks outputs), never on a source input: pass \
         such inputs through `mg.source`"
    );
    // Lines of a function the MRs run that no source input reaches say so,
    // with the condition before them.
    let unreached = gaps_in(&before, "src/decode.rs")
        .into_iter()
        .find(|g| g["kind"] == "uncovered")
        .expect("the error return of decode is never reached");
    assert_eq!(unreached["aside_executions"], 0);
    assert_eq!(unreached["cause"], "unreached_lines");
    assert_eq!(
        unreached["advice"],
        "MRs `two_suts::relations::doubling` run it on source inputs, but none reaches line 19 of \
         `two_suts::decode::decode`: add a source input that does (see the condition `n > 1000` on \
         line 18)"
    );
    // Lines compiled out of the tested configuration (`#[cfg(feature)]`
    // inside `decode`, lines 9-13) are no requirement of any criterion:
    // no K, no gap, no advice.
    for c in before["criteria"].as_array().unwrap() {
        for r in c["requirements"].as_array().unwrap() {
            let at = &r["location"];
            assert!(
                at["file"] != "src/decode.rs"
                    || !(9..=13).contains(&at["line_start"].as_u64().unwrap()),
                "{r:#}"
            );
        }
    }
    // The decoder returns Result<String, _>, not the declared String:
    // said once per MR, and only when a black-box criterion is measured.
    assert_eq!(before["unclassified_outputs"], serde_json::json!([]));
    assert!(!warnings.contains("not the declared"), "{warnings}");
    let (before, warnings) = run(
        false,
        &["report", "--k", "3", "--json", "--criterion", "line,io-ctf"],
    );
    let unclassified = before["unclassified_outputs"].as_array().unwrap();
    assert_eq!(unclassified.len(), 1, "{unclassified:#?}");
    assert_eq!(unclassified[0]["mr"], "two_suts::relations::doubling");
    assert_eq!(unclassified[0]["inputs"], 2);
    assert_eq!(unclassified[0]["declared"], "alloc::string::String");
    assert!(
        unclassified[0]["returned"]
            .as_str()
            .unwrap()
            .starts_with("core::result::Result<alloc::string::String"),
        "{unclassified:#?}"
    );
    assert!(
        warnings.contains("warning: MR two_suts::relations::doubling ran 2 source inputs of alloc::string::String whose output is core::result::Result"),
        "{warnings}"
    );

    let (fed, _) = run(true, &["--k", "3", "--json"]);
    assert!(
        fed["sources"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["debug"] == "\"3ab2c\"" && s["s_ro"] == 3),
        "\"3ab2c\" is checked by three classes now"
    );
    assert_eq!(
        file_a_k(&fed, "src/decode.rs"),
        decoder,
        "encoder MRs on the decoder's input must not raise the decoder's A_3"
    );

    // The paper's per-input measure, from the same records: it does.
    let (per_input, _) = run(
        true,
        &["report", "--k", "3", "--json", "--satisfaction", "input"],
    );
    assert_eq!(per_input["satisfaction"], "input");
    let inflated = file_a_k(&per_input, "src/decode.rs");
    assert!((inflated - 45.0 / 48.0).abs() < 1e-9, "{inflated}");
}
