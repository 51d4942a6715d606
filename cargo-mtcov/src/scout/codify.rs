//! Codifying a found relation: a `#[metamorphic]` function whose source
//! execution is the test's call on its input, whose follow-up is built by
//! the test's own expression, and whose check is the test's assertion;
//! beside it, tests that run it on the test's input and, where the type
//! has a strategy, on generated ones.

use std::collections::BTreeSet;

use quote::{format_ident, quote};
use syn::Expr;

use super::crate_fns::CrateFns;
use super::exprs::{text, word_in};
use super::find::{Encoded, InputChange};

/// A relation as Rust code, or why it is not.
#[derive(Clone, Debug)]
pub(crate) struct Codified {
    /// The `#[metamorphic]` function's name.
    pub name: String,
    /// The input type.
    pub input_type: String,
    /// The items: the MR and the tests that run it.
    pub items: Vec<syn::Item>,
    /// The names of the tests that run it on the test's input and on
    /// generated inputs (`None`: the type has no strategy).
    pub own_test: String,
    pub generated_test: Option<String>,
    /// What the file must import.
    pub imports: BTreeSet<String>,
}

/// Codifies `e`, found in test `test` at `file:line`; `taken` holds the
/// names already used.
pub(crate) fn codify(
    e: &Encoded,
    test: &str,
    file: &str,
    fns: &CrateFns,
    taken: &mut BTreeSet<String>,
) -> Result<Codified, String> {
    if e.function.path.is_none() {
        return Err(format!(
            "`{}` is not public: a test file outside the crate cannot call it",
            e.function.name
        ));
    }
    let Some(input_type) = e.input_type.clone() else {
        return Err("the source input's type is not written in the test or the signature".into());
    };
    let ty: syn::Type = syn::parse_str(&input_type).map_err(|e| format!("type: {e}"))?;
    let base = test.rsplit("::").next().unwrap_or(test).to_owned();
    let mut name = base.clone();
    let mut n = 1;
    while !taken.insert(name.clone()) {
        n += 1;
        name = format!("{base}_{n}");
    }
    let ident = format_ident!("{}", name);
    let class = e.class();
    let local = format_ident!("{}", e.input_name.as_deref().unwrap_or("x"));
    let locals: Vec<syn::Stmt> = e
        .locals
        .iter()
        .filter_map(|l| syn::parse_str(l).ok())
        .collect();
    let source_call = crate_paths(&e.source_call);
    let follow_up_call = crate_paths(&e.follow_up_call);
    let check = crate_paths(&e.check);
    let assertion = &e.assertion;
    let doc = format!(
        " From the test `{test}` ({file}:{}): `{assertion}`.",
        e.line
    );
    let needs_local = |code: &Expr| word_in(&text(code), &local.to_string());
    let local_name = local.to_string();
    let copy = is_copy(&ty);
    let read = match &ty {
        syn::Type::Reference(_) => Read::AsIs,
        _ if copy => Read::Copy,
        _ => Read::Clone,
    };
    let tidy_copy = |e: &Expr| {
        if copy {
            uncloned(e, &local_name)
        } else {
            e.clone()
        }
    };
    let source_call = tidy_copy(&by_reference(&source_call, &local_name, read));
    let follow_up = match (&e.change, &e.follow_up) {
        (InputChange::RoundTrip, _) => {
            let follow_up_call = by_reference(&follow_up_call, "output", Read::Clone);
            quote! {
                let follow_up = mg.follow_up(&source, |output| #follow_up_call);
            }
        }
        (_, Some(input)) => {
            let input = tidy_copy(&crate_paths(input));
            // An input built by `collect()` or `into()` has the source's type.
            let words = text(&input);
            let annotation =
                (words.contains("collect") || words.contains("into ()")).then(|| quote!(: #ty));
            let follow_up_call = tidy_copy(&by_reference(&follow_up_call, &local_name, read));
            quote! {
                let follow_up_input #annotation = #input;
                let follow_up = mg.follow_up(&follow_up_input, |#local| #follow_up_call);
            }
        }
        (_, None) => return Err("no follow-up input".into()),
    };
    let own = (needs_local(&check) || e.follow_up.as_ref().is_some_and(needs_local)).then(|| {
        if copy {
            quote!(let #local = *input;)
        } else {
            quote!(let #local = input.clone();)
        }
    });
    let mr: syn::Item = syn::parse2(quote! {
        #[doc = #doc]
        #[metamorphic(output = #class)]
        fn #ident(mg: &mut Mg, input: &#ty) {
            #(#locals)*
            #own
            let source = mg.source(input, |#local| #source_call);
            #follow_up
            mg.check(#check, || #assertion.to_owned());
        }
    })
    .map_err(|e| format!("codified code does not parse: {e}"))?;
    let value = crate_paths(&e.input_value);
    let input_locals: Vec<syn::Stmt> = e
        .input_locals
        .iter()
        .filter_map(|l| syn::parse_str(l).ok())
        .collect();
    let own_test = format!("{name}_on_its_test_input");
    let own_ident = format_ident!("{}", own_test);
    let mut items = vec![
        mr,
        syn::parse2(quote! {
            #[test]
            fn #own_ident() {
                #(#input_locals)*
                let input: #ty = #value;
                mt_runtime::check(&[input], &[#ident]);
            }
        })
        .map_err(|e| e.to_string())?,
    ];
    let drawn = strategy(&ty);
    let generated_test = drawn
        .as_ref()
        .map(|_| format!("{name}_on_generated_inputs"));
    if let (Some(generated), Some(drawn)) = (&generated_test, drawn) {
        let generated = format_ident!("{}", generated);
        items.push(
            syn::parse2(quote! {
                #[test]
                fn #generated() {
                    mt_runtime::check_strategy(#drawn, &[#ident]);
                }
            })
            .map_err(|e| e.to_string())?,
        );
    }
    let code: String = items
        .iter()
        .map(|i| quote!(#i).to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let imports = fns
        .imports
        .iter()
        .filter(|(name, _)| word_in(&code, name))
        .map(|(_, path)| path.clone())
        .collect();
    Ok(Codified {
        name,
        input_type: pretty_type(&input_type),
        items,
        own_test,
        generated_test,
        imports,
    })
}

/// Items as rustfmt writes them (prettyplease's layout when rustfmt is
/// not installed or fails).
pub(crate) fn format_items(items: &[syn::Item]) -> String {
    let file = syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: items.to_vec(),
    };
    let code = prettyplease::unparse(&file);
    rustfmt(&code).unwrap_or(code)
}

fn rustfmt(code: &str) -> Option<String> {
    use std::io::Write as _;
    let mut child = crate::process::ProcessBuilder::new("rustfmt")
        .args(["--edition", "2024", "--emit", "stdout"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(code.as_bytes()).ok()?;
    let output = child.wait_with_output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8(output.stdout).ok())
        .flatten()
}

/// A proptest strategy of the type: `any` for numbers, `bool`, `char`,
/// `String` and vectors of them, leaked `String`s for `&'static str`
/// (one per drawn case, as a test may), and pairs of those.
fn strategy(ty: &syn::Type) -> Option<proc_macro2::TokenStream> {
    const PLAIN: &[&str] = &[
        "u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64", "isize", "f32", "f64",
        "bool", "char", "String",
    ];
    let words = quote!(#ty).to_string().replace(' ', "");
    if PLAIN.contains(&words.as_str()) {
        return Some(quote!(any::<#ty>()));
    }
    if words == "&'staticstr" {
        return Some(quote!(any::<String>().prop_map(|s| &*s.leak())));
    }
    if let Some(inner) = words.strip_prefix("Vec<").and_then(|t| t.strip_suffix('>'))
        && PLAIN.contains(&inner)
    {
        return Some(quote!(any::<#ty>()));
    }
    match ty {
        syn::Type::Tuple(t) if t.elems.len() == 2 => {
            let a = strategy(&t.elems[0])?;
            let b = strategy(&t.elems[1])?;
            Some(quote!((#a, #b)))
        }
        syn::Type::Paren(p) => strategy(&p.elem),
        _ => None,
    }
}

/// A call written over an owned local `name`, rewritten for a closure
/// that is given `name` by reference: `&name` is `name`, `name` alone is
/// `name.clone()`, and a method call or field on it reads through the
/// reference.
/// How a closure's `&T` argument is read where the test used a `T`.
#[derive(Clone, Copy, PartialEq)]
enum Read {
    /// `x.clone()`.
    Clone,
    /// `*x`: a `Copy` value.
    Copy,
    /// `x`: the value is a shared reference, which deref coercion passes.
    AsIs,
}

fn by_reference(call: &Expr, name: &str, read: Read) -> Expr {
    struct Rewrite<'a>(&'a str, Read);
    impl Rewrite<'_> {
        fn is_local(&self, e: &Expr) -> bool {
            matches!(e, Expr::Path(p) if p.qself.is_none() && p.path.is_ident(self.0))
        }
    }
    impl syn::visit_mut::VisitMut for Rewrite<'_> {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            match e {
                Expr::Reference(r) if r.mutability.is_none() && self.is_local(&r.expr) => {
                    *e = (*r.expr).clone();
                }
                _ if self.is_local(e) => {
                    let local = e.clone();
                    *e = match self.1 {
                        Read::Copy => syn::parse_quote!(*#local),
                        Read::Clone => syn::parse_quote!(#local.clone()),
                        Read::AsIs => local,
                    };
                }
                Expr::MethodCall(m) if self.is_local(&m.receiver) => {
                    for arg in &mut m.args {
                        self.visit_expr_mut(arg);
                    }
                }
                Expr::Field(f) if self.is_local(&f.base) => {}
                _ => syn::visit_mut::visit_expr_mut(self, e),
            }
        }
    }
    let mut call = call.clone();
    syn::visit_mut::VisitMut::visit_expr_mut(&mut Rewrite(name, read), &mut call);
    call
}

/// Whether values of the type are `Copy` as far as its name says
/// (numbers, `bool`, `char`, shared references, and tuples of them):
/// they are copied, not cloned, which clippy would flag.
fn is_copy(ty: &syn::Type) -> bool {
    const COPY: &[&str] = &[
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        "f32", "f64", "bool", "char",
    ];
    match ty {
        syn::Type::Reference(r) => r.mutability.is_none(),
        syn::Type::Tuple(t) => t.elems.iter().all(is_copy),
        syn::Type::Paren(p) => is_copy(&p.elem),
        syn::Type::Path(p) => p.qself.is_none() && COPY.iter().any(|c| p.path.is_ident(c)),
        _ => false,
    }
}

/// `.clone()` of the local or of its fields, for a `Copy` input: the
/// value itself.
fn uncloned(e: &Expr, name: &str) -> Expr {
    struct Uncloned<'a>(&'a str);
    impl syn::visit_mut::VisitMut for Uncloned<'_> {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            if let Expr::MethodCall(m) = e
                && m.method == "clone"
                && m.args.is_empty()
            {
                let mut base = &*m.receiver;
                while let Expr::Field(f) = base {
                    base = &f.base;
                }
                if matches!(base, Expr::Path(p) if p.path.is_ident(self.0))
                    && matches!(&*m.receiver, Expr::Field(_))
                {
                    *e = (*m.receiver).clone();
                    return;
                }
            }
            syn::visit_mut::visit_expr_mut(self, e);
        }
    }
    let mut e = e.clone();
    syn::visit_mut::VisitMut::visit_expr_mut(&mut Uncloned(name), &mut e);
    e
}

/// Parentheses that reading through locals and helpers left around what
/// needs none (a path, a literal, a call, a method call, a field, a
/// macro, or other parentheses) removed: rustc would warn of them.
fn tidy(e: &Expr) -> Expr {
    struct Tidy;
    impl syn::visit_mut::VisitMut for Tidy {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            while let Expr::Paren(p) = e {
                if !matches!(
                    &*p.expr,
                    Expr::Path(_)
                        | Expr::Lit(_)
                        | Expr::Call(_)
                        | Expr::MethodCall(_)
                        | Expr::Field(_)
                        | Expr::Macro(_)
                        | Expr::Paren(_)
                        | Expr::Tuple(_)
                ) {
                    break;
                }
                *e = (*p.expr).clone();
            }
            syn::visit_mut::visit_expr_mut(self, e);
        }
    }
    let mut e = e.clone();
    syn::visit_mut::VisitMut::visit_expr_mut(&mut Tidy, &mut e);
    e
}

/// `crate::a::f` and `super::f` as a test file outside the crate writes
/// them, imported: `f`.
fn crate_paths(e: &Expr) -> Expr {
    struct Strip;
    impl syn::visit_mut::VisitMut for Strip {
        fn visit_path_mut(&mut self, p: &mut syn::Path) {
            let first = p.segments.first().map(|s| s.ident.to_string());
            if matches!(first.as_deref(), Some("crate" | "super" | "self")) && p.segments.len() > 1
            {
                let kept: Vec<syn::PathSegment> = p
                    .segments
                    .iter()
                    .skip_while(|s| {
                        matches!(s.ident.to_string().as_str(), "crate" | "super" | "self")
                    })
                    .cloned()
                    .collect();
                p.segments = kept.into_iter().collect();
                p.leading_colon = None;
            }
            syn::visit_mut::visit_path_mut(self, p);
        }
    }
    let mut e = e.clone();
    syn::visit_mut::VisitMut::visit_expr_mut(&mut Strip, &mut e);
    tidy(&e)
}

/// A type as rustfmt writes it: `Vec<u64>`, `&'static str`.
pub(crate) fn pretty_type(ty: &str) -> String {
    let Ok(ty) = syn::parse_str::<syn::Type>(ty) else {
        return ty.to_owned();
    };
    let file: syn::File = syn::parse_quote!(type T = #ty;);
    let text = prettyplease::unparse(&file);
    text.trim()
        .trim_start_matches("type T = ")
        .trim_end_matches(';')
        .to_owned()
}

/// The file of codified relations: a header, the imports, then each
/// relation's items; with the lines each relation's items take.
pub(crate) fn render(relations: &[&Codified], header: &str) -> (String, Vec<(usize, usize)>) {
    let mut out = String::from(header);
    let mut imports: BTreeSet<String> = BTreeSet::new();
    for r in relations {
        imports.extend(r.imports.iter().cloned());
    }
    out.push_str("\nuse mt_runtime::{Mg, metamorphic};\n");
    if relations.iter().any(|r| r.generated_test.is_some()) {
        out.push_str("use mt_runtime::proptest::prelude::*;\n");
    }
    for import in &imports {
        out.push_str(&format!("use {import};\n"));
    }
    let mut ranges = Vec::new();
    for r in relations {
        let code = format_items(&r.items);
        out.push('\n');
        let start = out.lines().count() + 1;
        out.push_str(&code);
        ranges.push((start, out.lines().count()));
    }
    (out, ranges)
}
