//! Reading the coverage mapping (`__llvm_covmap`, `__llvm_covfun`,
//! `__llvm_prf_names`) out of a test binary and out of the object files
//! inside `.rlib` archives.
//!
//! Every section of each of those names is read, not only the first: in an
//! object file (an `.rlib` member) each function's coverage record sits in
//! a `__llvm_covfun` section of its own (one per COMDAT group), and only the
//! linker merges them into one. The records are decoded here, following
//! LLVM's `RawCoverageMappingReader` (gap regions included: bit 31 of the
//! end column); malformed data is an error, never a panic. The types are
//! `llvm_profparser`'s, as are the decoders of the (possibly
//! zlib-compressed) filename and name lists; a panic in those is caught and
//! turned into an error.

use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use llvm_profparser::compute_hash;
use llvm_profparser::coverage::{
    Counter, CounterMappingRegion, CounterType, CoverageMappingInfo, ExprKind, Expression,
    FunctionRecordHeader, FunctionRecordV3, RegionKind, SourceLocation,
};
use object::{Object, ObjectSection};

/// Bit 31 of an encoded end column marks a gap region.
const GAP_BIT: u64 = 1 << 31;

/// Size of a `__llvm_covfun` record header: name hash, data size, function
/// hash, filenames hash.
const COVFUN_HEADER: usize = 28;

/// Size of a `__llvm_covmap` header: four 32-bit fields.
const COVMAP_HEADER: usize = 16;

/// One object's decoded coverage mapping (a linked binary or an object
/// file).
pub(crate) fn read_object(path: &Path) -> Result<CoverageMappingInfo> {
    let data = fs_err::read(path)?;
    decode(&data)?.ok_or_else(|| {
        anyhow!(
            "no readable coverage mapping: was {} built with `-C instrument-coverage`?",
            path.display()
        )
    })
}

/// Per file a record's regions are in, the first and last line they span.
pub(crate) fn record_spans<'p>(
    rec: &FunctionRecordV3,
    paths: &'p [PathBuf],
) -> Vec<(&'p PathBuf, (u32, u32))> {
    let mut out: Vec<(&PathBuf, (u32, u32))> = Vec::new();
    for region in &rec.regions {
        let Some(path) = paths.get(region.file_id) else {
            continue;
        };
        let first = u32::try_from(region.loc.line_start).unwrap_or(u32::MAX);
        let last = u32::try_from(region.loc.line_end)
            .unwrap_or(u32::MAX)
            .max(first);
        match out.iter_mut().find(|(p, _)| *p == path) {
            Some((_, span)) => *span = (span.0.min(first), span.1.max(last)),
            None => out.push((path, (first, last))),
        }
    }
    out
}

/// The coverage mappings of an extra object: every member of an archive
/// (`.rlib`) that carries one, or the object file itself.
pub(crate) fn read_extra(path: &Path) -> Result<Vec<CoverageMappingInfo>> {
    let data = fs_err::read(path)?;
    if !data.starts_with(b"!<arch>\n") {
        return Ok(decode(&data)?.into_iter().collect());
    }
    let archive = object::read::archive::ArchiveFile::parse(&*data)
        .with_context(|| format!("{} is not a readable archive", path.display()))?;
    let mut out = Vec::new();
    for member in archive.members() {
        let member = member.with_context(|| format!("bad member in {}", path.display()))?;
        let bytes = member
            .data(&*data)
            .with_context(|| format!("bad member in {}", path.display()))?;
        let name = String::from_utf8_lossy(member.name()).into_owned();
        out.extend(decode(bytes).with_context(|| format!("{}({name})", path.display()))?);
    }
    Ok(out)
}

/// The coverage mapping of one object in memory; `None` when it has no
/// (non-empty) `__llvm_covfun` section, or is no object file at all (an
/// archive's `lib.rmeta`).
pub(crate) fn decode(bytes: &[u8]) -> Result<Option<CoverageMappingInfo>> {
    let Ok(file) = object::File::parse(bytes) else {
        return Ok(None);
    };
    std::panic::catch_unwind(AssertUnwindSafe(|| decode_file(&file)))
        .map_err(|_| anyhow!("malformed coverage mapping (the decoder gave up)"))?
}

/// The three coverage sections, given apart (as the fuzz target gives
/// them): what [`decode`] reads from an object's sections, without the
/// object. A panic here is a bug, not caught.
pub(crate) fn decode_sections(
    covmap: &[u8],
    covfun: &[u8],
    names: &[u8],
) -> Result<CoverageMappingInfo> {
    let mut info = empty_info();
    covfun_records(covfun, &mut info.cov_fun)?;
    covmap_entries(covmap, &mut info)?;
    profile_names(names, &mut info);
    Ok(info)
}

fn empty_info() -> CoverageMappingInfo {
    CoverageMappingInfo {
        cov_map: Default::default(),
        cov_fun: Vec::new(),
        prof_counts: None,
        prof_data: None,
        prof_names: Default::default(),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    CovFun,
    CovMap,
    Names,
}

/// Which coverage section a section name is: ELF and Mach-O names, and
/// COFF's (`.lcovfun$M` in an object, `.lcovfun` once linked).
fn section_kind(name: &str) -> Option<Section> {
    let coff = |prefix: &str| {
        name == prefix
            || name
                .strip_prefix(prefix)
                .is_some_and(|rest| rest.starts_with('$'))
    };
    if name == "__llvm_covfun" || coff(".lcovfun") {
        Some(Section::CovFun)
    } else if name == "__llvm_covmap" || coff(".lcovmap") {
        Some(Section::CovMap)
    } else if name == "__llvm_prf_names" || coff(".lprfn") {
        Some(Section::Names)
    } else {
        None
    }
}

fn decode_file(file: &object::File<'_>) -> Result<Option<CoverageMappingInfo>> {
    let mut info = empty_info();
    let mut covfun_bytes = 0;
    let mut covmap_sections = 0;
    for section in file.sections() {
        let Some(kind) = section.name().ok().and_then(section_kind) else {
            continue;
        };
        let name = section.name().unwrap_or_default().to_owned();
        let data = section
            .uncompressed_data()
            .with_context(|| format!("cannot read section {name}"))?;
        match kind {
            Section::CovFun => {
                covfun_bytes += data.len();
                covfun_records(&data, &mut info.cov_fun)
                    .with_context(|| format!("in section {name}"))?;
            }
            Section::CovMap => {
                covmap_sections += 1;
                covmap_entries(&data, &mut info).with_context(|| format!("in section {name}"))?;
            }
            Section::Names => profile_names(&data, &mut info),
        }
    }
    if covfun_bytes == 0 {
        return Ok(None);
    }
    if covmap_sections == 0 {
        bail!("function coverage records without a __llvm_covmap section");
    }
    Ok(Some(info))
}

fn u32_at(data: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(data[at..at + 4].try_into().expect("4 bytes"))
}

fn u64_at(data: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(data[at..at + 8].try_into().expect("8 bytes"))
}

fn align8(n: usize) -> usize {
    n.div_ceil(8) * 8
}

/// The function records of one `__llvm_covfun` section: each a header and
/// its mapping data, padded to 8 bytes. (Little-endian, as on every target
/// this tool runs on.)
fn covfun_records(data: &[u8], out: &mut Vec<FunctionRecordV3>) -> Result<()> {
    let mut at = 0;
    while at + COVFUN_HEADER <= data.len() {
        let rec = &data[at..];
        let header = FunctionRecordHeader {
            name_hash: u64_at(rec, 0),
            data_len: u32_at(rec, 8),
            fn_hash: u64_at(rec, 12),
            filenames_ref: u64_at(rec, 20),
        };
        if header.name_hash == 0 && header.data_len == 0 {
            // Zero padding between merged sections.
            at += 8;
            continue;
        }
        let end = COVFUN_HEADER + header.data_len as usize;
        if end > rec.len() {
            bail!(
                "function record {:#x} runs past the end of the section",
                header.name_hash
            );
        }
        let (expressions, regions) = mapping_data(&rec[COVFUN_HEADER..end])
            .with_context(|| format!("function record {:#x}", header.name_hash))?;
        out.push(FunctionRecordV3 {
            header,
            regions,
            expressions,
        });
        at += align8(end);
    }
    Ok(())
}

/// A LEB128 reader over one record's mapping data.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn uleb(&mut self) -> Result<u64> {
        let mut value = 0u64;
        for (i, &byte) in self.0.iter().enumerate() {
            if i >= 10 {
                break;
            }
            value |= u64::from(byte & 0x7f) << (7 * i);
            if byte & 0x80 == 0 {
                self.0 = &self.0[i + 1..];
                return Ok(value);
            }
        }
        bail!("truncated or overlong LEB128 number")
    }

    fn size(&mut self) -> Result<usize> {
        let n = self.uleb()?;
        // Every element takes at least one byte.
        match usize::try_from(n) {
            Ok(n) if n <= self.0.len() => Ok(n),
            _ => bail!("count {n} exceeds the record"),
        }
    }
}

impl<'a> Reader<'a> {
    /// The next `n` bytes.
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if n > self.0.len() {
            bail!("{n} bytes announced, {} left", self.0.len());
        }
        let (taken, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(taken)
    }
}

/// A zlib stream of `compressed` inflated to at most `size` bytes (its
/// declared size: no more is read, whatever the stream holds).
fn inflate(compressed: &[u8], size: u64) -> Result<Vec<u8>> {
    use std::io::Read;
    let mut out = Vec::with_capacity(usize::try_from(size.min(1 << 24)).unwrap_or(0));
    flate2::read::ZlibDecoder::new(compressed)
        .take(size)
        .read_to_end(&mut out)
        .context("invalid zlib stream")?;
    Ok(out)
}

/// A filename list of `__llvm_covmap` (the encoding every LLVM since 11
/// writes; rustc 1.95 writes format version 7, encoded 6): the count, the
/// uncompressed and compressed sizes, then each name as a LEB128 length and
/// its bytes, zlib-compressed when the compressed size is not zero. The
/// paths are those llvm_profparser gives (an uncompressed list's relative
/// names joined to its first, the compilation directory; a compressed
/// list's names as written), read with every bound checked.
fn filename_list(data: &[u8]) -> Result<Vec<PathBuf>> {
    let mut header = Reader(data);
    let count = header.uleb()?;
    let uncompressed = header.uleb()?;
    let compressed = header.uleb()?;
    let strings = |bytes: &[u8], count: Option<u64>| -> Result<Vec<String>> {
        let mut list = Reader(bytes);
        let mut out = Vec::new();
        while count.map_or(!list.0.is_empty(), |n| (out.len() as u64) < n) {
            let len = list.size()?;
            out.push(String::from_utf8_lossy(list.take(len)?).into_owned());
        }
        Ok(out)
    };
    if compressed == 0 {
        let names = strings(header.0, Some(count))?;
        let Some((cwd, rest)) = names.split_first() else {
            return Ok(Vec::new());
        };
        let cwd = Path::new(cwd);
        Ok(std::iter::once(cwd.to_path_buf())
            .chain(rest.iter().map(|name| cwd.join(name)))
            .collect())
    } else {
        let bytes = header.take(usize::try_from(compressed).unwrap_or(usize::MAX))?;
        let names = strings(&inflate(bytes, uncompressed)?, None)?;
        Ok(names.into_iter().map(PathBuf::from).collect())
    }
}

/// One string ref of `__llvm_prf_names`: the uncompressed and compressed
/// sizes, then the names (joined by `\x01`), zlib-compressed when the
/// compressed size is not zero; and what follows it.
fn string_ref(data: &[u8]) -> Result<(String, &[u8])> {
    let mut reader = Reader(data);
    let uncompressed = reader.uleb()?;
    let compressed = reader.uleb()?;
    let text = if compressed == 0 {
        let bytes = reader.take(usize::try_from(uncompressed).unwrap_or(usize::MAX))?;
        String::from_utf8(bytes.to_vec())?
    } else {
        let bytes = reader.take(usize::try_from(compressed).unwrap_or(usize::MAX))?;
        String::from_utf8(inflate(bytes, uncompressed)?)?
    };
    Ok((text, reader.0))
}

/// LLVM's `decodeCounter`: the tag says counter, zero or expression (whose
/// kind the reference carries).
fn counter(encoded: u64, expressions: &mut [Expression]) -> Result<Counter> {
    let id = encoded >> 2;
    let kind = match encoded & 3 {
        0 => return Ok(Counter::default()),
        1 => CounterType::ProfileInstrumentation,
        tag => {
            let kind = if tag == 2 {
                ExprKind::Subtract
            } else {
                ExprKind::Add
            };
            let slot = usize::try_from(id)
                .ok()
                .and_then(|i| expressions.get_mut(i));
            let Some(expression) = slot else {
                bail!("expression {id} out of range")
            };
            expression.set_kind(kind);
            CounterType::Expression(kind)
        }
    };
    Ok(Counter { kind, id })
}

/// One function's mapping data: its file ids, expressions and regions
/// (`RawCoverageMappingReader::read`).
fn mapping_data(data: &[u8]) -> Result<(Vec<Expression>, Vec<CounterMappingRegion>)> {
    let mut r = Reader(data);
    let num_files = r.size()?;
    let mut file_ids = Vec::with_capacity(num_files);
    for _ in 0..num_files {
        file_ids.push(usize::try_from(r.uleb()?).context("file index out of range")?);
    }
    let num_expressions = r.size()?;
    let mut expressions = vec![Expression::default(); num_expressions];
    for i in 0..num_expressions {
        let lhs = counter(r.uleb()?, &mut expressions)?;
        let rhs = counter(r.uleb()?, &mut expressions)?;
        expressions[i].lhs = lhs;
        expressions[i].rhs = rhs;
    }
    let mut regions = Vec::new();
    for &file_id in &file_ids {
        let num_regions = r.size()?;
        let mut line_start = 0usize;
        for _ in 0..num_regions {
            let raw = r.uleb()?;
            let mut kind = RegionKind::Code;
            let mut count = Counter::default();
            let mut false_count = Counter::default();
            let mut expanded_file_id = 0;
            if raw & 3 != 0 {
                count = counter(raw, &mut expressions)?;
            } else if raw & 4 != 0 {
                kind = RegionKind::Expansion;
                expanded_file_id = usize::try_from(raw >> 3).unwrap_or(usize::MAX);
                if expanded_file_id >= num_files {
                    bail!("expansion of file {expanded_file_id} of {num_files}");
                }
            } else {
                match raw >> 3 {
                    0 => {}
                    2 => kind = RegionKind::Skipped,
                    4 | 6 => {
                        kind = if raw >> 3 == 4 {
                            RegionKind::Branch
                        } else {
                            RegionKind::MCDCBranch
                        };
                        count = counter(r.uleb()?, &mut expressions)?;
                        false_count = counter(r.uleb()?, &mut expressions)?;
                        if kind == RegionKind::MCDCBranch {
                            // Condition id, then its true and false successors.
                            for _ in 0..3 {
                                r.uleb()?;
                            }
                        }
                    }
                    5 => {
                        kind = RegionKind::MCDCDecision;
                        // Bitmap index, number of conditions.
                        r.uleb()?;
                        r.uleb()?;
                    }
                    other => bail!("unknown region kind {other}"),
                }
            }
            let delta = r.uleb()?;
            let column_start = r.uleb()?;
            let num_lines = r.uleb()?;
            let mut column_end = r.uleb()?;
            if column_end & GAP_BIT != 0 {
                kind = RegionKind::Gap;
                column_end &= !GAP_BIT;
            }
            let (column_start, column_end) = match (column_start, column_end) {
                // A whole-line region (skipped code, or a gap over lines).
                (0, 0) => (1, usize::MAX),
                (s, e) => (usize::try_from(s)?, usize::try_from(e)?),
            };
            line_start = line_start
                .checked_add(usize::try_from(delta)?)
                .context("line number overflows")?;
            let line_end = line_start
                .checked_add(usize::try_from(num_lines)?)
                .context("line number overflows")?;
            regions.push(CounterMappingRegion {
                kind,
                count,
                false_count,
                file_id,
                expanded_file_id,
                loc: SourceLocation {
                    line_start,
                    column_start,
                    line_end,
                    column_end,
                },
                mcdc_params: None,
            });
        }
    }
    Ok((expressions, regions))
}

/// The filename lists of one `__llvm_covmap` section, keyed by the hash
/// function records refer to them by (MD5 of the encoded list).
fn covmap_entries(data: &[u8], info: &mut CoverageMappingInfo) -> Result<()> {
    let mut at = 0;
    while at + COVMAP_HEADER <= data.len() {
        let entry = &data[at..];
        let filenames_len = u32_at(entry, 4) as usize;
        let coverage_len = u32_at(entry, 8) as usize;
        let end = COVMAP_HEADER + filenames_len;
        if end + coverage_len > entry.len() {
            bail!("coverage map entry runs past the end of the section");
        }
        let filenames = &entry[COVMAP_HEADER..end];
        if !filenames.is_empty() {
            let hash = u64_at(&md5::compute(filenames).0, 0);
            let paths = filename_list(filenames).context("unreadable filename list")?;
            info.cov_map.insert(hash, paths);
        }
        at += align8(end + coverage_len);
    }
    Ok(())
}

/// The function names of one `__llvm_prf_names` section, by name hash:
/// length-prefixed, possibly compressed chunks of `\x01`-separated names.
fn profile_names(mut data: &[u8], info: &mut CoverageMappingInfo) {
    while let Some(&first) = data.first() {
        if first == 0 {
            // Padding (COFF sentinels, alignment between merged sections).
            data = &data[1..];
            continue;
        }
        let Ok((names, rest)) = string_ref(data) else {
            break;
        };
        for name in names.split('\x01').filter(|n| !n.is_empty()) {
            info.prof_names
                .insert(compute_hash(name.as_bytes()), name.to_owned());
        }
        data = rest;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uleb(mut v: u64, out: &mut Vec<u8>) {
        loop {
            let byte = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                out.push(byte);
                return;
            }
            out.push(byte | 0x80);
        }
    }

    fn record(name_hash: u64, mapping: &[u64]) -> Vec<u8> {
        let mut body = Vec::new();
        for &v in mapping {
            uleb(v, &mut body);
        }
        let mut out = Vec::new();
        out.extend_from_slice(&name_hash.to_le_bytes());
        out.extend_from_slice(&(body.len() as u32).to_le_bytes());
        out.extend_from_slice(&7u64.to_le_bytes());
        out.extend_from_slice(&9u64.to_le_bytes());
        out.extend_from_slice(&body);
        out.resize(align8(out.len()), 0);
        out
    }

    #[test]
    fn records_regions_gaps_and_expressions() {
        // One file (index 3 of the TU); one expression c0 - c1; regions: a
        // code region with counter 0 at 2:5-4:2, a gap with the expression
        // at 4:2-5:1 (delta 2), a branch (c0, zero) at 4:9-4:14.
        let gap_end = 1 | (1 << 31);
        #[rustfmt::skip]
        let mapping = [
            1, 3, // file ids: one, index 3 of the TU's list
            1, 1, (1 << 2) | 1, // expressions: one, c0 and c1
            3, // regions
            1, 2, 5, 2, 2, // c0, +2 lines, col 5, 2 lines, col 2
            2, 2, 2, 1, gap_end, // expression 0 (subtract)
            4 << 3, 1, 0, 0, 9, 0, 14, // branch: c0 / zero
        ];
        let mut section = record(0xaa, &mapping);
        section.extend(record(0xbb, &[0, 0]));
        let mut out = Vec::new();
        covfun_records(&section, &mut out).unwrap();
        assert_eq!(out.len(), 2);
        let r = &out[0].regions;
        assert_eq!(out[0].expressions[0].kind, ExprKind::Subtract);
        assert_eq!(r.len(), 3);
        assert!(r.iter().all(|r| r.file_id == 3));
        assert_eq!(
            (
                r[0].kind,
                r[0].count,
                r[0].loc.line_start,
                r[0].loc.line_end
            ),
            (RegionKind::Code, Counter::instrumentation(0), 2, 4)
        );
        assert_eq!(
            (r[1].kind, r[1].loc.line_start, r[1].loc.column_end),
            (RegionKind::Gap, 4, 1)
        );
        assert_eq!(r[1].count.kind, CounterType::Expression(ExprKind::Subtract));
        assert_eq!(
            (r[2].kind, r[2].count, r[2].false_count.is_zero()),
            (RegionKind::Branch, Counter::instrumentation(0), true)
        );
        assert_eq!((r[2].loc.column_start, r[2].loc.column_end), (9, 14));
        assert_eq!(out[1].header.name_hash, 0xbb);
        assert!(out[1].regions.is_empty());
    }

    #[test]
    fn malformed_records_are_errors() {
        // Expression 5 of none; a record longer than its section.
        let bad = record(1, &[1, 0, 0, 1, 5 << 2 | 2, 0, 0, 1, 1]);
        assert!(covfun_records(&bad, &mut Vec::new()).is_err());
        let mut cut = record(1, &[1, 0, 0, 0]);
        cut[8] = 200;
        assert!(covfun_records(&cut, &mut Vec::new()).is_err());
        assert!(decode(b"not an object").unwrap().is_none());
    }

    #[test]
    fn section_names() {
        assert!(section_kind("__llvm_covfun") == Some(Section::CovFun));
        assert!(section_kind(".lcovfun$M") == Some(Section::CovFun));
        assert!(section_kind(".lcovmap") == Some(Section::CovMap));
        assert!(section_kind("__llvm_prf_names") == Some(Section::Names));
        assert!(section_kind(".lcovfunny").is_none());
        assert!(section_kind("__llvm_prf_cnts").is_none());
    }
}
