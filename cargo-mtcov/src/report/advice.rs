//! The advice of a gap group: one sentence on what to add (an MR, a
//! source input, an MR of another class), with the facts a function's
//! gap carries (the caller, the condition before it, a skeleton).

use std::collections::HashMap;

use super::gaps::{CANDIDATE_LIMIT, Context, mr_names, ranges_text};
use super::{Cause, ClosestInput, Condition, GapCause, GapGroup, UnitTests};
use crate::measure::{ClassIdx, Counting, MrIdx, Pool};
use crate::model::{Criterion, FnInput, Location, Passed, SourceFunction};

/// What every sentence of advice of one criterion depends on besides its
/// group: what is counted, whether candidates are the MRs that reach the
/// code, and whether every process wrote its counters outside sources.
#[derive(Clone, Copy)]
pub(super) struct Phrasing {
    pub(super) counting: Counting,
    pub(super) reach: bool,
    pub(super) aside_complete: bool,
}

/// The advice of a code gap in a known function; fills the group's
/// per-cause fields.
pub(super) fn function_advice(
    gap: &mut GapGroup,
    f: u32,
    closest: Option<&(ClosestInput, u32)>,
    cx: &Context<'_>,
    follow_ups: &HashMap<u32, Vec<MrIdx>>,
    phrasing: Phrasing,
) -> String {
    let functions = cx.functions;
    let function = &functions.all[f as usize];
    let name = &function.name;
    let unknown = if phrasing.aside_complete {
        ""
    } else {
        " (whether follow-ups or checks ran it is not known: a test process did not exit normally)"
    };
    let tests = &functions.unit_tests[f as usize];
    let unit_tests = UnitTests {
        names: tests
            .iter()
            .take(CANDIDATE_LIMIT)
            .map(|t| (*t).to_owned())
            .collect(),
        total: tests.len() as u32,
    };
    // What the plain unit tests that run it offer.
    let by_tests = || {
        let more = tests.len().saturating_sub(CANDIDATE_LIMIT);
        format!(
            "the unit {} {}{} {} it: {} a source input, and {} a relation, \
             waiting to be written",
            if tests.len() == 1 { "test" } else { "tests" },
            quoted(&unit_tests.names),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            },
            if tests.len() == 1 { "calls" } else { "call" },
            if tests.len() == 1 {
                "its call is"
            } else {
                "their calls are"
            },
            if tests.len() == 1 {
                "its assertion"
            } else {
                "their assertions"
            },
        )
    };
    let (cause, text) = match gap.cause.kind() {
        GapCause::NotCalled => {
            let menu = class_menu(cx.pool);
            let menu = if menu.is_empty() {
                String::new()
            } else {
                format!(" (relation classes in use: {menu})")
            };
            let text = if tests.is_empty() {
                format!("no MR's SUT calls `{name}`{unknown}: write an MR whose SUT calls it{menu}")
            } else {
                format!(
                    "no MR's SUT calls `{name}`{unknown}, but {}: write an MR whose SUT calls \
                     it{menu}",
                    by_tests()
                )
            };
            let skeleton = Some(skeleton(function, cx));
            (
                Cause::NotCalled {
                    unit_tests,
                    skeleton,
                },
                text,
            )
        }
        GapCause::NeverRan => {
            let (callers, unresolved) = functions.callers_that_ran(f);
            let callers: Vec<String> = callers
                .iter()
                .map(|&g| functions.all[g as usize].name.clone())
                .collect();
            let text = if callers.is_empty() && unresolved {
                // A call that ran may be to it: say nothing about callers
                // the source does not resolve, and never "dead code".
                let also = if tests.is_empty() {
                    String::new()
                } else {
                    format!(", but {}", by_tests())
                };
                format!(
                    "`{name}` never runs in an MR's executions{unknown}{also}; which functions call \
                     it is not known (a call that ran may be to it, through a receiver or trait \
                     the source does not resolve): write an MR whose SUT reaches it"
                )
            } else if callers.is_empty() && !tests.is_empty() {
                format!(
                    "`{name}` never runs in an MR's executions{unknown}, but {}: write an MR whose \
                     SUT reaches it",
                    by_tests()
                )
            } else if callers.is_empty() {
                format!(
                    "`{name}` never runs{unknown}, and no function known to call it ran: write an MR \
                     whose SUT reaches it (or is it dead code?)"
                )
            } else if tests.is_empty() {
                format!(
                    "`{name}` never runs{unknown}: its callers {} ran but never called it: add a \
                     source input on which they do",
                    quoted(&callers)
                )
            } else {
                format!(
                    "`{name}` never runs in an MR's executions{unknown}: its callers {} ran but \
                     never called it, and {}: add a source input on which they do",
                    quoted(&callers),
                    by_tests()
                )
            };
            (
                Cause::NeverRan {
                    callers,
                    unit_tests,
                },
                text,
            )
        }
        GapCause::FollowUpsOnly => follow_ups_only(gap, name, cx, follow_ups),
        GapCause::UnreachedLines => unreached_lines(gap, f, cx),
        GapCause::TooFewRelations => {
            let classes_running = functions.classes(f, cx.pool);
            let classes_not_running = (0..cx.pool.num_classes())
                .map(|c| cx.pool.class_name(ClassIdx(c)).to_owned())
                .filter(|c| !classes_running.contains(c))
                .collect();
            let cause = Cause::TooFewRelations {
                classes_running,
                classes_not_running,
            };
            (cause, advice(closest, phrasing, (0, false)))
        }
        GapCause::FirstUse | GapCause::BlackBox => {
            let text = advice(
                closest,
                phrasing,
                (gap.aside_executions, gap.first_use_only()),
            );
            (gap.cause.clone(), text)
        }
    };
    gap.cause = cause;
    text
}

/// Code that runs only in follow-up executions or in MR code: which MRs'
/// follow-ups ran it, and what to do.
fn follow_ups_only(
    gap: &GapGroup,
    name: &str,
    cx: &Context<'_>,
    follow_ups: &HashMap<u32, Vec<MrIdx>>,
) -> (Cause, String) {
    let mut by: Vec<MrIdx> = gap
        .members
        .iter()
        .flat_map(|r| follow_ups.get(r).into_iter().flatten().copied())
        .collect();
    by.sort_unstable();
    by.dedup();
    let mrs = mr_names(&by, cx.mrs);
    let text = match mrs.first() {
        Some(first) => format!(
            "`{name}` runs only in follow-up executions (of {}), never on a source input: \
             make `{first}` run it on its source input (`mg.source`), or add a source input \
             like that follow-up",
            quoted(&mrs)
        ),
        None => format!(
            "`{name}` runs only outside source and follow-up executions ({}: in MR code \
             that builds follow-up inputs or checks outputs), never on a source input: \
             pass such inputs through `mg.source`",
            times(gap.aside_executions)
        ),
    };
    (Cause::FollowUpsOnly { mrs }, text)
}

/// Lines of a function that runs on source inputs that none reaches: the
/// condition before them, and the MRs that run the function.
fn unreached_lines(gap: &GapGroup, f: u32, cx: &Context<'_>) -> (Cause, String) {
    let function = &cx.functions.all[f as usize];
    let name = &function.name;
    let within_line = cx.criterion != crate::model::Criterion::Line;
    let conditions = deciding(function, &gap.lines, within_line);
    let covers_all = |c: &Condition| {
        let mut all = c.lines.clone();
        let mut gap_lines = gap.lines.clone();
        merge_runs(&mut all);
        merge_runs(&mut gap_lines);
        all == gap_lines
    };
    let condition = match conditions.as_slice() {
        [one] if covers_all(one) => Some(one.clone()),
        _ => None,
    };
    let callers = mr_names(&cx.functions.mrs[f as usize], cx.mrs);
    let by = if callers.is_empty() {
        "source inputs run it".to_owned()
    } else {
        format!("MRs {} run it on source inputs", quoted(&callers))
    };
    let mut text = format!(
        "{by}, but none reaches {} of `{name}`: add a source input that does",
        ranges_text(&gap.lines)
    );
    if let Some(c) = &condition {
        text.push_str(&format!(
            " (see the condition `{}` on line {})",
            c.text, c.line
        ));
    } else if !conditions.is_empty() {
        let each: Vec<String> = conditions
            .iter()
            .map(|c| {
                format!(
                    "`{}` on line {} for {}",
                    c.text,
                    c.line,
                    ranges_text(&c.lines)
                )
            })
            .collect();
        text.push_str(&format!(" (see the conditions {})", each.join(", ")));
    }
    if gap.aside_executions > 0 {
        text.push_str(&format!(
            "; follow-ups or checks ran {} {}",
            if gap.requirements == 1 { "it" } else { "them" },
            times(gap.aside_executions)
        ));
    }
    (
        Cause::UnreachedLines {
            condition,
            conditions,
        },
        text,
    )
}

/// Runs of lines joined where one ends on the line before the next
/// starts.
fn merge_runs(runs: &mut Vec<(u32, u32)>) {
    runs.sort_unstable();
    let mut merged: Vec<(u32, u32)> = Vec::with_capacity(runs.len());
    for &(a, b) in runs.iter() {
        match merged.last_mut() {
            Some(last) if a <= last.1 + 1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    *runs = merged;
}

fn times(n: u64) -> String {
    format!("{n} {}", if n == 1 { "time" } else { "times" })
}

/// `` `a`, `b` ``.
fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The conditions that decide the lines of a group: per run of its lines,
/// the innermost condition whose branches hold them, with those lines.
/// Lines no condition of the function decides get none: a condition is
/// never named for lines it does not decide. `within_line`: requirements
/// finer than a line, which a condition on their own line can decide.
fn deciding(function: &SourceFunction, ranges: &[(u32, u32)], within_line: bool) -> Vec<Condition> {
    let mut found: Vec<Condition> = Vec::new();
    for &(first, last) in ranges {
        for line in first..=last {
            let innermost = function
                .conditions
                .iter()
                .filter(|g| g.gates(line, within_line))
                .min_by_key(|g| (g.gates.1 - g.gates.0, std::cmp::Reverse(g.line)));
            let Some(guard) = innermost else {
                continue;
            };
            match found
                .iter_mut()
                .find(|c| c.line == guard.line && c.text == guard.text)
            {
                Some(c) => match c.lines.last_mut() {
                    Some(run) if run.1 + 1 == line => run.1 = line,
                    _ => c.lines.push((line, line)),
                },
                None => found.push(Condition {
                    line: guard.line,
                    text: guard.text.clone(),
                    lines: vec![(line, line)],
                }),
            }
        }
    }
    found
}

/// The relation classes of the registered MRs, for a menu.
fn class_menu(pool: &Pool) -> String {
    (0..pool.num_classes())
        .map(|c| pool.class_name(ClassIdx(c)).to_owned())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A `#[metamorphic]` skeleton whose SUT calls `function`, over the input
/// type its signature takes first (its receiver's, or its first
/// parameter's), else the one most registered MRs take.
fn skeleton(function: &SourceFunction, cx: &Context<'_>) -> String {
    let path = callable_path(&function.name);
    let ident = function.ident().trim_start_matches("r#");
    // The type its signature takes first, else the one most MRs take.
    let (ty, call) = match &function.input {
        Some(FnInput { ty, passed }) => {
            let call = match passed {
                Passed::RefReceiver => format!("input.{ident}(/* … */)"),
                Passed::Receiver => format!("input.clone().{ident}(/* … */)"),
                Passed::Reference => format!("{path}(input /* , … */)"),
                Passed::Value => format!("{path}(input.clone() /* , … */)"),
            };
            (short_type(ty).to_owned(), call)
        }
        None => {
            let mut types: HashMap<&str, usize> = HashMap::new();
            for mr in cx.mrs.iter().filter(|m| !m.source_type.is_empty()) {
                *types.entry(mr.source_type.as_str()).or_default() += 1;
            }
            let mut ranked: Vec<(&str, usize)> = types.into_iter().collect();
            ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
            let ty = ranked.first().map_or("Input", |t| short_type(t.0));
            (ty.to_owned(), format!("{path}(/* from input */)"))
        }
    };
    let class = if cx.pool.num_classes() > 0 {
        cx.pool.class_name(ClassIdx(0)).to_owned()
    } else {
        "equal".to_owned()
    };
    format!(
        "#[metamorphic(output = \"{class}\")]\n\
         fn {ident}_relation(mg: &mut Mg, input: &{ty}) {{\n    \
             let source = mg.source(input, |input| {call});\n    \
             let next = /* a follow-up input made from input */;\n    \
             let follow_up = mg.follow_up(&next, |input| {call});\n    \
             mg.check_eq(/* what the relation says of */ source, follow_up);\n\
         }}"
    )
}

/// `trig::Angle` -> `Angle`: the type as a test that imports it writes it.
fn short_type(ty: &str) -> &str {
    if ty.contains('<') {
        return ty;
    }
    ty.rsplit("::").next().unwrap_or(ty)
}

/// How a test calls a function llvm-cov names `<a::B>::new` or `a::f`.
fn callable_path(name: &str) -> String {
    match name
        .strip_prefix('<')
        .and_then(|rest| rest.split_once(">::"))
    {
        Some((ty, method)) if !ty.contains(" as ") => format!("{ty}::{method}"),
        _ => name.to_owned(),
    }
}

/// One sentence: what to add. `available` is how many of the `needs`
/// missing classes (or MRs) registered MRs can supply; `reach`: the
/// candidates are the MRs whose source executions reach the code;
/// `aside`: how many times follow-ups or checks ran uncovered code, and
/// how many times only warm-up runs did, from every test process when
/// `aside_complete`.
pub(super) fn advice(
    closest: Option<&(ClosestInput, u32)>,
    phrasing: Phrasing,
    (aside, first_use_only): (u64, bool),
) -> String {
    let Phrasing {
        counting,
        reach,
        aside_complete,
    } = phrasing;
    let Some((c, available)) = closest else {
        return if first_use_only {
            "runs only on first use in a test process (an initialiser, a cache fill): every \
             measured execution follows an unrecorded run of the same input, so no input is \
             credited with it, whatever ran first; no input can cover it"
                .to_owned()
        } else if aside == 0 && !aside_complete {
            "no source execution reaches this code (whether follow-ups or checks ran it is not \
             known: a test process did not exit normally): add a source input that does"
                .to_owned()
        } else if aside > 0 {
            format!(
                "reached only by follow-up executions or checks ({aside} {}), never by a source \
                 execution: pass such inputs through `mg.source`",
                if aside == 1 { "time" } else { "times" }
            )
        } else {
            "no execution reaches this code: add a source input that does".to_owned()
        };
    };
    let unit = |n: u32| counted(counting, n);
    let names = candidate_names(c);
    let needs = c.needs;
    if reach {
        let which = match counting {
            Counting::Class => "MRs of other relation classes",
            Counting::Mr => "other MRs",
        };
        return if *available == 0 {
            format!(
                "no registered {} reaches this code from its source executions: write MRs of \
                 {needs} new {} that run it on source input {}",
                match counting {
                    Counting::Class => "MR of another relation class",
                    Counting::Mr => "other MR",
                },
                unit(needs),
                c.debug
            )
        } else if *available >= needs {
            format!(
                "pair source input {} with {needs} more {} whose MRs reach this code, e.g. {names}",
                c.debug,
                unit(needs)
            )
        } else {
            let short = needs - available;
            format!(
                "pair source input {} with {names} ({which} that reach this code), and write MRs \
                 of {short} new {} that do",
                c.debug,
                unit(short)
            )
        };
    }
    if *available == 0 {
        format!(
            "no registered MR that applies to source input {1} adds a {0}: write MRs of {needs} new {2} that do",
            unit(1),
            c.debug,
            unit(needs)
        )
    } else if *available >= needs {
        format!(
            "pair source input {} with {needs} more {}, e.g. {names}",
            c.debug,
            unit(needs)
        )
    } else {
        let short = needs - available;
        format!(
            "pair source input {} with {names}, and write MRs of {short} new {}",
            c.debug,
            unit(short)
        )
    }
}

/// What `n` counts, in words: relation classes or MRs.
fn counted(counting: Counting, n: u32) -> &'static str {
    match (counting, n) {
        (Counting::Class, 1) => "relation class",
        (Counting::Class, _) => "relation classes",
        (Counting::Mr, 1) => "MR",
        (Counting::Mr, _) => "MRs",
    }
}

/// The registered MRs that would raise the closest input's `|S_RO|`.
fn candidate_names(c: &ClosestInput) -> String {
    c.candidate_mrs
        .iter()
        .map(|m| m.id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The advice of a black-box gap, in the declaration's words.
pub(super) fn black_box_advice(
    criterion: Criterion,
    requirement: &Location,
    closest: Option<&(ClosestInput, u32)>,
    counting: Counting,
) -> String {
    let label = requirement.label.as_deref().unwrap_or("?");
    let what = match criterion {
        Criterion::IChoice => "choice",
        Criterion::IChoicePair => "choices",
        _ => "frame",
    };
    let Some((c, available)) = closest else {
        return format!("no source input has {what} {label}: add one");
    };
    let unit = |n: u32| counted(counting, n);
    let names = candidate_names(c);
    let head = format!(
        "{what} {label}: its closest source input {} meets {} {}, needs {} more",
        c.debug,
        c.s_ro,
        unit(c.s_ro),
        c.needs
    );
    if *available == 0 {
        format!(
            "{head}; no registered MR that applies to it adds one: write MRs of new {} that do",
            unit(2)
        )
    } else {
        format!("{head}, e.g. {names}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Guard;

    fn function(conditions: Vec<Guard>) -> SourceFunction {
        SourceFunction {
            name: "lib::options".into(),
            file: "src/lib.rs".into(),
            line_start: 1,
            line_end: 40,
            public: Some(true),
            calls: Vec::new(),
            conditions,
            input: None,
        }
    }

    fn guard(line: u32, text: &str, gates: (u32, u32)) -> Guard {
        Guard {
            line,
            text: text.into(),
            gates,
        }
    }

    #[test]
    fn each_run_of_lines_gets_the_condition_that_decides_it_or_none() {
        // `if a { 3-5 }`, then independent `if b { 8-9 }` and `if c {
        // 12-14 { if d { 13 } } }`; lines 16-17 follow them all.
        let f = function(vec![
            guard(2, "a", (2, 6)),
            guard(7, "b", (7, 10)),
            guard(11, "c", (11, 15)),
            guard(12, "d", (12, 14)),
        ]);
        let found = deciding(&f, &[(3, 5), (8, 9), (13, 13), (16, 17)], false);
        let summary: Vec<(&str, Vec<(u32, u32)>)> = found
            .iter()
            .map(|c| (c.text.as_str(), c.lines.clone()))
            .collect();
        assert_eq!(
            summary,
            [
                ("a", vec![(3, 5)]),
                ("b", vec![(8, 9)]),
                ("d", vec![(13, 13)])
            ]
        );
        // The line before a group names nothing it does not decide.
        assert!(deciding(&f, &[(16, 17)], false).is_empty());
        // One condition for every line of a group.
        let one = deciding(&f, &[(8, 9)], false);
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].text, "b");
        // A branch on its condition's own line: a region there is
        // decided by it, a line is not (the line ran to test it).
        let f = function(vec![
            guard(2, "a", (2, 20)),
            guard(18, "r >= 360.0", (18, 18)),
        ]);
        assert_eq!(deciding(&f, &[(18, 18)], true)[0].text, "r >= 360.0");
        assert_eq!(deciding(&f, &[(18, 18)], false)[0].text, "a");
    }
}
