//! Expressions read and rewritten as tokens: what `find` compares and
//! `codify` writes.

use std::collections::HashMap;

use quote::ToTokens;
use syn::{Expr, Lit, UnOp};

pub(super) fn strip_ref(e: &Expr) -> &Expr {
    match e {
        Expr::Reference(r) => strip_ref(&r.expr),
        Expr::Paren(p) => strip_ref(&p.expr),
        _ => e,
    }
}

pub(super) fn strip_paren(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => strip_paren(&p.expr),
        _ => e,
    }
}

pub(super) fn strip_clone(e: &Expr) -> &Expr {
    match e {
        Expr::MethodCall(m) if m.method == "clone" && m.args.is_empty() => &m.receiver,
        _ => e,
    }
}

pub(super) fn number(e: &Expr) -> Option<f64> {
    match strip_paren(e) {
        Expr::Lit(l) => match &l.lit {
            Lit::Int(i) => i.base10_digits().parse().ok(),
            Lit::Float(f) => f.base10_digits().parse().ok(),
            _ => None,
        },
        Expr::Unary(u) if matches!(u.op, UnOp::Neg(_)) => number(&u.expr).map(|n| -n),
        _ => None,
    }
}

/// The follow-up of two related literals as an expression of the source
/// input named `name`: `x * 2`, `x / 2`, `x + 3`, `x - 3`, or a string
/// with text added (`format!("{x}, more")`).
pub(super) fn literal_relation(source: &Expr, follow: &Expr, name: &str) -> Option<Expr> {
    if let (Some(a), Some(b)) = (number(source), number(follow)) {
        // The same value (`1u8` and `1u16`): no change of the input.
        if a == b {
            return None;
        }
        let is_float = text(source).contains('.') || text(follow).contains('.');
        let lit = |v: f64| {
            if is_float {
                format!("{v:?}")
            } else {
                format!("{}", v as i64)
            }
        };
        let code = if a != 0.0 && b != 0.0 && (b / a).fract() == 0.0 && b / a > 0.0 {
            format!("{name} * {}", lit(b / a))
        } else if a != 0.0 && b != 0.0 && (a / b).fract() == 0.0 && a / b > 0.0 {
            format!("{name} / {}", lit(a / b))
        } else if b >= a {
            format!("{name} + {}", lit(b - a))
        } else {
            format!("{name} - {}", lit(a - b))
        };
        return syn::parse_str(&code).ok();
    }
    let (Expr::Lit(s), Expr::Lit(f)) = (strip_paren(source), strip_paren(follow)) else {
        return None;
    };
    let (Lit::Str(s), Lit::Str(f)) = (&s.lit, &f.lit) else {
        return None;
    };
    let (s, f) = (s.value(), f.value());
    let code = if let Some(rest) = f.strip_prefix(&s) {
        format!("format!(\"{{{name}}}{}\")", escape_format(rest))
    } else if let Some(rest) = f.strip_suffix(&s) {
        format!("format!(\"{}{{{name}}}\")", escape_format(rest))
    } else {
        return None;
    };
    // A `&'static str` input gives a `String` follow-up: leak it, as a
    // test may.
    syn::parse_str(&format!("&*{code}.leak()")).ok()
}

pub(super) fn escape_format(s: &str) -> String {
    s.escape_default()
        .to_string()
        .replace('{', "{{")
        .replace('}', "}}")
}

/// `e` with every occurrence of `from` replaced by `to`.
pub(super) fn replace(e: &Expr, from: &Expr, to: &Expr) -> Expr {
    struct Replacer<'a> {
        from: String,
        to: &'a Expr,
    }
    impl syn::visit_mut::VisitMut for Replacer<'_> {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            if text(e) == self.from {
                *e = self.to.clone();
                return;
            }
            // A macro's arguments (`format!`, `vec!`) are expressions too.
            if let Expr::Macro(m) = e
                && let Ok(mut args) = m.mac.parse_body_with(
                    syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated,
                )
            {
                for arg in args.iter_mut() {
                    self.visit_expr_mut(arg);
                }
                m.mac.tokens = args.to_token_stream();
                return;
            }
            syn::visit_mut::visit_expr_mut(self, e);
        }
    }
    let mut e = e.clone();
    let mut replacer = Replacer {
        from: text(from),
        to,
    };
    syn::visit_mut::VisitMut::visit_expr_mut(&mut replacer, &mut e);
    e
}

/// Locals bound to outputs read through their values.
pub(super) fn inline(e: &Expr, outputs: &HashMap<&str, &Expr>) -> Expr {
    let mut e = e.clone();
    for _ in 0..4 {
        let mut changed = false;
        for (name, value) in outputs {
            let local: Expr = match syn::parse_str(name) {
                Ok(local) => local,
                Err(_) => continue,
            };
            if contains(&e, &local) {
                e = replace(&e, &local, &syn::parse_quote!((#value)));
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    e
}

/// Whether `needle` is `hay` or one of its sub-expressions.
pub(super) fn contains(hay: &Expr, needle: &Expr) -> bool {
    struct Finder {
        needle: String,
        found: bool,
    }
    impl<'ast> syn::visit::Visit<'ast> for Finder {
        fn visit_expr(&mut self, e: &'ast Expr) {
            if self.found || text(e) == self.needle {
                self.found = true;
                return;
            }
            // A macro's arguments (`format!`, `vec!`) are expressions too.
            if let Expr::Macro(m) = e
                && let Ok(args) = m.mac.parse_body_with(
                    syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated,
                )
            {
                for arg in &args {
                    self.visit_expr(arg);
                }
                return;
            }
            syn::visit::visit_expr(self, e);
        }
    }
    let mut finder = Finder {
        needle: text(needle),
        found: false,
    };
    syn::visit::Visit::visit_expr(&mut finder, hay);
    finder.found
}

pub(super) fn literal(e: &Expr) -> bool {
    number(e).is_some() || matches!(strip_paren(e), Expr::Lit(_))
}

pub(super) fn is_local(e: &Expr) -> bool {
    matches!(e, Expr::Path(p) if p.path.get_ident().is_some())
}

/// Tokens as text, spaced as `quote` prints them.
pub(super) fn text(e: &Expr) -> String {
    e.to_token_stream().to_string()
}

pub(super) fn word_in(text: &str, word: &str) -> bool {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|w| w == word)
}

/// The code of `t` as the file writes it, on one line.
pub(super) fn snippet(source: &str, t: &impl syn::spanned::Spanned) -> String {
    let span = t.span();
    let (start, end) = (span.start(), span.end());
    let lines: Vec<&str> = source.lines().collect();
    let mut out = String::new();
    for line in start.line..=end.line {
        let Some(text) = lines.get(line.wrapping_sub(1)) else {
            break;
        };
        let from = if line == start.line { start.column } else { 0 };
        let to = if line == end.line {
            end.column
        } else {
            text.chars().count()
        };
        let part: String = text
            .chars()
            .skip(from)
            .take(to.saturating_sub(from))
            .collect();
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(part.trim());
    }
    out
}

pub(super) fn string_like(e: &Expr) -> bool {
    matches!(strip_paren(e), Expr::Lit(l) if matches!(l.lit, Lit::Str(_)))
}
