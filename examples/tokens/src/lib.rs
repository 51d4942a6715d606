//! A tokenizer in the spirit of the Siemens suite's `print_tokens`: it
//! splits a program of a small Lisp-like language into keywords, special
//! symbols, identifiers, numbers, strings, character constants and error
//! tokens, each with its line and column.
//!
//! The lexical rules:
//!
//! - whitespace (space, tab, carriage return, newline) separates tokens;
//!   `;` starts a comment that runs to the end of the line;
//! - keywords: `and`, `or`, `if`, `xor`, `lambda` and `=>`; case matters
//!   (`AND` is an identifier);
//! - special symbols: `(` `)` `[` `]` `'` `` ` `` `,`, each one token;
//! - an identifier is an ASCII letter followed by letters and digits;
//! - a number is a run of digits, optionally followed by `.` and more
//!   digits (`3.14`); digits followed by a letter are an error token
//!   holding the whole run (`12ab`), and so is a `.` with no digit after
//!   it (`3.`);
//! - a string is `"` up to the next unescaped `"` on the same line; `\`
//!   escapes the character after it (`"a\"b"` is one string); a string
//!   that reaches the end of its line unclosed is an error token;
//! - a character constant is `#` and the character after it; `#` before
//!   whitespace or the end is an error token;
//! - anything else (`@`, a lone `=`) is a one-character error token.
//!
//! ```
//! use tokens::{Kind, tokenize};
//! let tokens = tokenize("(if x 42) ; done");
//! let kinds: Vec<Kind> = tokens.iter().map(|t| t.kind).collect();
//! assert_eq!(kinds, [Kind::Special, Kind::Keyword, Kind::Identifier, Kind::Number, Kind::Special]);
//! assert_eq!((tokens[3].line, tokens[3].column), (1, 7));
//! ```

use std::collections::BTreeMap;
use std::fmt;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Keyword,
    Special,
    Identifier,
    Number,
    Str,
    Char,
    Error,
}

/// One token: its kind, its text as written, and where it starts
/// (1-based line and column, counted in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub text: String,
    pub line: u32,
    pub column: u32,
}

/// The keywords.
pub const KEYWORDS: [&str; 6] = ["and", "or", "if", "xor", "lambda", "=>"];

/// The special symbols.
pub const SPECIALS: [char; 7] = ['(', ')', '[', ']', '\'', '`', ','];

/// The tokens of `text`, in order.
pub fn tokenize(text: &str) -> Vec<Token> {
    let mut scanner = Scanner {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
        column: 1,
    };
    let mut tokens = Vec::new();
    while let Some(c) = scanner.peek(0) {
        if is_space(c) {
            scanner.bump();
            continue;
        }
        if c == ';' {
            while scanner.peek(0).is_some_and(|c| c != '\n') {
                scanner.bump();
            }
            continue;
        }
        let (line, column) = (scanner.line, scanner.column);
        let (kind, text) = scanner.token(c);
        tokens.push(Token {
            kind,
            text,
            line,
            column,
        });
    }
    tokens
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

struct Scanner {
    chars: Vec<char>,
    at: usize,
    line: u32,
    column: u32,
}

impl Scanner {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    /// Takes characters while `keep` holds, appending them to `text`.
    fn take_while(&mut self, text: &mut String, keep: impl Fn(char) -> bool) {
        while let Some(c) = self.peek(0).filter(|&c| keep(c)) {
            text.push(c);
            self.bump();
        }
    }

    /// The token starting at `first` (not whitespace, not a comment).
    fn token(&mut self, first: char) -> (Kind, String) {
        let mut text = String::new();
        if SPECIALS.contains(&first) {
            self.bump();
            return (Kind::Special, first.to_string());
        }
        if first.is_ascii_alphabetic() {
            self.take_while(&mut text, |c| c.is_ascii_alphanumeric());
            let kind = if KEYWORDS.contains(&text.as_str()) {
                Kind::Keyword
            } else {
                Kind::Identifier
            };
            return (kind, text);
        }
        if first.is_ascii_digit() {
            self.take_while(&mut text, |c| c.is_ascii_digit());
            if self.peek(0) == Some('.') {
                self.bump();
                text.push('.');
                if !self.peek(0).is_some_and(|c| c.is_ascii_digit()) {
                    return (Kind::Error, text);
                }
                self.take_while(&mut text, |c| c.is_ascii_digit());
            }
            if self.peek(0).is_some_and(|c| c.is_ascii_alphabetic()) {
                self.take_while(&mut text, |c| c.is_ascii_alphanumeric());
                return (Kind::Error, text);
            }
            return (Kind::Number, text);
        }
        self.bump();
        text.push(first);
        match first {
            '"' => {
                loop {
                    self.take_while(&mut text, |c| c != '"' && c != '\\' && c != '\n');
                    if self.peek(0) != Some('\\') {
                        break;
                    }
                    self.bump();
                    text.push('\\');
                    match self.peek(0) {
                        Some(c) if c != '\n' => {
                            self.bump();
                            text.push(c);
                        }
                        _ => break,
                    }
                }
                if self.peek(0) == Some('"') {
                    self.bump();
                    text.push('"');
                    (Kind::Str, text)
                } else {
                    (Kind::Error, text)
                }
            }
            '#' => match self.peek(0) {
                Some(c) if !is_space(c) => {
                    self.bump();
                    text.push(c);
                    (Kind::Char, text)
                }
                _ => (Kind::Error, text),
            },
            '=' if self.peek(0) == Some('>') => {
                self.bump();
                text.push('>');
                (Kind::Keyword, text)
            }
            _ => (Kind::Error, text),
        }
    }
}

/// How many tokens of each kind.
pub fn counts(tokens: &[Token]) -> BTreeMap<Kind, usize> {
    let mut counts = BTreeMap::new();
    for token in tokens {
        *counts.entry(token.kind).or_insert(0) += 1;
    }
    counts
}

/// The tokens written back as a program: each on its own line, separated
/// by one space, lines without tokens left empty. Tokenizing the result
/// gives the same kinds and texts.
pub fn render(tokens: &[Token]) -> String {
    let mut out = String::new();
    let mut line = 1;
    let mut first_on_line = true;
    for token in tokens {
        while line < token.line {
            out.push('\n');
            line += 1;
            first_on_line = true;
        }
        if !first_on_line {
            out.push(' ');
        }
        out.push_str(&token.text);
        first_on_line = false;
    }
    out
}

/// What `print_tokens` prints: one line per token, then a summary line
/// (`7 tokens, 1 error on 3 lines`).
pub fn report(text: &str) -> String {
    let tokens = tokenize(text);
    let mut out = String::new();
    for token in &tokens {
        out.push_str(&token.to_string());
        out.push('\n');
    }
    let errors = counts(&tokens).get(&Kind::Error).copied().unwrap_or(0);
    let lines = tokens.last().map_or(0, |t| t.line);
    out.push_str(&format!(
        "{} {}, {} {} on {} {}\n",
        tokens.len(),
        plural(tokens.len(), "token"),
        errors,
        plural(errors, "error"),
        lines,
        plural(lines as usize, "line")
    ));
    out
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        word.to_owned()
    } else {
        format!("{word}s")
    }
}

impl fmt::Display for Token {
    /// `kind,"text" at line:column`, the way print_tokens prints a token.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            Kind::Keyword => "keyword",
            Kind::Special => "special",
            Kind::Identifier => "identifier",
            Kind::Number => "numeric",
            Kind::Str => "string",
            Kind::Char => "character",
            Kind::Error => "error",
        };
        write!(f, "{kind},{:?} at {}:{}", self.text, self.line, self.column)
    }
}
