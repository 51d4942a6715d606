//! Coverage patterns: what a proptest search tells new behaviour by.

/// AFL's hit-count buckets: 1, 2, 3, 4-7, 8-15, 16-31, 32-127, 128+.
fn bucket(count: u64) -> u8 {
    match count {
        0 => 0,
        1 => 1,
        2 => 2,
        3 => 3,
        4..=7 => 4,
        8..=15 => 5,
        16..=31 => 6,
        32..=127 => 7,
        _ => 8,
    }
}

/// The patterns one execution left, one per function it ran: a hash of the
/// function and of the hit-count bucket of each of its non-zero counters.
/// A branch that has no counter of its own (an `else`, whose count LLVM
/// derives by subtraction) still changes its function's pattern, since the
/// counter of the other branch is then missing. `functions` are
/// `(first_counter, num_counters)`, sorted; `counters` sorted by index.
pub(super) fn patterns(functions: &[(u64, u64)], counters: &[(u32, u64)], out: &mut Vec<u64>) {
    let mut current: Option<(usize, u64)> = None;
    let fnv = mtcov_protocol::fnv::step;
    for &(index, value) in counters {
        let index = u64::from(index);
        let at = functions.partition_point(|&(first, _)| first <= index);
        let Some(function) = at
            .checked_sub(1)
            .filter(|&f| index < functions[f].0 + functions[f].1)
        else {
            continue;
        };
        let offset = index - functions[function].0;
        match &mut current {
            Some((f, hash)) if *f == function => {
                *hash = fnv(*hash, offset << 8 | u64::from(bucket(value)))
            }
            _ => {
                if let Some((_, hash)) = current {
                    out.push(hash);
                }
                let start = fnv(mtcov_protocol::fnv::OFFSET, function as u64);
                current = Some((function, fnv(start, offset << 8 | u64::from(bucket(value)))));
            }
        }
    }
    if let Some((_, hash)) = current {
        out.push(hash);
    }
}

#[cfg(test)]
mod tests {
    use super::patterns;

    #[test]
    fn patterns_tell_branches_apart_even_without_a_counter_of_their_own() {
        // Function 0: counters 0..3 (entry, then-branch, loop body);
        // function 1: counters 3..5.
        let functions = [(0, 3), (3, 2)];
        let of = |counters: &[(u32, u64)]| {
            let mut out = Vec::new();
            patterns(&functions, counters, &mut out);
            out
        };
        let then_branch = of(&[(0, 1), (1, 1)]);
        let else_branch = of(&[(0, 1)]);
        assert_eq!(then_branch.len(), 1);
        assert_ne!(then_branch, else_branch, "an else is new after a then");
        // Loop counts in one bucket are one pattern; another bucket is new.
        assert_eq!(of(&[(0, 1), (2, 9)]), of(&[(0, 1), (2, 14)]));
        assert_ne!(of(&[(0, 1), (2, 9)]), of(&[(0, 1), (2, 16)]));
        // Two functions, two patterns; the same counters in another
        // function are another pattern; counters outside every function
        // are ignored.
        assert_eq!(of(&[(0, 1), (3, 1), (9, 5)]).len(), 2);
        assert_ne!(of(&[(3, 1)]), of(&[(0, 1)]));
        assert_eq!(of(&[(9, 1)]), Vec::<u64>::new());
    }
}
