//! Which functions call a function, as far as the source shows: a call
//! names its caller only when the call's path (through the `use` items in
//! scope) or its receiver (`self`, in an impl of the same type) says the
//! function called is that one. A call the parse cannot resolve — a
//! method on a receiver whose type it does not know, a bare name a glob
//! import could bring, `Trait::f(x)` — makes the callers unknown; a name
//! alone never makes a caller.

use crate::model::{Call, CallKind};

/// Whether a call calls a function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Resolved {
    Yes,
    No,
    /// The source does not say.
    Unknown,
}

/// Where a function is, from its demangled name (`textwrap::core::dedent`,
/// `<textwrap::Options>::new`, `<ignore::Error as core::fmt::Display>::fmt`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Place<'a> {
    krate: &'a str,
    /// The modules it is in (and, for a function nested in another, that
    /// function), below the crate.
    module: Vec<&'a str>,
    /// The type of its impl block (its last segment), for a method.
    pub(super) self_type: Option<&'a str>,
    /// The trait of its impl block (its last segment).
    trait_name: Option<&'a str>,
    pub(super) ident: &'a str,
}

impl<'a> Place<'a> {
    pub(super) fn of(name: &'a str) -> Place<'a> {
        if let Some(inner) = name.strip_prefix('<')
            && let Some(at) = inner.rfind(">::")
        {
            let ident = &inner[at + 3..];
            let (ty, trait_path) = match inner[..at].split_once(" as ") {
                Some((ty, tr)) => (ty, Some(tr)),
                None => (&inner[..at], None),
            };
            let ty = ty.trim_start_matches('&').trim_start_matches("mut ");
            let segments: Vec<&str> = ty.split("::").collect();
            let trait_segments: Vec<&str> = trait_path
                .map(|t| t.split("::").collect())
                .unwrap_or_default();
            let krate = if segments.len() > 1 {
                segments[0]
            } else {
                trait_segments.first().copied().unwrap_or("")
            };
            let module = if segments.len() > 2 {
                segments[1..segments.len() - 1].to_vec()
            } else {
                Vec::new()
            };
            return Place {
                krate,
                module,
                self_type: segments.last().copied(),
                trait_name: trait_segments.last().copied(),
                ident,
            };
        }
        let segments: Vec<&str> = name.split("::").collect();
        let (ident, rest) = segments.split_last().unwrap_or((&"", &[]));
        Place {
            krate: rest.first().copied().unwrap_or(""),
            module: rest.iter().skip(1).copied().collect(),
            self_type: None,
            trait_name: None,
            ident,
        }
    }
}

/// Whether `call`, made in `caller`, calls `target`. `is_method(ty,
/// name)`: whether the crate has a method `name` in an impl of `ty` (so
/// that `self.name()` in that impl calls it, not another type's).
pub(super) fn resolve(
    call: &Call,
    caller: &Place<'_>,
    target: &Place<'_>,
    is_method: impl Fn(&str, &str) -> bool,
) -> Resolved {
    use Resolved::{No, Unknown, Yes};
    if call.path.last().map(String::as_str) != Some(target.ident) {
        return No;
    }
    match call.kind {
        CallKind::Method if target.self_type.is_some() => Unknown,
        CallKind::Method => No,
        CallKind::SelfMethod => match (caller.self_type, target.self_type) {
            (_, None) => No,
            (Some(a), Some(b)) if a == b => Yes,
            (Some(a), Some(_)) if is_method(a, target.ident) => No,
            _ => Unknown,
        },
        CallKind::Path => resolve_path(call, caller, target, is_method),
    }
}

fn resolve_path(
    call: &Call,
    caller: &Place<'_>,
    target: &Place<'_>,
    is_method: impl Fn(&str, &str) -> bool,
) -> Resolved {
    use Resolved::{No, Unknown, Yes};
    let path: Vec<&str> = call.path.iter().map(String::as_str).collect();
    if path.len() == 1 {
        // A bare name is a function of the caller's module (or one nested
        // in the caller), or one a glob brings; never a method.
        if target.self_type.is_some() {
            return No;
        }
        let nested: Vec<&str> = caller
            .module
            .iter()
            .copied()
            .chain([caller.ident])
            .collect();
        if target.krate == caller.krate
            && (target.module == caller.module || target.module == nested)
        {
            return Yes;
        }
        return if call.glob { Unknown } else { No };
    }
    if path[0] == "Self" && path.len() == 2 {
        return match (caller.self_type, target.self_type) {
            (Some(a), Some(b)) if a == b => Yes,
            (Some(_), _) => No,
            (None, _) => Unknown,
        };
    }
    let mut absolute: Vec<&str> = vec![caller.krate];
    match path[0] {
        "crate" => absolute.extend(&path[1..]),
        "self" => {
            absolute.extend(&caller.module);
            absolute.extend(&path[1..]);
        }
        "super" => {
            let up = path.iter().take_while(|s| **s == "super").count();
            let kept = caller.module.len().saturating_sub(up);
            absolute.extend(&caller.module[..kept]);
            absolute.extend(&path[up..]);
        }
        first if first == target.krate || first == caller.krate => absolute = path.clone(),
        "std" | "core" | "alloc" => absolute = path.clone(),
        _ => {
            // Relative to the caller's module: a child module or a type.
            absolute.extend(&caller.module);
            absolute.extend(&path);
        }
    }
    match target.self_type {
        None => {
            let own: Vec<&str> = [target.krate]
                .into_iter()
                .chain(target.module.iter().copied())
                .chain([target.ident])
                .collect();
            if absolute == own { Yes } else { No }
        }
        Some(ty) => {
            let owner = absolute[absolute.len() - 2];
            if owner == ty {
                Yes
            } else if target.trait_name.is_none() {
                // An inherent method is called through its own type only.
                No
            } else if Some(owner) != target.trait_name && is_method(owner, target.ident) {
                // Another type of the crate with its own method of that name.
                No
            } else {
                // `Trait::f(x)`, `T::f()` for a generic `T`: which impl
                // runs depends on a type the parse does not know.
                Unknown
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Resolved::{No, Unknown, Yes};

    fn call(path: &str, kind: CallKind) -> Call {
        Call {
            path: path.split("::").map(str::to_owned).collect(),
            kind,
            glob: false,
        }
    }

    fn check(caller: &str, made: &Call, target: &str) -> Resolved {
        let methods = [
            ("DirEntryInner", "metadata"),
            ("Walker", "next"),
            ("Other", "fmt"),
        ];
        resolve(made, &Place::of(caller), &Place::of(target), |ty, name| {
            methods.contains(&(ty, name))
        })
    }

    #[test]
    fn places_from_demangled_names() {
        let p = Place::of("textwrap::core::dedent");
        assert_eq!(
            (p.krate, p.module.clone(), p.self_type, p.ident),
            ("textwrap", vec!["core"], None, "dedent")
        );
        let p = Place::of("<ignore::walk::DirEntryInner>::metadata");
        assert_eq!(
            (p.krate, p.module.clone(), p.self_type, p.ident),
            ("ignore", vec!["walk"], Some("DirEntryInner"), "metadata")
        );
        let p = Place::of("<ignore::Error as core::fmt::Display>::fmt");
        assert_eq!(
            (p.self_type, p.trait_name, p.ident),
            (Some("Error"), Some("Display"), "fmt")
        );
        let p = Place::of("<&str as textwrap::Fragment>::width");
        assert_eq!(
            (p.krate, p.self_type, p.trait_name),
            ("textwrap", Some("str"), Some("Fragment"))
        );
    }

    #[test]
    fn another_types_function_of_the_same_name_is_no_caller() {
        let target = "<ignore::walk::DirEntryInner>::metadata";
        let caller = "<ignore::walk::DirEntry>::path_is_symlink";
        // `fs::metadata(p)`, `Path::metadata(p)`, `std::fs::metadata(p)`.
        assert_eq!(
            check(caller, &call("fs::metadata", CallKind::Path), target),
            No
        );
        assert_eq!(
            check(caller, &call("Path::metadata", CallKind::Path), target),
            No
        );
        assert_eq!(
            check(caller, &call("std::fs::metadata", CallKind::Path), target),
            No
        );
        // `path.metadata()`: a receiver the parse cannot type.
        assert_eq!(
            check(caller, &call("metadata", CallKind::Method), target),
            Unknown
        );
        // Through the type, or `self` in its own impl.
        assert_eq!(
            check(
                caller,
                &call("DirEntryInner::metadata", CallKind::Path),
                target
            ),
            Yes
        );
        let own = "<ignore::walk::DirEntryInner>::path";
        assert_eq!(
            check(own, &call("metadata", CallKind::SelfMethod), target),
            Yes
        );
        assert_eq!(
            check(own, &call("Self::metadata", CallKind::Path), target),
            Yes
        );
        // `self.next()` in `Walker`, which has its own `next`.
        let walker = "<ignore::Walker>::run";
        assert_eq!(
            check(
                walker,
                &call("next", CallKind::SelfMethod),
                "<ignore::Iter>::next"
            ),
            No
        );
    }

    #[test]
    fn free_functions_by_module_use_and_glob() {
        let target = "textwrap::text::dedent";
        // Same module, a bare name.
        assert_eq!(
            check(
                "textwrap::text::indent",
                &call("dedent", CallKind::Path),
                target
            ),
            Yes
        );
        // Another module's bare `dedent` is its own.
        assert_eq!(
            check("textwrap::wrap", &call("dedent", CallKind::Path), target),
            No
        );
        // Imported: the path is expanded when collected.
        assert_eq!(
            check(
                "textwrap::wrap",
                &call("crate::text::dedent", CallKind::Path),
                target
            ),
            Yes
        );
        assert_eq!(
            check(
                "textwrap::wrap",
                &call("text::dedent", CallKind::Path),
                target
            ),
            Yes
        );
        assert_eq!(
            check(
                "textwrap::a::b",
                &call("super::text::dedent", CallKind::Path),
                target
            ),
            Yes
        );
        assert_eq!(
            check(
                "textwrap::wrap",
                &call("other::dedent", CallKind::Path),
                target
            ),
            No
        );
        // A glob could bring it.
        let mut globbed = call("dedent", CallKind::Path);
        globbed.glob = true;
        assert_eq!(check("textwrap::wrap", &globbed, target), Unknown);
        // A method call never calls a free function.
        assert_eq!(
            check("textwrap::wrap", &call("dedent", CallKind::Method), target),
            No
        );
        // A function nested in its caller.
        assert_eq!(
            check(
                "textwrap::outer",
                &call("inner", CallKind::Path),
                "textwrap::outer::inner"
            ),
            Yes
        );
    }

    #[test]
    fn trait_methods_through_the_trait_are_unknown() {
        let target = "<ignore::Error as core::fmt::Display>::fmt";
        assert_eq!(
            check(
                "ignore::show",
                &call("Display::fmt", CallKind::Path),
                target
            ),
            Unknown
        );
        assert_eq!(
            check("ignore::show", &call("Error::fmt", CallKind::Path), target),
            Yes
        );
        assert_eq!(
            check("ignore::show", &call("Other::fmt", CallKind::Path), target),
            No
        );
        assert_eq!(
            check("ignore::show", &call("fmt", CallKind::Method), target),
            Unknown
        );
    }
}
