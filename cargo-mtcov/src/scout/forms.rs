//! The forms of relation an assertion encodes, and what each needs to
//! be codified: which call is the source, how the follow-up input is
//! made of the source input, the input's type, and the check.

use quote::ToTokens;
use syn::{BinOp, Expr, Lit, Type};

use super::crate_fns::FnSig;
use super::exprs::{
    contains, is_local, literal, literal_relation, number, replace, string_like, strip_clone,
    strip_paren, strip_ref, text,
};
use super::find::{Assertion, Call, Encoded, InputChange, Let, OutputRelation, locals_used};

/// `f(x) ~ f(e(x))`: one function on two inputs.
pub(super) fn same_function(
    a: &Assertion,
    left: &Expr,
    right: &Expr,
    l: &Call,
    r: &Call,
    lets: &[Let],
) -> Option<Encoded> {
    if l.args.len() != r.args.len() {
        return None;
    }
    let differing: Vec<usize> = (0..l.args.len())
        .filter(|&i| text(&l.args[i]) != text(&r.args[i]))
        .collect();
    if a.paired {
        // Both sides equal one value: the same code around the call.
        let hole: Expr = syn::parse_quote!(__call);
        if text(&replace(left, &l.expr, &hole)) != text(&replace(right, &r.expr, &hole)) {
            return None;
        }
    }
    // Which call is the source: the one whose input the other's contains.
    let (source, follow, swap) = match differing.as_slice() {
        [] => return None,
        [i] => {
            let (ls, rs) = (strip_ref(&l.args[*i]), strip_ref(&r.args[*i]));
            let (s, f) = (&through_locals(ls, rs, lets), &through_locals(rs, ls, lets));
            if contains(f, s) {
                (l, r, false)
            } else if contains(s, f) {
                (r, l, true)
            } else if literal(s) && literal(f) && !(a.paired && number(s).is_some()) {
                (l, r, false)
            } else {
                return None;
            }
        }
        many => {
            // Arguments swapped: the same ones in another order.
            let mut ls: Vec<String> = many.iter().map(|&i| text(&l.args[i])).collect();
            let mut rs: Vec<String> = many.iter().map(|&i| text(&r.args[i])).collect();
            ls.sort();
            rs.sort();
            if ls != rs {
                return None;
            }
            return permuted(a, left, right, l, r, many, lets);
        }
    };
    let i = differing[0];
    let s_arg = strip_ref(&source.args[i]).clone();
    let f_arg = through_locals(strip_ref(&follow.args[i]), &s_arg, lets);
    let change = change_of(&s_arg, &f_arg);
    let (input_name, input_value, input_type) = input_of(&s_arg, lets, &source.sig, i);
    let name = input_name.clone().unwrap_or_else(|| "x".to_owned());
    let input_expr: Expr = syn::parse_str(&name).ok()?;
    let follow_up = if literal(&s_arg) && literal(&f_arg) {
        literal_relation(&s_arg, &f_arg, &name)?
    } else {
        replace(&f_arg, &s_arg, &input_expr)
    };
    let source_call = replace(&source.expr, &s_arg, &input_expr);
    let follow_up_call = replace(&follow.expr, strip_ref(&follow.args[i]), &input_expr);
    let (src_side, fol_side) = if swap { (right, left) } else { (left, right) };
    let check = check_expr(a, swap, (src_side, &source.expr), (fol_side, &follow.expr));
    let locals = locals_used(&[&source_call], lets, input_name.as_deref());
    let input_locals = locals_used(&[&input_value], lets, input_name.as_deref());
    Some(Encoded {
        change,
        output: a.output,
        function: source.sig.clone(),
        assertion: a.text.clone(),
        line: 0,
        input_name,
        input_value,
        input_type,
        follow_up: Some(follow_up),
        source_call,
        follow_up_call,
        check,
        locals,
        input_locals,
    })
}

/// A follow-up input kept in a local (`let reversed = ...; f(&reversed)`)
/// read through its value when that value is built from `source`.
pub(super) fn through_locals(follow: &Expr, source: &Expr, lets: &[Let]) -> Expr {
    let mut e = follow.clone();
    for _ in 0..4 {
        let Expr::Path(p) = &e else { break };
        let Some(name) = p.path.get_ident().map(ToString::to_string) else {
            break;
        };
        match lets.iter().rev().find(|l| l.name == name) {
            Some(l) if contains(&l.init, source) => e = l.init.clone(),
            _ => break,
        }
    }
    e
}

/// `f(a, b) ~ f(b, a)`: the source input is the tuple of the swapped
/// arguments.
pub(super) fn permuted(
    a: &Assertion,
    left: &Expr,
    right: &Expr,
    l: &Call,
    r: &Call,
    positions: &[usize],
    lets: &[Let],
) -> Option<Encoded> {
    if positions.len() != 2 {
        return None;
    }
    let (i, j) = (positions[0], positions[1]);
    let (first, second) = (strip_ref(&l.args[i]), strip_ref(&l.args[j]));
    // Each argument's type, as a pair's.
    let (_, v1, t1) = input_of(first, lets, &l.sig, i);
    let (_, v2, t2) = input_of(second, lets, &l.sig, j);
    let input_type = match (t1, t2) {
        (Some(a), Some(b)) => Some(format!("({a}, {b})")),
        _ => None,
    };
    let (p0, p1): (Expr, Expr) = (
        syn::parse_str("x.0.clone()").ok()?,
        syn::parse_str("x.1.clone()").ok()?,
    );
    let source_call = replace(&replace(&l.expr, first, &p0), second, &p1);
    // The follow-up input is the pair swapped, given to the same call.
    let follow_up: Expr = syn::parse_str("(x.1.clone(), x.0.clone())").ok()?;
    let check = check_expr(a, false, (left, &l.expr), (right, &r.expr));
    let locals = locals_used(&[&source_call], lets, None);
    let input_value: Expr = syn::parse_quote!((#v1, #v2));
    let input_locals = locals_used(&[&input_value], lets, None);
    Some(Encoded {
        change: InputChange::Permutation,
        output: a.output,
        function: l.sig.clone(),
        assertion: a.text.clone(),
        line: 0,
        input_name: None,
        input_value,
        input_type,
        follow_up: Some(follow_up),
        follow_up_call: source_call.clone(),
        source_call,
        check,
        locals,
        input_locals,
    })
}

/// `g(f(x)) == x`: the other side is the source input itself.
pub(super) fn round_trip(
    a: &Assertion,
    with_call: &Expr,
    plain: &Expr,
    outer: &Call,
    lets: &[Let],
) -> Option<Encoded> {
    if a.output != OutputRelation::Equal {
        return None;
    }
    // The source input is a local of the test that holds an input (not
    // an output, not a constant): a literal on one side matches too much
    // (`assert_eq!(f(g(2)).len(), 2)`).
    let x = strip_clone(strip_ref(plain));
    let input_local = is_local(x)
        && lets
            .iter()
            .rev()
            .find(|l| text(x) == l.name)
            .is_some_and(|l| !contains_call(&l.init));
    if !input_local {
        return None;
    }
    // The outer call's input holds the source input, through another
    // function (a crate one, or a conversion such as `to_string`).
    let position = outer
        .args
        .iter()
        .position(|arg| contains(arg, x) && text(strip_ref(arg)) != text(x))?;
    let inner = strip_ref(&outer.args[position]).clone();
    let (input_name, input_value, mut input_type) = input_of(x, lets, &outer.sig, usize::MAX);
    if input_type.is_none() {
        input_type = outer.sig.output.clone().map(|o| unwrap_type(&o));
    }
    let name = input_name.clone().unwrap_or_else(|| "x".to_owned());
    let input_expr: Expr = syn::parse_str(&name).ok()?;
    // The output is borrowed by the follow-up's closure: cloned where the
    // test gave it by value.
    let by_ref = matches!(&outer.args[position], Expr::Reference(_));
    let output_expr: Expr =
        syn::parse_str(if by_ref { "output" } else { "output.clone()" }).ok()?;
    let source_call = replace(&inner, x, &input_expr);
    // Given by reference where the test gave it so.
    let follow_up_call = replace(
        &outer.expr,
        &outer.args[position],
        &match &outer.args[position] {
            Expr::Reference(_) => syn::parse_quote!(&output),
            _ => output_expr,
        },
    );
    let follow_up_side = replace(with_call, &outer.expr, &syn::parse_str("follow_up").ok()?);
    let plain_side = replace(plain, x, &input_expr);
    let check: Expr = syn::parse_quote!(#follow_up_side == #plain_side);
    let locals = locals_used(
        &[&source_call, &follow_up_call],
        lets,
        input_name.as_deref(),
    );
    let input_locals = locals_used(&[&input_value], lets, input_name.as_deref());
    Some(Encoded {
        change: InputChange::RoundTrip,
        output: OutputRelation::Equal,
        function: outer.sig.clone(),
        assertion: a.text.clone(),
        line: 0,
        input_name,
        input_value,
        input_type,
        follow_up: None,
        source_call,
        follow_up_call,
        check,
        locals,
        input_locals,
    })
}

/// Whether `e` calls anything (a let whose value does is an output, or
/// built from one).
fn contains_call(e: &Expr) -> bool {
    struct Finder(bool);
    impl<'ast> syn::visit::Visit<'ast> for Finder {
        fn visit_expr_call(&mut self, _: &'ast syn::ExprCall) {
            self.0 = true;
        }
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            // `clone`, `to_string`, `to_owned`, `into`: a copy of an input.
            if !matches!(
                m.method.to_string().as_str(),
                "clone" | "to_string" | "to_owned" | "into" | "to_vec"
            ) {
                self.0 = true;
            }
            syn::visit::visit_expr_method_call(self, m);
        }
    }
    let mut finder = Finder(false);
    syn::visit::Visit::visit_expr(&mut finder, e);
    finder.0
}

/// `Result<T, E>` / `Option<T>` as `T`: what a round trip gives back
/// once unwrapped.
pub(super) fn unwrap_type(ty: &str) -> String {
    for wrapper in ["Result<", "Option<"] {
        if let Some(rest) = ty.strip_prefix(wrapper) {
            let inner = rest.trim_end_matches('>');
            return inner.split(',').next().unwrap_or(inner).trim().to_owned();
        }
    }
    ty.to_owned()
}

/// The assertion's check over the outputs: each side with its call
/// written as `source` or `follow_up`.
pub(super) fn check_expr(
    a: &Assertion,
    swap: bool,
    source: (&Expr, &Expr),
    follow: (&Expr, &Expr),
) -> Expr {
    let s = replace(source.0, source.1, &syn::parse_quote!(source));
    let f = replace(follow.0, follow.1, &syn::parse_quote!(follow_up));
    let (left, right) = if swap { (f, s) } else { (s, f) };
    match (a.output, &a.op) {
        // Each within `d` of one value: within `2 d` of each other.
        (OutputRelation::Equal, _) if a.tolerance.is_some() => {
            let d = a.tolerance.as_ref();
            syn::parse_quote!(((#left) - (#right)).abs() <= 2.0 * (#d))
        }
        (OutputRelation::Equal, _) => syn::parse_quote!(#left == #right),
        (OutputRelation::Different, _) => syn::parse_quote!(#left != #right),
        (OutputRelation::Ordered, Some(op)) => syn::parse_quote!(#left #op #right),
        (OutputRelation::Ordered, None) => syn::parse_quote!(#left <= #right),
        (OutputRelation::Contains, _) => syn::parse_quote!(#left.contains(&#right)),
        (OutputRelation::Prefix, _) => syn::parse_quote!(#left.starts_with(&#right)),
        (OutputRelation::Suffix, _) => syn::parse_quote!(#left.ends_with(&#right)),
    }
}

/// What kind of change makes `follow` of `source`.
pub(super) fn change_of(source: &Expr, follow: &Expr) -> InputChange {
    if literal(source) && literal(follow) {
        return match (number(source), number(follow)) {
            (Some(a), Some(b)) if a != 0.0 && b != 0.0 && (b / a).fract() == 0.0 => {
                InputChange::Scaling
            }
            (Some(a), Some(b)) if a != 0.0 && b != 0.0 && (a / b).fract() == 0.0 => {
                InputChange::Scaling
            }
            (Some(_), Some(_)) => InputChange::Shift,
            _ => InputChange::Addition,
        };
    }
    let words = text(follow);
    let has = |names: &[&str]| names.iter().any(|n| words.contains(n));
    if has(&[
        "rev", "reverse", "sort", "shuffle", "swap", "permut", "rotate",
    ]) {
        return InputChange::Permutation;
    }
    if has(&[
        "push", "concat", "chain", "extend", "insert", "format !", "append",
    ]) {
        return InputChange::Addition;
    }
    match strip_paren(follow) {
        Expr::Binary(b) => match b.op {
            BinOp::Mul(_) | BinOp::Div(_) => InputChange::Scaling,
            BinOp::Add(_) if string_like(source) => InputChange::Addition,
            BinOp::Add(_) | BinOp::Sub(_) => InputChange::Shift,
            _ => InputChange::Transformation,
        },
        _ => InputChange::Transformation,
    }
}

/// The source input named by `arg`: its local's name, the expression that
/// gives it in the test, and its type when written or evident.
pub(super) fn input_of(
    arg: &Expr,
    lets: &[Let],
    sig: &FnSig,
    position: usize,
) -> (Option<String>, Expr, Option<String>) {
    let arg = strip_clone(arg);
    let local = match arg {
        Expr::Path(p) if p.path.get_ident().is_some() => {
            let name = p
                .path
                .get_ident()
                .map(ToString::to_string)
                .unwrap_or_default();
            lets.iter().rev().find(|l| l.name == name)
        }
        _ => None,
    };
    let (name, value) = match local {
        Some(l) => (Some(l.name.clone()), l.init.clone()),
        None => (None, arg.clone()),
    };
    let written = local.and_then(|l| l.ty.as_ref()).map(type_text);
    let ty = written
        .or_else(|| type_of_value(&value, sig, position))
        .or_else(|| sig.param_owned(position));
    (name, value, ty)
}

/// What a value's expression says of its type.
pub(super) fn type_of_value(e: &Expr, sig: &FnSig, position: usize) -> Option<String> {
    match strip_paren(e) {
        Expr::Lit(l) => match &l.lit {
            Lit::Str(_) => Some("&'static str".to_owned()),
            Lit::Bool(_) => Some("bool".to_owned()),
            Lit::Char(_) => Some("char".to_owned()),
            Lit::Int(i) if !i.suffix().is_empty() => Some(i.suffix().to_owned()),
            Lit::Float(f) if !f.suffix().is_empty() => Some(f.suffix().to_owned()),
            Lit::Int(_) | Lit::Float(_) => sig.param_owned(position),
            _ => None,
        },
        Expr::Macro(m) if m.mac.path.is_ident("vec") => {
            sig.param_owned(position).filter(|t| t.starts_with("Vec<"))
        }
        Expr::Macro(m) if m.mac.path.is_ident("format") => Some("String".to_owned()),
        Expr::MethodCall(m)
            if matches!(
                m.method.to_string().as_str(),
                "to_string" | "to_owned" | "into_owned"
            ) && string_like(&m.receiver) =>
        {
            Some("String".to_owned())
        }
        Expr::Call(c) => match &*c.func {
            Expr::Path(p) if p.path.segments.len() >= 2 => {
                let segments: Vec<String> = p
                    .path
                    .segments
                    .iter()
                    .map(|s| s.ident.to_string())
                    .collect();
                let ty = &segments[segments.len() - 2];
                let ctor = &segments[segments.len() - 1];
                let starts_upper = ty.chars().next().is_some_and(char::is_uppercase);
                (starts_upper && matches!(ctor.as_str(), "new" | "from" | "default"))
                    .then(|| ty.clone())
            }
            _ => None,
        },
        Expr::Struct(s) => s.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

pub(super) fn type_text(ty: &Type) -> String {
    match ty {
        Type::Reference(r) if r.lifetime.is_none() => {
            let inner = &r.elem;
            let mutability = &r.mutability;
            quote::quote!(&'static #mutability #inner).to_string()
        }
        _ => ty.to_token_stream().to_string(),
    }
}
