//! The study as a user reads it: its tables as Markdown text, its
//! figures as SVG.

use super::stats::Quartiles;
use super::{RQ2_K, Study, advice, reduction, svg};

/// The tables, as text (Markdown tables, so docs can quote them).
pub(crate) fn render_text(study: &Study) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Study: {} samples, seed {}; {} viable mutants, the whole pool detects {:.1}%\n",
        study.samples,
        study.seed,
        study.viable_mutants,
        study.pool_fde * 100.0
    );
    let f = |q: &Option<Quartiles>, pick: fn(&Quartiles) -> f64| {
        q.as_ref()
            .map_or("-".to_owned(), |q| format!("{:.3}", pick(q)))
    };
    for c in &study.criteria {
        let _ = writeln!(
            out,
            "## {} ({} requirements)\n\nRQ1: FDE of suites adequate for {} coverage and k-MR adequate (as T allows)\n",
            c.criterion, c.requirements, c.criterion
        );
        let _ = writeln!(
            out,
            "| k | FDE median | FDE mean | Q1 | Q3 | mean |T| | mean |R| |"
        );
        let _ = writeln!(out, "|---|---|---|---|---|---|---|");
        for row in &c.rq1 {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {:.1} | {:.1} |",
                row.k,
                f(&row.fde, |q| q.median),
                f(&row.fde, |q| q.mean),
                f(&row.fde, |q| q.q1),
                f(&row.fde, |q| q.q3),
                row.mean_inputs,
                row.mean_mrs
            );
        }
        let _ = writeln!(out, "\nRQ2: FDE by A_{RQ2_K} interval\n");
        let _ = writeln!(out, "| A_{RQ2_K} in | suites | FDE median | FDE mean |");
        let _ = writeln!(out, "|---|---|---|---|");
        for row in &c.rq2 {
            let _ = writeln!(
                out,
                "| ({:.1}, {:.1}] | {} | {} | {} |",
                row.lower,
                row.lower + 0.1,
                row.fde.as_ref().map_or(0, |q| q.n),
                f(&row.fde, |q| q.median),
                f(&row.fde, |q| q.mean)
            );
        }
        let rho = |r: Option<f64>| r.map_or("undefined".to_owned(), |r| format!("{r:.3}"));
        let _ = writeln!(
            out,
            "\nSpearman's rho over {} suites: rho(A_{RQ2_K}, FDE) = {}, rho(plain {} coverage, FDE) = {}, rho(Metamorphic Coverage, FDE) = {}\n",
            c.rq2_suites,
            rho(c.rho_adequacy),
            c.criterion,
            rho(c.rho_coverage),
            rho(c.rho_metamorphic)
        );
    }
    out.push_str(&reduction::render_text(&study.reduction));
    out.push_str(&advice::render_text(&study.advice));
    out
}

/// The two figures of a criterion: (file stem, SVG).
pub(crate) fn figures(study: &Study, subject: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for c in &study.criteria {
        let rq1: Vec<(String, Option<Quartiles>)> = c
            .rq1
            .iter()
            .map(|r| (format!("k={}", r.k), r.fde))
            .collect();
        out.push((
            format!("{subject}-rq1-{}", c.criterion),
            svg::box_plot(
                &format!("{subject}: FDE vs k ({} coverage + k-MR)", c.criterion),
                "k",
                "fault detection (FDE)",
                &rq1,
            ),
        ));
        let rq2: Vec<(String, Option<Quartiles>)> = c
            .rq2
            .iter()
            .map(|r| (format!("{:.1}", r.lower + 0.1), r.fde))
            .collect();
        out.push((
            format!("{subject}-rq2-{}", c.criterion),
            svg::box_plot(
                &format!("{subject}: FDE vs A_{RQ2_K} ({} coverage)", c.criterion),
                &format!("A_{RQ2_K} interval (upper bound)"),
                "fault detection (FDE)",
                &rq2,
            ),
        ));
    }
    for a in &study.advice {
        let series: Vec<(&str, &[f64])> = a
            .curves
            .iter()
            .map(|c| (c.policy, c.mean.as_slice()))
            .collect();
        out.push((
            format!("{subject}-rq3-{}", a.criterion),
            svg::lines(
                &format!("{subject}: FDE as groups are added ({})", a.criterion),
                &format!("groups added to a random suite of {}", advice::START),
                "fault detection (FDE), mean",
                &series,
            ),
        ));
    }
    out
}
