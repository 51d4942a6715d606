//! One test process's records as its MGs, so that `--affected` can rerun
//! some of a process's MGs and keep the others.
//!
//! Every MG's `mg` line carries its share of what its process sums (its
//! measured runs by fingerprint, its follow-up counters, what else it ran
//! aside, its warm-up counters): a process's records are then its MGs plus
//! what ran outside every MG. [`Grouped::read`] checks that the shares add
//! up to the process's `aside` line; [`merge`] makes one process's records
//! out of the last run's kept MGs (moved to the new build) and a rerun's
//! MGs (the process run under a selection of the others), in the last
//! run's order, with the rerun's outside counters: the file a whole rerun
//! would have written, but for what differs between any two runs (shared
//! captures). A process whose records cannot be split (an MG without
//! shares or identity, declared categories, a failed strategy check's
//! lines) reruns whole.

use std::collections::{HashMap, HashSet};

use mtcov_protocol::counters::{add, apply, delta};
use mtcov_protocol::write::{self, MgFields, MgShares};
use mtcov_protocol::{CheckSite, Header, MgRecord, Record};

use crate::records::{DenseSum, FullVectors, VectorWriter};

pub(crate) use crate::records::Pairs;

/// An MG's identity, as selection files name it: its MR, its argument.
pub(crate) type GroupId = (String, u64);

/// A record file read as its MGs.
pub(crate) struct Grouped {
    pub(super) header: Option<Header>,
    /// Every counter vector of the file, by (source key, fingerprint).
    vectors: FullVectors,
    /// The `source` line of each source key, as written.
    sources: HashMap<u64, String>,
    pub(crate) groups: Vec<Group>,
    pub(crate) tolerance: Vec<CheckSite>,
    /// What ran outside every MG.
    pub(super) outside: Pairs,
    /// The MGs a selection left out, when the process had one.
    pub(super) unselected: Option<(u64, u64)>,
}

/// One MG of a [`Grouped`] file.
pub(crate) struct Group {
    pub(crate) record: MgRecord,
    pub(crate) id: GroupId,
}

impl Grouped {
    /// Reads a whole record file; why it cannot be split otherwise.
    pub(crate) fn read(text: &str) -> Result<Grouped, String> {
        let mut file = Grouped {
            header: None,
            vectors: FullVectors::default(),
            sources: HashMap::new(),
            groups: Vec::new(),
            tolerance: Vec::new(),
            outside: Vec::new(),
            unselected: None,
        };
        let mut aside = None;
        let mut ended = false;
        for read in crate::records::lines(text) {
            let (number, line, record) = read?;
            let bad = |why: String| format!("line {number}: {why}");
            match record {
                Record::Header(h) => file.header = Some(h),
                Record::Source { key, .. } => {
                    let line = line.trim_end_matches('\n');
                    file.sources.insert(key, format!("{line}\n"));
                }
                Record::Cov {
                    key,
                    fingerprint,
                    counters,
                    ..
                }
                | Record::FollowCov {
                    key,
                    fingerprint,
                    counters,
                    ..
                } => {
                    file.vectors
                        .resolve(key, fingerprint, counters, |_| Ok(()))
                        .map_err(bad)?;
                }
                Record::Mg(record) => {
                    if record.shares.is_none() {
                        return Err(format!(
                            "an MG of {} has no share of its process's counters (a runtime \
                             before this release, or coverage not captured)",
                            record.mr
                        ));
                    }
                    let Some(argument) = record.argument.or(record.sources.first().copied()) else {
                        return Err(format!("an MG of {} names no input", record.mr));
                    };
                    file.groups.push(Group {
                        id: (record.mr.clone(), argument),
                        record,
                    });
                }
                Record::Tolerance(site) => file.tolerance.push(site),
                Record::Aside {
                    counters,
                    first_use,
                    captures,
                    outside,
                } => {
                    aside = Some((counters, first_use, captures));
                    file.outside = outside;
                }
                Record::End { unselected, .. } => {
                    file.unselected = unselected;
                    ended = true;
                }
                Record::Choices { .. } | Record::FollowUp { .. } | Record::Unclassified { .. } => {
                    return Err("it classified inputs of declared categories".to_owned());
                }
                Record::Draws { .. } | Record::Minimal { .. } => {
                    return Err("a strategy check of it failed".to_owned());
                }
            }
        }
        if file.header.is_none() {
            return Err("it has no header".to_owned());
        }
        if !ended {
            return Err("it has no end line".to_owned());
        }
        let (counters, first_use, captures) = aside.unwrap_or_default();
        let sums = file.sums(|pairs| Ok(pairs.to_vec()))?;
        if sums != (counters, first_use, captures) {
            return Err("its MGs' shares do not add up to its aside line".to_owned());
        }
        Ok(file)
    }

    fn vector(&self, key: u64, fingerprint: u64) -> Result<Pairs, String> {
        self.vectors.get(key, fingerprint)
    }

    /// What the MGs of the file add up to: aside (follow-ups included),
    /// first use, captures.
    pub(super) fn sums(
        &self,
        moved: impl Fn(&[(u32, u64)]) -> Result<Pairs, String>,
    ) -> Result<(Pairs, Pairs, (u64, u64)), String> {
        let mut sums = Sums::default();
        for group in &self.groups {
            counters_of(&group.record, |k, fp| self.vector(k, fp), &moved)?.add_to(&mut sums);
        }
        Ok(sums.pairs())
    }

    /// Whether the MG `group` ran a counter `hit` finds, in any of its
    /// counters: as [`ran`](Self::ran) gives them, but each vector of the
    /// file is read once over calls that share `seen` (the MGs of one
    /// input share its source vector). Its warm-up counters are its
    /// measured runs' with its `first_use` changes applied, so when no run
    /// hit, they hit where the changes do.
    pub(crate) fn reaches(
        &self,
        group: &Group,
        hit: &impl Fn(&[(u32, u64)]) -> bool,
        seen: &mut HashMap<(u64, u64), bool>,
    ) -> Result<bool, String> {
        let record = &group.record;
        let Some(shares) = record.shares.as_deref() else {
            return Err(format!("an MG of {} without shares", record.mr));
        };
        let source =
            |index: u32| {
                record.sources.get(index as usize).copied().ok_or_else(|| {
                    format!("an MG of {} ran source {index}, which it lacks", record.mr)
                })
            };
        let mut vector_hits = |key: u64, fp: u64| -> Result<bool, String> {
            if let Some(&known) = seen.get(&(key, fp)) {
                return Ok(known);
            }
            let hits = hit(&self.vector(key, fp)?);
            seen.insert((key, fp), hits);
            Ok(hits)
        };
        for &(index, fp, _) in &shares.runs {
            if vector_hits(source(index)?, fp)? {
                return Ok(true);
            }
        }
        if let Some(fp) = shares.follow
            && vector_hits(source(0)?, fp)?
        {
            return Ok(true);
        }
        Ok(hit(&shares.aside) || hit(&shares.first_use))
    }

    /// Every counter pair the MG `group` ran, in any of its counters
    /// (what [`reaches`](Self::reaches) answers without gathering them).
    #[cfg(test)]
    fn ran(&self, group: &Group) -> Result<Vec<Pairs>, String> {
        let c = counters_of(&group.record, |k, fp| self.vector(k, fp), &|pairs| {
            Ok(pairs.to_vec())
        })?;
        Ok(c.runs
            .into_iter()
            .map(|run| run.vector)
            .chain(c.follow.map(|(vector, _)| vector))
            .chain([c.aside, c.first_use])
            .collect())
    }
}

/// The counters of the MG `record` (which has shares), moved by `moved`:
/// its runs' vectors, its follow-up vector, its aside and its warm-up
/// counters; `vector` gives a vector of its file by source key and
/// fingerprint.
pub(crate) fn counters_of(
    record: &MgRecord,
    vector: impl Fn(u64, u64) -> Result<Pairs, String>,
    moved: &impl Fn(&[(u32, u64)]) -> Result<Pairs, String>,
) -> Result<GroupCounters, String> {
    let Some(shares) = record.shares.as_deref() else {
        return Err(format!("an MG of {} without shares", record.mr));
    };
    let sources = &record.sources;
    let source = |index: u32| {
        sources
            .get(index as usize)
            .copied()
            .ok_or_else(|| format!("an MG of {} ran source {index}, which it lacks", record.mr))
    };
    let mut measured = Vec::new();
    let mut runs = Vec::with_capacity(shares.runs.len());
    for &(index, fp, shared) in &shares.runs {
        let key = source(index)?;
        let vector = vector(key, fp)?;
        add(&mut measured, &vector);
        let vector = moved(&vector)?;
        runs.push(Run {
            index,
            key,
            fingerprint: write::fingerprint(&vector),
            vector,
            shared,
        });
    }
    let follow = match shares.follow {
        Some(fp) => {
            let vector = vector(source(0)?, fp)?;
            add(&mut measured, &vector);
            let vector = moved(&vector)?;
            let fp = write::fingerprint(&vector);
            Some((vector, fp))
        }
        None => None,
    };
    Ok(GroupCounters {
        runs,
        follow,
        aside: moved(&shares.aside)?,
        first_use: moved(&apply(&measured, &shares.first_use))?,
    })
}

/// Writes the `mg` line of `record` with the shares of `counters` (as
/// [`counters_of`] moved them).
pub(crate) fn write_mg(out: &mut String, record: &MgRecord, counters: &GroupCounters) {
    let runs: Vec<(u32, u64, bool)> = counters
        .runs
        .iter()
        .map(|run| (run.index, run.fingerprint, run.shared))
        .collect();
    let mut measured = Vec::new();
    for run in &counters.runs {
        add(&mut measured, &run.vector);
    }
    if let Some((follow, _)) = &counters.follow {
        add(&mut measured, follow);
    }
    let first_use = delta(&measured, &counters.first_use);
    let fields = MgFields {
        mr: &record.mr,
        class: &record.class,
        argument: record.argument,
        follow_ups: record.follow_ups,
        outcome: record.outcome,
        message: record.message.as_deref(),
        test: record.test.as_deref(),
        shares: Some(MgShares {
            runs: &runs,
            follow: counters.follow.as_ref().map(|(_, fp)| *fp),
            aside: &counters.aside,
            first_use: &first_use,
        }),
    };
    write::mg(out, &fields, record.sources.iter().copied());
}

/// One measured run of an MG, its counters in the layout they are
/// written in.
struct Run {
    /// The index of its source input in the MG's sources, and its key.
    index: u32,
    key: u64,
    vector: Pairs,
    fingerprint: u64,
    shared: bool,
}

/// An MG's counters, in the layout they are written in.
pub(crate) struct GroupCounters {
    runs: Vec<Run>,
    /// The follow-ups' counters and their fingerprint.
    follow: Option<(Pairs, u64)>,
    aside: Pairs,
    /// Whole, not as changes.
    first_use: Pairs,
}

impl GroupCounters {
    fn add_to(&self, sums: &mut Sums) {
        sums.aside.add(&self.aside);
        if let Some((follow, _)) = &self.follow {
            sums.aside.add(follow);
        }
        sums.first_use.add(&self.first_use);
        sums.captures.0 += self.runs.len() as u64;
        sums.captures.1 += self.runs.iter().filter(|r| r.shared).count() as u64;
    }
}

/// What a process's `aside` line sums, added up MG by MG.
#[derive(Default)]
pub(super) struct Sums {
    aside: DenseSum,
    first_use: DenseSum,
    captures: (u64, u64),
}

impl Sums {
    /// Aside (follow-ups included), first use, captures.
    pub(super) fn pairs(&self) -> (Pairs, Pairs, (u64, u64)) {
        (self.aside.pairs(), self.first_use.pairs(), self.captures)
    }
}

/// The records of one process: `old`'s MGs where `keep` says so, moved
/// to the new build by `moved`, and `fresh`'s MGs (the same process run
/// under a selection of the others) in their places, `old`'s order;
/// `fresh`'s header and outside counters. Why not, when `fresh` did not
/// meet the MGs `old` did (the test drew other inputs).
pub(crate) fn merge(
    old: &Grouped,
    keep: &[bool],
    fresh: &Grouped,
    moved: impl Fn(&[(u32, u64)]) -> Result<Pairs, String>,
) -> Result<String, String> {
    let kept: Vec<&Group> = old
        .groups
        .iter()
        .zip(keep)
        .filter(|(_, k)| **k)
        .map(|(g, _)| g)
        .collect();
    let expected = (
        kept.len() as u64,
        kept.iter().fold(0u64, |sum, g| {
            sum.wrapping_add(write::group_id(&g.id.0, g.id.1))
        }),
    );
    if fresh.unselected != Some(expected) {
        return Err(format!(
            "the rerun left out {} MGs, not the {} kept",
            fresh.unselected.map_or(0, |u| u.0),
            expected.0
        ));
    }
    let mut out = Writer::default();
    write::header(
        &mut out.text,
        fresh.header.as_ref().expect("checked when read"),
    );
    out.lines = 1;
    let identity = |pairs: &[(u32, u64)]| Ok(pairs.to_vec());
    let mut reruns = fresh.groups.iter();
    for (group, &keep) in old.groups.iter().zip(keep) {
        if keep {
            out.group(old, group, &moved)?;
            continue;
        }
        match reruns.next() {
            Some(rerun) if rerun.id == group.id => out.group(fresh, rerun, &identity)?,
            _ => {
                return Err(format!(
                    "the rerun did not run the MG of {} on {:016x} where the last run did",
                    group.id.0, group.id.1
                ));
            }
        }
    }
    if let Some(extra) = reruns.next() {
        return Err(format!(
            "the rerun ran an MG of {} on {:016x} the last run did not",
            extra.id.0, extra.id.1
        ));
    }
    let rerun_mrs: HashSet<&str> = fresh.groups.iter().map(|g| g.id.0.as_str()).collect();
    let mut sites: Vec<&CheckSite> = old
        .tolerance
        .iter()
        .filter(|s| !rerun_mrs.contains(s.mr.as_str()))
        .chain(&fresh.tolerance)
        .collect();
    sites.sort_by(|a, b| {
        (&a.mr, &a.file, a.line, a.column).cmp(&(&b.mr, &b.file, b.line, b.column))
    });
    for site in sites {
        write::tolerance(&mut out.text, site);
        out.lines += 1;
    }
    let (aside, first_use, captures) = out.sums.pairs();
    if !aside.is_empty() || !first_use.is_empty() || !fresh.outside.is_empty() || captures.0 > 0 {
        write::aside(&mut out.text, &aside, &first_use, captures, &fresh.outside);
        out.lines += 1;
    }
    write::end(&mut out.text, out.lines, None);
    Ok(out.text)
}

/// The merged file as it is written.
#[derive(Default)]
pub(super) struct Writer {
    pub(super) text: String,
    pub(super) lines: u64,
    sources: HashSet<u64>,
    /// (source key, MR, fingerprint) of `cov` lines written, and whether
    /// one of them was not shared.
    cov: HashMap<(u64, String, u64), bool>,
    followcov: HashSet<(u64, String, u64)>,
    vectors: VectorWriter,
    pub(super) sums: Sums,
}

impl Writer {
    /// Writes one MG of `file`, its counters moved by `moved`: its new
    /// source lines, a `cov` line per run not written yet (every vector
    /// in full), its `followcov` line, its `mg` line.
    pub(super) fn group(
        &mut self,
        file: &Grouped,
        group: &Group,
        moved: &impl Fn(&[(u32, u64)]) -> Result<Pairs, String>,
    ) -> Result<(), String> {
        let counters = counters_of(&group.record, |k, fp| file.vector(k, fp), moved)?;
        counters.add_to(&mut self.sums);
        let record = &group.record;
        let mr = record.mr.as_str();
        for key in &record.sources {
            if self.sources.insert(*key) {
                let line = file
                    .sources
                    .get(key)
                    .ok_or_else(|| format!("source {key:016x} has no source line"))?;
                self.text.push_str(line);
                self.lines += 1;
            }
        }
        for run in &counters.runs {
            let (key, fp, shared) = (run.key, run.fingerprint, run.shared);
            let written = self.cov.get(&(key, mr.to_owned(), fp)).copied();
            if written.is_none() || (written == Some(false) && !shared) {
                let text = &mut self.text;
                self.vectors.line(key, &run.vector, fp, |c| {
                    write::cov(text, key, mr, fp, c, shared);
                });
                self.lines += 1;
                self.cov.insert((key, mr.to_owned(), fp), !shared);
            }
        }
        if let Some((vector, fp)) = &counters.follow {
            let (key, fp) = (record.sources[0], *fp);
            if self.followcov.insert((key, mr.to_owned(), fp)) {
                let text = &mut self.text;
                self.vectors.line(key, vector, fp, |c| {
                    write::follow_cov(text, key, mr, fp, c);
                });
                self.lines += 1;
            }
        }
        write_mg(&mut self.text, record, &counters);
        self.lines += 1;
        Ok(())
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use mtcov_protocol::write::Counters as Written;
    use mtcov_protocol::{CoverageLayout, Outcome};

    /// One MG as the runtime writes it: its source, its run, its
    /// follow-ups and its shares.
    #[derive(Clone)]
    pub(in crate::affected) struct Mg {
        pub(in crate::affected) mr: &'static str,
        pub(in crate::affected) key: u64,
        run: Pairs,
        follow: Pairs,
        aside: Pairs,
        warm: Pairs,
    }

    pub(in crate::affected) fn mg(mr: &'static str, key: u64, base: u32) -> Mg {
        Mg {
            mr,
            key,
            run: vec![(base, 1), (base + 1, 2)],
            follow: vec![(base + 1, 1)],
            aside: vec![(9, 1)],
            // A lazy static made in this MG's first warm-up.
            warm: vec![(base, 1), (base + 1, 3), (8, 1)],
        }
    }

    /// A record file of `mgs` in this order; `unselected` on its end.
    pub(in crate::affected) fn file(mgs: &[Mg], unselected: Option<(u64, u64)>) -> String {
        let mut out = String::new();
        write::header(
            &mut out,
            &Header {
                runtime: "0.1.0".into(),
                binary: "/t/deps/x-1".into(),
                pid: 5,
                registry: vec![],
                coverage: CoverageLayout::Captured {
                    profile_version: 10,
                    num_counters: 10,
                    functions: vec![],
                },
                categories: vec![],
                attempt: None,
            },
        );
        let mut sums = (Vec::new(), Vec::new(), (0, 0));
        let mut sources = HashSet::new();
        for g in mgs {
            if sources.insert(g.key) {
                write::source(&mut out, g.key, "x");
            }
            let fp = write::fingerprint(&g.run);
            write::cov(&mut out, g.key, g.mr, fp, Written::Full(&g.run), false);
            let follow_fp = write::fingerprint(&g.follow);
            write::follow_cov(&mut out, g.key, g.mr, follow_fp, Written::Full(&g.follow));
            let mut measured = g.run.clone();
            add(&mut measured, &g.follow);
            let first_use = delta(&measured, &g.warm);
            let fields = MgFields {
                mr: g.mr,
                class: g.mr,
                argument: None,
                follow_ups: 1,
                outcome: Outcome::Holds,
                message: None,
                test: Some("t"),
                shares: Some(MgShares {
                    runs: &[(0, fp, false)],
                    follow: Some(follow_fp),
                    aside: &g.aside,
                    first_use: &first_use,
                }),
            };
            write::mg(&mut out, &fields, [g.key]);
            add(&mut sums.0, &g.aside);
            add(&mut sums.0, &g.follow);
            add(&mut sums.1, &g.warm);
            sums.2.0 += 1;
        }
        write::aside(&mut out, &sums.0, &sums.1, sums.2, &[(7, 4)]);
        let lines = out.lines().count() as u64;
        write::end(&mut out, lines, unselected);
        out
    }

    pub(in crate::affected) fn id(mr: &str, key: u64) -> u64 {
        write::group_id(mr, key)
    }

    #[test]
    fn an_mg_reaches_a_counter_when_any_of_its_counters_holds_it() {
        let whole = file(&[mg("a", 1, 0), mg("b", 1, 2), mg("a", 2, 4)], None);
        let old = Grouped::read(&whole).unwrap();
        let mut reached = Vec::new();
        for index in 0..10u32 {
            let hit = |pairs: &[(u32, u64)]| pairs.iter().any(|&(i, v)| i == index && v != 0);
            let mut seen = HashMap::new();
            for group in &old.groups {
                let gathered = old.ran(group).unwrap().iter().any(|p| hit(p));
                let answered = old.reaches(group, &hit, &mut seen).unwrap();
                assert_eq!(answered, gathered, "counter {index}, MG {:?}", group.id);
                if answered {
                    reached.push((index, group.id.0.clone()));
                }
            }
        }
        // Each MG its own two counters, and every MG the lazy static's
        // (8, in its warm-up) and the aside counter (9).
        assert_eq!(reached.len(), 2 * 3 + 3 + 3, "{reached:?}");
    }

    #[test]
    fn kept_and_rerun_mgs_merge_into_the_file_of_a_whole_run() {
        let whole = file(&[mg("a", 1, 0), mg("b", 1, 2), mg("a", 2, 4)], None);
        let old = Grouped::read(&whole).unwrap();
        assert_eq!(old.groups.len(), 3);
        // `b` reruns: the rerun meets `a`'s two MGs and leaves them out.
        let fresh = file(
            &[mg("b", 1, 2)],
            Some((2, id("a", 1).wrapping_add(id("a", 2)))),
        );
        let fresh = Grouped::read(&fresh).unwrap();
        let same = |pairs: &[(u32, u64)]| Ok(pairs.to_vec());
        let merged = merge(&old, &[true, false, true], &fresh, same).unwrap();
        let merged = Grouped::read(&merged).unwrap();
        let ids: Vec<&GroupId> = merged.groups.iter().map(|g| &g.id).collect();
        assert_eq!(
            ids,
            [
                &("a".to_owned(), 1),
                &("b".to_owned(), 1),
                &("a".to_owned(), 2)
            ]
        );
        // The shares add up to the whole run's sums (checked by `read`),
        // which are those of the whole file.
        assert_eq!(merged.sums(same).unwrap(), old.sums(same).unwrap());
        assert_eq!(merged.outside, [(7, 4)]);
        assert_eq!(merged.unselected, None);
    }

    #[test]
    fn a_rerun_that_met_other_mgs_is_refused() {
        let old = Grouped::read(&file(&[mg("a", 1, 0), mg("b", 1, 2)], None)).unwrap();
        let same = |pairs: &[(u32, u64)]| Ok(pairs.to_vec());
        // It left out another input's MG than the one kept.
        let fresh = Grouped::read(&file(&[mg("b", 1, 2)], Some((1, id("a", 3))))).unwrap();
        let why = merge(&old, &[true, false], &fresh, same).unwrap_err();
        assert!(why.contains("the rerun left out"), "{why}");
        // It ran another MG than the one that reruns.
        let fresh = Grouped::read(&file(&[mg("c", 1, 2)], Some((1, id("a", 1))))).unwrap();
        let why = merge(&old, &[true, false], &fresh, same).unwrap_err();
        assert!(why.contains("did not run the MG of b"), "{why}");
        // It ran no selection at all.
        let fresh = Grouped::read(&file(&[mg("b", 1, 2)], None)).unwrap();
        assert!(merge(&old, &[true, false], &fresh, same).is_err());
    }

    #[test]
    fn records_that_cannot_be_split_say_why() {
        let whole = file(&[mg("a", 1, 0)], None);
        let without = whole.replace(r#","runs":"#, r#","other":"#);
        let why = |text: &str| Grouped::read(text).err().unwrap_or_default();
        assert!(why(&without).contains("no share"));
        let off = whole.replace(r#""aside":"JB""#, r#""aside":"JC""#);
        assert_ne!(off, whole);
        assert!(why(&off).contains("do not add up"));
        let cut = whole.lines().take(4).collect::<Vec<_>>().join("\n");
        assert!(why(&cut).contains("no end line"));
    }
}
