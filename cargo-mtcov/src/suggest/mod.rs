//! What MR to write next, METRIC+ style: pairs of complete test frames of
//! a `categories!` declaration (a source frame whose IO-CTF requirement
//! has `K < 1`, and a valid frame that differs from it in one or two
//! I-categories) that no registered MR connects yet, ranked by what a
//! relation of a new class over the pair would add to `A_k` of io-ctf.
//! Pure: the caller gives the frames, their `K`, the source inputs in
//! each, and the (source frame → follow-up frame) pairs the MRs made.

use std::collections::{BTreeMap, BTreeSet};

use mtcov_protocol::categories::Declaration;
use serde::Serialize;

mod text;
pub(crate) use text::render_text;

/// What the caller knows of one declaration's valid complete frames.
#[derive(Debug, Clone)]
pub struct FrameState {
    /// One choice per category, in declaration order.
    pub choices: Vec<u16>,
    /// `min(|S_RO(t_best, r)|, k)` of its io-ctf requirement.
    pub have: u32,
    /// Source inputs classified into it.
    pub inputs: u32,
    /// The relation classes that count for it now (those of its best
    /// input's MRs whose own execution gave this frame).
    pub classes: Vec<String>,
}

/// A pair of frames an MR made: from a source input in `from` (its full
/// frame), a follow-up input whose I-choices are `to` (O-choices when
/// known).
#[derive(Debug, Clone)]
pub struct Connection {
    pub mr: String,
    pub class: String,
    pub from: Vec<u16>,
    pub to: Vec<Option<u16>>,
}

/// Suggestions for one declaration.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Suggestions {
    pub source_type: String,
    /// The function under test, for a declaration per function.
    pub function: Option<String>,
    pub k: u32,
    /// io-ctf requirements of all declarations (`|E|`).
    pub requirements: u32,
    /// `A_k` of io-ctf now.
    pub a_k: f64,
    /// Best first.
    pub candidates: Vec<Candidate>,
    /// Valid frames no source input is in: write inputs, not MRs.
    pub uncovered_frames: Vec<String>,
}

/// One candidate MR: from a source frame to a neighbouring frame.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Candidate {
    pub rank: u32,
    /// The source frame, in words.
    pub source_frame: String,
    /// The follow-up frame, in words.
    pub follow_up_frame: String,
    /// The I-categories the input relation changes, `name: from → to`.
    pub changes: Vec<String>,
    /// `K` of the source frame's requirement now.
    pub k_of_source: f64,
    /// Source inputs in the source frame, which the MR runs on.
    pub source_inputs: u32,
    /// The relation classes that count for the source frame now.
    pub source_classes: Vec<String>,
    /// What `A_k` of io-ctf gains when an MR of a class the source frame
    /// lacks checks its inputs (and skips every other input).
    pub a_k_gain: f64,
    /// `A_k` of io-ctf then.
    pub predicted_a_k: f64,
    /// Exact: `(numerator + 1) / denominator`.
    pub predicted_numerator: u64,
    pub predicted_denominator: u64,
    /// Registered MRs that change the same I-categories elsewhere: templates.
    pub templates: Vec<String>,
    /// Their classes that the source frame lacks: relation classes that
    /// could plausibly serve.
    pub classes: Vec<String>,
    /// A `#[metamorphic]` function to start from.
    pub skeleton: String,
}

impl Suggestions {
    /// What they are for: `trig::Angle`, or `text::Para => fill`.
    pub fn subject(&self) -> String {
        match &self.function {
            Some(f) => format!("{} => {f}", self.source_type),
            None => self.source_type.clone(),
        }
    }
}

/// The candidates of `decl`, best first (at most `limit`).
pub fn suggest(
    decl: &Declaration,
    frames: &[FrameState],
    connections: &[Connection],
    k: u32,
    requirements: u32,
    numerator: u64,
    limit: usize,
) -> Suggestions {
    let inputs: Vec<usize> = (0..decl.categories.len())
        .filter(|&c| !decl.categories[c].output)
        .collect();
    let label = |choices: &[u16]| {
        decl.frame_label(&mtcov_protocol::categories::Frame::Complete(
            choices.to_vec(),
        ))
    };
    // The I-categories each connection changes, and the pairs made.
    let mut by_change: BTreeMap<Vec<usize>, BTreeSet<(String, String)>> = BTreeMap::new();
    // (complete source frame, follow-up I-choices) the MRs made: a pair
    // made from another output frame of the same input frame is not this
    // one (docs/suggest.md).
    let mut made: BTreeSet<(Vec<u16>, Vec<u16>)> = BTreeSet::new();
    for c in connections {
        let changed: Vec<usize> = inputs
            .iter()
            .copied()
            .filter(|&i| c.to.get(i).copied().flatten() != Some(c.from[i]))
            .collect();
        by_change
            .entry(changed)
            .or_default()
            .insert((c.mr.clone(), c.class.clone()));
        let to_inputs: Vec<u16> = inputs.iter().filter_map(|&i| c.to[i]).collect();
        made.insert((c.from.clone(), to_inputs));
    }
    let input_part = |choices: &[u16]| -> Vec<u16> { inputs.iter().map(|&i| choices[i]).collect() };
    let denominator = u64::from(k) * u64::from(requirements);
    let mut candidates: Vec<(usize, u32, String, Candidate)> = Vec::new();
    for source in frames.iter().filter(|f| f.have < k && f.inputs > 0) {
        let mut seen_targets: BTreeSet<Vec<u16>> = BTreeSet::new();
        for target in frames {
            let changed: Vec<usize> = inputs
                .iter()
                .copied()
                .filter(|&i| target.choices[i] != source.choices[i])
                .collect();
            if changed.is_empty() || changed.len() > 2 {
                continue;
            }
            // One candidate per follow-up input frame (its outputs vary).
            if !seen_targets.insert(input_part(&target.choices)) {
                continue;
            }
            if made.contains(&(source.choices.clone(), input_part(&target.choices))) {
                continue;
            }
            let candidate = candidate(
                decl,
                (source, target),
                &changed,
                by_change.get(&changed),
                (k, numerator, denominator),
            );
            candidates.push((
                changed.len(),
                u32::MAX - source.inputs,
                format!("{}|{}", candidate.source_frame, candidate.follow_up_frame),
                candidate,
            ));
        }
    }
    // Fewer changed categories first (the smaller step), then the source
    // frame with the most inputs (the MR has the most to run on), then
    // in words.
    candidates.sort_by(|a, b| (a.0, a.1, &a.2).cmp(&(b.0, b.1, &b.2)));
    let candidates = candidates
        .into_iter()
        .take(limit)
        .enumerate()
        .map(|(i, (.., mut c))| {
            c.rank = i as u32 + 1;
            c
        })
        .collect();
    Suggestions {
        source_type: decl.source_type.clone(),
        function: decl.function.clone(),
        k,
        requirements,
        a_k: numerator as f64 / denominator as f64,
        candidates,
        uncovered_frames: frames
            .iter()
            .filter(|f| f.inputs == 0)
            .map(|f| label(&f.choices))
            .collect(),
    }
}

/// The candidate MR from frame `source` to the input frame of `target`,
/// which differ in the I-categories `changed`; `templates` are the MRs
/// (and classes) that already change those categories, and `(k,
/// numerator, denominator)` the declaration's `A_k`.
fn candidate(
    decl: &Declaration,
    (source, target): (&FrameState, &FrameState),
    changed: &[usize],
    templates: Option<&BTreeSet<(String, String)>>,
    (k, numerator, denominator): (u32, u64, u64),
) -> Candidate {
    let label = |choices: &[u16]| {
        decl.frame_label(&mtcov_protocol::categories::Frame::Complete(
            choices.to_vec(),
        ))
    };
    let changes = changed
        .iter()
        .map(|&c| {
            let cat = &decl.categories[c];
            format!(
                "{}: {} → {}",
                cat.name,
                cat.choices[usize::from(source.choices[c])].name,
                cat.choices[usize::from(target.choices[c])].name
            )
        })
        .collect();
    let source_words = label(&source.choices);
    let target_words = label(&target.choices)
        .split(" → ")
        .next()
        .unwrap_or_default()
        .to_owned();
    Candidate {
        rank: 0,
        skeleton: skeleton(
            decl,
            &source_words,
            &target_words,
            &changes_of(decl, target, changed),
        ),
        source_frame: source_words,
        follow_up_frame: target_words,
        changes,
        k_of_source: f64::from(source.have) / f64::from(k),
        source_inputs: source.inputs,
        source_classes: source.classes.clone(),
        a_k_gain: 1.0 / denominator as f64,
        predicted_a_k: (numerator + 1) as f64 / denominator as f64,
        predicted_numerator: numerator + 1,
        predicted_denominator: denominator,
        templates: templates
            .map(|t| t.iter().map(|(mr, _)| mr.clone()).collect())
            .unwrap_or_default(),
        classes: templates
            .map(|t| {
                t.iter()
                    .map(|(_, class)| class.clone())
                    .filter(|class| !source.classes.contains(class))
                    .collect::<BTreeSet<_>>()
                    .into_iter()
                    .collect()
            })
            .unwrap_or_default(),
    }
}

/// `category = choice` for each changed category, as the skeleton's
/// comment gives the input relation.
fn changes_of(decl: &Declaration, target: &FrameState, changed: &[usize]) -> Vec<String> {
    changed
        .iter()
        .map(|&c| {
            let cat = &decl.categories[c];
            format!(
                "{} = {}",
                cat.name,
                cat.choices[usize::from(target.choices[c])].name
            )
        })
        .collect()
}

/// A `#[metamorphic]` function to start from; for a declaration per
/// function, it names the function and calls it.
fn skeleton(decl: &Declaration, source: &str, target: &str, make: &[String]) -> String {
    let ty = short_type(&decl.source_type);
    let out = short_type(decl.output_type.as_deref().unwrap_or("_"));
    let (attribute, sut) = match &decl.function {
        Some(f) => (format!(", function = {f}"), format!("{f}(t)")),
        None => (String::new(), "todo!(\"the SUT\")".to_owned()),
    };
    format!(
        "/// From {source}\n\
         /// to {target}.\n\
         #[metamorphic(output = \"<a class its inputs lack>\"{attribute})]\n\
         fn <name>(mg: &mut Mg, t: &{ty}) {{\n\
         \x20   // Only for source inputs in the frame above: mg.skip(..) the others.\n\
         \x20   let source: {out} = mg.source(t, |t| {sut});\n\
         \x20   let follow_up_input: {ty} = todo!(\"t with {}\");\n\
         \x20   let follow_up: {out} = mg.follow_up(&follow_up_input, |t| {sut});\n\
         \x20   mg.check(todo!(\"the output relation\"), || format!(\"{{source:?}} then {{follow_up:?}}\"));\n\
         }}\n",
        make.join(", ")
    )
}

/// A type name without module paths: `Result<u32, Refused>` for
/// `core::result::Result<u32, fees::Refused>`.
fn short_type(name: &str) -> String {
    let mut out = String::new();
    let mut segment = String::new();
    for ch in name.chars() {
        if ch.is_alphanumeric() || ch == '_' || ch == ':' {
            segment.push(ch);
        } else {
            out.push_str(segment.rsplit("::").next().unwrap_or(&segment));
            segment.clear();
            out.push(ch);
        }
    }
    out.push_str(segment.rsplit("::").next().unwrap_or(&segment));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use mtcov_protocol::categories::{Category, Choice, ChoiceKind};

    fn decl() -> Declaration {
        let n = |name: &str| Choice {
            name: name.into(),
            kind: ChoiceKind::Normal,
            properties: vec![],
            condition: None,
        };
        Declaration {
            source_type: "shop::Order".into(),
            function: None,
            output_type: Some("u32".into()),
            file: "t.rs".into(),
            line: 1,
            categories: vec![
                Category {
                    name: "size".into(),
                    output: false,
                    choices: vec![n("small"), n("big")],
                },
                Category {
                    name: "member".into(),
                    output: false,
                    choices: vec![n("no"), n("yes")],
                },
                Category {
                    name: "price".into(),
                    output: true,
                    choices: vec![n("low"), n("high")],
                },
            ],
        }
    }

    fn frame(choices: [u16; 3], have: u32, inputs: u32) -> FrameState {
        FrameState {
            choices: choices.to_vec(),
            have,
            inputs,
            classes: Vec::new(),
        }
    }

    #[test]
    fn candidates_from_thin_frames_to_unconnected_neighbours() {
        let d = decl();
        let frames = [
            frame([0, 0, 0], 1, 5), // small, no → low: K = 1/2
            frame([1, 0, 1], 2, 3), // big, no → high: K = 1
            frame([0, 1, 0], 0, 2), // small, yes → low: covered, no class
            frame([1, 1, 1], 0, 0), // big, yes → high: no input
        ];
        // An MR of class `order` already changes size small → big for members = no.
        let connections = [Connection {
            mr: "shop::grow".into(),
            class: "order".into(),
            from: vec![0, 0, 0],
            to: vec![Some(1), Some(0), Some(1)],
        }];
        let s = suggest(&d, &frames, &connections, 2, 4, 3, 10);
        assert_eq!(
            s.uncovered_frames,
            ["size = big, member = no → price = high".replace("no", "yes")]
        );
        let pairs: Vec<(&str, &str)> = s
            .candidates
            .iter()
            .map(|c| (c.source_frame.as_str(), c.follow_up_frame.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [
                // One change first, the source frame with more inputs first.
                (
                    "size = small, member = no → price = low",
                    "size = small, member = yes"
                ),
                (
                    "size = small, member = yes → price = low",
                    "size = big, member = yes"
                ),
                (
                    "size = small, member = yes → price = low",
                    "size = small, member = no"
                ),
                (
                    "size = small, member = no → price = low",
                    "size = big, member = yes"
                ),
                (
                    "size = small, member = yes → price = low",
                    "size = big, member = no"
                ),
            ]
        );
        let first = &s.candidates[0];
        assert_eq!(first.changes, ["member: no → yes"]);
        assert_eq!(
            (first.predicted_numerator, first.predicted_denominator),
            (4, 8)
        );
        assert!(first.templates.is_empty());
        // The neighbour changing `size` has `grow` as template, `order` as class.
        let sized = &s.candidates[1];
        assert_eq!(sized.templates, ["shop::grow"]);
        assert_eq!(sized.classes, ["order"]);
        assert!(
            first.skeleton.contains("fn <name>(mg: &mut Mg, t: &Order)"),
            "{}",
            first.skeleton
        );
        assert!(
            first.skeleton.contains("t with member = yes"),
            "{}",
            first.skeleton
        );
        assert_eq!(
            short_type("core::result::Result<u32, fees::Refused>"),
            "Result<u32, Refused>"
        );
    }

    /// A pair is made only from the complete source frame, output
    /// included: an MR run from `small, no → high` leaves the candidate
    /// from `small, no → low` to the same follow-up frame in place.
    #[test]
    fn a_pair_made_from_another_output_frame_is_still_a_candidate() {
        let d = decl();
        let frames = [
            frame([0, 0, 0], 1, 5), // small, no → low: K = 1/2
            frame([0, 0, 1], 1, 1), // small, no → high: K = 1/2
            frame([0, 1, 0], 2, 2), // small, yes → low: K = 1
        ];
        let connections = [Connection {
            mr: "shop::join".into(),
            class: "member".into(),
            from: vec![0, 0, 1],
            to: vec![Some(0), Some(1), Some(0)],
        }];
        let s = suggest(&d, &frames, &connections, 2, 3, 4, 10);
        let pairs: Vec<(&str, &str)> = s
            .candidates
            .iter()
            .map(|c| (c.source_frame.as_str(), c.follow_up_frame.as_str()))
            .collect();
        assert!(
            pairs.contains(&(
                "size = small, member = no → price = low",
                "size = small, member = yes"
            )),
            "{pairs:?}"
        );
        assert!(
            !pairs.contains(&(
                "size = small, member = no → price = high",
                "size = small, member = yes"
            )),
            "{pairs:?}"
        );
    }
}
