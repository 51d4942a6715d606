//! `MTCOV_SELECT`: run only the metamorphic groups of a selection file
//! (`cargo mtcov reduce` writes them), in every check of the process, in
//! the file's order within each `check` and `check_registered`.

use std::collections::HashMap;
use std::fmt::Debug;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::mr::{MrInfo, MrMeta};
use crate::source_key::SourceKey;

/// Per selected group, its rank in the file; `None` to run every group.
fn groups() -> Option<&'static HashMap<(String, u64), usize>> {
    static GROUPS: OnceLock<Option<HashMap<(String, u64), usize>>> = OnceLock::new();
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
            let mut ranks = HashMap::with_capacity(groups.len());
            for (rank, group) in groups.into_iter().enumerate() {
                ranks.entry(group).or_insert(rank);
            }
            Some(ranks)
        })
        .as_ref()
}

/// Whether a selection file is set.
pub(crate) fn active() -> bool {
    groups().is_some()
}

/// The rank of the MG of `meta` on `argument` in the selection: `None`
/// when a selection is set and does not name it (it does not run), 0 for
/// every MG without a selection. Every MG met and not selected is
/// counted in [`unselected`].
pub(crate) fn rank<T: Debug + ?Sized>(meta: &'static MrMeta, argument: &T) -> Option<usize> {
    let Some(groups) = groups() else {
        return Some(0);
    };
    let group = (MrInfo(meta).id(), SourceKey::of(argument).0);
    let rank = groups.get(&group).copied();
    if rank.is_none() {
        UNSELECTED_COUNT.fetch_add(1, Ordering::Relaxed);
        UNSELECTED_SUM.fetch_add(
            mtcov_protocol::write::group_id(&group.0, group.1),
            Ordering::Relaxed,
        );
    }
    rank
}

static UNSELECTED_COUNT: AtomicU64 = AtomicU64::new(0);
static UNSELECTED_SUM: AtomicU64 = AtomicU64::new(0);

/// Under a selection file, the MGs met and not run so far: how many, and
/// the (wrapping) sum of their group ids, which does not depend on the
/// order they were met in. `cargo mtcov --affected` compares it with the
/// MGs it kept, to know that the process met the same MGs as the run
/// they come from.
pub(crate) fn unselected() -> Option<(u64, u64)> {
    groups()?;
    Some((
        UNSELECTED_COUNT.load(Ordering::Relaxed),
        UNSELECTED_SUM.load(Ordering::Relaxed),
    ))
}

/// Whether the MG of `meta` on `argument` runs: always, unless a selection
/// file is set and does not name it.
#[inline]
pub(crate) fn runs<T: Debug + ?Sized>(meta: &'static MrMeta, argument: &T) -> bool {
    !active() || rank(meta, argument).is_some()
}

/// The MGs of one check in the order to run them: as given without a
/// selection; with one, only those it names, in its order (stable).
pub(crate) fn plan<'a, M, T: Debug + ?Sized>(
    mrs: &'a [M],
    sources: &'a [&'a T],
    meta: impl Fn(&M) -> &'static MrMeta,
) -> Vec<(&'a M, &'a T)> {
    let mut planned: Vec<(usize, &M, &T)> = Vec::with_capacity(mrs.len() * sources.len());
    for mr in mrs {
        for &input in sources {
            if let Some(rank) = rank(meta(mr), input) {
                planned.push((rank, mr, input));
            }
        }
    }
    planned.sort_by_key(|p| p.0);
    planned
        .into_iter()
        .map(|(_, mr, input)| (mr, input))
        .collect()
}
