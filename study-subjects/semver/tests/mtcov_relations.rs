//! Metamorphic relations of semver's versions and requirements, written
//! for the mtcov study (docs/study.md). Every MR takes the text of a
//! version.

use std::cmp::Ordering;

use mt_runtime::{Mg, metamorphic};
use semver::{BuildMetadata, Prerelease, Version, VersionReq};

fn parse(text: &String) -> Version {
    Version::parse(text).expect("the source inputs are valid versions")
}

fn bumped(v: &Version, part: usize) -> String {
    let mut next = Version::new(v.major, v.minor, v.patch);
    match part {
        0 => next = Version::new(v.major + 1, 0, 0),
        1 => next = Version::new(v.major, v.minor + 1, 0),
        _ => next.patch += 1,
    }
    next.to_string()
}

fn matches(req: &str, version: &String) -> bool {
    VersionReq::parse(req)
        .expect("a valid requirement")
        .matches(&parse(version))
}

/// Versions every comparison MR compares with.
const REFERENCES: [&str; 5] = ["0.1.0", "1.0.0-rc.1", "1.2.3", "1.2.3-alpha", "2.0.0+b"];

/// How the version compares with each reference.
fn against_references(text: &String) -> Vec<Ordering> {
    let v = parse(text);
    REFERENCES
        .iter()
        .map(|r| v.cmp(&Version::parse(r).unwrap()))
        .collect()
}

/// Whether every comparison of `later` is at least that of `earlier`.
fn not_lower(earlier: &[Ordering], later: &[Ordering]) -> bool {
    earlier.iter().zip(later).all(|(a, b)| b >= a)
}

// ---- equal: another text of the same version ----

/// Printing and parsing again prints the same.
#[metamorphic(output = "equal")]
fn display_round_trip(mg: &mut Mg, s: &String) {
    let printed = mg.source(s, |s| parse(s).to_string());
    let again = mg.follow_up(&printed, |t| parse(t).to_string());
    mg.check_eq(&printed, &again);
}

/// Build metadata does not change precedence.
#[metamorphic(output = "equal")]
fn build_metadata_keeps_precedence(mg: &mut Mg, s: &String) {
    let precedence = |t: &String| {
        let v = parse(t);
        REFERENCES
            .iter()
            .map(|r| v.cmp_precedence(&Version::parse(r).unwrap()))
            .collect::<Vec<_>>()
    };
    let a = mg.source(s, precedence);
    let mut with_build = parse(s);
    with_build.build = BuildMetadata::new("build.7").unwrap();
    let b = mg.follow_up(&with_build.to_string(), precedence);
    mg.check_eq(&a, &b);
}

/// A requirement printed and parsed again is the same requirement.
#[metamorphic(output = "equal")]
fn requirement_round_trip(mg: &mut Mg, s: &String) {
    let req = mg.source(s, |s| {
        let v = parse(s);
        VersionReq::parse(&format!(">={v}, <{}", bumped(&v, 0))).unwrap()
    });
    let again = mg.follow_up(&req.to_string(), |t| VersionReq::parse(t).unwrap());
    mg.check_eq(&req, &again);
}

// ---- order: versions made greater or smaller ----

/// A bump of `part` compares at least as high with every reference, and
/// higher than the version itself.
fn bump_is_greater(mg: &mut Mg, s: &String, part: usize) {
    let a = mg.source(s, against_references);
    let w = bumped(&parse(s), part);
    let b = mg.follow_up(&w, against_references);
    let above = mg.follow_up(&w, |w| parse(w).cmp(&parse(s)));
    mg.check(not_lower(&a, &b) && above == Ordering::Greater, || {
        format!("{w}: {b:?} against {a:?}, {above:?} than {s}")
    });
}

#[metamorphic(output = "order")]
fn patch_bump_is_greater(mg: &mut Mg, s: &String) {
    bump_is_greater(mg, s, 2);
}

#[metamorphic(output = "order")]
fn minor_bump_is_greater(mg: &mut Mg, s: &String) {
    bump_is_greater(mg, s, 1);
}

#[metamorphic(output = "order")]
fn major_bump_is_greater(mg: &mut Mg, s: &String) {
    bump_is_greater(mg, s, 0);
}

/// A pre-release comes before its release.
#[metamorphic(output = "order")]
fn prerelease_is_lower(mg: &mut Mg, s: &String) {
    let a = mg.source(s, against_references);
    let mut pre = parse(s);
    pre.pre = Prerelease::new("alpha.1").unwrap();
    pre.build = BuildMetadata::EMPTY;
    let mut release = parse(s);
    release.pre = Prerelease::EMPTY;
    release.build = BuildMetadata::EMPTY;
    let p = mg.follow_up(&pre.to_string(), against_references);
    let r = mg.follow_up(&release.to_string(), against_references);
    let below = mg.follow_up(&pre.to_string(), |t| parse(t).cmp(&release));
    mg.check(not_lower(&p, &r) && below == Ordering::Less, || {
        format!("{pre} vs {release}: {p:?} {r:?} {below:?} (source {a:?})")
    });
}

/// Comparing the other way round gives the reverse order.
#[metamorphic(output = "order")]
fn comparison_antisymmetric(mg: &mut Mg, s: &String) {
    let a = mg.source(s, against_references);
    let b = mg.follow_up(s, |s| {
        let v = parse(s);
        REFERENCES
            .iter()
            .map(|r| Version::parse(r).unwrap().cmp(&v).reverse())
            .collect::<Vec<_>>()
    });
    mg.check_eq(&a, &b);
}

// ---- membership: requirements made from the version ----

#[metamorphic(output = "membership")]
fn exact_requirement_matches(mg: &mut Mg, s: &String) {
    let yes = mg.source(s, |s| matches(&format!("={s}"), s));
    let build_too = mg.follow_up(s, |s| {
        let mut v = parse(s);
        v.build = BuildMetadata::new("other").unwrap();
        VersionReq::parse(&format!("={s}")).unwrap().matches(&v)
    });
    mg.check(yes && build_too, || format!("={s}: {yes} {build_too}"));
}

#[metamorphic(output = "membership")]
fn caret_requirement_matches_patch_bump(mg: &mut Mg, s: &String) {
    let v = parse(s);
    if !v.pre.is_empty() {
        return mg.skip("pre-releases match only their own version");
    }
    if v.major == 0 && v.minor == 0 {
        return mg.skip("^0.0.x matches only 0.0.x");
    }
    let req = format!("^{v}");
    let own = mg.source(s, |s| matches(&req, s));
    let next = mg.follow_up(&bumped(&v, 2), |s| matches(&req, s));
    mg.check(own && next, || format!("{req}: {own} on {v}, {next} on its patch bump"));
}

#[metamorphic(output = "membership")]
fn tilde_requirement_excludes_minor_bump(mg: &mut Mg, s: &String) {
    let req = format!("~{s}");
    let own = mg.source(s, |s| matches(&req, s));
    let next = mg.follow_up(&bumped(&parse(s), 1), |s| matches(&req, s));
    mg.check(own && !next, || format!("{req}: {own} on {s}, {next} on the minor bump"));
}

#[metamorphic(output = "membership")]
fn greater_excludes_and_at_least_includes(mg: &mut Mg, s: &String) {
    let greater = mg.source(s, |s| matches(&format!(">{s}"), s));
    let at_least = mg.follow_up(s, |s| matches(&format!(">={s}"), s));
    mg.check(!greater && at_least, || format!("{s}: >{greater} >={at_least}"));
}

#[metamorphic(output = "membership")]
fn wildcard_matches_release(mg: &mut Mg, s: &String) {
    let v = parse(s);
    if !v.pre.is_empty() {
        return mg.skip("a wildcard matches no pre-release");
    }
    let minor = mg.source(s, |s| matches(&format!("{}.{}.*", v.major, v.minor), s));
    let major = mg.follow_up(s, |s| matches(&format!("{}.*", v.major), s));
    mg.check(minor && major, || format!("{v}: {minor} {major}"));
}

const VERSIONS: &[&str] = &[
    "0.0.0", "0.0.1", "0.1.0", "0.1.9", "1.0.0", "1.2.3", "1.2.3-alpha", "1.2.3-alpha.1",
    "1.2.3-alpha.beta", "1.2.3-0.3.7", "1.2.3-x.7.z.92", "1.2.3+build.5", "1.2.3-rc.1+b.2",
    "1.0.0-x-y-z.--", "2.0.0", "10.20.30", "1.1.2-prerelease+meta", "1.0.0+0.build.1-rc.10000aaa-kk-0.1",
    "99999999999999999.99999999999999999.99999999999999999", "0.9.7", "3.14.15", "5.0.0-beta.11",
    "1.0.0-alpha0.valid", "1.0.0-rc.1+build.1", "2.0.0-rc.1+build.123", "1.2.3----RC-SNAPSHOT.12.9.1--.12+788",
];

#[test]
fn semver_relations_hold() {
    let sources: Vec<String> = VERSIONS.iter().map(|v| v.to_string()).collect();
    mt_runtime::check(
        &sources,
        &[
            display_round_trip,
            build_metadata_keeps_precedence,
            requirement_round_trip,
            patch_bump_is_greater,
            minor_bump_is_greater,
            major_bump_is_greater,
            prerelease_is_lower,
            comparison_antisymmetric,
            exact_requirement_matches,
            caret_requirement_matches_patch_bump,
            tilde_requirement_excludes_minor_bump,
            greater_excludes_and_at_least_includes,
            wildcard_matches_release,
        ],
    );
}
