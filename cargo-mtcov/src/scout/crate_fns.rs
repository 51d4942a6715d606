//! The crate's own functions and types, read from its `src/` files: what
//! a test's call may be to, and how a test file outside the crate names
//! them.

use std::collections::HashMap;

use quote::ToTokens;
use syn::{FnArg, Item, ReturnType, Type, Visibility};

/// A function of the crate, as its signature writes it.
#[derive(Clone, Debug)]
pub(crate) struct FnSig {
    /// Its name.
    pub name: String,
    /// The path a test file outside the crate names it by
    /// (`textwrap::wrap`, `semver::Version::parse`); `None` when it is
    /// not reachable from there.
    pub path: Option<String>,
    /// For a method or associated function, its type's name.
    pub self_ty: Option<String>,
    /// Whether it takes `self` (a method): its receiver is the call's
    /// first argument.
    pub receiver: bool,
    /// Its parameters' types, the receiver's left out.
    pub params: Vec<Type>,
    /// Its output's type.
    pub output: Option<String>,
}

impl FnSig {
    /// The owned type of the argument at `position` (a method's receiver
    /// is 0): `&str` as `String`, `&[T]` as `Vec<T>`, `&T` as `T`.
    pub(crate) fn param_owned(&self, position: usize) -> Option<String> {
        let ty = if self.receiver {
            if position == 0 {
                return self.self_ty.clone();
            }
            self.params.get(position - 1)?
        } else {
            self.params.get(position)?
        };
        let ty = match ty {
            Type::Reference(r) => &*r.elem,
            other => other,
        };
        let owned = match ty {
            Type::Path(p) if p.path.is_ident("str") => "String".to_owned(),
            Type::Slice(s) => format!("Vec<{}>", s.elem.to_token_stream()),
            Type::ImplTrait(_) | Type::TraitObject(_) | Type::Infer(_) => return None,
            other => other.to_token_stream().to_string(),
        };
        // A generic parameter says nothing of the type.
        (owned.len() > 1 || !owned.chars().all(|c| c.is_ascii_uppercase())).then_some(owned)
    }
}

/// The crate's functions by name, and its public types.
#[derive(Default)]
pub(crate) struct CrateFns {
    /// The crate's name as code writes it (`-` as `_`).
    pub crate_name: String,
    functions: HashMap<String, Vec<FnSig>>,
    methods: HashMap<String, Vec<FnSig>>,
    /// Public types (and functions) by name: the path a test file outside
    /// the crate imports them by.
    pub imports: HashMap<String, String>,
}

/// Method names of the standard library that a crate's own method of the
/// same name is never taken for: a test's `v.len()` is `Vec::len`.
const STD_METHODS: &[&str] = &[
    "len",
    "is_empty",
    "contains",
    "starts_with",
    "ends_with",
    "clone",
    "to_string",
    "to_owned",
    "iter",
    "into_iter",
    "collect",
    "unwrap",
    "expect",
    "map",
    "get",
    "push",
    "as_ref",
    "as_str",
    "into",
    "from",
    "eq",
    "cmp",
    "partial_cmp",
    "fmt",
    "hash",
    "is_some",
    "is_none",
    "is_ok",
    "is_err",
    "ok",
    "err",
    "rev",
    "sort",
    "chars",
    "bytes",
    "lines",
    "split",
    "trim",
    "parse",
    "next",
    "default",
    "new",
];

impl CrateFns {
    pub(crate) fn new(crate_name: String) -> Self {
        CrateFns {
            crate_name,
            ..CrateFns::default()
        }
    }

    /// Reads one `src/` file of the crate, whose module path from the
    /// crate root is `module` (empty for `lib.rs`).
    pub(crate) fn add_file(&mut self, file: &syn::File, module: &[String], public: bool) {
        self.add_items(&file.items, module, public);
    }

    fn add_items(&mut self, items: &[Item], module: &[String], public: bool) {
        for item in items {
            match item {
                Item::Fn(f) if !is_test_only(&f.attrs) => {
                    let visible = public && matches!(f.vis, Visibility::Public(_));
                    let sig = self.sig(&f.sig, module, None, visible);
                    if let Some(path) = &sig.path {
                        self.imports.insert(sig.name.clone(), path.clone());
                    }
                    self.functions
                        .entry(sig.name.clone())
                        .or_default()
                        .push(sig);
                }
                Item::Impl(i) if !is_test_only(&i.attrs) => {
                    let Type::Path(ty) = &*i.self_ty else {
                        continue;
                    };
                    let Some(ty) = ty.path.segments.last().map(|s| s.ident.to_string()) else {
                        continue;
                    };
                    let in_trait = i.trait_.is_some();
                    for inner in &i.items {
                        let syn::ImplItem::Fn(f) = inner else {
                            continue;
                        };
                        let visible =
                            public && (in_trait || matches!(f.vis, Visibility::Public(_)));
                        let sig = self.sig(&f.sig, module, Some(&ty), visible);
                        let table = if sig.receiver {
                            &mut self.methods
                        } else {
                            &mut self.functions
                        };
                        table.entry(sig.name.clone()).or_default().push(sig);
                    }
                }
                Item::Struct(s) if matches!(s.vis, Visibility::Public(_)) && public => {
                    self.import(&s.ident.to_string(), module);
                }
                Item::Enum(e) if matches!(e.vis, Visibility::Public(_)) && public => {
                    self.import(&e.ident.to_string(), module);
                }
                Item::Mod(m) if !is_test_only(&m.attrs) => {
                    if let Some((_, items)) = &m.content {
                        let mut inner = module.to_vec();
                        inner.push(m.ident.to_string());
                        let visible = public && matches!(m.vis, Visibility::Public(_));
                        self.add_items(items, &inner, visible);
                    }
                }
                _ => {}
            }
        }
    }

    /// A public re-export at the crate root (`pub use a::b;`) makes `b`
    /// reachable as `krate::b`.
    pub(crate) fn add_root_reexports(&mut self, file: &syn::File) {
        for item in &file.items {
            let Item::Use(u) = item else { continue };
            if !matches!(u.vis, Visibility::Public(_)) {
                continue;
            }
            let mut names = Vec::new();
            leaf_names(&u.tree, &mut names);
            for name in names {
                let path = format!("{}::{name}", self.crate_name);
                for sig in self.functions.get_mut(&name).into_iter().flatten() {
                    sig.path.get_or_insert_with(|| path.clone());
                }
                self.imports.insert(name, path);
            }
        }
    }

    fn import(&mut self, name: &str, module: &[String]) {
        let mut path = vec![self.crate_name.clone()];
        path.extend(module.iter().cloned());
        path.push(name.to_owned());
        self.imports
            .entry(name.to_owned())
            .or_insert(path.join("::"));
    }

    fn sig(
        &self,
        sig: &syn::Signature,
        module: &[String],
        ty: Option<&str>,
        visible: bool,
    ) -> FnSig {
        let name = sig.ident.to_string();
        let mut path = vec![self.crate_name.clone()];
        path.extend(module.iter().cloned());
        path.extend(ty.map(str::to_owned));
        path.push(name.clone());
        FnSig {
            name,
            path: visible.then(|| path.join("::")),
            self_ty: ty.map(str::to_owned),
            receiver: sig.receiver().is_some(),
            params: sig
                .inputs
                .iter()
                .filter_map(|a| match a {
                    FnArg::Typed(t) => Some((*t.ty).clone()),
                    FnArg::Receiver(_) => None,
                })
                .collect(),
            output: match &sig.output {
                ReturnType::Default => None,
                ReturnType::Type(_, t) => Some(t.to_token_stream().to_string()),
            },
        }
    }

    /// The function a call's path names: a free function by its name, or
    /// `Type::name`; `None` when no function or more than one has it.
    pub(crate) fn function(&self, path: &syn::Path) -> Option<&FnSig> {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        let name = segments.last()?;
        let candidates = self.functions.get(name)?;
        let ty = segments
            .len()
            .checked_sub(2)
            .map(|i| &segments[i])
            .filter(|s| s.chars().next().is_some_and(char::is_uppercase));
        let mut matching = candidates
            .iter()
            .filter(|sig| ty.is_none_or(|ty| sig.self_ty.as_ref() == Some(ty)))
            .filter(|sig| ty.is_some() || sig.self_ty.is_none());
        let one = matching.next()?;
        matching.next().is_none().then_some(one)
    }

    /// The crate's one method of this name, unless the standard library
    /// has one too.
    pub(crate) fn method(&self, name: &str) -> Option<&FnSig> {
        if STD_METHODS.contains(&name) {
            return None;
        }
        match self.methods.get(name)?.as_slice() {
            [one] => Some(one),
            _ => None,
        }
    }
}

fn leaf_names(tree: &syn::UseTree, out: &mut Vec<String>) {
    match tree {
        syn::UseTree::Path(p) => leaf_names(&p.tree, out),
        syn::UseTree::Name(n) => out.push(n.ident.to_string()),
        syn::UseTree::Rename(r) => out.push(r.rename.to_string()),
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| leaf_names(t, out)),
        syn::UseTree::Glob(_) => {}
    }
}

/// `#[cfg(test)]` or `#[test]`: not the crate's code under test.
pub(crate) fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("test")
            || (a.path().is_ident("cfg") && a.to_token_stream().to_string().contains("test"))
    })
}
