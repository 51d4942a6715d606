//! Checks a JSON report against its documentation, `docs/report-schema.md`:
//! the field tables there are the schema. Used by the unit tests on a
//! hand-built report and by the end-to-end tests on real runs, so the
//! document cannot drift from what `cargo mtcov --json` prints.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// The schema document, compiled in.
pub(crate) const SCHEMA_DOC: &str = include_str!("../../../../docs/report-schema.md");

/// Documented paths (`criteria[].summary.a_k`) with their allowed types.
pub(crate) fn documented_paths(doc: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut documented = BTreeMap::new();
    for line in doc.lines() {
        let Some(rest) = line.strip_prefix("| `") else {
            continue;
        };
        let Some((path, rest)) = rest.split_once('`') else {
            continue;
        };
        let ty = rest
            .trim_start_matches([' ', '|'])
            .split('|')
            .next()
            .unwrap_or_default();
        let types = ty.split(" or ").map(|t| t.trim().to_owned()).collect();
        documented.insert(path.to_owned(), types);
    }
    documented
}

/// Every path that occurs in `report`, with the JSON types seen there.
pub(crate) fn paths_in(report: &Value) -> BTreeMap<String, BTreeSet<&'static str>> {
    let mut seen = BTreeMap::new();
    walk(report, "", &mut seen);
    seen
}

/// The paths of `report` that are undocumented or of an undocumented
/// type, one message each; empty when the report follows the document.
pub(crate) fn violations(report: &Value, doc: &str) -> Vec<String> {
    let documented = documented_paths(doc);
    let mut problems = Vec::new();
    for (path, types) in paths_in(report) {
        let Some(allowed) = documented.get(&path) else {
            problems.push(format!("{path} is not documented"));
            continue;
        };
        for ty in types {
            // A whole number may appear where the document says `number`.
            let documented =
                allowed.contains(ty) || (ty == "integer" && allowed.contains("number"));
            if !documented {
                problems.push(format!("{path} is {ty}, documented as {allowed:?}"));
            }
        }
    }
    problems
}

fn walk(value: &Value, path: &str, seen: &mut BTreeMap<String, BTreeSet<&'static str>>) {
    let ty = match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "number",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    if !path.is_empty() {
        seen.entry(path.to_owned()).or_default().insert(ty);
    }
    match value {
        Value::Array(items) => items
            .iter()
            .for_each(|item| walk(item, &format!("{path}[]"), seen)),
        Value::Object(map) => {
            for (key, item) in map {
                let sub = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                walk(item, &sub, seen);
            }
        }
        _ => {}
    }
}
