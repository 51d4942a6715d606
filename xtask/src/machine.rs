//! What the figures were measured on.

use std::process::Command;

/// `AMD EPYC, 2 cores, rustc 1.95.0 (...)`.
pub(crate) fn describe() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, model)| model.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let rustc = Command::new("rustc")
        .arg("-V")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_else(|| "rustc (version unknown)".to_owned());
    let os = std::fs::read_to_string("/proc/sys/kernel/osrelease")
        .map(|r| format!(", Linux {}", r.trim()))
        .unwrap_or_default();
    format!("{cpu}, {cores} cores, {rustc}{os}")
}
