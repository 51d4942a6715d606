//! The figures of the workspace's own benchmarks, taken from what they
//! print: `mt-runtime`'s `check` (runtime cost without coverage) and
//! `strategy` (`check_strategy` against `proptest!`),
//! `cargo-mtcov`'s `measure` (paper scale and growth) and, when present,
//! `mapping` (coverage mapping per input). Their full output is kept too,
//! for docs/benchmark.md's details: parsing only picks the headline figures.

use std::path::Path;

use crate::cmd;
use crate::stats::Summary;
use crate::table::{Row, Target, Unit};

/// A benchmark's printed output, or why there is none.
pub(crate) struct BenchOutput {
    pub command: String,
    pub text: Result<String, String>,
}

/// `cargo bench -p <package> --bench <name>`; `None` when the bench file
/// does not exist (yet).
pub(crate) fn run(root: &Path, package: &str, dir: &str, name: &str) -> Option<BenchOutput> {
    if !root
        .join(dir)
        .join("benches")
        .join(format!("{name}.rs"))
        .exists()
    {
        return None;
    }
    let mut command = cmd::cargo(root);
    command.args(["bench", "-p", package, "--bench", name]);
    eprintln!("xtask: {}", cmd::show(&command));
    let text = cmd::run_ok(&mut command).map(|run| run.stdout());
    Some(BenchOutput {
        command: cmd::show(&command).replace(&cmd::show(&cmd::cargo(root)), "cargo"),
        text,
    })
}

/// Rows `label  <median> ns <min> ns <max> ns <ratio>x (<n> rounds)` of
/// the `check` bench; the trivial-SUT `check` row gets the 1.1× target.
pub(crate) fn check_rows(text: &str) -> Vec<Row> {
    ns_rows(text, "3. runtime, no coverage", "per MG")
        .into_iter()
        .map(|(label, row)| {
            if label == "check, no recording" {
                row.target(Target::Ratio(1.1))
                    .note("trivial SUT vs hand-rolled loop")
            } else {
                row
            }
        })
        .collect()
}

/// The rows of the `strategy` bench (same format as `check`): the
/// `check_strategy` row gets the 1.2× target against `proptest!`.
pub(crate) fn strategy_rows(text: &str) -> Vec<Row> {
    ns_rows(text, "7. strategies", "per generated case")
        .into_iter()
        .map(|(label, row)| {
            if label == "check_strategy" {
                row.target(Target::Ratio(1.2))
                    .note("same two checks, same strategy, vs proptest!")
            } else {
                row
            }
        })
        .collect()
}

/// Rows `label  <median> ns <min> ns <max> ns <ratio>x (<n> rounds)`, with
/// their labels.
fn ns_rows(text: &str, section: &str, per: &str) -> Vec<(String, Row)> {
    let mut rows = Vec::new();
    for line in text.lines() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(at) = tokens
            .windows(2)
            .position(|w| w[0].parse::<f64>().is_ok() && w[1] == "ns")
        else {
            continue;
        };
        let numbers: Vec<f64> = tokens[at..]
            .iter()
            .filter_map(|t| t.trim_end_matches('x').trim_start_matches('(').parse().ok())
            .collect();
        let [median, min, max, ratio, rounds, ..] = numbers[..] else {
            continue;
        };
        let label = tokens[..at].join(" ");
        let summary = Summary {
            median,
            min,
            max,
            samples: rounds as usize,
        };
        let row = Row::new(
            section,
            format!("{per}: {label}"),
            Some((summary, Unit::Nanos)),
        )
        .ratio(Some(ratio));
        rows.push((label, row));
    }
    rows
}

/// Scenario rows (`grep x1  25168 16362 <pairs> <assoc> <m> [a..b] <r>
/// [a..b] <data MB> <peak MB> ...`) and growth lines (`pairs x4.0, time
/// x3.92 (linear: ... = 0.98)`) of the `measure` bench.
pub(crate) fn measure_rows(text: &str) -> Vec<Row> {
    const SCALE: &str = "4. measure, paper scale";
    const GROWTH: &str = "5. growth";
    let mut rows = Vec::new();
    let mut last = String::new();
    for line in text.lines() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if let Some(rest) = line.trim_start().strip_prefix("pairs x") {
            let numbers: Vec<f64> = rest
                .split(|c: char| !(c.is_ascii_digit() || c == '.'))
                .filter_map(|t| t.parse().ok())
                .collect();
            if let [pairs, time, linear, ..] = numbers[..] {
                rows.push(
                    Row::new(
                        GROWTH,
                        format!("{last} vs x1: time ×{time:.2} for ×{pairs:.1} pairs"),
                        None,
                    )
                    .ratio(Some(linear))
                    .note("ratio = time growth / pair growth (1 = linear)"),
                );
            }
            continue;
        }
        if tokens.len() < 12
            || !tokens[1].starts_with('x')
            || tokens[1][1..].parse::<u32>().is_err()
        {
            continue;
        }
        let label = format!("{} {}", tokens[0], tokens[1]);
        let f = |i: usize| tokens.get(i).and_then(|t| t.parse::<f64>().ok());
        let range = |i: usize| -> Option<(f64, f64)> {
            let (a, b) = tokens
                .get(i)?
                .trim_matches(|c| c == '[' || c == ']')
                .split_once("..")?;
            Some((a.parse().ok()?, b.parse().ok()?))
        };
        let (
            Some(mrs),
            Some(inputs),
            Some(pairs),
            Some(m),
            Some((m_min, m_max)),
            Some(r),
            Some((r_min, r_max)),
            Some(peak),
        ) = (f(2), f(3), f(4), f(6), range(7), f(8), range(9), f(11))
        else {
            continue;
        };
        last = label.clone();
        let ms = |median, min, max| {
            Some((
                Summary {
                    median,
                    min,
                    max,
                    samples: 0,
                },
                Unit::Millis,
            ))
        };
        let mut measure = Row::new(
            SCALE,
            format!("{label}: measure ({mrs} MRs, {inputs} inputs, {pairs} pairs)"),
            ms(m, m_min, m_max),
        );
        measure.note = format!("peak RSS {peak:.0} MB");
        rows.push(measure);
        rows.push(Row::new(
            SCALE,
            format!("{label}: report + JSON"),
            ms(r, r_min, r_max),
        ));
        if let (Some(h), Some((h_min, h_max)), Some(mb), Some(lines)) =
            (f(17), range(18), f(19), f(20))
        {
            let mut html = Row::new(
                SCALE,
                format!("{label}: HTML report ({lines} source lines)"),
                ms(h, h_min, h_max),
            );
            html.note = format!("{mb:.1} MB of pages");
            rows.push(html);
        }
    }
    rows
}

/// `map one input, all four criteria: X µs` lines of the `mapping` bench,
/// labelled with the scenario line above them.
pub(crate) fn mapping_rows(text: &str) -> Vec<Row> {
    const SECTION: &str = "2. mapping per input";
    let mut rows = Vec::new();
    let mut scenario = "";
    for line in text.lines() {
        if !line.starts_with(' ') {
            if let Some((name, _)) = line.split_once(": binary") {
                scenario = name;
            }
            continue;
        }
        let Some(rest) = line
            .trim()
            .strip_prefix("map one input, all four criteria:")
        else {
            continue;
        };
        let Some(us) = rest
            .split_whitespace()
            .next()
            .and_then(|t| t.parse::<f64>().ok())
        else {
            continue;
        };
        let detail = rest
            .split_once('(')
            .map(|(_, d)| d.trim_end_matches(')'))
            .unwrap_or("");
        rows.push(
            Row::median_only(
                SECTION,
                format!("{scenario}: map one input's counters"),
                us,
                Unit::Micros,
            )
            .note(detail),
        );
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_rows_take_the_printed_figures() {
        let text = "mt-runtime check: cost per MG, trivial SUT, 100000 MGs per round\n\
            variant                               median       min       max    ratio\n\
            hand-rolled loop                     10.0 ns    9.0 ns   12.0 ns    1.00x   (15 rounds)\n\
            check, no recording                  10.5 ns   10.1 ns   13.0 ns    1.05x   (15 rounds)\n\
            records written per round: 9.1 MB\n";
        let rows = check_rows(text);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1].what, "per MG: check, no recording");
        assert_eq!(
            rows[1].figures.unwrap().0,
            Summary {
                median: 10.5,
                min: 10.1,
                max: 13.0,
                samples: 15
            }
        );
        assert_eq!(rows[1].ratio, Some(1.05));
        assert_eq!(rows[1].verdict(), "met");
        assert_eq!(rows[0].verdict(), "");
    }

    #[test]
    fn strategy_rows_take_the_printed_figures_and_the_target() {
        let text = "mt-runtime check_strategy: cost per generated case\n\
            variant   median   min   max   ratio\n\
            proptest!                           816.0 ns  700.0 ns  900.0 ns    1.00x   (25 rounds)\n\
            check_strategy                      797.0 ns  690.0 ns  950.0 ns    0.98x   (25 rounds)\n";
        let rows = strategy_rows(text);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1].what, "per generated case: check_strategy");
        assert_eq!(rows[1].verdict(), "met");
        assert_eq!(rows[0].verdict(), "");
    }

    #[test]
    fn measure_rows_take_scenarios_and_growth() {
        let text = "scenario   MRs ...\n\
            grep x1             25168   16362    10000000  100000        120.0 [110.0..130.0]        300.0 [290.0..310.0]     100.0     400.0     300.0      5.0       42.00  0.500        100        80.0 [70.0..90.0]     18.0        60400\n\
            grep x4             25168   65448    40000000  400000        480.0 [470.0..490.0]       1200.0 [1190.0..1210.0]     100.0     900.0     300.0      5.0       42.00  0.500        100\n\
            \x20                  pairs x4.0, time x3.92 (linear: time ratio / pair ratio = 0.98)\n";
        let rows = measure_rows(text);
        assert_eq!(
            rows.len(),
            6,
            "{:?}",
            rows.iter().map(|r| &r.what).collect::<Vec<_>>()
        );
        assert_eq!(
            rows[0].what,
            "grep x1: measure (25168 MRs, 16362 inputs, 10000000 pairs)"
        );
        assert_eq!(rows[0].figures.unwrap().0.median, 120.0);
        assert_eq!(rows[2].what, "grep x1: HTML report (60400 source lines)");
        assert_eq!(rows[2].figures.unwrap().0.median, 80.0);
        assert_eq!(rows[2].note, "18.0 MB of pages");
        assert_eq!(rows[4].figures.unwrap().0.max, 1210.0);
        assert_eq!(rows[5].what, "grep x4 vs x1: time ×3.92 for ×4.0 pairs");
        assert_eq!(rows[5].ratio, Some(0.98));
    }

    #[test]
    fn mapping_rows_take_the_per_input_cost() {
        let text = "small: binary 1.2 MB, 40 function table rows, E = 1 lines / 2 regions / 3 functions\n\
            \x20 decode 0.50 ms (binary), 0.60 ms (binary + rlib); bind function table 3.0 µs\n\
            \x20 map one input, all four criteria: 0.75 µs (32 inputs, ~20 non-zero counters each, 50 covered pairs per input)\n";
        let rows = mapping_rows(text);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].what, "small: map one input's counters");
        assert_eq!(rows[0].figures.unwrap().0.median, 0.75);
        assert!(rows[0].note.starts_with("32 inputs"));
    }
}

/// `enumerate` and `measure` lines of the `blackbox` bench (`<label>
/// <median> ms <min> ms <max> ms (<n> rounds) <detail>`); enumeration has
/// the 1 s target.
pub(crate) fn blackbox_rows(text: &str) -> Vec<Row> {
    const SECTION: &str = "6. black-box criteria";
    let mut rows = Vec::new();
    for line in text.lines() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let (Some(&label @ ("enumerate" | "measure")), Some(median), Some(min), Some(max)) = (
            tokens.first(),
            tokens.get(1).and_then(|t| t.parse::<f64>().ok()),
            tokens.get(3).and_then(|t| t.parse::<f64>().ok()),
            tokens.get(5).and_then(|t| t.parse::<f64>().ok()),
        ) else {
            continue;
        };
        let rounds = tokens
            .get(7)
            .and_then(|t| t.trim_start_matches('(').parse::<usize>().ok())
            .unwrap_or(0);
        let detail = line.split_once("rounds)").map_or("", |(_, d)| d.trim());
        let summary = Summary {
            median,
            min,
            max,
            samples: rounds,
        };
        let mut row = Row::new(
            SECTION,
            format!("paper-size spec: {label} ({detail})"),
            Some((summary, Unit::Millis)),
        );
        if label == "enumerate" {
            row = row
                .target(Target::Median(1000.0))
                .note("valid pairs and frames, pruned search");
        }
        rows.push(row);
    }
    rows
}

#[cfg(test)]
mod blackbox_tests {
    use super::*;

    #[test]
    fn blackbox_lines_become_rows() {
        let rows = blackbox_rows(
            "black-box criteria at paper scale: 8 I-categories\n\
             enumerate  50.7 ms  39.1 ms  60.0 ms  (9 rounds)  86 I-choices, 1010 pairs, 1560 IO-CTFs\n\
             measure  0.95 ms  0.82 ms  13.38 ms  (9 rounds)  io-ctf at k = 2 over 20000 inputs, A_2 = 0.993\n",
        );
        assert_eq!(rows.len(), 2);
        assert!(rows[0].what.contains("1560 IO-CTFs"), "{:?}", rows[0]);
        assert_eq!(rows[0].target, Some(Target::Median(1000.0)));
    }
}
