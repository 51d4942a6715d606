//! `cargo mtcov reduce` on `tests/fixtures/reduce-hand`: greedy and exact
//! keep the sets HAND.md works out, and running only the kept groups
//! (`MTCOV_SELECT`) gives the `A_k` the reduction promised.

use crate::common::{assert_exit, copy_fixture, criterion, mtcov_command, stderr, stdout};
use serde_json::Value;

#[test]
fn greedy_and_exact_keep_a_k_and_the_selection_replays_it() {
    let project = copy_fixture("reduce-hand");
    let mtcov = |args: &[&str], select: Option<&std::path::Path>, code: i32| {
        let mut command = mtcov_command(project.path(), args);
        if let Some(path) = select {
            command.env("MTCOV_SELECT", path);
        }
        let out = command.output().unwrap();
        assert_exit(&out, code);
        out
    };
    let json =
        |out: &std::process::Output| -> Value { serde_json::from_str(&stdout(out)).expect("JSON") };
    let whole = json(&mtcov(&["--k", "1", "--json"], None, 0));
    assert_eq!(whole["totals"]["associations"], 5);
    let line = &criterion(&whole, "line")["summary"];
    assert_eq!(
        (
            line["a_k_numerator"].as_u64(),
            line["a_k_denominator"].as_u64()
        ),
        (Some(88), Some(88))
    );

    // Greedy: the three blocks (HAND.md), none redundant.
    let greedy = json(&mtcov(&["reduce", "--k", "1", "--json"], None, 0));
    assert_eq!(greedy["method"], "greedy");
    assert_eq!(greedy["groups"]["kept"], 3);
    assert_eq!(greedy["groups"]["total"], 5);
    let kept = |r: &Value| -> Vec<String> {
        let mut sources: Vec<String> = r["kept"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["sources"][0].as_str().unwrap().to_owned())
            .collect();
        sources.sort();
        sources
    };
    // block(0, 8), block(8, 4), block(12, 2) of HAND.md.
    assert_eq!(kept(&greedy), ["201338880", "4178175", "62918400"]);

    // Exact: the two rows, proven smallest.
    let exact = json(&mtcov(
        &["reduce", "--k", "1", "--exact", "--json"],
        None,
        0,
    ));
    assert_eq!(exact["method"], "exact");
    assert_eq!(exact["greedy_groups"], 3);
    assert_eq!(exact["groups"]["kept"], 2);
    assert_eq!(exact["exact"]["optimal"], true);
    assert_eq!(exact["exact"]["lower_bound"], 2);
    assert_eq!(kept(&exact), ["16383", "268419072"]);
    // The order: the greedy steps (the blocks) reach A_1, then the rows.
    assert_eq!(exact["order"]["groups_to_reach_a_k"], 3);
    let order = std::fs::read_to_string(exact["order_file"].as_str().unwrap()).unwrap();
    let ranked: Vec<&str> = order
        .lines()
        .filter(|l| l.starts_with("keep "))
        .map(|l| l.rsplit("# ").next().unwrap())
        .collect();
    assert_eq!(
        ranked,
        ["4178175", "62918400", "201338880", "16383", "268419072"]
    );
    let promised = &exact["criteria"][0];
    assert_eq!(promised["criterion"], "line");
    assert_eq!(promised["exact"]["numerator"], 88);

    // Running only the kept groups gives what was promised.
    let selection = std::path::PathBuf::from(exact["selection"].as_str().unwrap());
    let out = mtcov(&["--k", "1", "--json"], Some(&selection), 0);
    assert!(
        stderr(&out).contains("the tests run only the 2 metamorphic groups it names"),
        "{}",
        stderr(&out)
    );
    let replayed = json(&out);
    assert_eq!(replayed["totals"]["associations"], 2);
    let line = &criterion(&replayed, "line")["summary"];
    assert_eq!(line["a_k_numerator"], promised["exact"]["numerator"]);
    assert_eq!(line["a_k_denominator"], promised["exact"]["denominator"]);

    // Scope patterns narrow the criteria as they do the report's; one that
    // matches nothing is refused, as there.
    let out = mtcov(
        &["reduce", "--k", "1", "--exclude", "nothing/here.rs"],
        None,
        2,
    );
    assert!(stderr(&out).contains("nothing/here.rs"), "{}", stderr(&out));
    let scoped = json(&mtcov(
        &["reduce", "--k", "1", "--include", "src/lib.rs", "--json"],
        None,
        0,
    ));
    // The last run is the replay of the two rows: both are needed.
    assert_eq!(scoped["groups"]["total"], 2);
    assert_eq!(scoped["groups"]["kept"], 2);

    // No kill matrix: --mutants says how to make one.
    let out = mtcov(&["reduce", "--mutants"], None, 2);
    assert!(
        stderr(&out).contains("--mutants: no kill matrix at"),
        "{}",
        stderr(&out)
    );

    // A budget keeps the first groups of the order and says what A_k
    // they keep; replaying its selection gives that A_k.
    mtcov(&["--k", "1"], None, 0);
    let budget = json(&mtcov(
        &["reduce", "--k", "1", "--budget", "40%", "--json"],
        None,
        0,
    ));
    assert_eq!(budget["method"], "budget");
    assert_eq!(budget["groups"]["kept"], 2, "40% of 5 groups");
    assert_eq!(
        budget["greedy_groups"], 3,
        "the fewest that keep A_1, for comparison"
    );
    let kept_line = &budget["criteria"][0];
    assert_eq!(kept_line["whole"]["numerator"], 88);
    let promised = kept_line["exact"]["numerator"].as_u64().unwrap();
    assert!(promised > 0 && promised < 88, "{kept_line}");
    let selection = std::path::PathBuf::from(budget["selection"].as_str().unwrap());
    let replayed = json(&mtcov(&["--k", "1", "--json"], Some(&selection), 0));
    assert_eq!(replayed["totals"]["associations"], 2);
    assert_eq!(
        criterion(&replayed, "line")["summary"]["a_k_numerator"].as_u64(),
        Some(promised)
    );
    mtcov(&["--k", "1"], None, 0);
    let text = stdout(&mtcov(&["reduce", "--k", "1", "--budget", "2"], None, 0));
    assert!(
        text.contains(&format!(
            "A_1 kept: line {:.1}% of the run's 100.0%",
            promised as f64 / 88.0 * 100.0
        )),
        "{text}"
    );
    for (bad, says) in [
        ("0", "is not a budget"),
        ("0%", "is not a share of the groups"),
        ("150%", "is not a share of the groups"),
    ] {
        let out = mtcov(&["reduce", "--budget", bad], None, 2);
        assert!(stderr(&out).contains(says), "{bad}: {}", stderr(&out));
    }

    // Redundancy keeps a second group per requirement only where it is of
    // another kind (class, or what its pairs run differently): here every
    // group is one MR whose follow-ups run what their sources run, so it
    // keeps what greedy keeps (the unit tests have a second kind), and
    // the selection replays it.
    let redundant = json(&mtcov(
        &["reduce", "--k", "1", "--redundancy", "2", "--json"],
        None,
        0,
    ));
    let kept = redundant["groups"]["kept"].as_u64().unwrap();
    assert_eq!(kept, 3, "{redundant}");
    assert_eq!(redundant["criteria"][0]["exact"]["numerator"], 88);
    let selection = std::path::PathBuf::from(redundant["selection"].as_str().unwrap());
    let replayed = json(&mtcov(&["--k", "1", "--json"], Some(&selection), 0));
    assert_eq!(replayed["totals"]["associations"].as_u64(), Some(kept));
    assert_eq!(criterion(&replayed, "line")["summary"]["a_k_numerator"], 88);
    let out = mtcov(&["reduce", "--budget", "2", "--redundancy", "2"], None, 2);
    assert!(stderr(&out).contains("--redundancy"), "{}", stderr(&out));

    // A selection that is not one stops the run before it builds.
    let bad = project.path().join("bad-selection.txt");
    std::fs::write(&bad, "keep only-an-id\n").unwrap();
    let out = mtcov(&["--k", "1"], Some(&bad), 2);
    assert!(
        stderr(&out)
            .contains("is not a selection file: line 1: expected an MR id and a source key"),
        "{}",
        stderr(&out)
    );
}

/// A run with a violated MR is no suite to reduce.
#[test]
fn a_failing_run_is_not_reduced() {
    let project = copy_fixture("cli-violation");
    let out = mtcov_command(project.path(), &[]).output().unwrap();
    assert_ne!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = mtcov_command(project.path(), &["reduce"]).output().unwrap();
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("the last run has failing tests"),
        "{}",
        stderr(&out)
    );
}
