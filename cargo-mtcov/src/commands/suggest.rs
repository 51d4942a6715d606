//! `cargo mtcov suggest`: MR candidates from the `categories!`
//! declarations and the last run's records, without rerunning anything.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::Write as _;

use anyhow::{Result, bail};
use mtcov_protocol::categories::Frame;

use super::DirLock;
use crate::assemble::{assemble, choices};
use crate::build;
use crate::cli::SuggestCommand;
use crate::error::ExitStatus;
use crate::measure::{Counting, ReqIdx, counting_mrs, measure};
use crate::model::Criterion;
use crate::records;
use crate::run::last_run::LastRun;
use crate::suggest::{Connection, FrameState, Suggestions, suggest};

pub(super) fn run(args: &SuggestCommand) -> Result<ExitStatus> {
    let workspace = build::metadata(args.common.manifest_path.as_deref())?;
    let mtcov_dir = workspace.mtcov_dir();
    let _lock = DirLock::shared(&mtcov_dir)?;
    let last = LastRun::load(&mtcov_dir)?;
    last.check_unchanged()?;
    let records = records::read_run(&last.record_dir, Some(&last.executable_paths()))?;
    super::report::check_complete(&records, &last)?;
    let assembled = assemble(&records)?;
    // The io-ctf requirements, in declaration order (as `choices` lays
    // them out), and K of each.
    let io = choices::criteria(&records, &assembled, &[Criterion::IoCtf])?
        .pop()
        .expect("one criterion asked");
    let relations = assembled.pool.source_relations(Counting::Class);
    let measured = measure(&assembled.pool, &relations, &io.coverage, args.k)?;
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
        let mut inputs: BTreeMap<Vec<u16>, BTreeSet<u64>> = BTreeMap::new();
        for record in records
            .choices
            .iter()
            .filter(|r| r.source_type == decl.source_type)
        {
            if let Ok(choices) = &record.choices
                && let Some(frame) = choices.iter().copied().collect::<Option<Vec<u16>>>()
            {
                inputs.entry(frame).or_default().insert(record.key);
            }
        }
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
                        have: measured.best_size(r).min(args.k),
                        inputs: inputs.get(choices).map_or(0, |keys| keys.len() as u32),
                        classes,
                    })
                }
                Frame::Alone(_) => None,
            })
            .collect();
        offset += space.frames.len() as u32;
        let connections: Vec<Connection> = records
            .follow_ups
            .iter()
            .filter(|f| f.source_type == decl.source_type)
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
            .collect();
        all.push(suggest(
            decl,
            &frames,
            &connections,
            args.k,
            summary.requirements,
            summary.a_k_numerator,
            args.limit,
        ));
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&all)?)?;
    } else {
        write!(out, "{}", render_text(&all))?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

fn render_text(all: &[Suggestions]) -> String {
    use std::fmt::Write as _;
    let esc = crate::report::escape::terminal;
    let mut out = String::new();
    for s in all {
        let _ = writeln!(
            out,
            "MR candidates for {} (io-ctf A_{} = {:.1}%, {} requirements)",
            esc(&s.source_type),
            s.k,
            s.a_k * 100.0,
            s.requirements
        );
        if s.candidates.is_empty() {
            let _ = writeln!(
                out,
                "  none: every frame with K < 1 is connected to its neighbours by a registered MR"
            );
        }
        for c in &s.candidates {
            let _ = writeln!(
                out,
                "{:>4}. from {}\n      to   {}\n      changes {}; K = {:.2} ({}) on {} source input{}; \
                 +{:.1}% A_{} (to {:.1}%) with an MR of a class its inputs lack",
                c.rank,
                esc(&c.source_frame),
                esc(&c.follow_up_frame),
                esc(&c.changes.join(", ")),
                c.k_of_source,
                esc(&c.source_classes.join(", ")),
                c.source_inputs,
                if c.source_inputs == 1 { "" } else { "s" },
                c.a_k_gain * 100.0,
                s.k,
                c.predicted_a_k * 100.0
            );
            if !c.templates.is_empty() {
                let classes = if c.classes.is_empty() {
                    "theirs already count here: write one of a new class".to_owned()
                } else {
                    format!("of a class it lacks: {}", c.classes.join(", "))
                };
                let _ = writeln!(
                    out,
                    "      templates: {} ({})",
                    esc(&c.templates.join(", ")),
                    esc(&classes)
                );
            }
        }
        if let Some(first) = s.candidates.first() {
            let _ = writeln!(out, "\nTo start the first one:\n");
            for line in first.skeleton.lines() {
                let _ = writeln!(out, "{}", esc(line));
            }
        }
        if !s.uncovered_frames.is_empty() {
            let _ = writeln!(
                out,
                "Frames no source input is in ({}): add inputs, not MRs, e.g.\n  {}",
                s.uncovered_frames.len(),
                s.uncovered_frames
                    .iter()
                    .take(5)
                    .map(|f| esc(f).into_owned())
                    .collect::<Vec<_>>()
                    .join("\n  ")
            );
        }
        out.push('\n');
    }
    out
}
