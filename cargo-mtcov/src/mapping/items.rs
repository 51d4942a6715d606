//! The functions of one source file as written: where each `fn` item
//! starts and ends, whether it is declared public, what it calls (by
//! path as written, through the `use` items in scope) and the conditions
//! its branches test. The coverage mapping
//! names functions and their regions but knows none of this; the advice
//! of a gap needs it ("no MR's SUT calls `wrap_columns`", "its callers that
//! ran", "after the condition `ch == CSI` on line 56").
//!
//! Collected from the same `syn` parse as the test code (`testcode`).

use std::collections::HashMap;

use syn::spanned::Spanned;
use syn::visit::Visit;

use crate::model::{Call, CallKind, FnInput, Guard, Passed};

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
    /// scrutinee and its arms' guards, as written (one line), each with
    /// the lines it decides.
    pub conditions: Vec<Guard>,
    /// What a test passes it first, from its signature.
    pub input: Option<FnInput>,
}

/// Every `fn` item of a parsed file, in source order; `text` is the
/// file's text, for the conditions as written.
pub(crate) fn collect(file: &syn::File, text: &str) -> Vec<FnItem> {
    let lines: Vec<&str> = text.lines().collect();
    let mut collector = Collector {
        lines: &lines,
        items: Vec::new(),
        trait_impl: false,
        self_type: None,
        scopes: vec![Uses::of(&file.items).module()],
    };
    collector.visit_file(file);
    collector.items.sort_by_key(|f| (f.line_start, f.line_end));
    collector.items
}

struct Collector<'t> {
    lines: &'t [&'t str],
    items: Vec<FnItem>,
    trait_impl: bool,
    /// The type of the enclosing impl block, as written.
    self_type: Option<String>,
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
    /// A module's (a file's, an inline `mod`'s): names from outside it
    /// are not in scope within it.
    module: bool,
}

impl Uses {
    fn module(mut self) -> Uses {
        self.module = true;
        self
    }

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
    /// The receiver's type, or the first parameter's, as an input type.
    fn input(&self, sig: &syn::Signature) -> Option<FnInput> {
        if let Some(receiver) = sig.receiver() {
            let passed = if receiver.reference.is_some() {
                Passed::RefReceiver
            } else {
                Passed::Receiver
            };
            return Some(FnInput {
                ty: self.self_type.clone()?,
                passed,
            });
        }
        let syn::FnArg::Typed(first) = sig.inputs.first()? else {
            return None;
        };
        let (ty, passed) = match &*first.ty {
            syn::Type::Reference(r) => (&*r.elem, Passed::Reference),
            ty => (ty, Passed::Value),
        };
        if matches!(ty, syn::Type::ImplTrait(_) | syn::Type::TraitObject(_)) {
            return None;
        }
        let written = single_line(self.lines, ty.span())?;
        let ty = match written.as_str() {
            "str" => "String".to_owned(),
            "Path" => "std::path::PathBuf".to_owned(),
            "Self" => self.self_type.clone()?,
            slice if slice.starts_with('[') && slice.ends_with(']') && !slice.contains(';') => {
                format!("Vec<{}>", &slice[1..slice.len() - 1])
            }
            _ => written,
        };
        Some(FnInput { ty, passed })
    }

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
            blocks: Vec::new(),
        };
        body.visit_block(block);
        body.calls.sort();
        body.calls.dedup();
        let input = self.input(sig);
        self.items.push(FnItem {
            ident: ident.to_string(),
            line_start: line(sig.span().start().line),
            line_end: line(block.span().end().line),
            public,
            calls: body.calls,
            conditions: body.conditions,
            input,
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
        self.scopes.push(Uses::of(items).module());
        syn::visit::visit_item_mod(self, m);
        self.scopes.pop();
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        let outer = std::mem::replace(&mut self.trait_impl, i.trait_.is_some());
        let written = single_line(self.lines, i.self_ty.span());
        let outer_type = std::mem::replace(&mut self.self_type, written);
        syn::visit::visit_item_impl(self, i);
        self.trait_impl = outer;
        self.self_type = outer_type;
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        let public = self.trait_impl || matches!(f.vis, syn::Visibility::Public(_));
        self.function(&f.sig.ident, public, &f.sig, &f.block);
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(block) = &f.default {
            // `Self` is whichever type implements the trait.
            let outer = self.self_type.take();
            self.function(&f.sig.ident, true, &f.sig, block);
            self.self_type = outer;
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
    conditions: Vec<Guard>,
    /// The last lines of the blocks around the current expression,
    /// innermost last.
    blocks: Vec<u32>,
}

impl Body<'_> {
    /// `expr`, tested on its line, decides `gates`.
    fn condition(&mut self, expr: &syn::Expr, gates: (u32, u32)) {
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
            self.conditions.push(Guard {
                line: line(start.line),
                text: written.to_owned(),
                gates,
            });
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
        // The bodies around the call and its module, not the modules
        // around that one (their imports are not in scope there).
        let module = self.scopes.iter().rposition(|u| u.module).unwrap_or(0);
        let in_scope = &self.scopes[module..];
        let imported = in_scope.iter().rev().find_map(|u| u.names.get(first));
        let (path, glob) = match imported {
            Some(full) if p.qself.is_none() => {
                (full.iter().chain(&written[1..]).cloned().collect(), false)
            }
            _ => {
                let glob = written.len() == 1 && in_scope.iter().any(|u| u.glob);
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

    fn visit_block(&mut self, b: &'ast syn::Block) {
        self.blocks.push(line(b.span().end().line));
        syn::visit::visit_block(self, b);
        self.blocks.pop();
    }

    // A closure's `return` leaves the closure only.
    fn visit_expr_closure(&mut self, c: &'ast syn::ExprClosure) {
        self.blocks.push(line(c.span().end().line));
        syn::visit::visit_expr_closure(self, c);
        self.blocks.pop();
    }

    fn visit_expr_if(&mut self, e: &'ast syn::ExprIf) {
        let first = line(e.then_branch.span().start().line);
        let mut last = line(e.span().end().line);
        // `if c { return; }` decides the rest of the block around it too.
        if e.else_branch.is_none()
            && leaves(&e.then_branch)
            && let Some(&outer) = self.blocks.last()
        {
            last = last.max(outer);
        }
        self.condition(&e.cond, (first, last));
        syn::visit::visit_expr_if(self, e);
    }

    fn visit_expr_while(&mut self, e: &'ast syn::ExprWhile) {
        let gates = (
            line(e.body.span().start().line),
            line(e.body.span().end().line),
        );
        self.condition(&e.cond, gates);
        syn::visit::visit_expr_while(self, e);
    }

    fn visit_expr_match(&mut self, e: &'ast syn::ExprMatch) {
        if let (Some(first), Some(last)) = (e.arms.first(), e.arms.last()) {
            let gates = (
                line(first.span().start().line),
                line(last.span().end().line),
            );
            self.condition(&e.expr, gates);
        }
        syn::visit::visit_expr_match(self, e);
    }

    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        if let Some((_, guard)) = &arm.guard {
            let gates = (
                line(arm.body.span().start().line),
                line(arm.body.span().end().line),
            );
            self.condition(guard, gates);
        }
        syn::visit::visit_arm(self, arm);
    }
}

/// The text of a span that lies on one line, trimmed.
fn single_line(lines: &[&str], span: proc_macro2::Span) -> Option<String> {
    let (start, end) = (span.start(), span.end());
    if start.line != end.line {
        return None;
    }
    let text = lines.get(start.line.checked_sub(1)?)?;
    let written: String = text
        .chars()
        .skip(start.column)
        .take(end.column.saturating_sub(start.column))
        .collect();
    let written = written.trim();
    (!written.is_empty()).then(|| written.to_owned())
}

/// Whether a block always leaves the code after it: it ends in `return`,
/// `break`, `continue`, or a macro that does not return (`panic!`,
/// `unreachable!`, `todo!`, `unimplemented!`, `bail!`).
fn leaves(block: &syn::Block) -> bool {
    let expr = match block.stmts.last() {
        Some(syn::Stmt::Expr(expr, _)) => expr,
        Some(syn::Stmt::Macro(m)) => return diverging(&m.mac),
        _ => return false,
    };
    match expr {
        syn::Expr::Return(_) | syn::Expr::Break(_) | syn::Expr::Continue(_) => true,
        syn::Expr::Macro(m) => diverging(&m.mac),
        _ => false,
    }
}

fn diverging(mac: &syn::Macro) -> bool {
    mac.path.segments.last().is_some_and(|s| {
        ["panic", "unreachable", "todo", "unimplemented", "bail"]
            .contains(&s.ident.to_string().as_str())
    })
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
        let conditions = |f: &FnItem| -> Vec<(u32, String, (u32, u32))> {
            f.conditions
                .iter()
                .map(|g| (g.line, g.text.clone(), g.gates))
                .collect()
        };
        assert_eq!(
            conditions(&got[0]),
            [(2, "s.len() > 3 && s.starts_with('x')".to_owned(), (2, 6))]
        );
        // The nested function's call is its own, not `helper`'s.
        assert!(calls(&got[1]).contains(&("nested".to_owned(), Path)));
        assert_eq!(
            conditions(&got[1]),
            [
                (11, "s.len()".to_owned(), (12, 13)),
                (12, "n > 10".to_owned(), (12, 12))
            ]
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
        // In `inner`, the file's imports are not in scope: `dedent` and
        // `helper` may come from the glob.
        assert_eq!(
            calls(&got[0]),
            [
                ("dedent".to_owned(), Path, true),
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

    #[test]
    fn a_condition_decides_its_branches_and_after_a_leaving_block_the_rest() {
        let text = "\
fn f(a: bool, b: bool) -> u32 {
    if a {
        return 0;
    }
    let mut n = 1;
    if b {
        n += 1;
    } else if n > 5 {
        n += 2;
    }
    while n < 10 {
        n += 3;
    }
    n
}
";
        let got = items(text);
        let gates: Vec<(u32, (u32, u32))> = got[0]
            .conditions
            .iter()
            .map(|g| (g.line, g.gates))
            .collect();
        // `if a { return }` decides every line after it; `if b` its
        // branches; `n > 5` its own; `while` its body.
        assert_eq!(
            gates,
            [(2, (2, 15)), (6, (6, 10)), (8, (8, 10)), (11, (11, 13))]
        );
        let guard = &got[0].conditions[1];
        assert!(guard.gates(7, false) && guard.gates(9, false));
        assert!(!guard.gates(6, true) && !guard.gates(11, false));
    }

    #[test]
    fn the_input_a_test_passes_first_from_the_signature() {
        let text = "\
pub fn dedent(s: &str) -> String { s.into() }
pub fn sum(xs: &[u64]) -> u64 { 0 }
pub fn take(n: u32) -> u32 { n }
pub fn show(x: impl Display) {}
pub fn none() {}
impl TypesBuilder {
    pub fn add_def(&mut self, def: &str) {}
    pub fn build(self) -> Types { todo!() }
    pub fn merged(a: &Self) -> Self { todo!() }
}
trait T { fn d(&self) {} }
";
        let got = items(text);
        let inputs: Vec<Option<(String, Passed)>> = got
            .iter()
            .map(|f| f.input.as_ref().map(|i| (i.ty.clone(), i.passed)))
            .collect();
        let some = |ty: &str, passed| Some((ty.to_owned(), passed));
        assert_eq!(
            inputs,
            [
                some("String", Passed::Reference),
                some("Vec<u64>", Passed::Reference),
                some("u32", Passed::Value),
                None,
                None,
                some("TypesBuilder", Passed::RefReceiver),
                some("TypesBuilder", Passed::Receiver),
                some("TypesBuilder", Passed::Reference),
                // A trait's default method: `Self` is any implementor.
                None,
            ]
        );
    }
}
