//! Reading `__llvm_covmap` / `__llvm_covfun` out of a test binary and out
//! of the object files inside `.rlib` archives.
//!
//! The section decoding is `llvm_profparser`'s. Two things it gets wrong
//! are corrected here: it never decodes gap regions (LLVM marks them with
//! bit 31 of the end column; the parser leaves that bit in the column and
//! calls the region a code region), and it panics instead of returning an
//! error on malformed data (caught here and turned into an error). It also
//! decodes skipped regions as code regions with a zero counter; rustc does
//! not emit skipped regions, so nothing depends on that. It reads only
//! from a path, so archive members are staged in a temporary file.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{Context, Result, anyhow};
use llvm_profparser::coverage::coverage_mapping::read_object_file;
use llvm_profparser::coverage::{CoverageMappingInfo, RegionKind};
use object::{Object, ObjectSection};

/// The coverage-mapping format version passed to the filename decoder: any
/// value >= 3 selects the (possibly zlib-compressed) encoding every LLVM
/// since 11 writes; rustc 1.95 writes version 7 (encoded 6).
const FORMAT_VERSION: u64 = 6;

/// Bit 31 of an encoded end column marks a gap region.
const GAP_BIT: usize = 1 << 31;

/// One object's decoded coverage mapping, gap regions fixed up.
pub(crate) fn read_object(path: &Path) -> Result<CoverageMappingInfo> {
    let decoded = std::panic::catch_unwind(|| read_object_file(path, FORMAT_VERSION))
        .map_err(|_| anyhow!("malformed coverage mapping (the decoder gave up)"))?;
    let mut info = decoded.with_context(|| {
        format!(
            "no readable coverage mapping: was {} built with `-C instrument-coverage`?",
            path.display()
        )
    })?;
    fix_gap_regions(&mut info);
    Ok(info)
}

fn fix_gap_regions(info: &mut CoverageMappingInfo) {
    for record in &mut info.cov_fun {
        for region in &mut record.regions {
            if region.loc.column_end != usize::MAX && region.loc.column_end & GAP_BIT != 0 {
                region.kind = RegionKind::Gap;
                region.loc.column_end &= !GAP_BIT;
                if region.loc.column_start == 0 && region.loc.column_end == 0 {
                    region.loc.column_start = 1;
                    region.loc.column_end = usize::MAX;
                }
            }
        }
    }
}

/// The coverage mappings of an extra object: every member of an archive
/// (`.rlib`) that carries one, or the object file itself.
pub(crate) fn read_extra(path: &Path) -> Result<Vec<CoverageMappingInfo>> {
    let data = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    if !data.starts_with(b"!<arch>\n") {
        return if has_mapping(&data) {
            Ok(vec![read_object(path)?])
        } else {
            Ok(Vec::new())
        };
    }
    let archive = object::read::archive::ArchiveFile::parse(&*data)
        .with_context(|| format!("{} is not a readable archive", path.display()))?;
    let mut out = Vec::new();
    for member in archive.members() {
        let member = member.with_context(|| format!("bad member in {}", path.display()))?;
        let bytes = member
            .data(&*data)
            .with_context(|| format!("bad member in {}", path.display()))?;
        if !has_mapping(bytes) {
            continue;
        }
        let name = String::from_utf8_lossy(member.name()).into_owned();
        let staged = Staged::write(bytes)?;
        out.push(read_object(&staged.0).with_context(|| format!("{}({name})", path.display()))?);
    }
    Ok(out)
}

fn has_mapping(bytes: &[u8]) -> bool {
    object::File::parse(bytes).is_ok_and(|f| {
        f.section_by_name("__llvm_covfun")
            .or_else(|| f.section_by_name(".lcovfun"))
            .is_some_and(|s| s.size() > 0)
    })
}

/// A temporary copy of an archive member, removed on drop.
struct Staged(PathBuf);

impl Staged {
    fn write(bytes: &[u8]) -> Result<Self> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("mtcov-member-{}-{n}.o", std::process::id()));
        std::fs::write(&path, bytes)
            .with_context(|| format!("cannot stage an archive member in {}", path.display()))?;
        Ok(Staged(path))
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
