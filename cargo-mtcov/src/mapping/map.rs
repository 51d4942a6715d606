//! The pre-resolved form evaluation runs on: records with compiled
//! counters and requirement indices, per-file line views and the
//! requirement sets.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

use super::Requirement;
use super::linear::{Linear, Terms};
use super::lines::ViewKind;
use super::views::FileView;
use crate::model::{Criterion, SourceFunction};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    View(ViewKind),
    Branch,
}

#[derive(Debug)]
pub(crate) struct Region {
    pub kind: Kind,
    pub count: Linear,
    pub false_count: Linear,
    /// Code region: its region requirement. Branch: its true outcome's.
    pub req: u32,
    /// Branch: its false outcome's requirement.
    pub req_false: u32,
    /// View region: the line chunk its count is summed into, if any.
    pub chunk: u32,
}

#[derive(Debug)]
pub(crate) struct Record {
    pub regions: Range<u32>,
    /// Number of physical counters its expressions read.
    pub num_counters: u32,
    /// Its function requirement and the counter of its first region.
    pub function: Option<(u32, Linear)>,
    /// Line views (chunks of files) it has regions in.
    pub views: Vec<u32>,
}

#[derive(Debug)]
pub(crate) struct Map {
    pub records: Vec<Record>,
    pub regions: Vec<Region>,
    pub terms: Terms,
    pub by_key: HashMap<(u64, u64), u32>,
    pub views: Vec<FileView>,
    pub(super) reqs: [Vec<Requirement>; 4],
    /// The functions as written, by (file, first line); file paths
    /// absolute.
    pub functions: Vec<SourceFunction>,
    pub has_branch_regions: bool,
    /// Source files the scope's directories admit (before patterns).
    pub scope_files: Vec<Arc<str>>,
    /// Per `--include` / `--exclude` pattern, whether it matched one of them.
    pub pattern_hits: Vec<bool>,
}

pub(crate) fn criterion_index(c: Criterion) -> usize {
    match c {
        Criterion::Line => 0,
        Criterion::Region => 1,
        Criterion::Branch => 2,
        Criterion::Function => 3,
        Criterion::IChoice | Criterion::IChoicePair | Criterion::IoCtf => {
            unreachable!(
                "black-box criteria have no coverage mapping; callers pass code criteria only"
            )
        }
    }
}

impl Map {
    pub(crate) fn requirements(&self, c: Criterion) -> &[Requirement] {
        &self.reqs[criterion_index(c)]
    }

    pub(crate) fn requirement_count(&self, criterion_index: usize) -> usize {
        self.reqs[criterion_index].len()
    }

    /// Per requirement of `c`, whether a record `unchanged` (by NameRef)
    /// counts it; `Err` when a line view holds records of both kinds.
    pub(crate) fn counted_by(
        &self,
        c: Criterion,
        unchanged: &dyn Fn(u64) -> bool,
    ) -> Result<Vec<bool>, String> {
        let mut same = vec![false; self.records.len()];
        for (&(name_ref, _), &record) in &self.by_key {
            same[record as usize] = unchanged(name_ref);
        }
        let mut counted = vec![false; self.requirement_count(criterion_index(c))];
        let mut mark = |id: u32| {
            if id != super::NONE {
                counted[id as usize] = true;
            }
        };
        let unchanged_records = self
            .records
            .iter()
            .zip(&same)
            .filter(|(_, same)| **same)
            .map(|(record, _)| record);
        match c {
            Criterion::Line => {
                for view in &self.views {
                    let kept = view.records.iter().filter(|&&r| same[r as usize]).count();
                    if kept > 0 && kept < view.records.len() {
                        return Err(format!(
                            "line {} of a file holds a changed function and an unchanged one",
                            view.first_line
                        ));
                    }
                    if kept > 0 {
                        view.line_req.iter().for_each(|&id| mark(id));
                    }
                }
            }
            Criterion::Region | Criterion::Branch => {
                let wanted = |kind: Kind| match c {
                    Criterion::Region => kind == Kind::View(ViewKind::Code),
                    _ => kind == Kind::Branch,
                };
                for record in unchanged_records {
                    let range = record.regions.start as usize..record.regions.end as usize;
                    for region in self.regions[range].iter().filter(|r| wanted(r.kind)) {
                        mark(region.req);
                        if c == Criterion::Branch {
                            mark(region.req_false);
                        }
                    }
                }
            }
            Criterion::Function => {
                for (id, _) in unchanged_records.filter_map(|r| r.function.as_ref()) {
                    mark(*id);
                }
            }
            Criterion::IChoice | Criterion::IChoicePair | Criterion::IoCtf => {
                unreachable!("black-box criteria have no coverage mapping")
            }
        }
        Ok(counted)
    }
}
