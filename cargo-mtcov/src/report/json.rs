//! The machine-readable report: the [`Report`] model inside a versioned
//! envelope. Field by field: `docs/report-schema.md`.

use serde::Serialize;

use super::Report;

/// `"schema"` of every JSON report.
pub const JSON_SCHEMA_NAME: &str = "mtcov-report";
/// `"version"` of the JSON report shape; bumped on any incompatible change.
pub const JSON_SCHEMA_VERSION: u32 = 1;

#[derive(Serialize)]
struct Envelope<'a> {
    schema: &'static str,
    version: u32,
    #[serde(flatten)]
    report: &'a Report,
}

fn envelope(report: &Report) -> Envelope<'_> {
    Envelope {
        schema: JSON_SCHEMA_NAME,
        version: JSON_SCHEMA_VERSION,
        report,
    }
}

/// The report as a JSON value: `{"schema": "mtcov-report", "version": 1, ...}`.
pub fn render_json(report: &Report) -> serde_json::Value {
    // The model has only string keys and finite numbers: cannot fail.
    serde_json::to_value(envelope(report)).expect("a Report always serialises to JSON")
}

/// The same as [`render_json`], written straight to a compact string
/// without building the intermediate tree (faster for large reports).
pub fn render_json_string(report: &Report) -> String {
    serde_json::to_string(&envelope(report)).expect("a Report always serialises to JSON")
}
