//! The selection file of `cargo mtcov reduce`: the metamorphic groups to
//! run, each named by its MR's id and the source key of the MR's argument.
//! A test process started with [`SELECT_ENV`](crate::SELECT_ENV) set to
//! such a file runs only those groups, in every check of every test.
//!
//! One group per line, `keep <MR id> <source key, 16 hex digits>`,
//! optionally followed by `# <comment>`; blank lines and lines starting
//! with `#` are comments.
//!
//! ```
//! use mtcov_protocol::selection;
//!
//! let mut text = String::from("# reduced by cargo mtcov reduce\n");
//! selection::line(&mut text, "trig::relations::periodic", 0x8c3f_0a9b_12d4_e5f6, "Angle(30.0)");
//! let groups = selection::parse(&text).unwrap();
//! assert_eq!(groups, [("trig::relations::periodic".to_owned(), 0x8c3f_0a9b_12d4_e5f6)]);
//! assert!(selection::parse("keep only-an-id\n").is_err());
//! ```

/// Appends the line of one group; the comment (an input's `Debug` text) is
/// cut at its first line break and to 120 characters.
pub fn line(out: &mut String, mr: &str, key: u64, comment: &str) {
    use std::fmt::Write as _;
    let first = comment.lines().next().unwrap_or_default();
    let cut: String = first.chars().take(120).collect();
    let more = if cut.len() < comment.len() { "…" } else { "" };
    let _ = writeln!(out, "keep {mr} {key:016x} # {cut}{more}");
}

/// The groups of a selection file, in file order, or what is wrong with it
/// (naming the line).
pub fn parse(text: &str) -> Result<Vec<(String, u64)>, String> {
    let mut groups = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split_once('#').map_or(line, |(before, _)| before);
        let mut fields = line.split_whitespace();
        let Some(first) = fields.next() else { continue };
        let bad = |what: &str| {
            format!(
                "line {}: {what}; each line is `keep <MR id> <source key, 16 hex digits>`",
                number + 1
            )
        };
        if first != "keep" {
            return Err(bad(&format!("`{first}` is not `keep`")));
        }
        let (Some(mr), Some(key), None) = (fields.next(), fields.next(), fields.next()) else {
            return Err(bad("expected an MR id and a source key"));
        };
        let key = u64::from_str_radix(key, 16)
            .ok()
            .filter(|_| key.len() == 16)
            .ok_or_else(|| bad(&format!("`{key}` is not a source key")))?;
        groups.push((mr.to_owned(), key));
    }
    Ok(groups)
}

/// The value of [`SPLIT_ENV`](crate::SPLIT_ENV) for part `part` of
/// `parts`.
pub fn part(part: u64, parts: u64) -> String {
    format!("{part}/{parts}")
}

/// The part and the number of parts of a [`SPLIT_ENV`](crate::SPLIT_ENV)
/// value, or what is wrong with it.
///
/// ```
/// use mtcov_protocol::selection;
///
/// assert_eq!(selection::parse_part(&selection::part(1, 3)), Ok((1, 3)));
/// assert!(selection::parse_part("3/3").is_err());
/// ```
pub fn parse_part(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("`{text}` is not `P/N` with 0 <= P < N");
    let (part, parts) = text.trim().split_once('/').ok_or_else(bad)?;
    let part: u64 = part.parse().map_err(|_| bad())?;
    let parts: u64 = parts.parse().map_err(|_| bad())?;
    if part >= parts {
        return Err(bad());
    }
    Ok((part, parts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_round_trip_and_bad_ones_are_refused() {
        assert_eq!(parse_part(&part(0, 2)), Ok((0, 2)));
        assert_eq!(parse_part("2/5"), Ok((2, 5)));
        for bad in ["", "1", "1/0", "2/2", "-1/2", "a/b", "1/2/3"] {
            assert!(parse_part(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn lines_round_trip_and_comments_are_cut() {
        let mut text = String::new();
        line(&mut text, "a::b", 1, "first\nsecond");
        line(&mut text, "a::c", u64::MAX, &"x".repeat(200));
        assert!(text.starts_with("keep a::b 0000000000000001 # first…\n"));
        assert_eq!(
            text.lines().nth(1).unwrap().chars().count(),
            5 + 5 + 17 + 2 + 120 + 1
        );
        assert_eq!(
            parse(&text).unwrap(),
            [("a::b".to_owned(), 1), ("a::c".to_owned(), u64::MAX)]
        );
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            parse("# c\n\nkeep a 12\n").unwrap_err(),
            "line 3: `12` is not a source key; each line is `keep <MR id> <source key, 16 hex digits>`"
        );
        assert!(
            parse("drop a 0000000000000001")
                .unwrap_err()
                .starts_with("line 1: `drop`")
        );
        assert!(parse("keep a 0000000000000001 extra").is_err());
    }
}
