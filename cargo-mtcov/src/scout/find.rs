//! Finding the tests that encode a relation: a test that calls one
//! function of the crate twice (or a function on the output of another),
//! where one call's input is built from the other's (or both are literals
//! related by an expression), and an assertion relates their outputs.
//!
//! Read from the source alone with `syn`: no type is known but what the
//! code writes, so a look-alike that relates nothing (the same input
//! twice, outputs of unrelated inputs) is never taken for a relation.

use std::collections::HashMap;

use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{BinOp, Expr, ExprCall, ExprMethodCall, Pat, Stmt, Type};

use super::crate_fns::{CrateFns, FnSig};
use super::exprs::{inline, replace, snippet, strip_ref, text, word_in};
use super::forms::{round_trip, same_function};

/// A test function as read: where, and its body.
pub(crate) struct TestFn<'a> {
    /// `module::path::name` inside its file's crate or test target.
    pub name: String,
    /// Its file's text.
    pub source: &'a str,
    pub body: &'a syn::Block,
}

/// How a relation's follow-up input differs from its source input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum InputChange {
    /// The output of one function given to another (`g(f(x)) == x`).
    RoundTrip,
    /// The arguments swapped, or a collection reversed or sorted.
    Permutation,
    /// An element or a part added (`push`, `concat`, `format!`, `+`).
    Addition,
    /// A number multiplied or divided.
    Scaling,
    /// A number moved by a constant.
    Shift,
    /// Another expression of the source input.
    Transformation,
}

/// How the outputs are related.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum OutputRelation {
    Equal,
    Different,
    Ordered,
    Contains,
    Prefix,
    Suffix,
}

impl InputChange {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::RoundTrip => "round-trip",
            Self::Permutation => "permutation",
            Self::Addition => "addition",
            Self::Scaling => "scaling",
            Self::Shift => "shift",
            Self::Transformation => "transformation",
        }
    }
}

impl Encoded {
    /// The relation class of its codified MR: `<input change>-<output
    /// relation>`, or `round-trip`.
    pub(crate) fn class(&self) -> String {
        match self.change {
            InputChange::RoundTrip => "round-trip".to_owned(),
            change => format!("{}-{}", change.name(), self.output.name()),
        }
    }
}

impl OutputRelation {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::Equal => "equal",
            Self::Different => "different",
            Self::Ordered => "ordered",
            Self::Contains => "contains",
            Self::Prefix => "prefix",
            Self::Suffix => "suffix",
        }
    }
}

/// An assertion that encodes a relation, with what codifying it needs.
#[derive(Clone)]
pub(crate) struct Encoded {
    pub change: InputChange,
    pub output: OutputRelation,
    /// The function under test (for a round trip: the outer one).
    pub function: FnSig,
    /// The assertion as written, on one line.
    pub assertion: String,
    /// Its line.
    pub line: u32,
    /// The source input: a local's name (`None`: a literal, named `x`).
    pub input_name: Option<String>,
    /// The expression that gives the source input in the test.
    pub input_value: Expr,
    /// The source input's type, when the code says it.
    pub input_type: Option<String>,
    /// The follow-up input, an expression of the source input (`None`
    /// for a round trip, whose follow-up input is the source output).
    pub follow_up: Option<Expr>,
    /// The call on the source input, with the source input written as
    /// its name.
    pub source_call: Expr,
    /// For a round trip, the call on the source output, which is written
    /// `output`; otherwise the follow-up call, its input written as the
    /// source input's name.
    pub follow_up_call: Expr,
    /// The assertion's check, the source call's output written `source`
    /// and the follow-up call's `follow_up`.
    pub check: Expr,
    /// The test's other locals the calls use, as written, in order.
    pub locals: Vec<String>,
    /// Those the source input's value uses.
    pub input_locals: Vec<String>,
}

/// The relations one test encodes; `helpers`: the functions of its file
/// that are one expression or one assertion, read through where called.
pub(crate) fn encoded(test: &TestFn<'_>, fns: &CrateFns, helpers: &Helpers) -> Vec<Encoded> {
    let mut lets: Vec<Let> = Vec::new();
    let mut found = Vec::new();
    // Assertions of one call against a value: two with the same value
    // relate their calls' outputs.
    let mut singles: Vec<Single> = Vec::new();
    for stmt in &test.body.stmts {
        let asserted = match stmt {
            Stmt::Local(local) => {
                if let (Some((name, ty)), Some(init)) = (binding(&local.pat), &local.init) {
                    lets.push(Let {
                        name,
                        ty,
                        init: helpers.inline(&init.expr),
                        text: snippet(test.source, local),
                    });
                }
                None
            }
            Stmt::Macro(m) => assertion(&m.mac, test.source).map(|a| (a, line_of(&m.mac))),
            Stmt::Expr(Expr::Macro(m), _) => {
                assertion(&m.mac, test.source).map(|a| (a, line_of(&m.mac)))
            }
            Stmt::Expr(Expr::Call(call), _) => helpers
                .assertion(call, test.source)
                .map(|a| (a, call.func.span().start().line as u32)),
            _ => None,
        };
        let Some((mut a, line)) = asserted else {
            continue;
        };
        a.left = helpers.inline(&a.left);
        a.right = helpers.inline(&a.right);
        match relation(&a, &lets, fns, line) {
            Some(e) => found.push(e),
            None => singles.extend(Single::of(&a, &lets, fns, line)),
        }
    }
    // Consecutive assertions of one value, paired.
    for (i, first) in singles.iter().enumerate() {
        let Some(second) = singles[i + 1..].iter().find(|s| s.key == first.key) else {
            continue;
        };
        let pair = Assertion {
            left: first.actual.clone(),
            right: second.actual.clone(),
            output: OutputRelation::Equal,
            op: None,
            tolerance: first.tolerance.clone(),
            paired: true,
            text: format!("{}; {}", first.text, second.text),
        };
        found.extend(relation(&pair, &lets, fns, first.line));
    }
    found
}

/// An equality of one call's output and a value.
struct Single {
    /// The value (and the tolerance), as tokens.
    key: String,
    actual: Expr,
    tolerance: Option<Expr>,
    text: String,
    line: u32,
}

impl Single {
    fn of(a: &Assertion, lets: &[Let], fns: &CrateFns, line: u32) -> Option<Single> {
        if a.output != OutputRelation::Equal {
            return None;
        }
        let outputs = outputs(lets, fns);
        let (left, right) = (inline(&a.left, &outputs), inline(&a.right, &outputs));
        let (actual, value) = match (calls(&left, fns).len(), calls(&right, fns).len()) {
            (1, 0) => (left, &a.right),
            (0, 1) => (right, &a.left),
            _ => return None,
        };
        let tolerance = a.tolerance.as_ref().map(text).unwrap_or_default();
        Some(Single {
            key: format!("{} ~ {tolerance}", text(value)),
            actual,
            tolerance: a.tolerance.clone(),
            text: a.text.clone(),
            line,
        })
    }
}

/// The test file's functions that are one expression (`fn v(s: &str) ->
/// Version { Version::parse(s).unwrap() }`) or one assertion (`fn
/// assert_dist(d: usize, a: &str, b: &str) { assert_eq!(Ok(d), hamming(a,
/// b)); }`), by name: a call to one is read as its body.
#[derive(Default)]
pub(crate) struct Helpers {
    by_name: HashMap<String, (Vec<String>, Expr)>,
}

impl Helpers {
    /// Adds the helpers of a file; `test_file`: a file of `tests/` (else a
    /// `src/` file, whose `#[cfg(test)]` modules alone are test code).
    pub(crate) fn add(&mut self, file: &syn::File, test_file: bool) {
        fn walk(
            items: &[syn::Item],
            in_tests: bool,
            out: &mut HashMap<String, (Vec<String>, Expr)>,
        ) {
            for item in items {
                match item {
                    syn::Item::Fn(f) if in_tests => {
                        if f.attrs.iter().any(|a| a.path().is_ident("test")) {
                            continue;
                        }
                        let params: Option<Vec<String>> = f
                            .sig
                            .inputs
                            .iter()
                            .map(|a| match a {
                                syn::FnArg::Typed(t) => match &*t.pat {
                                    Pat::Ident(p) => Some(p.ident.to_string()),
                                    _ => None,
                                },
                                syn::FnArg::Receiver(_) => None,
                            })
                            .collect();
                        let body = match f.block.stmts.as_slice() {
                            [Stmt::Expr(e, _)] => Some(e.clone()),
                            [Stmt::Macro(m)] => Some(Expr::Macro(syn::ExprMacro {
                                attrs: Vec::new(),
                                mac: m.mac.clone(),
                            })),
                            _ => None,
                        };
                        if let (Some(params), Some(body)) = (params, body) {
                            out.insert(f.sig.ident.to_string(), (params, body));
                        }
                    }
                    syn::Item::Mod(m) => {
                        if let Some((_, items)) = &m.content {
                            let in_tests = in_tests || super::crate_fns::is_test_only(&m.attrs);
                            walk(items, in_tests, out);
                        }
                    }
                    _ => {}
                }
            }
        }
        walk(&file.items, test_file, &mut self.by_name);
    }

    /// The body of the helper `call` calls, its parameters given the
    /// call's arguments.
    fn body(&self, call: &ExprCall) -> Option<Expr> {
        let Expr::Path(p) = &*call.func else {
            return None;
        };
        let (params, body) = self.by_name.get(&p.path.get_ident()?.to_string())?;
        if params.len() != call.args.len() {
            return None;
        }
        let mut body = body.clone();
        for (param, arg) in params.iter().zip(&call.args) {
            let param: Expr = syn::parse_str(param).ok()?;
            body = replace(&body, &param, &syn::parse_quote!((#arg)));
        }
        Some(body)
    }

    /// `e` with every call of a value helper read as its body.
    fn inline(&self, e: &Expr) -> Expr {
        struct Inline<'h>(&'h Helpers);
        impl syn::visit_mut::VisitMut for Inline<'_> {
            fn visit_expr_mut(&mut self, e: &mut Expr) {
                if let Expr::Call(call) = e
                    && let Some(body) = self.0.body(call)
                    && !matches!(body, Expr::Macro(_))
                {
                    *e = syn::parse_quote!((#body));
                }
                syn::visit_mut::visit_expr_mut(self, e);
            }
        }
        if self.by_name.is_empty() {
            return e.clone();
        }
        let mut e = e.clone();
        syn::visit_mut::VisitMut::visit_expr_mut(&mut Inline(self), &mut e);
        e
    }

    /// A call of an assertion helper, as the assertion it makes.
    fn assertion(&self, call: &ExprCall, source: &str) -> Option<Assertion> {
        let Expr::Macro(m) = self.body(call)? else {
            return None;
        };
        let mut a = assertion(&m.mac, source)?;
        a.text = snippet(source, call);
        Some(a)
    }
}

pub(super) struct Let {
    pub(super) name: String,
    pub(super) ty: Option<Type>,
    pub(super) init: Expr,
    pub(super) text: String,
}

/// `let name (: T)? = ...`
fn binding(pat: &Pat) -> Option<(String, Option<Type>)> {
    match pat {
        Pat::Ident(p) if p.subpat.is_none() => Some((p.ident.to_string(), None)),
        Pat::Type(t) => match &*t.pat {
            Pat::Ident(p) if p.subpat.is_none() => {
                Some((p.ident.to_string(), Some((*t.ty).clone())))
            }
            _ => None,
        },
        _ => None,
    }
}

/// An assertion's two sides and how they are compared.
pub(super) struct Assertion {
    pub(super) left: Expr,
    pub(super) right: Expr,
    pub(super) output: OutputRelation,
    /// The comparison, for `Ordered` (`<`, `<=`, `>`, `>=`).
    pub(super) op: Option<BinOp>,
    /// For an equality within a tolerance (`assert_delta!(e, a, d)`): `d`.
    pub(super) tolerance: Option<Expr>,
    /// Two assertions of one value each, paired: their outputs are
    /// related only if all but the call is the same on both sides, and
    /// their inputs by more than arithmetic on two numbers.
    pub(super) paired: bool,
    pub(super) text: String,
}

fn assertion(mac: &syn::Macro, source: &str) -> Option<Assertion> {
    let name = mac.path.segments.last()?.ident.to_string();
    let args = mac
        .parse_body_with(syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated)
        .ok()?;
    let mut args = args.into_iter();
    let text = snippet(source, mac);
    match name.as_str() {
        "assert_eq" | "debug_assert_eq" | "assert_ne" | "debug_assert_ne" => {
            let (left, right) = (args.next()?, args.next()?);
            let output = if name.ends_with("ne") {
                OutputRelation::Different
            } else {
                OutputRelation::Equal
            };
            Some(Assertion {
                left,
                right,
                output,
                op: None,
                tolerance: None,
                paired: false,
                text,
            })
        }
        // `assert_delta!(expected, actual, delta)` and its like.
        approx
            if ["delta", "approx", "close", "near"]
                .iter()
                .any(|w| approx.contains(w)) =>
        {
            let (left, right, tolerance) = (args.next()?, args.next()?, args.next()?);
            Some(Assertion {
                left,
                right,
                output: OutputRelation::Equal,
                op: None,
                tolerance: Some(tolerance),
                paired: false,
                text,
            })
        }
        "assert" | "debug_assert" => {
            let cond = args.next()?;
            let (left, right, output, op) = match cond {
                Expr::Binary(b) => {
                    let output = match b.op {
                        BinOp::Eq(_) => OutputRelation::Equal,
                        BinOp::Ne(_) => OutputRelation::Different,
                        BinOp::Lt(_) | BinOp::Le(_) | BinOp::Gt(_) | BinOp::Ge(_) => {
                            OutputRelation::Ordered
                        }
                        _ => return None,
                    };
                    (*b.left, *b.right, output, Some(b.op))
                }
                Expr::MethodCall(m) if m.args.len() == 1 => {
                    let output = match m.method.to_string().as_str() {
                        "contains" => OutputRelation::Contains,
                        "starts_with" => OutputRelation::Prefix,
                        "ends_with" => OutputRelation::Suffix,
                        _ => return None,
                    };
                    (*m.receiver, strip_ref(&m.args[0]).clone(), output, None)
                }
                _ => return None,
            };
            Some(Assertion {
                left,
                right,
                output,
                op,
                tolerance: None,
                paired: false,
                text,
            })
        }
        _ => None,
    }
}

/// A call of a crate function found in an expression.
#[derive(Clone)]
pub(super) struct Call {
    pub(super) sig: FnSig,
    /// The arguments, a method's receiver first.
    pub(super) args: Vec<Expr>,
    pub(super) expr: Expr,
}

/// The outermost calls of crate functions in `e`.
fn calls(e: &Expr, fns: &CrateFns) -> Vec<Call> {
    struct Finder<'f> {
        fns: &'f CrateFns,
        found: Vec<Call>,
    }
    impl<'ast> Visit<'ast> for Finder<'_> {
        fn visit_expr_call(&mut self, c: &'ast ExprCall) {
            if let Expr::Path(p) = &*c.func
                && let Some(sig) = self.fns.function(&p.path)
            {
                self.found.push(Call {
                    sig: sig.clone(),
                    args: c.args.iter().cloned().collect(),
                    expr: Expr::Call(c.clone()),
                });
                return;
            }
            syn::visit::visit_expr_call(self, c);
        }
        fn visit_expr_method_call(&mut self, c: &'ast ExprMethodCall) {
            if let Some(sig) = self.fns.method(&c.method.to_string()) {
                let mut args = vec![(*c.receiver).clone()];
                args.extend(c.args.iter().cloned());
                self.found.push(Call {
                    sig: sig.clone(),
                    args,
                    expr: Expr::MethodCall(c.clone()),
                });
                return;
            }
            syn::visit::visit_expr_method_call(self, c);
        }
    }
    let mut finder = Finder {
        fns,
        found: Vec::new(),
    };
    finder.visit_expr(e);
    finder.found
}

/// The locals that hold outputs (their values call the crate), read
/// through them.
fn outputs<'l>(lets: &'l [Let], fns: &CrateFns) -> HashMap<&'l str, &'l Expr> {
    lets.iter()
        .filter(|l| !calls(&l.init, fns).is_empty())
        .map(|l| (l.name.as_str(), &l.init))
        .collect()
}

/// The relation an assertion encodes, if any.
fn relation(a: &Assertion, lets: &[Let], fns: &CrateFns, line: u32) -> Option<Encoded> {
    let outputs = outputs(lets, fns);
    let left = inline(&a.left, &outputs);
    let right = inline(&a.right, &outputs);
    let (lc, rc) = (calls(&left, fns), calls(&right, fns));
    let found = match (lc.as_slice(), rc.as_slice()) {
        ([l], [r]) if l.sig.name == r.sig.name => same_function(a, &left, &right, l, r, lets)?,
        ([outer], []) => round_trip(a, &left, &right, outer, lets)?,
        ([], [outer]) => round_trip(a, &right, &left, outer, lets)?,
        _ => return None,
    };
    Some(Encoded { line, ..found })
}

/// The test's locals (other than the source input) the calls use, and
/// those they use in turn, as their `let` statements, in order.
pub(super) fn locals_used(calls: &[&Expr], lets: &[Let], input: Option<&str>) -> Vec<String> {
    let mut wanted: Vec<&str> = Vec::new();
    let mut words: String = calls.iter().map(|c| text(c)).collect::<Vec<_>>().join(" ");
    for l in lets.iter().rev() {
        if Some(l.name.as_str()) == input || wanted.contains(&l.name.as_str()) {
            continue;
        }
        if word_in(&words, &l.name) {
            wanted.push(&l.name);
            words.push(' ');
            words.push_str(&text(&l.init));
        }
    }
    lets.iter()
        .filter(|l| wanted.contains(&l.name.as_str()))
        .map(|l| l.text.clone())
        .collect()
}

fn line_of(mac: &syn::Macro) -> u32 {
    mac.path
        .segments
        .first()
        .map_or(0, |s| s.ident.span().start().line as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The classes and assertions found in `tests` (a file of `#[test]`
    /// functions) against the library `lib`.
    fn found(lib: &str, tests: &str) -> Vec<(String, String)> {
        let mut fns = CrateFns::new("lib".into());
        fns.add_file(&syn::parse_file(lib).unwrap(), &[], true);
        let file = syn::parse_file(tests).unwrap();
        let mut out = Vec::new();
        for item in &file.items {
            let syn::Item::Fn(f) = item else { continue };
            let test = TestFn {
                name: f.sig.ident.to_string(),
                source: tests,
                body: &f.block,
            };
            let mut helpers = Helpers::default();
            helpers.add(&file, true);
            for e in encoded(&test, &fns, &helpers) {
                out.push((e.class(), e.assertion));
            }
        }
        out
    }

    const LIB: &str = "pub fn f(a: u32, b: u32) -> u32 { a + b }\n\
                       pub fn len(s: &str) -> usize { s.len() }\n\
                       pub fn count(s: &str) -> usize { s.len() }\n\
                       pub fn enc(v: &[u8]) -> String { String::new() }\n\
                       pub fn dec(s: &str) -> Vec<u8> { Vec::new() }";

    #[test]
    fn relations_of_each_form_are_found() {
        let tests = "\
fn swapped() { assert_eq!(f(1, 2), f(2, 1)); }
fn scaled() { let n = 3u32; assert!(f(n, 1) <= f(n * 2, 1)); }
fn through_locals() { let a = count(\"ab\"); let b = count(\"ab!\"); assert!(a <= b); }
fn round() { let v = vec![1u8, 2]; assert_eq!(dec(&enc(&v)), v); }
fn shifted() { let x = 4; assert_ne!(f(x, 0), f(x + 1, 0)); }
fn paired() { assert_eq!(count(\"ab\"), 2); assert_eq!(count(\"ab!\"), 3); assert_eq!(count(\"ab \"), 2); }
";
        let classes: Vec<String> = found(LIB, tests).into_iter().map(|(c, _)| c).collect();
        assert_eq!(
            classes,
            [
                "permutation-equal",
                "scaling-ordered",
                "addition-ordered",
                "round-trip",
                "shift-different",
                "addition-equal"
            ]
        );
    }

    #[test]
    fn look_alikes_encode_nothing() {
        let tests = "\
fn one_call_each() { assert_eq!(f(1, 2), 3); assert_eq!(f(2, 2), 4); }
fn same_input_twice() { assert_eq!(f(1, 2), f(1, 2)); }
fn unrelated_texts() { assert_ne!(count(\"ab\"), count(\"xy\")); }
fn two_functions() { assert!(count(\"ab\") <= f(1, 1) as usize); }
fn std_len_is_not_the_crates() { let v = vec![1]; assert_eq!(v.len(), [1].len()); }
fn same_value_other_type() { assert_ne!(f(1u32, 0), f(1, 0)); }
fn two_cases_of_one_value() { assert_eq!(f(1, 2), 3); assert_eq!(f(0, 3), 3); assert_eq!(f(2, 1), 3); }
fn other_code_around_the_calls() { assert_eq!(f(1, 2) + 1, 4); assert_eq!(f(2, 1) * 1, 4); }
fn a_literal_is_no_round_trip() { let s = enc(&[2]); assert_eq!(dec(&s).len(), 2); }
";
        assert_eq!(found(LIB, tests), Vec::<(String, String)>::new());
    }

    #[test]
    fn related_literals_become_an_expression_of_the_input() {
        let e = |s: &str| syn::parse_str::<Expr>(s).unwrap();
        let rel = |a: &str, b: &str| {
            super::super::exprs::literal_relation(&e(a), &e(b), "x").map(|r| text(&r))
        };
        assert_eq!(rel("20", "10").as_deref(), Some("x / 2"));
        assert_eq!(rel("3", "12").as_deref(), Some("x * 4"));
        assert_eq!(rel("3", "5").as_deref(), Some("x + 2"));
        assert_eq!(
            rel("\"ab\"", "\"ab!\"").as_deref(),
            Some("& * format ! (\"{x}!\") . leak ()")
        );
        assert_eq!(rel("\"ab\"", "\"xy\""), None);
    }
}
