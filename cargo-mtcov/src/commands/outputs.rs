//! Where the report goes: stdout (text, `--json` or `--markdown`) and the
//! files of `--json=PATH`, `--markdown=PATH`, `--html`, `--lcov`,
//! `--cobertura` and `--codecov`. The renderers are pure; all file I/O
//! of the report is here.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::use_color;
use crate::build::Workspace;
use crate::cli::ReportOptions;
use crate::model::ColorChoice;
use crate::process::ProcessBuilder;
use crate::report::{self, Report, TextOptions};
use crate::run::Written;
use crate::term;

/// The largest `k` the LCOV output takes: it writes `k` synthetic
/// branches per line, and viewers are not made for thousands per line.
pub(crate) const LCOV_MAX_K: u32 = 64;

/// Refuses output flags that cannot all be honoured, before anything runs.
pub(super) fn check(options: &ReportOptions) -> Result<()> {
    if options.lcov.is_some() && options.k > LCOV_MAX_K {
        bail!(
            "--lcov writes k synthetic branches per line, so it takes k up to {LCOV_MAX_K} (got --k {}); \
             use --cobertura or --codecov, which carry have/k as numbers, for a larger k",
            options.k
        );
    }
    if matches!(options.json, Some(None)) && matches!(options.markdown, Some(None)) {
        bail!(
            "--json and --markdown both ask for stdout; give one of them a file (`--json=report.json` or `--markdown=summary.md`)"
        );
    }
    Ok(())
}

/// Writes every requested file, then the stdout report.
pub(super) fn emit(
    report: &Report,
    options: &ReportOptions,
    workspace: &Workspace,
    color: ColorChoice,
) -> Result<()> {
    write_files(report, options, workspace)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Some(None) = &options.json {
        writeln!(out, "{}", report::render_json_string(report))?;
    } else if let Some(None) = &options.markdown {
        write!(out, "{}", report::render_markdown(report))?;
    } else {
        let color = use_color(color, std::io::stdout().is_terminal());
        let options = TextOptions {
            color,
            limit: options.gaps,
            functions: options.functions,
        };
        write!(out, "{}", report::render_text(report, &options))?;
    }
    out.flush()?;
    Ok(())
}

fn write_files(report: &Report, options: &ReportOptions, workspace: &Workspace) -> Result<()> {
    let mtcov_dir = workspace.mtcov_dir();
    let default = |name: &str| mtcov_dir.join(name);
    // Reports written into the working tree are known to `--affected`,
    // which does not take them for a change.
    let mut written = Written::load(&mtcov_dir);
    let mut file = |path: &Path, text: &str, what: &str| -> Result<()> {
        write(path, text, what)?;
        written.file(path, text);
        Ok(())
    };
    if let Some(Some(path)) = &options.json {
        file(path, &report::render_json_string(report), "JSON report")?;
    }
    if let Some(Some(path)) = &options.markdown {
        file(path, &report::render_markdown(report), "Markdown summary")?;
    }
    if let Some(path) = &options.lcov {
        let path = path.clone().unwrap_or_else(|| default("lcov.info"));
        file(&path, &report::render_lcov(report, &workspace.root), "LCOV")?;
        term::status("Written", format_args!("LCOV {}", path.display()));
    }
    if let Some(path) = &options.cobertura {
        let path = path.clone().unwrap_or_else(|| default("cobertura.xml"));
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let xml = report::render_cobertura(report, &workspace.root, now);
        file(&path, &xml, "Cobertura XML")?;
        term::status("Written", format_args!("Cobertura XML {}", path.display()));
    }
    if let Some(path) = &options.codecov {
        let path = path.clone().unwrap_or_else(|| default("codecov.json"));
        file(&path, &report::render_codecov(report), "Codecov JSON")?;
        term::status("Written", format_args!("Codecov JSON {}", path.display()));
    }
    if options.html.is_some() || options.open {
        let dir = options
            .html
            .clone()
            .flatten()
            .unwrap_or_else(|| default("html"));
        let index = write_html(report, &workspace.root, &dir)?;
        written.dir(&dir);
        term::status("Written", format_args!("HTML report {}", index.display()));
        if options.open {
            open(&index);
        }
    }
    if let Err(e) = written.save(&mtcov_dir) {
        term::warn(format_args!(
            "{e:#}: a later `--affected` run takes the reports written into the working tree \
             for changes"
        ));
    }
    Ok(())
}

fn write(path: &Path, text: &str, what: &str) -> Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).with_context(|| {
            format!(
                "cannot write the {what}: cannot create {}",
                parent.display()
            )
        })?;
    }
    std::fs::write(path, text)
        .with_context(|| format!("cannot write the {what} to {}", path.display()))
}

/// Writes the site into `dir` and returns the index's path. Pages of
/// files no longer in the report are removed from `dir/files`.
fn write_html(report: &Report, root: &Path, dir: &Path) -> Result<PathBuf> {
    let mut sources = BTreeMap::new();
    for c in &report.criteria {
        for row in &c.files {
            if sources.contains_key(&row.file) {
                continue;
            }
            if let Ok(bytes) = std::fs::read(root.join(&row.file)) {
                sources.insert(
                    row.file.clone(),
                    String::from_utf8_lossy(&bytes).into_owned(),
                );
            }
        }
    }
    let site = report::render_html(report, &sources);
    let files_dir = dir.join("files");
    std::fs::create_dir_all(&files_dir).with_context(|| {
        format!(
            "cannot write the HTML report: cannot create {}",
            files_dir.display()
        )
    })?;
    let written: std::collections::BTreeSet<PathBuf> =
        site.pages.iter().map(|(name, _)| dir.join(name)).collect();
    if let Ok(entries) = std::fs::read_dir(&files_dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "html") && !written.contains(&path) {
                let _ = std::fs::remove_file(path);
            }
        }
    }
    for (name, page) in &site.pages {
        write(&dir.join(name), page, "HTML report")?;
    }
    Ok(dir.join("index.html"))
}

/// Opens `path` with the desktop's handler. A failure is a warning: the
/// report is written, and its path printed.
fn open(path: &Path) {
    // Three platform commands; a crate for them would bring more code
    // than it saves.
    let mut command = if cfg!(target_os = "macos") {
        ProcessBuilder::new("open")
    } else if cfg!(windows) {
        let mut c = ProcessBuilder::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        ProcessBuilder::new("xdg-open")
    };
    command
        .arg(path)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    if let Err(e) = command.spawn() {
        term::warn(format_args!(
            "cannot open {} in a browser ({e:#}); open it yourself",
            path.display()
        ));
    }
}
