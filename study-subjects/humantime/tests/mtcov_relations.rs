//! Metamorphic relations of humantime's parsers and formatters, written
//! for the mtcov study (docs/study.md). Two input types: durations (for
//! `parse_duration`, `format_duration` and the `Duration` wrapper) and
//! instants (for `parse_rfc3339`, `parse_rfc3339_weak` and the five
//! `format_rfc3339*` precisions). No MR knows the right text of an input:
//! each relates two runs of the functions.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use humantime::{
    format_duration, format_rfc3339, format_rfc3339_micros, format_rfc3339_millis,
    format_rfc3339_nanos, format_rfc3339_seconds, parse_duration, parse_rfc3339,
    parse_rfc3339_weak,
};
use mt_runtime::{metamorphic, Mg};

fn text(d: &Duration) -> String {
    format_duration(*d).to_string()
}
fn parse(s: &str) -> Option<Duration> {
    parse_duration(s).ok()
}
fn stamp(t: &SystemTime) -> String {
    format_rfc3339(*t).to_string()
}
fn instant(s: &str) -> Option<SystemTime> {
    parse_rfc3339(s).ok()
}

/// The last instant RFC 3339 can write (9999-12-31T23:59:59.999999999Z).
fn last_instant() -> SystemTime {
    UNIX_EPOCH + Duration::new(253_402_300_799, 999_999_999)
}

// ---- round trip: a formatted value parses back to itself ----

#[metamorphic(output = "round-trip")]
fn duration_round_trip(mg: &mut Mg, d: &Duration) {
    let s = mg.source(d, text);
    let back = mg.follow_up(s.as_str(), parse);
    mg.check_eq(back, Some(*d));
}

#[metamorphic(output = "round-trip")]
fn rfc3339_round_trip(mg: &mut Mg, t: &SystemTime) {
    let s = mg.source(t, stamp);
    let back = mg.follow_up(s.as_str(), instant);
    mg.check_eq(back, Some(*t));
}

/// The `Duration` wrapper's `Display` and `FromStr` agree with the functions.
#[metamorphic(output = "round-trip")]
fn duration_wrapper_agrees(mg: &mut Mg, d: &Duration) {
    let s = mg.source(d, text);
    let wrapped = mg.follow_up(d, |d| humantime::Duration::from(*d).to_string());
    let back = mg.follow_up(s.as_str(), |s| s.parse::<humantime::Duration>().ok());
    mg.check(wrapped == s && back.map(|b| *b) == Some(*d), || {
        format!("{wrapped} vs {s}, {back:?}")
    });
}

// ---- synonym: another spelling of the same value ----

/// Long unit names and extra spaces parse as the short ones.
#[metamorphic(output = "synonym")]
fn duration_long_units(mg: &mut Mg, d: &Duration) {
    let s = text(d);
    let long: Vec<String> = s
        .split(' ')
        .map(|part| {
            let digits = part.trim_end_matches(|c: char| !c.is_ascii_digit());
            let unit = match &part[digits.len()..] {
                "ns" => "nsec",
                "us" => "usec",
                "ms" => "msec",
                "s" => "seconds",
                "m" => "minutes",
                "h" => "hours",
                "day" | "days" => "d",
                "month" | "months" => "M",
                "year" | "years" => "y",
                other => other,
            };
            format!("{digits}{unit}")
        })
        .collect();
    let a = mg.source(d, |d| parse(&text(d)));
    let b = mg.follow_up(long.join("   ").as_str(), parse);
    mg.check_eq(a, b);
}

/// A weak timestamp (space for `T`, no `Z`) names the same instant.
#[metamorphic(output = "synonym")]
fn rfc3339_weak_spelling(mg: &mut Mg, t: &SystemTime) {
    let s = stamp(t);
    let weak = s.replacen('T', " ", 1);
    let weak = weak.trim_end_matches('Z');
    let a = mg.source(t, |t| instant(&stamp(t)));
    let b = mg.follow_up(weak, |w| parse_rfc3339_weak(w).ok());
    mg.check_eq(a, b);
}

/// `+00:00` is `Z`.
#[metamorphic(output = "synonym")]
fn rfc3339_offset_spelling(mg: &mut Mg, t: &SystemTime) {
    let s = stamp(t);
    let offset = format!("{}+00:00", s.trim_end_matches('Z'));
    let a = mg.source(t, |t| instant(&stamp(t)));
    let b = mg.follow_up(offset.as_str(), instant);
    mg.check_eq(a, b);
}

// ---- permutation: the same spans in another order ----

#[metamorphic(output = "permutation")]
fn duration_spans_reordered(mg: &mut Mg, d: &Duration) {
    let s = text(d);
    let reversed: Vec<&str> = s.split(' ').rev().collect();
    let a = mg.source(d, |d| parse(&text(d)));
    let b = mg.follow_up(reversed.join(" ").as_str(), parse);
    mg.check_eq(a, b);
}

// ---- additive: spans add up; shifted instants differ by the shift ----

/// Appending a span of one hour and a half adds 5,400 s.
#[metamorphic(output = "additive")]
fn duration_spans_add(mg: &mut Mg, d: &Duration) {
    let s = text(d);
    let a = mg.source(d, |d| parse(&text(d)));
    let b = mg.follow_up(format!("{s} 1h 30min").as_str(), parse);
    mg.check(
        a.zip(b)
            .is_some_and(|(a, b)| b == a + Duration::from_secs(5400)),
        || format!("{a:?} then {b:?}"),
    );
}

/// Unit scaling: a duration in whole seconds, in minutes plus seconds, and
/// in milliseconds are the same.
#[metamorphic(output = "additive")]
fn duration_unit_scaling(mg: &mut Mg, d: &Duration) {
    let secs = d.as_secs() % 10_000_000;
    let a = mg.source(d, |_| parse(&format!("{secs}s")));
    let b = mg.follow_up(format!("{}min {}sec", secs / 60, secs % 60).as_str(), parse);
    let c = mg.follow_up(format!("{}ms", secs * 1000).as_str(), parse);
    mg.check(a == b && b == c, || format!("{a:?} {b:?} {c:?}"));
}

/// A fraction of a unit is the same as its smaller units.
#[metamorphic(output = "additive")]
fn duration_fraction(mg: &mut Mg, d: &Duration) {
    let millis = d.subsec_millis();
    let a = mg.source(d, |d| parse(&format!("{}s {millis}ms", d.as_secs())));
    let b = mg.follow_up(format!("{}.{millis:03}s", d.as_secs()).as_str(), parse);
    mg.check_eq(a, b);
}

/// Formatting an instant shifted by a duration and parsing both gives
/// back the duration; formatting it gives the duration's text.
#[metamorphic(output = "additive")]
fn rfc3339_shift(mg: &mut Mg, t: &SystemTime) {
    let shift = Duration::new(
        86_400 * 366 + 3_723,
        t.duration_since(UNIX_EPOCH).unwrap().subsec_nanos() / 7,
    );
    let Some(later) = t.checked_add(shift).filter(|l| *l <= last_instant()) else {
        return mg.skip("past year 9999");
    };
    let a = mg.source(t, |t| instant(&stamp(t)));
    let b = mg.follow_up(stamp(&later).as_str(), instant);
    let gap = a.zip(b).and_then(|(a, b)| b.duration_since(a).ok());
    mg.check(gap.map(|g| text(&g)) == Some(text(&shift)), || {
        format!("{a:?} then {b:?}")
    });
}

// ---- truncation: a coarser precision drops the digits below it ----

#[metamorphic(output = "truncation")]
fn rfc3339_precisions(mg: &mut Mg, t: &SystemTime) {
    let since = t.duration_since(UNIX_EPOCH).unwrap();
    let nanos = since.subsec_nanos();
    let full = mg.source(t, |t| format_rfc3339_nanos(*t).to_string());
    let cuts: [(String, u32); 3] = [
        (format_rfc3339_seconds(*t).to_string(), nanos),
        (format_rfc3339_millis(*t).to_string(), nanos % 1_000_000),
        (format_rfc3339_micros(*t).to_string(), nanos % 1_000),
    ];
    let parsed = mg.follow_up(&cuts, |cuts| {
        cuts.iter().map(|(s, _)| instant(s)).collect::<Vec<_>>()
    });
    let whole = instant(&full);
    let ok = cuts.iter().zip(&parsed).all(|((_, dropped), p)| {
        p.zip(whole)
            .is_some_and(|(p, w)| w.duration_since(p).ok() == Some(Duration::new(0, *dropped)))
    });
    mg.check(ok, || format!("{full} vs {cuts:?}"));
}

/// The smart precision prints whole seconds when they keep the instant,
/// and nanoseconds otherwise.
#[metamorphic(output = "truncation")]
fn rfc3339_smart_is_shortest(mg: &mut Mg, t: &SystemTime) {
    let smart = mg.source(t, stamp);
    let fixed = mg.follow_up(t, |t| {
        [
            format_rfc3339_seconds(*t).to_string(),
            format_rfc3339_nanos(*t).to_string(),
        ]
    });
    let coarsest = fixed.iter().find(|s| instant(s) == Some(*t));
    mg.check(coarsest == Some(&smart), || format!("{smart} vs {fixed:?}"));
}

// ---- order: a later value reads as later ----

/// One more second formats and parses as one second more.
#[metamorphic(output = "order")]
fn duration_one_second_more(mg: &mut Mg, d: &Duration) {
    let more = *d + Duration::from_secs(1);
    let a = mg.source(d, |d| parse(&text(d)));
    let b = mg.follow_up(text(&more).as_str(), parse);
    mg.check(
        a.zip(b)
            .is_some_and(|(a, b)| b - a == Duration::from_secs(1)),
        || format!("{a:?} then {b:?}"),
    );
}

/// Fixed-width timestamps sort as their instants do.
#[metamorphic(output = "order")]
fn rfc3339_text_order(mg: &mut Mg, t: &SystemTime) {
    let later = *t + Duration::new(59, 999_999_999);
    if later > last_instant() {
        return mg.skip("past year 9999");
    }
    let a = mg.source(t, |t| format_rfc3339_nanos(*t).to_string());
    let b = mg.follow_up(&later, |t| format_rfc3339_nanos(*t).to_string());
    mg.check(a < b, || format!("{a} !< {b}"));
}

/// Hand-picked durations at unit boundaries, then generated ones.
fn durations() -> Vec<Duration> {
    let mut out: Vec<Duration> = [
        (0, 0),
        (0, 1),
        (0, 999),
        (0, 1_000),
        (0, 999_999),
        (0, 1_000_000),
        (0, 999_999_999),
        (1, 0),
        (59, 0),
        (60, 0),
        (61, 500_000_000),
        (3_599, 0),
        (3_600, 0),
        (86_399, 999_000_000),
        (86_400, 0),
        (2_630_016, 0),
        (2_630_017, 1),
        (31_557_600, 0),
        (31_557_601, 1_001_001),
        (315_576_000, 123_456_789),
    ]
    .into_iter()
    .map(|(s, n)| Duration::new(s, n))
    .collect();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for i in 0..30 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let secs = x % [100, 10_000, 1_000_000, 100_000_000, 3_000_000_000][i % 5];
        let nanos = [0, 1_000_000, 1_000, 1][i % 4] * ((x >> 40) as u32 % 1_000);
        out.push(Duration::new(secs, nanos));
    }
    out
}

/// Hand-picked instants (the epoch, leap days, century years, year ends),
/// then generated ones up to 2400.
fn instants() -> Vec<SystemTime> {
    let mut out: Vec<SystemTime> = [
        (0, 0),
        (1, 1),
        (951_782_400, 0),             // 2000-02-29
        (951_868_799, 999_999_999),   // 2000-02-29T23:59:59.999999999
        (946_684_799, 0),             // 1999-12-31T23:59:59
        (4_107_542_400, 0),           // 2100-03-01
        (4_102_444_800, 500_000),     // 2100-01-01
        (1_709_164_800, 120_000_000), // 2024-02-29
        (1_735_689_599, 0),           // 2024-12-31T23:59:59
        (253_402_300_799, 0),         // 9999-12-31T23:59:59
    ]
    .into_iter()
    .map(|(s, n)| UNIX_EPOCH + Duration::new(s, n))
    .collect();
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    for i in 0..30 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let secs = x % 13_569_465_600; // before 2400
        let nanos = [0, 1_000_000, 1_000, 1][i % 4] * ((x >> 40) as u32 % 1_000);
        out.push(UNIX_EPOCH + Duration::new(secs, nanos));
    }
    out
}

#[test]
fn duration_relations_hold() {
    mt_runtime::check(
        &durations(),
        &[
            duration_round_trip,
            duration_wrapper_agrees,
            duration_long_units,
            duration_spans_reordered,
            duration_spans_add,
            duration_unit_scaling,
            duration_fraction,
            duration_one_second_more,
        ],
    );
}

#[test]
fn rfc3339_relations_hold() {
    mt_runtime::check(
        &instants(),
        &[
            rfc3339_round_trip,
            rfc3339_weak_spelling,
            rfc3339_offset_spelling,
            rfc3339_shift,
            rfc3339_precisions,
            rfc3339_smart_is_shortest,
            rfc3339_text_order,
        ],
    );
}
