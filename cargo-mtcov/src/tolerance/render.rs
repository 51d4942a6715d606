//! `cargo mtcov tolerance` as text.

use std::fmt::Write as _;

use super::mutants::Against;
use super::{Check, Judged, RatioOf, Verdict, number};
use crate::escape::terminal;

/// The report: one block per check site, with what the kill matrix says
/// of it when one was given.
pub(crate) fn text(checks: &[Judged], margin: f64) -> String {
    let mut out = String::new();
    let count = |v: Verdict| checks.iter().filter(|j| j.check.verdict == v).count();
    let _ = writeln!(
        out,
        "Float checks of the last run: {} site{} ({} weak, {} too tight); suggestions are {}× the floor",
        checks.len(),
        if checks.len() == 1 { "" } else { "s" },
        count(Verdict::Weak),
        count(Verdict::TooTight) + count(Verdict::Unlike),
        number(margin).trim_end_matches(".0"),
    );
    if checks.is_empty() {
        let _ = writeln!(
            out,
            "  no `relation::close` or `close_all` comparison ran inside an MG under `cargo mtcov`"
        );
    }
    for judged in checks {
        out.push('\n');
        block(&mut out, &judged.check);
        if let Some(against) = &judged.mutants {
            mutants(&mut out, &judged.check, against);
        }
    }
    out
}

fn block(out: &mut String, check: &Check) {
    let _ = writeln!(
        out,
        "{} at {}: {}{} [{}]",
        terminal(&check.mr),
        terminal(&check.site),
        check.given_text,
        if check.varies {
            " (and other tolerances at this site)"
        } else {
            ""
        },
        check.verdict.label()
    );
    let failed = match check.failed {
        0 => String::new(),
        n => format!(", {n} failed"),
    };
    let _ = writeln!(
        out,
        "  {} comparison{}{}, {} of equal values",
        check.comparisons,
        if check.comparisons == 1 { "" } else { "s" },
        failed,
        check.exact
    );
    let show = |v: Option<f64>| v.map_or("infinite".to_owned(), |v| format!("{v:.2e}"));
    let ulps = check.floor.ulps.map_or("infinite ULPs".to_owned(), ulps);
    let _ = writeln!(
        out,
        "  largest difference: {} absolute, {} relative, {ulps}",
        show(check.floor.absolute),
        show(check.floor.relative),
    );
    if let Some(input) = &check.floor_input {
        let _ = writeln!(
            out,
            "  the largest {} difference was on {}",
            words(check.measure),
            terminal(input)
        );
    }
    match (check.verdict, check.ratio) {
        (Verdict::Unlike, _) => {
            let _ = writeln!(
                out,
                "  a NaN or an infinity was compared with a number: no tolerance passes that; \
                 fix the code or skip such inputs (`mg.assume`)"
            );
        }
        (Verdict::TooTight, _) => {
            let _ = writeln!(
                out,
                "  failed in this run: if the difference above is rounding, the \
                 suggested tolerance passes it; if not, it is a fault to fix"
            );
        }
        (verdict, Some(ratio)) => {
            let _ = writeln!(
                out,
                "  {}{}",
                allows(ratio, check.ratio_of, check.measure),
                if verdict == Verdict::Weak {
                    ": a fault that moves the output by less passes"
                } else {
                    ""
                }
            );
        }
        (_, None) => {}
    }
    if let Some(suggested) = &check.suggested_text
        && check.verdict != Verdict::Fits
    {
        let _ = writeln!(out, "  suggested: {suggested}");
    }
}

/// How many times: `2.3e6`, `40`, `1.2`, `0.0084`.
pub(crate) fn times(ratio: f64) -> String {
    if ratio < 1.0 {
        format!("{ratio:.2}")
    } else if ratio < 10.0 {
        format!("{ratio:.1}").trim_end_matches(".0").to_owned()
    } else if ratio < 1e4 {
        format!("{}", ratio.round())
    } else {
        format!("{ratio:.1e}")
    }
}

/// A measure as a sentence names a difference in it: `absolute`,
/// `relative`, `ULP`.
pub(crate) fn words(measure: &str) -> &str {
    if measure == "ulps" { "ULP" } else { measure }
}

/// A count of ULPs: `1 ULP`, `14075 ULPs`.
fn ulps(n: f64) -> String {
    format!("{n} ULP{}", if n == 1.0 { "" } else { "s" })
}

/// What a tolerance allows, in the measure of its verdict: over the
/// largest difference seen, or over one rounding step when every
/// difference seen was smaller than that.
pub(crate) fn allows(ratio: f64, of: RatioOf, measure: &str) -> String {
    match of {
        RatioOf::Floor => format!(
            "allows {}× the largest {} difference seen",
            times(ratio),
            words(measure)
        ),
        RatioOf::RoundingStep if measure == "ulps" => {
            format!("allows {}, and no difference seen reached one", ulps(ratio))
        }
        RatioOf::RoundingStep => format!(
            "allows {}× one rounding step ({}), and every difference seen was smaller",
            times(ratio),
            words(measure)
        ),
    }
}

fn mutants(out: &mut String, check: &Check, against: &Against) {
    if against.hidden.is_empty() {
        let _ = writeln!(
            out,
            "  no mutant moved its {} difference above the floor while the check held",
            words(check.measure)
        );
    } else {
        let caught = against
            .hidden
            .iter()
            .filter(|h| h.caught_by_suggestion)
            .count();
        let _ = writeln!(
            out,
            "  hid {} mutant{} (the check held, the difference was above the floor); the suggestion catches {caught}:",
            against.hidden.len(),
            if against.hidden.len() == 1 { "" } else { "s" },
        );
        for hidden in &against.hidden {
            let _ = writeln!(
                out,
                "    {} ({:.2e}{}{})",
                terminal(&hidden.mutant),
                hidden.difference,
                if hidden.caught_by_suggestion {
                    ", caught by the suggestion"
                } else {
                    ""
                },
                if hidden.killed_elsewhere {
                    ", killed by another check"
                } else {
                    ""
                }
            );
        }
    }
    if !against.sweep.is_empty() {
        let _ = writeln!(
            out,
            "  {:>18}  mutants killed  false alarms",
            format!("{} tolerance", words(check.measure))
        );
        for point in &against.sweep {
            let _ = writeln!(
                out,
                "  {:>18}  {:>14}  {:>12}{}",
                format!("{:.1e}", point.tolerance),
                point.kills,
                point.false_alarms,
                if point.labels.is_empty() {
                    String::new()
                } else {
                    format!("  ({})", point.labels.join(", "))
                }
            );
        }
    }
}
