//! Each metamorphic group's verdict under one mutant, from the records of
//! the mutant's test run joined with the baseline run's groups. Pure.
//!
//! An MG is known in both runs by its MR and its sorted source keys (its
//! identity in the measure too). Under a mutant, an MG of the baseline is:
//!
//! - killed: a recorded MG with its identity was violated or panicked;
//! - timeout: none was recorded and that target's process was stopped at
//!   the timeout;
//! - survived: recorded, and it held (or skipped);
//! - not run: not recorded (the process died before it, or the mutant
//!   changed which inputs the tests make). A group that did not run never
//!   counts as a kill.
//!
//! A mutant whose only evidence is a test process of a target that ran
//! baseline groups and failed or aborted (a panic outside any MG, a crash)
//! is killed by that process, attributed to no group. Strategy checks run
//! exactly the baseline's cases under every mutant, every one even after a
//! failure (`mtcov_protocol::CASES_ENV`), so that the groups match.
//!
//! A test target is named by package, target name and kind: the same in
//! every scratch copy, where executable paths differ.

use std::collections::HashMap;

use mtcov_protocol::{MgRecord, Outcome};
use serde::{Deserialize, Serialize};

use crate::run::BinaryOutcome;

/// An MG's identity: MR id and its source keys, sorted.
pub(crate) type GroupKey = (String, Vec<u64>);

/// A test target: package, target name, kind.
pub(crate) type Target = (String, String, String);

/// A baseline MG: its identity and the targets that ran it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BaselineGroup {
    pub(crate) key: GroupKey,
    pub(crate) targets: Vec<Target>,
}

pub(crate) fn group_key(mg: &MgRecord) -> GroupKey {
    let mut sources = mg.sources.clone();
    sources.sort_unstable();
    sources.dedup();
    (mg.mr.clone(), sources)
}

/// One MG under one mutant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum MgVerdict {
    Killed,
    Survived,
    Timeout,
    NotRun,
}

/// A mutant's verdict as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum MutantStatus {
    /// At least one MG killed it.
    Killed,
    /// No MG killed it, but a test process hung past the timeout.
    Timeout,
    /// Every MG held.
    Survived,
    /// It does not build.
    Unviable,
    /// Its code is not compiled in the tested configuration: no coverage
    /// region of the built test binaries maps to its lines (behind a
    /// feature that is off, another target's `cfg`). Not run, not counted.
    NotBuilt,
}

/// The verdict of each baseline group (in `baseline` order), from the
/// MGs the mutant's run recorded and how each target's process ended.
pub(crate) fn verdicts(
    baseline: &[BaselineGroup],
    recorded: &[MgRecord],
    ends: &[(Target, BinaryOutcome)],
) -> Vec<MgVerdict> {
    let mut seen: HashMap<GroupKey, bool> = HashMap::new();
    for mg in recorded {
        let killed = matches!(mg.outcome, Outcome::Violated | Outcome::Panicked);
        *seen.entry(group_key(mg)).or_default() |= killed;
    }
    let ended = |group: &BaselineGroup, what: fn(&BinaryOutcome) -> bool| {
        ends.iter()
            .any(|(target, end)| group.targets.contains(target) && what(end))
    };
    baseline
        .iter()
        .map(|group| match seen.get(&group.key) {
            Some(true) => MgVerdict::Killed,
            Some(false) => MgVerdict::Survived,
            None if ended(group, |e| *e == BinaryOutcome::TimedOut) => MgVerdict::Timeout,
            None => MgVerdict::NotRun,
        })
        .collect()
}

/// A test process that failed or aborted in a target that ran baseline
/// groups, when no group was killed: the mutant's only evidence, named.
pub(crate) fn process_kill(
    baseline: &[BaselineGroup],
    verdicts: &[MgVerdict],
    ends: &[(Target, BinaryOutcome)],
) -> Option<String> {
    if verdicts.contains(&MgVerdict::Killed) {
        return None;
    }
    ends.iter().find_map(|(target, end)| {
        let ran_groups = baseline.iter().any(|g| g.targets.contains(target));
        let how = match end {
            BinaryOutcome::Failed => "failed".to_owned(),
            BinaryOutcome::Aborted(why) => format!("aborted ({why})"),
            BinaryOutcome::Passed | BinaryOutcome::TimedOut => return None,
        };
        ran_groups.then(|| format!("the test process of {} {} {how}", target.2, target.1))
    })
}

/// The mutant's status from its groups' verdicts and whether a process
/// killed it (see [`process_kill`]).
pub(crate) fn status(verdicts: &[MgVerdict], killed_by_process: bool) -> MutantStatus {
    if verdicts.contains(&MgVerdict::Killed) || killed_by_process {
        MutantStatus::Killed
    } else if verdicts.contains(&MgVerdict::Timeout) {
        MutantStatus::Timeout
    } else {
        MutantStatus::Survived
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mg(mr: &str, sources: &[u64], outcome: Outcome) -> MgRecord {
        MgRecord {
            mr: mr.into(),
            class: "equal".into(),
            sources: sources.to_vec(),
            argument: None,
            follow_ups: 1,
            outcome,
            message: None,
            test: None,
            shares: None,
        }
    }

    fn target(name: &str) -> Target {
        ("p".into(), name.into(), "test".into())
    }

    fn key(mr: &str, sources: &[u64]) -> BaselineGroup {
        BaselineGroup {
            key: (mr.into(), sources.to_vec()),
            targets: vec![target("mrs")],
        }
    }

    fn ends(list: &[BinaryOutcome]) -> Vec<(Target, BinaryOutcome)> {
        list.iter().map(|e| (target("mrs"), e.clone())).collect()
    }

    #[test]
    fn groups_join_by_mr_and_sorted_sources() {
        let baseline = [key("a", &[1, 2]), key("a", &[3]), key("b", &[1])];
        let recorded = [
            mg("a", &[2, 1], Outcome::Violated),
            mg("a", &[3], Outcome::Holds),
            mg("b", &[1], Outcome::Holds),
            mg("b", &[1], Outcome::Panicked),
        ];
        assert_eq!(
            verdicts(&baseline, &recorded, &ends(&[BinaryOutcome::Failed])),
            [MgVerdict::Killed, MgVerdict::Survived, MgVerdict::Killed]
        );
    }

    #[test]
    fn missing_groups_follow_how_the_processes_ended() {
        let baseline = [key("a", &[1]), key("b", &[1])];
        let recorded = [mg("a", &[1], Outcome::Holds)];
        assert_eq!(
            verdicts(&baseline, &recorded, &ends(&[BinaryOutcome::Passed])),
            [MgVerdict::Survived, MgVerdict::NotRun]
        );
        // A group the crashed process never reached did not run: no kill
        // is credited to it; the process killed the mutant.
        let crashed = ends(&[BinaryOutcome::Aborted("SIGSEGV".into())]);
        let v = verdicts(&baseline, &recorded, &crashed);
        assert_eq!(v, [MgVerdict::Survived, MgVerdict::NotRun]);
        let by_process = process_kill(&baseline, &v, &crashed);
        assert_eq!(
            by_process.as_deref(),
            Some("the test process of test mrs aborted (SIGSEGV)")
        );
        assert_eq!(status(&v, by_process.is_some()), MutantStatus::Killed);
        // A group that did fail is the evidence; the process is not named.
        let failed = ends(&[BinaryOutcome::Failed]);
        let v = verdicts(&baseline, &[mg("a", &[1], Outcome::Violated)], &failed);
        assert_eq!(v, [MgVerdict::Killed, MgVerdict::NotRun]);
        assert_eq!(process_kill(&baseline, &v, &failed), None);
        let v = verdicts(
            &baseline,
            &recorded,
            &ends(&[BinaryOutcome::Passed, BinaryOutcome::TimedOut]),
        );
        assert_eq!(v, [MgVerdict::Survived, MgVerdict::Timeout]);
        assert_eq!(status(&v, false), MutantStatus::Timeout);
        assert_eq!(
            status(&[MgVerdict::Timeout, MgVerdict::Killed], false),
            MutantStatus::Killed
        );
        assert_eq!(
            status(&[MgVerdict::Survived, MgVerdict::NotRun], false),
            MutantStatus::Survived
        );
    }

    #[test]
    fn another_targets_failure_kills_no_missing_group() {
        let baseline = [key("a", &[1])];
        let unit_tests_failed = [
            (target("mrs"), BinaryOutcome::Passed),
            (target("unit"), BinaryOutcome::Failed),
        ];
        let v = verdicts(&baseline, &[], &unit_tests_failed);
        assert_eq!(v, [MgVerdict::NotRun]);
        assert_eq!(process_kill(&baseline, &v, &unit_tests_failed), None);
    }
}
