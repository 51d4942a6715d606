//! Every MR linked into the test binary, whether or not a test runs it.

use crate::mr::{MrInfo, MrMeta};

/// One `inventory` entry per `#[metamorphic]` function.
#[doc(hidden)]
#[derive(Debug)]
pub struct Registered(pub &'static MrMeta);

inventory::collect!(Registered);

/// All MRs registered in this binary, sorted by id.
///
/// ```
/// for mr in mt_runtime::registry() {
///     println!("{} ({}) at {}:{}", mr.id(), mr.class(), mr.file(), mr.line());
/// }
/// ```
pub fn registry() -> Vec<MrInfo> {
    let mut all: Vec<MrInfo> = inventory::iter::<Registered>
        .into_iter()
        .map(|r| MrInfo(r.0))
        .collect();
    all.sort_by_key(|info| (info.0.module_path, info.0.fn_name, info.0.line));
    all
}
