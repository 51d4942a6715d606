//! A choice's `[if ...]` condition, as the records carry it: tokenized,
//! parsed, printed back (and parsed again to the same condition), never a
//! panic.
#![no_main]

use mtcov_protocol::condition;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(tokens) = condition::tokenize(text) else {
        return;
    };
    let Ok(cond) = condition::parse(&tokens, &mut |name, _| Ok(name.to_owned())) else {
        return;
    };
    let again = condition::tokenize(&cond.to_string()).expect("printed back, it tokenizes");
    let again = condition::parse(&again, &mut |name, _| Ok(name.to_owned()))
        .expect("printed back, it parses");
    assert_eq!(again, cond, "printing back changed the condition");
});
