//! Text that comes from user code (`Debug` of source inputs, violation
//! messages, MR ids and classes, function names, paths) made safe for each
//! output. Every renderer escapes through this one module.
//!
//! Two layers:
//! - [`visible`]: characters that a reader cannot see or that act on a
//!   terminal or a text layout (C0/C1 controls and DEL, bidirectional
//!   overrides and isolates, zero-width characters, line and paragraph
//!   separators, the byte-order mark) become `\n`, `\r`, `\t` or
//!   `\u{..}`, as Rust writes them. Everything else is kept, so ordinary
//!   `Debug` text reads unchanged.
//! - one function per format on top of it: [`terminal`], [`html`],
//!   [`markdown`], [`xml`], [`lcov`].

use std::borrow::Cow;
use std::fmt::Write as _;

use unicode_width::UnicodeWidthStr;

/// How many columns `text` takes on a terminal (East Asian wide
/// characters take two, combining marks none): what aligns a column.
pub(crate) fn width(text: &str) -> usize {
    text.width()
}

/// `text` followed by spaces up to `columns` wide (as `{:<columns$}` does
/// by chars, which misaligns wide characters).
pub(crate) fn pad(text: &str, columns: usize) -> String {
    let mut padded = text.to_owned();
    padded.extend(std::iter::repeat_n(
        ' ',
        columns.saturating_sub(width(text)),
    ));
    padded
}

/// Whether `c` must not reach a reader as is.
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00ad}'              // soft hyphen
            | '\u{061c}'            // Arabic letter mark
            | '\u{180e}'            // Mongolian vowel separator
            | '\u{200b}'..='\u{200f}' // zero-width space/joiners, LRM, RLM
            | '\u{2028}'..='\u{202e}' // line/paragraph separators, bidi embeddings and overrides
            | '\u{2060}'..='\u{2064}' // word joiner, invisible operators
            | '\u{2066}'..='\u{206f}' // bidi isolates, deprecated format characters
            | '\u{feff}'            // byte-order mark / zero-width no-break space
            | '\u{fff9}'..='\u{fffb}' // interlinear annotation
        )
}

fn push_visible(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c => {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
    }
}

/// `text` with every hidden character written out (`\u{1b}`, `\r`,
/// `\u{202e}`); borrowed when there is none.
pub(crate) fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hidden(c) {
            push_visible(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// For a terminal: [`visible`]. No escape sequence, carriage return or
/// bidi override in user text can reach the terminal.
pub(crate) fn terminal(text: &str) -> Cow<'_, str> {
    visible(text)
}

/// For HTML element content and quoted attribute values.
pub(crate) fn html(text: &str) -> Cow<'_, str> {
    let needs = |c: char| matches!(c, '&' | '<' | '>' | '"' | '\'') || hidden(c);
    if !text.chars().any(needs) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    push_html(&mut out, text);
    Cow::Owned(out)
}

/// [`html`], appended to `out` (the HTML renderer's hot path).
pub(crate) fn push_html(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if hidden(c) => push_visible(out, c),
            c => out.push(c),
        }
    }
}

/// For GitHub-flavoured Markdown text and table cells: the punctuation
/// that formats, links, starts a block or splits a table cell is
/// backslash-escaped (CommonMark allows a backslash before any ASCII
/// punctuation), `<`, `>` and `&` become entities, so user text can
/// neither format nor inject HTML, links or table columns.
pub(crate) fn markdown(text: &str) -> String {
    let text = visible(text);
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '#' | '~' | '!' | '-' | '+' | '=' | '{'
            | '}' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// A GitHub-flavoured Markdown code span showing `text` as is: nothing in
/// a code span formats, links or is HTML, so only its fence must be longer
/// than any run of backticks inside (CommonMark), and hidden characters
/// (a newline above all) are written out. Readable where [`markdown`]
/// would backslash most of a `Debug` text.
pub(crate) fn markdown_code(text: &str) -> String {
    let text = visible(text);
    if text.is_empty() {
        return String::new();
    }
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    // A space on each side is stripped again; it keeps a backtick at an
    // end from joining the fence.
    if text.starts_with('`')
        || text.ends_with('`')
        || (text.starts_with(' ') && text.ends_with(' '))
    {
        format!("{fence} {text} {fence}")
    } else {
        format!("{fence}{text}{fence}")
    }
}

/// For XML attribute values and text: entities, and hidden characters
/// written out (XML 1.0 cannot carry most control characters at all).
pub(crate) fn xml(text: &str) -> Cow<'_, str> {
    html(text)
}

/// For a field of an LCOV record: one line, so hidden characters
/// (newlines above all) are written out and cannot start a record.
pub(crate) fn lcov(text: &str) -> Cow<'_, str> {
    visible(text)
}

#[cfg(test)]
mod tests {

    #[test]
    fn columns_are_padded_by_terminal_width() {
        assert_eq!(width("src/lib.rs"), 10);
        assert_eq!(width("ünï"), 3);
        assert_eq!(width("表.rs"), 5);
        assert_eq!(pad("表", 4), "表  ");
        assert_eq!(pad("ab", 1), "ab");
        // The same column for a wide and a narrow name.
        assert_eq!(width(&pad("表表", 6)), width(&pad("ab", 6)));
    }

    use super::*;

    #[test]
    fn markdown_code_spans_hold_any_text() {
        assert_eq!(
            markdown_code("Para { text: \"<b>\" }"),
            "`Para { text: \"<b>\" }`"
        );
        assert_eq!(markdown_code("a`b"), "``a`b``");
        assert_eq!(markdown_code("`x`"), "`` `x` ``");
        assert_eq!(markdown_code("a\nb"), "`a\\nb`");
        assert_eq!(markdown_code(""), "");
    }

    const HOSTILE: &str =
        "a\x1b[31mred\x1b[0m\rover\u{202e}txt\u{200b}\u{feff}\n<b>&\"'\u{7f}\u{85}";

    #[test]
    fn hidden_characters_are_written_out() {
        assert_eq!(
            visible(HOSTILE),
            "a\\u{1b}[31mred\\u{1b}[0m\\rover\\u{202e}txt\\u{200b}\\u{feff}\\n<b>&\"'\\u{7f}\\u{85}"
        );
        assert!(matches!(visible("Angle(30.0) \"é\" ∑"), Cow::Borrowed(_)));
        assert_eq!(terminal("tab\there"), "tab\\there");
    }

    #[test]
    fn html_has_no_markup_and_no_hidden_character() {
        let out = html(HOSTILE);
        assert!(!out.contains(['<', '>', '"', '\'', '\x1b', '\r', '\n', '\u{202e}']));
        assert!(out.contains("&lt;b&gt;&amp;&quot;&#39;"));
        assert!(matches!(html("Angle(30.0)"), Cow::Borrowed(_)));
    }

    #[test]
    fn markdown_cannot_format_link_or_split_a_table() {
        let out = markdown("*a* | [x](javascript:y) <img src=x> `c`\n# h");
        assert_eq!(
            out,
            "\\*a\\* \\| \\[x\\](javascript:y) &lt;img src\\=x&gt; \\`c\\`\\\\n\\# h"
        );
    }

    #[test]
    fn lcov_fields_stay_on_one_line() {
        assert_eq!(lcov("f\nend_of_record\nSF:/x"), "f\\nend_of_record\\nSF:/x");
    }
}
