//! `cargo mtcov` on `tests/fixtures/many-functions`, a text library with
//! eight functions over one input type, four MRs that call some of them:
//! every gap names its function and its cause (HAND.md), in the text
//! report, the JSON and the HTML; and following the first advice of each
//! kind moves `A_2` by exactly the gain it predicted.

use std::path::Path;

use serde_json::Value;

use crate::common::{assert_exit, copy_fixture, mtcov_command, stderr, stdout, workspace_root};

fn mtcov(dir: &Path, args: &[&str]) -> String {
    mtcov_with_stderr(dir, args).0
}

/// Stdout and stderr of a successful run.
fn mtcov_with_stderr(dir: &Path, args: &[&str]) -> (String, String) {
    let out = mtcov_command(dir, args)
        .env(
            "CARGO_TARGET_DIR",
            workspace_root().join("target/cli-fixtures/many-functions"),
        )
        .output()
        .expect("cargo-mtcov runs");
    assert_exit(&out, 0);
    (stdout(&out), stderr(&out))
}

/// The line criterion of a JSON report.
fn line(json: &str) -> Value {
    let report: Value = serde_json::from_str(json).expect("a JSON report");
    report["criteria"][0].clone()
}

/// `A_2`'s numerator (the denominator is `2 |E|` = 126 throughout).
fn numerator(line: &Value) -> u64 {
    assert_eq!(line["summary"]["a_k_denominator"], 126, "{line}");
    line["summary"]["a_k_numerator"].as_u64().unwrap()
}

/// The first gap group of `cause`.
fn first_of<'a>(line: &'a Value, cause: &str) -> &'a Value {
    line["gaps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["cause"] == cause)
        .unwrap_or_else(|| panic!("no {cause} gap: {line}"))
}

#[test]
fn gaps_name_their_function_and_cause_and_the_advice_pays_as_predicted() {
    let project = copy_fixture("many-functions");
    let dir = project.path();
    let report = mtcov(dir, &["--k", "2", "--json"]);
    let before = line(&report);
    assert_eq!(before["summary"]["requirements"], 63);
    assert_eq!(numerator(&before), 44, "HAND.md: 3 + 36 + 5");

    // Every gap: its rank, cause, function, lines and advice (HAND.md).
    let gaps: Vec<Value> = before["gaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            serde_json::json!({
                "rank": g["rank"],
                "cause": g["cause"],
                "function": g["function_name"],
                "lines": g["lines"],
                "gain": g["gain"],
                "advice": g["advice"],
                "follow_up_mrs": g["follow_up_mrs"],
                "callers": g["callers"],
                "condition": g["condition"],
                "classes_running": g["classes_running"],
                "classes_not_running": g["classes_not_running"],
                "skeleton": g["skeleton"],
            })
        })
        .collect();
    insta::assert_snapshot!(
        "many_functions_gaps",
        serde_json::to_string_pretty(&gaps).unwrap()
    );
    let functions: Vec<Value> = before["functions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            serde_json::json!([
                f["name"],
                f["line"],
                f["requirements"],
                f["covered"],
                f["a_k"],
                f["classes"]
            ])
        })
        .collect();
    insta::assert_snapshot!(
        "many_functions_table",
        serde_json::to_string_pretty(&functions).unwrap()
    );

    let text = mtcov(
        dir,
        &["report", "--k", "2", "--functions", "--color", "never"],
    );
    insta::assert_snapshot!("many_functions_text", text);

    let html = dir.join("html");
    mtcov(
        dir,
        &["report", "--k", "2", &format!("--html={}", html.display())],
    );
    let gaps_page = std::fs::read_to_string(html.join("gaps.html")).unwrap();
    for cause in [
        "not_called",
        "follow_ups_only",
        "never_ran",
        "too_few_relations",
        "unreached_lines",
    ] {
        assert!(
            gaps_page.contains(&format!("<span class=\"cause\">{cause}</span>")),
            "{cause} on gaps.html"
        );
    }
    assert!(gaps_page.contains("in <code>many_functions::wrap_columns</code>"));
    assert!(gaps_page.contains("<pre><code>#[metamorphic(output = &quot;equal&quot;)]\nfn wrap_columns_relation(mg: &amp;mut Mg, input: &amp;Para) {"));
    let index = std::fs::read_to_string(html.join("index.html")).unwrap();
    assert!(index.contains("<table class=\"sortable\" id=\"functions\">"));
    assert!(index.contains("<th class=\"r\">covered/requirements</th>"));

    // Categories per function (HAND.md): io-ctf A_2 = 6/20, frames named
    // by function, and no output left unclassified (`indent` has no
    // declaration: its MR's output is not classified, on purpose).
    let (io, warnings) = mtcov_with_stderr(
        dir,
        &["report", "--k", "2", "--criterion", "io-ctf", "--json"],
    );
    let report: Value = serde_json::from_str(&io).unwrap();
    let io_ctf = &report["criteria"][0];
    assert_eq!(io_ctf["criterion"], "io-ctf");
    assert_eq!(
        (
            &io_ctf["summary"]["requirements"],
            &io_ctf["summary"]["a_k_numerator"],
            &io_ctf["summary"]["a_k_denominator"]
        ),
        (&10.into(), &6.into(), &20.into()),
        "{io_ctf}"
    );
    let frames: Vec<(String, f64)> = io_ctf["requirements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["location"]["label"].as_str().unwrap().to_owned(),
                r["k"].as_f64().unwrap(),
            )
        })
        .collect();
    insta::assert_snapshot!(
        "many_functions_io_ctf",
        frames
            .iter()
            .map(|(label, k)| format!("{k:.2}  {label}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert_eq!(report["unclassified_outputs"], serde_json::json!([]));
    assert!(!warnings.contains("not classified"), "{warnings}");
    let suggest: Value =
        serde_json::from_str(&mtcov(dir, &["suggest", "--k", "2", "--json"])).unwrap();
    let per_function: Vec<(&str, usize)> = suggest
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["function"].as_str().unwrap(),
                s["candidates"].as_array().unwrap().len(),
            )
        })
        .collect();
    assert_eq!(per_function, [("wrap", 1), ("fill", 2), ("words", 2)]);
    let wrap = &suggest[0]["candidates"][0];
    assert_eq!(wrap["source_frame"], "width = wide → lines = several");
    assert_eq!(wrap["follow_up_frame"], "width = narrow");
    assert!(
        wrap["skeleton"]
            .as_str()
            .unwrap()
            .contains("function = wrap)]"),
        "{wrap}"
    );

    // 1. Write the MR the first `not_called` gap asks for (two classes, as
    // its gain says): A_2 rises by its gain exactly.
    let not_called = first_of(&before, "not_called");
    assert_eq!(not_called["function_name"], "many_functions::dedent");
    let predicted = (not_called["a_k_gain"].as_f64().unwrap() * 126.0).round() as u64;
    std::fs::write(dir.join("tests/dedent.rs"), DEDENT_MRS).unwrap();
    let after = line(&mtcov(dir, &["--k", "2", "--json"]));
    assert_eq!(numerator(&after), 44 + predicted, "predicted +{predicted}");
    assert_eq!(predicted, 22);

    // 2. Add the input the first `unreached_lines` gap asks for: a word
    // longer than its width (the condition it names).
    let unreached = first_of(&after, "unreached_lines");
    assert_eq!(unreached["function_name"], "many_functions::wrap");
    assert_eq!(unreached["condition"]["text"], "word.len() > p.width");
    let predicted_input = (unreached["a_k_gain"].as_f64().unwrap() * 126.0).round() as u64;
    let mrs = dir.join("tests/mrs.rs");
    let source = std::fs::read_to_string(&mrs).unwrap();
    let source = source.replace(
        "        para(\"metamorphic testing needs no oracle\", 12),\n",
        "        para(\"metamorphic testing needs no oracle\", 12),\n        para(\"a supercalifragilistic word\", 5),\n",
    );
    std::fs::write(&mrs, &source).unwrap();
    let after_input = line(&mtcov(dir, &["--k", "2", "--json"]));
    assert_eq!(predicted_input, 4);
    assert_eq!(numerator(&after_input), 44 + 22 + predicted_input);

    // 3. Do what the `follow_ups_only` gap says: run `indent` on the source
    // input too. One class (`equal`) does: its gain per class.
    let follow = first_of(&after_input, "follow_ups_only");
    assert_eq!(follow["function_name"], "many_functions::indent");
    assert_eq!(
        follow["follow_up_mrs"],
        serde_json::json!(["many_functions::mrs::indent_keeps_line_count"])
    );
    let per_class = (follow["a_k_gain_per_relation"].as_f64().unwrap() * 126.0).round() as u64;
    let source = source.replace(
        "let a = mg.source(p, |p| fill(p).lines().count());",
        "let a = mg.source(p, |p| indent(&fill(p), \"> \").lines().count());",
    );
    std::fs::write(&mrs, source).unwrap();
    let after_source = line(&mtcov(dir, &["--k", "2", "--json"]));
    assert_eq!(per_class, 7);
    assert_eq!(numerator(&after_source), 44 + 22 + 4 + per_class);
}

/// Two MRs of two classes whose SUT calls `dedent`, over the fixture's
/// inputs.
const DEDENT_MRS: &str = r#"
use many_functions::{Para, dedent};
use mt_runtime::{Mg, metamorphic};

fn para(text: &str, width: usize) -> Para {
    Para { text: text.to_owned(), width }
}

#[metamorphic(output = "equal", function = dedent)]
fn dedent_is_idempotent(mg: &mut Mg, p: &Para) {
    let a = mg.source(p, |p| dedent(&p.text));
    let again = Para { text: a.clone(), ..p.clone() };
    let b = mg.follow_up(&again, |p| dedent(&p.text));
    mg.check_eq(a, b);
}

#[metamorphic(output = "monotone", function = dedent)]
fn dedent_never_lengthens(mg: &mut Mg, p: &Para) {
    let a = mg.source(p, |p| dedent(&p.text).len());
    let longer = Para { text: format!("{} more", p.text), ..p.clone() };
    let b = mg.follow_up(&longer, |p| dedent(&p.text).len());
    mg.check(a <= b, || format!("{a} > {b}"));
}

#[test]
fn dedent_relations_hold() {
    mt_runtime::check(
        &[
            para("the quick brown fox jumps over the lazy dog", 10),
            para("a b c d e f", 3),
            para("metamorphic testing needs no oracle", 12),
        ],
        &[dedent_is_idempotent, dedent_never_lengthens],
    );
}
"#;
