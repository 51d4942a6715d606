//! Tokens to a syntax tree, by recursive descent with one function per
//! precedence level:
//!
//! ```text
//! sum     := product (('+' | '-') product)*      left-associative
//! product := unary (('*' | '/' | '%') unary)*    left-associative
//! unary   := '-' unary | primary
//! primary := number | '(' sum ')'
//! ```

use crate::error::{Error, ErrorKind};
use crate::token::{Spanned, Token};

/// How deeply parentheses and unary minus may nest: the parser recurses
/// once per level, and a hostile input must not overflow the stack.
pub const MAX_DEPTH: usize = 200;

/// A parsed expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// An integer literal.
    Number(i64),
    /// `-operand`; `pos` is that of the `-`.
    Negate { operand: Box<Expr>, pos: usize },
    /// `lhs op rhs`; `pos` is that of the operator.
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
        pos: usize,
    },
}

/// The binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
}

/// Parses a whole token list; `end` is the length of the source text, the
/// position reported when the tokens run out early.
pub(crate) fn parse(tokens: &[Spanned], end: usize) -> Result<Expr, Error> {
    let mut parser = Parser {
        tokens,
        next: 0,
        end,
        depth: 0,
    };
    let expr = parser.sum()?;
    match parser.peek() {
        None => Ok(expr),
        Some(extra) => Err(Error {
            kind: ErrorKind::UnexpectedToken,
            pos: extra.pos,
        }),
    }
}

struct Parser<'t> {
    tokens: &'t [Spanned],
    next: usize,
    end: usize,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<Spanned> {
        self.tokens.get(self.next).copied()
    }

    fn bump(&mut self) -> Option<Spanned> {
        let token = self.peek()?;
        self.next += 1;
        Some(token)
    }

    fn sum(&mut self) -> Result<Expr, Error> {
        let mut lhs = self.product()?;
        while let Some(Spanned { token, pos }) = self.peek() {
            let op = match token {
                Token::Plus => BinaryOp::Add,
                Token::Minus => BinaryOp::Sub,
                _ => break,
            };
            self.bump();
            let rhs = self.right_operand_of_sum(op)?;
            lhs = Expr::Binary {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
                pos,
            };
        }
        Ok(lhs)
    }

    /// The right operand of `+` or `-`: one product, which makes both
    /// left-associative (`10 - 4 - 3` is `(10 - 4) - 3`).
    #[cfg(not(feature = "buggy"))]
    fn right_operand_of_sum(&mut self, _op: BinaryOp) -> Result<Expr, Error> {
        self.product()
    }

    /// Seeded fault: the right operand of `-` is the whole rest of the sum,
    /// so `10 - 4 - 3` parses as `10 - (4 - 3)` and `5 - 2 + 7` as
    /// `5 - (2 + 7)`. Sums without `-` are unaffected.
    #[cfg(feature = "buggy")]
    fn right_operand_of_sum(&mut self, op: BinaryOp) -> Result<Expr, Error> {
        match op {
            BinaryOp::Sub => self.nested(Parser::sum),
            _ => self.product(),
        }
    }

    fn product(&mut self) -> Result<Expr, Error> {
        let mut lhs = self.unary()?;
        while let Some(Spanned { token, pos }) = self.peek() {
            let op = match token {
                Token::Star => BinaryOp::Mul,
                Token::Slash => BinaryOp::Div,
                Token::Percent => BinaryOp::Rem,
                _ => break,
            };
            self.bump();
            let rhs = self.unary()?;
            lhs = Expr::Binary {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
                pos,
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<Expr, Error> {
        match self.peek() {
            Some(Spanned {
                token: Token::Minus,
                pos,
            }) => {
                self.bump();
                let operand = self.nested(Parser::unary)?;
                Ok(Expr::Negate {
                    operand: Box::new(operand),
                    pos,
                })
            }
            _ => self.primary(),
        }
    }

    fn primary(&mut self) -> Result<Expr, Error> {
        let Some(Spanned { token, pos }) = self.bump() else {
            return Err(Error {
                kind: ErrorKind::UnexpectedEnd,
                pos: self.end,
            });
        };
        match token {
            Token::Number(n) => Ok(Expr::Number(n)),
            Token::Open => {
                let inner = self.nested(Parser::sum)?;
                match self.bump() {
                    Some(Spanned {
                        token: Token::Close,
                        ..
                    }) => Ok(inner),
                    Some(other) => Err(Error {
                        kind: ErrorKind::UnexpectedToken,
                        pos: other.pos,
                    }),
                    None => Err(Error {
                        kind: ErrorKind::UnexpectedEnd,
                        pos: self.end,
                    }),
                }
            }
            _ => Err(Error {
                kind: ErrorKind::UnexpectedToken,
                pos,
            }),
        }
    }

    /// Runs `rule` one nesting level deeper, failing past [`MAX_DEPTH`].
    fn nested(&mut self, rule: fn(&mut Self) -> Result<Expr, Error>) -> Result<Expr, Error> {
        if self.depth == MAX_DEPTH {
            let pos = self.peek().map_or(self.end, |t| t.pos);
            return Err(Error {
                kind: ErrorKind::TooDeep,
                pos,
            });
        }
        self.depth += 1;
        let result = rule(self);
        self.depth -= 1;
        result
    }
}
