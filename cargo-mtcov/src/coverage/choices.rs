//! The black-box criteria: requirements from the `categories!`
//! declarations in the record headers, `sat` from the `choices` records.
//!
//! - **i-choice**: each choice of each I-category. A source input satisfies
//!   the choices it was classified into; one in an `[error]` or `[single]`
//!   choice satisfies only that choice (it is never combined).
//! - **i-choice-pair**: each pair of normal choices of two I-categories
//!   that some valid complete frame contains. A source input with no
//!   `[error]` / `[single]` choice satisfies every pair of its choices.
//! - **io-ctf**: each valid complete frame (one normal choice per I- and
//!   O-category, every condition true), and each `[error]` / `[single]`
//!   choice alone. A source input satisfies the frame of its I-choices
//!   with the O-choices of any of its source executions, or its alone choice.
//!
//! What cannot be measured stops the report (exit 2): a classification
//! error, a frame that the declared constraints forbid, a choice index out
//! of range, conflicting declarations, or no declaration at all.

use std::collections::{HashMap, HashSet};

use anyhow::{Context, Result, bail};
use mtcov_protocol::categories::{ChoiceRef, Declaration, Frame, Requirements};

use super::CriterionCoverage;
use crate::inputs::Assembled;
use crate::measure::Coverage;
use crate::model::UnclassifiedOutput;
use crate::model::{Criterion, Location};
use crate::records::{ChoicesRecord, RunRecords};

/// Requirements and `sat` of each black-box criterion in `criteria`.
pub(crate) fn criteria(
    records: &RunRecords,
    assembled: &Assembled,
    criteria: &[Criterion],
) -> Result<Vec<CriterionCoverage>> {
    if criteria.is_empty() {
        return Ok(Vec::new());
    }
    check_classified(records, assembled, criteria)?;
    let spaces: Vec<(&Declaration, Requirements)> = records
        .declarations
        .iter()
        .map(|d| d.requirements().map(|r| (d, r)))
        .collect::<Result<_, String>>()
        .map_err(anyhow::Error::msg)?;
    let mut checks: Vec<Validity> = spaces
        .iter()
        .map(|(decl, space)| Validity::new(decl, space))
        .collect();
    let mut out = Vec::new();
    for &criterion in criteria {
        let (index, locations) = requirements_of(criterion, &spaces);
        let mut coverage = Coverage::new(u32::try_from(locations.len())?);
        for record in &records.choices {
            let Ok(choices) = &record.choices else {
                continue;
            };
            let Some(&input) = assembled.input_of_key.get(&record.key) else {
                continue;
            };
            let d = declaration_of(record, &spaces)?;
            let decl = spaces[d].0;
            // The whole classification is checked, whatever the criterion:
            // a forbidden frame is refused for every criterion alike.
            if let Some(why) = checks[d].refuse(decl, choices) {
                bail!(
                    "{}: source input {}: {why} (categories declared at {}:{})",
                    record.at,
                    assembled.sources[input.0 as usize].debug,
                    decl.file,
                    decl.line
                );
            }
            let reqs = satisfied(criterion, decl, choices)
                .into_iter()
                .filter_map(|key| index.get(&(d, key)).copied())
                .collect::<Vec<u32>>();
            // I-choices hold for every MR that ran the input as a source;
            // O-choices only for the MR whose source execution gave them.
            match record.mr.as_deref().map(|id| assembled.mr_of_id.get(id)) {
                None => coverage.push(input, reqs)?,
                Some(Some(&mr)) => coverage.push_by(input, mr, reqs)?,
                Some(None) => bail!(
                    "{}: choices of a source execution by MR `{}`, which the records do not know",
                    record.at,
                    record.mr.as_deref().unwrap_or_default()
                ),
            }
        }
        let aside = vec![0; locations.len()];
        out.push(CriterionCoverage {
            criterion,
            coverage,
            locations,
            clean: None,
            aside,
            first_use: Vec::new(),
            aside_complete: true,
            runs: Err("black-box requirements are not code".to_owned()),
            // Metamorphic Coverage is of code: not measured here.
            differing: Vec::new(),
        });
    }
    Ok(out)
}

/// Refuses to measure black-box criteria without declarations, with
/// conflicting ones, or with a source input its classifiers could not
/// classify.
fn check_classified(
    records: &RunRecords,
    assembled: &Assembled,
    criteria: &[Criterion],
) -> Result<()> {
    if !records.declaration_conflicts.is_empty() {
        bail!(
            "the categories declarations cannot be used:\n  {}",
            records.declaration_conflicts.join("\n  ")
        );
    }
    if records.declarations.is_empty() {
        bail!(
            "--criterion {} needs declared categories, and no test binary declares any: \
             declare the categories and choices of your source input type with \
             `mt_runtime::categories! {{ Type {{ category(input) {{ choice => predicate, .. }} }} }}` \
             in the tests (see mt-runtime's documentation)",
            criteria
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(",")
        );
    }
    let errors: Vec<String> = records
        .choices
        .iter()
        .filter_map(|r| {
            let why = r.choices.as_ref().err()?;
            let input = assembled
                .input_of_key
                .get(&r.key)
                .map_or("?", |i| assembled.sources[i.0 as usize].debug.as_str());
            Some(format!("{}: source input {input}: {why}", r.at))
        })
        .collect();
    if !errors.is_empty() {
        bail!(
            "source inputs could not be classified into their categories, so the black-box criteria \
             cannot be measured:\n  {}\nFix the classifiers (every input must fall into exactly one choice \
             of each category), then rerun `cargo mtcov`",
            errors.join("\n  ")
        );
    }
    Ok(())
}

/// The requirements of `criterion` over every declaration: an index from
/// (declaration, key) to requirement, and each requirement's location
/// (the declaration, labelled in words; with several declarations, the
/// label names its type).
fn requirements_of(
    criterion: Criterion,
    spaces: &[(&Declaration, Requirements)],
) -> (HashMap<(usize, Key), u32>, Vec<Location>) {
    let several = spaces.len() > 1;
    let mut index: HashMap<(usize, Key), u32> = HashMap::new();
    let mut locations = Vec::new();
    for (d, (decl, space)) in spaces.iter().enumerate() {
        let items: Vec<(Key, String)> = match criterion {
            Criterion::IChoice => space
                .choices
                .iter()
                .map(|&c| (Key::Choice(c), decl.choice_label(c)))
                .collect(),
            Criterion::IChoicePair => space
                .pairs
                .iter()
                .map(|&p| (Key::Pair(p.0, p.1), decl.pair_label(p)))
                .collect(),
            _ => space
                .frames
                .iter()
                .map(|f| (Key::Frame(f.clone()), decl.frame_label(f)))
                .collect(),
        };
        for (key, label) in items {
            let label = if several {
                match &decl.function {
                    Some(f) => format!("{} => {f}: {label}", short_type(&decl.source_type)),
                    None => format!("{}: {label}", short_type(&decl.source_type)),
                }
            } else {
                label
            };
            index.insert((d, key), locations.len() as u32);
            locations.push(Location::new(&decl.file, decl.line, 0, decl.line, 0).with_label(label));
        }
    }
    (index, locations)
}

/// The declaration a choices record classifies against.
fn declaration_of(
    record: &ChoicesRecord,
    spaces: &[(&Declaration, Requirements)],
) -> Result<usize> {
    spaces
        .iter()
        .position(|(decl, _)| decl.classifies(&record.source_type, record.function.as_deref()))
        .with_context(|| {
            format!(
                "{}: choices of `{}`{}, which no binary declares categories for",
                record.at,
                record.source_type,
                record
                    .function
                    .as_deref()
                    .map(|f| format!(" => {f}"))
                    .unwrap_or_default()
            )
        })
}

/// The source executions whose output was not of the declared output
/// type, counted by (MR, returned type): distinct source inputs each.
pub(crate) fn unclassified_outputs(
    records: &RunRecords,
    assembled: &Assembled,
) -> Vec<UnclassifiedOutput> {
    let mut counts: std::collections::BTreeMap<(&str, &str), HashSet<u64>> = Default::default();
    for u in &records.unclassified {
        counts
            .entry((u.mr.as_str(), u.returned.as_str()))
            .or_default()
            .insert(u.key);
    }
    counts
        .into_iter()
        .map(|((mr, returned), keys)| {
            let unclassified =
                |source_type: String, declared: Option<String>, functions| UnclassifiedOutput {
                    mr: mr.to_owned(),
                    source_type,
                    declared: declared.unwrap_or_default(),
                    functions,
                    returned: returned.to_owned(),
                    inputs: keys.len() as u32,
                };
            // An MR that ran a function declared per function: its own
            // records name that declaration.
            let picked = records
                .choices
                .iter()
                .filter(|c| c.mr.as_deref() == Some(mr) && c.function.is_some())
                .filter(|c| keys.contains(&c.key))
                .find_map(|c| {
                    records
                        .declarations
                        .iter()
                        .find(|d| d.classifies(&c.source_type, c.function.as_deref()))
                });
            if let Some(d) = picked {
                return unclassified(d.subject(), d.output_type.clone(), Vec::new());
            }
            // Otherwise the declarations of the inputs' type: the one for
            // every function, or those per function (a type is never
            // declared both ways in a measured run).
            let written = assembled
                .mr_of_id
                .get(mr)
                .and_then(|&m| assembled.mrs.get(m.0 as usize))
                .map(|d| d.source_type.clone())
                .unwrap_or_default();
            let source_type = records
                .choices
                .iter()
                .find(|c| keys.contains(&c.key))
                .map(|c| c.source_type.clone())
                .or_else(|| {
                    records
                        .declarations
                        .iter()
                        .find(|d| short_type(&d.source_type) == short_type(&written))
                        .map(|d| d.source_type.clone())
                })
                .unwrap_or(written);
            let declarations: Vec<&Declaration> = records
                .declarations
                .iter()
                .filter(|d| d.source_type == source_type)
                .collect();
            let functions: Vec<String> = declarations
                .iter()
                .filter_map(|d| {
                    let f = d.function.as_deref()?;
                    Some(match &d.output_type {
                        Some(out) => format!("{f} -> {out}"),
                        None => f.to_owned(),
                    })
                })
                .collect();
            let declared = if functions.is_empty() {
                declarations.first().and_then(|d| d.output_type.clone())
            } else {
                None
            };
            unclassified(source_type, declared, functions)
        })
        .collect()
}

/// The classifications a declaration allows, from its enumerated frames.
struct Validity {
    /// Valid complete frames (I- and O-choices).
    frames: HashSet<Vec<u16>>,
    /// Their I-parts, O-categories as `None`.
    inputs: HashSet<Vec<Option<u16>>>,
    /// Other I-parts met, and whether the declaration allows them.
    other_inputs: HashMap<Vec<Option<u16>>, bool>,
}

impl Validity {
    fn new(decl: &Declaration, space: &Requirements) -> Self {
        let mut frames = HashSet::new();
        let mut inputs = HashSet::new();
        for frame in &space.frames {
            if let Frame::Complete(choices) = frame {
                inputs.insert(
                    choices
                        .iter()
                        .enumerate()
                        .map(|(c, &x)| (!decl.categories[c].output).then_some(x))
                        .collect(),
                );
                frames.insert(choices.clone());
            }
        }
        Validity {
            frames,
            inputs,
            other_inputs: HashMap::new(),
        }
    }

    /// Why a classification cannot be counted, if it cannot.
    fn refuse(&mut self, decl: &Declaration, choices: &[Option<u16>]) -> Option<String> {
        if choices.len() != decl.categories.len() {
            return Some(format!(
                "{} choices for the {} categories of `{}`",
                choices.len(),
                decl.categories.len(),
                decl.source_type
            ));
        }
        let mut alone = false;
        for (cat, x) in decl.categories.iter().zip(choices) {
            match x {
                None if !cat.output => {
                    return Some(format!("no choice for I-category `{}`", cat.name));
                }
                None => {}
                Some(x) if usize::from(*x) >= cat.choices.len() => {
                    return Some(format!(
                        "choice {x} of category `{}`, which has {} choices",
                        cat.name,
                        cat.choices.len()
                    ));
                }
                Some(x) => alone |= cat.choices[usize::from(*x)].kind.alone(),
            }
        }
        if alone {
            return None;
        }
        let complete: Option<Vec<u16>> = choices.iter().copied().collect();
        let valid = match &complete {
            Some(frame) => self.frames.contains(frame),
            None => {
                let input: Vec<Option<u16>> = choices
                    .iter()
                    .zip(&decl.categories)
                    .map(|(x, cat)| if cat.output { None } else { *x })
                    .collect();
                // An input frame whose every O-completion is forbidden is
                // still a valid input frame: ask the declaration, once.
                self.inputs.contains(&input)
                    || *self
                        .other_inputs
                        .entry(input)
                        .or_insert_with_key(|input| decl.is_valid(input).unwrap_or(false))
            }
        };
        if valid {
            return None;
        }
        let frame: Vec<u16> = choices.iter().map(|x| x.unwrap_or(0)).collect();
        let label = decl.frame_label(&Frame::Complete(frame));
        Some(match complete {
            Some(_) if decl.categories.iter().any(|c| c.output) => format!(
                "its frame `{label}` is forbidden by the declared constraints: the constraints, \
                 a classifier or the SUT's output is wrong"
            ),
            Some(_) => format!(
                "its frame `{label}` is forbidden by the declared constraints: the constraints \
                 or a classifier is wrong"
            ),
            None => format!(
                "its frame `{}` is forbidden by the declared constraints: the constraints or a \
                 classifier is wrong",
                label.split(" → ").next().unwrap_or(&label)
            ),
        })
    }
}

/// A requirement of one declaration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Choice(ChoiceRef),
    Pair(ChoiceRef, ChoiceRef),
    Frame(Frame),
}

/// The requirements one classification satisfies.
fn satisfied(criterion: Criterion, decl: &Declaration, choices: &[Option<u16>]) -> Vec<Key> {
    let chosen: Vec<(usize, u16)> = choices
        .iter()
        .enumerate()
        .filter(|&(c, _)| !decl.categories[c].output)
        .filter_map(|(c, x)| x.map(|x| (c, x)))
        .collect();
    let alone: Vec<ChoiceRef> = chosen
        .iter()
        .filter(|&&(c, x)| decl.categories[c].choices[usize::from(x)].kind.alone())
        .map(|&(c, x)| (c as u16, x))
        .collect();
    match criterion {
        Criterion::IChoice if !alone.is_empty() => alone.into_iter().map(Key::Choice).collect(),
        Criterion::IChoice => chosen
            .iter()
            .map(|&(c, x)| Key::Choice((c as u16, x)))
            .collect(),
        Criterion::IChoicePair if !alone.is_empty() => Vec::new(),
        Criterion::IChoicePair => {
            let mut pairs = Vec::new();
            for (i, &(a, x)) in chosen.iter().enumerate() {
                for &(b, y) in &chosen[i + 1..] {
                    pairs.push(Key::Pair((a as u16, x), (b as u16, y)));
                }
            }
            pairs
        }
        _ if !alone.is_empty() => alone
            .into_iter()
            .map(|c| Key::Frame(Frame::Alone(c)))
            .collect(),
        _ => match choices.iter().copied().collect::<Option<Vec<u16>>>() {
            Some(frame) => vec![Key::Frame(Frame::Complete(frame))],
            // Not every O-category classified (the line written before
            // the SUT ran): no complete frame.
            None => Vec::new(),
        },
    }
}

/// `Angle` for `trig::Angle`: labels name the type when there are several.
fn short_type(name: &str) -> &str {
    let generic = name.find('<').unwrap_or(name.len());
    name[..generic].rsplit("::").next().unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs::assemble;
    use crate::records::ChoicesRecord;
    use mtcov_protocol::categories::{Category, Choice, ChoiceKind};
    use mtcov_protocol::{MgRecord, MrDescription, Outcome};

    fn choice(name: &str, properties: &[&str], condition: Option<&str>) -> Choice {
        Choice {
            name: name.into(),
            kind: ChoiceKind::Normal,
            properties: properties.iter().map(|p| p.to_string()).collect(),
            condition: condition.map(str::to_owned),
        }
    }

    /// `a = x` allows no output choice at all: the I-frame is valid, no
    /// IO-CTF contains it.
    fn run(choices: Vec<Option<u16>>) -> RunRecords {
        RunRecords {
            registry: vec![MrDescription {
                id: "m".into(),
                name: "m".into(),
                class: "equal".into(),
                file: "t.rs".into(),
                line: 1,
                source_type: "T".into(),
            }],
            sources: [(1, "t".to_owned())].into(),
            groups: vec![(
                MgRecord {
                    mr: "m".into(),
                    class: "equal".into(),
                    sources: vec![1],
                    argument: None,
                    follow_ups: 1,
                    outcome: Outcome::Holds,
                    message: None,
                    test: None,
                    shares: None,
                },
                0,
            )],
            declarations: vec![Declaration {
                source_type: "T".into(),
                function: None,
                output_type: Some("u8".into()),
                file: "t.rs".into(),
                line: 3,
                categories: vec![
                    Category {
                        name: "a".into(),
                        output: false,
                        choices: vec![choice("x", &["X"], None), choice("y", &[], None)],
                    },
                    Category {
                        name: "o".into(),
                        output: true,
                        choices: vec![choice("p", &[], Some("!X"))],
                    },
                ],
            }],
            choices: vec![ChoicesRecord {
                key: 1,
                mr: choices.get(1).copied().flatten().map(|_| "m".to_owned()),
                source_type: "T".into(),
                function: None,
                choices: Ok(choices),
                at: "f.jsonl:2".into(),
            }],
            ..RunRecords::default()
        }
    }

    #[test]
    fn an_input_frame_without_a_valid_output_still_counts_for_input_criteria() {
        let records = run(vec![Some(0), None]);
        let assembled = assemble(&records).unwrap();
        let measured = criteria(
            &records,
            &assembled,
            &[Criterion::IChoice, Criterion::IoCtf],
        )
        .unwrap();
        assert_eq!(measured[0].coverage.num_pairs(), 1, "a = x is satisfied");
        assert_eq!(
            measured[1].coverage.num_requirements(),
            1,
            "only a = y → o = p"
        );
        assert_eq!(measured[1].coverage.num_pairs(), 0);

        let records = run(vec![Some(0), Some(0)]);
        let assembled = assemble(&records).unwrap();
        let error = criteria(&records, &assembled, &[Criterion::IoCtf]).unwrap_err();
        assert!(
            error.to_string().contains("`a = x → o = p` is forbidden"),
            "{error:#}"
        );
        // Refused whatever the criteria asked for.
        for asked in [Criterion::IChoice, Criterion::IChoicePair] {
            let error = criteria(&records, &assembled, &[asked]).unwrap_err();
            assert!(error.to_string().contains("is forbidden"), "{error:#}");
        }
    }
}
