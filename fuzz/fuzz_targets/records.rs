//! A record file, as `cargo mtcov merge` may get it from another machine:
//! read, checked, assembled, never a panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = cargo_mtcov::fuzz::records(&text);
});
