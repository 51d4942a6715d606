//! Line coverage exactly as llvm-cov computes it: the regions of every
//! function in a file are sorted and merged into *segments*
//! (`SegmentBuilder` in LLVM's `CoverageMapping.cpp`), and each line's
//! status comes from the segments that start on it and the one that
//! wraps into it (`LineCoverageStats`). This is a port of those two
//! algorithms, LLVM 22; `cargo-mtcov/tests/e2e/coverage_oracle.rs` checks it
//! against `llvm-cov export -format=lcov` line by line.

/// Region kinds that take part in the line view (branch and MC/DC regions
/// do not). The order is LLVM's: it decides which of several regions
/// with the same span becomes the active one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum ViewKind {
    Code = 0,
    Expansion = 1,
    Skipped = 2,
    Gap = 3,
}

/// A source position: (line, column), both 1-based.
pub(crate) type Pos = (u32, u32);

/// A region of the line view after LLVM's `combineRegions`: regions with
/// the same span are one, counted as the sum over those of the first
/// region's kind.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ViewRegion {
    pub start: Pos,
    pub end: Pos,
    pub kind: ViewKind,
}

/// Sorts regions as LLVM's `sortNestedRegions` does: by start, enclosing
/// regions first, then by kind.
pub(crate) fn sort_key(r: &ViewRegion) -> (Pos, std::cmp::Reverse<Pos>, ViewKind) {
    (r.start, std::cmp::Reverse(r.end), r.kind)
}

#[derive(Debug, Clone, Copy)]
struct Segment {
    line: u32,
    count: u64,
    has_count: bool,
    is_region_entry: bool,
    is_gap: bool,
}

/// Reusable buffers, so that evaluating an input allocates nothing once
/// warm.
#[derive(Debug, Default)]
pub(crate) struct LineScratch {
    segments: Vec<Segment>,
    active: Vec<usize>,
    keep: Vec<usize>,
    done: Vec<usize>,
}

struct Builder<'a> {
    regions: &'a [ViewRegion],
    /// Whether the file's last region is the last of `regions`.
    ends_file: bool,
    counts: &'a [u64],
    segs: &'a mut Vec<Segment>,
    active: &'a mut Vec<usize>,
}

impl Builder<'_> {
    fn start_segment(
        &mut self,
        region: usize,
        loc: Pos,
        is_region_entry: bool,
        emit_skipped: bool,
    ) {
        let r = &self.regions[region];
        let count = self.counts[region];
        let has_count = !emit_skipped && r.kind != ViewKind::Skipped;
        if !is_region_entry
            && !emit_skipped
            && let Some(last) = self.segs.last()
            && last.has_count == has_count
            && last.count == count
            && !last.is_region_entry
        {
            return;
        }
        self.segs.push(if has_count {
            Segment {
                line: loc.0,
                count,
                has_count,
                is_region_entry,
                is_gap: r.kind == ViewKind::Gap,
            }
        } else {
            Segment {
                line: loc.0,
                count: 0,
                has_count,
                is_region_entry,
                is_gap: false,
            }
        });
    }

    fn complete_regions_until(&mut self, loc: Option<Pos>, first_completed: usize) {
        let regions = self.regions;
        self.active[first_completed..].sort_by_key(|&i| regions[i].end); // stable
        let n = self.active.len();
        for i in first_completed + 1..n {
            let mut completed = self.active[i];
            let completed_loc = regions[self.active[i - 1]].end;
            if loc == Some(completed_loc) {
                break;
            }
            if completed_loc == regions[completed].end {
                continue;
            }
            for j in i + 1..n {
                if regions[completed].end == regions[self.active[j]].end {
                    completed = self.active[j];
                }
            }
            self.start_segment(completed, completed_loc, false, false);
        }
        let last = *self
            .active
            .last()
            .expect("completing with no active region");
        let last_end = regions[last].end;
        if first_completed > 0 && Some(last_end) != loc {
            let fill = self.active[first_completed - 1];
            self.start_segment(fill, last_end, false, false);
        } else if first_completed == 0 && loc != Some(last_end) {
            self.start_segment(last, last_end, false, true);
        }
        self.active.truncate(first_completed);
    }

    fn build(&mut self, keep: &mut Vec<usize>, done: &mut Vec<usize>) {
        let regions = self.regions;
        for (idx, r) in regions.iter().enumerate() {
            let cur = r.start;
            keep.clear();
            done.clear();
            for &a in self.active.iter() {
                if regions[a].end <= cur {
                    done.push(a)
                } else {
                    keep.push(a)
                }
            }
            if !done.is_empty() {
                self.active.clear();
                self.active.extend_from_slice(keep);
                let first_completed = self.active.len();
                self.active.extend_from_slice(done);
                self.complete_regions_until(Some(cur), first_completed);
            }
            let gap = r.kind == ViewKind::Gap;
            let last_of_file = self.ends_file && idx + 1 == regions.len();
            if cur == r.end {
                let skipped = last_of_file || r.kind == ViewKind::Skipped;
                let source = self.active.last().copied().unwrap_or(idx);
                self.start_segment(source, cur, !gap, skipped);
                if skipped && let Some(&last) = self.active.last() {
                    self.start_segment(last, cur, false, false);
                }
                continue;
            }
            if idx + 1 == regions.len() || cur != regions[idx + 1].start {
                // (`idx + 1 == regions.len()` alone: the next chunk's first
                // region starts on a later line, so never at `cur`.)
                self.start_segment(idx, cur, !gap, false);
            }
            self.active.push(idx);
        }
        if !self.active.is_empty() {
            self.complete_regions_until(None, 0);
        }
    }
}

/// Calls `each(line, count)` for every line llvm-cov reports as
/// instrumented ("mapped") in a file whose combined, sorted regions are
/// `regions` with execution counts `counts`, in line order.
///
/// `regions` may also be one *chunk* of a file (see [`chunks`]), with
/// `ends_file` saying whether it is the file's last: the lines of a chunk
/// come out exactly as they do from the whole file.
pub(crate) fn for_each_line(
    regions: &[ViewRegion],
    counts: &[u64],
    ends_file: bool,
    scratch: &mut LineScratch,
    mut each: impl FnMut(u32, u64),
) {
    debug_assert_eq!(regions.len(), counts.len());
    let LineScratch {
        segments,
        active,
        keep,
        done,
    } = scratch;
    segments.clear();
    active.clear();
    Builder {
        regions,
        ends_file,
        counts,
        segs: segments,
        active,
    }
    .build(keep, done);

    let segs = &segments[..];
    let mut wrapped: Option<Segment> = None;
    let mut i = 0;
    let mut line = segs.first().map_or(0, |s| s.line);
    while i < segs.len() {
        let start = i;
        while i < segs.len() && segs[i].line == line {
            i += 1;
        }
        let on_line = &segs[start..i];
        if let Some((mapped, count)) = stats(on_line, wrapped.as_ref())
            && mapped
        {
            each(line, count);
        }
        if let Some(last) = on_line.last() {
            wrapped = Some(*last);
        }
        if i < segs.len() {
            // Lines with no segment of their own take the wrapped count.
            if let Some(w) = wrapped.filter(|w| w.has_count) {
                for empty in line + 1..segs[i].line {
                    each(empty, w.count);
                }
            }
            line = segs[i].line;
        }
    }
}

/// Splits a file's combined, sorted regions into chunks that share no
/// line: a chunk ends where every region so far ends on a line before the
/// next region's first, and not right after an empty region (which leaves
/// a segment open until the next region starts, counting the lines in
/// between). Each chunk's lines depend on its own regions only (between
/// chunks, the segment builder has closed every region and the wrapped
/// segment has no count), so a chunk can be evaluated alone, and only
/// chunks with a non-zero count need to be. Returns the chunks' ranges in
/// `regions`, in order.
pub(crate) fn chunks(regions: &[ViewRegion]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut last_line = 0;
    for (i, r) in regions.iter().enumerate() {
        if i > start && r.start.0 > last_line && regions[i - 1].start != regions[i - 1].end {
            out.push(start..i);
            start = i;
        }
        last_line = if i == start {
            r.end.0
        } else {
            last_line.max(r.end.0)
        };
    }
    if start < regions.len() {
        out.push(start..regions.len());
    }
    out
}

/// LLVM's `LineCoverageStats`: (mapped, execution count).
fn stats(on_line: &[Segment], wrapped: Option<&Segment>) -> Option<(bool, u64)> {
    let is_start = |s: &Segment| !s.is_gap && s.has_count && s.is_region_entry;
    let min_region_count = on_line.iter().filter(|s| is_start(s)).take(2).count();
    let start_of_skipped = on_line
        .first()
        .is_some_and(|s| !s.has_count && s.is_region_entry);
    let mut mapped =
        !start_of_skipped && (wrapped.is_some_and(|w| w.has_count) || min_region_count > 0);
    mapped |= on_line.iter().any(|s| s.is_region_entry && s.has_count);
    if !mapped {
        return Some((false, 0));
    }
    let mut count = wrapped.map_or(0, |w| w.count);
    if min_region_count > 0 {
        for s in on_line.iter().filter(|s| is_start(s)) {
            count = count.max(s.count);
        }
    }
    Some((true, count))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(start: Pos, end: Pos) -> ViewRegion {
        ViewRegion {
            start,
            end,
            kind: ViewKind::Code,
        }
    }

    fn lines(regions: &[ViewRegion], counts: &[u64]) -> Vec<(u32, u64)> {
        let mut out = Vec::new();
        for_each_line(
            regions,
            counts,
            true,
            &mut LineScratch::default(),
            |l, c| out.push((l, c)),
        );
        out
    }

    /// The lines of every chunk, evaluated alone, one after the other.
    fn chunked_lines(regions: &[ViewRegion], counts: &[u64]) -> Vec<(u32, u64)> {
        let mut out = Vec::new();
        let chunks = chunks(regions);
        for (i, range) in chunks.iter().enumerate() {
            for_each_line(
                &regions[range.clone()],
                &counts[range.clone()],
                i + 1 == chunks.len(),
                &mut LineScratch::default(),
                |l, c| out.push((l, c)),
            );
        }
        out
    }

    /// mtcov's one generator, for the property test below.
    struct Rng(mtcov_protocol::splitmix::SplitMix64);

    impl Rng {
        fn below(&mut self, n: u32) -> u32 {
            self.0.below(n as usize) as u32
        }
    }

    /// Random files of nested and disjoint regions of every kind, empty
    /// ones included (the case that needs `ends_file`): chunk by chunk
    /// gives exactly the whole file's lines and counts.
    #[test]
    fn chunks_give_the_whole_files_lines() {
        let mut rng = Rng(mtcov_protocol::splitmix::SplitMix64::new(1));
        let mut split = 0;
        for _ in 0..20_000 {
            let mut regions = Vec::new();
            for _ in 0..1 + rng.below(8) {
                let start = (1 + rng.below(12), 1 + rng.below(6));
                let end = match rng.below(4) {
                    0 => start,
                    1 => (start.0, start.1 + 1 + rng.below(5)),
                    _ => (start.0 + 1 + rng.below(4), 1 + rng.below(6)),
                };
                let kind = match rng.below(6) {
                    0 => ViewKind::Gap,
                    1 => ViewKind::Skipped,
                    2 => ViewKind::Expansion,
                    _ => ViewKind::Code,
                };
                regions.push(ViewRegion { start, end, kind });
            }
            regions.sort_by_key(sort_key);
            regions.dedup_by(|a, b| a.start == b.start && a.end == b.end);
            let counts: Vec<u64> = regions.iter().map(|_| u64::from(rng.below(3))).collect();
            split += usize::from(chunks(&regions).len() > 1);
            assert_eq!(
                chunked_lines(&regions, &counts),
                lines(&regions, &counts),
                "{regions:?} {counts:?}"
            );
        }
        assert!(split > 5_000, "only {split} files had several chunks");
    }

    #[test]
    fn nested_region_and_wrapped_lines() {
        // fn body 1:1-5:2 (count 1), an `if` block 2:10-4:6 (count 0).
        let r = [code((1, 1), (5, 2)), code((2, 10), (4, 6))];
        assert_eq!(
            lines(&r, &[1, 0]),
            vec![(1, 1), (2, 1), (3, 0), (4, 0), (5, 1)]
        );
    }

    #[test]
    fn gap_regions_do_not_make_a_line_covered() {
        // A gap region that starts a line is not a region entry: the line
        // takes its count only as the wrapped segment of the next line.
        let r = [
            code((1, 1), (1, 20)),
            ViewRegion {
                start: (1, 20),
                end: (3, 1),
                kind: ViewKind::Gap,
            },
            code((3, 1), (3, 9)),
        ];
        assert_eq!(lines(&r, &[1, 0, 0]), vec![(1, 1), (2, 0), (3, 0)]);
    }

    #[test]
    fn lines_outside_every_region_are_unmapped() {
        let r = [code((1, 1), (2, 2)), code((5, 1), (6, 2))];
        assert_eq!(lines(&r, &[3, 0]), vec![(1, 3), (2, 3), (5, 0), (6, 0)]);
    }
}
