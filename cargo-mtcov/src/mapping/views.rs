//! A file's line view (llvm-cov's segments of all the functions of a file),
//! cut into chunks evaluated apart: the chunks' regions, the records they
//! count and their line requirements.

use std::ops::Range;

use super::NONE;
use super::linear::Linear;
use super::lines::{self, LineScratch, ViewRegion};

/// The line view of one chunk of a file (`lines::chunks`: lines no other
/// chunk has): its regions combined and sorted the way llvm-cov's segment
/// builder wants them. Evaluated only when one of its records ran.
#[derive(Debug)]
pub(crate) struct FileView {
    pub regions: Vec<ViewRegion>,
    /// Whether it is its file's last chunk.
    pub ends_file: bool,
    /// The records its regions count, ascending: what it covers depends on
    /// their counters only.
    pub records: Vec<u32>,
    /// Per view region, its slice of `members`.
    pub member_ranges: Vec<Range<u32>>,
    /// (record, counter) summed into a view region's count.
    pub members: Vec<(u32, Linear)>,
    /// Per member, the region of the map it is.
    pub member_regions: Vec<u32>,
    pub first_line: u32,
    /// Line requirement per line from `first_line`, or NONE.
    pub line_req: Vec<u32>,
}

impl FileView {
    /// The line requirement of `line`, if it is one of this chunk's.
    pub(crate) fn line_requirement(&self, line: u32) -> Option<u32> {
        let id = *self
            .line_req
            .get(line.checked_sub(self.first_line)? as usize)?;
        (id != NONE).then_some(id)
    }
}

/// The line views of every file (`view_parts`: per file, its view regions
/// as (view region, record, counter, region of the map)): sorted,
/// same-span regions combined, cut into chunks; a chunk's lines mapped
/// with every count zero are its line requirements, `line_id(file, line)`
/// gives each its id.
pub(super) fn line_views(
    view_parts: Vec<Vec<(ViewRegion, u32, Linear, u32)>>,
    mut line_id: impl FnMut(usize, u32) -> u32,
) -> Vec<FileView> {
    let mut views = Vec::with_capacity(view_parts.len());
    let mut scratch = LineScratch::default();
    for (file, mut parts) in view_parts.into_iter().enumerate() {
        parts.sort_by_key(|p| lines::sort_key(&p.0));
        let (regions, member_ranges, members, member_regions) = combine(parts);
        let chunks = lines::chunks(&regions);
        for (i, range) in chunks.iter().enumerate() {
            let members_start = member_ranges[range.start].start;
            let members_end = member_ranges[range.end - 1].end;
            let members = &members[members_start as usize..members_end as usize];
            let ends_file = i + 1 == chunks.len();
            let regions = regions[range.clone()].to_vec();
            let (first_line, line_req) =
                line_requirements(&regions, ends_file, &mut scratch, |line| {
                    line_id(file, line)
                });
            let mut records: Vec<u32> = members.iter().map(|&(record, _)| record).collect();
            records.sort_unstable();
            records.dedup();
            views.push(FileView {
                regions,
                ends_file,
                records,
                member_ranges: member_ranges[range.clone()]
                    .iter()
                    .map(|m| m.start - members_start..m.end - members_start)
                    .collect(),
                members: members.to_vec(),
                member_regions: member_regions[members_start as usize..members_end as usize]
                    .to_vec(),
                first_line,
                line_req,
            });
        }
    }
    views
}

/// Regions of the same span as one view region; the (record, counter) of
/// those of its kind are its members (and their regions of the map, apart).
#[allow(clippy::type_complexity)]
fn combine(
    parts: Vec<(ViewRegion, u32, Linear, u32)>,
) -> (
    Vec<ViewRegion>,
    Vec<Range<u32>>,
    Vec<(u32, Linear)>,
    Vec<u32>,
) {
    let mut regions: Vec<ViewRegion> = Vec::new();
    let mut member_ranges: Vec<Range<u32>> = Vec::new();
    let mut members = Vec::new();
    let mut member_regions = Vec::new();
    for (region, record, counter, index) in parts {
        let same = regions
            .last()
            .is_some_and(|a: &ViewRegion| a.start == region.start && a.end == region.end);
        if !same {
            regions.push(region);
            member_ranges.push(members.len() as u32..members.len() as u32);
        }
        if regions.last().is_some_and(|a| a.kind == region.kind) {
            members.push((record, counter));
            member_regions.push(index);
            member_ranges.last_mut().expect("pushed above").end = members.len() as u32;
        }
    }
    (regions, member_ranges, members, member_regions)
}

/// The lines a chunk maps (every count zero): its first line and the line
/// requirement per line from there (NONE for a line it does not map).
fn line_requirements(
    regions: &[ViewRegion],
    ends_file: bool,
    scratch: &mut LineScratch,
    mut line_id: impl FnMut(u32) -> u32,
) -> (u32, Vec<u32>) {
    let zeros = vec![0u64; regions.len()];
    let mut mapped = Vec::new();
    lines::for_each_line(regions, &zeros, ends_file, scratch, |line, _| {
        mapped.push(line)
    });
    let (Some(&first_line), Some(&last_line)) = (mapped.first(), mapped.last()) else {
        return (0, Vec::new());
    };
    let mut line_req = vec![NONE; (last_line - first_line + 1) as usize];
    for line in mapped {
        line_req[(line - first_line) as usize] = line_id(line);
    }
    (first_line, line_req)
}
