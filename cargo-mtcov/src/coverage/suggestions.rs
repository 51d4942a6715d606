//! The inputs of `suggest` from a run's records: each declaration's
//! valid complete frames with their `K` at `k`, the source inputs in
//! each, and the frame pairs the MRs' follow-ups made.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use anyhow::{Result, bail};
use mtcov_protocol::categories::{Declaration, Frame};

use super::choices;
use crate::inputs::Assembled;
use crate::measure::{Counting, ReqIdx, counting_mrs, measure};
use crate::model::Criterion;
use crate::records::RunRecords;
use crate::suggest::{Connection, FrameState, Suggestions, suggest};

/// The MR candidates of every declaration (see `crate::suggest`), at most
/// `limit` each.
pub(crate) fn suggestions(
    records: &RunRecords,
    assembled: &Assembled,
    k: u32,
    limit: usize,
) -> Result<Vec<Suggestions>> {
    // The io-ctf requirements, in declaration order (as `choices` lays
    // them out), and K of each.
    let io = choices::criteria(records, assembled, &[Criterion::IoCtf])?
        .pop()
        .expect("one criterion asked");
    let relations = assembled.pool.source_relations(Counting::Class);
    let measured = measure(&assembled.pool, &relations, &io.coverage, k)?;
    let Some(summary) = measured.summary() else {
        bail!("the categories declarations have no IO-CTF: there is nothing to suggest");
    };

    // Each source input's complete frame, per MR whose execution gave its
    // O-choices; and the distinct inputs in each frame.
    let mut frame_of: HashMap<(u64, &str), &[Option<u16>]> = HashMap::new();
    for record in &records.choices {
        if let (Ok(choices), Some(mr)) = (&record.choices, &record.mr) {
            frame_of.insert((record.key, mr.as_str()), choices);
        }
    }
    let class_of: HashMap<&str, &str> = assembled
        .mrs
        .iter()
        .map(|m| (m.id.as_str(), m.class.as_str()))
        .collect();
    let mut all = Vec::new();
    let mut offset = 0u32;
    for decl in &records.declarations {
        let space = decl.requirements().map_err(anyhow::Error::msg)?;
        let inputs = inputs_by_frame(records, decl);
        let frames: Vec<FrameState> = space
            .frames
            .iter()
            .enumerate()
            .filter_map(|(i, frame)| match frame {
                Frame::Complete(choices) => {
                    let r = ReqIdx(offset + i as u32);
                    // The classes counting for it: its best input's MRs
                    // whose own execution gave this frame.
                    let pool = &assembled.pool;
                    let classes: BTreeSet<String> = measured
                        .closest(r)
                        .map(|c| counting_mrs(&io.coverage, pool, c.input, r))
                        .unwrap_or_default()
                        .into_iter()
                        .map(|m| pool.class_name(pool.mr_class(m)).to_owned())
                        .collect();
                    let classes = classes.into_iter().collect();
                    Some(FrameState {
                        choices: choices.clone(),
                        have: measured.best_size(r).min(k),
                        inputs: inputs.get(choices).map_or(0, |keys| keys.len() as u32),
                        classes,
                    })
                }
                Frame::Alone(_) => None,
            })
            .collect();
        offset += space.frames.len() as u32;
        let connections = connections(records, decl, &frame_of, &class_of);
        all.push(suggest(
            decl,
            &frames,
            &connections,
            k,
            summary.requirements,
            summary.a_k_numerator,
            limit,
        ));
    }
    Ok(all)
}

/// The distinct source inputs (by key) of each complete frame of `decl`.
fn inputs_by_frame(records: &RunRecords, decl: &Declaration) -> BTreeMap<Vec<u16>, BTreeSet<u64>> {
    let mut inputs: BTreeMap<Vec<u16>, BTreeSet<u64>> = BTreeMap::new();
    for record in records
        .choices
        .iter()
        .filter(|r| decl.classifies(&r.source_type, r.function.as_deref()))
    {
        if let Ok(choices) = &record.choices
            && let Some(frame) = choices.iter().copied().collect::<Option<Vec<u16>>>()
        {
            inputs.entry(frame).or_default().insert(record.key);
        }
    }
    inputs
}

/// The frame pairs (source's, follow-up's) the MRs' follow-ups of `decl`'s
/// inputs made; `frame_of` gives a source input's frame per MR.
fn connections(
    records: &RunRecords,
    decl: &Declaration,
    frame_of: &HashMap<(u64, &str), &[Option<u16>]>,
    class_of: &HashMap<&str, &str>,
) -> Vec<Connection> {
    records
        .follow_ups
        .iter()
        .filter(|f| decl.classifies(&f.source_type, f.function.as_deref()))
        .filter_map(|f| {
            let from = frame_of.get(&(f.source, f.mr.as_str()))?;
            Some(Connection {
                mr: f.mr.clone(),
                class: class_of
                    .get(f.mr.as_str())
                    .copied()
                    .unwrap_or_default()
                    .to_owned(),
                from: from.iter().copied().collect::<Option<Vec<u16>>>()?,
                to: f.choices.clone(),
            })
        })
        .collect()
}
