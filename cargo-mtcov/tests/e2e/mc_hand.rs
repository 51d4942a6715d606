//! `cargo mtcov` on `tests/fixtures/mc-hand`: Metamorphic Coverage per MR,
//! per class and of the suite equal the values of the fixture's HAND.md,
//! in the JSON and the text report.

use crate::common::{assert_exit, copy_fixture, criterion, mtcov_command, stdout};
use serde_json::Value;

#[test]
fn metamorphic_coverage_equals_the_hand_computation() {
    let project = copy_fixture("mc-hand");
    let run = |args: &[&str]| {
        let out = mtcov_command(project.path(), args).output().unwrap();
        assert_exit(&out, 0);
        stdout(&out)
    };
    let report: Value =
        serde_json::from_str(&run(&["--criterion", "line,region", "--json"])).unwrap();
    for name in ["line", "region"] {
        let c = criterion(&report, name);
        assert_eq!(c["summary"]["requirements"], 7, "{name}");
        let mc = &c["metamorphic_coverage"];
        assert_eq!(mc["differing"], 3, "{name}: {mc}");
        assert!((mc["value"].as_f64().unwrap() - 3.0 / 7.0).abs() < 1e-12);
        let mrs: Vec<(String, u64, u64)> = mc["mrs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["mr"]
                        .as_str()
                        .unwrap()
                        .rsplit("::")
                        .next()
                        .unwrap()
                        .to_owned(),
                    m["pairs"].as_u64().unwrap(),
                    m["differing"].as_u64().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            mrs,
            [("doubling".to_owned(), 3, 0), ("negation".to_owned(), 3, 3)]
        );
        let classes: Vec<(&str, u64)> = mc["classes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| {
                (
                    k["class"].as_str().unwrap(),
                    k["differing"].as_u64().unwrap(),
                )
            })
            .collect();
        assert_eq!(classes, [("equal", 0), ("negated", 3)]);
        assert_eq!(
            mc["never_differ"],
            serde_json::json!(["mc_hand::relations::doubling"])
        );
    }

    run(&["report", "--criterion", "line,region", "--html=site"]);
    let html = std::fs::read_to_string(project.path().join("site/index.html")).unwrap();
    let table = &html[html
        .find("<h2>Metamorphic coverage</h2>")
        .expect("the MC section")..];
    assert!(table.contains("<tr class=\"row never\"><td data-v=\"mc_hand::relations::doubling\">"));
    assert!(table.contains("<td class=\"r\">42.9%</td>"));

    let text = run(&["report", "--criterion", "line,region"]);
    assert!(
        text.contains("line         42.9%  equal 0.0%, negated 42.9%"),
        "{text}"
    );
    assert!(
        text.contains(
            "MRs whose follow-ups run exactly the code of their sources (1): mc_hand::relations::doubling"
        ),
        "{text}"
    );
}
