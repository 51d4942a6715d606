//! Evaluation of a syntax tree in checked 64-bit integer arithmetic.

use crate::error::{Error, ErrorKind};
use crate::parse::{BinaryOp, Expr};

/// The value of `expr`, left operand first: of two failing operands, the
/// left one's error is reported.
pub fn eval(expr: &Expr) -> Result<i64, Error> {
    match expr {
        Expr::Number(n) => Ok(*n),
        Expr::Negate { operand, pos } => {
            let value = eval(operand)?;
            value.checked_neg().ok_or(Error {
                kind: ErrorKind::Overflow,
                pos: *pos,
            })
        }
        Expr::Binary { op, lhs, rhs, pos } => {
            let (lhs, rhs) = (eval(lhs)?, eval(rhs)?);
            apply(*op, lhs, rhs).map_err(|kind| Error { kind, pos: *pos })
        }
    }
}

fn apply(op: BinaryOp, lhs: i64, rhs: i64) -> Result<i64, ErrorKind> {
    let result = match op {
        BinaryOp::Add => lhs.checked_add(rhs),
        BinaryOp::Sub => lhs.checked_sub(rhs),
        BinaryOp::Mul => lhs.checked_mul(rhs),
        // checked_div/rem fail for a zero divisor and for MIN / -1; only
        // the first is a division by zero.
        BinaryOp::Div | BinaryOp::Rem if rhs == 0 => return Err(ErrorKind::DivisionByZero),
        BinaryOp::Div => lhs.checked_div(rhs),
        BinaryOp::Rem => lhs.checked_rem(rhs),
    };
    result.ok_or(ErrorKind::Overflow)
}
