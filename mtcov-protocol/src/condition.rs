//! The grammar of a choice's condition (`[if !EMPTY && (A || B)]`), one
//! for the `categories!` macro, which parses tokens and points at them,
//! and for cargo-mtcov, which parses the text the records carry. `||`
//! binds loosest, `!` tightest; a property is a name.
//!
//! ```
//! use mtcov_protocol::condition::{self, Cond};
//!
//! let tokens = condition::tokenize("!EMPTY && (A || B)").unwrap();
//! let cond = condition::parse(&tokens, &mut |name, _| Ok(name.to_owned())).unwrap();
//! assert_eq!(cond.to_string(), "!EMPTY && (A || B)");
//! // EMPTY and B false, A not known yet: undecided.
//! assert_eq!(cond.eval(&|p| if p == "A" { None } else { Some(false) }), None);
//! // Only B holds: true.
//! assert_eq!(cond.eval(&|p| Some(p == "B")), Some(true));
//! ```

use std::fmt;

/// One token of a condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// `!`
    Not,
    /// `&&`
    And,
    /// `||`
    Or,
    /// `(`
    Open,
    /// `)`
    Close,
    /// A property.
    Name(String),
}

/// A condition over properties, whatever a property is (`A`: an interned
/// index, an identifier with its span, a name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond<A> {
    Property(A),
    Not(Box<Cond<A>>),
    And(Box<Cond<A>>, Box<Cond<A>>),
    Or(Box<Cond<A>>, Box<Cond<A>>),
}

/// Why a condition does not parse, and where: the place of the token at
/// fault, `None` when the condition ends too early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError<S> {
    pub at: Option<S>,
    pub message: String,
}

/// Parses `tokens`, each with its place `S` (a span, a byte offset).
/// `property(name, place)` makes a property of a name, or says why not.
pub fn parse<S: Copy, A>(
    tokens: &[(Token, S)],
    property: &mut dyn FnMut(&str, S) -> Result<A, String>,
) -> Result<Cond<A>, ParseError<S>> {
    if tokens.is_empty() {
        return Err(ParseError {
            at: None,
            message: "the condition is empty".to_owned(),
        });
    }
    let mut parser = Parser {
        tokens,
        at: 0,
        property,
    };
    let cond = parser.or()?;
    if let Some((_, place)) = tokens.get(parser.at) {
        return Err(ParseError {
            at: Some(*place),
            message: "expected `&&`, `||` or the end of the condition".to_owned(),
        });
    }
    Ok(cond)
}

/// The tokens of a condition written as text, each with its byte offset.
pub fn tokenize(text: &str) -> Result<Vec<(Token, usize)>, ParseError<usize>> {
    let mut tokens = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let token = match c {
            c if c.is_whitespace() => continue,
            '!' => Token::Not,
            '(' => Token::Open,
            ')' => Token::Close,
            '&' | '|' => {
                if chars.next_if(|&(_, n)| n == c).is_none() {
                    return Err(ParseError {
                        at: Some(at),
                        message: format!("`{c}` must be doubled: `{c}{c}`"),
                    });
                }
                if c == '&' { Token::And } else { Token::Or }
            }
            c if c.is_alphanumeric() || c == '_' => {
                let mut name = c.to_string();
                while let Some((_, n)) = chars.next_if(|&(_, n)| n.is_alphanumeric() || n == '_') {
                    name.push(n);
                }
                Token::Name(name)
            }
            other => {
                return Err(ParseError {
                    at: Some(at),
                    message: format!("unexpected `{other}`"),
                });
            }
        };
        tokens.push((token, at));
    }
    Ok(tokens)
}

struct Parser<'t, 'p, S, A> {
    tokens: &'t [(Token, S)],
    at: usize,
    property: &'p mut dyn FnMut(&str, S) -> Result<A, String>,
}

impl<S: Copy, A> Parser<'_, '_, S, A> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at).map(|(t, _)| t)
    }

    fn or(&mut self) -> Result<Cond<A>, ParseError<S>> {
        let mut left = self.and()?;
        while self.peek() == Some(&Token::Or) {
            self.at += 1;
            left = Cond::Or(Box::new(left), Box::new(self.and()?));
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<Cond<A>, ParseError<S>> {
        let mut left = self.unary()?;
        while self.peek() == Some(&Token::And) {
            self.at += 1;
            left = Cond::And(Box::new(left), Box::new(self.unary()?));
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Cond<A>, ParseError<S>> {
        let Some((token, place)) = self.tokens.get(self.at) else {
            return Err(ParseError {
                at: None,
                message: "the condition ends too early".to_owned(),
            });
        };
        let place = *place;
        self.at += 1;
        match token {
            Token::Not => Ok(Cond::Not(Box::new(self.unary()?))),
            Token::Open => {
                let inner = self.or()?;
                if self.peek() != Some(&Token::Close) {
                    return Err(ParseError {
                        at: Some(place),
                        message: "`(` without its `)`".to_owned(),
                    });
                }
                self.at += 1;
                Ok(inner)
            }
            Token::Name(name) => {
                (self.property)(name, place)
                    .map(Cond::Property)
                    .map_err(|message| ParseError {
                        at: Some(place),
                        message,
                    })
            }
            Token::And | Token::Or | Token::Close => Err(ParseError {
                at: Some(place),
                message: "expected a property name, `!` or `(` in the condition".to_owned(),
            }),
        }
    }
}

impl<A> Cond<A> {
    /// Every property it tests, in order (with repeats).
    pub fn properties(&self) -> Vec<&A> {
        let mut out = Vec::new();
        self.collect(&mut out);
        out
    }

    fn collect<'a>(&'a self, out: &mut Vec<&'a A>) {
        match self {
            Cond::Property(p) => out.push(p),
            Cond::Not(c) => c.collect(out),
            Cond::And(a, b) | Cond::Or(a, b) => {
                a.collect(out);
                b.collect(out);
            }
        }
    }

    /// Kleene's three-valued logic: `None` is "not decided yet".
    pub fn eval(&self, value: &dyn Fn(&A) -> Option<bool>) -> Option<bool> {
        match self {
            Cond::Property(p) => value(p),
            Cond::Not(c) => c.eval(value).map(|v| !v),
            Cond::And(a, b) => match (a.eval(value), b.eval(value)) {
                (Some(false), _) | (_, Some(false)) => Some(false),
                (Some(true), Some(true)) => Some(true),
                _ => None,
            },
            Cond::Or(a, b) => match (a.eval(value), b.eval(value)) {
                (Some(true), _) | (_, Some(true)) => Some(true),
                (Some(false), Some(false)) => Some(false),
                _ => None,
            },
        }
    }
}

/// Written back with the parentheses it needs, and no more.
impl<A: fmt::Display> fmt::Display for Cond<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cond::Property(p) => write!(f, "{p}"),
            Cond::Not(c) => match **c {
                Cond::Property(_) | Cond::Not(_) => write!(f, "!{c}"),
                _ => write!(f, "!({c})"),
            },
            // Left-associative: a right operand of the same operator
            // keeps its parentheses, so that it parses back the same.
            Cond::And(a, b) => {
                match **a {
                    Cond::Or(..) => write!(f, "({a})")?,
                    _ => write!(f, "{a}")?,
                }
                match **b {
                    Cond::Or(..) | Cond::And(..) => write!(f, " && ({b})"),
                    _ => write!(f, " && {b}"),
                }
            }
            Cond::Or(a, b) => match **b {
                Cond::Or(..) => write!(f, "{a} || ({b})"),
                _ => write!(f, "{a} || {b}"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<Cond<String>, ParseError<usize>> {
        parse(&tokenize(text)?, &mut |name, _| Ok(name.to_owned()))
    }

    #[test]
    fn precedence_and_printing_back() {
        assert_eq!(parsed("A || B && !C").unwrap().to_string(), "A || B && !C");
        assert_eq!(
            parsed("(A || B) && C").unwrap().to_string(),
            "(A || B) && C"
        );
        assert_eq!(parsed("!(A && B)").unwrap().to_string(), "!(A && B)");
        assert_eq!(parsed("((A))").unwrap().to_string(), "A");
        assert_eq!(
            parsed("A || (B || C)").unwrap().to_string(),
            "A || (B || C)"
        );
        assert_eq!(parsed("(A || B) || C").unwrap().to_string(), "A || B || C");
        assert_eq!(
            parsed("A && (B && C)").unwrap().to_string(),
            "A && (B && C)"
        );
        for text in ["A || (B || C)", "!(A && B) && (C || !D)", "A && B && C"] {
            let cond = parsed(text).unwrap();
            assert_eq!(parsed(&cond.to_string()).unwrap(), cond, "{text}");
        }
    }

    #[test]
    fn errors_say_what_and_where() {
        let error = |text: &str| parsed(text).unwrap_err();
        assert_eq!(error("A & B").message, "`&` must be doubled: `&&`");
        assert_eq!(error("A & B").at, Some(2));
        assert_eq!(
            error("A B").message,
            "expected `&&`, `||` or the end of the condition"
        );
        assert_eq!(error("A B").at, Some(2));
        assert_eq!(error("A &&").message, "the condition ends too early");
        assert_eq!(error("(A").message, "`(` without its `)`");
        assert_eq!(error("&& A").at, Some(0));
        assert_eq!(error("").message, "the condition is empty");
        assert_eq!(error("A + B").message, "unexpected `+`");
        let unknown = parse(&tokenize("A && Z").unwrap(), &mut |name, _| {
            if name == "A" {
                Ok(0)
            } else {
                Err(format!("no choice defines property `{name}`"))
            }
        });
        assert_eq!(unknown.unwrap_err().at, Some(5));
    }
}
