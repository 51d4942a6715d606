//! Counter vectors in records: sorted (global counter index, value) pairs,
//! written as one JSON string in a compact text encoding, in full or as
//! the changes from an earlier vector of the same file.
//!
//! Encoding: each pair is two numbers, the index's distance from the
//! previous pair's index plus one (the first: its index) and the value.
//! A number is written in base 32, least significant digit first: every
//! digit but the last from `MORE`, the last from `LAST` (both URL-safe
//! base64 letters, so nothing is escaped in JSON). Consecutive counters
//! with small values, the common case, cost two characters a pair.
//!
//! ```
//! use mtcov_protocol::counters;
//!
//! let pairs = [(3, 1), (4, 1), (5, 40), (1000, 7)];
//! let mut text = String::new();
//! counters::encode(&mut text, &pairs);
//! assert_eq!(text, "DBABAoBifH");
//! assert_eq!(counters::decode(&text).unwrap(), pairs);
//! ```

/// Last digit of a number: 0..32.
const LAST: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef";
/// Any other digit: 0..32.
const MORE: &[u8; 32] = b"ghijklmnopqrstuvwxyz0123456789-_";

fn number(out: &mut String, mut n: u64) {
    while n >= 32 {
        out.push(char::from(MORE[(n & 31) as usize]));
        n >>= 5;
    }
    out.push(char::from(LAST[n as usize]));
}

/// Appends the encoding of `pairs` (sorted by index, each index once).
pub fn encode(out: &mut String, pairs: &[(u32, u64)]) {
    let mut next = 0u64;
    for &(index, value) in pairs {
        debug_assert!(u64::from(index) >= next, "pairs not sorted");
        number(out, u64::from(index) - next);
        number(out, value);
        next = u64::from(index) + 1;
    }
}

/// Decodes what [`encode`] wrote: the pairs, sorted, each index once.
pub fn decode(text: &str) -> Result<Vec<(u32, u64)>, String> {
    let mut numbers = Numbers {
        bytes: text.as_bytes(),
        at: 0,
    };
    let mut pairs = Vec::with_capacity(text.len() / 2);
    let mut next = 0u64;
    while let Some(gap) = numbers.next()? {
        let Some(value) = numbers.next()? else {
            return Err("a counter index without its value".to_owned());
        };
        let index = next
            .checked_add(gap)
            .and_then(|i| u32::try_from(i).ok())
            .ok_or_else(|| format!("counter index {next} + {gap} out of range"))?;
        pairs.push((index, value));
        next = u64::from(index) + 1;
    }
    Ok(pairs)
}

struct Numbers<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Numbers<'_> {
    fn next(&mut self) -> Result<Option<u64>, String> {
        if self.at == self.bytes.len() {
            return Ok(None);
        }
        let mut n = 0u64;
        let mut shift = 0u32;
        loop {
            let Some(&b) = self.bytes.get(self.at) else {
                return Err("a number cut short at the end of the counters".to_owned());
            };
            self.at += 1;
            let (digit, last) = match b {
                b'A'..=b'Z' => (b - b'A', true),
                b'a'..=b'f' => (b - b'a' + 26, true),
                b'g'..=b'z' => (b - b'g', false),
                b'0'..=b'9' => (b - b'0' + 20, false),
                b'-' => (30, false),
                b'_' => (31, false),
                _ => {
                    return Err(format!(
                        "{:?} at {} is not a digit of the counter encoding",
                        char::from(b),
                        self.at - 1
                    ));
                }
            };
            let digit = u64::from(digit);
            if shift >= 64 || (shift > 0 && digit >> (64 - shift) != 0) {
                return Err(format!("a number over 64 bits at {}", self.at - 1));
            }
            n |= digit << shift;
            if last {
                return Ok(Some(n));
            }
            shift += 5;
        }
    }
}

/// Adds `more` to `sum`, both sorted by counter index: counters of either,
/// values summed (saturating).
pub fn add(sum: &mut Vec<(u32, u64)>, more: &[(u32, u64)]) {
    if sum.is_empty() {
        sum.extend_from_slice(more);
        return;
    }
    let old = std::mem::take(sum);
    let (mut a, mut b) = (old.iter().peekable(), more.iter().peekable());
    loop {
        let next = match (a.peek(), b.peek()) {
            (Some(&&(i, x)), Some(&&(j, y))) if i == j => {
                a.next();
                b.next();
                (i, x.saturating_add(y))
            }
            (Some(&&x), Some(&&y)) if x.0 < y.0 => {
                a.next();
                x
            }
            (_, Some(&&y)) => {
                b.next();
                y
            }
            (Some(&&x), None) => {
                a.next();
                x
            }
            (None, None) => break,
        };
        sum.push(next);
    }
}

/// `sum` less `part` (both sorted by counter index), counter by counter,
/// never below zero; zeros dropped.
pub fn subtract(sum: &[(u32, u64)], part: &[(u32, u64)]) -> Vec<(u32, u64)> {
    let mut out = Vec::with_capacity(sum.len());
    let mut part = part.iter().peekable();
    for &(index, value) in sum {
        while part.next_if(|&&(i, _)| i < index).is_some() {}
        let less = part.next_if(|&&(i, _)| i == index).map_or(0, |&(_, v)| v);
        let left = value.saturating_sub(less);
        if left > 0 {
            out.push((index, left));
        }
    }
    out
}

/// The changes that make `base` into `new` (both sorted): every index
/// whose value differs, with its value in `new` (0 where `new` has none).
pub fn delta(base: &[(u32, u64)], new: &[(u32, u64)]) -> Vec<(u32, u64)> {
    delta_within(base, new, usize::MAX).expect("no limit")
}

/// [`delta`], or `None` as soon as it would take more than `limit` pairs
/// (so comparing with a base that is far off costs little).
pub fn delta_within(
    base: &[(u32, u64)],
    new: &[(u32, u64)],
    limit: usize,
) -> Option<Vec<(u32, u64)>> {
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < base.len() || j < new.len() {
        if out.len() > limit {
            return None;
        }
        match (base.get(i), new.get(j)) {
            (Some(&(bi, bv)), Some(&(ni, nv))) if bi == ni => {
                if bv != nv {
                    out.push((ni, nv));
                }
                i += 1;
                j += 1;
            }
            (Some(&(bi, _)), Some(&(ni, _))) if bi < ni => {
                out.push((bi, 0));
                i += 1;
            }
            (Some(&(bi, _)), None) => {
                out.push((bi, 0));
                i += 1;
            }
            (_, Some(&pair)) => {
                out.push(pair);
                j += 1;
            }
            (None, None) => unreachable!("the loop condition"),
        }
    }
    (out.len() <= limit).then_some(out)
}

/// `base` with `changes` applied (both sorted): the inverse of [`delta`].
/// Pairs whose value becomes 0 are dropped.
pub fn apply(base: &[(u32, u64)], changes: &[(u32, u64)]) -> Vec<(u32, u64)> {
    let mut out = Vec::with_capacity(base.len() + changes.len());
    let (mut i, mut j) = (0, 0);
    while i < base.len() || j < changes.len() {
        let pair = match (base.get(i), changes.get(j)) {
            (Some(&(bi, _)), Some(&(ci, cv))) if bi == ci => {
                i += 1;
                j += 1;
                (ci, cv)
            }
            (Some(&(bi, bv)), Some(&(ci, _))) if bi < ci => {
                i += 1;
                (bi, bv)
            }
            (Some(&pair), None) => {
                i += 1;
                pair
            }
            (_, Some(&pair)) => {
                j += 1;
                pair
            }
            (None, None) => unreachable!("the loop condition"),
        };
        if pair.1 != 0 {
            out.push(pair);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_extremes() {
        let pairs = [
            (0, 0),
            (1, 31),
            (2, 32),
            (u32::MAX - 1, u64::MAX),
            (u32::MAX, 1),
        ];
        let mut text = String::new();
        encode(&mut text, &pairs);
        assert_eq!(decode(&text).unwrap(), pairs);
        assert_eq!(decode("").unwrap(), []);
    }

    #[test]
    fn malformed_text_is_an_error_never_a_panic() {
        for bad in [
            "A",
            "g",
            "AB!",
            "Ag",
            "____________gA",
            "__________________A",
            "AA\"",
            "é",
        ] {
            assert!(decode(bad).is_err(), "{bad:?}");
        }
        // An index past u32::MAX.
        let mut text = String::new();
        number(&mut text, u64::from(u32::MAX) + 1);
        number(&mut text, 1);
        assert!(decode(&text).is_err());
    }

    #[test]
    fn subtract_undoes_add() {
        let part = [(1, 2), (4, 1)];
        let mut sum = vec![(0, 1), (4, 3), (9, 3)];
        add(&mut sum, &part);
        assert_eq!(subtract(&sum, &part), [(0, 1), (4, 3), (9, 3)]);
        assert_eq!(subtract(&[(3, 1)], &[(3, 5)]), []);
    }

    #[test]
    fn delta_then_apply_gives_the_new_vector() {
        let base = [(1, 1), (2, 5), (7, 1), (9, 3)];
        let new = [(0, 2), (2, 5), (7, 4), (10, 1)];
        let changes = delta(&base, &new);
        assert_eq!(changes, [(0, 2), (1, 0), (7, 4), (9, 0), (10, 1)]);
        assert_eq!(apply(&base, &changes), new);
        assert_eq!(delta(&new, &new), []);
        assert_eq!(delta_within(&base, &new, 5), Some(changes.clone()));
        assert_eq!(delta_within(&base, &new, 4), None);
        assert_eq!(apply(&[], &new), new);
        assert_eq!(apply(&new, &delta(&new, &[])), []);
    }

    #[test]
    fn counters_add_as_sorted_sparse_vectors() {
        let mut sum = Vec::new();
        add(&mut sum, &[(1, 2), (4, 1)]);
        add(&mut sum, &[(0, 1), (4, u64::MAX), (9, 3)]);
        assert_eq!(sum, [(0, 1), (1, 2), (4, u64::MAX), (9, 3)]);
        add(&mut sum, &[]);
        assert_eq!(sum.len(), 4);
    }
}
