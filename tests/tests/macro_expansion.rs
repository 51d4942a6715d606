//! `#[metamorphic]` expands to code that compiles, registers the MR and runs
//! it through both `check` and `check_registered`.

use mt_runtime::{Mg, metamorphic};
use std::sync::atomic::{AtomicUsize, Ordering};

static PERIODICITY_RUNS: AtomicUsize = AtomicUsize::new(0);
static ODDNESS_RUNS: AtomicUsize = AtomicUsize::new(0);

/// An angle in degrees; a type only the MRs of this file take.
#[derive(Debug, Clone, Copy)]
struct Angle(f64);

fn sin_deg(a: &Angle) -> f64 {
    a.0.to_radians().sin()
}

/// sin is periodic.
#[metamorphic(output = "equal", name = "periodicity of sin")]
fn periodicity(mg: &mut Mg, a: &Angle) {
    PERIODICITY_RUNS.fetch_add(1, Ordering::SeqCst);
    let x = mg.source(a, sin_deg);
    let y = mg.follow_up(&Angle(a.0 + 360.0), sin_deg);
    mg.check((x - y).abs() < 1e-9, || format!("{x} != {y}"));
}

#[metamorphic]
fn oddness(mg: &mut Mg, Angle(degrees): &Angle) {
    ODDNESS_RUNS.fetch_add(1, Ordering::SeqCst);
    let x = mg.source(&Angle(*degrees), sin_deg);
    let y = mg.follow_up(&Angle(-degrees), sin_deg);
    mg.check((x + y).abs() < 1e-9, || format!("{x} != -{y}"));
}

/// An item whose name resembles the generated ones must not clash with them.
#[allow(dead_code, non_upper_case_globals)]
static __MTCOV_META: u8 = 0;

mod nested {
    use mt_runtime::{Mg, metamorphic};

    /// Lives in another module, takes another type.
    #[metamorphic(output = "equal", crate = ::mt_runtime)]
    pub(crate) fn reverse_twice(mg: &mut Mg, v: &Vec<(u8, String)>) {
        let once: Vec<_> = mg.source(v, |v| v.iter().rev().cloned().collect());
        let twice: Vec<_> = mg.follow_up(&once, |v| v.iter().rev().cloned().collect());
        mg.check_eq(&twice, v);
    }
}

/// A crate that re-exports mt_runtime under another path.
mod reexport {
    pub(crate) use ::mt_runtime as mt;
}

/// Generated paths follow `crate = ..`, here a path relative to this crate.
#[reexport::mt::metamorphic(crate = crate::reexport::mt)]
fn through_reexport(mg: &mut reexport::mt::Mg, x: &u16) {
    let a = mg.source(x, |x| u32::from(*x) * 2);
    mg.check(a.is_multiple_of(2), || format!("{a} is odd"));
}

#[test]
fn the_registry_lists_every_mr_with_its_metadata() {
    let registry = mt_runtime::registry();
    let find = |fn_name: &str| {
        registry
            .iter()
            .find(|mr| mr.id().ends_with(&format!("::{fn_name}")))
            .unwrap_or_else(|| panic!("`{fn_name}` is not registered: {registry:#?}"))
    };

    let p = find("periodicity");
    assert_eq!(p.id(), "mtcov_tests::macro_expansion::periodicity");
    assert_eq!(p.name(), "periodicity of sin");
    assert_eq!(p.class(), "equal");
    assert!(p.has_explicit_class());
    assert!(p.file().ends_with("macro_expansion.rs"), "{}", p.file());
    assert_eq!(p.line(), 19, "the line of the attribute");
    assert_eq!(p.source_type(), "Angle");
    assert!(p.takes::<Angle>() && !p.takes::<f64>());

    let o = find("oddness");
    assert_eq!(o.name(), "oddness");
    assert_eq!(
        o.class(),
        "mtcov_tests::macro_expansion::oddness",
        "without `output` the MR is its own class"
    );
    assert!(!o.has_explicit_class());

    let r = find("reverse_twice");
    assert_eq!(
        r.id(),
        "mtcov_tests::macro_expansion::nested::reverse_twice"
    );
    assert_eq!(r.source_type(), "Vec<(u8, String)>");
    assert!(r.takes::<Vec<(u8, String)>>());
}

#[test]
fn the_typed_constant_and_the_registry_share_one_metadata_record() {
    let typed = periodicity.info();
    assert_eq!(typed.id(), "mtcov_tests::macro_expansion::periodicity");
    assert_eq!(typed.line(), 19);
    assert_eq!(nested::reverse_twice.info().name(), "reverse_twice");
}

#[test]
fn check_and_check_registered_run_the_generated_mrs() {
    let sources = [Angle(0.0), Angle(30.0), Angle(123.4)];
    let before = (
        PERIODICITY_RUNS.load(Ordering::SeqCst),
        ODDNESS_RUNS.load(Ordering::SeqCst),
    );
    mt_runtime::check(&sources, &[periodicity, oddness]);
    let after_check = (
        PERIODICITY_RUNS.load(Ordering::SeqCst),
        ODDNESS_RUNS.load(Ordering::SeqCst),
    );
    assert!(
        after_check.0 >= before.0 + 3 && after_check.1 >= before.1 + 3,
        "{before:?} -> {after_check:?}"
    );

    mt_runtime::check_registered(&sources);
    let after_registered = (
        PERIODICITY_RUNS.load(Ordering::SeqCst),
        ODDNESS_RUNS.load(Ordering::SeqCst),
    );
    assert!(
        after_registered.0 >= after_check.0 + 3 && after_registered.1 >= after_check.1 + 3,
        "{after_check:?} -> {after_registered:?}"
    );
    mt_runtime::check(
        &[vec![(1, "a".to_owned())], vec![]],
        &[nested::reverse_twice],
    );
    mt_runtime::check(&[0, 7, u16::MAX], &[through_reexport]);
    assert_eq!(through_reexport.info().source_type(), "u16");
}

/// A type of its own, so that `check_registered::<Angle>` does not run it.
#[derive(Debug)]
struct Radians(f64);

/// A violated relation fails `check` with the MR's display name.
#[metamorphic(name = "a relation that never holds")]
fn never_holds(mg: &mut Mg, a: &Radians) {
    let x = mg.source(a, |r| r.0.sin());
    mg.check(false, || format!("violated at {x}"));
}

#[test]
fn a_violation_reported_through_the_generated_mr_names_it() {
    let message = mt_runtime::try_check(&[Radians(1.0)], &[never_holds])
        .expect_err("a violated MR must fail check")
        .to_string();
    assert!(message.contains("a relation that never holds"), "{message}");
    assert!(
        message.contains(&format!("macro_expansion.rs:{}", never_holds.info().line())),
        "{message}"
    );
}

/// A source input type with an elided borrow: the registry sees `&'static str`.
#[metamorphic(output = "equal")]
fn case_insensitive(mg: &mut Mg, s: &&str) {
    let a = mg.source(s, |s| s.to_lowercase());
    let upper = s.to_uppercase();
    let b = mg.follow_up(&upper.as_str(), |s| s.to_lowercase());
    mg.check_eq(a, b);
}

#[test]
fn borrowed_static_inputs_and_mrs_local_to_a_function() {
    mt_runtime::check(&["MiXeD", "", "ab"], &[case_insensitive]);
    assert!(case_insensitive.info().takes::<&'static str>());
    assert_eq!(case_insensitive.info().source_type(), "&str");

    /// Defined inside a function, registered all the same.
    #[metamorphic]
    fn local(mg: &mut Mg, x: &char) {
        let a = mg.source(x, |c| c.is_alphabetic());
        mg.check(a == x.is_alphabetic(), String::new);
    }
    mt_runtime::check(&['a', '1'], &[local]);
    assert!(
        mt_runtime::registry()
            .iter()
            .any(|mr| mr.id() == "mtcov_tests::macro_expansion::local" && mr.takes::<char>()),
        "{:#?}",
        mt_runtime::registry()
    );
}
