//! Which source files are in scope: the caller (the orchestration code)
//! decides the directories from the workspace layout; the user adds
//! `--include` / `--exclude` patterns. Applied while decoding, so code out
//! of scope costs nothing per input.

use std::path::{Path, PathBuf};

/// A filter over source file paths (absolute, as the coverage mapping
/// records them).
///
/// A file is in scope when the deepest included or excluded directory it
/// lies under is an included one (or it lies under none and no directory
/// was included: then every file is in), matches one of the include patterns (or none was given)
/// and matches none of the exclude patterns. A pattern with `*` or `?` is
/// a glob over the whole path (`*` matches any run of characters, `/`
/// included; `?` one character); any other pattern matches as a
/// substring.
///
/// ```
/// use cargo_mtcov::mapping::Scope;
/// let scope = Scope::default()
///     .include_dir("/ws/crates/sut/src")
///     .exclude_pattern("*/generated/*");
/// assert!(scope.contains("/ws/crates/sut/src/lib.rs".as_ref()));
/// assert!(!scope.contains("/ws/crates/sut/src/generated/x.rs".as_ref()));
/// assert!(!scope.contains("/ws/crates/sut/tests/t.rs".as_ref()));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Scope {
    include_dirs: Vec<PathBuf>,
    exclude_dirs: Vec<PathBuf>,
    include_patterns: Vec<String>,
    exclude_patterns: Vec<String>,
}

impl Scope {
    /// Every file in scope (nothing included explicitly, nothing excluded).
    pub fn all() -> Self {
        Self::default()
    }

    /// Files under `dir` are in scope (once any directory is included,
    /// only files under an included one are).
    pub fn include_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.include_dirs.push(dir.into());
        self
    }

    /// Files under `dir` are out of scope (e.g. a member's `tests/`).
    pub fn exclude_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.exclude_dirs.push(dir.into());
        self
    }

    /// The user's `--include`: a substring or glob the path must match.
    pub fn include_pattern(mut self, pattern: impl Into<String>) -> Self {
        self.include_patterns.push(pattern.into());
        self
    }

    /// The user's `--exclude`: a substring or glob the path must not match.
    pub fn exclude_pattern(mut self, pattern: impl Into<String>) -> Self {
        self.exclude_patterns.push(pattern.into());
        self
    }

    /// Whether `path` is in scope.
    pub fn contains(&self, path: &Path) -> bool {
        // The deepest directory decides, so a member nested in another
        // member's excluded `examples/` is still in scope.
        let deepest = |dirs: &[PathBuf]| {
            dirs.iter()
                .filter(|d| path.starts_with(d))
                .map(|d| d.components().count())
                .max()
        };
        match (deepest(&self.include_dirs), deepest(&self.exclude_dirs)) {
            (Some(included), Some(excluded)) if excluded >= included => return false,
            (None, Some(_)) => return false,
            (None, None) if !self.include_dirs.is_empty() => return false,
            _ => {}
        }
        let text = path.to_string_lossy();
        if !self.include_patterns.is_empty()
            && !self.include_patterns.iter().any(|p| matches(p, &text))
        {
            return false;
        }
        !self.exclude_patterns.iter().any(|p| matches(p, &text))
    }
}

fn matches(pattern: &str, path: &str) -> bool {
    if pattern.contains(['*', '?']) {
        glob(pattern.as_bytes(), path.as_bytes())
    } else {
        path.contains(pattern)
    }
}

/// Iterative glob with backtracking to the last `*` (linear in practice).
fn glob(pattern: &[u8], text: &[u8]) -> bool {
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some(b'*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == b'?' || c == text[t] => {
                p += 1;
                t += 1;
            }
            _ => match star {
                Some((sp, st)) => {
                    p = sp + 1;
                    t = st + 1;
                    star = Some((sp, st + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|&c| c == b'*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deepest_directory_decides() {
        // A root package with a member under its excluded `examples/`.
        let scope = Scope::all()
            .include_dir("/ws")
            .exclude_dir("/ws/examples")
            .exclude_dir("/ws/tests")
            .include_dir("/ws/examples/trig")
            .exclude_dir("/ws/examples/trig/tests");
        assert!(scope.contains("/ws/src/lib.rs".as_ref()));
        assert!(!scope.contains("/ws/tests/t.rs".as_ref()));
        assert!(!scope.contains("/ws/examples/other.rs".as_ref()));
        assert!(scope.contains("/ws/examples/trig/src/lib.rs".as_ref()));
        assert!(!scope.contains("/ws/examples/trig/tests/relations.rs".as_ref()));
        assert!(!scope.contains("/elsewhere/lib.rs".as_ref()));
        assert!(Scope::all().contains("/elsewhere/lib.rs".as_ref()));
        assert!(
            !Scope::all()
                .exclude_dir("/ws")
                .contains("/ws/a.rs".as_ref())
        );
    }

    #[test]
    fn globs_and_substrings() {
        assert!(glob(b"*/src/*.rs", b"/a/src/lib.rs"));
        assert!(glob(b"*lib?rs", b"/a/src/lib.rs"));
        assert!(!glob(b"*/src/*.rs", b"/a/tests/t.rs"));
        assert!(!glob(b"a*b", b"a"));
        assert!(matches("src/par", "/w/src/parse.rs"));
        assert!(!matches("src/par", "/w/src/lex.rs"));
    }

    #[test]
    fn directories_then_patterns() {
        let s = Scope::all()
            .include_dir("/w/a")
            .include_dir("/w/b")
            .exclude_dir("/w/a/gen");
        assert!(s.contains(Path::new("/w/a/x.rs")));
        assert!(s.contains(Path::new("/w/b/x.rs")));
        assert!(!s.contains(Path::new("/w/a/gen/x.rs")));
        assert!(!s.contains(Path::new("/w/c/x.rs")));
        // Directory prefixes are whole path components.
        assert!(!s.contains(Path::new("/w/ab/x.rs")));
        let s = s.include_pattern("x.rs").exclude_pattern("*/b/*");
        assert!(s.contains(Path::new("/w/a/x.rs")));
        assert!(!s.contains(Path::new("/w/a/y.rs")));
        assert!(!s.contains(Path::new("/w/b/x.rs")));
        assert!(Scope::all().contains(Path::new("/anything")));
    }
}
