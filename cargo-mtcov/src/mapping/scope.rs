//! Which source files are in scope: the caller (the orchestration code)
//! decides the directories from the workspace layout; the user adds
//! `--include` / `--exclude` patterns. Applied while decoding, so code out
//! of scope costs nothing per input. Code compiled only for tests is never
//! in scope (see `testcode`).

use std::collections::{BTreeSet, HashMap};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result, bail};
use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

use super::CoverageMap;
use super::testcode::{self, SourceFacts};

/// A filter over source file paths (absolute, as the coverage mapping
/// records them).
///
/// A file is in scope when the deepest included or excluded directory it
/// lies under is an included one (or it lies under none and no directory
/// was included: then every file is in), matches one of the include
/// patterns (or none was given) and matches none of the exclude patterns.
///
/// Patterns are paths or globs:
/// - `*` and `?` do not cross `/`; `**` does (`src/**/*.rs`); `[ab]` and
///   `{a,b}` as usual.
/// - A pattern matches a file, or a directory and so every file under it
///   (`src/gen` matches `src/gen/x.rs`).
/// - Absolute (`/ws/src/lib.rs`), or starting with `./` or `../`
///   (relative to the current directory, as a shell completes a path): it
///   matches that path only.
/// - Any other relative pattern matches at any depth, whole path
///   components only: `token.rs`, `src/token.rs` and `expr/src/*.rs` all
///   match `/ws/examples/expr/src/token.rs`; `src/tok` matches nothing
///   there.
///
/// [`check_patterns`](Self::check_patterns) makes a pattern that matched
/// no file in scope an error.
///
/// ```
/// use cargo_mtcov::mapping::Scope;
/// let scope = Scope::default()
///     .include_dir("/ws/crates/sut/src")
///     .exclude_pattern("generated")?;
/// assert!(scope.contains("/ws/crates/sut/src/lib.rs".as_ref()));
/// assert!(!scope.contains("/ws/crates/sut/src/generated/x.rs".as_ref()));
/// assert!(!scope.contains("/ws/crates/sut/tests/t.rs".as_ref()));
/// # Ok::<(), anyhow::Error>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Scope {
    include_dirs: Vec<PathBuf>,
    exclude_dirs: Vec<PathBuf>,
    include_patterns: Vec<Pattern>,
    exclude_patterns: Vec<Pattern>,
    /// Test code and functions per source file, parsed once however many
    /// maps ask (or seeded from what a run saved).
    facts: Arc<Mutex<HashMap<PathBuf, Arc<SourceFacts>>>>,
}

/// The version of [`FactsFile`].
const FACTS_FORMAT: u32 = 2;
const FACTS: crate::versioned::Kind = crate::versioned::Kind {
    what: "a file of source facts",
    field: "format",
    version: FACTS_FORMAT,
    remedy: "they are parsed again",
};

/// What a run's source files said when it was measured, by path.
#[derive(serde::Serialize, serde::Deserialize)]
struct FactsFile {
    format: u32,
    files: HashMap<PathBuf, SourceFacts>,
}

/// One `--include` / `--exclude` pattern, compiled.
#[derive(Debug, Clone)]
struct Pattern {
    text: String,
    globs: GlobSet,
}

impl Pattern {
    fn new(text: &str, base: &Path) -> Result<Self> {
        let trimmed = match text.trim_end_matches('/') {
            "" if text.starts_with('/') => "/",
            t => t,
        };
        let anchored = if Path::new(trimmed).is_absolute() {
            trimmed.to_owned()
        } else if [".", ".."].contains(&trimmed)
            || trimmed.starts_with("./")
            || trimmed.starts_with("../")
        {
            let (dirs, rest) = split_dots(trimmed);
            let base = normalize(&base.join(dirs));
            let base = globset::escape(&base.to_string_lossy());
            if rest.is_empty() {
                base
            } else {
                format!("{}/{rest}", base.trim_end_matches('/'))
            }
        } else {
            format!("**/{trimmed}")
        };
        let mut set = GlobSetBuilder::new();
        let under = format!("{}/**", anchored.trim_end_matches('/'));
        for glob in [anchored.as_str(), under.as_str()] {
            let glob = GlobBuilder::new(glob)
                .literal_separator(true)
                .backslash_escape(true)
                .build()
                .with_context(|| format!("invalid pattern `{text}`"))?;
            set.add(glob);
        }
        Ok(Pattern {
            text: text.to_owned(),
            globs: set
                .build()
                .with_context(|| format!("invalid pattern `{text}`"))?,
        })
    }

    fn matches(&self, path: &Path) -> bool {
        self.globs.is_match(path)
    }
}

/// Splits a leading run of `.` / `..` components off a relative pattern.
fn split_dots(pattern: &str) -> (&str, &str) {
    let mut end = 0;
    for part in pattern.split_inclusive('/') {
        if matches!(part.trim_end_matches('/'), "." | "..") {
            end += part.len();
        } else {
            break;
        }
    }
    (&pattern[..end], &pattern[end..])
}

/// `path` without `.` and `..` components (lexically).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The current directory, as the compiler's paths spell it.
fn current_dir() -> PathBuf {
    let dir = std::env::current_dir().unwrap_or_default();
    dir.canonicalize().unwrap_or(dir)
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

    /// The user's `--include`: a path or glob (see [`Scope`]) the file
    /// must match. An error when the glob does not parse.
    pub fn include_pattern(mut self, pattern: impl AsRef<str>) -> Result<Self> {
        self.include_patterns
            .push(Pattern::new(pattern.as_ref(), &current_dir())?);
        Ok(self)
    }

    /// The user's `--exclude`: a path or glob the file must not match.
    pub fn exclude_pattern(mut self, pattern: impl AsRef<str>) -> Result<Self> {
        self.exclude_patterns
            .push(Pattern::new(pattern.as_ref(), &current_dir())?);
        Ok(self)
    }

    /// Whether `path` is in scope.
    pub fn contains(&self, path: &Path) -> bool {
        if !self.in_directories(path) {
            return false;
        }
        if !self.include_patterns.is_empty()
            && !self.include_patterns.iter().any(|p| p.matches(path))
        {
            return false;
        }
        !self.exclude_patterns.iter().any(|p| p.matches(path))
    }

    /// Whether `path` passes the directory filter (the default scope,
    /// before patterns).
    pub(crate) fn in_directories(&self, path: &Path) -> bool {
        // The deepest directory decides, so a member nested in another
        // member's excluded `examples/` is still in scope.
        let deepest = |dirs: &[PathBuf]| {
            dirs.iter()
                .filter(|d| path.starts_with(d))
                .map(|d| d.components().count())
                .max()
        };
        match (deepest(&self.include_dirs), deepest(&self.exclude_dirs)) {
            (Some(included), Some(excluded)) if excluded >= included => false,
            (None, Some(_)) => false,
            (None, None) => self.include_dirs.is_empty(),
            _ => true,
        }
    }

    /// Indices (includes first, then excludes) of the patterns `path`
    /// matches.
    pub(crate) fn matching_patterns<'a>(
        &'a self,
        path: &'a Path,
    ) -> impl Iterator<Item = usize> + 'a {
        self.include_patterns
            .iter()
            .chain(&self.exclude_patterns)
            .enumerate()
            .filter(move |(_, p)| p.matches(path))
            .map(|(i, _)| i)
    }

    pub(crate) fn pattern_count(&self) -> usize {
        self.include_patterns.len() + self.exclude_patterns.len()
    }

    /// The test-only code and functions of each of `files` (in scope),
    /// parsed once per file over the life of this scope.
    pub(crate) fn facts(&self, files: &[PathBuf]) -> HashMap<PathBuf, Arc<SourceFacts>> {
        let mut cache = self.facts.lock().unwrap_or_else(|e| e.into_inner());
        let missing: Vec<PathBuf> = files
            .iter()
            .filter(|f| !cache.contains_key(*f))
            .cloned()
            .collect();
        if !missing.is_empty() {
            // Module declarations in files parsed before decide whether a
            // new file is a test module: analyse all of them together
            // (what is known stays: it may be what a run saw, `seed`).
            let mut all: Vec<PathBuf> = cache.keys().cloned().collect();
            all.extend(missing);
            for (file, code) in testcode::analyze(&all) {
                cache.entry(file).or_insert_with(|| Arc::new(code));
            }
        }
        files
            .iter()
            .filter_map(|f| Some((f.clone(), cache.get(f)?.clone())))
            .collect()
    }

    /// Takes `facts` as what the source files say, instead of parsing
    /// them: what a run's sources said when it was built, so that a report
    /// of its records (`--allow-stale`) does not read edited sources.
    pub(crate) fn seed(&self, facts: HashMap<PathBuf, SourceFacts>) {
        let mut cache = self.facts.lock().unwrap_or_else(|e| e.into_inner());
        for (file, f) in facts {
            cache.entry(file).or_insert_with(|| Arc::new(f));
        }
    }

    /// Every source file parsed (or seeded) so far, with what it says.
    pub(crate) fn parsed(&self) -> HashMap<PathBuf, SourceFacts> {
        let cache = self.facts.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .iter()
            .map(|(file, f)| (file.clone(), SourceFacts::clone(f)))
            .collect()
    }

    /// Seeds what the source files say from `path` (a file
    /// [`save_facts`](Self::save_facts) wrote); false, seeding nothing,
    /// when there is none or it cannot be read (then the sources are
    /// parsed).
    pub(crate) fn load_facts(&self, path: &Path) -> bool {
        match crate::versioned::load::<FactsFile>(path, &FACTS, String::new) {
            Ok(file) => {
                self.seed(file.files);
                true
            }
            Err(_) => false,
        }
    }

    /// What the source files said when `path` (a file
    /// [`save_facts`](Self::save_facts) wrote) was written, if readable.
    pub(crate) fn read_facts(path: &Path) -> Option<HashMap<PathBuf, SourceFacts>> {
        crate::versioned::load::<FactsFile>(path, &FACTS, String::new)
            .ok()
            .map(|file| file.files)
    }

    /// Seeds what the source files say from `old` (read by
    /// [`read_facts`](Self::read_facts) before a change inside functions
    /// of `changed`): each changed file parsed again, keeping whether it
    /// is a test module (the module declarations that say so lie outside
    /// functions, so the change left them alone); the others as they were.
    pub(crate) fn seed_changed(
        &self,
        mut old: HashMap<PathBuf, SourceFacts>,
        changed: impl IntoIterator<Item = PathBuf>,
    ) {
        for file in changed {
            let whole_file = old.get(&file).is_some_and(|f| f.test.whole_file);
            let parsed = super::testcode::analyze(std::slice::from_ref(&file));
            match parsed.into_iter().next() {
                Some((_, mut facts)) => {
                    facts.test.whole_file |= whole_file;
                    old.insert(file, facts);
                }
                None => {
                    old.remove(&file);
                }
            }
        }
        self.seed(old);
    }

    /// Writes what the source files parsed so far say to `path`
    /// (atomically), for reports of the same run.
    pub(crate) fn save_facts(&self, path: &Path) -> Result<()> {
        let file = FactsFile {
            format: FACTS_FORMAT,
            files: self.parsed(),
        };
        crate::versioned::save(path, &file, false)
    }

    /// An error naming every `--include` / `--exclude` pattern that matched
    /// no source file in scope (by directory) in any of `maps`, listing a
    /// few of the files that are. Nothing to check without maps.
    pub fn check_patterns<'a>(
        &self,
        maps: impl IntoIterator<Item = &'a CoverageMap>,
    ) -> Result<()> {
        let mut matched = vec![false; self.pattern_count()];
        let mut files: BTreeSet<&str> = BTreeSet::new();
        let mut any_map = false;
        for map in maps {
            any_map = true;
            for (m, hit) in matched.iter_mut().zip(&map.inner.pattern_hits) {
                *m |= hit;
            }
            files.extend(map.inner.scope_files.iter().map(|f| &**f));
        }
        if !any_map {
            return Ok(());
        }
        let patterns = self
            .include_patterns
            .iter()
            .map(|p| ("--include", p))
            .chain(self.exclude_patterns.iter().map(|p| ("--exclude", p)));
        let unmatched: Vec<String> = patterns
            .zip(&matched)
            .filter(|(_, m)| !**m)
            .map(|((flag, p), _)| format!("{flag} `{}`", p.text))
            .collect();
        if unmatched.is_empty() {
            return Ok(());
        }
        const SHOWN: usize = 8;
        let base = current_dir();
        let mut message = format!(
            "{} {} no source file in scope; {}",
            unmatched.join(", "),
            if unmatched.len() == 1 {
                "matches"
            } else {
                "match"
            },
            match files.len() {
                0 => "there are none".to_owned(),
                1 => "the one in scope is:".to_owned(),
                n => format!("the {n} in scope are:"),
            }
        );
        for file in files.iter().take(SHOWN) {
            let path = Path::new(file);
            let shown = path.strip_prefix(&base).map_or_else(
                |_| path.display().to_string(),
                |p| format!("./{}", p.display()),
            );
            message.push_str(&format!("\n    {shown}"));
        }
        if files.len() > SHOWN {
            message.push_str(&format!("\n    ... and {} more", files.len() - SHOWN));
        }
        bail!(message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(text: &str) -> Pattern {
        Pattern::new(text, Path::new("/ws/examples")).unwrap()
    }

    fn matches(text: &str, path: &str) -> bool {
        pattern(text).matches(Path::new(path))
    }

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
    fn star_stays_in_one_directory_double_star_crosses() {
        assert!(matches("src/*.rs", "/ws/src/lib.rs"));
        assert!(!matches("src/*.rs", "/ws/src/a/lib.rs"));
        assert!(matches("src/**/*.rs", "/ws/src/a/b/c.rs"));
        assert!(matches("src/**/*.rs", "/ws/src/c.rs"));
        assert!(!matches("/ws/*.rs", "/ws/src/lib.rs"));
        assert!(matches("/ws/**/*.rs", "/ws/src/lib.rs"));
        assert!(matches("*lib?rs", "/a/src/lib.rs"));
        assert!(!matches("*/src/*.rs", "/a/tests/t.rs"));
        assert!(matches("{lex,parse}.rs", "/w/src/parse.rs"));
        assert!(matches("[lp]*.rs", "/w/src/parse.rs"));
        // `*` matching a whole directory matches the files under it.
        assert!(matches("src/*", "/w/src/a/deep.rs"));
    }

    #[test]
    fn plain_paths_match_files_and_directories_by_whole_components() {
        assert!(matches("token.rs", "/ws/examples/expr/src/token.rs"));
        assert!(matches("src/token.rs", "/ws/examples/expr/src/token.rs"));
        assert!(matches("examples/expr", "/ws/examples/expr/src/token.rs"));
        assert!(matches("expr/src/", "/ws/examples/expr/src/token.rs"));
        assert!(!matches("src/tok", "/ws/examples/expr/src/token.rs"));
        assert!(!matches(
            "xpr/src/token.rs",
            "/ws/examples/expr/src/token.rs"
        ));
        assert!(!matches("token", "/ws/examples/expr/src/token.rs"));
    }

    #[test]
    fn absolute_and_dot_relative_paths_are_anchored() {
        // Base (the current directory) is /ws/examples here.
        assert!(matches(
            "./expr/src/token.rs",
            "/ws/examples/expr/src/token.rs"
        ));
        assert!(matches("./expr", "/ws/examples/expr/src/token.rs"));
        assert!(matches(".", "/ws/examples/expr/src/token.rs"));
        assert!(!matches("./src/token.rs", "/ws/examples/expr/src/token.rs"));
        assert!(matches("../src/lib.rs", "/ws/src/lib.rs"));
        assert!(!matches("./lib.rs", "/ws/src/lib.rs"));
        assert!(matches(
            "/ws/examples/expr/src/token.rs",
            "/ws/examples/expr/src/token.rs"
        ));
        assert!(matches("/ws/examples/", "/ws/examples/expr/src/token.rs"));
        assert!(!matches(
            "/examples/expr/src/token.rs",
            "/ws/examples/expr/src/token.rs"
        ));
        assert!(matches("./*/src/*.rs", "/ws/examples/expr/src/token.rs"));
        // A base with glob characters is literal.
        let p = Pattern::new("./a.rs", Path::new("/w[1]")).unwrap();
        assert!(p.matches(Path::new("/w[1]/a.rs")) && !p.matches(Path::new("/w1/a.rs")));
    }

    #[test]
    fn bad_globs_are_errors() {
        assert!(Pattern::new("src/[a", Path::new("/")).is_err());
        assert!(Scope::all().include_pattern("{a,b").is_err());
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
        let s = s
            .include_pattern("x.rs")
            .unwrap()
            .exclude_pattern("b")
            .unwrap();
        assert!(s.contains(Path::new("/w/a/x.rs")));
        assert!(!s.contains(Path::new("/w/a/y.rs")));
        assert!(!s.contains(Path::new("/w/b/x.rs")));
        assert_eq!(
            s.matching_patterns(Path::new("/w/b/x.rs"))
                .collect::<Vec<_>>(),
            [0, 1]
        );
        assert!(Scope::all().contains(Path::new("/anything")));
    }
}
