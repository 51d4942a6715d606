//! The one results table: rows of median [min, max], an optional ratio, and
//! a target with its verdict; rendered as a padded Markdown table, readable
//! on a terminal and in docs/benchmark.md alike.

use crate::stats::Summary;

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Unit {
    Seconds,
    Millis,
    Micros,
    Nanos,
}

impl Unit {
    fn format(self, value: f64) -> String {
        match self {
            Unit::Seconds => format!("{value:.2} s"),
            Unit::Millis => format!("{value:.1} ms"),
            Unit::Micros => format!("{value:.2} µs"),
            Unit::Nanos => format!("{value:.1} ns"),
        }
    }
}

/// What a row should stay within.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Target {
    /// The row's ratio is at most this.
    Ratio(f64),
    /// The row's median is at most this, in the row's unit.
    Median(f64),
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Row {
    pub section: String,
    pub what: String,
    /// `None` when there is no figure (the note says why).
    pub figures: Option<(Summary, Unit)>,
    pub ratio: Option<f64>,
    pub target: Option<Target>,
    pub note: String,
}

impl Row {
    pub(crate) fn new(
        section: &str,
        what: impl Into<String>,
        figures: Option<(Summary, Unit)>,
    ) -> Row {
        Row {
            section: section.to_owned(),
            what: what.into(),
            figures,
            ratio: None,
            target: None,
            note: String::new(),
        }
    }

    pub(crate) fn ratio(mut self, ratio: Option<f64>) -> Row {
        self.ratio = ratio;
        self
    }

    pub(crate) fn target(mut self, target: Target) -> Row {
        self.target = Some(target);
        self
    }

    pub(crate) fn note(mut self, note: impl Into<String>) -> Row {
        self.note = note.into();
        self
    }

    /// A row with only a median, as another benchmark printed it.
    pub(crate) fn median_only(
        section: &str,
        what: impl Into<String>,
        median: f64,
        unit: Unit,
    ) -> Row {
        let summary = Summary {
            median,
            min: f64::NAN,
            max: f64::NAN,
            samples: 0,
        };
        Row::new(section, what, Some((summary, unit)))
    }

    /// A row that only says why a figure is missing.
    pub(crate) fn missing(section: &str, what: impl Into<String>, why: impl Into<String>) -> Row {
        Row::new(section, what, None).note(why)
    }

    fn target_text(&self) -> String {
        match (self.target, self.figures) {
            (Some(Target::Ratio(r)), _) => format!("≤ {r}×"),
            (Some(Target::Median(v)), Some((_, unit))) => format!("≤ {}", unit.format(v)),
            _ => String::new(),
        }
    }

    /// `met`, `missed (1.42× the target)`, or empty without a target.
    pub(crate) fn verdict(&self) -> String {
        let (actual, limit) = match (self.target, self.ratio, self.figures) {
            (Some(Target::Ratio(limit)), Some(ratio), _) => (ratio, limit),
            (Some(Target::Median(limit)), _, Some((summary, _))) => (summary.median, limit),
            (Some(_), _, _) => return "no figure".to_owned(),
            (None, _, _) => return String::new(),
        };
        if actual <= limit {
            "met".to_owned()
        } else {
            format!("missed ({:.2}× the target)", actual / limit)
        }
    }

    fn cells(&self) -> [String; 9] {
        let (median, min, max, n) = match self.figures {
            // No sample count: figures another benchmark printed.
            Some((s, unit)) if s.samples == 0 => {
                let or_blank = |v: f64| {
                    if v.is_nan() {
                        String::new()
                    } else {
                        unit.format(v)
                    }
                };
                (
                    unit.format(s.median),
                    or_blank(s.min),
                    or_blank(s.max),
                    String::new(),
                )
            }
            Some((s, unit)) => (
                unit.format(s.median),
                unit.format(s.min),
                unit.format(s.max),
                s.samples.to_string(),
            ),
            None => ("—".to_owned(), String::new(), String::new(), String::new()),
        };
        [
            self.section.clone(),
            self.what.clone(),
            median,
            min,
            max,
            n,
            self.ratio.map(|r| format!("{r:.2}×")).unwrap_or_default(),
            self.target_text(),
            [self.verdict(), self.note.clone()]
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join("; "),
        ]
    }
}

const HEADER: [&str; 9] = [
    "Benchmark",
    "Measurement",
    "Median",
    "Min",
    "Max",
    "n",
    "Ratio",
    "Target",
    "Verdict / note",
];

/// The rows as a Markdown table with aligned columns.
pub(crate) fn render(rows: &[Row]) -> String {
    let cells: Vec<[String; 9]> = rows.iter().map(Row::cells).collect();
    let width = |i: usize| {
        cells
            .iter()
            .map(|c| c[i].chars().count())
            .chain([HEADER[i].chars().count()])
            .max()
            .unwrap_or(0)
            .max(3) // a Markdown rule needs three dashes
    };
    let widths: Vec<usize> = (0..9).map(width).collect();
    let numeric = |i: usize| (2..8).contains(&i);
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let pad = " ".repeat(widths[i] - c.chars().count());
                if numeric(i) {
                    format!("{pad}{c}")
                } else {
                    format!("{c}{pad}")
                }
            })
            .collect();
        format!("| {} |", padded.join(" | "))
    };
    let mut out = line(&HEADER.map(String::from));
    out.push('\n');
    let rule: Vec<String> = (0..9)
        .map(|i| {
            let dashes = "-".repeat(widths[i]);
            if numeric(i) {
                format!("{}:", &dashes[1..])
            } else {
                dashes
            }
        })
        .collect();
    out.push_str(&format!("| {} |\n", rule.join(" | ")));
    for c in &cells {
        out.push_str(&line(c));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(median: f64) -> Option<(Summary, Unit)> {
        Some((
            Summary {
                median,
                min: median - 0.5,
                max: median + 0.5,
                samples: 5,
            },
            Unit::Seconds,
        ))
    }

    #[test]
    fn verdicts_compare_ratio_or_median_with_the_target() {
        let ok = Row::new("whole", "mtcov", secs(2.0))
            .ratio(Some(1.2))
            .target(Target::Ratio(1.3));
        assert_eq!(ok.verdict(), "met");
        let over = Row::new("whole", "mtcov", secs(2.0))
            .ratio(Some(2.6))
            .target(Target::Ratio(1.3));
        assert_eq!(over.verdict(), "missed (2.00× the target)");
        let slow = Row::new("capture", "per input", secs(3.0)).target(Target::Median(2.0));
        assert_eq!(slow.verdict(), "missed (1.50× the target)");
        assert_eq!(
            Row::missing("whole", "llvm-cov", "not installed")
                .target(Target::Ratio(1.3))
                .verdict(),
            "no figure"
        );
        assert_eq!(Row::new("x", "y", secs(1.0)).verdict(), "");
    }

    #[test]
    fn renders_an_aligned_markdown_table() {
        let rows = [
            Row::new("whole", "cargo test", secs(1.25)),
            Row::missing("whole", "cargo llvm-cov", "not installed"),
        ];
        let text = render(&rows);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(
            lines[0].starts_with("| Benchmark | Measurement    | Median |"),
            "{text}"
        );
        assert!(
            lines[2].contains("| 1.25 s | 0.75 s | 1.75 s |   5 |"),
            "{text}"
        );
        assert!(lines[3].contains("|      — |"), "{text}");
        assert!(lines[3].ends_with("| not installed  |"), "{text}");
        let widths: Vec<usize> = lines.iter().map(|l| l.chars().count()).collect();
        assert!(widths.windows(2).all(|w| w[0] == w[1]), "{text}");
    }
}
