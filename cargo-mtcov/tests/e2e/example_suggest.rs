//! `cargo mtcov suggest` on `examples/fees`: built without the MR written
//! from its first suggestion (feature `before-suggestion`), suggest says
//! which frame pair to connect and what io-ctf `A_3` will be; with that MR
//! (`worse_cabin_is_not_cheaper`), the rerun measures exactly that.
//! Black-box only: no instrumented build.

use crate::common::{assert_exit, criterion, mtcov_command, stdout, workspace_root};
use serde_json::Value;

#[test]
fn the_first_suggestion_written_as_an_mr_raises_a_3_as_predicted() {
    let root = workspace_root();
    let target = root.join("target/cli-fixtures/fees-suggest");
    let run = |args: &[&str]| {
        let out = mtcov_command(&root, args)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap();
        assert_exit(&out, 0);
        stdout(&out)
    };
    let io_ctf = |json: &str| -> (u64, u64) {
        let report: Value = serde_json::from_str(json).expect("JSON report");
        let s = &criterion(&report, "io-ctf")["summary"];
        (
            s["a_k_numerator"].as_u64().unwrap(),
            s["a_k_denominator"].as_u64().unwrap(),
        )
    };

    let before = io_ctf(&run(&[
        "-p",
        "fees",
        "--features",
        "before-suggestion",
        "--k",
        "3",
        "--criterion",
        "io-ctf",
        "--json",
    ]));
    let suggestions: Value =
        serde_json::from_str(&run(&["suggest", "--k", "3", "--json"])).expect("JSON suggestions");
    let fees = suggestions
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["source_type"] == "fees::Booking")
        .expect("suggestions for Booking");
    let first = &fees["candidates"][0];
    assert_eq!(
        first["source_frame"],
        "cabin = first, tier = gold, bags = within allowance, heaviest = under the limit → charge = free"
    );
    assert_eq!(
        first["follow_up_frame"],
        "cabin = business, tier = gold, bags = within allowance, heaviest = under the limit"
    );
    assert_eq!(
        first["changes"],
        serde_json::json!(["cabin: first → business"])
    );
    assert_eq!(
        first["source_classes"],
        serde_json::json!(["equal", "monotone"])
    );
    assert_eq!(first["classes"], serde_json::json!(["antitone"]));
    assert_eq!(first["source_inputs"], 9);
    let predicted = (
        first["predicted_numerator"].as_u64().unwrap(),
        first["predicted_denominator"].as_u64().unwrap(),
    );
    assert_eq!(
        predicted,
        (before.0 + 1, before.1),
        "one more class on one frame"
    );
    // Frames no source input reaches are inputs to add, not MRs.
    assert_eq!(fees["uncovered_frames"].as_array().unwrap().len(), 12);
    insta::assert_snapshot!(
        "fees_suggest_text",
        run(&["suggest", "--k", "3", "--limit", "3"])
    );

    let after = io_ctf(&run(&[
        "-p",
        "fees",
        "--k",
        "3",
        "--criterion",
        "io-ctf",
        "--json",
    ]));
    assert_eq!(
        after, predicted,
        "the rerun measures what suggest predicted"
    );
}
