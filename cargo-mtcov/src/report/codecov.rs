//! Codecov's custom coverage JSON: `{"coverage": {"<path>": {"<line>":
//! v}}}` with `v` = `0` for an uncovered line, `"have/k"` (partial) for a
//! covered line below `K = 1`, and the number of covering source inputs
//! for a line at `K = 1` (`docs/report-formats.md`).

use serde_json::{Map, Value, json};

use super::Report;
use super::lines;

/// The JSON document, paths relative to the workspace root.
pub fn render_codecov(report: &Report) -> String {
    let k = report.k;
    let mut coverage = Map::new();
    for (file, lines) in lines::by_file(report) {
        if lines.lines.is_empty() {
            continue;
        }
        let mut per_line = Map::new();
        for l in &lines.lines {
            let value = if l.inputs == 0 {
                json!(0)
            } else if l.have < k {
                json!(format!("{}/{k}", l.have))
            } else {
                json!(l.inputs)
            };
            per_line.insert(l.line.to_string(), value);
        }
        coverage.insert(file.to_owned(), Value::Object(per_line));
    }
    serde_json::to_string(&json!({ "coverage": coverage }))
        .expect("string keys and plain values always serialise")
}
