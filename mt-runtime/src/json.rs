//! The few JSON shapes the record files need, written by hand.
//!
//! Records are written on the hot path of every MG under `cargo mtcov`,
//! from code that is often built without optimisation (a test crate's
//! dependencies in the dev profile); `std::fmt` is always optimised, a JSON
//! library would not be. It also keeps the runtime free of dependencies
//! beyond `inventory`.

use std::fmt::Write;

/// Appends `text` as a JSON string literal.
pub(crate) fn string(out: &mut String, text: &str) {
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

/// Appends `"key":` after a comma (every key but a record's first has one).
pub(crate) fn key(out: &mut String, key: &str) {
    out.push(',');
    string(out, key);
    out.push(':');
}

/// Appends `text` as a string, or `null`.
pub(crate) fn optional_string(out: &mut String, text: Option<&str>) {
    match text {
        Some(text) => string(out, text),
        None => out.push_str("null"),
    }
}

/// Appends `n` in decimal. A `cov` record of a large binary holds thousands
/// of numbers; this is several times cheaper than `write!` per number.
pub(crate) fn uint(out: &mut String, mut n: u64) {
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
pub(crate) fn hex(out: &mut String, value: u64) {
    let _ = write!(out, "\"{value:016x}\"");
}

/// Appends a JSON array, writing each item with `item`.
pub(crate) fn array<T>(out: &mut String, items: impl IntoIterator<Item = T>, mut item: impl FnMut(&mut String, T)) {
    out.push('[');
    for (n, value) in items.into_iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        item(out, value);
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_survive_a_json_reader() {
        for text in ["plain", "quote \" and \\ backslash", "line\nbreak\ttab\r", "\u{1}\u{1f}", "ünïcødé ✓", ""] {
            let mut out = String::new();
            string(&mut out, text);
            assert_eq!(serde_json::from_str::<String>(&out).unwrap(), text, "{out}");
        }
    }

    #[test]
    fn arrays_hex_and_nulls() {
        let mut out = String::from("{\"a\":1");
        key(&mut out, "ids");
        array(&mut out, [1u64, u64::MAX], hex);
        key(&mut out, "none");
        optional_string(&mut out, None);
        key(&mut out, "empty");
        array(&mut out, Vec::<u32>::new(), |out, n| {
            let _ = write!(out, "{n}");
        });
        out.push('}');
        let value: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(value["ids"][1], "ffffffffffffffff");
        assert_eq!(value["ids"][0], "0000000000000001");
        assert!(value["none"].is_null());
        assert_eq!(value["empty"], serde_json::json!([]));
    }

    #[test]
    fn decimal_numbers() {
        for n in [0, 7, 10, 99, 1_000_000, u64::MAX] {
            let mut out = String::new();
            uint(&mut out, n);
            assert_eq!(out, n.to_string());
        }
    }
}
