//! The gap list as every format tells it: the words of each entry are
//! written here once; the text, Markdown and HTML renderers only lay
//! them out and mark them up.

use super::text::{pct, span};
use super::{Cause, GapGroup};
use crate::measure::Counting;

/// One gap group as a row of a list.
pub(crate) struct GapRow<'a> {
    pub group: &'a GapGroup,
    /// Where: `file:lines` (empty for requirements that are not places).
    pub place: String,
    /// `up to +4.2%`, or `first use` for what no input can cover.
    pub headline: String,
    /// The gain in words, with what it takes.
    pub gain: String,
    /// `too_few_relations`, when some classes do not run the function:
    /// which do and which do not.
    pub classes: Option<String>,
    /// For a thin group: its closest input's `|S_RO|` and classes.
    pub s_ro: Option<String>,
}

impl<'a> GapRow<'a> {
    pub(crate) fn new(group: &'a GapGroup, k: u32, counting: Counting) -> Self {
        let classes = match &group.cause {
            Cause::TooFewRelations {
                classes_running,
                classes_not_running,
            } if !classes_not_running.is_empty() => Some(format!(
                "classes that run it on source inputs: {}; that do not: {}",
                list(classes_running),
                list(classes_not_running)
            )),
            _ => None,
        };
        GapRow {
            group,
            place: if group.span.file.is_empty() {
                String::new()
            } else {
                span(&group.span)
            },
            headline: headline(group.first_use_only(), group.a_k_gain),
            gain: group.gain_words(counting),
            classes,
            s_ro: group
                .closest
                .as_ref()
                .map(|c| format!("|S_RO| = {} of {k}: {}", c.s_ro, list(&c.classes))),
        }
    }
}

/// The adjacent groups of one type's boilerplate trait impls, as one row.
pub(crate) struct BoilerplateRow<'a> {
    pub groups: &'a [GapGroup],
    pub place: String,
    /// The type.
    pub ty: &'a str,
    pub requirements: u32,
    pub headline: String,
    pub words: String,
}

/// An entry of a gap list: a group, or one type's boilerplate impls.
pub(crate) enum GapEntry<'a> {
    One(GapRow<'a>),
    Boilerplate(BoilerplateRow<'a>),
}

impl GapEntry<'_> {
    /// The rank of its (first) group.
    pub(crate) fn rank(&self) -> u32 {
        match self {
            Self::One(row) => row.group.rank,
            Self::Boilerplate(row) => row.groups[0].rank,
        }
    }

    /// How many groups it stands for.
    pub(crate) fn len(&self) -> usize {
        match self {
            Self::One(_) => 1,
            Self::Boilerplate(row) => row.groups.len(),
        }
    }

    pub(crate) fn place(&self) -> &str {
        match self {
            Self::One(row) => &row.place,
            Self::Boilerplate(row) => &row.place,
        }
    }
}

/// The list's entries: each group its own, the adjacent groups of one
/// type's boilerplate trait impls one together.
pub(crate) fn entries(gaps: &[GapGroup], k: u32, counting: Counting) -> Vec<GapEntry<'_>> {
    gap_entries(gaps)
        .into_iter()
        .map(|groups| match groups {
            [one] => GapEntry::One(GapRow::new(one, k, counting)),
            _ => GapEntry::Boilerplate(BoilerplateRow {
                groups,
                place: span(&groups[0].span),
                ty: groups[0].boilerplate.as_deref().unwrap_or("?"),
                requirements: groups.iter().map(|g| g.requirements).sum(),
                headline: headline(false, groups.iter().map(|g| g.a_k_gain).sum()),
                words: boilerplate_words(groups),
            }),
        })
        .collect()
}

/// The groups, cut where one entry ends: adjacent groups of one type's
/// boilerplate impls together.
pub(super) fn gap_entries(gaps: &[GapGroup]) -> Vec<&[GapGroup]> {
    let mut entries = Vec::new();
    let mut start = 0;
    for i in 1..=gaps.len() {
        let joined = i < gaps.len()
            && gaps[i].boilerplate.is_some()
            && gaps[i].boilerplate == gaps[start].boilerplate;
        if !joined {
            entries.push(&gaps[start..i]);
            start = i;
        }
    }
    entries
}

/// One line for the boilerplate impls of one type: `Display::fmt`,
/// `Clone::clone`, ... (the functions' names when no trait shows).
pub(super) fn boilerplate_words(groups: &[GapGroup]) -> String {
    let mut methods: Vec<String> = groups
        .iter()
        .filter_map(|g| g.function_name.as_deref())
        .map(|name| crate::model::trait_method(name).unwrap_or_else(|| name.to_owned()))
        .collect();
    methods.dedup();
    let ty = groups[0].boilerplate.as_deref().unwrap_or("?");
    format!(
        "trait impls of `{ty}` written by rote ({}): no MR's SUT runs them; an MR whose SUT \
         formats, clones, compares or converts the type covers them, where that output matters \
         (each group's own advice is in --json and --html)",
        methods.join(", ")
    )
}

fn headline(first_use_only: bool, a_k_gain: f64) -> String {
    if first_use_only {
        "first use".to_owned()
    } else {
        format!("up to +{}", pct(a_k_gain))
    }
}

/// `a, b`, or `none`.
fn list(names: &[String]) -> String {
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Location;
    use crate::report::{GapCause, GapKind};

    #[test]
    fn one_types_boilerplate_impls_are_one_entry() {
        let gap = |name: &str, boilerplate: Option<&str>| GapGroup {
            rank: 1,
            kind: GapKind::Uncovered,
            cause: Cause::empty(GapCause::NotCalled),
            function: None,
            function_name: Some(name.to_owned()),
            lines: vec![(1, 2)],
            span: Location {
                file: "src/lib.rs".into(),
                line_start: 1,
                col_start: 1,
                line_end: 2,
                col_end: 1,
                label: None,
            },
            requirements: 2,
            gain: 2.0,
            a_k_gain: 0.1,
            relations_needed: 3,
            a_k_gain_per_relation: 0.03,
            aside_executions: 0,
            boilerplate: boilerplate.map(str::to_owned),
            closest: None,
            advice: String::new(),
            members: Vec::new(),
        };
        let gaps = vec![
            gap("lib::walk", None),
            gap("lib::parse", None),
            gap(
                "<lib::Error as core::fmt::Display>::fmt",
                Some("lib::Error"),
            ),
            gap(
                "<lib::Error as core::clone::Clone>::clone",
                Some("lib::Error"),
            ),
            gap("<lib::Glob as core::fmt::Debug>::fmt", Some("lib::Glob")),
        ];
        let sizes: Vec<usize> = gap_entries(&gaps).iter().map(|e| e.len()).collect();
        assert_eq!(sizes, [1, 1, 2, 1]);
        let words = boilerplate_words(&gaps[2..4]);
        assert!(
            words.starts_with(
                "trait impls of `lib::Error` written by rote (Display::fmt, Clone::clone)"
            ),
            "{words}"
        );
    }
}
