//! The statistics of the study: a seeded generator, quartiles and
//! Spearman's rank correlation.

/// The study's generator (SplitMix64, shared with the runtime): a study
/// is reproduced from its seed.
pub(crate) use mtcov_protocol::splitmix::SplitMix64 as Rng;

/// Five-number summary and mean of a sample.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub(crate) struct Quartiles {
    pub(crate) n: usize,
    pub(crate) min: f64,
    pub(crate) q1: f64,
    pub(crate) median: f64,
    pub(crate) q3: f64,
    pub(crate) max: f64,
    pub(crate) mean: f64,
}

/// `None` for an empty sample. Quantiles interpolate linearly between
/// order statistics (R's type 7).
pub(crate) fn quartiles(values: &[f64]) -> Option<Quartiles> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let at = |p: f64| {
        let h = (sorted.len() - 1) as f64 * p;
        let (lo, hi) = (h.floor() as usize, h.ceil() as usize);
        sorted[lo] + (h - lo as f64) * (sorted[hi] - sorted[lo])
    };
    Some(Quartiles {
        n: sorted.len(),
        min: sorted[0],
        q1: at(0.25),
        median: at(0.5),
        q3: at(0.75),
        max: sorted[sorted.len() - 1],
        mean: sorted.iter().sum::<f64>() / sorted.len() as f64,
    })
}

/// Ranks from 1, ties getting the mean of their ranks.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        for &o in &order[i..=j] {
            ranks[o] = rank;
        }
        i = j + 1;
    }
    ranks
}

/// Spearman's ρ: Pearson's correlation of the ranks. `None` when either
/// side is constant (ρ is undefined) or there are fewer than 2 pairs.
pub(crate) fn spearman(x: &[f64], y: &[f64]) -> Option<f64> {
    if x.len() != y.len() || x.len() < 2 {
        return None;
    }
    let (rx, ry) = (ranks(x), ranks(y));
    let n = rx.len() as f64;
    let (mx, my) = (rx.iter().sum::<f64>() / n, ry.iter().sum::<f64>() / n);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in rx.iter().zip(&ry) {
        sxy += (a - mx) * (b - my);
        sxx += (a - mx) * (a - mx);
        syy += (b - my) * (b - my);
    }
    if sxx == 0.0 || syy == 0.0 {
        return None;
    }
    Some(sxy / (sxx * syy).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spearman_of_monotone_reversed_and_tied_data() {
        let x = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(spearman(&x, &[10.0, 20.0, 30.0, 400.0]), Some(1.0));
        assert_eq!(spearman(&x, &[4.0, 3.0, 2.0, 1.0]), Some(-1.0));
        assert_eq!(spearman(&x, &[1.0, 1.0, 1.0, 1.0]), None);
        // Ties: ranks of y are 1.5, 1.5, 3, 4; by hand rho = 0.9487
        let rho = spearman(&x, &[5.0, 5.0, 6.0, 7.0]).unwrap();
        assert!((rho - 0.948_683_298).abs() < 1e-6, "{rho}");
    }

    #[test]
    fn quartiles_interpolate() {
        let q = quartiles(&[4.0, 1.0, 3.0, 2.0, 5.0]).unwrap();
        assert_eq!(
            (q.min, q.q1, q.median, q.q3, q.max),
            (1.0, 2.0, 3.0, 4.0, 5.0)
        );
        let q = quartiles(&[1.0, 2.0]).unwrap();
        assert_eq!((q.q1, q.median, q.mean), (1.25, 1.5, 1.5));
        assert!(quartiles(&[]).is_none());
    }

    #[test]
    fn the_generator_is_seeded_and_shuffles_into_a_permutation() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        assert_eq!(a.next_u64(), b.next_u64());
        let mut items: Vec<u32> = (0..50).collect();
        a.shuffle(&mut items);
        assert_ne!(items, (0..50).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..50).collect::<Vec<_>>());
    }
}
