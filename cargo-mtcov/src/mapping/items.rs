//! The functions of one source file as written: where each `fn` item
//! starts and ends, whether it is declared public, what it calls (by
//! path as written, through the `use` items in scope) and the conditions
//! its branches test. The coverage mapping
//! names functions and their regions but knows none of this; the advice
//! of a gap needs it ("no test calls `wrap_columns`", "its callers that
//! ran", "after the condition `ch == CSI` on line 56").
//!
//! Collected from the same `syn` parse as the test code (`testcode`).

use std::collections::HashMap;

use syn::spanned::Spanned;
use syn::visit::Visit;

use crate::model::{Call, CallKind};

/// One `fn` item (a free function, a method, a trait's default method, a
/// function nested in another's body).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct FnItem {
    /// Its identifier.
    pub ident: String,
    /// First and last line of the item (attributes and doc comments
    /// excluded: from `pub fn` to the closing brace).
    pub line_start: u32,
    pub line_end: u32,
    /// Declared `pub` (not `pub(crate)` or narrower), or a method of a
    /// trait impl (callable wherever the trait and type are).
    pub public: bool,
    /// What it calls or passes as a value (`f(..)`, `x.f(..)`,
    /// `.map(f)`), sorted, without those of items nested in its body.
    pub calls: Vec<Call>,
    /// The conditions its branches test: `if`, `while`, a `match`'s
    /// scrutinee and its arms' guards, by line, as written (one line).
    pub conditions: Vec<(u32, String)>,
}

/// Every `fn` item of a parsed file, in source order; `text` is the
/// file's text, for the conditions as written.
pub(crate) fn collect(file: &syn::File, text: &str) -> Vec<FnItem> {
    let lines: Vec<&str> = text.lines().collect();
    let mut collector = Collector {
        lines: &lines,
        items: Vec::new(),
        trait_impl: false,
        scopes: vec![Uses::of(&file.items)],
    };
    collector.visit_file(file);
    collector.items.sort_by_key(|f| (f.line_start, f.line_end));
    collector.items
}

struct Collector<'t> {
    lines: &'t [&'t str],
    items: Vec<FnItem>,
    trait_impl: bool,
    /// The `use` items of the enclosing modules and bodies, innermost last.
    scopes: Vec<Uses>,
}

/// What the `use` items of one module or body bring into scope.
#[derive(Debug, Default, Clone)]
struct Uses {
    /// Name in scope -> the path it stands for.
    names: HashMap<String, Vec<String>>,
    /// Whether one is a glob (`use a::*`).
    glob: bool,
}

impl Uses {
    /// The `use` items among `items` (a module's, or a block's).
    fn of<'a>(items: impl IntoIterator<Item = &'a syn::Item>) -> Uses {
        let mut uses = Uses::default();
        for item in items {
            if let syn::Item::Use(u) = item {
                uses.tree(&mut Vec::new(), &u.tree);
            }
        }
        uses
    }

    fn tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) if n.ident == "self" => {
                if let Some(last) = prefix.last() {
                    self.names.insert(last.clone(), prefix.clone());
                }
            }
            syn::UseTree::Name(n) => {
                let mut path = prefix.clone();
                path.push(n.ident.to_string());
                self.names.insert(n.ident.to_string(), path);
            }
            syn::UseTree::Rename(r) => {
                let mut path = prefix.clone();
                path.push(r.ident.to_string());
                self.names.insert(r.rename.to_string(), path);
            }
            syn::UseTree::Glob(_) => self.glob = true,
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.tree(prefix, tree);
                }
            }
        }
    }
}

fn line(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl Collector<'_> {
    fn function(
        &mut self,
        ident: &syn::Ident,
        public: bool,
        sig: &syn::Signature,
        block: &syn::Block,
    ) {
        let local = block.stmts.iter().filter_map(|stmt| match stmt {
            syn::Stmt::Item(item) => Some(item),
            _ => None,
        });
        self.scopes.push(Uses::of(local));
        let mut body = Body {
            lines: self.lines,
            scopes: &self.scopes,
            calls: Vec::new(),
            conditions: Vec::new(),
        };
        body.visit_block(block);
        body.calls.sort();
        body.calls.dedup();
        self.items.push(FnItem {
            ident: ident.to_string(),
            line_start: line(sig.span().start().line),
            line_end: line(block.span().end().line),
            public,
            calls: body.calls,
            conditions: body.conditions,
        });
        // Functions nested in the body are items of their own.
        let outer = std::mem::replace(&mut self.trait_impl, false);
        NestedItems(self).visit_block(block);
        self.trait_impl = outer;
        self.scopes.pop();
    }
}

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        let public = matches!(f.vis, syn::Visibility::Public(_));
        self.function(&f.sig.ident, public, &f.sig, &f.block);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        let Some((_, items)) = &m.content else {
            return;
        };
        self.scopes.push(Uses::of(items));
        syn::visit::visit_item_mod(self, m);
        self.scopes.pop();
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        let outer = std::mem::replace(&mut self.trait_impl, i.trait_.is_some());
        syn::visit::visit_item_impl(self, i);
        self.trait_impl = outer;
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        let public = self.trait_impl || matches!(f.vis, syn::Visibility::Public(_));
        self.function(&f.sig.ident, public, &f.sig, &f.block);
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(block) = &f.default {
            self.function(&f.sig.ident, true, &f.sig, block);
        }
    }
}

/// Walks a body for the items nested in it (and only those).
struct NestedItems<'c, 't>(&'c mut Collector<'t>);

impl<'ast> Visit<'ast> for NestedItems<'_, '_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        self.0.visit_item(item);
    }
}

/// What one body calls and tests, without its nested items.
struct Body<'t> {
    lines: &'t [&'t str],
    scopes: &'t [Uses],
    calls: Vec<Call>,
    conditions: Vec<(u32, String)>,
}

impl Body<'_> {
    fn condition(&mut self, expr: &syn::Expr) {
        let (start, end) = (expr.span().start(), expr.span().end());
        let Some(text) = self.lines.get(start.line.wrapping_sub(1)) else {
            return;
        };
        let from: String = text.chars().skip(start.column).collect();
        let written = if end.line == start.line {
            from.chars()
                .take(end.column.saturating_sub(start.column))
                .collect()
        } else {
            format!("{} …", from.trim_end())
        };
        let written = written.trim();
        if !written.is_empty() {
            self.conditions.push((line(start.line), written.to_owned()));
        }
    }

    /// A path called or passed, its first segment expanded through the
    /// innermost `use` that names it.
    fn path(&mut self, p: &syn::ExprPath) {
        let written: Vec<String> = match &p.qself {
            // `<T as Trait>::f`, `<T>::f`: the type's last segment.
            Some(q) => {
                let ty = match &*q.ty {
                    syn::Type::Path(t) => t.path.segments.last().map(|s| s.ident.to_string()),
                    _ => None,
                };
                let last = p.path.segments.last().map(|s| s.ident.to_string());
                ty.into_iter().chain(last).collect()
            }
            None => p
                .path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect(),
        };
        let Some(first) = written.first() else {
            return;
        };
        let imported = self.scopes.iter().rev().find_map(|u| u.names.get(first));
        let (path, glob) = match imported {
            Some(full) if p.qself.is_none() => {
                (full.iter().chain(&written[1..]).cloned().collect(), false)
            }
            _ => {
                let glob = written.len() == 1 && self.scopes.iter().any(|u| u.glob);
                (written, glob)
            }
        };
        self.calls.push(Call {
            path,
            kind: CallKind::Path,
            glob,
        });
    }

    /// A function passed as a value: `.map(helper)`. (A variable passed
    /// so is recorded too; only names of functions are ever looked up.)
    fn arguments<'a>(&mut self, args: impl Iterator<Item = &'a syn::Expr>) {
        for arg in args {
            if let syn::Expr::Path(p) = arg {
                self.path(p);
            }
        }
    }
}

impl<'ast> Visit<'ast> for Body<'_> {
    fn visit_item(&mut self, _: &'ast syn::Item) {}

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        if let syn::Expr::Path(p) = &*call.func {
            self.path(p);
        }
        self.arguments(call.args.iter());
        syn::visit::visit_expr_call(self, call);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        let on_self = matches!(&*call.receiver, syn::Expr::Path(p) if p.path.is_ident("self"));
        self.calls.push(Call {
            path: vec![call.method.to_string()],
            kind: if on_self {
                CallKind::SelfMethod
            } else {
                CallKind::Method
            },
            glob: false,
        });
        self.arguments(call.args.iter());
        syn::visit::visit_expr_method_call(self, call);
    }

    fn visit_expr_if(&mut self, e: &'ast syn::ExprIf) {
        self.condition(&e.cond);
        syn::visit::visit_expr_if(self, e);
    }

    fn visit_expr_while(&mut self, e: &'ast syn::ExprWhile) {
        self.condition(&e.cond);
        syn::visit::visit_expr_while(self, e);
    }

    fn visit_expr_match(&mut self, e: &'ast syn::ExprMatch) {
        self.condition(&e.expr);
        syn::visit::visit_expr_match(self, e);
    }

    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        if let Some((_, guard)) = &arm.guard {
            self.condition(guard);
        }
        syn::visit::visit_arm(self, arm);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(text: &str) -> Vec<FnItem> {
        collect(&syn::parse_file(text).unwrap(), text)
    }

    #[test]
    fn functions_their_visibility_calls_and_conditions() {
        let text = "\
pub fn wrap(s: &str) -> usize {
    if s.len() > 3 && s.starts_with('x') {
        helper(s)
    } else {
        s.chars().map(count).sum()
    }
}

fn helper(s: &str) -> usize {
    fn nested() -> u8 { 1 }
    match s.len() {
        n if n > 10 => n,
        _ => nested() as usize,
    }
}

pub(crate) fn internal() {}

struct P;
impl P {
    pub fn public_method(&self) {}
    fn private_method(&self) {}
}
impl Default for P {
    fn default() -> Self { P }
}
";
        let got = items(text);
        let summary: Vec<(&str, u32, u32, bool)> = got
            .iter()
            .map(|f| (f.ident.as_str(), f.line_start, f.line_end, f.public))
            .collect();
        assert_eq!(
            summary,
            [
                ("wrap", 1, 7, true),
                ("helper", 9, 15, false),
                ("nested", 10, 10, false),
                ("internal", 17, 17, false),
                ("public_method", 21, 21, true),
                ("private_method", 22, 22, false),
                ("default", 25, 25, true),
            ]
        );
        let calls = |f: &FnItem| -> Vec<(String, CallKind)> {
            f.calls
                .iter()
                .map(|c| (c.path.join("::"), c.kind))
                .collect()
        };
        use CallKind::{Method, Path};
        assert_eq!(
            calls(&got[0]),
            [
                ("chars".to_owned(), Method),
                ("count".to_owned(), Path),
                ("helper".to_owned(), Path),
                ("len".to_owned(), Method),
                ("map".to_owned(), Method),
                ("s".to_owned(), Path),
                ("starts_with".to_owned(), Method),
                ("sum".to_owned(), Method),
            ]
        );
        assert_eq!(
            got[0].conditions,
            [(2, "s.len() > 3 && s.starts_with('x')".to_owned())]
        );
        // The nested function's call is its own, not `helper`'s.
        assert!(calls(&got[1]).contains(&("nested".to_owned(), Path)));
        assert_eq!(
            got[1].conditions,
            [(11, "s.len()".to_owned()), (12, "n > 10".to_owned())]
        );
    }

    #[test]
    fn calls_are_paths_through_the_use_items_in_scope() {
        let text = "\
use crate::core::dedent;
use std::fs::{self, metadata as md};

mod inner {
    use super::*;
    pub fn a(p: &Path) { dedent(p); helper(); }
}

impl Walker {
    fn run(&self, p: &Path) {
        use crate::other::helper;
        self.step();
        fs::metadata(p);
        md(p);
        helper();
        Self::new();
        <Walker as Iterator>::next(self);
        p.metadata();
    }
}
";
        let got = items(text);
        let calls = |f: &FnItem| -> Vec<(String, CallKind, bool)> {
            f.calls
                .iter()
                .map(|c| (c.path.join("::"), c.kind, c.glob))
                .collect()
        };
        use CallKind::{Method, Path, SelfMethod};
        // In `inner`, `dedent` is the file's import; `helper` may come
        // from the glob.
        assert_eq!(
            calls(&got[0]),
            [
                ("crate::core::dedent".to_owned(), Path, false),
                ("helper".to_owned(), Path, true),
                // An argument passed by name: only names of functions are
                // ever looked up.
                ("p".to_owned(), Path, true),
            ]
        );
        assert_eq!(
            calls(&got[1]),
            [
                ("Self::new".to_owned(), Path, false),
                ("Walker::next".to_owned(), Path, false),
                ("crate::other::helper".to_owned(), Path, false),
                ("metadata".to_owned(), Method, false),
                ("p".to_owned(), Path, false),
                ("self".to_owned(), Path, false),
                // `fs::metadata` and `md`, both `std::fs::metadata`.
                ("std::fs::metadata".to_owned(), Path, false),
                ("step".to_owned(), SelfMethod, false),
            ]
        );
    }
}
