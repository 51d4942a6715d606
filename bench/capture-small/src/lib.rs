//! A small, branchy SUT: the shape of a date-like string, checked by hand.

/// What `text` looks like: `"date"`, `"time"`, `"number"`, `"word"` or `"other"`.
pub fn classify(text: &str) -> &'static str {
    let bytes = text.as_bytes();
    if bytes.is_empty() {
        return "other";
    }
    let digits = bytes.iter().filter(|b| b.is_ascii_digit()).count();
    let letters = bytes.iter().filter(|b| b.is_ascii_alphabetic()).count();
    if bytes.len() == 10 && bytes[4] == b'-' && bytes[7] == b'-' && digits == 8 {
        let month = (bytes[5] - b'0') * 10 + (bytes[6] - b'0');
        let day = (bytes[8] - b'0') * 10 + (bytes[9] - b'0');
        if (1..=12).contains(&month) && (1..=31).contains(&day) {
            return "date";
        }
        return "other";
    }
    if bytes.len() == 5 && bytes[2] == b':' && digits == 4 {
        let hour = (bytes[0] - b'0') * 10 + (bytes[1] - b'0');
        let minute = (bytes[3] - b'0') * 10 + (bytes[4] - b'0');
        return if hour < 24 && minute < 60 {
            "time"
        } else {
            "other"
        };
    }
    if digits == bytes.len() || (bytes[0] == b'-' && digits + 1 == bytes.len() && digits > 0) {
        return "number";
    }
    if letters == bytes.len() {
        return "word";
    }
    "other"
}
