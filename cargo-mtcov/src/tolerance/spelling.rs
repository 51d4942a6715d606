//! How a tolerance is written back to the user: the bound as the call
//! site spells it when its line shows it (`abs(1e3)` stays `1e3`), else
//! the shortest Rust float literal that reads back as the same value.

use std::path::Path;

use mtcov_protocol::GivenTolerance;

/// A float as Rust source writes it, short: `1e-9`, `2.5e-15`, `0.5`,
/// `10.0`, `1e3`: the decimal form between 0.001 and 1000, elsewhere the
/// shorter of the decimal and the exponent form; either reads back as `x`.
pub(crate) fn number(x: f64) -> String {
    if x == 0.0 {
        return "0.0".into();
    }
    let decimal = {
        let text = format!("{x}");
        if text.contains('.') || text.contains('e') || !x.is_finite() {
            text
        } else {
            format!("{text}.0")
        }
    };
    let exponent = format!("{x:e}");
    if !(1e-3..1e3).contains(&x.abs()) && exponent.len() < decimal.len() {
        exponent
    } else {
        decimal
    }
}

/// A tolerance as Rust writes it, to paste: `Tolerance::abs(1e-9)`,
/// `Tolerance::rel(1e-12).or_ulps(4)`, `Tolerance::EXACT`; each bound
/// spelled by `spell`.
pub(crate) fn rust_with(tolerance: &GivenTolerance, spell: &dyn Fn(f64) -> String) -> String {
    let mut parts = Vec::new();
    if let Some(abs) = tolerance.abs {
        parts.push(format!("abs({})", spell(abs)));
    }
    if let Some(rel) = tolerance.rel {
        parts.push(format!("rel({})", spell(rel)));
    }
    if let Some(ulps) = tolerance.ulps {
        parts.push(format!("ulps({ulps})"));
    }
    if parts.is_empty() {
        return "Tolerance::EXACT".to_owned();
    }
    format!("Tolerance::{}", parts.join(".or_"))
}

/// How many lines from the call site's on are searched for a literal.
const SITE_LINES: usize = 8;

/// The float literals written from `column` of line `line` of `text`
/// (1-based) over the next few lines, with their values.
pub(crate) fn literals_at(text: &str, line: u32, column: u32) -> Vec<(String, f64)> {
    let mut found = Vec::new();
    let lines = text.lines().skip((line as usize).saturating_sub(1));
    for (i, source) in lines.take(SITE_LINES).enumerate() {
        let from = if i == 0 {
            source
                .char_indices()
                .nth((column as usize).saturating_sub(1))
                .map_or(source.len(), |(at, _)| at)
        } else {
            0
        };
        found.extend(literals(&source[from..]));
    }
    found
}

/// The numeric literals of one line of Rust (not inside identifiers),
/// with what they read as.
fn literals(line: &str) -> Vec<(String, f64)> {
    let bytes = line.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let starts = bytes[at].is_ascii_digit()
            && (at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_'));
        if !starts {
            at += 1;
            continue;
        }
        let start = at;
        let digits = |at: &mut usize| {
            while *at < bytes.len() && (bytes[*at].is_ascii_digit() || bytes[*at] == b'_') {
                *at += 1;
            }
        };
        digits(&mut at);
        if at + 1 < bytes.len() && bytes[at] == b'.' && bytes[at + 1].is_ascii_digit() {
            at += 1;
            digits(&mut at);
        } else if at < bytes.len()
            && bytes[at] == b'.'
            && bytes
                .get(at + 1)
                .is_none_or(|b| !b.is_ascii_alphabetic() && *b != b'.')
        {
            at += 1;
        }
        if at < bytes.len() && (bytes[at] == b'e' || bytes[at] == b'E') {
            let mut end = at + 1;
            if end < bytes.len() && (bytes[end] == b'+' || bytes[end] == b'-') {
                end += 1;
            }
            if end < bytes.len() && bytes[end].is_ascii_digit() {
                at = end;
                digits(&mut at);
            }
        }
        let mut text = &line[start..at];
        for suffix in ["f64", "f32"] {
            if line[at..].starts_with(suffix) {
                at += suffix.len();
            }
        }
        text = text.trim_end_matches('_');
        if let Ok(value) = text.replace('_', "").parse::<f64>() {
            found.push((line[start..at].to_owned(), value));
        }
        at = at.max(start + 1);
    }
    found
}

/// The tolerance as the call site at `file:line:column` writes it, when
/// the file (relative to `root`) can be read: each bound by the literal
/// there that reads as it, else by [`number`].
pub(crate) fn as_written(
    tolerance: &GivenTolerance,
    root: &Path,
    (file, line, column): (&str, u32, u32),
) -> String {
    let text = std::fs::read_to_string(root.join(file)).unwrap_or_default();
    let literals = literals_at(&text, line, column);
    rust_with(tolerance, &|value| {
        literals
            .iter()
            .find(|(_, v)| *v == value)
            .map_or_else(|| number(value), |(text, _)| text.clone())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_take_their_shortest_form() {
        assert_eq!(number(1e3), "1e3");
        assert_eq!(number(1e-9), "1e-9");
        assert_eq!(number(0.5), "0.5");
        assert_eq!(number(0.01), "0.01");
        assert_eq!(number(2.5e-15), "2.5e-15");
        assert_eq!(number(1234.5), "1234.5");
        assert_eq!(number(10.0), "10.0");
        assert_eq!(number(0.0), "0.0");
        for x in [1e3, 1e-9, 0.5, 0.01, 2.5e-15, 1234.5, 10.0, 3e300] {
            assert_eq!(number(x).parse::<f64>().unwrap(), x);
        }
    }

    #[test]
    fn literals_are_read_as_rust_writes_them() {
        let found = literals("close(a, b, Tolerance::abs(1_000.0).or_rel(1E-3f64)); x2 = 3.; v.0");
        let texts: Vec<&str> = found.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(texts, ["1_000.0", "1E-3f64", "3.", "0"]);
        assert_eq!(found[0].1, 1000.0);
        assert_eq!(found[1].1, 1e-3);
    }

    #[test]
    fn the_site_spelling_is_kept_and_other_bounds_are_short() {
        let text = "fn r() {\n    let t = 1;\n    relation::close(\n        a,\n        b,\n        Tolerance::abs(1e3).or_rel(1e2),\n    )\n}\n";
        let found = literals_at(text, 3, 5);
        assert!(found.iter().any(|(t, v)| t == "1e3" && *v == 1000.0));
        assert!(!found.iter().any(|(t, _)| t == "1"), "{found:?}");
        let given = GivenTolerance {
            abs: Some(1000.0),
            rel: Some(100.0),
            ulps: None,
        };
        let spell = |value: f64| {
            found
                .iter()
                .find(|(_, v)| *v == value)
                .map_or_else(|| number(value), |(t, _)| t.clone())
        };
        assert_eq!(rust_with(&given, &spell), "Tolerance::abs(1e3).or_rel(1e2)");
        assert_eq!(
            rust_with(&given, &number),
            "Tolerance::abs(1e3).or_rel(100.0)"
        );
    }
}
