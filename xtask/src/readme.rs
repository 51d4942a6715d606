//! The Performance section of docs/benchmark.md: the text between two markers, so that
//! each run can replace it and nothing else.

pub(crate) const START: &str = "<!-- bench:start -->";
pub(crate) const END: &str = "<!-- bench:end -->";

/// `readme` with the text between the markers replaced by `body`; without
/// markers, a `## Performance` section holding them is appended.
pub(crate) fn splice(readme: &str, body: &str) -> Result<String, String> {
    let block = format!("{START}\n{}\n{END}", body.trim_end());
    match (readme.find(START), readme.find(END)) {
        (Some(start), Some(end)) if start < end => Ok(format!(
            "{}{block}{}",
            &readme[..start],
            &readme[end + END.len()..]
        )),
        (None, None) => Ok(format!(
            "{}\n\n## Performance\n\n{block}\n",
            readme.trim_end()
        )),
        _ => Err(format!(
            "docs/benchmark.md has a broken Performance section: expected `{START}` before `{END}`"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_only_the_text_between_the_markers() {
        let readme = format!("# x\n\n## Performance\n\n{START}\nold\n{END}\n\n## Next\nkept\n");
        let new = splice(&readme, "new table\n").unwrap();
        assert_eq!(
            new,
            format!("# x\n\n## Performance\n\n{START}\nnew table\n{END}\n\n## Next\nkept\n")
        );
        assert_eq!(splice(&new, "new table").unwrap(), new, "idempotent");
    }

    #[test]
    fn appends_a_section_when_there_is_none_and_refuses_a_broken_one() {
        let new = splice("# x\n", "t").unwrap();
        assert_eq!(new, format!("# x\n\n## Performance\n\n{START}\nt\n{END}\n"));
        assert!(splice(&format!("{END} {START}"), "t").is_err());
        assert!(splice(&format!("{START} only"), "t").is_err());
    }
}
