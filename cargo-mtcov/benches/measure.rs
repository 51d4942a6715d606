//! The k-MR measure and report at the scale of the paper's largest
//! subjects, and how they grow.
//!
//! `cargo bench -p cargo-mtcov --bench measure`
//!
//! Pools are synthesised (seeded, deterministic) to look like the paper's
//! grep (25,168 MRs, 16,362 source inputs) and print_tokens2 (22,013 MRs,
//! 25,615 source inputs), with 20,000 requirements in 40 files, grouped
//! in 400 "functions" of 50. Every input covers the 8 core functions; it
//! reaches each other function with a probability falling log-linearly
//! from 1 to 1e-4 (times a per-input breadth in [0.1, 1]), covering a
//! random prefix of it; the last 40 functions are never reached. So an
//! input covers ~450..1,600 requirements, the popular code is covered by
//! thousands of inputs and the tail by a handful or none. Each input is
//! associated with 0..8 MRs out of 40 relation classes: 5% have none, most
//! one or two.
//!
//! Each scenario runs in a child process of this binary, so that memory
//! peaks do not mix. The child builds the data, resets its peak RSS
//! (`/proc/self/clear_refs`), then times several runs of: the measure
//! alone (`|S_RO|` + `K(r)` + summary for one criterion), and the report
//! (`report::build`: measure, per-file rows, ranked gaps, per-requirement
//! K, per-input S_RO) plus its JSON rendering, and the HTML site of that
//! report over synthetic sources of the 40 files (about 60,000 lines).
//! Memory is the peak RSS during those runs (`VmHWM`), in total and above
//! the resident data.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::process::Command;
use std::time::Instant;

use cargo_mtcov::measure::{Counting, Coverage, InputIdx, MrIdx, PoolBuilder, measure};
use cargo_mtcov::model::{Criterion, Location, SourceInfo};
use cargo_mtcov::report::{self, CriterionInput, ReportInput};
use mtcov_protocol::MrDescription;

const CHILD_ENV: &str = "MTCOV_BENCH_SCENARIO";
const REQUIREMENTS: u32 = 20_000;
const FUNCTIONS: u32 = 400;
const REACHED_FUNCTIONS: u32 = 360;
const CORE_FUNCTIONS: u32 = 8;
const CLASSES: u32 = 40;
const K: u32 = 2;

#[derive(Clone, Copy)]
struct Scenario {
    name: &'static str,
    mrs: u32,
    inputs: u32,
    /// Source inputs (hence covered pairs and associations) times this.
    scale: u32,
    runs: usize,
}

const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "grep",
        mrs: 25_168,
        inputs: 16_362,
        scale: 1,
        runs: 7,
    },
    Scenario {
        name: "print_tokens2",
        mrs: 22_013,
        inputs: 25_615,
        scale: 1,
        runs: 7,
    },
    Scenario {
        name: "grep",
        mrs: 25_168,
        inputs: 16_362,
        scale: 4,
        runs: 5,
    },
    Scenario {
        name: "grep",
        mrs: 25_168,
        inputs: 16_362,
        scale: 16,
        runs: 3,
    },
];

/// splitmix64: tiny, fast, good enough to shape synthetic data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u32) -> u32 {
        (((self.next() >> 32) * u64::from(n)) >> 32) as u32
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

struct Data {
    pool: cargo_mtcov::measure::Pool,
    coverage: Coverage,
    locations: Vec<Location>,
    mrs: Vec<MrDescription>,
    sources: Vec<SourceInfo>,
}

fn synthesise(s: Scenario) -> Data {
    let mut rng = Rng(0x6d74_636f_7600_0000 ^ u64::from(s.mrs));
    let inputs = s.inputs * s.scale;
    let mut pool = PoolBuilder::new();
    let class_names: Vec<String> = (0..CLASSES).map(|c| format!("class_{c:02}")).collect();
    let mr_ids: Vec<MrIdx> = (0..s.mrs)
        .map(|m| pool.add_mr(&class_names[(m % CLASSES) as usize], Some("Args")))
        .collect();
    let mut coverage =
        Coverage::with_capacity(REQUIREMENTS, inputs as usize, inputs as usize * 800);
    let per_function = REQUIREMENTS / FUNCTIONS;
    let mut reqs = Vec::with_capacity(4_000);
    // Reach probability of the non-core functions: from 1 down to 1e-4,
    // log-linear, so the tail is executed by a handful of inputs or none.
    let tail = REACHED_FUNCTIONS - CORE_FUNCTIONS;
    let reach: Vec<f64> = (0..tail)
        .map(|f| 10f64.powf(-4.0 * f64::from(f) / f64::from(tail - 1)))
        .collect();
    for _ in 0..inputs {
        let t: InputIdx = pool.add_input();
        // 5% unassociated; otherwise 1 MR, then each further one (up to
        // 8) with probability 0.45: most inputs are checked by one or two.
        if rng.below(100) >= 5 {
            for n in 0..8 {
                if n > 0 && rng.below(100) >= 45 {
                    break;
                }
                pool.associate(t, mr_ids[rng.below(s.mrs) as usize])
                    .unwrap();
            }
        }
        // Every input runs the core functions; each other function f is
        // reached with probability breadth * reach[f].
        let breadth = 10f64.powf(-rng.unit());
        reqs.clear();
        reqs.extend(0..CORE_FUNCTIONS * per_function);
        for (f, &p) in reach.iter().enumerate() {
            if rng.unit() < breadth * p {
                let covered = 1 + rng.below(per_function);
                let f = CORE_FUNCTIONS + f as u32;
                reqs.extend((0..covered).map(|i| f * per_function + i));
            }
        }
        coverage.push(t, reqs.iter().copied()).unwrap();
    }
    let pool = pool.build();
    let locations = (0..REQUIREMENTS)
        .map(|r| {
            let file = format!("src/module_{:02}.rs", r / 500);
            let line = 10 + (r % 500) * 3;
            Location::new(file, line, 5, line, 40)
        })
        .collect();
    let mrs = (0..s.mrs)
        .map(|m| MrDescription {
            id: format!("mrs::relation_{m:05}"),
            name: format!("relation_{m:05}"),
            class: class_names[(m % CLASSES) as usize].clone(),
            file: "tests/mrs.rs".into(),
            line: 10 + m,
            source_type: "Args".into(),
        })
        .collect();
    let sources = (0..inputs)
        .map(|i| SourceInfo {
            key: format!("{:016x}", u64::from(i).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
            debug: format!(
                "Args {{ pattern: \"p{i}\", file: \"input_{}.txt\" }}",
                i % 997
            ),
        })
        .collect();
    Data {
        pool,
        coverage,
        locations,
        mrs,
        sources,
    }
}

/// Source text for every file of `locations`: as many lines as the last
/// requirement needs plus a tail, ~40 characters each, some of them
/// with characters the HTML must escape.
fn source_texts(locations: &[Location]) -> BTreeMap<String, String> {
    let mut last: BTreeMap<&str, u32> = BTreeMap::new();
    for l in locations {
        let end = last.entry(&l.file).or_default();
        *end = (*end).max(l.line_end);
    }
    last.into_iter()
        .map(|(file, end)| {
            let mut text = String::new();
            for n in 1..=end + 10 {
                if n % 3 == 1 {
                    text.push_str(&format!("    if a_{n} < b && c > d {{ x = \"{n}\"; }}\n"));
                } else {
                    text.push_str(&format!("    let value_{n} = compute(value, {n});\n"));
                }
            }
            (file.to_owned(), text)
        })
        .collect()
}

fn status_kib(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status")
        .expect("reading /proc/self/status (Linux only)");
    status
        .lines()
        .find_map(|l| {
            l.strip_prefix(field)?
                .trim()
                .strip_suffix("kB")?
                .trim()
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("{field} not found in /proc/self/status"))
}

fn median(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[0], v[v.len() - 1])
}

/// Runs one scenario and prints one tab-separated result line.
fn child(s: Scenario) {
    let start = Instant::now();
    let data = synthesise(s);
    let gen_s = start.elapsed().as_secs_f64();
    let data_kib = status_kib("VmRSS:");
    // Reset VmHWM to the current RSS so the peak below is the runs' own.
    std::fs::write("/proc/self/clear_refs", "5")
        .expect("resetting the peak RSS through /proc/self/clear_refs");
    let mut measure_ms = Vec::new();
    let mut report_ms = Vec::new();
    let mut html_ms = Vec::new();
    let mut json_bytes = 0;
    let mut html_bytes = 0;
    let sources = source_texts(&data.locations);
    let source_lines: usize = sources.values().map(|t| t.lines().count()).sum();
    let mut a_k = 0.0;
    let mut gaps = 0;
    for _ in 0..s.runs {
        let t = Instant::now();
        let relations = data.pool.source_relations(Counting::Class);
        let m = measure(&data.pool, &relations, &data.coverage, K).unwrap();
        a_k = m.summary().unwrap().a_k;
        black_box(&m);
        measure_ms.push(t.elapsed().as_secs_f64() * 1e3);
        drop((m, relations));

        let t = Instant::now();
        let rep = report::build(ReportInput {
            k: K,
            counting: Counting::Class,
            pool: &data.pool,
            mrs: &data.mrs,
            sources: &data.sources,
            functions: &[],
            tests_ran: &[],
            criteria: vec![CriterionInput {
                criterion: Criterion::Region,
                coverage: &data.coverage,
                locations: &data.locations,
                aside: &[],
                first_use: &[],
                aside_complete: true,
                runs: Err("not measured"),
                metamorphic: None,
                clean: None,
            }],
            violations: vec![],
            satisfaction: Default::default(),
            unclassified: Vec::new(),
            failed_tests: Vec::new(),
            patch: None,
            suggestions: Vec::new(),
            stopped_draws: Vec::new(),
            captures: Default::default(),
        })
        .unwrap();
        gaps = rep.criteria[0].gaps.len();
        let json = report::render_json_string(&rep);
        json_bytes = json.len();
        black_box(&json);
        report_ms.push(t.elapsed().as_secs_f64() * 1e3);

        let t = Instant::now();
        let site = report::render_html(&rep, &sources);
        html_bytes = site.pages.iter().map(|(_, p)| p.len()).sum::<usize>();
        black_box(&site);
        html_ms.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let peak_kib = status_kib("VmHWM:");
    let (m_med, m_min, m_max) = median(measure_ms);
    let (r_med, r_min, r_max) = median(report_ms);
    let (h_med, h_min, h_max) = median(html_ms);
    println!(
        "{}\t{}\t{}\t{}\t{}\t{gen_s:.2}\t{m_med}\t{m_min}\t{m_max}\t{r_med}\t{r_min}\t{r_max}\t{data_kib}\t{peak_kib}\t{json_bytes}\t{a_k}\t{gaps}\t{h_med}\t{h_min}\t{h_max}\t{html_bytes}\t{source_lines}",
        s.mrs,
        s.inputs * s.scale,
        data.coverage.num_pairs(),
        data.pool.num_associations(),
        s.runs,
    );
}

fn main() {
    if let Ok(index) = std::env::var(CHILD_ENV) {
        child(SCENARIOS[index.parse::<usize>().expect("scenario index")]);
        return;
    }
    let exe = std::env::current_exe().expect("path of this benchmark binary");
    println!(
        "k-MR measure at paper scale: {REQUIREMENTS} requirements, {CLASSES} classes, k = {K}"
    );
    println!(
        "times: median [min..max] over runs; memory: peak RSS during the runs (VmHWM), and above the resident data"
    );
    println!();
    println!(
        "{:<18} {:>6} {:>7} {:>11} {:>7} {:>25} {:>25} {:>9} {:>9} {:>9} {:>8} {:>10} {:>6} {:>10} {:>25} {:>8} {:>12}",
        "scenario",
        "MRs",
        "inputs",
        "pairs",
        "assoc",
        "measure ms",
        "report+json ms",
        "data MB",
        "peak MB",
        "above MB",
        "json MB",
        "ns/pair",
        "A_2",
        "gap groups",
        "html ms",
        "html MB",
        "source lines"
    );
    let mut base: Option<(f64, f64)> = None;
    for (i, s) in SCENARIOS.iter().enumerate() {
        let out = Command::new(&exe)
            .env(CHILD_ENV, i.to_string())
            .output()
            .expect("running a benchmark child");
        if !out.status.success() {
            eprintln!("{}", String::from_utf8_lossy(&out.stderr));
            panic!("scenario {} x{} failed", s.name, s.scale);
        }
        let line = String::from_utf8_lossy(&out.stdout);
        let f: Vec<f64> = line
            .trim()
            .split('\t')
            .map(|x| x.parse().expect("child output"))
            .collect();
        let [
            mrs,
            inputs,
            pairs,
            assoc,
            _runs,
            _gen,
            m_med,
            m_min,
            m_max,
            r_med,
            r_min,
            r_max,
            data_kib,
            peak_kib,
            json,
            a_k,
            gaps,
            h_med,
            h_min,
            h_max,
            html,
            source_lines,
        ] = f[..]
        else {
            panic!("unexpected child output: {line}")
        };
        let label = format!("{} x{}", s.name, s.scale);
        let ns_per_pair = (m_med + r_med) * 1e6 / pairs;
        println!(
            "{label:<18} {mrs:>6} {inputs:>7} {pairs:>11} {assoc:>7} {:>25} {:>25} {:>9.1} {:>9.1} {:>9.1} {:>8.1} {ns_per_pair:>10.2} {a_k:>6.3} {gaps:>10} {:>25} {:>8.1} {source_lines:>12}",
            format!("{m_med:.1} [{m_min:.1}..{m_max:.1}]"),
            format!("{r_med:.1} [{r_min:.1}..{r_max:.1}]"),
            data_kib / 1024.0,
            peak_kib / 1024.0,
            (peak_kib - data_kib) / 1024.0,
            json / 1e6,
            format!("{h_med:.1} [{h_min:.1}..{h_max:.1}]"),
            html / 1e6,
        );
        if s.name == "grep" {
            match base {
                None => base = Some((pairs, m_med + r_med)),
                Some((p0, t0)) => println!(
                    "{:<18} pairs x{:.1}, time x{:.2} (linear: time ratio / pair ratio = {:.2})",
                    "",
                    pairs / p0,
                    (m_med + r_med) / t0,
                    ((m_med + r_med) / t0) / (pairs / p0)
                ),
            }
        }
    }
}
