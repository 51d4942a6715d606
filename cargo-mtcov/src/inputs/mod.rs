//! From a run's records to the measure's inputs: the pool of MRs, source
//! inputs and associations, and the names the report prints. Pure: the
//! coverage side (requirements per criterion, who satisfied them) is
//! `coverage`'s.

use std::collections::HashMap;

use anyhow::Result;

use mtcov_protocol::{MgRecord, MrDescription, Outcome};

use crate::measure::{InputIdx, MrIdx, Pool, PoolBuilder};
use crate::model::{SourceInfo, Violation};
use crate::records::RunRecords;

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
    let mut at = Assembling::new(run);
    // (MR argument, MR) of skipped and panicked MGs: the MR does not apply
    // to that input, or fails on it; either way, pairing them again is no
    // advice.
    let mut skipped = Vec::new();
    let mut violations = Vec::new();
    for (mg, _) in &run.groups {
        // Recorded but not registered: keep its association rather than
        // drop evidence, and say so.
        let mr = at.mr(&mg.mr, &mg.class);
        let inputs: Vec<InputIdx> = mg
            .sources
            .iter()
            .map(|&key| at.input(key, "<no source record>"))
            .collect();
        at.builder.record_mg(mr, &inputs, mg.outcome)?;
        if matches!(mg.outcome, Outcome::Skipped | Outcome::Panicked)
            && let Some(key) = mg.argument.or_else(|| mg.sources.first().copied())
        {
            skipped.push((key, mr));
        }
        if mg.outcome == Outcome::Violated {
            violations.push(at.violation(run, mg, mr, &inputs));
        }
    }
    // A source execution by an MR no header registers and no MG names
    // (its MG was lost): its coverage counts for no relation, but is kept.
    for process in &run.processes {
        for execution in &process.executions {
            at.mr(&execution.mr, &execution.mr);
        }
    }
    for (key, mr) in skipped {
        // Only inputs that are source inputs somewhere matter.
        if let Some(&input) = at.input_of_key.get(&key) {
            at.builder.not_applicable(input, mr)?;
        }
    }
    Ok(Assembled {
        pool: at.builder.build(),
        mrs: at.mrs,
        sources: at.sources,
        input_of_key: at.input_of_key,
        mr_of_id: at.mr_of_id,
        violations,
        unregistered_mrs: at.unregistered_mrs,
    })
}

/// The pool under construction, with the MRs and source inputs by key.
struct Assembling {
    builder: PoolBuilder,
    mrs: Vec<MrDescription>,
    mr_of_id: HashMap<String, MrIdx>,
    sources: Vec<SourceInfo>,
    input_of_key: HashMap<u64, InputIdx>,
    unregistered_mrs: Vec<String>,
}

impl Assembling {
    /// The registered MRs, then the recorded source inputs.
    fn new(run: &RunRecords) -> Self {
        let mut at = Assembling {
            builder: PoolBuilder::new(),
            mrs: Vec::new(),
            mr_of_id: HashMap::new(),
            sources: Vec::new(),
            input_of_key: HashMap::new(),
            unregistered_mrs: Vec::new(),
        };
        for mr in &run.registry {
            let idx = at.builder.add_mr(&mr.class, Some(&mr.source_type));
            at.mr_of_id.insert(mr.id.clone(), idx);
            at.mrs.push(mr.clone());
        }
        for (&key, debug) in &run.sources {
            at.input(key, debug);
        }
        at
    }

    /// The source input of `key`, added (as `debug`) when new.
    fn input(&mut self, key: u64, debug: &str) -> InputIdx {
        let Assembling {
            builder,
            sources,
            input_of_key,
            ..
        } = self;
        *input_of_key.entry(key).or_insert_with(|| {
            sources.push(SourceInfo {
                key: format!("{key:016x}"),
                debug: debug.to_owned(),
            });
            builder.add_input()
        })
    }

    /// The MR of `id`; one no header registers is added (of `class`) and
    /// listed as unregistered.
    fn mr(&mut self, id: &str, class: &str) -> MrIdx {
        if let Some(&idx) = self.mr_of_id.get(id) {
            return idx;
        }
        let idx = self.builder.add_mr(class, None);
        self.mrs.push(MrDescription {
            id: id.to_owned(),
            name: id.to_owned(),
            class: class.to_owned(),
            file: String::new(),
            line: 0,
            source_type: String::new(),
        });
        self.unregistered_mrs.push(id.to_owned());
        self.mr_of_id.insert(id.to_owned(), idx);
        idx
    }

    /// A violated MG as the report lists it, with its minimal input when
    /// the run shrank one.
    fn violation(
        &self,
        run: &RunRecords,
        mg: &MgRecord,
        mr: MrIdx,
        inputs: &[InputIdx],
    ) -> Violation {
        let info = &self.mrs[mr.0 as usize];
        Violation {
            mr: mg.mr.clone(),
            file: info.file.clone(),
            line: info.line,
            sources: inputs
                .iter()
                .map(|i| self.sources[i.0 as usize].debug.clone())
                .collect(),
            message: mg.message.clone(),
            minimal: run
                .minimal
                .iter()
                .find(|(key, mr, _)| {
                    *mr == mg.mr && (mg.argument == Some(*key) || mg.sources.contains(key))
                })
                .map(|(_, _, debug)| debug.clone()),
        }
    }
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
                shares: None,
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
