//! Where the code each plain unit test ran lies: the functions its
//! process's raw profile named ([`crate::run::profiles`]), placed by its
//! binary's coverage mapping. The report names these tests beside code no
//! MR reaches: a unit test's call is a source input, and its assertion a
//! relation, waiting to be written.

use std::collections::HashMap;
use std::path::PathBuf;

use super::build::is_dummy;
use super::decode::{read_object, record_spans};
use crate::model::{Span, TestSpans};
use crate::run::last_run::LastRun;
use crate::run::profiles;

/// Per test of a binary without MRs whose profile the run kept, the
/// spans (file as the mapping names it, first and last line) of the
/// functions it ran. Binaries are read only when one of their tests has
/// a profile.
pub(crate) fn tests_ran(last: &LastRun) -> Vec<TestSpans> {
    let mut out = Vec::new();
    for run in &last.runs {
        let mut tests = Vec::new();
        for process in run.processes.iter().filter(|p| !p.listing) {
            if let ([test], Some(ran)) = (
                process.tests.as_slice(),
                profiles::ran(&last.record_dir, &run.path, process.pid),
            ) {
                tests.push((test.name.clone(), ran));
            }
        }
        if tests.is_empty() {
            continue;
        }
        // A binary whose mapping cannot be read names no test: the
        // report then says only what MRs do, which stays true.
        let Ok(info) = read_object(last.file(&run.path)) else {
            continue;
        };
        let mut paths: HashMap<u64, Vec<PathBuf>> = HashMap::new();
        let mut spans_of: HashMap<(u64, u64), Vec<Span>> = HashMap::new();
        for rec in info.cov_fun.iter().filter(|r| !is_dummy(r)) {
            let paths = paths
                .entry(rec.header.filenames_ref)
                .or_insert_with(|| info.get_files_from_id(rec.header.filenames_ref));
            let spans = spans_of
                .entry((rec.header.name_hash, rec.header.fn_hash))
                .or_default();
            for (file, (first, last)) in record_spans(rec, paths) {
                spans.push((file.to_string_lossy().into_owned(), first, last));
            }
        }
        for (name, ran) in tests {
            let spans = ran
                .iter()
                .filter_map(|f| spans_of.get(f))
                .flatten()
                .cloned()
                .collect();
            out.push(TestSpans { name, spans });
        }
    }
    out
}
