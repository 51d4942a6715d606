//! The outputs people look at, from a real `cargo mtcov` run on
//! `examples/trig`: the HTML site in a real headless Chromium, the LCOV
//! tracefile through genhtml, the Cobertura XML and the Codecov JSON
//! parsed as their consumers would, the Markdown summary, and the same
//! files from `cargo mtcov report` without a rerun. Every number is
//! checked against the JSON report of the same run.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{
    TempDir, assert_exit, mtcov_command, prerequisite, stderr, stdout, workspace_root,
};
use serde_json::Value;

const CRITERIA: &str = "line,region,function";

/// `cargo mtcov` (or `cargo mtcov report`) on trig, in the target
/// directory the other trig test uses.
fn run(args: &[&str]) -> std::process::Output {
    let root = workspace_root();
    mtcov_command(&root, args)
        .env("CARGO_TARGET_DIR", root.join("target/cli-fixtures/trig"))
        .output()
        .expect("cargo-mtcov runs")
}

/// One decimal, as the reports print a fraction.
fn pct(v: f64) -> String {
    format!("{:.1}%", v * 100.0)
}

struct Outputs {
    dir: TempDir,
    json: Value,
    /// The text report (stdout).
    text: String,
}

impl Outputs {
    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }
    fn line(&self) -> &Value {
        crate::common::criterion(&self.json, "line")
    }
}

fn measure_trig() -> Outputs {
    let dir = TempDir::new("formats");
    let p = |name: &str| dir.path().join(name).display().to_string();
    let out = run(&[
        "--k",
        "3",
        "-p",
        "trig",
        "--criterion",
        CRITERIA,
        &format!("--json={}", p("report.json")),
        &format!("--html={}", p("html")),
        &format!("--lcov={}", p("lcov.info")),
        &format!("--cobertura={}", p("cobertura.xml")),
        &format!("--codecov={}", p("codecov.json")),
        &format!("--markdown={}", p("summary.md")),
    ]);
    assert_exit(&out, 0);
    assert!(
        stdout(&out).starts_with("k-MR adequacy at k = 3"),
        "the text report stays on stdout"
    );
    let json = serde_json::from_str(&std::fs::read_to_string(p("report.json")).unwrap()).unwrap();
    Outputs {
        dir,
        json,
        text: stdout(&out),
    }
}

/// The trig source lines with `K = 0` and with `0 < K < 1`, from the JSON.
fn lines_by_k(o: &Outputs) -> (Vec<u64>, Vec<(u64, u64)>) {
    let mut zero = Vec::new();
    let mut partial = Vec::new();
    for r in o.line()["requirements"].as_array().unwrap() {
        let line = r["location"]["line_start"].as_u64().unwrap();
        let k = r["k"].as_f64().unwrap();
        if k == 0.0 {
            zero.push(line);
        } else if k < 1.0 {
            partial.push((line, r["s_ro"].as_u64().unwrap()));
        }
    }
    (zero, partial)
}

fn chromium() -> Result<PathBuf, String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Ok(candidate);
            }
        }
    }
    Err("no chromium, chromium-browser or google-chrome on PATH".into())
}

/// Headless Chromium on `url` with `mode` (`--dump-dom`, `--screenshot=..`),
/// a fresh profile and no network; killed after two minutes.
fn headless(browser: &Path, mode: &str, url: &str) -> String {
    let profile = TempDir::new("chromium-profile");
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
            "--virtual-time-budget=2000",
            "--window-size=1280,1000",
            // The key test's page scripts the file page in its iframe.
            "--allow-file-access-from-files",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(mode)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut text).unwrap();
        text
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("chromium {mode} {url} did not finish in 120 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "chromium {mode} {url}: {status}");
    reader.join().unwrap()
}

#[test]
fn outputs_of_one_run_in_a_browser_genhtml_and_their_parsers() {
    let _trig = crate::common::trig_target();
    let o = measure_trig();
    html_in_headless_chromium(&o);
    line_counts_equal_llvm_covs(&o);
    lcov_through_genhtml(&o);
    cobertura_and_codecov_agree_with_the_json_report(&o);
    markdown_summary_and_report_without_rerun(&o);
    an_output_file_that_cannot_be_written_stops_the_run(&o);
    every_format_as_a_snapshot(&o);
}

/// Long lists of the JSON report (requirements, sources) cut to their
/// first three entries and a count, for a snapshot a reviewer can read.
fn shorten(value: &mut Value) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(shorten),
        Value::Object(fields) => {
            for (name, field) in fields.iter_mut() {
                if let Value::Array(items) = field
                    && ["requirements", "sources"].contains(&name.as_str())
                    && items.len() > 3
                {
                    let more = items.len() - 3;
                    items.truncate(3);
                    items.push(Value::from(format!("... {more} more")));
                }
                shorten(field);
            }
        }
        _ => {}
    }
}

/// Every file a user reads as a snapshot (the JSON report shortened): a
/// change in any of them is reviewed (`cargo insta review`). This machine's paths and the
/// Cobertura timestamp are redacted.
fn every_format_as_a_snapshot(o: &Outputs) {
    let root = workspace_root().display().to_string();
    let dir = o.dir.path().display().to_string();
    let redact = |text: &str| -> String {
        let text = text.replace(&dir, "[OUT]").replace(&root, "[ROOT]");
        match text.find(" timestamp=\"") {
            Some(at) => {
                let end = at + text[at + 12..].find('"').unwrap() + 13;
                format!("{} timestamp=\"[TIME]\"{}", &text[..at], &text[end..])
            }
            None => text,
        }
    };
    let file = |name: &str| redact(&std::fs::read_to_string(o.path(name)).unwrap());
    insta::assert_snapshot!("trig_text", redact(&o.text));
    // docs/cli.md's "The report, from a real run" is exactly this text.
    let docs =
        std::fs::read_to_string(crate::common::workspace_root().join("docs/cli.md")).unwrap();
    let shown = format!(
        "```text\n{}```",
        redact(&o.text).trim_end_matches('\n').to_owned() + "\n"
    );
    assert!(
        docs.contains(&shown),
        "docs/cli.md's report from a real run differs from this run's text report"
    );
    let mut json = o.json.clone();
    shorten(&mut json);
    insta::assert_snapshot!(
        "trig_json",
        redact(&serde_json::to_string_pretty(&json).unwrap())
    );
    insta::assert_snapshot!("trig_markdown", file("summary.md"));
    insta::assert_snapshot!("trig_lcov", file("lcov.info"));
    insta::assert_snapshot!("trig_cobertura", file("cobertura.xml"));
    insta::assert_snapshot!("trig_codecov", file("codecov.json"));
    insta::assert_snapshot!("trig_html_index", file("html/index.html"));
    let page = std::fs::read_dir(o.path("html"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html") && !p.ends_with("index.html"))
        .min()
        .expect("a file page");
    insta::assert_snapshot!(
        "trig_html_file",
        redact(&std::fs::read_to_string(page).unwrap())
    );
}

fn html_in_headless_chromium(o: &Outputs) {
    let found = chromium();
    let check = found.as_ref().map(|_| ()).map_err(Clone::clone);
    if !prerequisite(
        "chromium (HTML report test)",
        check,
        "apt-get install chromium",
    ) {
        return;
    }
    let browser = found.unwrap();
    let html = o.path("html");
    let index = headless(
        &browser,
        "--dump-dom",
        &format!("file://{}", html.join("index.html").display()),
    );
    for c in o.json["criteria"].as_array().unwrap() {
        let name = c["criterion"].as_str().unwrap();
        let a_k = c["summary"]["a_k"].as_f64().unwrap();
        let want = format!("data-criterion=\"{name}\">{}</span>", pct(a_k));
        assert!(index.contains(&want), "index lacks {want}:\n{index}");
    }
    // The sorting script ran: the file table is still there, with its link.
    assert!(index.contains("examples/trig/src/lib.rs</a>"), "{index}");

    let page = trig_page(o);
    let dom = headless(
        &browser,
        "--dump-dom",
        &format!("file://{}", page.display()),
    );
    let (zero, partial) = lines_by_k(o);
    assert!(
        !zero.is_empty() && !partial.is_empty(),
        "trig has uncovered and partial lines"
    );
    for line in zero {
        let want = format!("<tr id=\"L{line}\" class=\"k0\" data-k=\"0/3\"");
        assert!(
            dom.contains(&want),
            "line {line} is not shaded K = 0: {want}"
        );
    }
    for (line, s_ro) in partial {
        let want = format!("<tr id=\"L{line}\" class=\"kp\" data-k=\"{s_ro}/3\"");
        assert!(
            dom.contains(&want),
            "line {line} is not shaded partial: {want}"
        );
    }
    assert!(
        dom.contains("Why K &lt; 1 here"),
        "gap explanations on the page"
    );

    // The files table ends with the whole.
    let line_a_k = o.line()["summary"]["a_k"].as_f64().unwrap();
    let total = format!(
        "<tr class=\"total\"><td>All files</td><td class=\"r\" data-v=\"{line_a_k}\"><span class=\"pill"
    );
    assert!(index.contains(&total), "no totals row {total}:\n{index}");

    // The part of a line that ran which no source input ran is marked in
    // the line: `reduce`'s `{ 0.0 }` for an angle that reduces to 360.
    assert!(
        dom.contains("{ <span class=\"u\" title=\"no source input ran this region\">0.0</span> }"),
        "no in-line mark of the uncovered branch"
    );

    // `j` / `k` go to the next / previous gap's first line.
    let mut starts: Vec<u64> = o.json["criteria"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["gaps"].as_array().unwrap().iter())
        .filter(|g| g["span"]["file"] == "examples/trig/src/lib.rs")
        .map(|g| g["span"]["line_start"].as_u64().unwrap())
        .collect();
    starts.sort_unstable();
    starts.dedup();
    assert!(starts.len() >= 3, "{starts:?}");
    let keys = html.join("keys.html");
    std::fs::write(
        &keys,
        format!(
            "<!doctype html><body><iframe id=\"f\" src=\"files/{}\"></iframe><script>\
             var f=document.getElementById('f');f.onload=function(){{var d=f.contentDocument,seen=[];\
             ['j','j','j','k'].forEach(function(key){{d.dispatchEvent(new KeyboardEvent('keydown',{{key:key}}));\
             seen.push(f.contentWindow.location.hash);}});document.body.setAttribute('data-seen',seen.join(' '));}};\
             </script></body>",
            page.file_name().unwrap().to_string_lossy()
        ),
    )
    .unwrap();
    let driven = headless(
        &browser,
        "--dump-dom",
        &format!("file://{}", keys.display()),
    );
    let want = format!(
        "data-seen=\"#L{} #L{} #L{} #L{}\"",
        starts[0], starts[1], starts[2], starts[1]
    );
    assert!(
        driven.contains(&want),
        "j, j, j, k did not visit the gaps {starts:?}: {driven}"
    );

    // Screenshots, as CI artefacts: the index, and the file page from a
    // little above its first gap (headless Chromium scrolls an iframe to
    // a fragment, not the page itself).
    let shots = workspace_root().join("target/mtcov-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let frame = html.join("screenshot.html");
    let first_gap = o.line()["gaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["span"]["line_start"].as_u64().unwrap())
        .min()
        .unwrap();
    std::fs::write(
        &frame,
        format!(
            "<!doctype html><body style=\"margin:0\"><iframe src=\"files/{}#L{}\" style=\"border:0;width:1280px;height:1000px\"></iframe></body>",
            page.file_name().unwrap().to_string_lossy(),
            first_gap.saturating_sub(3).max(1)
        ),
    )
    .unwrap();
    for (name, url) in [
        ("trig-index.png", html.join("index.html")),
        ("trig-file.png", frame),
    ] {
        let png = shots.join(name);
        let _ = std::fs::remove_file(&png);
        headless(
            &browser,
            &format!("--screenshot={}", png.display()),
            &format!("file://{}", url.display()),
        );
        let size = std::fs::metadata(&png).map(|m| m.len()).unwrap_or(0);
        // A blank 1280×1000 page compresses to a few KB.
        assert!(size > 30_000, "{} is {size} bytes: blank?", png.display());
    }
}

/// The file page of `examples/trig/src/lib.rs`.
fn trig_page(o: &Outputs) -> PathBuf {
    std::fs::read_dir(o.path("html").join("files"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.to_string_lossy()
                .ends_with("examples_trig_src_lib.rs.html")
        })
        .expect("a page for examples/trig/src/lib.rs")
}

/// How many times each line ran, on the HTML page, is what `llvm-cov`
/// says of the same tests run as `cargo test` runs them: the run's own
/// test binaries (the MR binary and the unit tests' binary) run plainly,
/// without records (so with no warm-up and no capture), their profiles
/// merged and `llvm-cov export` read line by line.
fn line_counts_equal_llvm_covs(o: &Outputs) {
    let tools = crate::coverage_support::llvm_tool("llvm-profdata", None).and_then(|profdata| {
        Ok((
            profdata,
            crate::coverage_support::llvm_tool("llvm-cov", None)?,
        ))
    });
    let found = tools.as_ref().map(|_| ()).map_err(Clone::clone);
    let install = crate::coverage_support::llvm_tools_install(None);
    if !prerequisite("llvm-profdata and llvm-cov (line counts)", found, &install) {
        return;
    }
    let (profdata, llvm_cov) = tools.unwrap();
    let root = workspace_root();
    let last: Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("target/cli-fixtures/trig/mtcov/last-run.json"))
            .unwrap(),
    )
    .unwrap();
    // Copies: another trig test may rebuild the binaries meanwhile.
    let dir = TempDir::new("plain-run");
    let mut objects = Vec::new();
    for (i, run) in last["runs"].as_array().unwrap().iter().enumerate() {
        let binary = dir.path().join(format!("bin{i}"));
        std::fs::copy(run["path"].as_str().unwrap(), &binary).unwrap();
        let out = Command::new(&binary)
            .current_dir(root.join("examples/trig"))
            .env(
                "LLVM_PROFILE_FILE",
                dir.path().join(format!("bin{i}-%p.profraw")),
            )
            .env_remove("MTCOV_RECORD_DIR")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{} failed: {}",
            binary.display(),
            String::from_utf8_lossy(&out.stdout)
        );
        objects.push(binary);
    }
    let profiles: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "profraw"))
        .collect();
    let merged = dir.path().join("merged.profdata");
    let status = Command::new(&profdata)
        .args(["merge", "-sparse", "-o"])
        .arg(&merged)
        .args(&profiles)
        .status()
        .unwrap();
    assert!(status.success(), "llvm-profdata merge");
    let mut export = Command::new(&llvm_cov);
    export
        .args(["export", "-format=lcov"])
        .arg(format!("-instr-profile={}", merged.display()))
        .arg(&objects[0]);
    for object in &objects[1..] {
        export.arg(format!("-object={}", object.display()));
    }
    let lcov = export.output().unwrap();
    assert!(lcov.status.success(), "llvm-cov export");
    let lcov = String::from_utf8(lcov.stdout).unwrap();
    let record = lcov
        .split("end_of_record")
        .find(|r| r.contains("examples/trig/src/lib.rs\n"))
        .expect("llvm-cov reports trig's lib.rs");
    let llvm: std::collections::BTreeMap<u32, u64> = record
        .lines()
        .filter_map(|l| l.strip_prefix("DA:"))
        .map(|da| {
            let (line, count) = da.split_once(',').unwrap();
            (line.parse().unwrap(), count.parse().unwrap())
        })
        .collect();

    // Every line with a K has a count, and it is llvm-cov's.
    let page = std::fs::read_to_string(trig_page(o)).unwrap();
    let mut compared = 0;
    for row in page.split("<tr id=\"L").skip(1) {
        let line: u32 = row[..row.find('"').unwrap()].parse().unwrap();
        let head = &row[..row.find("</tr>").unwrap_or(row.len())];
        if !head.contains("data-k=") {
            continue;
        }
        let runs = head
            .split("data-runs=\"")
            .nth(1)
            .unwrap_or_else(|| panic!("line {line} has K and no count: {head}"));
        let runs: u64 = runs[..runs.find('"').unwrap()].parse().unwrap();
        assert_eq!(
            Some(&runs),
            llvm.get(&line),
            "line {line}: mtcov says it ran {runs} times"
        );
        compared += 1;
    }
    // Lines of the unit tests' module are llvm-cov's, not requirements.
    assert!(compared >= 80, "{compared} lines compared");
    assert!(
        llvm.values().any(|&n| n > 10_000),
        "the unit tests' loops are counted too"
    );
    // The largest count reads as llvm-cov's pages write it (31.0k).
    let most = llvm.values().max().unwrap();
    let cell = format!("title=\"ran {most} times\">{}", most / 1000);
    assert!(page.contains(&cell), "no {cell}");
}

fn lcov_through_genhtml(o: &Outputs) {
    let found = Command::new("genhtml")
        .arg("--version")
        .output()
        .map_err(|e| format!("genhtml: {e}"))
        .and_then(|out| {
            out.status
                .success()
                .then_some(())
                .ok_or_else(|| "genhtml --version failed".to_owned())
        });
    if !prerequisite("genhtml (LCOV test)", found, "apt-get install lcov") {
        return;
    }
    let out = Command::new("genhtml")
        .args(["--branch-coverage", "--function-coverage", "-o"])
        .arg(o.path("genhtml"))
        .arg(o.path("lcov.info"))
        .output()
        .unwrap();
    let (text, errors) = (stdout(&out), stderr(&out));
    assert!(out.status.success(), "genhtml failed:\n{text}\n{errors}");
    assert!(
        !errors.to_lowercase().contains("warning") && !text.to_lowercase().contains("warning"),
        "genhtml warned:\n{text}\n{errors}"
    );
    // Lines: plain line coverage. Branches: A_3's fraction, exactly.
    let s = &o.line()["summary"];
    let lines = format!(
        "({} of {} lines)",
        s["covered"].as_u64().unwrap(),
        s["requirements"].as_u64().unwrap()
    );
    let branches = format!(
        "({} of {} branches)",
        s["a_k_numerator"].as_u64().unwrap(),
        s["a_k_denominator"].as_u64().unwrap()
    );
    assert!(text.contains(&lines), "{lines} not in\n{text}");
    assert!(text.contains(&branches), "{branches} not in\n{text}");
    let f = &crate::common::criterion(&o.json, "function")["summary"];
    let functions = format!(
        "({} of {} functions)",
        f["covered"].as_u64().unwrap(),
        f["requirements"].as_u64().unwrap()
    );
    assert!(text.contains(&functions), "{functions} not in\n{text}");
}

fn cobertura_and_codecov_agree_with_the_json_report(o: &Outputs) {
    use quick_xml::events::Event;
    let xml = std::fs::read_to_string(o.path("cobertura.xml")).unwrap();
    let mut reader = quick_xml::Reader::from_str(&xml);
    let mut root = None;
    let mut lines = std::collections::BTreeMap::new();
    loop {
        match reader.read_event().expect("well-formed Cobertura XML") {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) => {
                let attr = |name: &str| {
                    e.try_get_attribute(name)
                        .unwrap()
                        .map(|a| a.unescape_value().unwrap().into_owned())
                };
                match e.name().as_ref() {
                    b"coverage" => {
                        root = Some((
                            attr("line-rate").unwrap(),
                            attr("branch-rate").unwrap(),
                            attr("lines-covered").unwrap(),
                            attr("lines-valid").unwrap(),
                        ))
                    }
                    b"line" => {
                        lines.insert(
                            attr("number").unwrap().parse::<u64>().unwrap(),
                            (attr("hits").unwrap(), attr("condition-coverage").unwrap()),
                        );
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    let s = &o.line()["summary"];
    let (covered, requirements) = (
        s["covered"].as_u64().unwrap(),
        s["requirements"].as_u64().unwrap(),
    );
    assert_eq!(
        root.unwrap(),
        (
            format!("{:.6}", covered as f64 / requirements as f64),
            format!("{:.6}", s["a_k"].as_f64().unwrap()),
            covered.to_string(),
            requirements.to_string()
        )
    );
    let codecov: Value =
        serde_json::from_str(&std::fs::read_to_string(o.path("codecov.json")).unwrap()).unwrap();
    let per_line = &codecov["coverage"]["examples/trig/src/lib.rs"];
    for r in o.line()["requirements"].as_array().unwrap() {
        let line = r["location"]["line_start"].as_u64().unwrap();
        let (inputs, s_ro) = (r["inputs"].as_u64().unwrap(), r["s_ro"].as_u64().unwrap());
        let have = s_ro.min(3);
        let want = if inputs == 0 {
            serde_json::json!(0)
        } else if have < 3 {
            serde_json::json!(format!("{have}/3"))
        } else {
            serde_json::json!(inputs)
        };
        assert_eq!(per_line[line.to_string()], want, "codecov line {line}");
        let (hits, condition) = &lines[&line];
        assert_eq!(hits, &inputs.to_string(), "cobertura line {line}");
        let got = if inputs == 0 { 0 } else { have };
        assert_eq!(condition, &format!("{}% ({got}/3)", got * 100 / 3));
    }
}

fn markdown_summary_and_report_without_rerun(o: &Outputs) {
    let md = std::fs::read_to_string(o.path("summary.md")).unwrap();
    let s = &o.line()["summary"];
    let row = format!(
        "| line | {} | {} ({}) | **{}** |",
        s["requirements"],
        s["covered"],
        pct(s["plain_coverage"].as_f64().unwrap()),
        pct(s["a_k"].as_f64().unwrap())
    );
    assert!(md.contains(&row), "{row} not in\n{md}");
    assert!(md.contains("### Top gaps in line coverage"), "{md}");

    // `report` renders the same files from the same records: no rerun.
    let again = o.path("again.info");
    let out = run(&[
        "report",
        "--k",
        "3",
        "--criterion",
        CRITERIA,
        "--markdown",
        &format!("--lcov={}", again.display()),
    ]);
    assert_exit(&out, 0);
    assert_eq!(
        stdout(&out),
        md,
        "--markdown without a path prints the summary instead of the text report"
    );
    assert_eq!(
        std::fs::read_to_string(&again).unwrap(),
        std::fs::read_to_string(o.path("lcov.info")).unwrap()
    );
    assert!(
        !stderr(&out).contains("Compiling"),
        "report does not rebuild"
    );
}

/// A file that cannot be written stops the run with exit 2, naming it;
/// two reports cannot share stdout.
fn an_output_file_that_cannot_be_written_stops_the_run(o: &Outputs) {
    let blocked = o.path("report.json").join("lcov.info");
    let out = run(&["report", &format!("--lcov={}", blocked.display())]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("cannot write the LCOV"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains(&o.path("report.json").display().to_string()),
        "{}",
        stderr(&out)
    );

    // LCOV writes k branches per line: a huge k is refused, not written.
    let out = run(&["report", "--lcov", "--k", "4294967295"]);
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("k up to 64"), "{}", stderr(&out));

    // Two reports cannot share stdout.
    let out = run(&["report", "--json", "--markdown"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("--json and --markdown both ask for stdout"),
        "{}",
        stderr(&out)
    );
}

/// A source input whose `Debug` carries terminal escapes, a carriage
/// return, a bidi override, a zero-width space and markup: through the
/// real `cargo mtcov`, none of it reaches the terminal or the page as is.
#[test]
fn hostile_debug_reaches_no_terminal_and_no_page() {
    let project = crate::common::copy_fixture("hostile-debug");
    let target = workspace_root().join("target/cli-fixtures/hostile-debug");
    let html = project.path().join("html");
    for color in ["never", "always"] {
        let out = mtcov_command(
            project.path(),
            &[
                "--k",
                "2",
                "--color",
                color,
                &format!("--html={}", html.display()),
            ],
        )
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
        assert_exit(&out, 0);
        let text = stdout(&out);
        // The closest input is named in the gap advice, written out.
        assert!(
            text.contains("Evil(1)\\u{1b}[2J\\u{1b}[31m\\rSPOOF\\u{202e}txt.exe\\u{200b}<script>"),
            "{text}"
        );
        let ours = if color == "always" {
            text.replace("\x1b[0m", "")
                .replace("\x1b[1m", "")
                .replace("\x1b[2m", "")
                .replace("\x1b[31m", "")
                .replace("\x1b[32m", "")
                .replace("\x1b[33m", "")
                .replace("\x1b[36m", "")
        } else {
            text.clone()
        };
        for bad in ['\x1b', '\r', '\u{202e}', '\u{200b}'] {
            assert!(
                !ours.contains(bad),
                "--color {color}: {bad:?} reached stdout:\n{text}"
            );
        }
    }
    for page in ["index.html", "gaps.html"] {
        let page = std::fs::read_to_string(html.join(page)).unwrap();
        assert!(
            page.contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x"),
            "{page}"
        );
        assert!(
            !page.contains("<img") && !page.contains("<script>alert"),
            "{page}"
        );
        for bad in ['\x1b', '\r', '\u{202e}', '\u{200b}'] {
            assert!(!page.contains(bad), "{bad:?} in the HTML");
        }
    }
}
