//! What float comparisons saw, for `cargo mtcov tolerance`: per MR and
//! check site (the call site of [`close`](crate::relation::close) or
//! [`close_all`](crate::relation::close_all)), the tolerance given, the
//! largest difference in each measure (and the MG that saw it), the
//! largest one that still held, and a decade histogram.
//!
//! Only while a recorded MG runs on this thread (under `cargo mtcov`):
//! each comparison is kept in a thread-local list, folded into the
//! process's table when the MG ends (one lock per MG, not per call), and
//! the table is written as `tolerance` lines at exit. Comparisons on other
//! threads than the MG's, or outside any MG, are not recorded.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::panic::Location;
use std::sync::Mutex;

use mtcov_protocol::{CheckSite, GivenTolerance, decade, write};

use crate::record::MrRef;
use crate::source_key::SourceKey;

/// One comparison.
#[derive(Clone, Copy)]
pub(crate) struct Comparison {
    pub(crate) site: &'static Location<'static>,
    pub(crate) given: GivenTolerance,
    pub(crate) bits: u32,
    /// Per measure (absolute, relative, ULPs); `INFINITY` for a NaN
    /// against a number. All zero for equal values.
    pub(crate) differences: [f64; 3],
    pub(crate) scale: f64,
    pub(crate) held: bool,
}

thread_local! {
    /// Whether a recorded MG runs on this thread.
    static ACTIVE: Cell<bool> = const { Cell::new(false) };
    /// Its comparisons so far.
    static SEEN: RefCell<Vec<Comparison>> = const { RefCell::new(Vec::new()) };
}

/// (address of the MR's metadata, address of the call site) → what its
/// comparisons saw: found without allocating; sorted when written.
type Table = BTreeMap<(usize, usize), CheckSite>;

static TABLE: Mutex<Table> = Mutex::new(BTreeMap::new());

/// A recorded MG starts on this thread.
#[inline]
pub(crate) fn begin() {
    ACTIVE.set(true);
}

/// Whether a comparison now would be recorded.
#[inline]
pub(crate) fn active() -> bool {
    ACTIVE.get()
}

/// Keeps one comparison of the running MG.
pub(crate) fn observe(comparison: Comparison) {
    SEEN.with_borrow_mut(|seen| seen.push(comparison));
}

/// The MG with MR `mr` and first source input `first` ended: its
/// comparisons go to the process's table.
pub(crate) fn end(mr: MrRef<'_>, first: Option<SourceKey>) {
    ACTIVE.set(false);
    SEEN.with_borrow_mut(|seen| {
        if seen.is_empty() {
            return;
        }
        let mut table = TABLE.lock().unwrap_or_else(|p| p.into_inner());
        for comparison in seen.drain(..) {
            let site = comparison.site;
            let entry = table
                .entry((mr.address, std::ptr::from_ref(site) as usize))
                .or_insert_with(|| fresh(mr.id, &comparison));
            add(entry, &comparison, first.map(|k| k.0));
        }
    });
}

/// A site of MR `mr` that has seen nothing yet, named by `comparison`'s
/// call site, with its tolerance.
fn fresh(mr: &str, comparison: &Comparison) -> CheckSite {
    CheckSite {
        mr: mr.to_owned(),
        file: comparison.site.file().to_owned(),
        line: comparison.site.line(),
        column: comparison.site.column(),
        bits: comparison.bits,
        given: comparison.given,
        varies: false,
        calls: 0,
        failed: 0,
        exact: 0,
        scale: 0.0,
        largest: [0.0; 3],
        at: [None; 3],
        held: [0.0; 3],
        decades: Default::default(),
    }
}

fn add(site: &mut CheckSite, comparison: &Comparison, first: Option<u64>) {
    site.calls += 1;
    site.failed += u64::from(!comparison.held);
    site.varies |= site.given != comparison.given;
    site.scale = site.scale.max(comparison.scale);
    if comparison.differences == [0.0; 3] {
        site.exact += 1;
        return;
    }
    for (m, &d) in comparison.differences.iter().enumerate() {
        if d > site.largest[m] {
            site.largest[m] = d;
            site.at[m] = first;
        }
        if comparison.held {
            site.held[m] = site.held[m].max(d);
        }
        if d > 0.0 {
            let e = decade(d);
            let decades = &mut site.decades[m];
            match decades.binary_search_by_key(&e, |&(e, _)| e) {
                Ok(i) => decades[i].1 += 1,
                Err(i) => decades.insert(i, (e, 1)),
            }
        }
    }
}

/// The `tolerance` lines of the process, sorted by MR and site.
pub(crate) fn lines() -> String {
    let table = TABLE.lock().unwrap_or_else(|p| p.into_inner());
    let mut sites: Vec<&CheckSite> = table.values().collect();
    sites.sort_by(|a, b| {
        (&a.mr, &a.file, a.line, a.column).cmp(&(&b.mr, &b.file, b.line, b.column))
    });
    let mut out = String::new();
    for site in sites {
        write::tolerance(&mut out, site);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comparison(differences: [f64; 3], held: bool) -> Comparison {
        Comparison {
            site: Location::caller(),
            given: GivenTolerance {
                abs: Some(1e-9),
                ..GivenTolerance::default()
            },
            bits: 64,
            differences,
            scale: 2.0,
            held,
        }
    }

    #[test]
    fn only_comparisons_inside_a_recorded_mg_reach_the_table() {
        let outside = crate::relation::close(1.0, 1.5, crate::relation::Tolerance::abs(1.0));
        assert!(outside.is_ok() && !active());
        begin();
        let inside =
            crate::relation::close(1.0, 1.0 + 1e-15, crate::relation::Tolerance::abs(1e-9));
        assert!(inside.is_ok());
        let other_thread = std::thread::spawn(|| {
            let _ = crate::relation::close(1.0, 2.0, crate::relation::Tolerance::EXACT);
            active()
        });
        assert!(!other_thread.join().unwrap());
        end(
            MrRef {
                id: "tests::only_inside",
                address: 1,
            },
            Some(SourceKey(7)),
        );
        assert!(!active());
        let lines = lines();
        let mine: Vec<&str> = lines
            .lines()
            .filter(|l| l.contains("\"mr\":\"tests::only_inside\""))
            .collect();
        assert_eq!(mine.len(), 1, "{lines}");
        assert!(mine[0].contains("\"calls\":1,\"failed\":0"), "{}", mine[0]);
        assert!(
            mine[0].contains("\"at\":[\"0000000000000007\""),
            "{}",
            mine[0]
        );
    }

    #[test]
    fn a_site_keeps_maxima_their_inputs_and_decades() {
        let mut site = fresh("m", &comparison([0.0; 3], true));
        add(&mut site, &comparison([0.0; 3], true), Some(1));
        add(&mut site, &comparison([2e-16, 1e-16, 1.0], true), Some(2));
        add(&mut site, &comparison([3e-16, 1.5e-16, 2.0], true), Some(3));
        add(&mut site, &comparison([1e-3, 5e-4, 9e12], false), Some(4));
        assert_eq!((site.calls, site.failed, site.exact), (4, 1, 1));
        assert_eq!(site.largest, [1e-3, 5e-4, 9e12]);
        assert_eq!(site.at, [Some(4); 3]);
        assert_eq!(site.held, [3e-16, 1.5e-16, 2.0]);
        assert_eq!(site.decades[0], [(-15, 2), (-3, 1)]);
        assert_eq!(site.decades[2], [(0, 1), (1, 1), (13, 1)]);
        assert!(!site.varies);
        let mut other = comparison([1.0; 3], true);
        other.given.abs = Some(1.0);
        add(&mut site, &other, None);
        assert!(site.varies);
    }
}
