use super::*;
use mtcov_protocol::Outcome;

#[path = "../../tests/e2e/common/report_schema.rs"]
mod schema;
use crate::measure::{InputIdx, PoolBuilder};

/// The spec's worked example, named, spread over two files, with a dead
/// MR, a violation and a criterion without requirements.
struct Fixture {
    pool: Pool,
    mrs: Vec<MrDescription>,
    sources: Vec<SourceInfo>,
    line: (Coverage, Vec<Location>),
    /// `line` without input b's execution (another thread ran during it).
    line_clean: Coverage,
    branch: (Coverage, Vec<Location>),
    function: (Coverage, Vec<Location>),
    functions: Vec<SourceFunction>,
    tests_ran: Vec<crate::model::TestSpans>,
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
    // monotone skipped c: it does not apply there, as the records say.
    p.record_mg(ids[2], &[c], Outcome::Skipped).unwrap();
    p.not_applicable(c, ids[2]).unwrap();
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
    let mut line_clean = Coverage::new(6);
    line_clean.push(a, [0, 1]).unwrap();
    line_clean.push(c, [3]).unwrap();

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
        line_clean,
        branch: (branch, branch_locs),
        function: (Coverage::new(0), Vec::new()),
        // trig.rs's lines lie in a public function; util.rs's in a private
        // helper that it calls, whose line 12 follows a condition.
        functions: vec![
            SourceFunction {
                name: "trig::sin_deg".into(),
                file: "src/trig.rs".into(),
                line_start: 2,
                line_end: 6,
                public: Some(true),
                calls: vec![path_call("util::helper")],
                conditions: vec![guard(4, "x > 0.0", (4, 6))],
                input: None,
            },
            SourceFunction {
                name: "trig::util::helper".into(),
                file: "src/util.rs".into(),
                line_start: 9,
                line_end: 14,
                public: Some(false),
                calls: Vec::new(),
                conditions: vec![guard(11, "x.abs() > 1.0", (11, 14))],
                input: None,
            },
        ],
        // A plain unit test runs the helper no source input reaches.
        tests_ran: vec![crate::model::TestSpans {
            name: "util::tests::helper_is_odd".into(),
            spans: vec![("src/util.rs".into(), 9, 14)],
        }],
    }
}

fn report(f: &Fixture, k: u32, counting: Counting) -> Report {
    // The patch: line 3 of trig.rs (K = 1/2) and lines 12-14 of util.rs
    // (12 and 13 uncovered; 14 holds no requirement).
    let changed = crate::patch::parse(
        "main",
        "+++ b/src/trig.rs\n@@ -3 +3 @@\n-a\n+b\n+++ b/src/util.rs\n@@ -11,0 +12,3 @@\n+x\n+y\n+z\n",
    )
    .unwrap();
    build(ReportInput {
        k,
        counting,
        pool: &f.pool,
        mrs: &f.mrs,
        sources: &f.sources,
        functions: &f.functions,
        tests_ran: &f.tests_ran,
        criteria: vec![
            CriterionInput {
                criterion: Criterion::Line,
                coverage: &f.line.0,
                locations: &f.line.1,
                aside: &[],
                first_use: &[],
                aside_complete: true,
                runs: Err("not measured"),
                // The first MR's pairs (on two inputs) ran two lines
                // differently, the second's (on one) none.
                metamorphic: Some(MetamorphicInput {
                    differing: &[
                        (InputIdx(0), MrIdx(0), vec![0, 2]),
                        (InputIdx(1), MrIdx(0), vec![]),
                        (InputIdx(0), MrIdx(1), vec![]),
                    ],
                }),
                // Input b's execution was shared with another thread.
                clean: Some(&f.line_clean),
            },
            CriterionInput {
                criterion: Criterion::Branch,
                coverage: &f.branch.0,
                locations: &f.branch.1,
                aside: &[],
                first_use: &[],
                aside_complete: true,
                runs: Err("not measured"),
                metamorphic: None,
                clean: None,
            },
            CriterionInput {
                criterion: Criterion::Function,
                coverage: &f.function.0,
                locations: &f.function.1,
                aside: &[],
                first_use: &[],
                aside_complete: true,
                runs: Err("not measured"),
                metamorphic: None,
                clean: None,
            },
        ],
        violations: vec![Violation {
            mr: "mrs::monotone".into(),
            file: "tests/mrs.rs".into(),
            line: 30,
            sources: vec!["Angle(45.0)".into()],
            message: Some("sin(45.0) = 0.707 > sin(46.0) = 0.719 is false".into()),
            minimal: Some("Angle(1.0)".into()),
        }],
        satisfaction: Default::default(),
        unclassified: vec![UnclassifiedOutput {
            mr: "mrs::monotone".into(),
            source_type: "trig::Angle".into(),
            declared: "f64".into(),
            functions: vec![],
            returned: "f32".into(),
            inputs: 2,
        }],
        failed_tests: vec![crate::report::FailedTest {
            binary: "trig::units".into(),
            test: Some("degrees_round_trip".into()),
            outcome: "failed",
            detail: None,
        }],
        patch: Some(&changed),
        suggestions: vec![crate::suggest::Suggestions {
            source_type: "trig::Angle".into(),
            function: None,
            k,
            requirements: 4,
            a_k: 0.5,
            candidates: vec![crate::suggest::Candidate {
                rank: 1,
                source_frame: "quadrant = first → sign = positive".into(),
                follow_up_frame: "quadrant = second".into(),
                changes: vec!["quadrant: first → second".into()],
                k_of_source: 0.5,
                source_inputs: 2,
                source_classes: vec!["equal".into()],
                a_k_gain: 0.125,
                predicted_a_k: 0.625,
                predicted_numerator: 5,
                predicted_denominator: 8,
                templates: vec!["mrs::periodic".into()],
                classes: vec!["order".into()],
                skeleton:
                    "#[metamorphic(output = \"order\")]\nfn next(mg: &mut Mg, t: &Angle) {}\n"
                        .into(),
            }],
            uncovered_frames: vec!["quadrant = third → sign = negative".into()],
        }],
        stopped_draws: vec![crate::model::StoppedDraws {
            site: "tests/mrs.rs:52".into(),
            test: Some("generated".into()),
            planned: 76,
            drawn: 36,
        }],
        captures: crate::report::Captures {
            measured: 6,
            shared: 1,
        },
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
    let classes: Vec<(&str, u32, u32)> = r
        .classes
        .iter()
        .map(|c| (c.name.as_str(), c.mrs, c.source_inputs))
        .collect();
    assert_eq!(
        classes,
        [
            ("equal", 2, 2),
            ("order", 1, 1),
            ("sum", 1, 1),
            ("scale", 1, 0)
        ]
    );
    let inputs: Vec<u32> = r.criteria[0]
        .requirements
        .iter()
        .map(|q| q.inputs)
        .collect();
    assert_eq!(inputs, [1, 2, 1, 1, 0, 0]);
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
        "source inputs run it, but none reaches lines 12-13 of `trig::util::helper`: add a \
         source input that does (see the condition `x.abs() > 1.0` on line 11)"
    );
    assert_eq!(gaps[0].cause.kind(), GapCause::UnreachedLines);
    assert_eq!(gaps[0].function_name.as_deref(), Some("trig::util::helper"));
    assert_eq!(gaps[0].lines, [(12, 13)]);
    assert!(gaps[0].closest.is_none());

    assert_eq!(gaps[1].kind, GapKind::Thin);
    assert_eq!(gaps[1].span.line_start, 10);
    let c = gaps[1].closest.as_ref().unwrap();
    assert_eq!(
        (c.input, c.debug.as_str(), c.s_ro, c.needs),
        (2, "Angle(-1.0)", 0, 2)
    );
    // c has no class yet: one MR per class, in class order; not monotone,
    // which skipped c.
    let ids: Vec<&str> = c.candidate_mrs.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids, ["mrs::periodic", "mrs::additive", "mrs::scale"]);
    assert_eq!(c.candidate_mrs_total, 4);

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
    assert_eq!(
        (thin[0].input, thin[0].candidate_mrs_total),
        (2, 4),
        "monotone skipped c"
    );
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
        functions: &f.functions,
        tests_ran: &f.tests_ran,
        criteria: vec![],
        violations: vec![],
        satisfaction: Default::default(),
        unclassified: Vec::new(),
        failed_tests: Vec::new(),
        patch: None,
        suggestions: Vec::new(),
        stopped_draws: Vec::new(),
        captures: Default::default(),
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
        functions: &f.functions,
        tests_ran: &f.tests_ran,
        criteria: vec![CriterionInput {
            criterion: Criterion::Line,
            coverage: &f.line.0,
            locations: &f.line.1[..2],
            aside: &[],
            first_use: &[],
            aside_complete: true,
            runs: Err("not measured"),
            metamorphic: None,
            clean: None,
        }],
        violations: vec![],
        satisfaction: Default::default(),
        unclassified: Vec::new(),
        failed_tests: Vec::new(),
        patch: None,
        suggestions: Vec::new(),
        stopped_draws: Vec::new(),
        captures: Default::default(),
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
            functions: true,
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
            functions: true,
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
            functions: true,
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
    let json = render_json(&causes_report());
    assert_eq!(
        schema::violations(&json, schema::SCHEMA_DOC),
        Vec::<String>::new()
    );
    seen.extend(schema::paths_in(&json).into_keys());
    for path in documented.keys() {
        assert!(
            seen.contains(path),
            "{path} is documented but never appears in a report"
        );
    }
}

/// A library of four functions, one gap of each function-level cause:
/// `api::unused` (public) never runs; `api::inner` (private) never runs
/// though `api::outer`, which calls it, does; `api::outer`'s line 11
/// (after its condition on line 10) no source input reaches; `api::echo`
/// runs only in follow-ups of `mrs::shift`.
fn causes_report() -> Report {
    let mut p = PoolBuilder::new();
    let shift = p.add_mr("shift", Some("lib::Para"));
    let swap = p.add_mr("swap", Some("lib::Para"));
    let t = p.add_input();
    p.record_mg(shift, &[t], Outcome::Holds).unwrap();
    p.record_mg(swap, &[t], Outcome::Holds).unwrap();
    let pool = p.build();
    let mrs: Vec<MrDescription> = [("mrs::shift", "shift"), ("mrs::swap", "swap")]
        .iter()
        .enumerate()
        .map(|(i, &(id, class))| MrDescription {
            id: id.into(),
            name: id.into(),
            class: class.into(),
            file: "tests/mrs.rs".into(),
            line: 10 * (i as u32 + 1),
            source_type: "lib::Para".into(),
        })
        .collect();
    let sources = vec![SourceInfo {
        key: "0000000000000001".into(),
        debug: "Para(\"a b\")".into(),
    }];
    let function = |name: &str, lines: (u32, u32), public: bool, calls: &[&str]| SourceFunction {
        name: name.into(),
        file: "src/api.rs".into(),
        line_start: lines.0,
        line_end: lines.1,
        public: Some(public),
        calls: calls.iter().map(|c| path_call(c)).collect(),
        conditions: if name == "api::outer" {
            vec![guard(10, "s.is_empty()", (10, 12))]
        } else {
            Vec::new()
        },
        input: None,
    };
    let functions = vec![
        function("api::unused", (1, 3), true, &[]),
        function("api::inner", (5, 7), false, &[]),
        function("api::outer", (9, 12), true, &["inner", "len"]),
        function("<api::Para>::echo", (14, 16), true, &[]),
    ];
    // Line 3 of `api::unused` runs only on first use (a warm-up ran it).
    let locations: Vec<Location> = [2, 6, 10, 11, 15, 3]
        .iter()
        .map(|&l| Location::new("src/api.rs", l, 5, l, 20))
        .collect();
    let mut line = Coverage::new(6);
    line.push_by(t, shift, [2]).unwrap();
    line.push_by(t, swap, [2]).unwrap();
    let aside = [0, 0, 0, 0, 3, 0];
    let first_use = [0, 0, 0, 0, 0, 1];
    let differing = [(t, shift, vec![4])];
    build(ReportInput {
        k: 2,
        counting: Counting::Class,
        pool: &pool,
        mrs: &mrs,
        sources: &sources,
        functions: &functions,
        tests_ran: &[
            TestSpans {
                name: "api::tests::unused_is_one".into(),
                spans: vec![("src/api.rs".into(), 1, 3), ("src/other.rs".into(), 1, 2)],
            },
            TestSpans {
                name: "api::tests::inner_twice".into(),
                spans: vec![("src/api.rs".into(), 5, 7), ("src/api.rs".into(), 9, 12)],
            },
        ],
        criteria: vec![CriterionInput {
            criterion: Criterion::Line,
            coverage: &line,
            locations: &locations,
            aside: &aside,
            first_use: &first_use,
            aside_complete: true,
            runs: Err("not measured"),
            metamorphic: Some(MetamorphicInput {
                differing: &differing,
            }),
            clean: None,
        }],
        violations: vec![],
        satisfaction: Default::default(),
        // `mrs::swap` names no function of a type declared per function.
        unclassified: vec![UnclassifiedOutput {
            mr: "mrs::swap".into(),
            source_type: "lib::Para".into(),
            declared: String::new(),
            functions: vec!["fill -> alloc::string::String".into(), "words".into()],
            returned: "usize".into(),
            inputs: 1,
        }],
        failed_tests: vec![],
        patch: None,
        suggestions: vec![],
        stopped_draws: vec![],
        captures: Default::default(),
    })
    .map(|mut report| {
        // One float check of each kind of floor: finite and infinite.
        let check = FloatCheck {
            mr: "shift".into(),
            site: "tests/r.rs:3:9".into(),
            given: "Tolerance::abs(1e-9)".into(),
            verdict: "weak".into(),
            measure: "absolute".into(),
            comparisons: 4,
            failed: 0,
            floor: Some(2.5e-16),
            bound: Some(1e-9),
            ratio: Some(4e6),
            ratio_of: crate::tolerance::RatioOf::Floor,
            suggested: Some("Tolerance::abs(3e-15)".into()),
            suggested_bound: Some(3e-15),
            decades: vec![(-15, 3)],
        };
        let unlike = FloatCheck {
            verdict: "unlike".into(),
            failed: 1,
            floor: None,
            ratio: None,
            suggested: None,
            suggested_bound: None,
            decades: vec![(400, 1)],
            ..check.clone()
        };
        report.float_checks = vec![check, unlike];
        report.affected = Some(crate::run::base::AffectedSummary {
            reference: "main".into(),
            commit: "0123456789abcdef0123456789abcdef01234567".into(),
            everything: None,
            rerun: vec![
                crate::run::base::TestNote {
                    binary: "lib::mrs".into(),
                    test: "scales".into(),
                    why: "it ran fn lib::api::inner (changed) in 2 of its 5 MGs, which reran \
                          (the other 3 kept)"
                        .into(),
                },
                crate::run::base::TestNote {
                    binary: "lib::mrs".into(),
                    test: "shifts".into(),
                    why: "it ran fn lib::api::outer (changed)".into(),
                },
            ],
            kept: vec![crate::run::base::TestNote {
                binary: "lib::mrs".into(),
                test: "swaps".into(),
                why: "ran no changed function".into(),
            }],
            kept_groups: 4,
            rerun_groups: 2,
        });
        report
    })
    .unwrap()
}

#[test]
fn gaps_by_function_name_their_cause() {
    let report = causes_report();
    assert_eq!(
        report.unclassified_outputs[0].sentence(),
        "MR mrs::swap ran 1 source input of lib::Para whose output is usize, and lib::Para is \
         declared per function (fill -> alloc::string::String, words) but the MR names none of \
         them, or no one of them returns that: say which it runs with `function = ..` in its \
         #[metamorphic], for its choices and IO frames to count"
    );
    let line = &report.criteria[0];
    let by_cause = |cause: GapCause| {
        line.gaps
            .iter()
            .find(|g| g.cause.kind() == cause)
            .unwrap_or_else(|| panic!("no {cause:?} gap in {:#?}", line.gaps))
    };
    // Its first-use line: no input can cover it, and the summary says so.
    let first = by_cause(GapCause::FirstUse);
    assert_eq!(first.function_name.as_deref(), Some("api::unused"));
    let only = line
        .first_use_only
        .as_ref()
        .expect("a first-use requirement");
    assert_eq!(only.requirements, 1);
    assert_eq!(
        (only.a_k_coverable_numerator, only.a_k_coverable_denominator),
        (2, 10)
    );
    assert_eq!(
        only.sentence(Criterion::Line, 2),
        "line: 1 requirement runs only on first use in a test process, which no input can cover, \
         so the 2-MR criterion cannot hold; A_2 over the 5 requirements an input can cover: \
         20.0% (2/10)"
    );
    let unused = by_cause(GapCause::NotCalled);
    assert_eq!(unused.function_name.as_deref(), Some("api::unused"));
    // A plain unit test calls it: not "no test calls it".
    let Cause::NotCalled {
        unit_tests,
        skeleton,
    } = &unused.cause
    else {
        unreachable!()
    };
    assert_eq!(unit_tests.names, ["api::tests::unused_is_one"]);
    assert_eq!(unit_tests.total, 1);
    assert_eq!(
        unused.advice,
        "no MR's SUT calls `api::unused`, but the unit test `api::tests::unused_is_one` calls \
         it: its call is a source input, and its assertion a relation, waiting to be written: \
         write an MR whose SUT calls it (relation classes in use: shift, swap)"
    );
    let skeleton = skeleton.as_deref().unwrap();
    assert!(
        skeleton.starts_with(
            "#[metamorphic(output = \"shift\")]\nfn unused_relation(mg: &mut Mg, input: &Para) {"
        ),
        "{skeleton}"
    );
    assert!(
        skeleton.contains("mg.source(input, |input| api::unused(/* from input */))"),
        "{skeleton}"
    );

    let inner = by_cause(GapCause::NeverRan);
    let Cause::NeverRan {
        callers,
        unit_tests,
    } = &inner.cause
    else {
        unreachable!()
    };
    assert_eq!(*callers, ["api::outer"]);
    assert_eq!(unit_tests.names, ["api::tests::inner_twice"]);
    assert_eq!(
        inner.advice,
        "`api::inner` never runs in an MR's executions: its callers `api::outer` ran but never \
         called it, and the unit test `api::tests::inner_twice` calls it: its call is a source \
         input, and its assertion a relation, waiting to be written: add a source input on \
         which they do"
    );

    let outer = by_cause(GapCause::UnreachedLines);
    assert_eq!(outer.lines, [(11, 11)]);
    let Cause::UnreachedLines { condition, .. } = &outer.cause else {
        unreachable!()
    };
    assert_eq!(condition.as_ref().map(|c| c.line), Some(10));
    assert_eq!(
        outer.advice,
        "MRs `mrs::shift`, `mrs::swap` run it on source inputs, but none reaches line 11 of \
         `api::outer`: add a source input that does (see the condition `s.is_empty()` on line 10)"
    );

    let echo = by_cause(GapCause::FollowUpsOnly);
    assert_eq!(
        echo.cause,
        Cause::FollowUpsOnly {
            mrs: vec!["mrs::shift".to_owned()]
        }
    );
    assert!(
        echo.advice.starts_with(
            "`<api::Para>::echo` runs only in follow-up executions (of `mrs::shift`), never on a \
             source input: make `mrs::shift` run it on its source input"
        ),
        "{}",
        echo.advice
    );

    // The function table: outer is the only function source inputs run.
    let rows: Vec<(&str, u32, u32, &[String])> = line
        .functions
        .iter()
        .map(|f| {
            (
                f.name.as_str(),
                f.requirements,
                f.covered,
                f.classes.as_slice(),
            )
        })
        .collect();
    let both = ["shift".to_owned(), "swap".to_owned()];
    assert_eq!(
        rows,
        [
            ("api::unused", 2, 0, &[][..]),
            ("api::inner", 1, 0, &[][..]),
            ("api::outer", 2, 1, &both[..]),
            ("<api::Para>::echo", 1, 0, &[][..]),
        ]
    );
    insta::assert_snapshot!(
        "gaps_by_function",
        render_text(
            &report,
            &TextOptions {
                functions: true,
                ..TextOptions::default()
            }
        )
    );
}

#[test]
fn text_lists_are_capped_by_the_limit() {
    let f = fixture();
    let text = render_text(
        &report(&f, 2, Counting::Class),
        &TextOptions {
            color: false,
            limit: 0,
            functions: true,
        },
    );
    assert!(
        text.contains(
            "  ... and 3 more groups (all in --html and --json; more here with --gaps N)\n"
        ),
        "{text}"
    );
    assert!(text.contains("  ... and 1 more MR\n"), "{text}");
    assert!(text.contains("  ... and 1 more violation\n"), "{text}");
    assert!(!text.contains("mrs::scale [scale]"), "{text}");
}

/// `Debug` text, MR names, labels and messages from user code that try to
/// drive a terminal, inject markup or break a line-based format.
const HOSTILE: &str = "Evil(\"\x1b[2J\x1b]0;pwned\x07\r<script>alert(1)</script>\u{202e}gpj.exe\u{200b}\n\"><img src=x onerror=alert(2)> | *x* [l](javascript:y)\")";

fn hostile_report() -> Report {
    let mut f = fixture();
    for s in &mut f.sources {
        s.debug = format!("{}{HOSTILE}", s.debug);
    }
    for m in &mut f.mrs {
        m.id = format!("{}{HOSTILE}", m.id);
        m.class = format!("{}{HOSTILE}", m.class);
    }
    f.branch.1[0].label = Some(format!("branch true{HOSTILE}"));
    f.line.1[5].file = format!("src/util.rs{HOSTILE}");
    let mut r = report(&f, 2, Counting::Class);
    r.violations[0].message = Some(format!("message{HOSTILE}"));
    r.violations[0].sources = vec![HOSTILE.to_owned()];
    let candidate = &mut r.suggestions[0].candidates[0];
    candidate.source_frame = format!("frame{HOSTILE}");
    candidate.templates = vec![HOSTILE.to_owned()];
    candidate.skeleton = format!("fn x() {{}}{HOSTILE}");
    r.suggestions[0].source_type = format!("T{HOSTILE}");
    r
}

/// No character that acts on a terminal or hides text.
fn assert_no_hidden(out: &str, what: &str) {
    for bad in ['\x1b', '\x07', '\r', '\u{202e}', '\u{200b}'] {
        assert!(!out.contains(bad), "{what} contains {bad:?}:\n{out}");
    }
}

#[test]
fn hostile_debug_cannot_reach_the_terminal() {
    let r = hostile_report();
    for color in [false, true] {
        let text = render_text(
            &r,
            &TextOptions {
                color,
                limit: 10,
                functions: true,
            },
        );
        let text = strip_ansi(&text);
        assert_no_hidden(&text, "the text report");
        assert!(text.contains("\\u{1b}[2J"), "{text}");
        assert!(text.contains("\\r<script>"), "{text}");
        assert!(text.contains("\\u{202e}gpj.exe"), "{text}");
    }
}

/// The tags and attributes the HTML report itself writes; user text must
/// never add one.
const TAGS: &[&str] = &[
    "!doctype", "html", "head", "meta", "title", "style", "body", "h1", "h2", "nav", "a", "p",
    "table", "thead", "tbody", "tr", "th", "td", "span", "sub", "b", "br", "code", "div", "ul",
    "li", "i", "svg", "line", "text", "polyline", "circle", "script", "colgroup", "col", "ol",
    "pre", "tfoot",
];
const ATTRIBUTES: &[&str] = &[
    "data-gap",
    "html",
    "lang",
    "charset",
    "name",
    "content",
    "href",
    "id",
    "class",
    "title",
    "style",
    "colspan",
    "data-k",
    "data-v",
    "data-criterion",
    "width",
    "height",
    "viewbox",
    "role",
    "aria-label",
    "x",
    "y",
    "x1",
    "x2",
    "y1",
    "y2",
    "stroke",
    "stroke-width",
    "fill",
    "points",
    "cx",
    "cy",
    "r",
];

/// Every opening tag of `page` (closing tags are checked by name only
/// through their opening ones) with its attribute names; values are read as the
/// browser reads them (double-quoted).
fn tags(page: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    let bytes = page.as_bytes();
    let mut i = 0;
    while let Some(at) = page[i..].find('<') {
        i += at + 1;
        let closing = page[i..].starts_with('/');
        if closing {
            i += 1;
        }
        let name: String = page[i..]
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != '>' && *c != '/')
            .collect();
        i += name.len();
        let mut attributes = Vec::new();
        loop {
            while i < bytes.len() && (bytes[i] as char).is_whitespace() {
                i += 1;
            }
            if i >= bytes.len() || bytes[i] == b'>' || bytes[i] == b'/' {
                break;
            }
            let attr: String = page[i..]
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != '=' && *c != '>')
                .collect();
            i += attr.len();
            if bytes.get(i) == Some(&b'=') {
                i += 1;
                assert_eq!(bytes[i], b'"', "unquoted attribute value in {attr}");
                let end = page[i + 1..].find('"').expect("closing quote");
                i += end + 2;
            }
            attributes.push(attr.to_ascii_lowercase());
        }
        if !closing && (name.eq_ignore_ascii_case("style") || name.eq_ignore_ascii_case("script")) {
            // Their content is ours (CSS, the sorting script): skip to the end tag.
            let end = format!("</{name}>");
            i += page[i..].find(&end).expect("end of style or script");
        }
        if !closing {
            found.push((name.to_ascii_lowercase(), attributes));
        }
    }
    found
}

#[test]
fn hostile_user_text_cannot_inject_html() {
    let r = hostile_report();
    let sources = std::collections::BTreeMap::from([(
        "src/trig.rs".to_owned(),
        format!("fn a() {{}}\n// {HOSTILE}\nfn b() {{}}\n\nfn c() {{}}\n"),
    )]);
    let site = render_html(&r, &sources);
    assert!(site.pages.len() >= 4, "index, gaps and two file pages");
    for (name, page) in &site.pages {
        assert_no_hidden(page, name);
        let tags = tags(page);
        for (tag, attributes) in &tags {
            assert!(
                TAGS.contains(&tag.as_str()),
                "{name}: tag <{tag}> from user text"
            );
            for a in attributes {
                assert!(
                    ATTRIBUTES.contains(&a.as_str()),
                    "{name}: attribute {a} on <{tag}>"
                );
            }
        }
        // Our own: the index's sorting, a file page's gap keys.
        let scripts = tags.iter().filter(|(t, _)| t == "script").count();
        assert_eq!(scripts, usize::from(name != "gaps.html"), "{name}");
        assert!(
            page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{name}"
        );
        assert!(!page.contains("<img"), "{name}");
    }
    let file = &site
        .pages
        .iter()
        .find(|(n, _)| n.ends_with("src_trig.rs.html"))
        .unwrap()
        .1;
    assert!(
        file.contains("\\u{202e}gpj.exe"),
        "hidden characters are shown: {file}"
    );
}

/// `md` without its code spans (CommonMark: a run of n backticks opens
/// one, the next run of exactly n closes it).
fn outside_code_spans(md: &str) -> String {
    let mut out = String::new();
    let mut rest = md;
    while let Some(open) = rest.find('`') {
        out.push_str(&rest[..open]);
        let n = rest[open..].chars().take_while(|&c| c == '`').count();
        let after = &rest[open + n..];
        let mut search = 0;
        let close = loop {
            let Some(at) = after[search..].find('`') else {
                break None;
            };
            let at = search + at;
            let run = after[at..].chars().take_while(|&c| c == '`').count();
            if run == n {
                break Some(at);
            }
            search = at + run;
        };
        match close {
            Some(at) => {
                out.push_str("<code>");
                rest = &after[at + n..];
            }
            // An unclosed run is text.
            None => {
                out.push_str(&rest[open..open + n]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.replace("<code>", "")
}

#[test]
fn hostile_user_text_cannot_break_markdown_lcov_or_xml() {
    let r = hostile_report();
    let md = render_markdown(&r);
    assert_no_hidden(&md, "markdown");
    // User text is shown as is in code spans (where nothing is markup),
    // and escaped everywhere else.
    assert!(
        md.contains("`Angle(30.0)Evil(\""),
        "inputs are code spans: {md}"
    );
    let md = outside_code_spans(&md);
    assert!(!md.contains('<'), "{md}");
    for line in md.lines().filter(|l| l.starts_with('|')) {
        let cells = line.replace("\\|", "").matches('|').count();
        assert!(
            cells == 9 || cells == 6,
            "a table row with {cells} pipes: {line}"
        );
    }
    assert!(!md.contains("[l](javascript"), "{md}");

    let lcov = render_lcov(&r, std::path::Path::new("/ws"));
    assert_no_hidden(&lcov, "lcov");
    let records = [
        "TN:", "SF:", "FN:", "FNDA:", "FNF:", "FNH:", "BRDA:", "BRF:", "BRH:", "DA:", "LF:", "LH:",
    ];
    for line in lcov.lines() {
        assert!(
            line == "end_of_record" || records.iter().any(|r| line.starts_with(r)),
            "a line that is no LCOV record: {line}"
        );
    }

    let xml = render_cobertura(&r, std::path::Path::new("/ws<&>"), 0);
    assert_no_hidden(&xml, "cobertura");
    let mut reader = quick_xml::Reader::from_str(&xml);
    let mut filenames = Vec::new();
    loop {
        match reader.read_event().expect("well-formed XML") {
            quick_xml::events::Event::Eof => break,
            quick_xml::events::Event::Empty(e) | quick_xml::events::Event::Start(e)
                if e.name().as_ref() == b"class" =>
            {
                let v = e.try_get_attribute("filename").unwrap().unwrap();
                filenames.push(v.unescape_value().unwrap().into_owned());
            }
            _ => {}
        }
    }
    assert!(
        filenames
            .iter()
            .any(|f| f.contains("<script>alert(1)</script>\\u{202e}")),
        "{filenames:?}"
    );
}

#[test]
fn lcov_and_codecov_follow_the_documented_mapping() {
    let f = fixture();
    let r = report(&f, 2, Counting::Class);
    let lcov = render_lcov(&r, std::path::Path::new("/ws"));
    let trig = lcov
        .split("end_of_record")
        .find(|s| s.contains("SF:/ws/src/trig.rs"))
        .unwrap();
    // Line 3: input a only (1 class of 2); line 4: a and b (b has 3 classes).
    for want in [
        "DA:3,1",
        "BRDA:3,0,0,1",
        "BRDA:3,0,1,0",
        "DA:4,2",
        "BRDA:4,0,0,1",
        "BRDA:4,0,1,1",
        "DA:5,1",
        "BRDA:4,1,0,1",
        "BRDA:4,1,1,1",
        "LF:3",
        "LH:3",
    ] {
        assert!(trig.lines().any(|l| l == want), "{want} missing in\n{trig}");
    }
    let util = lcov
        .split("end_of_record")
        .find(|s| s.contains("SF:/ws/src/util.rs"))
        .unwrap();
    for want in [
        "DA:10,1",
        "BRDA:10,0,0,0",
        "BRDA:10,0,1,0",
        "DA:12,0",
        "BRDA:12,0,0,-",
        "DA:13,0",
        "BRF:6",
        "BRH:0",
        "LF:3",
        "LH:1",
    ] {
        assert!(util.lines().any(|l| l == want), "{want} missing in\n{util}");
    }
    // Synthetic branches over both files: A_2's numerator over its denominator.
    let line = r.criteria[0].summary.as_ref().unwrap();
    let synthetic = || {
        lcov.lines()
            .filter(|l| l.starts_with("BRDA:") && l.split(',').nth(1) == Some("0"))
    };
    let synthetic_hit = synthetic().filter(|l| l.ends_with(",1")).count();
    let synthetic = synthetic().count();
    assert_eq!(
        (synthetic_hit as u64, synthetic as u64),
        (line.a_k_numerator, line.a_k_denominator)
    );

    let codecov: serde_json::Value = serde_json::from_str(&render_codecov(&r)).unwrap();
    assert_eq!(
        codecov,
        serde_json::json!({"coverage": {
            "src/trig.rs": {"3": "1/2", "4": 2, "5": 1},
            "src/util.rs": {"10": "0/2", "12": 0, "13": 0}
        }})
    );
    let xml = render_cobertura(&r, std::path::Path::new("/ws"), 0);
    assert!(xml.contains(r#"line-rate="0.666667" branch-rate="0.416667" lines-covered="4" lines-valid="6" branches-covered="5" branches-valid="12""#), "{xml}");
    assert!(
        xml.contains(r#"<line number="3" hits="1" branch="true" condition-coverage="50% (1/2)"/>"#),
        "{xml}"
    );
}

#[test]
fn markdown_summary() {
    let f = fixture();
    let md = render_markdown(&report(&f, 2, Counting::Class));
    insta::assert_snapshot!(md);
}

#[test]
fn html_shades_lines_by_k() {
    let f = fixture();
    let r = report(&f, 2, Counting::Class);
    let sources = std::collections::BTreeMap::from([(
        "src/trig.rs".to_owned(),
        "fn sin() {\n    let a = 1;\n    one();\n    two();\n    three();\n}\n".to_owned(),
    )]);
    let site = render_html(&r, &sources);
    let names: Vec<&str> = site.pages.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "index.html",
            "gaps.html",
            "files/0000-src_trig.rs.html",
            "files/0001-src_util.rs.html"
        ]
    );
    let trig = &site.pages[2].1;
    assert!(
        trig.contains("<tr id=\"L3\" class=\"kp\" data-k=\"1/2\" data-gap>"),
        "{trig}"
    );
    assert!(
        trig.contains("<tr id=\"L4\" class=\"k1\" data-k=\"2/2\" data-gap>"),
        "{trig}"
    );
    assert!(trig.contains("<tr id=\"L1\"><td class=\"n\">"), "{trig}");
    assert!(trig.contains("    let a = 1;"), "{trig}");
    let util = &site.pages[3].1;
    assert!(
        util.contains("<tr id=\"L12\" class=\"k0\" data-k=\"0/2\""),
        "{util}"
    );
    assert!(util.contains("could not be read"), "{util}");
    let index = &site.pages[0].1;
    assert!(index.contains("A_2 = 41.7%"), "{index}");
    assert!(
        index.contains("href=\"files/0001-src_util.rs.html#L12\""),
        "{index}"
    );
}

/// Uncovered code that follow-ups or checks ran (`aside`) is its own
/// group with its count; where a process's aside counts are missing, the
/// advice does not claim that nothing ran the code.
#[test]
fn uncovered_code_says_whether_follow_ups_ran_it() {
    let f = fixture();
    let aside = [0, 0, 0, 0, 7, 0];
    let report_with = |aside_complete: bool| {
        build(ReportInput {
            k: 2,
            counting: Counting::Class,
            pool: &f.pool,
            mrs: &f.mrs,
            sources: &f.sources,
            functions: &[],
            tests_ran: &[],
            criteria: vec![CriterionInput {
                criterion: Criterion::Line,
                coverage: &f.line.0,
                locations: &f.line.1,
                aside: &aside,
                first_use: &[],
                aside_complete,
                runs: Err("not measured"),
                metamorphic: None,
                clean: None,
            }],
            violations: vec![],
            satisfaction: Default::default(),
            unclassified: vec![],
            failed_tests: Vec::new(),
            patch: None,
            suggestions: Vec::new(),
            stopped_draws: Vec::new(),
            captures: Default::default(),
        })
        .unwrap()
    };
    let report = report_with(true);
    let gaps = &report.criteria[0].gaps;
    let at = |line: u32| {
        gaps.iter()
            .find(|g| g.span.file == "src/util.rs" && g.span.line_start == line)
            .unwrap_or_else(|| panic!("no gap at util.rs:{line}: {gaps:#?}"))
    };
    assert_eq!(at(12).span.line_end, 12, "13 is another cause");
    assert_eq!(at(12).aside_executions, 7);
    assert_eq!(
        at(12).advice,
        "reached only by follow-up executions or checks (7 times), never by a source execution: \
         pass such inputs through `mg.source`"
    );
    assert_eq!(at(13).aside_executions, 0);
    assert_eq!(
        at(13).advice,
        "no execution reaches this code: add a source input that does"
    );
    // Gains: closing util.rs:13 takes a source input checked by k = 2
    // classes, each adding 1/(2 * 6).
    assert_eq!(at(13).relations_needed, 2);
    assert!((at(13).a_k_gain_per_relation - 1.0 / 12.0).abs() < 1e-12);
    assert_eq!(
        at(13).gain_words(Counting::Class),
        "up to +16.7% with a source input that reaches it, checked by 2 relation classes (+8.3% per class)"
    );

    let report = report_with(false);
    let unknown = report.criteria[0]
        .gaps
        .iter()
        .find(|g| g.span.line_start == 13)
        .unwrap();
    assert!(
        unknown.advice.starts_with("no source execution reaches this code (whether follow-ups or checks ran it is not known"),
        "{}",
        unknown.advice
    );
}

/// `--diff`: the requirements on changed lines, by hand. Lines: r1 (line
/// 3, K = 1/2 at k = 2), r5 and r6 (lines 12 and 13, uncovered): A_2 of
/// the patch = (1 + 0 + 0) / (2 · 3) = 1/6. Branches (line 4) and the
/// black-box-free function criterion have none on changed lines.
#[test]
fn the_patch_is_measured_on_changed_lines_only() {
    let report = report(&fixture(), 2, Counting::Class);
    let patch = report.patch.as_ref().expect("a patch");
    assert_eq!(
        (patch.base.as_str(), patch.files, patch.lines),
        ("main", 2, 4)
    );
    let line = &patch.criteria[0];
    assert_eq!(line.criterion, Criterion::Line);
    let s = line.summary.as_ref().unwrap();
    assert_eq!((s.requirements, s.covered, s.full), (3, 1, 0));
    assert_eq!((s.a_k_numerator, s.a_k_denominator), (1, 6));
    let gaps: Vec<(u32, f64)> = line
        .gaps
        .iter()
        .map(|g| (g.location.line_start, g.k))
        .collect();
    assert_eq!(gaps, [(3, 0.5), (12, 0.0), (13, 0.0)]);
    assert!(
        line.gaps[0]
            .advice
            .starts_with("pair source input Angle(30.0)")
    );
    assert_eq!(
        line.gaps[1].advice,
        "source inputs run it, but none reaches lines 12-13 of `trig::util::helper`: add a \
         source input that does (see the condition `x.abs() > 1.0` on line 11)"
    );
    for c in &patch.criteria[1..] {
        assert_eq!(c.summary, None, "{:?}", c.criterion);
    }
}

/// A line and a region gap on the same code with the same advice: the
/// file page says the advice once.
#[test]
fn html_says_the_same_advice_once_per_line() {
    let f = fixture();
    let mut r = report(&f, 2, Counting::Class);
    let mut region = r.criteria[0].clone();
    region.criterion = Criterion::Region;
    r.criteria.push(region);
    let sources = std::collections::BTreeMap::from([(
        "src/trig.rs".to_owned(),
        "fn sin() {\n    let a = 1;\n    one();\n    two();\n    three();\n}\n".to_owned(),
    )]);
    let site = render_html(&r, &sources);
    let trig = &site
        .pages
        .iter()
        .find(|(n, _)| n.contains("src_trig"))
        .unwrap()
        .1;
    let advice = "pair source input Angle(30.0) with 1 more relation class";
    // Once for line 3 (its line and region gaps), once for line 4's branch.
    assert_eq!(trig.matches(advice).count(), 2, "{trig}");
    assert!(
        trig.contains("<b>region gap #3</b> · 1 requirement · up to +8.3% A<sub>2</sub> · the same code and advice as above"),
        "{trig}"
    );
}

/// A call by path, as the source writes it.
fn path_call(path: &str) -> crate::model::Call {
    crate::model::Call {
        path: path.split("::").map(str::to_owned).collect(),
        kind: crate::model::CallKind::Path,
        glob: false,
    }
}

/// A condition on `line` deciding `gates`.
fn guard(line: u32, text: &str, gates: (u32, u32)) -> crate::model::Guard {
    crate::model::Guard {
        line,
        text: text.into(),
        gates,
    }
}
