//! A test's MGs run in parts side by side (`cargo mtcov --split`, the
//! runtime's `MTCOV_SPLIT=P/N`): the parts' record files merged into the
//! file one process would have written, each MG in its place.

use mtcov_protocol::counters::add;
use mtcov_protocol::write;

use super::groups::{Grouped, Writer};

/// The records of one test run as `texts.len()` parts side by side (part
/// `P` ran the MGs whose number, in the order the process met them, is
/// `P` modulo the parts: `MTCOV_SPLIT`), merged into the file one process
/// would have written: its MGs in their order, their shares added up, the
/// first part's header, and the parts' outside counters added up (each
/// part ran the test's body). Why not, when a part cannot be read as its
/// MGs, the parts did not meet the same MGs, or did not run their share
/// of them.
pub(crate) fn merge_parts(texts: &[String]) -> Result<String, String> {
    let mut parts = Vec::with_capacity(texts.len());
    for (n, text) in texts.iter().enumerate() {
        let part = Grouped::read(text).map_err(|why| format!("part {}: {why}", n + 1))?;
        if !part.tolerance.is_empty() {
            // A site's line sums every MG of its MR, first comparison first.
            return Err("it checks floats with a tolerance, whose sites sum every MG".to_owned());
        }
        // Which captures another thread shares depends on when the
        // process's threads run: only one process can tell them.
        if part.groups.iter().any(|g| {
            g.record
                .shares
                .as_ref()
                .is_some_and(|s| s.runs.iter().any(|&(_, _, shared)| shared))
        }) {
            return Err(format!(
                "another thread ran during a capture of part {}, and which captures other \
                 threads share depends on the schedule",
                n + 1
            ));
        }
        // A verdict can depend on what ran before the MG in its process
        // (a panic on first use): only one process can tell it.
        if let Some(failed) = part.groups.iter().find(|g| {
            matches!(
                g.record.outcome,
                mtcov_protocol::Outcome::Violated | mtcov_protocol::Outcome::Panicked
            )
        }) {
            return Err(format!(
                "an MG of {} {} in part {}, and a verdict can depend on what ran before it in \
                 its process",
                failed.id.0,
                failed.record.outcome.label(),
                n + 1
            ));
        }
        parts.push(part);
    }
    let count = parts.len() as u64;
    let ids = |part: &Grouped| {
        part.groups.iter().fold(0u64, |sum, g| {
            sum.wrapping_add(write::group_id(&g.id.0, g.id.1))
        })
    };
    // Every part met the same MGs: its own and those it left out.
    let mut met = None;
    let mut ran = (0u64, 0u64);
    for (n, part) in parts.iter().enumerate() {
        let Some((left, left_ids)) = part.unselected else {
            return Err(format!("part {} ran every MG", n + 1));
        };
        let own = (part.groups.len() as u64, ids(part));
        let all = (left + own.0, left_ids.wrapping_add(own.1));
        if *met.get_or_insert(all) != all {
            return Err(format!(
                "part {} met other MGs than part 1 (another input drawn, or MGs run on \
                 several threads)",
                n + 1
            ));
        }
        ran = (ran.0 + own.0, ran.1.wrapping_add(own.1));
        let share = met.map_or(0, |(all, _)| (all + count - 1 - n as u64) / count);
        if own.0 != share {
            return Err(format!("part {} ran {} MGs, not its {share}", n + 1, own.0));
        }
    }
    if Some(ran) != met {
        return Err("its parts did not run every MG once".to_owned());
    }
    let mut out = Writer::default();
    write::header(
        &mut out.text,
        parts[0].header.as_ref().expect("checked when read"),
    );
    out.lines = 1;
    let identity = |pairs: &[(u32, u64)]| Ok(pairs.to_vec());
    let total = ran.0 as usize;
    for number in 0..total {
        let part = &parts[number % parts.len()];
        out.group(part, &part.groups[number / parts.len()], &identity)?;
    }
    let mut outside = Vec::new();
    for part in &parts {
        add(&mut outside, &part.outside);
    }
    let (aside, first_use, captures) = out.sums.pairs();
    if !aside.is_empty() || !first_use.is_empty() || !outside.is_empty() || captures.0 > 0 {
        write::aside(&mut out.text, &aside, &first_use, captures, &outside);
        out.lines += 1;
    }
    write::end(&mut out.text, out.lines, None);
    Ok(out.text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::affected::groups::tests::{Mg, file, id, mg};

    /// The part `part` of `parts` of `mgs`, as a process run under
    /// `MTCOV_SPLIT` writes it.
    fn part(mgs: &[Mg], part: usize, parts: usize) -> String {
        let mut own = Vec::new();
        let mut left = (0u64, 0u64);
        for (number, g) in mgs.iter().enumerate() {
            if number % parts == part {
                own.push(g.clone());
            } else {
                left = (left.0 + 1, left.1.wrapping_add(id(g.mr, g.key)));
            }
        }
        file(&own, Some(left))
    }

    fn five() -> Vec<Mg> {
        vec![
            mg("a", 1, 0),
            mg("a", 2, 2),
            mg("b", 1, 4),
            mg("b", 2, 0),
            mg("c", 1, 2),
        ]
    }

    #[test]
    fn parts_merge_into_the_file_of_one_process() {
        let whole = Grouped::read(&file(&five(), None)).unwrap();
        let same = |pairs: &[(u32, u64)]| Ok(pairs.to_vec());
        for parts in 1..=3 {
            let texts: Vec<String> = (0..parts).map(|p| part(&five(), p, parts)).collect();
            let merged = merge_parts(&texts).unwrap();
            let merged = Grouped::read(&merged).unwrap();
            let ids = |g: &Grouped| g.groups.iter().map(|g| g.id.clone()).collect::<Vec<_>>();
            assert_eq!(ids(&merged), ids(&whole), "{parts} parts");
            assert_eq!(merged.sums(same).unwrap(), whole.sums(same).unwrap());
            // Each part ran the body: its outside counters add up.
            assert_eq!(merged.outside, [(7, 4 * parts as u64)]);
            assert_eq!(merged.unselected, None);
        }
    }

    #[test]
    fn parts_that_met_or_ran_other_mgs_are_refused() {
        let why = |texts: &[String]| merge_parts(texts).unwrap_err();
        // The second part met another input than the first.
        let mut other = five();
        other[3].key = 3;
        let texts = [part(&five(), 0, 2), part(&other, 1, 2)];
        assert!(why(&texts).contains("met other MGs"), "{}", why(&texts));
        // A part ran without its part set.
        let texts = [part(&five(), 0, 2), file(&five(), None)];
        assert!(why(&texts).contains("ran every MG"));
        // Parts of two splits: the first ran MGs 0, 2, 4 of three parts.
        let texts = [part(&five(), 0, 3), part(&five(), 1, 2)];
        assert!(merge_parts(&texts).is_err());
        // A part whose MG panicked: only one process tells its verdict.
        let panicked = part(&five(), 1, 2).replacen("\"holds\"", "\"panicked\"", 1);
        let texts = [part(&five(), 0, 2), panicked];
        assert!(
            why(&texts).contains("panicked in part 2"),
            "{}",
            why(&texts)
        );
        // A part that is not readable as MGs.
        let texts = [part(&five(), 0, 2), "{}".to_owned()];
        assert!(why(&texts).starts_with("part 2: "));
    }
}
