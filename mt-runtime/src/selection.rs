//! `MTCOV_SELECT`: run only the metamorphic groups of a selection file
//! (`cargo mtcov reduce` writes one), in every check of the process.

use std::collections::HashSet;
use std::fmt::Debug;
use std::sync::OnceLock;

use crate::mr::{MrInfo, MrMeta};
use crate::source_key::SourceKey;

/// The groups to run, or `None` to run every group.
fn groups() -> Option<&'static HashSet<(String, u64)>> {
    static GROUPS: OnceLock<Option<HashSet<(String, u64)>>> = OnceLock::new();
    GROUPS
        .get_or_init(|| {
            let path = std::env::var_os(mtcov_protocol::SELECT_ENV).filter(|p| !p.is_empty())?;
            let shown = std::path::Path::new(&path).display().to_string();
            let text = std::fs::read_to_string(&path).unwrap_or_else(|error| {
                panic!(
                    "mt-runtime: cannot read the selection file {}={shown}: {error}",
                    mtcov_protocol::SELECT_ENV
                )
            });
            let groups = mtcov_protocol::selection::parse(&text).unwrap_or_else(|error| {
                panic!(
                    "mt-runtime: the selection file {}={shown} is not one: {error}",
                    mtcov_protocol::SELECT_ENV
                )
            });
            Some(groups.into_iter().collect())
        })
        .as_ref()
}

/// Whether the MG of `meta` on `argument` runs: always, unless a selection
/// file is set and does not name it.
#[inline]
pub(crate) fn runs<T: Debug + ?Sized>(meta: &'static MrMeta, argument: &T) -> bool {
    match groups() {
        None => true,
        Some(groups) => groups.contains(&(MrInfo(meta).id(), SourceKey::of(argument).0)),
    }
}
