//! What can go wrong, and where.

use std::fmt;

/// An error from tokenizing, parsing or evaluating, with the byte offset
/// in the source text it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// What went wrong.
    pub kind: ErrorKind,
    /// Byte offset into the source text: of the offending character or
    /// token, of the operator whose evaluation failed, or the text's
    /// length for an unexpected end.
    pub pos: usize,
}

/// The kinds of error, from the three stages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Tokenizer: a character that starts no token.
    UnexpectedChar(char),
    /// Tokenizer: an integer literal above `i64::MAX`.
    NumberTooLarge,
    /// Parser: a token where another was needed.
    UnexpectedToken,
    /// Parser: the text ended where an operand or `)` was needed.
    UnexpectedEnd,
    /// Parser: parentheses nested deeper than [`MAX_DEPTH`](crate::MAX_DEPTH).
    TooDeep,
    /// Evaluator: `/` or `%` by zero.
    DivisionByZero,
    /// Evaluator: a result outside `i64`.
    Overflow,
}

impl ErrorKind {
    /// Whether the text is malformed (as opposed to well-formed with an
    /// arithmetic failure). Syntax errors are what some metamorphic
    /// relations cannot be applied to: wrapping or extending malformed
    /// text can make it well-formed.
    pub fn is_syntax(&self) -> bool {
        !matches!(self, ErrorKind::DivisionByZero | ErrorKind::Overflow)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.pos;
        match &self.kind {
            ErrorKind::UnexpectedChar(c) => write!(f, "unexpected character {c:?} at {at}"),
            ErrorKind::NumberTooLarge => {
                write!(f, "number at {at} does not fit in a 64-bit integer")
            }
            ErrorKind::UnexpectedToken => write!(f, "unexpected token at {at}"),
            ErrorKind::UnexpectedEnd => write!(
                f,
                "expression ends early at {at}: expected a number, `-` or `(`"
            ),
            ErrorKind::TooDeep => write!(f, "parentheses nested too deeply at {at}"),
            ErrorKind::DivisionByZero => write!(f, "division by zero at {at}"),
            ErrorKind::Overflow => write!(f, "arithmetic overflow at {at}"),
        }
    }
}

impl std::error::Error for Error {}
