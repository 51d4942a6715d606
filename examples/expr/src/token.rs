//! Text to tokens, and tokens back to text.

use crate::error::{Error, ErrorKind};
use std::fmt;

/// One token of the expression language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// A non-negative integer literal (`-` is an operator).
    Number(i64),
    /// `+`
    Plus,
    /// `-`, binary or unary.
    Minus,
    /// `*`
    Star,
    /// `/`, integer division truncating toward zero.
    Slash,
    /// `%`, remainder with the sign of the dividend.
    Percent,
    /// `(`
    Open,
    /// `)`
    Close,
}

/// A token and the byte offset where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spanned {
    /// The token.
    pub token: Token,
    /// Byte offset of its first character.
    pub pos: usize,
}

/// Splits `text` into tokens. Spaces, tabs and newlines separate tokens
/// and are otherwise ignored.
pub fn tokenize(text: &str) -> Result<Vec<Spanned>, Error> {
    let mut tokens = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((pos, c)) = chars.next() {
        let token = match c {
            ' ' | '\t' | '\n' | '\r' => continue,
            '+' => Token::Plus,
            '-' => Token::Minus,
            '*' => Token::Star,
            '/' => Token::Slash,
            '%' => Token::Percent,
            '(' => Token::Open,
            ')' => Token::Close,
            '0'..='9' => {
                let mut value = i64::from(digit(c));
                while let Some(&(_, next)) = chars.peek() {
                    if !next.is_ascii_digit() {
                        break;
                    }
                    chars.next();
                    value = value
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(i64::from(digit(next))))
                        .ok_or(Error {
                            kind: ErrorKind::NumberTooLarge,
                            pos,
                        })?;
                }
                Token::Number(value)
            }
            other => {
                return Err(Error {
                    kind: ErrorKind::UnexpectedChar(other),
                    pos,
                });
            }
        };
        tokens.push(Spanned { token, pos });
    }
    Ok(tokens)
}

fn digit(c: char) -> u8 {
    c as u8 - b'0'
}

/// The tokens as text that tokenizes back to the same tokens: one space
/// between tokens, so that adjacent numbers stay apart.
pub fn render(tokens: &[Token]) -> String {
    let words: Vec<String> = tokens.iter().map(Token::to_string).collect();
    words.join(" ")
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Number(n) => write!(f, "{n}"),
            Token::Plus => f.write_str("+"),
            Token::Minus => f.write_str("-"),
            Token::Star => f.write_str("*"),
            Token::Slash => f.write_str("/"),
            Token::Percent => f.write_str("%"),
            Token::Open => f.write_str("("),
            Token::Close => f.write_str(")"),
        }
    }
}
