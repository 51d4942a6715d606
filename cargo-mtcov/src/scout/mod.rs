//! `cargo mtcov scout`: the metamorphic relations the crate's own tests
//! already encode. Reads the test sources with `syn` ([`find`]), writes
//! each relation found as a `#[metamorphic]` function ([`codify`]), and
//! runs what it wrote with cargo, on each test's own input and on
//! generated inputs where the type has a strategy ([`validate`]): only
//! relations that compile and hold are kept.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::Serialize;

pub(crate) mod added;
mod codify;
mod crate_fns;
mod exprs;
mod find;
mod forms;
mod text;
mod validate;

use crate_fns::CrateFns;
pub(crate) use find::{InputChange, OutputRelation};
pub(crate) use text::{Report, render_text};

/// The first line of every file scout writes: such files are not read
/// for relations.
pub(crate) const HEADER: &str =
    "//! Metamorphic relations found in this crate's tests by `cargo mtcov scout`.\n";

/// One package's tests, read.
#[derive(Debug, Serialize)]
pub(crate) struct Scouted {
    pub package: String,
    /// Test functions read (`#[test]`), and the files they are in.
    pub tests_read: u32,
    pub files_read: u32,
    /// Files `syn` could not parse (unstable syntax, say): not read, so
    /// neither their functions nor their tests count.
    pub files_not_parsed: Vec<String>,
    /// The relations found, in file and line order.
    pub relations: Vec<Relation>,
    /// Where the kept relations were written (`--write`), from the
    /// workspace root.
    pub written: Option<PathBuf>,
    /// What the user must do for the written file to run, if anything.
    pub note: Option<String>,
    /// What the written relations add (`--measure`).
    pub added: Option<added::Added>,
}

/// A test that encodes a relation, and what became of it.
#[derive(Debug, Serialize)]
pub(crate) struct Relation {
    /// The test, `module::name` in its file.
    pub test: String,
    pub file: String,
    /// The assertion's line.
    pub line: u32,
    /// The assertion as written.
    pub assertion: String,
    /// The function under test (for a round trip, the one given the
    /// other's output).
    pub function: String,
    pub input_change: InputChange,
    pub output_relation: OutputRelation,
    /// `<input change>-<output relation>`, or `round-trip`: the relation
    /// class of the codified MR.
    pub class: String,
    /// The codified MR's name and its source input's type.
    pub name: Option<String>,
    pub input_type: Option<String>,
    /// Why it was not codified, did not compile, or does not hold.
    pub reason: Option<String>,
    /// Whether the codified relation compiles (`None`: not codified, or
    /// not run with `--no-run`).
    pub compiles: Option<bool>,
    /// Whether it holds on the test's own input.
    pub holds_on_test_input: Option<bool>,
    /// Whether it holds on generated inputs (`None`: the type has no
    /// strategy, or it was not run).
    pub holds_on_generated: Option<bool>,
    /// The input it broke on.
    pub broke_on: Option<String>,
    /// Kept: codified, compiles and holds on every input it ran on.
    pub kept: bool,
    /// The codified code (the MR and its tests), as written.
    pub code: Option<String>,
}

/// What `scout` is asked to do.
#[derive(Clone, Copy)]
pub(crate) struct ScoutRequest<'a> {
    pub package: &'a str,
    pub manifest_dir: &'a Path,
    /// Relative to the workspace root, for names in the report.
    pub root: &'a Path,
    /// `--write FILE`: where the kept relations go (a file of the
    /// package's `tests/`).
    pub write: Option<&'a Path>,
    /// Run the codified relations (off with `--no-run`).
    pub run: bool,
    pub cargo: &'a Path,
    pub target_dir: &'a Path,
}

/// What cargo says of the package that codified relations depend on.
pub(crate) struct PackageFacts {
    /// Its library's name, as code names the crate.
    pub lib: String,
    /// Edition 2015: a test file names its crates with `extern crate`.
    pub edition_2015: bool,
    /// How it depends on mt-runtime, as a TOML inline table (`None`: it
    /// does not).
    pub runtime: Option<String>,
    /// Whether cargo finds its test files itself (`autotests`): otherwise
    /// a written file runs only once listed as a `[[test]]`.
    pub autotests: bool,
}

fn package_facts(request: &ScoutRequest<'_>) -> Result<PackageFacts> {
    let mut command = cargo_metadata::MetadataCommand::new();
    command
        .cargo_path(request.cargo)
        .no_deps()
        .manifest_path(request.manifest_dir.join("Cargo.toml"));
    let output = crate::process::ProcessBuilder::from_command(command.cargo_command())
        .stdin(std::process::Stdio::null())
        .output()?;
    if !output.status.success() {
        anyhow::bail!(
            "`cargo metadata` failed for `{}`:\n{}",
            request.package,
            String::from_utf8_lossy(&output.stderr).trim_end()
        );
    }
    let metadata = cargo_metadata::MetadataCommand::parse(String::from_utf8_lossy(&output.stdout))
        .context("cannot read what `cargo metadata` printed")?;
    let package = metadata
        .packages
        .iter()
        .find(|p| p.name.as_str() == request.package)
        .with_context(|| format!("`cargo metadata` does not list `{}`", request.package))?;
    let lib = package
        .targets
        .iter()
        .find(|t| t.is_lib() || t.is_proc_macro())
        .map_or_else(
            || request.package.replace('-', "_"),
            |t| t.name.replace('-', "_"),
        );
    let runtime = package
        .dependencies
        .iter()
        .find(|d| d.name == "mt-runtime")
        .map(|d| {
            let mut spec = match &d.path {
                Some(path) => format!("{{ path = {:?}", path.as_str()),
                None => format!("{{ version = {:?}", d.req.to_string()),
            };
            if !d.uses_default_features {
                spec.push_str(", default-features = false");
            }
            let mut features = d.features.clone();
            if !d.uses_default_features && !features.iter().any(|f| f == "proptest") {
                features.push("proptest".to_owned());
            }
            if !features.is_empty() {
                spec.push_str(&format!(", features = {features:?}"));
            }
            spec.push_str(" }");
            spec
        });
    Ok(PackageFacts {
        lib,
        edition_2015: package.edition.as_str() == "2015",
        runtime,
        autotests: autotests(&package.manifest_path.clone().into_std_path_buf()),
    })
}

/// `package.autotests` of a manifest (true when not written).
fn autotests(manifest: &Path) -> bool {
    let Ok(text) = fs_err::read_to_string(manifest) else {
        return true;
    };
    let Ok(value) = text.parse::<toml::Table>() else {
        return true;
    };
    value
        .get("package")
        .and_then(|p| p.get("autotests"))
        .and_then(toml::Value::as_bool)
        .unwrap_or(true)
}

/// Finds, codifies and checks one package's relations.
pub(crate) fn scout(request: &ScoutRequest<'_>) -> Result<Scouted> {
    let package = request.package;
    let src = request.manifest_dir.join("src");
    let facts = package_facts(request)?;
    let mut fns = CrateFns::new(facts.lib.clone());
    // The crate's own functions, from its library's files.
    let sources = rust_files(&src)?;
    let mut parsed: Vec<(PathBuf, String, syn::File)> = Vec::new();
    let mut not_parsed = Vec::new();
    for path in sources {
        let text = fs_err::read_to_string(&path)?;
        match syn::parse_file(&text) {
            Ok(file) => parsed.push((path, text, file)),
            Err(_) => not_parsed.push(relative(request.root, &path)),
        }
    }
    // Which file modules are public: `pub mod a;` in their parent.
    let mut declared: std::collections::HashMap<Vec<String>, bool> = Default::default();
    for (path, _, file) in &parsed {
        let module = module_path(&src, path);
        for item in &file.items {
            if let syn::Item::Mod(m) = item
                && m.content.is_none()
            {
                let mut child = module.clone();
                child.push(m.ident.to_string());
                declared.insert(child, matches!(m.vis, syn::Visibility::Public(_)));
            }
        }
    }
    for (path, _, file) in &parsed {
        let module = module_path(&src, path);
        let public = (1..=module.len()).all(|n| declared.get(&module[..n]) == Some(&true));
        fns.add_file(file, &module, public);
    }
    if let Some((_, _, lib)) = parsed.iter().find(|(p, _, _)| *p == src.join("lib.rs")) {
        fns.add_root_reexports(lib);
    }
    // The tests: the library's unit tests and the integration tests.
    let written = request.write.map(Path::to_path_buf);
    let mut tests_files = parsed;
    for path in rust_files(&request.manifest_dir.join("tests"))? {
        if Some(&path) == written.as_ref() {
            continue;
        }
        let text = fs_err::read_to_string(&path)?;
        if text.starts_with(HEADER) {
            continue;
        }
        match syn::parse_file(&text) {
            Ok(file) => tests_files.push((path, text, file)),
            Err(_) => not_parsed.push(relative(request.root, &path)),
        }
    }
    // Helper functions of the tests, read through wherever called.
    let mut helpers = find::Helpers::default();
    for (path, _, file) in &tests_files {
        helpers.add(file, path.starts_with(request.manifest_dir.join("tests")));
    }
    let mut relations = Vec::new();
    let mut codified = Vec::new();
    let mut taken = BTreeSet::new();
    let (mut tests_read, mut files_read) = (0, 0);
    for (path, text, file) in &tests_files {
        let rel = relative(request.root, path);
        let tests = test_fns(file, text);
        if !tests.is_empty() {
            files_read += 1;
        }
        tests_read += tests.len() as u32;
        for test in &tests {
            for e in find::encoded(test, &fns, &helpers) {
                let c = codify::codify(&e, &test.name, &rel, &fns, &mut taken);
                let relation = Relation {
                    test: test.name.clone(),
                    file: rel.clone(),
                    line: e.line,
                    assertion: e.assertion.clone(),
                    function: e
                        .function
                        .path
                        .clone()
                        .unwrap_or_else(|| e.function.name.clone()),
                    input_change: e.change,
                    output_relation: e.output,
                    class: e.class(),
                    name: c.as_ref().ok().map(|c| c.name.clone()),
                    input_type: c
                        .as_ref()
                        .ok()
                        .map(|c| c.input_type.clone())
                        .or_else(|| e.input_type.as_deref().map(codify::pretty_type)),
                    reason: c.as_ref().err().cloned(),
                    compiles: None,
                    holds_on_test_input: None,
                    holds_on_generated: None,
                    broke_on: None,
                    kept: false,
                    code: None,
                };
                codified.push(c.ok());
                relations.push(relation);
            }
        }
    }
    for (relation, c) in relations.iter_mut().zip(&codified) {
        if let Some(c) = c {
            let (code, _) = codify::render(&[c], "");
            relation.code = Some(
                code.lines()
                    .skip_while(|l| !l.starts_with("///"))
                    .collect::<Vec<_>>()
                    .join("\n"),
            );
        }
    }
    if request.run && codified.iter().any(Option::is_some) {
        validate::validate(request, &facts, &mut relations, &codified)?;
    }
    let mut scouted = Scouted {
        package: package.to_owned(),
        tests_read,
        files_read,
        files_not_parsed: not_parsed,
        relations,
        written: None,
        note: None,
        added: None,
    };
    if let Some(path) = request.write {
        let kept: Vec<&codify::Codified> = scouted
            .relations
            .iter()
            .zip(&codified)
            .filter(|(r, _)| r.kept || !request.run)
            .filter_map(|(_, c)| c.as_ref())
            .collect();
        let (text, _) = codify::render(
            &kept,
            &file_header(facts.edition_2015.then_some(&facts.lib)),
        );
        fs_err::write(path, text)
            .with_context(|| format!("cannot write the relations to {}", path.display()))?;
        scouted.written = Some(PathBuf::from(relative(request.root, path)));
        if !facts.autotests {
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            scouted.note = Some(format!(
                "`{package}` lists its test targets (`autotests = false`): add `[[test]] name = \
                 \"{stem}\" path = \"tests/{stem}.rs\"` to its Cargo.toml for `cargo test` to run \
                 the file"
            ));
        }
    }
    Ok(scouted)
}

/// The written file's opening lines; `extern_crate`: the library's name
/// in an edition-2015 package, whose test files name their crates.
pub(crate) fn file_header(extern_crate: Option<&String>) -> String {
    let externs = extern_crate
        .map(|lib| format!("\nextern crate mt_runtime;\nextern crate {lib};\n"))
        .unwrap_or_default();
    format!(
        "{HEADER}//!\n//! Each `#[metamorphic]` function below is an assertion of one test, \
         made a relation:\n//! its source input is the test's, its follow-up input is built \
         by the test's\n//! own expression, and its check is the test's assertion. Each \
         held on the\n//! test's input (and on generated inputs, where a test below draws \
         them).\n//! Give them more source inputs with `mt_runtime::check`.\n{externs}"
    )
}

/// The `#[test]` functions of a file, with their module paths.
fn test_fns<'a>(file: &'a syn::File, text: &'a str) -> Vec<find::TestFn<'a>> {
    fn walk<'a>(
        items: &'a [syn::Item],
        module: &mut Vec<String>,
        text: &'a str,
        out: &mut Vec<find::TestFn<'a>>,
    ) {
        for item in items {
            match item {
                syn::Item::Fn(f)
                    if f.attrs
                        .iter()
                        .any(|a| a.path().segments.last().is_some_and(|s| s.ident == "test")) =>
                {
                    let mut name = module.clone();
                    name.push(f.sig.ident.to_string());
                    out.push(find::TestFn {
                        name: name.join("::"),
                        source: text,
                        body: &f.block,
                    });
                }
                syn::Item::Mod(m) => {
                    if let Some((_, items)) = &m.content {
                        module.push(m.ident.to_string());
                        walk(items, module, text, out);
                        module.pop();
                    }
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(&file.items, &mut Vec::new(), text, &mut out);
    out
}

/// The `.rs` files under `dir`, sorted (none when it does not exist).
fn rust_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    if !dir.is_dir() {
        return Ok(out);
    }
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs_err::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The module path of a `src/` file: `src/a/b.rs` and `src/a/b/mod.rs`
/// are `a::b`; `lib.rs` and `main.rs` the root.
fn module_path(src: &Path, path: &Path) -> Vec<String> {
    let rel = path.strip_prefix(src).unwrap_or(path);
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}
