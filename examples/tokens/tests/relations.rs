//! Metamorphic relations of the tokenizer.
//!
//! Follow-up programs are built by editing the source *text*, never from
//! the tokenizer's output (except the round trip, which is the point of
//! that relation). An edit that is safe only outside strings, character
//! constants or comments skips sources that contain `"`, `#` or `;`.

use std::collections::BTreeMap;

use mt_runtime::{Mg, Mr, metamorphic};
use tokens::{Kind, Token, counts, render, report, tokenize};

/// Kinds and texts, without positions.
fn words(tokens: &[Token]) -> Vec<(Kind, String)> {
    tokens.iter().map(|t| (t.kind, t.text.clone())).collect()
}

fn kinds(tokens: &[Token]) -> Vec<Kind> {
    tokens.iter().map(|t| t.kind).collect()
}

#[expect(
    clippy::ptr_arg,
    reason = "`mg.source` passes the MR's input, a &String"
)]
fn lex(text: &String) -> Vec<Token> {
    tokenize(text)
}

/// Whether the text has strings, characters or comments, where editing
/// whitespace or symbols changes meaning.
fn has_literals(text: &str) -> bool {
    text.contains(['"', '#', ';'])
}

/// Runs the tokenizer on the source and on `edit(source)`, and checks that
/// `relation(source tokens, follow-up tokens)` holds.
fn relate(
    mg: &mut Mg,
    text: &String,
    edit: impl FnOnce(&str) -> String,
    relation: impl FnOnce(&[Token], &[Token]) -> bool,
) {
    let a = mg.source(text, lex);
    let follow = edit(text);
    let b = mg.follow_up(&follow, lex);
    let ok = relation(&a, &b);
    mg.check(ok, || {
        format!("{follow:?} gave {:?} from {:?}", words(&b), words(&a))
    });
}

fn same_words(a: &[Token], b: &[Token]) -> bool {
    words(a) == words(b)
}

// ---- equal: whitespace and comments do not change the tokens ----

/// A trailing space changes nothing (an unclosed string ends at the line's
/// end all the same).
#[metamorphic(output = "equal")]
fn trailing_space(mg: &mut Mg, s: &String) {
    if s.contains('"') {
        return mg.skip("a space would extend an unclosed string");
    }
    relate(mg, s, |s| format!("{s} "), same_words);
}

/// A leading space changes nothing.
#[metamorphic(output = "equal")]
fn leading_space(mg: &mut Mg, s: &String) {
    relate(mg, s, |s| format!(" {s}"), same_words);
}

/// Doubling every space changes nothing outside literals.
#[metamorphic(output = "equal")]
fn double_spaces(mg: &mut Mg, s: &String) {
    if has_literals(s) {
        return mg.skip("spaces inside literals");
    }
    relate(mg, s, |s| s.replace(' ', "  "), same_words);
}

/// A tab is a space.
#[metamorphic(output = "equal")]
fn tabs_for_spaces(mg: &mut Mg, s: &String) {
    if has_literals(s) {
        return mg.skip("spaces inside literals");
    }
    relate(mg, s, |s| s.replace(' ', "\t"), same_words);
}

/// A newline separates as a space does.
#[metamorphic(output = "equal")]
fn newlines_for_spaces(mg: &mut Mg, s: &String) {
    if has_literals(s) {
        return mg.skip("spaces inside literals");
    }
    relate(mg, s, |s| s.replace(' ', "\n"), same_words);
}

/// Windows line ends: `\r` is whitespace.
#[metamorphic(output = "equal")]
fn crlf_line_ends(mg: &mut Mg, s: &String) {
    if s.contains(['"', '#']) {
        return mg.skip("a carriage return inside a literal");
    }
    relate(mg, s, |s| s.replace('\n', "\r\n"), same_words);
}

/// A comment on a line of its own changes nothing.
#[metamorphic(output = "equal")]
fn appended_comment(mg: &mut Mg, s: &String) {
    relate(
        mg,
        s,
        |s| format!("{s}\n; a comment (with \"symbols\")"),
        same_words,
    );
}

/// Removing the comments changes nothing.
#[metamorphic(output = "equal")]
fn comments_removed(mg: &mut Mg, s: &String) {
    if s.contains(['"', '#']) || !s.contains(';') {
        return mg.skip("no comment, or `;` could be inside a literal");
    }
    relate(
        mg,
        s,
        |s| {
            s.lines()
                .map(|l| l.split(';').next().unwrap_or(""))
                .collect::<Vec<_>>()
                .join("\n")
        },
        same_words,
    );
}

// ---- concat: the tokens of two programs on two lines are the sum ----

/// The program twice, on separate lines: the tokens twice.
#[metamorphic(output = "concat")]
fn self_concatenation(mg: &mut Mg, s: &String) {
    relate(
        mg,
        s,
        |s| format!("{s}\n{s}"),
        |a, b| words(b) == [words(a), words(a)].concat(),
    );
}

/// A keyword on a new last line is one more token, last.
#[metamorphic(output = "concat")]
fn appended_keyword(mg: &mut Mg, s: &String) {
    relate(
        mg,
        s,
        |s| format!("{s}\nlambda"),
        |a, b| words(b) == [words(a), vec![(Kind::Keyword, "lambda".into())]].concat(),
    );
}

/// A number on a new first line is one more token, first.
#[metamorphic(output = "concat")]
fn prepended_number(mg: &mut Mg, s: &String) {
    relate(
        mg,
        s,
        |s| format!("42\n{s}"),
        |a, b| words(b) == [vec![(Kind::Number, "42".into())], words(a)].concat(),
    );
}

/// A string on a new last line is one more token, last.
#[metamorphic(output = "concat")]
fn appended_string(mg: &mut Mg, s: &String) {
    relate(
        mg,
        s,
        |s| format!("{s}\n\"a b\""),
        |a, b| words(b) == [words(a), vec![(Kind::Str, "\"a b\"".into())]].concat(),
    );
}

/// A character constant on a new last line is one more token, last.
#[metamorphic(output = "concat")]
fn appended_char(mg: &mut Mg, s: &String) {
    relate(
        mg,
        s,
        |s| format!("{s}\n#("),
        |a, b| words(b) == [words(a), vec![(Kind::Char, "#(".into())]].concat(),
    );
}

// ---- position: moving the text moves the tokens ----

/// A newline in front moves every token one line down, same column.
#[metamorphic(output = "position")]
fn shifted_down(mg: &mut Mg, s: &String) {
    relate(
        mg,
        s,
        |s| format!("\n{s}"),
        |a, b| {
            a.len() == b.len()
                && a.iter().zip(b).all(|(x, y)| {
                    x.kind == y.kind
                        && x.text == y.text
                        && y.line == x.line + 1
                        && y.column == x.column
                })
        },
    );
}

/// Two spaces in front move the first line's tokens two columns right.
#[metamorphic(output = "position")]
fn shifted_right(mg: &mut Mg, s: &String) {
    relate(
        mg,
        s,
        |s| format!("  {s}"),
        |a, b| {
            a.len() == b.len()
                && a.iter().zip(b).all(|(x, y)| {
                    let shift = if x.line == 1 { 2 } else { 0 };
                    x.kind == y.kind
                        && x.text == y.text
                        && y.line == x.line
                        && y.column == x.column + shift
                })
        },
    );
}

/// Indenting every line but the first moves those lines' tokens.
#[metamorphic(output = "position")]
fn indented(mg: &mut Mg, s: &String) {
    if s.contains('#') {
        return mg.skip("`#` before a newline");
    }
    relate(
        mg,
        s,
        |s| s.replace('\n', "\n   "),
        |a, b| {
            a.len() == b.len()
                && a.iter().zip(b).all(|(x, y)| {
                    let shift = if x.line == 1 { 0 } else { 3 };
                    x.kind == y.kind
                        && x.text == y.text
                        && y.line == x.line
                        && y.column == x.column + shift
                })
        },
    );
}

// ---- count: appending tokens adds to the counts ----

fn with(counts: &BTreeMap<Kind, usize>, kind: Kind, more: usize) -> BTreeMap<Kind, usize> {
    let mut counts = counts.clone();
    *counts.entry(kind).or_insert(0) += more;
    counts
}

/// Three specials on a new line: three more specials.
#[metamorphic(output = "count")]
fn more_specials(mg: &mut Mg, s: &String) {
    relate(
        mg,
        s,
        |s| format!("{s}\n([`"),
        |a, b| counts(b) == with(&counts(a), Kind::Special, 3),
    );
}

/// Two identifiers on a new line: two more identifiers.
#[metamorphic(output = "count")]
fn more_identifiers(mg: &mut Mg, s: &String) {
    relate(
        mg,
        s,
        |s| format!("{s}\nabc x1"),
        |a, b| counts(b) == with(&counts(a), Kind::Identifier, 2),
    );
}

/// Every keyword once more: as many more keywords.
#[metamorphic(output = "count")]
fn more_keywords(mg: &mut Mg, s: &String) {
    relate(
        mg,
        s,
        |s| format!("{s}\nand or if xor lambda =>"),
        |a, b| counts(b) == with(&counts(a), Kind::Keyword, 6),
    );
}

// ---- reclassify: case and digits move tokens between kinds ----

/// Upper-casing the text outside literals turns every keyword but `=>`
/// into an identifier; nothing else changes kind.
#[metamorphic(output = "reclassify")]
fn upper_case(mg: &mut Mg, s: &String) {
    if has_literals(s) {
        return mg.skip("case inside literals");
    }
    relate(
        mg,
        s,
        |s| s.to_uppercase(),
        |a, b| {
            let expected: Vec<Kind> = a
                .iter()
                .map(|t| match t.kind {
                    Kind::Keyword if t.text != "=>" => Kind::Identifier,
                    kind => kind,
                })
                .collect();
            kinds(b) == expected
        },
    );
}

/// A digit glued in front of each identifier or keyword word makes it an
/// error token; numbers stay numbers.
#[metamorphic(output = "reclassify")]
fn digit_prefixed_words(mg: &mut Mg, s: &String) {
    if has_literals(s) || s.contains('.') {
        return mg.skip("words inside literals, or `1.a` becoming the number `1.7a`");
    }
    relate(
        mg,
        s,
        |s| {
            let mut out = String::new();
            let mut prev_word = false;
            for c in s.chars() {
                let word = c.is_ascii_alphanumeric();
                if c.is_ascii_alphabetic() && !prev_word {
                    out.push('7');
                }
                out.push(c);
                prev_word = word;
            }
            out
        },
        |a, b| {
            let expected: Vec<Kind> = a
                .iter()
                .map(|t| match t.kind {
                    Kind::Identifier => Kind::Error,
                    Kind::Keyword if t.text != "=>" => Kind::Error,
                    kind => kind,
                })
                .collect();
            kinds(b) == expected
        },
    );
}

// ---- kinds: substitutions that keep every kind ----

/// Round brackets for square ones: the same kinds.
#[metamorphic(output = "kinds")]
fn brackets_swapped(mg: &mut Mg, s: &String) {
    if has_literals(s) {
        return mg.skip("brackets inside literals");
    }
    relate(
        mg,
        s,
        |s| s.replace('(', "[").replace(')', "]"),
        |a, b| kinds(a) == kinds(b),
    );
}

/// Other digits: the same kinds.
#[metamorphic(output = "kinds")]
fn digits_changed(mg: &mut Mg, s: &String) {
    if has_literals(s) {
        return mg.skip("digits inside literals");
    }
    relate(
        mg,
        s,
        |s| {
            s.chars()
                .map(|c| if c.is_ascii_digit() { '9' } else { c })
                .collect()
        },
        |a, b| kinds(a) == kinds(b),
    );
}

// ---- error: what no rule accepts ----

/// A lone `@` on a new line is one more error token.
#[metamorphic(output = "error")]
fn appended_junk(mg: &mut Mg, s: &String) {
    relate(
        mg,
        s,
        |s| format!("{s}\n@"),
        |a, b| words(b) == [words(a), vec![(Kind::Error, "@".into())]].concat(),
    );
}

/// An unclosed string on a new line is one error token up to the end.
#[metamorphic(output = "error")]
fn appended_unclosed_string(mg: &mut Mg, s: &String) {
    relate(
        mg,
        s,
        |s| format!("{s}\n\"open (and) ; x"),
        |a, b| words(b) == [words(a), vec![(Kind::Error, "\"open (and) ; x".into())]].concat(),
    );
}

// ---- reverse: the order of lines ----

fn by_line(tokens: &[Token]) -> BTreeMap<u32, Vec<(Kind, String)>> {
    let mut lines: BTreeMap<u32, Vec<(Kind, String)>> = BTreeMap::new();
    for t in tokens {
        lines
            .entry(t.line)
            .or_default()
            .push((t.kind, t.text.clone()));
    }
    lines
}

/// Lines in reverse order: each line's tokens, on the mirrored line.
#[metamorphic(output = "reverse")]
fn lines_reversed(mg: &mut Mg, s: &String) {
    if s.contains('\r') {
        return mg.skip("carriage returns");
    }
    let count = s.split('\n').count() as u32;
    relate(
        mg,
        s,
        |s| s.split('\n').rev().collect::<Vec<_>>().join("\n"),
        |a, b| {
            let (a, b) = (by_line(a), by_line(b));
            a.len() == b.len()
                && a.iter()
                    .all(|(line, words)| b.get(&(count + 1 - line)) == Some(words))
        },
    );
}

// ---- round trip: render then tokenize again ----

/// Rendering the tokens and tokenizing the result gives them back, at
/// the same lines.
#[metamorphic(output = "round-trip")]
fn round_trip(mg: &mut Mg, s: &String) {
    let a = mg.source(s, lex);
    let text = render(&a);
    let b = mg.follow_up(&text, lex);
    let same = words(&a) == words(&b) && a.iter().zip(&b).all(|(x, y)| x.line == y.line);
    mg.check(same, || {
        format!("{text:?} gave {:?}, not {:?}", words(&b), words(&a))
    });
}

/// Every token prints as `kind,"text" at line:column`.
#[metamorphic(output = "display")]
fn display_names_position(mg: &mut Mg, s: &String) {
    let a = mg.source(s, lex);
    let shifted = format!("\n{s}");
    let b = mg.follow_up(&shifted, lex);
    let ok = a.len() == b.len()
        && a.iter().zip(&b).all(|(x, y)| {
            let (dx, dy) = (x.to_string(), y.to_string());
            dx.starts_with(dx.split(',').next().unwrap_or(""))
                && dx.ends_with(&format!(" at {}:{}", x.line, x.column))
                && dy.ends_with(&format!(" at {}:{}", x.line + 1, x.column))
                && dx.split(" at ").next() == dy.split(" at ").next()
        });
    mg.check(ok, || {
        format!(
            "{:?} vs {:?}",
            a.iter().map(ToString::to_string).collect::<Vec<_>>(),
            b.iter().map(ToString::to_string).collect::<Vec<_>>()
        )
    });
}

// ---- report: what print_tokens prints ----

#[expect(
    clippy::ptr_arg,
    reason = "`mg.source` passes the MR's input, a &String"
)]
fn print(text: &String) -> String {
    report(text)
}

/// The summary line: `N tokens, E errors on L lines`, as numbers.
fn summary(report: &str) -> Option<(usize, usize, usize)> {
    let words: Vec<&str> = report.lines().last()?.split(' ').collect();
    Some((
        words[0].parse().ok()?,
        words[2].parse().ok()?,
        words[5].parse().ok()?,
    ))
}

/// An error token on a new last line: one more line in the report, one
/// more token, one more error, the last line number one past the source
/// text's line count.
#[metamorphic(output = "report")]
fn report_counts_an_error(mg: &mut Mg, s: &String) {
    let a = mg.source(s, print);
    let follow = format!("{s}\n@");
    let b = mg.follow_up(&follow, print);
    let lines = s.split('\n').count() + 1;
    let ok = match (summary(&a), summary(&b)) {
        (Some((ta, ea, _)), Some((tb, eb, lb))) => {
            tb == ta + 1
                && eb == ea + 1
                && lb == lines
                && b.lines().count() == a.lines().count() + 1
                && b.lines().nth(tb - 1) == Some(&*format!("error,\"@\" at {lines}:1"))
        }
        _ => false,
    };
    mg.check(ok, || format!("{a:?} then {b:?}"));
}

/// The report of the program twice has twice the tokens and twice the
/// errors.
#[metamorphic(output = "report")]
fn report_of_a_repeat(mg: &mut Mg, s: &String) {
    if s.contains('\r') || s.is_empty() {
        return mg.skip("carriage returns, or no program");
    }
    let a = mg.source(s, print);
    let follow = format!("{s}\n{s}");
    let b = mg.follow_up(&follow, print);
    let ok = match (summary(&a), summary(&b)) {
        (Some((ta, ea, _)), Some((tb, eb, _))) => tb == 2 * ta && eb == 2 * ea,
        _ => false,
    };
    mg.check(ok, || format!("{a:?} then {b:?}"));
}

/// Hand-written programs, each exercising some rules.
const PROGRAMS: &[&str] = &[
    "",
    "and",
    "or xor",
    "if x y",
    "lambda (x) => x",
    "(and a b)",
    "[a, b, c]",
    "'(1 2 3)",
    "`(a ,b)",
    "42",
    "007 100 12",
    "12ab",
    "x1 y22 z333",
    "\"hello\"",
    "\"two words\" and \"more\"",
    "\"unclosed",
    "#a #b #(",
    "# x",
    "#",
    "a ; comment",
    "; only a comment",
    "(if (and a b) ; test\n  x\n  y)",
    "@",
    "a @ b",
    "=",
    "= >",
    "=>",
    "a=>b",
    "(lambda (x y) (or x y))",
    "(define (square x) (* x x))",
    "AND Or iF",
    "lambdas andy order",
    "(a)(b)[c][d]",
    "x\ny\nz",
    "\n\nx",
    "a\tb\r\nc",
    "(xor \"s\" #c 5)",
    "1 2 3 4 5 6 7 8 9 10",
    "[[[[]]]]",
    "'a 'b `c ,d",
    "if if if",
    "abc123def 456",
    "9x",
    "\"a;b\" ; c",
    "#; ;x",
    "(\"s1\" \"s2\" \"s3\")",
    "lambda\n=>\nx",
    "a,b,c",
    "  indented  line  ",
    "x $ y % z",
    "3.14 2.5 10.0",
    "1. 2.x",
    "\"a \\\"quoted\\\" b\"",
    "\"ends with \\\\\" x",
    "\"dangling \\",
    "(if (xor p q) \"yes\" \"no\") ; choose\n(lambda (n) (and n 0.5))",
];

/// The programs, and each joined to another on the next line: over 100
/// source inputs, deterministic.
fn sources() -> Vec<String> {
    let n = PROGRAMS.len();
    let mut out: Vec<String> = PROGRAMS.iter().map(|p| p.to_string()).collect();
    for i in 0..n {
        out.push(format!("{}\n{}", PROGRAMS[i], PROGRAMS[(i * 7 + 3) % n]));
    }
    for i in (0..n).step_by(3) {
        out.push(format!("{} {}", PROGRAMS[i], PROGRAMS[(i + 11) % n]));
    }
    out.sort();
    out.dedup();
    out
}

const RELATIONS: &[Mr<String>] = &[
    trailing_space,
    leading_space,
    double_spaces,
    tabs_for_spaces,
    newlines_for_spaces,
    crlf_line_ends,
    appended_comment,
    comments_removed,
    self_concatenation,
    appended_keyword,
    prepended_number,
    appended_string,
    appended_char,
    shifted_down,
    shifted_right,
    indented,
    more_specials,
    more_identifiers,
    more_keywords,
    upper_case,
    digit_prefixed_words,
    brackets_swapped,
    digits_changed,
    appended_junk,
    appended_unclosed_string,
    lines_reversed,
    round_trip,
    display_names_position,
    report_counts_an_error,
    report_of_a_repeat,
];

#[test]
fn enough_sources() {
    assert!(sources().len() >= 100, "{}", sources().len());
}

#[test]
fn tokenizer_relations_hold() {
    mt_runtime::check(&sources(), RELATIONS);
}
