//! Cobertura XML (GitLab, Jenkins, Azure DevOps), with LCOV's mapping
//! (`docs/report-formats.md`): a line's `hits` is the number of source
//! inputs covering it, and each line carries `k` synthetic branches of
//! which its closest input takes one per relation class it has. So
//! `line-rate` is plain line coverage and `branch-rate` is `A_k`.
//! One `<package>` per directory, one `<class>` per file.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use super::Report;
use super::escape::xml as esc;
use super::lines::{self, Line};

/// The Cobertura document. `root` is the `<source>` the file names are
/// relative to; `timestamp` is seconds since the epoch.
pub fn render_cobertura(report: &Report, root: &Path, timestamp: u64) -> String {
    let k = u64::from(report.k);
    let files = lines::by_file(report);
    let rates = |lines: &mut dyn Iterator<Item = &Line>| {
        let (mut valid, mut covered, mut have) = (0u64, 0u64, 0u64);
        for l in lines {
            valid += 1;
            covered += u64::from(l.inputs > 0);
            have += u64::from(if l.inputs > 0 { l.have } else { 0 });
        }
        (valid, covered, have)
    };
    let ratio = |a: u64, b: u64| {
        if b == 0 {
            "1".to_owned()
        } else {
            format!("{:.6}", a as f64 / b as f64)
        }
    };
    let (valid, covered, have) = rates(&mut files.values().flat_map(|f| f.lines.iter()));
    let mut out = String::new();
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<!DOCTYPE coverage SYSTEM "http://cobertura.sourceforge.net/xml/coverage-04.dtd">"#
    );
    let _ = writeln!(
        out,
        r#"<coverage line-rate="{}" branch-rate="{}" lines-covered="{covered}" lines-valid="{valid}" branches-covered="{have}" branches-valid="{}" complexity="0" version="mtcov {}" timestamp="{timestamp}">"#,
        ratio(covered, valid),
        ratio(have, valid * k),
        valid * k,
        env!("CARGO_PKG_VERSION"),
    );
    let _ = writeln!(
        out,
        "  <sources>\n    <source>{}</source>\n  </sources>\n  <packages>",
        esc(&root.display().to_string())
    );
    let mut packages: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for file in files.keys() {
        let dir = file.rsplit_once('/').map_or(".", |(d, _)| d);
        packages.entry(dir).or_default().push(file);
    }
    for (dir, names) in packages {
        let (valid, covered, have) = rates(&mut names.iter().flat_map(|f| files[f].lines.iter()));
        let _ = writeln!(
            out,
            r#"    <package name="{}" line-rate="{}" branch-rate="{}" complexity="0">"#,
            esc(&dir.replace('/', ".")),
            ratio(covered, valid),
            ratio(have, valid * k)
        );
        let _ = writeln!(out, "      <classes>");
        for name in names {
            let lines = &files[name].lines;
            let (valid, covered, have) = rates(&mut lines.iter());
            let base = name.rsplit('/').next().unwrap_or(name);
            let _ = writeln!(
                out,
                r#"        <class name="{}" filename="{}" line-rate="{}" branch-rate="{}" complexity="0">"#,
                esc(base),
                esc(name),
                ratio(covered, valid),
                ratio(have, valid * k)
            );
            let _ = writeln!(out, "          <methods/>\n          <lines>");
            for l in lines {
                let got = if l.inputs > 0 { u64::from(l.have) } else { 0 };
                let _ = writeln!(
                    out,
                    r#"            <line number="{}" hits="{}" branch="true" condition-coverage="{}% ({got}/{k})"/>"#,
                    l.line,
                    l.inputs,
                    got * 100 / k
                );
            }
            let _ = writeln!(out, "          </lines>\n        </class>");
        }
        let _ = writeln!(out, "      </classes>\n    </package>");
    }
    let _ = writeln!(out, "  </packages>\n</coverage>");
    out
}
