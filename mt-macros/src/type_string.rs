//! The source input type as a readable string (`Vec<(u8, String)>`), for the
//! registry and reports.
//!
//! `TokenStream::to_string` spaces every token (`Vec < (u8 , String) >`) and
//! `stringify!` depends on the compiler version, so the spacing is decided
//! here: a space between two words, after `,` and `;`, and around `->`, `=`,
//! `+` and `|`; none elsewhere.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

pub(crate) fn type_string(tokens: TokenStream) -> String {
    let mut out = String::new();
    write(tokens, &mut out);
    out
}

/// What the previous token was, to decide the space before the next one.
#[derive(Clone, Copy, PartialEq)]
enum Last {
    Start,
    Word,
    /// A keyword after which a bracket or parenthesis is not a call: `mut [u8]`.
    Keyword,
    /// Punctuation after which no space goes (`&`, `<`, `::`, `'`).
    Tight,
    /// `,` `;` `->` `=` `+` `|`: a space follows.
    Spaced,
}

const KEYWORDS: &[&str] = &["mut", "const", "dyn", "impl", "as", "unsafe", "extern"];

fn write(tokens: TokenStream, out: &mut String) {
    let mut last = Last::Start;
    let mut joint = String::new();
    for tt in tokens {
        match tt {
            TokenTree::Ident(_) | TokenTree::Literal(_) => {
                if matches!(last, Last::Word | Last::Keyword | Last::Spaced) {
                    out.push(' ');
                }
                let word = tt.to_string();
                out.push_str(&word);
                last = if KEYWORDS.contains(&word.as_str()) {
                    Last::Keyword
                } else {
                    Last::Word
                };
            }
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::None => ("", ""),
                };
                if matches!(last, Last::Keyword | Last::Spaced)
                    || (last == Last::Word && g.delimiter() == Delimiter::Brace)
                {
                    out.push(' ');
                }
                out.push_str(open);
                write(g.stream(), out);
                out.push_str(close);
                last = Last::Word;
            }
            TokenTree::Punct(p) => {
                joint.push(p.as_char());
                if p.spacing() == Spacing::Joint && p.as_char() != '\'' {
                    continue;
                }
                for op in split_operators(&joint) {
                    let spaced_around = matches!(op, "->" | "=" | "+" | "|" | "=>");
                    if (spaced_around && last != Last::Start) || last == Last::Spaced {
                        out.push(' ');
                    }
                    out.push_str(op);
                    last = if spaced_around || op == "," || op == ";" {
                        Last::Spaced
                    } else {
                        Last::Tight
                    };
                }
                joint.clear();
            }
        }
    }
}

/// Splits a run of joint punctuation (`>::`, `<&`, `>>`) into operators.
fn split_operators(run: &str) -> Vec<&str> {
    let mut ops = Vec::new();
    let mut rest = run;
    while !rest.is_empty() {
        let len = if ["::", "->", "=>", "&&"]
            .iter()
            .any(|op| rest.starts_with(op))
        {
            2
        } else {
            rest.chars().next().map_or(1, char::len_utf8)
        };
        ops.push(&rest[..len]);
        rest = &rest[len..];
    }
    ops
}

#[cfg(test)]
mod tests {
    use super::type_string;
    use quote::quote;

    #[test]
    fn common_types_read_as_written() {
        let cases = [
            (quote!(Angle), "Angle"),
            (quote!(Vec<i32>), "Vec<i32>"),
            (quote!(Vec<(u8, String)>), "Vec<(u8, String)>"),
            (
                quote!(::std::collections::HashMap<String, Vec<u8>>),
                "::std::collections::HashMap<String, Vec<u8>>",
            ),
            (quote!([u8; 4]), "[u8; 4]"),
            (quote!((f64, f64)), "(f64, f64)"),
            (quote!(&'static str), "&'static str"),
            (quote!(&mut [u8]), "&mut [u8]"),
            (quote!(Option<&'static str>), "Option<&'static str>"),
            (
                quote!(Box<dyn Fn(u8) -> u8 + Send>),
                "Box<dyn Fn(u8) -> u8 + Send>",
            ),
            (quote!(<T as Trait>::Assoc), "<T as Trait>::Assoc"),
            (
                quote!(Box<dyn Iterator<Item = u8>>),
                "Box<dyn Iterator<Item = u8>>",
            ),
            (quote!(fn(&u8) -> bool), "fn(&u8) -> bool"),
            (quote!(()), "()"),
            (quote!(*const [u8]), "*const [u8]"),
            (
                quote!(Option<&'static mut (u8, u8)>),
                "Option<&'static mut (u8, u8)>",
            ),
            (quote!(Foo<{ N + 1 }>), "Foo<{N + 1}>"),
            (
                quote!(Box<dyn Iterator<Item = &'static u8>>),
                "Box<dyn Iterator<Item = &'static u8>>",
            ),
        ];
        for (tokens, expected) in cases {
            assert_eq!(type_string(tokens), expected);
        }
    }

    #[test]
    fn source_whitespace_does_not_matter() {
        let spaced: proc_macro2::TokenStream = "Vec <  ( u8 ,String )>".parse().unwrap();
        assert_eq!(type_string(spaced), "Vec<(u8, String)>");
    }
}
