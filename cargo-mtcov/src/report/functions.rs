//! The functions under test in one criterion's report: which function
//! holds each requirement, what ran each function, and its share of the
//! measure (the function table).

use std::collections::{BTreeSet, HashMap, HashSet};

use mtcov_protocol::MrDescription;

use crate::measure::{CriterionMeasure, MrIdx, Pool, ReqIdx};
use crate::model::{Call, Location, SourceFunction, Span, TestSpans};

use super::callers::{Place, Resolved, resolve};
use super::{CriterionInput, FunctionRow};

/// "In no function".
pub(super) const NONE: u32 = u32::MAX;

/// One criterion's view of the functions.
pub(super) struct Functions<'a> {
    pub all: &'a [SourceFunction],
    /// Per requirement, the innermost function holding it, or [`NONE`].
    pub owner: Vec<u32>,
    /// Per function, whether a source execution covered one of its
    /// requirements.
    pub source_ran: Vec<bool>,
    /// Per function, whether code outside source executions (follow-ups,
    /// checks) ran one of its requirements.
    pub aside_ran: Vec<bool>,
    /// Per function, the MRs whose source executions ran it.
    pub mrs: Vec<Vec<MrIdx>>,
    /// Per name called, the functions that ran and call it so, and how.
    callers: HashMap<&'a str, Vec<(u32, &'a Call)>>,
    /// Each function's place, from its name.
    places: Vec<Place<'a>>,
    /// The methods of the crate: (type, name).
    methods: HashSet<(&'a str, &'a str)>,
    /// Per function, the plain unit tests whose process ran it, by name.
    pub unit_tests: Vec<Vec<&'a str>>,
}

impl<'a> Functions<'a> {
    pub(super) fn new(
        all: &'a [SourceFunction],
        m: &CriterionMeasure,
        input: &CriterionInput<'_>,
        pool: &Pool,
    ) -> Self {
        let owner = owners(input.locations, all);
        let mut source_ran = vec![false; all.len()];
        let mut aside_ran = vec![false; all.len()];
        for (r, &f) in owner.iter().enumerate() {
            if f == NONE {
                continue;
            }
            source_ran[f as usize] |= m.is_covered(ReqIdx(r as u32));
            aside_ran[f as usize] |= input.aside.get(r).is_some_and(|&n| n > 0);
        }
        let mrs = input
            .coverage
            .mrs_per_group(&owner, all.len(), |t| pool.mrs_of(t));
        let mut callers: HashMap<&str, Vec<(u32, &Call)>> = HashMap::new();
        for (g, function) in all.iter().enumerate() {
            if source_ran[g] || aside_ran[g] {
                for call in &function.calls {
                    if let Some(name) = call.path.last() {
                        callers.entry(name).or_default().push((g as u32, call));
                    }
                }
            }
        }
        let places: Vec<Place<'a>> = all.iter().map(|f| Place::of(&f.name)).collect();
        let methods = places
            .iter()
            .filter_map(|p| Some((p.self_type?, p.ident)))
            .collect();
        Self {
            all,
            owner,
            source_ran,
            aside_ran,
            mrs,
            callers,
            places,
            methods,
            unit_tests: vec![Vec::new(); all.len()],
        }
    }

    /// With the plain unit tests that ran each function: a test ran the
    /// innermost function holding a span of the code its process ran.
    pub(super) fn with_tests(mut self, tests: &'a [TestSpans]) -> Self {
        let mut of_file: HashMap<&str, Vec<u32>> = HashMap::new();
        for (f, function) in self.all.iter().enumerate() {
            of_file.entry(&function.file).or_default().push(f as u32);
        }
        let mut innermost: HashMap<&Span, Option<u32>> = HashMap::new();
        for test in tests {
            let mut ran: Vec<u32> = Vec::new();
            for span in &test.spans {
                let f = *innermost.entry(span).or_insert_with(|| {
                    let (file, first, last) = span;
                    of_file
                        .get(file.as_str())?
                        .iter()
                        .copied()
                        .filter(|&f| self.all[f as usize].contains(file, *first, *last))
                        .min_by_key(|&f| {
                            let f = &self.all[f as usize];
                            f.line_end - f.line_start
                        })
                });
                ran.extend(f);
            }
            ran.sort_unstable();
            ran.dedup();
            for f in ran {
                self.unit_tests[f as usize].push(&test.name);
            }
        }
        for tests in &mut self.unit_tests {
            tests.sort_unstable();
            tests.dedup();
        }
        self
    }

    /// The function of requirement `r`.
    pub(super) fn of(&self, r: usize) -> Option<u32> {
        self.owner.get(r).copied().filter(|&f| f != NONE)
    }

    /// The functions that ran (from source executions or aside) and call
    /// `f`, as far as the source resolves their calls; and whether a call
    /// that ran could be to `f` but does not resolve (so the callers are
    /// not known).
    pub(super) fn callers_that_ran(&self, f: u32) -> (Vec<u32>, bool) {
        let target = &self.places[f as usize];
        let mut known = Vec::new();
        let mut unresolved = false;
        for &(g, call) in self.callers.get(target.ident).into_iter().flatten() {
            if g == f {
                continue;
            }
            let is_method = |ty: &str, name: &str| self.methods.contains(&(ty, name));
            match resolve(call, &self.places[g as usize], target, is_method) {
                Resolved::Yes => known.push(g),
                Resolved::Unknown => unresolved = true,
                Resolved::No => {}
            }
        }
        known.dedup();
        (known, unresolved)
    }

    /// The classes of the MRs whose source executions run `f`, by name.
    pub(super) fn classes(&self, f: u32, pool: &Pool) -> Vec<String> {
        let classes: BTreeSet<&str> = self.mrs[f as usize]
            .iter()
            .map(|&m| pool.class_name(pool.mr_class(m)))
            .collect();
        classes.into_iter().map(str::to_owned).collect()
    }

    /// The function table: one row per function holding requirements of
    /// this criterion, in file and line order.
    pub(super) fn rows(
        &self,
        m: &CriterionMeasure,
        pool: &Pool,
        mrs: &[MrDescription],
    ) -> Vec<FunctionRow> {
        // Per function: requirements, covered, sum of min(|S_RO|, k).
        let mut sums = vec![(0u32, 0u32, 0u64); self.all.len()];
        for (r, &f) in self.owner.iter().enumerate() {
            if f == NONE {
                continue;
            }
            let r = ReqIdx(r as u32);
            let row = &mut sums[f as usize];
            row.0 += 1;
            row.1 += u32::from(m.is_covered(r));
            row.2 += u64::from(m.best_size(r).min(m.k()));
        }
        sums.iter()
            .enumerate()
            .filter(|(_, s)| s.0 > 0)
            .map(|(f, &(requirements, covered, sum))| {
                let function = &self.all[f];
                FunctionRow {
                    function: f as u32,
                    name: function.name.clone(),
                    file: function.file.clone(),
                    line: function.line_start,
                    requirements,
                    covered,
                    a_k: sum as f64 / (f64::from(m.k()) * f64::from(requirements)),
                    mrs: self.mrs[f]
                        .iter()
                        .map(|m| mrs[m.0 as usize].id.clone())
                        .collect(),
                    classes: self.classes(f as u32, pool),
                }
            })
            .collect()
    }
}

/// Per location, the innermost function holding it (the smallest span
/// containing it), or [`NONE`]. `functions` is sorted by file and line.
pub(super) fn owners(locations: &[Location], functions: &[SourceFunction]) -> Vec<u32> {
    locations
        .iter()
        .map(|loc| {
            // The functions of its file that start at or before it.
            let from = functions.partition_point(|f| f.file.as_str() < loc.file.as_str());
            let to = from
                + functions[from..]
                    .partition_point(|f| f.file == loc.file && f.line_start <= loc.line_start);
            (from..to)
                .filter(|&f| functions[f].contains(&loc.file, loc.line_start, loc.line_end))
                .min_by_key(|&f| functions[f].line_end - functions[f].line_start)
                .map_or(NONE, |f| f as u32)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn function(name: &str, file: &str, lines: (u32, u32)) -> SourceFunction {
        SourceFunction {
            name: name.into(),
            file: file.into(),
            line_start: lines.0,
            line_end: lines.1,
            public: Some(true),
            calls: Vec::new(),
            conditions: Vec::new(),
            input: None,
        }
    }

    #[test]
    fn the_innermost_function_holds_a_location() {
        let functions = [
            function("a::outer", "src/a.rs", (1, 20)),
            function("a::nested", "src/a.rs", (5, 8)),
            function("a::after", "src/a.rs", (22, 30)),
            function("b::f", "src/b.rs", (1, 4)),
        ];
        let at = |file: &str, start: u32, end: u32| Location::new(file, start, 1, end, 1);
        let got = owners(
            &[
                at("src/a.rs", 2, 2),
                at("src/a.rs", 6, 7),
                at("src/a.rs", 21, 21),
                at("src/a.rs", 25, 25),
                at("src/b.rs", 3, 3),
                at("src/c.rs", 3, 3),
            ],
            &functions,
        );
        assert_eq!(got, [0, 1, NONE, 2, 3, NONE]);
    }
}
