use super::*;
use mtcov_protocol::Outcome;

#[path = "../../tests/common/report_schema.rs"]
mod schema;
use crate::measure::{InputIdx, PoolBuilder};

/// The spec's worked example, named, spread over two files, with a dead
/// MR, a violation and a criterion without requirements.
struct Fixture {
    pool: Pool,
    mrs: Vec<MrDescription>,
    sources: Vec<SourceInfo>,
    line: (Coverage, Vec<Location>),
    branch: (Coverage, Vec<Location>),
    function: (Coverage, Vec<Location>),
}

fn fixture() -> Fixture {
    let specs = [
        ("mrs::periodic", "equal", 10),
        ("mrs::reflect", "equal", 20),
        ("mrs::monotone", "order", 30),
        ("mrs::additive", "sum", 40),
        ("mrs::scale", "scale", 50),
    ];
    let mut p = PoolBuilder::new();
    let ids: Vec<_> = specs
        .iter()
        .map(|(_, class, _)| p.add_mr(class, Some("Angle")))
        .collect();
    let mrs = specs
        .iter()
        .map(|&(id, class, line)| MrDescription {
            id: id.into(),
            name: id.rsplit("::").next().unwrap().into(),
            class: class.into(),
            file: "tests/mrs.rs".into(),
            line,
            source_type: "Angle".into(),
        })
        .collect();
    let inputs: Vec<InputIdx> = (0..3).map(|_| p.add_input()).collect();
    let sources = ["Angle(30.0)", "Angle(45.0)", "Angle(-1.0)"]
        .iter()
        .enumerate()
        .map(|(i, d)| SourceInfo {
            key: format!("{:016x}", i + 1),
            debug: (*d).into(),
        })
        .collect();
    let [a, b, c] = [inputs[0], inputs[1], inputs[2]];
    for (t, m) in [(a, 0), (a, 1), (b, 0), (b, 2), (b, 3)] {
        p.record_mg(ids[m], &[t], Outcome::Holds).unwrap();
    }
    p.record_mg(ids[2], &[c], Outcome::Skipped).unwrap();
    let pool = p.build();

    // r1..r5 of the example, plus r6 next to r5 (uncovered too).
    let line_locs = vec![
        Location::new("src/trig.rs", 3, 5, 3, 30),
        Location::new("src/trig.rs", 4, 5, 4, 30),
        Location::new("src/trig.rs", 5, 5, 5, 30),
        Location::new("src/util.rs", 10, 1, 10, 40),
        Location::new("src/util.rs", 12, 1, 12, 40),
        Location::new("src/util.rs", 13, 1, 13, 2),
    ];
    let mut line = Coverage::new(6);
    line.push(a, [0, 1]).unwrap();
    line.push(b, [1, 2]).unwrap();
    line.push(c, [3]).unwrap();

    let branch_locs = vec![
        Location::new("src/trig.rs", 4, 8, 4, 14).with_label("branch true"),
        Location::new("src/trig.rs", 4, 8, 4, 14).with_label("branch false"),
    ];
    let mut branch = Coverage::new(2);
    branch.push(b, [0]).unwrap();
    branch.push(a, [1]).unwrap();

    Fixture {
        pool,
        mrs,
        sources,
        line: (line, line_locs),
        branch: (branch, branch_locs),
        function: (Coverage::new(0), Vec::new()),
    }
}

fn report(f: &Fixture, k: u32, counting: Counting) -> Report {
    build(ReportInput {
        k,
        counting,
        pool: &f.pool,
        mrs: &f.mrs,
        sources: &f.sources,
        criteria: vec![
            CriterionInput {
                criterion: Criterion::Line,
                coverage: &f.line.0,
                locations: &f.line.1,
            },
            CriterionInput {
                criterion: Criterion::Branch,
                coverage: &f.branch.0,
                locations: &f.branch.1,
            },
            CriterionInput {
                criterion: Criterion::Function,
                coverage: &f.function.0,
                locations: &f.function.1,
            },
        ],
        violations: vec![Violation {
            mr: "mrs::monotone".into(),
            file: "tests/mrs.rs".into(),
            line: 30,
            sources: vec!["Angle(45.0)".into()],
            message: Some("sin(45.0) = 0.707 > sin(46.0) = 0.719 is false".into()),
        }],
    })
    .unwrap()
}

#[test]
fn summaries_files_and_dead_mrs() {
    let f = fixture();
    let r = report(&f, 2, Counting::Class);
    assert_eq!(
        r.totals,
        Totals {
            mrs: 5,
            classes: 4,
            source_inputs: 3,
            associations: 5,
            violations: 1
        }
    );
    let line = r.criteria[0].summary.as_ref().unwrap();
    // The example's 2.5 over six requirements instead of five.
    assert_eq!((line.a_k_numerator, line.a_k_denominator), (5, 12));
    assert_eq!(
        (line.covered, line.full, line.partial, line.zero),
        (4, 2, 1, 3)
    );
    assert!(r.criteria[2].summary.is_none());
    assert!(r.criteria[2].files.is_empty() && r.criteria[2].gaps.is_empty());
    let files = &r.criteria[0].files;
    assert_eq!(files.len(), 2);
    assert_eq!(
        (
            files[0].file.as_str(),
            files[0].requirements,
            files[0].covered
        ),
        ("src/trig.rs", 3, 3)
    );
    assert!((files[0].a_k - 5.0 / 6.0).abs() < 1e-12);
    assert_eq!(
        (
            files[1].file.as_str(),
            files[1].requirements,
            files[1].covered,
            files[1].a_k
        ),
        ("src/util.rs", 3, 1, 0.0)
    );
    assert_eq!(
        r.dead_mrs.iter().map(|m| m.id.as_str()).collect::<Vec<_>>(),
        ["mrs::scale"]
    );
    assert_eq!(r.sources[1].classes, ["equal", "order", "sum"]);
    assert_eq!(r.sources[0].mrs, ["mrs::periodic", "mrs::reflect"]);
    let ks: Vec<f64> = r.criteria[0].requirements.iter().map(|q| q.k).collect();
    assert_eq!(ks, [0.5, 1.0, 1.0, 0.0, 0.0, 0.0]);
    assert_eq!(r.criteria[0].requirements[3].closest, Some(2));
    assert_eq!(r.criteria[0].requirements[4].closest, None);
}

#[test]
fn gaps_are_grouped_and_ranked_by_gain() {
    let f = fixture();
    let r = report(&f, 2, Counting::Class);
    let gaps = &r.criteria[0].gaps;
    // util.rs:12-13 (uncovered, gain 2), util.rs:10 (input c, gain 1),
    // trig.rs:3 (input a, gain 0.5).
    assert_eq!(gaps.len(), 3);
    assert_eq!(gaps.iter().map(|g| g.rank).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(gaps[0].kind, GapKind::Uncovered);
    assert_eq!(
        (
            gaps[0].span.line_start,
            gaps[0].span.line_end,
            gaps[0].requirements
        ),
        (12, 13, 2)
    );
    assert_eq!(gaps[0].gain, 2.0);
    assert!((gaps[0].a_k_gain - 2.0 / 6.0).abs() < 1e-12);
    assert_eq!(
        gaps[0].advice,
        "no source input reaches this code: add one that does"
    );
    assert!(gaps[0].closest.is_none());

    assert_eq!(gaps[1].kind, GapKind::Thin);
    assert_eq!(gaps[1].span.line_start, 10);
    let c = gaps[1].closest.as_ref().unwrap();
    assert_eq!(
        (c.input, c.debug.as_str(), c.s_ro, c.needs),
        (2, "Angle(-1.0)", 0, 2)
    );
    // c has no class yet: one MR per class, in class order.
    let ids: Vec<&str> = c.candidate_mrs.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "mrs::periodic",
            "mrs::monotone",
            "mrs::additive",
            "mrs::scale"
        ]
    );
    assert_eq!(c.candidate_mrs_total, 5);

    let c = gaps[2].closest.as_ref().unwrap();
    assert_eq!((c.debug.as_str(), c.s_ro, c.needs), ("Angle(30.0)", 1, 1));
    assert_eq!(c.classes, ["equal"]);
    let ids: Vec<&str> = c.candidate_mrs.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids, ["mrs::monotone", "mrs::additive", "mrs::scale"]);
    assert_eq!(
        gaps[2].advice,
        "pair source input Angle(30.0) with 1 more relation class, e.g. mrs::monotone, mrs::additive, mrs::scale"
    );
}

#[test]
fn advice_when_registered_mrs_cannot_close_the_gap() {
    let f = fixture();
    // k = 6 > 4 classes: b (3 classes) can gain only "scale".
    let r = report(&f, 6, Counting::Class);
    let thin = r.criteria[0]
        .gaps
        .iter()
        .find(|g| g.closest.as_ref().is_some_and(|c| c.input == 1))
        .unwrap();
    assert_eq!(
        thin.advice,
        "pair source input Angle(45.0) with mrs::scale, and write MRs of 2 new relation classes"
    );
    // Counting MRs, a lacks 3 of the 5 MRs at k = 2? No: a has 2 MRs, so
    // only c (no MR) remains thin on lines.
    let r = report(&f, 2, Counting::Mr);
    let thin: Vec<_> = r.criteria[0]
        .gaps
        .iter()
        .filter_map(|g| g.closest.as_ref())
        .collect();
    assert_eq!(thin.len(), 1);
    assert_eq!((thin[0].input, thin[0].candidate_mrs_total), (2, 5));
}

#[test]
fn mismatched_names_are_refused() {
    let f = fixture();
    let err = build(ReportInput {
        k: 2,
        counting: Counting::Class,
        pool: &f.pool,
        mrs: &f.mrs[..2],
        sources: &f.sources,
        criteria: vec![],
        violations: vec![],
    })
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("2 MR descriptions for 5 registered MRs"),
        "{err}"
    );
    let err = build(ReportInput {
        k: 2,
        counting: Counting::Class,
        pool: &f.pool,
        mrs: &f.mrs,
        sources: &f.sources,
        criteria: vec![CriterionInput {
            criterion: Criterion::Line,
            coverage: &f.line.0,
            locations: &f.line.1[..2],
        }],
        violations: vec![],
    })
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("line criterion: 2 locations for 6 requirements"),
        "{err}"
    );
}

#[test]
fn text_report() {
    let f = fixture();
    let text = render_text(
        &report(&f, 2, Counting::Class),
        &TextOptions {
            color: false,
            limit: 2,
        },
    );
    assert!(!text.contains('\x1b'));
    insta::assert_snapshot!(text);
}

#[test]
fn text_report_in_colour() {
    let f = fixture();
    let text = render_text(
        &report(&f, 2, Counting::Class),
        &TextOptions {
            color: true,
            limit: 10,
        },
    );
    assert!(
        text.contains("\x1b[31mno\x1b[0m"),
        "unsatisfied criterion in red"
    );
    assert!(text.contains("\x1b[1m"), "bold headers");
    // Same text once the escapes are gone.
    let plain = render_text(
        &report(&f, 2, Counting::Class),
        &TextOptions {
            color: false,
            limit: 10,
        },
    );
    assert_eq!(strip_ansi(&text), plain);
}

fn strip_ansi(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(ch) = chars.next() {
        if ch == '\x1b' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            out.push(ch);
        }
    }
    out
}

#[test]
fn json_envelope_and_values() {
    let f = fixture();
    let json = render_json(&report(&f, 2, Counting::Class));
    assert_eq!(json["schema"], "mtcov-report");
    assert_eq!(json["version"], 1);
    assert_eq!(json["criteria"][0]["criterion"], "line");
    assert_eq!(json["criteria"][2]["summary"], serde_json::Value::Null);
    assert_eq!(json["criteria"][0]["requirements"][0]["k"], 0.5);
    assert_eq!(json["sources"][1]["s_ro"], 3);
    let text = render_json_string(&report(&f, 2, Counting::Class));
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&text).unwrap(),
        json
    );
}

/// Every path in a rendered report is documented in
/// `docs/report-schema.md` with its type, and every documented path occurs.
#[test]
fn json_matches_documented_schema() {
    let documented = schema::documented_paths(schema::SCHEMA_DOC);
    assert!(
        documented.len() > 40,
        "schema table not found in docs/report-schema.md"
    );
    let mut seen = std::collections::BTreeSet::new();
    for counting in [Counting::Class, Counting::Mr] {
        let json = render_json(&report(&fixture(), 2, counting));
        assert_eq!(
            schema::violations(&json, schema::SCHEMA_DOC),
            Vec::<String>::new()
        );
        seen.extend(schema::paths_in(&json).into_keys());
    }
    for path in documented.keys() {
        assert!(
            seen.contains(path),
            "{path} is documented but never appears in a report"
        );
    }
}

#[test]
fn text_lists_are_capped_by_the_limit() {
    let f = fixture();
    let text = render_text(
        &report(&f, 2, Counting::Class),
        &TextOptions {
            color: false,
            limit: 0,
        },
    );
    assert!(text.contains("  ... and 3 more groups\n"), "{text}");
    assert!(text.contains("  ... and 1 more MR\n"), "{text}");
    assert!(text.contains("  ... and 1 more violation\n"), "{text}");
    assert!(!text.contains("mrs::scale [scale]"), "{text}");
}
