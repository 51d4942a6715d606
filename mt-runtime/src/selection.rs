//! Which metamorphic groups a process runs: every one, those a selection
//! file names (`MTCOV_SELECT`: `cargo mtcov reduce` and `--affected`
//! write them), run in the file's order within each `check` and
//! `check_registered`, or one part of them (`MTCOV_SPLIT=P/N`: `cargo
//! mtcov` runs a long test's parts side by side), the groups whose number
//! in the order the process meets them is `P` modulo `N`.

use std::collections::HashMap;
use std::fmt::Debug;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::mr::{MrInfo, MrMeta};
use crate::source_key::SourceKey;

/// What the process runs, when not every group.
enum Selection {
    /// Per selected group, its rank in the file.
    File(HashMap<(String, u64), usize>),
    /// The groups whose number is `part` modulo `parts`.
    Part { part: u64, parts: u64 },
}

/// The process's selection; `None` to run every group.
fn selection() -> Option<&'static Selection> {
    static SELECTION: OnceLock<Option<Selection>> = OnceLock::new();
    SELECTION
        .get_or_init(|| {
            let file = std::env::var_os(mtcov_protocol::SELECT_ENV).filter(|p| !p.is_empty());
            let split = std::env::var(mtcov_protocol::SPLIT_ENV)
                .ok()
                .filter(|p| !p.is_empty());
            match (file, split) {
                (Some(_), Some(_)) => panic!(
                    "mt-runtime: {} and {} are both set; a process runs either a selection file or \
                     one part of its groups (unset one of them)",
                    mtcov_protocol::SELECT_ENV,
                    mtcov_protocol::SPLIT_ENV
                ),
                (Some(path), None) => Some(Selection::File(read_file(&path))),
                (None, Some(split)) => {
                    let (part, parts) = mtcov_protocol::selection::parse_part(&split)
                        .unwrap_or_else(|error| {
                            panic!(
                                "mt-runtime: {}={split} is not a part: {error}",
                                mtcov_protocol::SPLIT_ENV
                            )
                        });
                    Some(Selection::Part { part, parts })
                }
                (None, None) => None,
            }
        })
        .as_ref()
}

/// Per group of the selection file at `path`, its rank in the file.
fn read_file(path: &std::ffi::OsStr) -> HashMap<(String, u64), usize> {
    let shown = std::path::Path::new(path).display().to_string();
    let text = std::fs::read_to_string(path).unwrap_or_else(|error| {
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
    ranks
}

/// How many groups the process met so far, under a part.
static MET: AtomicU64 = AtomicU64::new(0);

/// The part of its MGs the process runs, and of how many, when it runs
/// one (`MTCOV_SPLIT`).
pub(crate) fn part() -> Option<(u64, u64)> {
    match selection()? {
        Selection::Part { part, parts } => Some((*part, *parts)),
        Selection::File(_) => None,
    }
}

/// Whether a selection file or a part is set.
pub(crate) fn active() -> bool {
    selection().is_some()
}

/// The rank of the MG of `meta` on `argument` in the selection: `None`
/// when a selection is set and does not name it (it does not run), 0 for
/// every MG without a selection or of the part. Every MG met and not
/// selected is counted in [`unselected`]. Called once per MG met.
pub(crate) fn rank<T: Debug + ?Sized>(meta: &'static MrMeta, argument: &T) -> Option<usize> {
    let group = || (MrInfo(meta).id(), SourceKey::of(argument).0);
    let (rank, group) = match selection() {
        None => return Some(0),
        Some(Selection::File(groups)) => {
            let group = group();
            (groups.get(&group).copied(), group)
        }
        Some(&Selection::Part { part, parts }) => {
            if MET.fetch_add(1, Ordering::Relaxed) % parts == part {
                return Some(0);
            }
            (None, group())
        }
    };
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

/// Under a selection file or a part, the MGs met and not run so far: how
/// many, and the (wrapping) sum of their group ids, which does not depend
/// on the order they were met in. `cargo mtcov --affected` compares it
/// with the MGs it kept, to know that the process met the same MGs as the
/// run they come from; the merge of a split test's parts, to know that
/// every part met the same MGs.
pub(crate) fn unselected() -> Option<(u64, u64)> {
    selection()?;
    Some((
        UNSELECTED_COUNT.load(Ordering::Relaxed),
        UNSELECTED_SUM.load(Ordering::Relaxed),
    ))
}

/// Whether the MG of `meta` on `argument` runs: always, unless a selection
/// file is set and does not name it, or a part is set and it is another
/// part's.
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
