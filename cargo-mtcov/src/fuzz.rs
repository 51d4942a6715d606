//! The fuzz targets' ways in (`fuzz/`, run with cargo-fuzz): each takes
//! arbitrary input, as a record file from another machine (`cargo mtcov
//! merge`) or a damaged binary could give it, and must end in `Ok` or in
//! an error that says what is wrong: never a panic, never a read or write
//! outside what it is given.

use std::path::PathBuf;

use anyhow::Result;

use crate::mapping::Scope;
use crate::model::Criterion;

/// Reads `text` as one record file (with its counters, then without, as
/// a report that takes the kept evaluation reads it), checks it,
/// assembles the measure's inputs and, when it declares categories, the
/// black-box criteria.
pub fn records(text: &str) -> Result<()> {
    let file = || {
        let text = crate::run::RecordText {
            text: text.to_owned(),
            damage: None,
        };
        Ok((text, PathBuf::from("fuzz.jsonl")))
    };
    let _ = crate::records::read_texts_with(
        std::iter::once(file()),
        None,
        crate::records::CounterReading::Skip,
    );
    let run = crate::records::read_texts(std::iter::once(file()), None)?;
    run.check_complete(&[])?;
    let assembled = crate::inputs::assemble(&run)?;
    if !run.declarations.is_empty() {
        crate::coverage::choices::criteria(
            &run,
            &assembled,
            &[Criterion::IChoice, Criterion::IChoicePair, Criterion::IoCtf],
        )?;
    }
    Ok(())
}

/// Decodes the three coverage sections of an object (`__llvm_covmap`,
/// `__llvm_covfun`, `__llvm_prf_names`) and builds the requirements of
/// every code criterion from them. Source files are looked for only under
/// a directory that does not exist.
pub fn coverage_mapping(covmap: &[u8], covfun: &[u8], names: &[u8]) -> Result<()> {
    let info = crate::mapping::decode::decode_sections(covmap, covfun, names)?;
    let scope = Scope::all().include_dir("/nonexistent/mtcov-fuzz");
    let map = crate::mapping::map::Map::from_infos(std::slice::from_ref(&info), &scope);
    for criterion in [
        Criterion::Line,
        Criterion::Region,
        Criterion::Function,
        Criterion::Branch,
    ] {
        let _ = map.requirements(criterion);
    }
    Ok(())
}
