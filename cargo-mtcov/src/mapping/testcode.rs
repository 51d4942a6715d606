//! Code compiled only for tests is never a requirement: `#[cfg(test)]`
//! items (modules, functions, impls, any item whose `cfg` is false
//! without `test`), `#[test]` / `#[bench]` functions (and attributes such
//! as `#[tokio::test]` that end in `test`), files of modules declared
//! under such a `cfg` (`#[cfg(test)] mod tests;`), files and inline
//! modules whose own inner attribute says so (`#![cfg(test)]`,
//! `#![cfg(all(test, ..))]`), and, inside function bodies, statements,
//! expressions, match arms and struct-literal fields under such a `cfg`.
//!
//! Found by parsing each source file in scope with `syn`, once: the
//! coverage mapping alone cannot tell (the test binary of a library
//! compiles the library with `cfg(test)`, and its `mod tests` then looks
//! like any other module), and which binaries ran MRs must not change `E`.
//! A file that cannot be read or parsed has no test code.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Attribute, Expr, Item, Meta};

use super::items::FnItem;

/// The test-only parts of one source file.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct TestCode {
    /// The whole file (a module declared under `#[cfg(test)]`).
    pub whole_file: bool,
    /// Inclusive line ranges of test-only items.
    pub lines: Vec<(u32, u32)>,
}

impl TestCode {
    /// Whether a region from `line_start` to `line_end` lies in test code.
    pub(crate) fn contains(&self, line_start: u32, line_end: u32) -> bool {
        self.whole_file
            || self
                .lines
                .iter()
                .any(|&(a, b)| a <= line_start && line_end <= b)
    }
}

/// What one parse of a source file tells the mapping: its test-only code
/// and its `fn` items (`items`).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct SourceFacts {
    pub test: TestCode,
    pub functions: Vec<FnItem>,
}

/// What parsing one file found.
#[derive(Debug, Default)]
struct Parsed {
    code: TestCode,
    functions: Vec<FnItem>,
    /// Out-of-line module declarations: (candidate files, test-only).
    modules: Vec<(Vec<PathBuf>, bool)>,
}

/// The test code and functions of every file in `files` (absolute
/// paths), parsing each once; out-of-line test modules among them are
/// whole test files.
pub(crate) fn analyze(files: &[PathBuf]) -> HashMap<PathBuf, SourceFacts> {
    let parsed: HashMap<&Path, Parsed> =
        files.iter().map(|f| (f.as_path(), parse_file(f))).collect();
    // Test-only module files, and their own submodules, transitively.
    let mut test_files: HashSet<PathBuf> = HashSet::new();
    let mut changed = true;
    while changed {
        changed = false;
        for (file, p) in &parsed {
            let parent_is_test = test_files.contains(*file);
            for (candidates, is_test) in &p.modules {
                if *is_test || parent_is_test {
                    for c in candidates {
                        changed |= test_files.insert(c.clone());
                    }
                }
            }
        }
    }
    parsed
        .into_iter()
        .map(|(file, mut p)| {
            p.code.whole_file |= test_files.contains(file);
            let facts = SourceFacts {
                test: p.code,
                functions: p.functions,
            };
            (file.to_path_buf(), facts)
        })
        .collect()
}

fn parse_file(path: &Path) -> Parsed {
    let mut out = Parsed::default();
    let Ok(text) = std::fs::read_to_string(path) else {
        return out;
    };
    let Ok(file) = syn::parse_file(&text) else {
        return out;
    };
    out.functions = super::items::collect(&file, &text);
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let parent = path.parent().unwrap_or(Path::new(""));
    let module_dir = if matches!(name, "lib.rs" | "main.rs" | "mod.rs") {
        parent.to_path_buf()
    } else {
        parent.join(path.file_stem().unwrap_or_default())
    };
    if file.attrs.iter().any(is_test_only) {
        // `#![cfg(test)]` at the top: the whole file, and (below) the
        // files of the modules it declares.
        out.code.whole_file = true;
    }
    walk_items(&file.items, &module_dir, parent, &mut out);
    if out.code.whole_file {
        for (_, is_test) in &mut out.modules {
            *is_test = true;
        }
    }
    out.code.lines.sort_unstable();
    out.code.lines.dedup();
    out
}

/// Records test-only items among `items`; `dir` is where their `mod x;`
/// files live, `file_dir` what a `#[path]` is relative to.
fn walk_items(items: &[Item], dir: &Path, file_dir: &Path, out: &mut Parsed) {
    for item in items {
        let attrs = item_attrs(item);
        let test_only = attrs.iter().any(is_test_only);
        if test_only {
            let span = item.span();
            let (start, end) = (span.start().line, span.end().line);
            out.code.lines.push((
                u32::try_from(start).unwrap_or(u32::MAX),
                u32::try_from(end).unwrap_or(u32::MAX),
            ));
        }
        match item {
            Item::Mod(m) => {
                let sub = match path_attr(&m.attrs) {
                    Some(p) => file_dir.join(p),
                    None => dir.join(m.ident.to_string()),
                };
                match &m.content {
                    Some((_, inner)) if !test_only => walk_items(inner, &sub, &sub, out),
                    Some(_) => {}
                    None => {
                        let candidates = match path_attr(&m.attrs) {
                            Some(p) => vec![file_dir.join(p)],
                            None => vec![sub.with_extension("rs"), sub.join("mod.rs")],
                        };
                        out.modules.push((candidates, test_only));
                    }
                }
            }
            Item::Impl(i) if !test_only => {
                for it in &i.items {
                    if let syn::ImplItem::Fn(f) = it {
                        if f.attrs.iter().any(is_test_only) {
                            push_span(f.span(), out);
                        } else {
                            TestOnlyInBody(out).visit_block(&f.block);
                        }
                    }
                }
            }
            Item::Trait(t) if !test_only => {
                for it in &t.items {
                    if let syn::TraitItem::Fn(f) = it {
                        if f.attrs.iter().any(is_test_only) {
                            push_span(f.span(), out);
                        } else if let Some(block) = &f.default {
                            TestOnlyInBody(out).visit_block(block);
                        }
                    }
                }
            }
            Item::Fn(f) if !test_only => {
                TestOnlyInBody(out).visit_block(&f.block);
                // Items nested in a function body.
                let nested: Vec<Item> = f
                    .block
                    .stmts
                    .iter()
                    .filter_map(|s| match s {
                        syn::Stmt::Item(i) => Some(i.clone()),
                        _ => None,
                    })
                    .collect();
                walk_items(&nested, dir, file_dir, out);
            }
            _ => {}
        }
    }
}

/// Finds, inside one function body, the statements, expressions, match
/// arms and struct-literal fields compiled only for tests. Items nested
/// in the body are [`walk_items`]'s (their attributes, their own bodies).
struct TestOnlyInBody<'o>(&'o mut Parsed);

impl<'ast> Visit<'ast> for TestOnlyInBody<'_> {
    fn visit_item(&mut self, _: &'ast Item) {}

    fn visit_stmt(&mut self, stmt: &'ast syn::Stmt) {
        let attrs: &[Attribute] = match stmt {
            syn::Stmt::Local(l) => &l.attrs,
            syn::Stmt::Macro(m) => &m.attrs,
            syn::Stmt::Expr(e, _) => expr_attrs(e),
            syn::Stmt::Item(_) => &[],
        };
        if attrs.iter().any(is_test_only) {
            push_span(stmt.span(), self.0);
        } else {
            syn::visit::visit_stmt(self, stmt);
        }
    }

    fn visit_expr(&mut self, expr: &'ast Expr) {
        if expr_attrs(expr).iter().any(is_test_only) {
            push_span(expr.span(), self.0);
        } else {
            syn::visit::visit_expr(self, expr);
        }
    }

    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        if arm.attrs.iter().any(is_test_only) {
            push_span(arm.span(), self.0);
        } else {
            syn::visit::visit_arm(self, arm);
        }
    }

    fn visit_field_value(&mut self, field: &'ast syn::FieldValue) {
        if field.attrs.iter().any(is_test_only) {
            push_span(field.span(), self.0);
        } else {
            syn::visit::visit_field_value(self, field);
        }
    }
}

/// An expression's own attributes (`#[cfg(test)] call();`).
fn expr_attrs(expr: &Expr) -> &[Attribute] {
    match expr {
        Expr::Array(e) => &e.attrs,
        Expr::Assign(e) => &e.attrs,
        Expr::Async(e) => &e.attrs,
        Expr::Await(e) => &e.attrs,
        Expr::Binary(e) => &e.attrs,
        Expr::Block(e) => &e.attrs,
        Expr::Break(e) => &e.attrs,
        Expr::Call(e) => &e.attrs,
        Expr::Cast(e) => &e.attrs,
        Expr::Closure(e) => &e.attrs,
        Expr::Const(e) => &e.attrs,
        Expr::Continue(e) => &e.attrs,
        Expr::Field(e) => &e.attrs,
        Expr::ForLoop(e) => &e.attrs,
        Expr::Group(e) => &e.attrs,
        Expr::If(e) => &e.attrs,
        Expr::Index(e) => &e.attrs,
        Expr::Infer(e) => &e.attrs,
        Expr::Let(e) => &e.attrs,
        Expr::Lit(e) => &e.attrs,
        Expr::Loop(e) => &e.attrs,
        Expr::Macro(e) => &e.attrs,
        Expr::Match(e) => &e.attrs,
        Expr::MethodCall(e) => &e.attrs,
        Expr::Paren(e) => &e.attrs,
        Expr::Path(e) => &e.attrs,
        Expr::Range(e) => &e.attrs,
        Expr::RawAddr(e) => &e.attrs,
        Expr::Reference(e) => &e.attrs,
        Expr::Repeat(e) => &e.attrs,
        Expr::Return(e) => &e.attrs,
        Expr::Struct(e) => &e.attrs,
        Expr::Try(e) => &e.attrs,
        Expr::TryBlock(e) => &e.attrs,
        Expr::Tuple(e) => &e.attrs,
        Expr::Unary(e) => &e.attrs,
        Expr::Unsafe(e) => &e.attrs,
        Expr::While(e) => &e.attrs,
        Expr::Yield(e) => &e.attrs,
        _ => &[],
    }
}

fn push_span(span: proc_macro2::Span, out: &mut Parsed) {
    let line = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    out.code
        .lines
        .push((line(span.start().line), line(span.end().line)));
}

fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

fn path_attr(attrs: &[Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| match &a.meta {
        Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
}

/// `#[test]`, `#[bench]`, `#[tokio::test]`..., or a `#[cfg(..)]` that is
/// false whenever `test` is.
fn is_test_only(attr: &Attribute) -> bool {
    let last = attr.path().segments.last().map(|s| s.ident.to_string());
    match last.as_deref() {
        Some("test" | "bench") => matches!(attr.meta, Meta::Path(_) | Meta::List(_)),
        Some("cfg") if attr.path().is_ident("cfg") => match &attr.meta {
            Meta::List(list) => list
                .parse_args::<Meta>()
                .is_ok_and(|m| cfg_without_test(&m) == Some(false)),
            _ => false,
        },
        _ => false,
    }
}

/// A `cfg` predicate's value when `test` is off: `Some(false)` when it is
/// false whatever else holds, `None` when it depends on other options.
fn cfg_without_test(meta: &Meta) -> Option<bool> {
    match meta {
        Meta::Path(p) if p.is_ident("test") => Some(false),
        Meta::List(list) => {
            let args: Vec<Meta> = list
                .parse_args_with(
                    syn::punctuated::Punctuated::<Meta, syn::Token![,]>::parse_terminated,
                )
                .ok()?
                .into_iter()
                .collect();
            let values: Vec<Option<bool>> = args.iter().map(cfg_without_test).collect();
            // `all` is false once one is, `any` true once one is.
            let combine = |decisive: bool| {
                if values.contains(&Some(decisive)) {
                    Some(decisive)
                } else if values.iter().all(|v| *v == Some(!decisive)) {
                    Some(!decisive)
                } else {
                    None
                }
            };
            if list.path.is_ident("all") {
                combine(false)
            } else if list.path.is_ident("any") {
                combine(true)
            } else if list.path.is_ident("not") && args.len() == 1 {
                cfg_without_test(&args[0]).map(|v| !v)
            } else {
                None
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(text: &str) -> Option<bool> {
        cfg_without_test(&syn::parse_str::<Meta>(text).unwrap())
    }

    #[test]
    fn cfg_predicates() {
        assert_eq!(cfg("test"), Some(false));
        assert_eq!(cfg("all(test, feature = \"x\")"), Some(false));
        assert_eq!(cfg("any(test, feature = \"x\")"), None);
        assert_eq!(cfg("any(test, all(test, unix))"), Some(false));
        assert_eq!(cfg("not(test)"), Some(true));
        assert_eq!(cfg("unix"), None);
        assert_eq!(cfg("not(any(unix, not(test)))"), Some(false));
    }

    #[test]
    fn test_items_and_module_files() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        std::fs::create_dir_all(dir.join("src/helpers")).unwrap();
        let lib = dir.join("src/lib.rs");
        std::fs::write(
            &lib,
            "pub fn f() {}\n\
             #[cfg(test)]\n\
             mod tests {\n\
                 #[test]\n\
                 fn t() {}\n\
             }\n\
             pub struct S;\n\
             impl S {\n\
                 #[cfg(all(test, unix))]\n\
                 fn probe() {}\n\
                 pub fn g() {}\n\
             }\n\
             #[test]\n\
             fn top() {}\n\
             #[cfg(test)]\n\
             mod helpers;\n\
             mod real;\n\
             #[cfg(any(test, unix))]\n\
             fn maybe() {}\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("src/helpers/mod.rs"),
            "mod deeper;\npub fn h() {}\n",
        )
        .unwrap();
        std::fs::write(dir.join("src/helpers/deeper.rs"), "pub fn d() {}\n").unwrap();
        std::fs::write(dir.join("src/real.rs"), "pub fn r() {}\n").unwrap();
        let files: Vec<PathBuf> = [
            "src/lib.rs",
            "src/helpers/mod.rs",
            "src/helpers/deeper.rs",
            "src/real.rs",
        ]
        .iter()
        .map(|f| dir.join(f))
        .collect();
        let found = analyze(&files);
        let lib = &found[&files[0]].test;
        assert!(!lib.whole_file);
        assert_eq!(lib.lines, [(2, 6), (9, 10), (13, 14), (15, 16)]);
        assert!(
            lib.contains(4, 5)
                && !lib.contains(1, 1)
                && !lib.contains(11, 11)
                && !lib.contains(19, 19)
        );
        assert!(found[&files[1]].test.whole_file);
        assert!(found[&files[2]].test.whole_file);
        assert_eq!(found[&files[3]].test, TestCode::default());
    }

    #[test]
    fn inner_attributes_and_test_code_inside_bodies() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        std::fs::create_dir_all(dir.join("src/inner_tests")).unwrap();
        std::fs::write(
            dir.join("src/lib.rs"),
            "mod inner_tests;\n\
             mod inline {\n\
                 #![cfg(all(test, unix))]\n\
                 fn t() {}\n\
             }\n\
             pub fn f(x: i32) -> i32 {\n\
                 #[cfg(test)]\n\
                 {\n\
                     let _ = x;\n\
                 }\n\
                 let y = match x {\n\
                     #[cfg(test)]\n\
                     7 => 8,\n\
                     _ => x,\n\
                 };\n\
                 #[cfg(test)] let _z = 1;\n\
                 y\n\
             }\n\
             impl S { fn g(&self) { #[cfg(test)] probe(); } }\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("src/inner_tests.rs"),
            "#![cfg(test)]\nmod more;\nfn helper() {}\n",
        )
        .unwrap();
        std::fs::write(dir.join("src/inner_tests/more.rs"), "fn m() {}\n").unwrap();
        let files: Vec<PathBuf> = [
            "src/lib.rs",
            "src/inner_tests.rs",
            "src/inner_tests/more.rs",
        ]
        .iter()
        .map(|f| dir.join(f))
        .collect();
        let found = analyze(&files);
        let lib = &found[&files[0]].test;
        assert!(!lib.whole_file);
        assert_eq!(lib.lines, [(2, 5), (7, 10), (12, 13), (16, 16), (19, 19)]);
        assert!(!lib.contains(6, 6) && !lib.contains(14, 14) && !lib.contains(17, 17));
        assert!(found[&files[1]].test.whole_file);
        assert!(found[&files[2]].test.whole_file);
    }
}
