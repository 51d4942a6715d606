//! The writer: each record as one JSON line (with its `\n`), appended to a
//! `String`.
//!
//! Hand-written rather than serde: records are written on the hot path of
//! every MG under `cargo mtcov`, from code often built without
//! optimisation, and the runtime that links this stays free of serde.

mod json;

use std::fmt::Write as _;

use crate::categories::Declaration;
use crate::{CheckSite, CoverageLayout, Header, Outcome};
use json::{array, close, float, hex, key, open, optional_float, string, uint};

/// What [`mg`] writes of one metamorphic group (its sources are passed
/// separately, as keys).
#[derive(Clone, Copy, Debug)]
pub struct MgFields<'a> {
    /// The MR's id.
    pub mr: &'a str,
    /// The MR's relation class.
    pub class: &'a str,
    /// The MR's argument, on MGs that associate nothing.
    pub argument: Option<u64>,
    /// Number of follow-up executions.
    pub follow_ups: u64,
    /// Verdict.
    pub outcome: Outcome,
    /// Violation message, skip reason or panic payload.
    pub message: Option<&'a str>,
    /// The libtest test (thread) name.
    pub test: Option<&'a str>,
    /// Its share of its process's sums, when coverage was captured.
    pub shares: Option<MgShares<'a>>,
}

/// One MG's share of what its process's `aside` line sums (written on
/// its `mg` line): with it, `cargo mtcov --affected` can keep some of a
/// process's MGs and rerun the others.
#[derive(Clone, Copy, Debug)]
pub struct MgShares<'a> {
    /// Its measured source executions, in order: the index of the source
    /// input in the MG's sources, the fingerprint of the counters (those
    /// of a `cov` line of that input and MR), and whether another thread
    /// ran during it.
    pub runs: &'a [(u32, u64, bool)],
    /// The fingerprint of its follow-up counters (its `followcov` line),
    /// when it wrote one.
    pub follow: Option<u64>,
    /// What else it ran outside its source executions (building
    /// follow-up inputs, checks; its follow-up executions too when it
    /// has no source input, so no `followcov` line).
    pub aside: &'a [(u32, u64)],
    /// Its warm-up runs' counters, as changes (see
    /// [`counters::delta`](crate::counters::delta)) from the sum of its
    /// measured executions, source and follow-up.
    pub first_use: &'a [(u32, u64)],
}

/// The header line.
pub fn header(out: &mut String, header: &Header) {
    open(out, "header");
    key(out, "runtime");
    string(out, &header.runtime);
    key(out, "binary");
    string(out, &header.binary);
    key(out, "pid");
    uint(out, header.pid);
    key(out, "registry");
    array(out, &header.registry, |out, mr| {
        out.push_str("{\"id\":");
        string(out, &mr.id);
        key(out, "name");
        string(out, &mr.name);
        key(out, "class");
        string(out, &mr.class);
        key(out, "file");
        string(out, &mr.file);
        key(out, "line");
        uint(out, u64::from(mr.line));
        key(out, "source_type");
        string(out, &mr.source_type);
        out.push('}');
    });
    key(out, "coverage");
    match &header.coverage {
        CoverageLayout::Off => out.push_str("null"),
        CoverageLayout::Unsupported(reason) => {
            out.push_str("{\"status\":\"unsupported\"");
            key(out, "reason");
            string(out, reason);
            out.push('}');
        }
        CoverageLayout::Captured {
            profile_version,
            num_counters,
            functions,
        } => {
            let _ = write!(
                out,
                "{{\"status\":\"ok\",\"profile_version\":{profile_version},\"num_counters\":{num_counters},\"functions\":"
            );
            array(out, functions, |out, f| {
                let _ = write!(
                    out,
                    "[\"{:016x}\",\"{:016x}\",{},{}]",
                    f.name_ref, f.func_hash, f.first_counter, f.num_counters
                );
            });
            out.push('}');
        }
    }
    if let Some(attempt) = &header.attempt {
        key(out, "attempt");
        out.push_str("{\"test\":");
        string(out, &attempt.test);
        key(out, "number");
        uint(out, u64::from(attempt.number));
        out.push('}');
    }
    key(out, "categories");
    array(out, &header.categories, declaration);
    close(out);
}

fn declaration(out: &mut String, decl: &Declaration) {
    out.push_str("{\"source_type\":");
    string(out, &decl.source_type);
    if let Some(function) = &decl.function {
        key(out, "function");
        string(out, function);
    }
    key(out, "output_type");
    match &decl.output_type {
        Some(ty) => string(out, ty),
        None => out.push_str("null"),
    }
    key(out, "file");
    string(out, &decl.file);
    key(out, "line");
    uint(out, u64::from(decl.line));
    key(out, "categories");
    array(out, &decl.categories, |out, cat| {
        out.push_str("{\"name\":");
        string(out, &cat.name);
        key(out, "output");
        out.push_str(if cat.output { "true" } else { "false" });
        key(out, "choices");
        array(out, &cat.choices, |out, ch| {
            out.push_str("{\"name\":");
            string(out, &ch.name);
            key(out, "kind");
            string(out, ch.kind.label());
            key(out, "properties");
            array(out, &ch.properties, |out, p| string(out, p));
            if let Some(condition) = &ch.condition {
                key(out, "if");
                string(out, condition);
            }
            out.push('}');
        });
        out.push('}');
    });
    out.push('}');
}

/// A `choices` line: the choices (one per category, `None` for an
/// O-category this line does not classify) of one source input, or why it
/// could not be classified. `mr` is the MR whose source execution's output
/// gave the O-choices (`None` on a line of I-choices only).
pub fn choices(
    out: &mut String,
    source_key: u64,
    (source_type, function): (&str, Option<&str>),
    mr: Option<&str>,
    choices: Result<&[Option<u16>], &str>,
) {
    open(out, "choices");
    key(out, "key");
    hex(out, source_key);
    key(out, "type");
    string(out, source_type);
    if let Some(function) = function {
        key(out, "function");
        string(out, function);
    }
    if let Some(mr) = mr {
        key(out, "mr");
        string(out, mr);
    }
    match choices {
        Ok(choices) => {
            key(out, "choices");
            array(out, choices, |out, choice| match choice {
                Some(x) => uint(out, u64::from(*x)),
                None => out.push_str("null"),
            });
        }
        Err(why) => {
            key(out, "error");
            string(out, why);
        }
    }
    close(out);
}

/// A `followup` line: the frame (one choice per category, `None` for an
/// O-category not classified) of a follow-up input that the MR `mr` made
/// from the source input `source_key`.
pub fn follow_up(
    out: &mut String,
    source_key: u64,
    mr: &str,
    (source_type, function): (&str, Option<&str>),
    choices: &[Option<u16>],
) {
    open(out, "followup");
    key(out, "source");
    hex(out, source_key);
    key(out, "mr");
    string(out, mr);
    key(out, "type");
    string(out, source_type);
    if let Some(function) = function {
        key(out, "function");
        string(out, function);
    }
    key(out, "choices");
    array(out, choices, |out, choice| match choice {
        Some(x) => uint(out, u64::from(*x)),
        None => out.push_str("null"),
    });
    close(out);
}

/// An `unclassified` line: a source execution by `mr` returned `returned`,
/// not the declared output type, so its O-choices are unknown.
pub fn unclassified(out: &mut String, source_key: u64, mr: &str, returned: &str) {
    open(out, "unclassified");
    key(out, "key");
    hex(out, source_key);
    key(out, "mr");
    string(out, mr);
    key(out, "returned");
    string(out, returned);
    close(out);
}

/// A `draws` line: a strategy check that stopped drawing before its
/// planned cases, at its first failing case.
pub fn draws(out: &mut String, site: &str, test: Option<&str>, planned: u64, drawn: u64) {
    open(out, "draws");
    key(out, "site");
    string(out, site);
    key(out, "test");
    match test {
        Some(test) => string(out, test),
        None => out.push_str("null"),
    }
    key(out, "planned");
    let _ = write!(out, "{planned}");
    key(out, "drawn");
    let _ = write!(out, "{drawn}");
    close(out);
}

/// A `minimal` line: the smallest input shrinking found that fails MR `mr`
/// the way the generated source input `original` (its key) did.
pub fn minimal(out: &mut String, original: u64, mr: &str, debug: &str, shrink_steps: u32) {
    open(out, "minimal");
    key(out, "key");
    hex(out, original);
    key(out, "mr");
    string(out, mr);
    key(out, "debug");
    string(out, debug);
    key(out, "shrink_steps");
    let _ = write!(out, "{shrink_steps}");
    close(out);
}

/// A `tolerance` line.
pub fn tolerance(out: &mut String, site: &CheckSite) {
    open(out, "tolerance");
    key(out, "mr");
    string(out, &site.mr);
    key(out, "file");
    string(out, &site.file);
    key(out, "line");
    uint(out, u64::from(site.line));
    key(out, "column");
    uint(out, u64::from(site.column));
    key(out, "bits");
    uint(out, u64::from(site.bits));
    key(out, "given");
    out.push_str("{\"abs\":");
    optional_float(out, site.given.abs);
    key(out, "rel");
    optional_float(out, site.given.rel);
    key(out, "ulps");
    match site.given.ulps {
        Some(n) => uint(out, n),
        None => out.push_str("null"),
    }
    out.push('}');
    key(out, "varies");
    out.push_str(if site.varies { "true" } else { "false" });
    key(out, "calls");
    uint(out, site.calls);
    key(out, "failed");
    uint(out, site.failed);
    key(out, "exact");
    uint(out, site.exact);
    key(out, "scale");
    float(out, site.scale);
    key(out, "largest");
    array(out, site.largest, float);
    key(out, "at");
    array(out, site.at, |out, at| match at {
        Some(k) => hex(out, k),
        None => out.push_str("null"),
    });
    key(out, "held");
    array(out, site.held, float);
    key(out, "decades");
    array(out, &site.decades, |out, decades| {
        array(out, decades, |out, &(e, n)| {
            let _ = write!(out, "[{e},{n}]");
        });
    });
    close(out);
}

/// A `source` line.
pub fn source(out: &mut String, source_key: u64, debug: &str) {
    open(out, "source");
    key(out, "key");
    hex(out, source_key);
    key(out, "debug");
    string(out, debug);
    close(out);
}

/// How a `cov` or `followcov` line gives its counter vector.
#[derive(Clone, Copy, Debug)]
pub enum Counters<'a> {
    /// In full: the non-zero counters, sorted by index.
    Full(&'a [(u32, u64)]),
    /// As the changes ([`counters::delta`](crate::counters::delta)) from
    /// the vector this file wrote in full earlier with source key
    /// `base_key` and fingerprint `base_fingerprint`.
    Changes {
        /// The base vector's source key.
        base_key: u64,
        /// The base vector's fingerprint.
        base_fingerprint: u64,
        /// Per index whose value differs, the new value (0: none), sorted.
        changes: &'a [(u32, u64)],
    },
    /// Not at all: the earlier line of the same source key and
    /// fingerprint in this file has them.
    Earlier,
}

/// A `cov` line: the counters one execution of a source input by the MR
/// `mr` left non-zero, with their fingerprint.
///
/// `shared`: another thread of the process ran during the execution, so
/// the counters may hold that thread's work (`"shared":true`).
pub fn cov(
    out: &mut String,
    source_key: u64,
    mr: &str,
    fingerprint: u64,
    counters: Counters<'_>,
    shared: bool,
) {
    counters_line(out, "cov", source_key, mr, fingerprint, counters, shared);
}

/// A `followcov` line: the non-zero counters the follow-up executions of
/// one MG (its MR `mr`, its first source input `source_key`) left, summed.
pub fn follow_cov(
    out: &mut String,
    source_key: u64,
    mr: &str,
    fingerprint: u64,
    counters: Counters<'_>,
) {
    counters_line(
        out,
        "followcov",
        source_key,
        mr,
        fingerprint,
        counters,
        false,
    );
}

fn counters_line(
    out: &mut String,
    kind: &str,
    source_key: u64,
    mr: &str,
    fingerprint: u64,
    counters: Counters<'_>,
    shared: bool,
) {
    open(out, kind);
    key(out, "key");
    hex(out, source_key);
    key(out, "mr");
    string(out, mr);
    key(out, "fp");
    hex(out, fingerprint);
    if shared {
        key(out, "shared");
        out.push_str("true");
    }
    match counters {
        Counters::Full(counters) => {
            key(out, "counters");
            encoded(out, counters);
        }
        Counters::Changes {
            base_key,
            base_fingerprint,
            changes,
        } => {
            key(out, "base");
            hex(out, base_key);
            key(out, "base_fp");
            hex(out, base_fingerprint);
            key(out, "changes");
            encoded(out, changes);
        }
        Counters::Earlier => {}
    }
    close(out);
}

/// The `aside` line: the counters left outside source executions, summed,
/// and those of the warm-up runs before each measured execution
/// (`first_use`, written when any ran).
/// `captures`: the process's measured source executions, and how many of
/// them another thread ran during (written when any ran). `outside`: what
/// ran outside every MG (test bodies, input generation), summed (written
/// when any ran).
pub fn aside(
    out: &mut String,
    counters: &[(u32, u64)],
    first_use: &[(u32, u64)],
    captures: (u64, u64),
    outside: &[(u32, u64)],
) {
    open(out, "aside");
    key(out, "counters");
    encoded(out, counters);
    if !first_use.is_empty() {
        key(out, "first_use");
        encoded(out, first_use);
    }
    if !outside.is_empty() {
        key(out, "outside");
        encoded(out, outside);
    }
    if captures.0 > 0 {
        key(out, "captures");
        let _ = write!(out, "[{},{}]", captures.0, captures.1);
    }
    close(out);
}

/// Pairs as a string in the [`counters`](crate::counters) encoding.
fn encoded(out: &mut String, pairs: &[(u32, u64)]) {
    out.push('"');
    crate::counters::encode(out, pairs);
    out.push('"');
}

/// The fingerprint of a counter vector (64-bit FNV-1a over its pairs), as
/// `cov` lines carry it.
pub fn fingerprint(counters: &[(u32, u64)]) -> u64 {
    counters
        .iter()
        .fold(crate::fnv::OFFSET, |hash, &(index, value)| {
            crate::fnv::step(hash, u64::from(index) << 32 ^ value)
        })
}

/// An `mg` line.
pub fn mg(out: &mut String, fields: &MgFields<'_>, sources: impl IntoIterator<Item = u64>) {
    open(out, "mg");
    key(out, "mr");
    string(out, fields.mr);
    key(out, "class");
    string(out, fields.class);
    key(out, "sources");
    array(out, sources, hex);
    if let Some(argument) = fields.argument {
        key(out, "argument");
        hex(out, argument);
    }
    key(out, "follow_ups");
    uint(out, fields.follow_ups);
    key(out, "outcome");
    string(out, fields.outcome.label());
    key(out, "test");
    match fields.test {
        Some(test) => string(out, test),
        None => out.push_str("null"),
    }
    if let Some(message) = fields.message {
        key(out, "message");
        string(out, message);
    }
    if let Some(shares) = &fields.shares {
        key(out, "runs");
        array(out, shares.runs, |out, &(source, fp, shared)| {
            out.push('[');
            uint(out, u64::from(source));
            out.push(',');
            hex(out, fp);
            out.push_str(if shared { ",true]" } else { "]" });
        });
        if let Some(fp) = shares.follow {
            key(out, "follow_fp");
            hex(out, fp);
        }
        if !shares.aside.is_empty() {
            key(out, "aside");
            encoded(out, shares.aside);
        }
        if !shares.first_use.is_empty() {
            key(out, "first_use");
            encoded(out, shares.first_use);
        }
    }
    close(out);
}

/// The `end` line: `lines` lines came before it. `unselected`, in a
/// process given a selection file (`MTCOV_SELECT`): how many MGs it met
/// and did not run, and the sum of their [`group_id`]s.
pub fn end(out: &mut String, lines: u64, unselected: Option<(u64, u64)>) {
    open(out, "end");
    key(out, "lines");
    uint(out, lines);
    if let Some((count, sum)) = unselected {
        key(out, "unselected");
        out.push('[');
        uint(out, count);
        out.push(',');
        hex(out, sum);
        out.push(']');
    }
    close(out);
}

/// An MG's identity as a number, for sums that do not depend on order:
/// FNV-1a of its MR's id, then its argument's key.
pub fn group_id(mr: &str, argument: u64) -> u64 {
    let hash = crate::fnv::bytes(crate::fnv::OFFSET, mr.bytes().chain([0]));
    crate::fnv::bytes(hash, argument.to_le_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_survive_a_json_reader() {
        for text in [
            "plain",
            "quote \" and \\ backslash",
            "line\nbreak\ttab\r",
            "\u{1}\u{1f}",
            "ünïcødé ✓",
            "",
        ] {
            let mut out = String::new();
            string(&mut out, text);
            assert_eq!(serde_json::from_str::<String>(&out).unwrap(), text, "{out}");
        }
    }

    #[test]
    fn decimal_and_hex_numbers() {
        for n in [0, 7, 10, 99, 1_000_000, u64::MAX] {
            let mut out = String::new();
            uint(&mut out, n);
            assert_eq!(out, n.to_string());
        }
        let mut out = String::new();
        hex(&mut out, 1);
        assert_eq!(out, "\"0000000000000001\"");
    }

    #[test]
    fn every_line_is_one_json_object_with_version_and_kind() {
        let mut out = String::new();
        source(&mut out, u64::MAX, "a\nb");
        cov(&mut out, 1, "m", 5, Counters::Full(&[(0, 1), (3, 2)]), true);
        cov(&mut out, 1, "n", 5, Counters::Earlier, false);
        follow_cov(
            &mut out,
            1,
            "m",
            6,
            Counters::Changes {
                base_key: 1,
                base_fingerprint: 5,
                changes: &[(3, 0)],
            },
        );
        aside(&mut out, &[(2, 7)], &[(3, 1)], (4, 1), &[]);
        unclassified(&mut out, 1, "m", "alloc::string::String");
        end(&mut out, 6, None);
        assert_eq!(out.lines().count(), 7);
        for line in out.lines() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(value["v"], crate::SCHEMA_VERSION);
            assert!(value["kind"].is_string());
        }
    }
}
