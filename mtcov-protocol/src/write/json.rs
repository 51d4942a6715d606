//! The JSON pieces every record line is made of, written by hand: the
//! line's opening and close, keys, strings, numbers, arrays.

use std::fmt::Write as _;

use crate::SCHEMA_VERSION;

/// A float as JSON: `null` stands for an infinity (JSON has none).
pub(super) fn float(out: &mut String, value: f64) {
    if value.is_finite() {
        let _ = write!(out, "{value:e}");
    } else {
        out.push_str("null");
    }
}

/// A tolerance's bound: an infinite one is written as the largest float
/// (they accept the same differences).
pub(super) fn optional_float(out: &mut String, value: Option<f64>) {
    match value {
        Some(value) => float(out, value.min(f64::MAX)),
        None => out.push_str("null"),
    }
}

/// `{"v":<version>,"kind":"<kind>"`: every line starts so.
pub(super) fn open(out: &mut String, kind: &str) {
    let _ = write!(out, "{{\"v\":{SCHEMA_VERSION},\"kind\":\"{kind}\"");
}

pub(super) fn close(out: &mut String) {
    out.push_str("}\n");
}

/// Appends `text` as a JSON string literal.
pub(super) fn string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends `,"key":`: every key but a record's first follows a value.
pub(super) fn key(out: &mut String, key: &str) {
    out.push(',');
    string(out, key);
    out.push(':');
}

/// Appends `n` in decimal. A `cov` line of a large binary holds thousands
/// of numbers; this is several times cheaper than `write!` per number.
pub(super) fn uint(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[start..].iter().map(|&d| char::from(d)));
}

/// Appends a 64-bit identifier as 16 lower-case hex digits, quoted (JSON
/// readers would round it as a number).
pub(super) fn hex(out: &mut String, value: u64) {
    let _ = write!(out, "\"{value:016x}\"");
}

pub(super) fn array<T>(
    out: &mut String,
    items: impl IntoIterator<Item = T>,
    mut item: impl FnMut(&mut String, T),
) {
    out.push('[');
    for (n, value) in items.into_iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        item(out, value);
    }
    out.push(']');
}
