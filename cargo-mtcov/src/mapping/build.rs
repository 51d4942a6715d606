//! From decoded mapping records to the [`Map`] evaluation runs on.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result};
use llvm_profparser::coverage::{
    CounterMappingRegion, CoverageMappingInfo, FunctionRecordV3, RegionKind,
};

use super::items::FnItem;
use super::linear::{Compiler, Linear, Terms};
use super::lines::{ViewKind, ViewRegion};
use super::map::{Kind, Map, Record, Region};
use super::testcode::SourceFacts;
use super::{NONE, Requirement, RequirementKey, RequirementKind, Scope};
use super::{decode, views};
use crate::model::SourceFunction;

impl Map {
    pub(crate) fn load(binary: &Path, extra: &[PathBuf], scope: &Scope) -> Result<Map> {
        let mut infos = vec![
            decode::read_object(binary)
                .with_context(|| format!("test binary {}", binary.display()))?,
        ];
        for path in extra {
            infos.extend(
                decode::read_extra(path)
                    .with_context(|| format!("extra object {}", path.display()))?,
            );
        }
        Ok(Builder::new(scope).build(&infos))
    }

    /// The map of decoded coverage mappings (the fuzz target's way in).
    pub(crate) fn from_infos(infos: &[CoverageMappingInfo], scope: &Scope) -> Map {
        Builder::new(scope).build(infos)
    }
}

/// Requirements under construction: provisional ids in order of
/// discovery, sorted by key at the end.
#[derive(Default)]
struct ReqTable {
    ids: HashMap<RequirementKey, u32>,
    items: Vec<Requirement>,
}

impl ReqTable {
    fn id(&mut self, key: RequirementKey, label: impl FnOnce() -> String) -> u32 {
        let ReqTable { ids, items } = self;
        *ids.entry(key).or_insert_with_key(|key| {
            items.push(Requirement {
                key: key.clone(),
                label: label(),
            });
            (items.len() - 1) as u32
        })
    }

    /// Sorts by key; returns the sorted requirements and old id -> new id.
    fn finish(self) -> (Vec<Requirement>, Vec<u32>) {
        let mut order: Vec<u32> = (0..self.items.len() as u32).collect();
        order.sort_by(|&a, &b| self.items[a as usize].key.cmp(&self.items[b as usize].key));
        let mut remap = vec![0; order.len()];
        for (new, &old) in order.iter().enumerate() {
            remap[old as usize] = new as u32;
        }
        let mut items: Vec<Option<Requirement>> = self.items.into_iter().map(Some).collect();
        let sorted = order
            .iter()
            .map(|&old| items[old as usize].take().expect("each id once"))
            .collect();
        (sorted, remap)
    }
}

struct Builder<'s> {
    scope: &'s Scope,
    files: Vec<Arc<str>>,
    file_ids: HashMap<PathBuf, u32>,
    /// Per file, its view regions as (view region, record, counter,
    /// region of the map).
    view_parts: Vec<Vec<(ViewRegion, u32, Linear, u32)>>,
    records: Vec<Record>,
    regions: Vec<Region>,
    terms: Terms,
    by_key: HashMap<(u64, u64), u32>,
    reqs: [ReqTable; 4],
    has_branch_regions: bool,
    /// Per file id, its test-only code (never requirements) and functions.
    facts: Vec<Option<Arc<SourceFacts>>>,
    all_facts: HashMap<PathBuf, Arc<SourceFacts>>,
    /// Per provisional function requirement: its file and the first and
    /// last line of its code regions in that file, over all its records.
    function_lines: Vec<(u32, u32, u32)>,
    scope_files: Vec<Arc<str>>,
    pattern_hits: Vec<bool>,
}

/// LLVM's dummy record: hash 0 and a single region with a zero counter,
/// a stand-in that yields to any real record of the same function.
pub(crate) fn is_dummy(rec: &FunctionRecordV3) -> bool {
    rec.header.fn_hash == 0 && rec.regions.len() == 1 && rec.regions[0].count.is_zero()
}

fn pos(line: usize, col: usize) -> (u32, u32) {
    (
        u32::try_from(line).unwrap_or(u32::MAX),
        u32::try_from(col).unwrap_or(u32::MAX),
    )
}

/// Where a region in scope lies: its record, file and span.
struct Placed {
    record: u32,
    file: u32,
    span: ((u32, u32), (u32, u32)),
}

impl Placed {
    fn key(&self, files: &[Arc<str>], kind: RequirementKind) -> RequirementKey {
        let ((line_start, col_start), (line_end, col_end)) = self.span;
        RequirementKey {
            file: files[self.file as usize].clone(),
            line_start,
            col_start,
            line_end,
            col_end,
            kind,
        }
    }
}

impl<'s> Builder<'s> {
    fn new(scope: &'s Scope) -> Self {
        Builder {
            scope,
            files: Vec::new(),
            file_ids: HashMap::new(),
            view_parts: Vec::new(),
            records: Vec::new(),
            regions: Vec::new(),
            terms: Terms::default(),
            by_key: HashMap::new(),
            reqs: Default::default(),
            has_branch_regions: false,
            facts: Vec::new(),
            all_facts: HashMap::new(),
            function_lines: Vec::new(),
            scope_files: Vec::new(),
            pattern_hits: vec![false; scope.pattern_count()],
        }
    }

    /// Every source file the mappings name: which the scope's directories
    /// admit, which patterns they match, and the test code of those in
    /// scope (all parsed together, once).
    fn survey(&mut self, infos: &[CoverageMappingInfo]) {
        let mut seen = std::collections::HashSet::new();
        let mut in_scope = Vec::new();
        for info in infos {
            for &id in info.cov_map.keys() {
                for path in info.get_files_from_id(id) {
                    // The first entry of a list is the compilation directory.
                    if !seen.insert(path.clone())
                        || !self.scope.in_directories(&path)
                        || path.is_dir()
                    {
                        continue;
                    }
                    self.scope_files
                        .push(Arc::from(path.to_string_lossy().as_ref()));
                    for i in self.scope.matching_patterns(&path) {
                        self.pattern_hits[i] = true;
                    }
                    if self.scope.contains(&path) {
                        in_scope.push(path);
                    }
                }
            }
        }
        self.scope_files.sort();
        self.all_facts = self.scope.facts(&in_scope);
    }

    fn build(mut self, infos: &[CoverageMappingInfo]) -> Map {
        self.survey(infos);
        // Real records first (in object order), then dummies of functions
        // that have no real record anywhere.
        let mut real_names = std::collections::HashSet::new();
        for info in infos {
            for rec in info.cov_fun.iter().filter(|r| !is_dummy(r)) {
                real_names.insert(rec.header.name_hash);
            }
        }
        let mut dummy_names = std::collections::HashSet::new();
        for info in infos {
            let mut paths: HashMap<u64, Vec<u32>> = HashMap::new();
            for rec in &info.cov_fun {
                let key = (rec.header.name_hash, rec.header.fn_hash);
                if is_dummy(rec) && (real_names.contains(&key.0) || !dummy_names.insert(key.0)) {
                    continue;
                }
                if self.by_key.contains_key(&key) {
                    continue;
                }
                let files = paths
                    .entry(rec.header.filenames_ref)
                    .or_insert_with(|| {
                        info.get_files_from_id(rec.header.filenames_ref)
                            .iter()
                            .map(|p| self.file_id(p))
                            .collect()
                    })
                    .clone();
                let name = info
                    .prof_names
                    .get(&rec.header.name_hash)
                    .map(String::as_str);
                self.add_record(rec, &files, name);
            }
        }
        self.finish()
    }

    fn file_id(&mut self, path: &Path) -> u32 {
        if let Some(&id) = self.file_ids.get(path) {
            return id;
        }
        let id = if self.scope.contains(path) {
            self.files.push(Arc::from(path.to_string_lossy().as_ref()));
            self.view_parts.push(Vec::new());
            self.facts.push(self.all_facts.get(path).cloned());
            (self.files.len() - 1) as u32
        } else {
            NONE
        };
        self.file_ids.insert(path.to_path_buf(), id);
        id
    }

    fn add_record(&mut self, rec: &FunctionRecordV3, files: &[u32], name: Option<&str>) {
        if !rec.regions.iter().any(|r| self.file_of(files, r) != NONE)
            || name.is_some_and(is_doc_test_code)
        {
            return;
        }
        let index = self.records.len() as u32;
        let mut compiler = Compiler::new(&rec.expressions);
        let start = self.regions.len() as u32;
        let mut function = None;
        let mut first_counted = true;
        let mut num_counters = 0u32;
        for r in &rec.regions {
            let view_kind = match r.kind {
                RegionKind::Code => Some(ViewKind::Code),
                RegionKind::Expansion => Some(ViewKind::Expansion),
                RegionKind::Skipped => Some(ViewKind::Skipped),
                RegionKind::Gap => Some(ViewKind::Gap),
                RegionKind::Branch | RegionKind::MCDCBranch => None,
                RegionKind::MCDCDecision => continue,
            };
            let file = self.file_of(files, r);
            let is_first_counted = view_kind.is_some() && std::mem::take(&mut first_counted);
            if file == NONE {
                continue;
            }
            let (Ok(count), Ok(false_count)) = (
                compiler.compile(&r.count, &mut self.terms),
                compiler.compile(&r.false_count, &mut self.terms),
            ) else {
                // LLVM drops a record whose counters do not evaluate; so do we.
                self.regions.truncate(start as usize);
                self.discard_views(index);
                return;
            };
            for c in [count, false_count] {
                if let Some(m) = self.terms.max_counter(c) {
                    num_counters = num_counters.max(m + 1);
                }
            }
            let at = Placed {
                record: index,
                file,
                span: (
                    pos(r.loc.line_start, r.loc.column_start),
                    pos(r.loc.line_end, r.loc.column_end),
                ),
            };
            let (kind, req, req_false) = match view_kind {
                Some(vk) => {
                    if is_first_counted {
                        function = Some((self.function_requirement(&at, name), count));
                    }
                    (
                        Kind::View(vk),
                        self.view_region(&at, vk, count, function),
                        NONE,
                    )
                }
                None => {
                    let (t, f) = self.branch_requirements(&at, r);
                    (Kind::Branch, t, f)
                }
            };
            self.regions.push(Region {
                kind,
                count,
                false_count,
                req,
                req_false,
                chunk: NONE,
            });
        }
        self.by_key
            .insert((rec.header.name_hash, rec.header.fn_hash), index);
        self.records.push(Record {
            regions: start..self.regions.len() as u32,
            num_counters,
            function,
            views: Vec::new(),
        });
    }

    /// A region's file id; NONE out of scope or in test-only code.
    fn file_of(&self, files: &[u32], r: &CounterMappingRegion) -> u32 {
        let file = files.get(r.file_id).copied().unwrap_or(NONE);
        let (start, end) = (pos(r.loc.line_start, 0).0, pos(r.loc.line_end, 0).0);
        match self.facts.get(file as usize) {
            Some(Some(facts)) if facts.test.contains(start, end) => NONE,
            _ => file,
        }
    }

    /// The function requirement of a record whose first counted region
    /// is `at`; its lines start there.
    fn function_requirement(&mut self, at: &Placed, name: Option<&str>) -> u32 {
        let fkey = RequirementKey {
            line_end: at.span.0.0,
            col_end: at.span.0.1,
            ..at.key(&self.files, RequirementKind::Function)
        };
        let id = self.reqs[3].id(fkey, || function_label(name, at.span.0));
        if id as usize == self.function_lines.len() {
            self.function_lines
                .push((at.file, at.span.0.0, at.span.1.0));
        }
        id
    }

    /// A code, expansion, skipped or gap region: it widens its function's
    /// lines (code only), joins its file's line view and, code only, is a
    /// region requirement (returned; NONE otherwise).
    fn view_region(
        &mut self,
        at: &Placed,
        vk: ViewKind,
        count: Linear,
        function: Option<(u32, Linear)>,
    ) -> u32 {
        let (start, end) = at.span;
        if let Some((id, _)) = function
            && vk == ViewKind::Code
        {
            let lines = &mut self.function_lines[id as usize];
            if lines.0 == at.file {
                lines.1 = lines.1.min(start.0);
                lines.2 = lines.2.max(end.0);
            }
        }
        self.view_parts[at.file as usize].push((
            ViewRegion {
                start,
                end,
                kind: vk,
            },
            at.record,
            count,
            // The region this is, pushed next.
            self.regions.len() as u32,
        ));
        if vk != ViewKind::Code {
            return NONE;
        }
        let key = at.key(&self.files, RequirementKind::Region);
        self.reqs[1].id(key, || format!("region {}", span_text(at.span)))
    }

    /// A branch region's two outcome requirements. llvm-cov leaves out a
    /// branch only when it is folded as a whole (both counters a literal
    /// zero); an outcome folded alone (a `cfg!` constant) is a requirement
    /// that can never be covered.
    fn branch_requirements(&mut self, at: &Placed, r: &CounterMappingRegion) -> (u32, u32) {
        self.has_branch_regions = true;
        if r.count.is_zero() && r.false_count.is_zero() {
            return (NONE, NONE);
        }
        let t = at.key(&self.files, RequirementKind::BranchTrue);
        let t = self.reqs[2].id(t, || format!("branch {} true", span_text(at.span)));
        let f = at.key(&self.files, RequirementKind::BranchFalse);
        let f = self.reqs[2].id(f, || format!("branch {} false", span_text(at.span)));
        (t, f)
    }

    /// One [`SourceFunction`] per function as written: the function
    /// requirements (`sorted`, `remap`: provisional id -> sorted) whose
    /// first line lies in one `fn` item are that item (its closures fold
    /// into it); one the source does not show is a function of its own,
    /// spanning its code regions.
    fn functions(&self, sorted: &[Requirement], remap: &[u32]) -> Vec<SourceFunction> {
        let mut units: std::collections::BTreeMap<(u32, u32, u32), SourceFunction> =
            Default::default();
        let mut order: Vec<usize> = (0..self.function_lines.len()).collect();
        order.sort_by_key(|&id| remap[id]);
        for id in order {
            let (file, first, last) = self.function_lines[id];
            let name = sorted[remap[id] as usize].label.trim_start_matches("fn ");
            let item: Option<&FnItem> = self.facts[file as usize].as_ref().and_then(|facts| {
                facts
                    .functions
                    .iter()
                    .filter(|f| f.line_start <= first && first <= f.line_end)
                    .min_by_key(|f| f.line_end - f.line_start)
            });
            let lines = item.map_or((first, last), |f| (f.line_start, f.line_end));
            let unit = units
                .entry((file, lines.0, lines.1))
                .or_insert_with(|| SourceFunction {
                    name: name.to_owned(),
                    file: self.files[file as usize].to_string(),
                    line_start: lines.0,
                    line_end: lines.1,
                    public: item.map(|f| f.public),
                    calls: item.map(|f| f.calls.clone()).unwrap_or_default(),
                    conditions: item.map(|f| f.conditions.clone()).unwrap_or_default(),
                    input: item.and_then(|f| f.input.clone()),
                });
            // A closure's record may come first: the function's own name
            // is the one without `{closure`.
            if unit.name.contains("{closure") && !name.contains("{closure") {
                unit.name = name.to_owned();
            }
        }
        units.into_values().collect()
    }

    fn discard_views(&mut self, record: u32) {
        for parts in &mut self.view_parts {
            parts.retain(|p| p.1 != record);
        }
    }

    fn finish(mut self) -> Map {
        let view_parts = std::mem::take(&mut self.view_parts);
        let mut views = views::line_views(view_parts, |file, line| {
            let key = RequirementKey {
                file: self.files[file].clone(),
                line_start: line,
                col_start: 0,
                line_end: line,
                col_end: 0,
                kind: RequirementKind::Line,
            };
            self.reqs[0].id(key, || format!("line {line}"))
        });
        for (view, file_view) in views.iter().enumerate() {
            for &record in &file_view.records {
                self.records[record as usize].views.push(view as u32);
            }
            for &region in &file_view.member_regions {
                self.regions[region as usize].chunk = view as u32;
            }
        }

        let [lines, regions, branches, functions] = std::mem::take(&mut self.reqs);
        let (line_reqs, line_map) = lines.finish();
        let (region_reqs, region_map) = regions.finish();
        let (branch_reqs, branch_map) = branches.finish();
        let (function_reqs, function_map) = functions.finish();
        let remap = |id: &mut u32, map: &[u32]| {
            if *id != NONE {
                *id = map[*id as usize];
            }
        };
        for view in &mut views {
            view.line_req.iter_mut().for_each(|id| remap(id, &line_map));
        }
        for r in &mut self.regions {
            match r.kind {
                Kind::View(_) => remap(&mut r.req, &region_map),
                Kind::Branch => {
                    remap(&mut r.req, &branch_map);
                    remap(&mut r.req_false, &branch_map);
                }
            }
        }
        for rec in &mut self.records {
            if let Some((id, _)) = &mut rec.function {
                remap(id, &function_map);
            }
        }
        let functions = self.functions(&function_reqs, &function_map);
        Map {
            records: self.records,
            regions: self.regions,
            terms: self.terms,
            by_key: self.by_key,
            views,
            reqs: [line_reqs, region_reqs, branch_reqs, function_reqs],
            functions,
            has_branch_regions: self.has_branch_regions,
            scope_files: self.scope_files,
            pattern_hits: self.pattern_hits,
        }
    }
}

fn span_text(((ls, cs), (le, ce)): ((u32, u32), (u32, u32))) -> String {
    if ce == u32::MAX {
        format!("{ls}:{cs}-{le}")
    } else {
        format!("{ls}:{cs}-{le}:{ce}")
    }
}

/// `fn path::to::name` from a PGO name (`[file;]symbol`), demangled
/// without the hash; the location when the name is unknown.
pub(crate) fn function_label(pgo_name: Option<&str>, (line, col): (u32, u32)) -> String {
    let Some(name) = pgo_name else {
        return format!("function at {line}:{col}");
    };
    let symbol = name.rsplit(';').next().unwrap_or(name);
    match rustc_demangle::try_demangle(symbol) {
        Ok(d) => format!("fn {}", without_generic_args(&format!("{d:#}"))),
        Err(_) => format!("fn {symbol}"),
    }
}

/// A function requirement stands for all its instantiations: drop the
/// type arguments of the first one found (`f::<u8>` -> `f`).
fn without_generic_args(path: &str) -> &str {
    if !path.ends_with('>') {
        return path;
    }
    let mut depth = 0;
    for (i, c) in path.char_indices().rev() {
        match c {
            '>' => depth += 1,
            '<' => {
                depth -= 1;
                if depth == 0 {
                    return path[..i].strip_suffix("::").unwrap_or(path);
                }
            }
            _ => {}
        }
    }
    path
}

/// Whether a function (by its mangled name) is a doc test's own code:
/// rustdoc compiles each doc test as the crate `rust_out`, whose code it
/// maps onto the doc comment's lines (and the line after them). That code
/// is test code (`--doctests`), never a requirement.
fn is_doc_test_code(mangled: &str) -> bool {
    if !mangled.contains("rust_out") {
        return false;
    }
    let name = format!("{:#}", rustc_demangle::demangle(mangled));
    name.starts_with("rust_out::") || name.starts_with("<rust_out::")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn function_labels_are_demangled() {
        assert_eq!(
            function_label(Some("_ZN7cov_sut8classify17h0123456789abcdefE"), (1, 1)),
            "fn cov_sut::classify"
        );
        assert_eq!(
            function_label(
                Some("src/lib.rs;_RNvNtCsaItzxlGXJVV_7cov_sut6unused12never_called"),
                (1, 1)
            ),
            "fn cov_sut::unused::never_called"
        );
        assert_eq!(
            function_label(Some("not_mangled"), (1, 1)),
            "fn not_mangled"
        );
        assert_eq!(without_generic_args("a::f::<u8, b::C<u8>>"), "a::f");
        assert_eq!(
            without_generic_args("<a::T as b::U>::f"),
            "<a::T as b::U>::f"
        );
        assert_eq!(function_label(None, (3, 4)), "function at 3:4");
    }
}
