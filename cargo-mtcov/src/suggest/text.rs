//! `cargo mtcov suggest` as text.

use super::Suggestions;

/// `cargo mtcov suggest` as text: per declaration, the candidates, the
/// skeleton of the first, and the frames no input is in.
pub(crate) fn render_text(all: &[Suggestions]) -> String {
    use std::fmt::Write as _;
    let esc = crate::escape::terminal;
    let mut out = String::new();
    for s in all {
        let _ = writeln!(
            out,
            "MR candidates for {} (io-ctf A_{} = {:.1}%, {} requirements)",
            esc(&s.subject()),
            s.k,
            s.a_k * 100.0,
            s.requirements
        );
        if s.candidates.is_empty() {
            let _ = writeln!(
                out,
                "  none: every frame with K < 1 is connected to its neighbours by a registered MR"
            );
        }
        for c in &s.candidates {
            let _ = writeln!(
                out,
                "{:>4}. from {}\n      to   {}\n      changes {}; K = {:.2} ({}) on {} source input{}; \
                 +{:.1}% A_{} (to {:.1}%) with an MR of a class its inputs lack",
                c.rank,
                esc(&c.source_frame),
                esc(&c.follow_up_frame),
                esc(&c.changes.join(", ")),
                c.k_of_source,
                esc(&c.source_classes.join(", ")),
                c.source_inputs,
                if c.source_inputs == 1 { "" } else { "s" },
                c.a_k_gain * 100.0,
                s.k,
                c.predicted_a_k * 100.0
            );
            if !c.templates.is_empty() {
                let classes = if c.classes.is_empty() {
                    "theirs already count here: write one of a new class".to_owned()
                } else {
                    format!("of a class it lacks: {}", c.classes.join(", "))
                };
                let _ = writeln!(
                    out,
                    "      templates: {} ({})",
                    esc(&c.templates.join(", ")),
                    esc(&classes)
                );
            }
        }
        if let Some(first) = s.candidates.first() {
            let _ = writeln!(out, "\nTo start the first one:\n");
            for line in first.skeleton.lines() {
                let _ = writeln!(out, "{}", esc(line));
            }
        }
        if !s.uncovered_frames.is_empty() {
            let _ = writeln!(
                out,
                "Frames no source input is in ({}): add inputs, not MRs, e.g.\n  {}",
                s.uncovered_frames.len(),
                s.uncovered_frames
                    .iter()
                    .take(5)
                    .map(|f| esc(f).into_owned())
                    .collect::<Vec<_>>()
                    .join("\n  ")
            );
        }
        out.push('\n');
    }
    out
}
