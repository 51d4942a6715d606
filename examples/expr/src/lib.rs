//! A calculator for integer arithmetic expressions: tokenizer, parser and
//! evaluator.
//!
//! This crate is the system under test of mtcov's second example. The
//! language is small but has the branches real parsers have: several
//! precedence levels, associativity, unary minus, parentheses with a depth
//! limit, and errors from each stage (bad characters, oversized literals,
//! malformed syntax, division by zero, overflow), each with a position.
//!
//! ```
//! use expr::{ErrorKind, evaluate};
//! assert_eq!(evaluate("2 + 3 * 4"), Ok(14));
//! assert_eq!(evaluate("100 / 10 / 5"), Ok(2));
//! assert_eq!(evaluate("-7 % 3"), Ok(-1));
//! assert_eq!(evaluate("1 / (2 - 2)").unwrap_err().kind, ErrorKind::DivisionByZero);
//! assert_eq!(evaluate("(1 + 2").unwrap_err().kind, ErrorKind::UnexpectedEnd);
//! ```
//!
//! With the cargo feature `buggy`, a seeded fault makes binary `-`
//! right-associative (`10 - 4 - 3` evaluates to 9). See the README for the
//! metamorphic relations that catch it.

mod error;
mod eval;
mod parse;
mod token;

pub use error::{Error, ErrorKind};
pub use eval::eval;
pub use parse::{BinaryOp, Expr, MAX_DEPTH};
pub use token::{Spanned, Token, render, tokenize};

/// Parses `text` into a syntax tree.
pub fn parse(text: &str) -> Result<Expr, Error> {
    let tokens = tokenize(text)?;
    parse::parse(&tokens, text.len())
}

/// Tokenizes, parses and evaluates `text`.
pub fn evaluate(text: &str) -> Result<i64, Error> {
    eval(&parse(text)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> ErrorKind {
        evaluate(text).expect_err(text).kind
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(evaluate("2 + 3 * 4"), Ok(14));
        assert_eq!(evaluate("(2 + 3) * 4"), Ok(20));
        assert_eq!(evaluate("100 / 10 / 5"), Ok(2));
        assert_eq!(evaluate("--5"), Ok(5));
    }

    #[test]
    #[cfg(not(feature = "buggy"))]
    fn subtraction_is_left_associative() {
        assert_eq!(evaluate("10 - 4 - 3"), Ok(3));
        assert_eq!(evaluate("5 - 2 + 7"), Ok(10));
    }

    #[test]
    fn every_stage_reports_its_errors_with_a_position() {
        assert_eq!(
            evaluate("3 $ 4").unwrap_err(),
            Error {
                kind: ErrorKind::UnexpectedChar('$'),
                pos: 2
            }
        );
        assert_eq!(kind("99999999999999999999"), ErrorKind::NumberTooLarge);
        assert_eq!(
            evaluate("1 2").unwrap_err(),
            Error {
                kind: ErrorKind::UnexpectedToken,
                pos: 2
            }
        );
        assert_eq!(
            evaluate("1 +").unwrap_err(),
            Error {
                kind: ErrorKind::UnexpectedEnd,
                pos: 3
            }
        );
        assert_eq!(kind("()"), ErrorKind::UnexpectedToken);
        assert_eq!(
            evaluate("7 % 0").unwrap_err(),
            Error {
                kind: ErrorKind::DivisionByZero,
                pos: 2
            }
        );
        assert_eq!(kind("9223372036854775807 + 1"), ErrorKind::Overflow);
        assert_eq!(kind("(-9223372036854775807 - 1) / -1"), ErrorKind::Overflow);
    }

    #[test]
    fn nesting_is_bounded() {
        let deep = format!(
            "{}1{}",
            "(".repeat(MAX_DEPTH + 1),
            ")".repeat(MAX_DEPTH + 1)
        );
        assert_eq!(kind(&deep), ErrorKind::TooDeep);
        let fine = format!("{}1{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert_eq!(evaluate(&fine), Ok(1));
    }

    #[test]
    fn rendered_tokens_tokenize_back() {
        let tokens: Vec<Token> = tokenize("12*(3-4)")
            .unwrap()
            .iter()
            .map(|s| s.token)
            .collect();
        assert_eq!(render(&tokens), "12 * ( 3 - 4 )");
    }
}
