//! `cargo mtcov report`: the last run re-rendered, without rebuilding or
//! rerunning.

use anyhow::{Result, bail};

use super::reporting::report_run;
use super::{outputs, resolve_color};
use crate::build::Selection;
use crate::cli::ReportCommand;
use crate::error::ExitStatus;

pub(super) fn last_run(command: &ReportCommand) -> Result<ExitStatus> {
    let (common, options) = (&command.common, &command.report);
    outputs::check(options)?;
    let run = super::load_last_run(common, &command.last_run, false)?;
    check_selection(&command.selection.selection(), run.last.selection.as_ref())?;
    report_run(
        &run.workspace,
        &run.last,
        options,
        resolve_color(common.color),
        None,
    )
}

/// `report -p NAME` (or any of the run's flags) is the last run's report
/// only when the last run was made with the same selection: `report` reads
/// the last run whatever it built, so another selection is refused (exit 2)
/// with the run's own.
fn check_selection(asked: &Selection, run: Option<&Selection>) -> Result<()> {
    if !asked.is_given() {
        return Ok(());
    }
    let asked = asked.normalized();
    match run {
        Some(run) if *run == asked => Ok(()),
        Some(run) => bail!(
            "`cargo mtcov report` re-renders the last run, made with {}; it was asked for {}. \
             `report` never builds or runs tests: run `cargo mtcov` with those flags to \
             measure that selection, or drop them to report the last run",
            run.describe(),
            asked.describe()
        ),
        None => bail!(
            "the last run does not say which packages, features and profile it built (an \
             earlier cargo-mtcov made it), so `report` cannot tell whether it is {}: run \
             `cargo mtcov` with those flags, or drop them to report the last run",
            asked.describe()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn packages(names: &[&str]) -> Selection {
        Selection {
            package: names.iter().map(|&n| n.to_owned()).collect(),
            ..Selection::default()
        }
    }

    #[test]
    fn the_runs_own_selection_in_any_spelling_is_accepted() {
        let run = Selection {
            features: vec!["a".into(), "b".into()],
            ..packages(&["x", "y"])
        }
        .normalized();
        let asked = Selection {
            features: vec!["b a".into()],
            ..packages(&["y", "x", "y"])
        };
        check_selection(&asked, Some(&run)).unwrap();
        check_selection(&Selection::default(), Some(&run)).unwrap();
        check_selection(&Selection::default(), None).unwrap();
    }

    #[test]
    fn another_selection_names_the_runs() {
        let run = packages(&["x"]);
        let error = check_selection(&packages(&["y"]), Some(&run)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "`cargo mtcov report` re-renders the last run, made with `-p x`; it was asked for \
             `-p y`. `report` never builds or runs tests: run `cargo mtcov` with those flags to \
             measure that selection, or drop them to report the last run"
        );
        let error = check_selection(&packages(&["x"]), Some(&Selection::default())).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("made with no package, feature or profile flag")
        );
        let error = check_selection(&packages(&["x"]), None).unwrap_err();
        assert!(error.to_string().contains("does not say which packages"));
    }
}
