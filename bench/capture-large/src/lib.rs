//! A SUT on real crates, to make the instrumented binary large: a line of
//! text is searched for dates, e-mail addresses and issue numbers with
//! `regex`, rendered as Markdown with `pulldown-cmark`, and its code spans
//! are parsed as Rust with `syn`, visited, folded and printed, and a few of
//! thousands of generated rules run on its bytes.

use std::sync::LazyLock;

use quote::ToTokens;
use regex::{Regex, RegexSet};
use syn::fold::Fold;
use syn::visit::Visit;
use syn::visit_mut::VisitMut;

static KINDS: LazyLock<RegexSet> = LazyLock::new(|| {
    RegexSet::new([
        r"\d{4}-\d{2}-\d{2}",
        r"[\w.]+@[\w.]+\.\w+",
        r"#\d+",
        r"https?://\S+",
    ])
    .expect("valid patterns")
});
static ISSUE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"#(\d+)").expect("valid pattern"));
static CODE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"`([^`]+)`").expect("valid pattern"));

/// What a line mentions, its length as HTML, and what its code spans hold.
#[derive(Debug, PartialEq, Eq)]
pub struct Summary {
    pub kinds: Vec<usize>,
    pub issues: Vec<u32>,
    pub html_len: usize,
    /// Per code span: the number of identifiers if it parses as a Rust
    /// expression, item or type; its `Debug` length otherwise.
    pub code: Vec<(bool, usize)>,
    pub rules: u64,
}

#[derive(Default)]
struct Idents(usize);

impl<'ast> Visit<'ast> for Idents {
    fn visit_ident(&mut self, _: &'ast proc_macro2::Ident) {
        self.0 += 1;
    }
}

/// Renames every identifier to `x` (through the `Fold` traversal).
struct Rename;

impl Fold for Rename {
    fn fold_ident(&mut self, ident: proc_macro2::Ident) -> proc_macro2::Ident {
        proc_macro2::Ident::new("x", ident.span())
    }
}

/// Renames every identifier back to `y` (through the `VisitMut` traversal).
struct RenameInPlace;

impl VisitMut for RenameInPlace {
    fn visit_ident_mut(&mut self, ident: &mut proc_macro2::Ident) {
        *ident = proc_macro2::Ident::new("y", ident.span());
    }
}

/// Identifiers, and whether renaming them all changes the printed code
/// (only when some identifier is not already `x`).
fn file_shape(file: &syn::File) -> (usize, bool) {
    let mut idents = Idents::default();
    idents.visit_file(file);
    let renamed = Rename.fold_file(file.clone());
    let mut back = renamed.clone();
    RenameInPlace.visit_file_mut(&mut back);
    let changed = renamed != *file
        && back.to_token_stream().to_string() != format!("{:?}", renamed).len().to_string();
    (idents.0, changed)
}

fn code_span(code: &str) -> (bool, usize) {
    let mut idents = Idents::default();
    if let Ok(file) = syn::parse_str::<syn::File>(code) {
        let (count, changed) = file_shape(&file);
        return (changed, count);
    }
    if let Ok(expr) = syn::parse_str::<syn::Expr>(code) {
        idents.visit_expr(&expr);
        return (true, idents.0);
    }
    if let Ok(ty) = syn::parse_str::<syn::Type>(code) {
        idents.visit_type(&ty);
        return (true, idents.0);
    }
    (false, code.len())
}

/// The generated rules (see build.rs).
mod rules {
    include!(concat!(env!("OUT_DIR"), "/rules.rs"));
}

/// Runs the few rules the line's bytes pick out of the table.
fn apply_rules(line: &str) -> u64 {
    line.bytes().take(8).fold(line.len() as u64, |acc, b| {
        rules::RULES[(acc as usize * 31 + b as usize) % rules::RULES.len()](acc)
    })
}

pub fn summarise(line: &str) -> Summary {
    let kinds = KINDS.matches(line).into_iter().collect();
    let issues = ISSUE
        .captures_iter(line)
        .filter_map(|c| c[1].parse().ok())
        .collect();
    let code = CODE.captures_iter(line).map(|c| code_span(&c[1])).collect();
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, pulldown_cmark::Parser::new(line));
    Summary {
        kinds,
        issues,
        html_len: html.len(),
        code,
        rules: apply_rules(line),
    }
}
