//! What the gap advice says, on a fixture with the shapes it must tell
//! truly (`tests/fixtures/callers`): a caller is named only when its call
//! resolves to the function (`std::fs::metadata` is not a caller of a
//! method `metadata`), and a call that may be to it but does not resolve
//! makes the callers unknown; the unit tests that call a function are
//! named; a condition is named only for the lines it decides; a skeleton
//! takes the function's own input type; boilerplate impls come after the
//! crate's own logic, one entry per type; first-use code is said to be
//! uncoverable. Every statement of that kind is checked against the
//! fixture's source, and the text, Markdown and JSON gap lists are
//! snapshots.

use serde_json::Value;

use crate::common::{assert_exit, copy_fixture, criterion, mtcov, stdout};

/// The lines of `fn ident(` .. its closing brace, in `source`.
fn body<'s>(source: &'s [&'s str], ident: &str) -> &'s [&'s str] {
    let start = source
        .iter()
        .position(|l| l.contains(&format!("fn {ident}(")))
        .unwrap_or_else(|| panic!("no fn {ident} in the fixture"));
    let indent = source[start].len() - source[start].trim_start().len();
    let end = (start + 1..source.len())
        .find(|&i| {
            source[i].len() > indent
                && source[i][..indent].trim().is_empty()
                && source[i][indent..].starts_with('}')
        })
        .unwrap_or(source.len() - 1);
    &source[start..=end]
}

fn last_segment(name: &str) -> &str {
    name.trim_end_matches('>').rsplit("::").next().unwrap()
}

#[test]
fn the_advice_says_only_what_the_source_shows() {
    let dir = copy_fixture("callers");
    let out = mtcov(
        dir.path(),
        &[
            "--k",
            "1",
            "--criterion",
            "line,region",
            "--gaps",
            "40",
            "--json=report.json",
            "--markdown=summary.md",
        ],
    );
    assert_exit(&out, 0);
    let text = stdout(&out);
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("report.json")).unwrap())
            .unwrap();
    let markdown = std::fs::read_to_string(dir.path().join("summary.md")).unwrap();
    let lib = std::fs::read_to_string(dir.path().join("src/lib.rs")).unwrap();
    let source: Vec<&str> = lib.lines().collect();

    for name in ["line", "region"] {
        let gaps = criterion(&report, name)["gaps"].as_array().unwrap().clone();
        let gap = |function: &str| {
            gaps.iter()
                .find(|g| g["function_name"] == function)
                .unwrap_or_else(|| panic!("no {name} gap in {function}"))
        };

        // Every caller named calls the function in its body; every unit
        // test named calls it in its body.
        for g in &gaps {
            let Some(function) = g["function_name"].as_str() else {
                continue;
            };
            let called = format!("{}(", last_segment(function));
            for caller in g["callers"].as_array().unwrap() {
                let caller = last_segment(caller.as_str().unwrap());
                assert!(
                    body(&source, caller).iter().any(|l| l.contains(&called)),
                    "{caller} is named as a caller of {function} but does not call it"
                );
            }
            for test in g["unit_tests"].as_array().unwrap() {
                let test = last_segment(test.as_str().unwrap());
                assert!(
                    body(&source, test).iter().any(|l| l.contains(&called)),
                    "the unit test {test} is said to call {function} but does not"
                );
            }
            // Every condition is on its line, and the lines it is named
            // for lie inside the branch that follows it.
            for c in g["conditions"].as_array().unwrap() {
                let line = c["line"].as_u64().unwrap() as usize;
                let text = c["text"].as_str().unwrap();
                assert!(
                    source[line - 1].contains(text),
                    "{text} is not on line {line}"
                );
                // The branch ends on the line where the braces opened on
                // the condition's line are all closed again.
                let mut depth = 0i32;
                let mut closes = line;
                for (i, l) in source.iter().enumerate().skip(line - 1) {
                    depth += l.matches('{').count() as i32 - l.matches('}').count() as i32;
                    if depth <= 0 {
                        closes = i + 1;
                        break;
                    }
                }
                for run in c["lines"].as_array().unwrap() {
                    let (a, b) = (
                        run[0].as_u64().unwrap() as usize,
                        run[1].as_u64().unwrap() as usize,
                    );
                    let within = if closes == line {
                        a == line && b == line
                    } else {
                        a > line && b <= closes
                    };
                    assert!(
                        within,
                        "{text} (line {line}) is named for lines {a}-{b} it does not decide"
                    );
                }
            }
            // A skeleton takes the type its function's signature takes.
            if let Some(skeleton) = g["skeleton"].as_str() {
                let ty = skeleton
                    .split("input: &")
                    .nth(1)
                    .and_then(|rest| rest.split(')').next())
                    .unwrap();
                // The function's signature: the `fn` line at or above its
                // first gap line; a method's type is its impl's.
                let first = g["lines"][0][0].as_u64().unwrap() as usize;
                let at = (0..first)
                    .rev()
                    .find(|&i| source[i].contains("fn "))
                    .unwrap();
                let signature = source[at];
                if signature.contains("self") {
                    let imp = (0..at)
                        .rev()
                        .find(|&i| source[i].starts_with("impl"))
                        .unwrap();
                    assert!(
                        source[imp].contains(ty),
                        "{function}'s skeleton takes {ty}: {}",
                        source[imp]
                    );
                } else {
                    let written = if ty == "String" { "&str" } else { ty };
                    assert!(
                        signature.contains(written),
                        "{function}'s skeleton takes {ty}: {signature}"
                    );
                }
            }
        }

        // `describe` calls `std::fs::metadata`: no caller of the method.
        let metadata = gap("<callers::Entry>::metadata");
        assert_eq!(metadata["callers"], serde_json::json!([]));
        assert!(
            metadata["advice"]
                .as_str()
                .unwrap()
                .contains("no function known to call it ran")
        );
        // `checked` calls `e.grow()`: maybe this one, maybe not.
        let grow = gap("<callers::Entry>::grow");
        let advice = grow["advice"].as_str().unwrap();
        assert!(
            advice.contains("which functions call it is not known"),
            "{advice}"
        );
        assert!(!advice.contains("dead code"), "{advice}");
        // `label` calls `tidy(..)`; a unit test does too.
        let tidy = gap("callers::tidy");
        assert_eq!(tidy["callers"], serde_json::json!(["callers::label"]));
        assert_eq!(
            tidy["unit_tests"],
            serde_json::json!(["tests::spaces_become_underscores"])
        );
        // Three independent options, three conditions, one run each.
        let show = gap("callers::show");
        let named: Vec<&str> = show["conditions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["text"].as_str().unwrap())
            .collect();
        assert_eq!(named, ["verbose", "quoted", "sized"]);
        assert!(show["condition"].is_null());
        // Boilerplate after the crate's own logic (first use aside),
        // each type's groups together.
        let kinds: Vec<(Option<&str>, &str)> = gaps
            .iter()
            .map(|g| (g["boilerplate"].as_str(), g["cause"].as_str().unwrap()))
            .collect();
        let first = kinds.iter().position(|(b, _)| b.is_some()).unwrap();
        assert!(
            kinds[first..]
                .iter()
                .all(|(b, cause)| b.is_some() || *cause == "first_use"),
            "own logic after boilerplate: {kinds:?}"
        );
        let types: Vec<&str> = kinds.iter().filter_map(|(b, _)| *b).collect();
        assert_eq!(
            types,
            ["callers::Entry", "callers::Entry", "callers::SizeError"]
        );
    }
    // The lazy static's initialiser runs only on first use: no input can
    // cover it, and the summary says so.
    let region = criterion(&report, "region");
    let first_use = region["gaps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["cause"] == "first_use")
        .unwrap();
    assert_eq!(first_use["function_name"], "callers::kind");
    assert!(region["first_use_only"]["requirements"].as_u64().unwrap() >= 1);

    let gaps_of = |text: &str| -> String {
        let from = text.find("Gaps in line").expect("a gap list");
        text[from..].to_owned()
    };
    insta::assert_snapshot!("callers_text_gaps", gaps_of(&text));
    let md_from = markdown.find("### Top gaps").expect("Markdown gaps");
    insta::assert_snapshot!("callers_markdown_gaps", &markdown[md_from..]);
    let shortened: Vec<Value> = ["line", "region"]
        .iter()
        .flat_map(|name| {
            criterion(&report, name)["gaps"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |g| {
                    serde_json::json!({
                        "criterion": name,
                        "rank": g["rank"],
                        "cause": g["cause"],
                        "function": g["function_name"],
                        "lines": g["lines"],
                        "callers": g["callers"],
                        "unit_tests": g["unit_tests"],
                        "conditions": g["conditions"],
                        "boilerplate": g["boilerplate"],
                        "advice": g["advice"],
                    })
                })
        })
        .collect();
    insta::assert_snapshot!(
        "callers_json_gaps",
        serde_json::to_string_pretty(&shortened).unwrap()
    );

    // `report` reads the evaluation the run kept (calls, conditions and
    // inputs of functions included), and evaluates again without it:
    // the same text, Markdown and JSON either way.
    let kept = || -> Vec<std::path::PathBuf> {
        let records = dir.path().join("target/mtcov/records");
        let run = std::fs::read_dir(&records)
            .unwrap()
            .next()
            .unwrap()
            .unwrap();
        std::fs::read_dir(run.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().ends_with(".postcard"))
            .collect()
    };
    assert_eq!(kept().len(), 1, "the run keeps its evaluation");
    for fresh in [false, true] {
        if fresh {
            for file in kept() {
                std::fs::remove_file(file).unwrap();
            }
        }
        let out = mtcov(
            dir.path(),
            &[
                "report",
                "-v",
                "--k",
                "1",
                "--criterion",
                "line,region",
                "--gaps",
                "40",
                "--json=again.json",
                "--markdown=again.md",
            ],
        );
        assert_exit(&out, 0);
        let read_kept = String::from_utf8_lossy(&out.stderr).contains("as evaluated before");
        assert_eq!(read_kept, !fresh);
        assert_eq!(stdout(&out), text);
        let again = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
        assert_eq!(again("again.md"), markdown);
        let json: Value = serde_json::from_str(&again("again.json")).unwrap();
        assert_eq!(json, report);
    }
    assert_eq!(kept().len(), 1, "kept again");
}
