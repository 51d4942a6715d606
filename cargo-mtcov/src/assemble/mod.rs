//! From a run's records to the measure's inputs: the pool of MRs, source
//! inputs and associations, and the names the report prints. Pure: the
//! coverage side (requirements per criterion) is the mapping's job.

use std::collections::HashMap;

use anyhow::Result;

use mtcov_protocol::{MrDescription, Outcome};

use crate::measure::{InputIdx, MrIdx, Pool, PoolBuilder};
use crate::model::{SourceInfo, Violation};
use crate::records::RunRecords;

pub(crate) mod choices;
pub(crate) mod coverage;
mod pipeline;
mod process;
pub(crate) mod suggestions;

/// The pool and its names, indexed alike.
#[derive(Debug)]
pub(crate) struct Assembled {
    pub pool: Pool,
    pub mrs: Vec<MrDescription>,
    pub sources: Vec<SourceInfo>,
    /// Source key → pool input, for mapping per-input coverage.
    pub input_of_key: HashMap<u64, InputIdx>,
    /// MR id → pool MR, for every MR id of the records (registered, or
    /// met only in an `mg` or `cov` record).
    pub mr_of_id: HashMap<String, MrIdx>,
    pub violations: Vec<Violation>,
    /// MGs whose MR was not in any header's registry (kept, and counted).
    pub unregistered_mrs: Vec<String>,
}

pub(crate) fn assemble(run: &RunRecords) -> Result<Assembled> {
    let mut builder = PoolBuilder::new();
    let mut mrs: Vec<MrDescription> = Vec::new();
    let mut mr_of_id: HashMap<String, MrIdx> = HashMap::new();
    for mr in &run.registry {
        let idx = builder.add_mr(&mr.class, Some(&mr.source_type));
        mr_of_id.insert(mr.id.clone(), idx);
        mrs.push(mr.clone());
    }

    let mut sources: Vec<SourceInfo> = Vec::new();
    let mut input_of_key: HashMap<u64, InputIdx> = HashMap::new();
    let mut add_input =
        |key: u64, debug: &str, builder: &mut PoolBuilder, sources: &mut Vec<SourceInfo>| {
            *input_of_key.entry(key).or_insert_with(|| {
                sources.push(SourceInfo {
                    key: format!("{key:016x}"),
                    debug: debug.to_owned(),
                });
                builder.add_input()
            })
        };
    for (&key, debug) in &run.sources {
        add_input(key, debug, &mut builder, &mut sources);
    }

    let mut unregistered_mrs: Vec<String> = Vec::new();
    // (MR argument, MR) of skipped and panicked MGs: the MR does not apply
    // to that input, or fails on it; either way, pairing them again is no
    // advice.
    let mut skipped = Vec::new();
    let mut violations = Vec::new();
    for (mg, _) in &run.groups {
        let mr = match mr_of_id.get(mg.mr.as_str()) {
            Some(&idx) => idx,
            None => {
                // Recorded but not registered: keep its association rather
                // than drop evidence, and say so.
                let idx = builder.add_mr(&mg.class, None);
                mrs.push(MrDescription {
                    id: mg.mr.clone(),
                    name: mg.mr.clone(),
                    class: mg.class.clone(),
                    file: String::new(),
                    line: 0,
                    source_type: String::new(),
                });
                unregistered_mrs.push(mg.mr.clone());
                mr_of_id.insert(mg.mr.clone(), idx);
                idx
            }
        };
        let inputs: Vec<InputIdx> = mg
            .sources
            .iter()
            .map(|&key| add_input(key, "<no source record>", &mut builder, &mut sources))
            .collect();
        builder.record_mg(mr, &inputs, mg.outcome)?;
        if matches!(mg.outcome, Outcome::Skipped | Outcome::Panicked)
            && let Some(key) = mg.argument.or_else(|| mg.sources.first().copied())
        {
            skipped.push((key, mr));
        }
        if mg.outcome == Outcome::Violated {
            let info = &mrs[mr.0 as usize];
            violations.push(Violation {
                mr: mg.mr.clone(),
                file: info.file.clone(),
                line: info.line,
                sources: inputs
                    .iter()
                    .map(|i| sources[i.0 as usize].debug.clone())
                    .collect(),
                message: mg.message.clone(),
                minimal: run
                    .minimal
                    .iter()
                    .find(|(key, mr, _)| {
                        *mr == mg.mr && (mg.argument == Some(*key) || mg.sources.contains(key))
                    })
                    .map(|(_, _, debug)| debug.clone()),
            });
        }
    }
    // A source execution by an MR no header registers and no MG names
    // (its MG was lost): its coverage counts for no relation, but is kept.
    for process in &run.processes {
        for execution in &process.executions {
            if !mr_of_id.contains_key(&execution.mr) {
                let idx = builder.add_mr(&execution.mr, None);
                mrs.push(MrDescription {
                    id: execution.mr.clone(),
                    name: execution.mr.clone(),
                    class: execution.mr.clone(),
                    file: String::new(),
                    line: 0,
                    source_type: String::new(),
                });
                unregistered_mrs.push(execution.mr.clone());
                mr_of_id.insert(execution.mr.clone(), idx);
            }
        }
    }
    for (key, mr) in skipped {
        // Only inputs that are source inputs somewhere matter.
        if let Some(&input) = input_of_key.get(&key) {
            builder.not_applicable(input, mr)?;
        }
    }
    Ok(Assembled {
        pool: builder.build(),
        mrs,
        sources,
        input_of_key,
        mr_of_id,
        violations,
        unregistered_mrs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use mtcov_protocol::MgRecord;

    fn registered(id: &str, class: &str) -> MrDescription {
        MrDescription {
            id: id.into(),
            name: id.into(),
            class: class.into(),
            file: "tests/mrs.rs".into(),
            line: 4,
            source_type: "f64".into(),
        }
    }

    fn mg(mr: &str, class: &str, sources: &[u64], outcome: Outcome) -> (MgRecord, usize) {
        (
            MgRecord {
                mr: mr.into(),
                class: class.into(),
                sources: sources.to_vec(),
                argument: None,
                follow_ups: 1,
                outcome,
                message: (outcome == Outcome::Violated).then(|| "1 != 2".to_owned()),
                test: None,
            },
            0,
        )
    }

    #[test]
    fn the_spec_example_associations() {
        let (a, b, c) = (1, 2, 3);
        let run = RunRecords {
            registry: vec![
                registered("m1", "equal"),
                registered("m2", "equal"),
                registered("m3", "order"),
                registered("m4", "sum"),
            ],
            sources: [(a, "a".into()), (b, "b".into()), (c, "c".into())].into(),
            groups: vec![
                mg("m1", "equal", &[a], Outcome::Holds),
                mg("m2", "equal", &[a], Outcome::Holds),
                mg("m1", "equal", &[b], Outcome::Holds),
                mg("m3", "order", &[b], Outcome::Violated),
                mg("m4", "sum", &[b], Outcome::Holds),
                mg("m3", "order", &[c], Outcome::Skipped),
            ],
            ..RunRecords::default()
        };
        let out = assemble(&run).unwrap();
        assert_eq!(out.pool.num_mrs(), 4);
        assert_eq!(out.pool.num_inputs(), 3);
        assert_eq!(out.pool.num_classes(), 3);
        let sizes = out.pool.source_relations(crate::measure::Counting::Class);
        assert_eq!(sizes.sizes(), [1, 3, 0]);
        assert_eq!(out.violations.len(), 1);
        assert_eq!(out.violations[0].sources, ["b"]);
        assert_eq!(out.violations[0].file, "tests/mrs.rs");
        assert!(out.unregistered_mrs.is_empty());
    }

    #[test]
    fn an_mr_that_skipped_or_panicked_on_an_input_is_not_suggested_for_it() {
        let (a, unknown) = (1, 99);
        let mut skipped = mg("m2", "order", &[], Outcome::Skipped);
        skipped.0.argument = Some(a);
        let mut skipped_unknown = mg("m3", "sum", &[], Outcome::Skipped);
        skipped_unknown.0.argument = Some(unknown);
        let panicked = mg("m4", "scale", &[a], Outcome::Panicked);
        let run = RunRecords {
            registry: vec![
                registered("m1", "equal"),
                registered("m2", "order"),
                registered("m3", "sum"),
                registered("m4", "scale"),
            ],
            sources: [(a, "a".into())].into(),
            groups: vec![
                mg("m1", "equal", &[a], Outcome::Holds),
                skipped,
                skipped_unknown,
                panicked,
            ],
            ..RunRecords::default()
        };
        let out = assemble(&run).unwrap();
        let input = out.input_of_key[&a];
        let suggested = out
            .pool
            .unpaired_mrs(input, crate::measure::Counting::Class);
        assert_eq!(
            suggested.len(),
            1,
            "only m3: m2 skipped a, m4 panicked on it"
        );
        assert_eq!(
            out.pool.num_inputs(),
            1,
            "a skipped argument that is no source input adds none"
        );
    }

    #[test]
    fn unknown_sources_and_unregistered_mrs_are_kept_and_named() {
        let run = RunRecords {
            groups: vec![
                mg("ghost", "equal", &[9], Outcome::Holds),
                mg("ghost", "equal", &[9], Outcome::Holds),
            ],
            ..RunRecords::default()
        };
        let out = assemble(&run).unwrap();
        assert_eq!(out.unregistered_mrs, ["ghost"]);
        assert_eq!(
            out.pool.num_mrs(),
            1,
            "the second MG reuses the first registration"
        );
        assert_eq!(out.sources[0].debug, "<no source record>");
        assert_eq!(out.sources[0].key, "0000000000000009");
    }
}
