//! The index's float checks: each tolerance check's observed relative
//! errors by decade, against its tolerance.

use std::fmt::Write as _;

use super::esc;

/// The float checks: each site's tolerance against its floor, with the
/// decade histogram of its differences.
pub(super) fn float_checks(out: &mut String, r: &crate::report::Report) {
    if r.float_checks.is_empty() {
        return;
    }
    let flagged = r.float_checks.iter().filter(|c| c.flagged()).count();
    let _ = writeln!(
        out,
        "<h2 id=\"float-checks\">Float checks ({} sites, {flagged} flagged)</h2>\n\
         <p class=\"muted\">Per MR and <code>relation::close</code> call site: the largest difference \
         its comparisons saw on this code (the floor), the tolerance given, and one 10× the floor. \
         Bars: comparisons per decade of difference; <span class=\"tol-given\">given</span>, \
         <span class=\"tol-floor\">floor</span>, <span class=\"tol-suggested\">suggested</span>. \
         <code>cargo mtcov tolerance --mutants</code> says which mutants a tolerance hid.</p>",
        r.float_checks.len()
    );
    out.push_str("<table class=\"checks\"><thead><tr><th>MR and site</th><th>Tolerance</th><th>Verdict</th><th class=\"r\">Floor</th><th class=\"r\">Given / floor</th><th>Suggested</th><th>Differences</th></tr></thead><tbody>\n");
    for c in &r.float_checks {
        out.push_str("<tr class=\"row\"><td><code>");
        esc(out, &c.mr);
        out.push_str("</code><br><span class=\"muted\">");
        esc(out, &c.site);
        out.push_str("</span></td><td><code>");
        esc(out, &c.given);
        let verdict = match c.verdict.as_str() {
            "fits" => "<span class=\"pill pk1\">fits</span>".to_owned(),
            "weak" => "<span class=\"pill pkp\">weak</span>".to_owned(),
            "too_tight" => format!(
                "<span class=\"pill pk0\">too tight</span> <span class=\"muted\">{} of {} failed</span>",
                c.failed, c.comparisons
            ),
            _ => "<span class=\"pill pk0\">NaN</span>".to_owned(),
        };
        let _ = write!(
            out,
            "</code></td><td>{verdict}</td><td class=\"r\">{} {}</td><td class=\"r\">{}</td><td><code>",
            c.floor.map_or("∞".to_owned(), |f| format!("{f:.2e}")),
            c.measure,
            c.ratio.map_or("–".to_owned(), |r| match c.ratio_of {
                crate::tolerance::RatioOf::Floor => format!("{}×", crate::tolerance::times(r)),
                // Every difference was below one rounding step: the ratio
                // is over that step, and says so.
                crate::tolerance::RatioOf::RoundingStep => format!(
                    "<span title=\"{}\">{}× step</span>",
                    crate::tolerance::allows(r, c.ratio_of, &c.measure),
                    crate::tolerance::times(r)
                ),
            }),
        );
        esc(out, c.suggested.as_deref().unwrap_or("–"));
        out.push_str("</code></td><td>");
        decade_plot(out, c);
        out.push_str("</td></tr>\n");
    }
    out.push_str("</tbody></table>\n");
}

/// A small SVG: comparisons per decade of difference (log scale on both
/// axes' sense: one bar per power of ten), with the given, floor and
/// suggested bounds as vertical marks.
fn decade_plot(out: &mut String, c: &crate::report::FloatCheck) {
    const W: f64 = 220.0;
    const H: f64 = 48.0;
    let finite: Vec<(i16, u64)> = c
        .decades
        .iter()
        .copied()
        .filter(|&(e, _)| e != mtcov_protocol::INFINITE_DECADE)
        .collect();
    let exponent = |x: f64| x.max(f64::MIN_POSITIVE).log10();
    let mut marks: Vec<(f64, &str)> = Vec::new();
    marks.extend(c.bound.map(|b| (exponent(b), "tol-given")));
    marks.extend(
        c.floor
            .filter(|f| *f > 0.0)
            .map(|f| (exponent(f), "tol-floor")),
    );
    marks.extend(c.suggested_bound.map(|s| (exponent(s), "tol-suggested")));
    let lows = finite
        .iter()
        .map(|&(e, _)| f64::from(e) - 1.0)
        .chain(marks.iter().map(|m| m.0.floor()));
    let highs = finite
        .iter()
        .map(|&(e, _)| f64::from(e))
        .chain(marks.iter().map(|m| m.0.ceil()));
    let (Some(low), Some(high)) = (lows.reduce(f64::min), highs.reduce(f64::max)) else {
        out.push_str("<span class=\"muted\">all equal</span>");
        return;
    };
    let high = high.max(low + 1.0);
    let x = |e: f64| 4.0 + (e - low) / (high - low) * (W - 8.0);
    let most = finite.iter().map(|&(_, n)| n).max().unwrap_or(1).max(1) as f64;
    let _ = write!(
        out,
        "<svg class=\"decades\" width=\"{W}\" height=\"{}\" viewBox=\"0 0 {W} {}\" role=\"img\"><title>",
        H + 12.0,
        H + 12.0
    );
    esc(out, &format!("{} differences per decade", c.measure));
    out.push_str("</title>");
    for &(e, n) in &finite {
        let (x0, x1) = (x(f64::from(e) - 1.0), x(f64::from(e)));
        let h = (n as f64 / most * (H - 4.0)).max(1.0);
        let _ = write!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" class=\"bar\"><title>{n} in (1e{}, 1e{e}]</title></rect>",
            x0 + 0.5,
            H - h,
            (x1 - x0 - 1.0).max(1.0),
            e - 1
        );
    }
    for (e, class) in marks {
        let _ = write!(
            out,
            "<line x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"0\" y2=\"{H}\" class=\"{class}\"/>",
            x(e)
        );
    }
    let _ = write!(
        out,
        "<text x=\"2\" y=\"{0}\">1e{1}</text><text x=\"{2}\" y=\"{0}\" text-anchor=\"end\">1e{3}</text></svg>",
        H + 11.0,
        low,
        W - 2.0,
        high
    );
}
