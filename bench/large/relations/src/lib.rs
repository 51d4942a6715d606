//! The functions under test: the regex family's ways of finding a match,
//! each compiling its pattern afresh (as a program that builds one regex
//! per request does).

use regex_automata::nfa::thompson::{backtrack::BoundedBacktracker, pikevm::PikeVM};

/// A pattern and a haystack.
#[derive(Debug, Clone)]
pub struct Case {
    pub pattern: String,
    pub haystack: String,
}

impl Case {
    /// The same haystack with another pattern.
    pub fn with_pattern(&self, pattern: String) -> Case {
        Case {
            pattern,
            haystack: self.haystack.clone(),
        }
    }

    /// The same pattern with another haystack.
    pub fn with_haystack(&self, haystack: String) -> Case {
        Case {
            pattern: self.pattern.clone(),
            haystack,
        }
    }
}

fn regex(pattern: &str) -> regex::Regex {
    regex::Regex::new(pattern).expect("the strategy draws valid patterns")
}

/// The leftmost-first match, as a byte range.
pub fn find(case: &Case) -> Option<(usize, usize)> {
    regex(&case.pattern)
        .find(&case.haystack)
        .map(|m| (m.start(), m.end()))
}

/// Whether the pattern matches anywhere.
pub fn is_match(case: &Case) -> bool {
    regex(&case.pattern).is_match(&case.haystack)
}

/// The end of the earliest match.
pub fn shortest_match(case: &Case) -> Option<usize> {
    regex(&case.pattern).shortest_match(&case.haystack)
}

/// Every non-overlapping match.
pub fn find_all(case: &Case) -> Vec<(usize, usize)> {
    regex(&case.pattern)
        .find_iter(&case.haystack)
        .map(|m| (m.start(), m.end()))
        .collect()
}

/// The pieces between matches.
pub fn split(case: &Case) -> Vec<String> {
    regex(&case.pattern)
        .split(&case.haystack)
        .map(str::to_owned)
        .collect()
}

/// The leftmost-first match through `regex::bytes`.
pub fn find_bytes(case: &Case) -> Option<(usize, usize)> {
    regex::bytes::Regex::new(&case.pattern)
        .expect("the strategy draws valid patterns")
        .find(case.haystack.as_bytes())
        .map(|m| (m.start(), m.end()))
}

/// Which patterns of the set `[pattern]` match.
pub fn set_matches(case: &Case) -> Vec<usize> {
    regex::RegexSet::new([&case.pattern])
        .expect("the strategy draws valid patterns")
        .matches(&case.haystack)
        .into_iter()
        .collect()
}

/// The leftmost-first match by regex-automata's PikeVM alone.
pub fn find_pikevm(case: &Case) -> Option<(usize, usize)> {
    let vm = PikeVM::new(&case.pattern).expect("the strategy draws valid patterns");
    let mut cache = vm.create_cache();
    vm.find(&mut cache, case.haystack.as_str())
        .map(|m| (m.start(), m.end()))
}

/// The leftmost-first match by regex-automata's bounded backtracker
/// alone (`None` too when the haystack is too long for it).
pub fn find_backtrack(case: &Case) -> Option<(usize, usize)> {
    let bt = BoundedBacktracker::new(&case.pattern).expect("the strategy draws valid patterns");
    let mut cache = bt.create_cache();
    bt.try_find(&mut cache, case.haystack.as_str())
        .ok()
        .flatten()
        .map(|m| (m.start(), m.end()))
}
