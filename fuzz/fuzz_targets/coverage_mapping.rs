//! The coverage sections of a damaged or foreign object: decoded and
//! turned into requirements, never a panic. The input is
//! `[covmap length: u32 LE][covfun length: u32 LE][covmap][covfun][names]`,
//! lengths clamped to what is there (`fuzz/seed.sh` makes seeds of a real
//! binary's sections so).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let length = |at: usize| u32::from_le_bytes(data[at..at + 4].try_into().unwrap()) as usize;
    let rest = &data[8..];
    let (covmap, rest) = rest.split_at(length(0).min(rest.len()));
    let (covfun, names) = rest.split_at(length(4).min(rest.len()));
    let _ = cargo_mtcov::fuzz::coverage_mapping(covmap, covfun, names);
});
