use super::*;

const EPS: f64 = 1e-12;

/// The spec's worked example: inputs a, b, c; MRs M1, M2 (equal), M3
/// (order), M4 (sum); five requirements r1..r5 (indices 0..4).
struct Example {
    pool: Pool,
    coverage: Coverage,
    mrs: [MrIdx; 4],
    inputs: [InputIdx; 3],
}

fn example() -> Example {
    let mut p = PoolBuilder::new();
    let m1 = p.add_mr("equal", None);
    let m2 = p.add_mr("equal", None);
    let m3 = p.add_mr("order", None);
    let m4 = p.add_mr("sum", None);
    let a = p.add_input();
    let b = p.add_input();
    let c = p.add_input();
    for (t, m) in [(a, m1), (a, m2), (b, m1), (b, m3), (b, m4)] {
        assert!(p.record_mg(m, &[t], Outcome::Holds).unwrap());
    }
    // c's only MG was skipped: executed as a source input, no association.
    assert!(!p.record_mg(m3, &[c], Outcome::Skipped).unwrap());
    let pool = p.build();
    let mut coverage = Coverage::new(5);
    coverage.push(a, [0, 1]).unwrap();
    coverage.push(b, [1, 2]).unwrap();
    coverage.push(c, [3]).unwrap();
    Example {
        pool,
        coverage,
        mrs: [m1, m2, m3, m4],
        inputs: [a, b, c],
    }
}

fn run(ex: &Example, counting: Counting, k: u32) -> CriterionMeasure {
    measure(
        &ex.pool,
        &ex.pool.source_relations(counting),
        &ex.coverage,
        k,
    )
    .unwrap()
}

fn ks(m: &CriterionMeasure) -> Vec<f64> {
    (0..m.num_requirements())
        .map(|r| m.k_value(ReqIdx(r)))
        .collect()
}

fn assert_close(got: f64, want: f64) {
    assert!((got - want).abs() < EPS, "got {got}, want {want}");
}

#[test]
fn worked_example_s_ro_sizes() {
    let ex = example();
    assert_eq!(
        ex.pool.source_relations(Counting::Class).sizes(),
        &[1, 3, 0]
    );
    assert_eq!(ex.pool.source_relations(Counting::Mr).sizes(), &[2, 3, 0]);
}

#[test]
fn worked_example_k2_by_class() {
    let ex = example();
    let m = run(&ex, Counting::Class, 2);
    assert_eq!(ks(&m), [0.5, 1.0, 1.0, 0.0, 0.0]);
    let s = m.summary().unwrap();
    assert_close(s.a_k, 0.5);
    assert_eq!((s.a_k_numerator, s.a_k_denominator), (5, 10));
    assert_eq!((s.full, s.partial, s.zero), (2, 1, 2));
    assert!(!s.satisfied);
}

#[test]
fn worked_example_k2_by_mr() {
    let ex = example();
    let m = run(&ex, Counting::Mr, 2);
    assert_eq!(ks(&m), [1.0, 1.0, 1.0, 0.0, 0.0]);
    assert_close(m.summary().unwrap().a_k, 0.6);
    assert!(!m.summary().unwrap().satisfied);
}

#[test]
fn worked_example_k3_by_class() {
    let ex = example();
    let m = run(&ex, Counting::Class, 3);
    let want = [1.0 / 3.0, 1.0, 1.0, 0.0, 0.0];
    for (got, want) in ks(&m).into_iter().zip(want) {
        assert_close(got, want);
    }
    let s = m.summary().unwrap();
    assert_eq!((s.a_k_numerator, s.a_k_denominator), (7, 15));
    assert_close(s.a_k, 7.0 / 15.0);
    assert!(!s.satisfied);
}

#[test]
fn worked_example_k1_and_plain_coverage() {
    let ex = example();
    let m = run(&ex, Counting::Class, 1);
    assert_eq!(ks(&m), [1.0, 1.0, 1.0, 0.0, 0.0]);
    let s = m.summary().unwrap();
    assert_close(s.a_k, 0.6);
    assert_eq!(s.covered, 4);
    assert_close(s.plain_coverage, 0.8);
    assert!(!s.satisfied);
}

#[test]
fn worked_example_never_satisfied_and_sweep_matches_direct() {
    let ex = example();
    for counting in [Counting::Class, Counting::Mr] {
        for k in 1..=6 {
            let m = run(&ex, counting, k);
            let s = m.summary().unwrap();
            assert!(!s.satisfied, "k={k}");
            // The sweep stops one past the classes (or MRs) present.
            let reachable = match counting {
                Counting::Class => 3,
                Counting::Mr => 4,
            };
            assert_eq!(s.sweep.len(), k.min(reachable + 1).max(4) as usize);
            for p in &s.sweep {
                assert_close(p.a, m.a(p.k).unwrap());
                assert_close(p.a, run(&ex, counting, p.k).summary().unwrap().a_k);
                assert!(!p.satisfied);
            }
        }
    }
    let m = run(&ex, Counting::Class, 2);
    let sweep: Vec<f64> = m.summary().unwrap().sweep.iter().map(|p| p.a).collect();
    // A_4 = (1/4 + 3/4 + 3/4) / 5
    let want = [0.6, 0.5, 7.0 / 15.0, 0.35];
    for (got, want) in sweep.into_iter().zip(want) {
        assert_close(got, want);
    }
}

#[test]
fn a_huge_k_costs_what_the_classes_present_cost() {
    let ex = example();
    // |S_RO| of the best inputs: r1 1 (a), r2 3 (b), r3 3, r4 0 (c), r5 none.
    for k in [10_000_000, u32::MAX] {
        let s = run(&ex, Counting::Class, k).summary().unwrap().clone();
        assert_eq!(s.a_k_numerator, 7, "k = {k}");
        assert_eq!(s.a_k_denominator, u64::from(k) * 5);
        assert_close(s.a_k, 7.0 / (f64::from(k) * 5.0));
        assert_eq!((s.full, s.partial, s.zero), (0, 3, 2));
        assert!(!s.satisfied);
        let sweep: Vec<u32> = s.sweep.iter().map(|p| p.k).collect();
        assert_eq!(sweep, [1, 2, 3, 4], "3 classes: A_4 is the first past them");
        assert_close(s.sweep[3].a, 7.0 / 20.0);
    }
}

#[test]
fn worked_example_gaps_and_dead_mrs() {
    let ex = example();
    let [m1, m2, m3, m4] = ex.mrs;
    let [a, _b, c] = ex.inputs;
    let m = run(&ex, Counting::Class, 2);
    let gaps: Vec<Gap> = m.gaps().collect();
    assert_eq!(gaps.len(), 3);
    assert_eq!(gaps[0].requirement, ReqIdx(0));
    assert_eq!(
        gaps[0].closest,
        Some(Closest {
            input: a,
            s_ro: 1,
            needs: 1
        })
    );
    // a has class "equal": only MRs of other classes can raise it.
    assert_eq!(
        gaps[0]
            .closest
            .unwrap()
            .unpaired_mrs(&ex.pool, Counting::Class),
        [m3, m4]
    );
    assert_eq!(ex.pool.unpaired_mrs(a, Counting::Mr), [m3, m4]);
    // r4: covered by c, which has no association at all.
    assert_eq!(
        gaps[1].closest,
        Some(Closest {
            input: c,
            s_ro: 0,
            needs: 2
        })
    );
    assert_eq!(ex.pool.unpaired_mrs(c, Counting::Class), [m1, m2, m3, m4]);
    // r5: no source input reaches it.
    assert_eq!(gaps[2].requirement, ReqIdx(4));
    assert_eq!(gaps[2].closest, None);
    assert!(ex.pool.dead_mrs().is_empty());
    let _ = (m1, m2);
}

#[test]
fn empty_requirement_set_is_undefined() {
    let ex = example();
    let m = measure(
        &ex.pool,
        &ex.pool.source_relations(Counting::Class),
        &Coverage::new(0),
        2,
    )
    .unwrap();
    assert!(m.summary().is_none());
    assert_eq!(m.a(1), None);
    assert_eq!(m.gaps().count(), 0);
}

#[test]
fn zero_k_is_refused() {
    let ex = example();
    let err = measure(
        &ex.pool,
        &ex.pool.source_relations(Counting::Class),
        &ex.coverage,
        0,
    )
    .unwrap_err();
    assert_eq!(err, MeasureError::ZeroK(0));
    assert!(err.to_string().contains("at least 1"));
}

#[test]
fn all_satisfied() {
    let mut p = PoolBuilder::new();
    let ms: Vec<MrIdx> = ["x", "y", "z"].iter().map(|c| p.add_mr(c, None)).collect();
    let t = p.add_input();
    for &m in &ms {
        p.associate(t, m).unwrap();
    }
    let pool = p.build();
    let mut cov = Coverage::new(3);
    cov.push(t, [2, 0, 1, 1]).unwrap();
    let m = measure(&pool, &pool.source_relations(Counting::Class), &cov, 3).unwrap();
    let s = m.summary().unwrap();
    assert_eq!(s.a_k, 1.0);
    assert!(s.satisfied);
    assert_eq!((s.full, s.partial, s.zero), (3, 0, 0));
    assert!(s.sweep.iter().take(3).all(|p| p.satisfied && p.a == 1.0));
    assert!(!s.sweep[3].satisfied); // k = 4 > 3 classes
    assert_eq!(m.gaps().count(), 0);
}

#[test]
fn violated_associates_skipped_and_panicked_do_not() {
    let mut p = PoolBuilder::new();
    let m1 = p.add_mr("one", None);
    let m2 = p.add_mr("two", None);
    let m3 = p.add_mr("three", None);
    let t = p.add_input();
    assert!(p.record_mg(m1, &[t], Outcome::Violated).unwrap());
    assert!(!p.record_mg(m2, &[t], Outcome::Skipped).unwrap());
    assert!(!p.record_mg(m3, &[t], Outcome::Panicked).unwrap());
    let pool = p.build();
    assert_eq!(pool.mrs_of(t), [m1]);
    assert_eq!(pool.dead_mrs(), [m2, m3]);
}

#[test]
fn multi_source_mg_associates_every_source() {
    let mut p = PoolBuilder::new();
    let m = p.add_mr("sum", None);
    let n = p.add_mr("prod", None);
    let (a, b) = (p.add_input(), p.add_input());
    p.record_mg(m, &[a, b], Outcome::Holds).unwrap();
    p.record_mg(n, &[b, a], Outcome::Holds).unwrap();
    p.record_mg(n, &[b], Outcome::Holds).unwrap(); // duplicate association
    let pool = p.build();
    assert_eq!(pool.mrs_of(a), [m, n]);
    assert_eq!(pool.mrs_of(b), [m, n]);
    assert_eq!(pool.num_associations(), 4);
    assert_eq!(pool.source_relations(Counting::Class).sizes(), &[2, 2]);
}

#[test]
fn union_of_segments_and_order_independent_tie_break() {
    let mut p = PoolBuilder::new();
    let m = p.add_mr("eq", None);
    let (a, b, c) = (p.add_input(), p.add_input(), p.add_input());
    p.associate(a, m).unwrap();
    p.associate(b, m).unwrap();
    let pool = p.build();
    let rel = pool.source_relations(Counting::Class);
    // b pushed first, twice; a and b tie on |S_RO| = 1: a (smaller) wins.
    let mut cov = Coverage::new(3);
    cov.push(c, [0]).unwrap();
    cov.push(b, [0]).unwrap();
    cov.push(b, [1]).unwrap();
    cov.push(a, [0]).unwrap();
    let m = measure(&pool, &rel, &cov, 2).unwrap();
    assert_eq!(m.closest(ReqIdx(0)).unwrap().input, a);
    assert_eq!(m.closest(ReqIdx(1)).unwrap().input, b);
    assert_eq!(m.closest(ReqIdx(2)), None);
    // b's two segments and its duplicate of requirement 0 (with c's and a's
    // segments pushed between) count b once.
    cov.push(b, [0, 0]).unwrap();
    assert_eq!(cov.covering_inputs(), [3, 1, 0]);
    // An input with no association still covers (plain coverage) but K = 0.
    let mut cov = Coverage::new(1);
    cov.push(c, [0]).unwrap();
    let m = measure(&pool, &rel, &cov, 1).unwrap();
    let s = m.summary().unwrap();
    assert_eq!((s.covered, s.a_k, s.zero), (1, 0.0, 1));
}

#[test]
fn source_types_limit_unpaired_mrs() {
    let mut p = PoolBuilder::new();
    let angle_eq = p.add_mr("eq", Some("Angle"));
    let angle_ord = p.add_mr("ord", Some("Angle"));
    let expr_ord = p.add_mr("ord", Some("Expr"));
    let untyped = p.add_mr("sum", None);
    let t = p.add_input();
    p.record_mg(angle_eq, &[t], Outcome::Holds).unwrap();
    let pool = p.build();
    assert_eq!(pool.input_type(t), Some("Angle"));
    assert_eq!(pool.unpaired_mrs(t, Counting::Class), [angle_ord, untyped]);
    let _ = expr_ord;
}

#[test]
fn out_of_range_indices_are_errors() {
    let mut p = PoolBuilder::new();
    let m = p.add_mr("eq", None);
    let t = p.add_input();
    assert_eq!(
        p.associate(InputIdx(5), m),
        Err(MeasureError::InputOutOfRange { index: 5, len: 1 })
    );
    assert_eq!(
        p.associate(t, MrIdx(9)),
        Err(MeasureError::MrOutOfRange { index: 9, len: 1 })
    );
    let pool = p.build();
    let mut cov = Coverage::new(2);
    assert_eq!(
        cov.push(t, [0, 2]),
        Err(MeasureError::RequirementOutOfRange { index: 2, len: 2 })
    );
    assert_eq!(cov.num_pairs(), 0);
    cov.push(InputIdx(3), [1]).unwrap();
    let err = measure(&pool, &pool.source_relations(Counting::Class), &cov, 1).unwrap_err();
    assert_eq!(err, MeasureError::InputOutOfRange { index: 3, len: 1 });
    let other = PoolBuilder::new().build();
    let err = measure(
        &pool,
        &other.source_relations(Counting::Class),
        &Coverage::new(1),
        1,
    )
    .unwrap_err();
    assert_eq!(
        err,
        MeasureError::RelationsFromAnotherPool { got: 0, len: 1 }
    );
}

#[test]
fn mrs_that_skipped_an_input_are_not_suggested_for_it() {
    let mut p = PoolBuilder::new();
    let equal = p.add_mr("equal", None);
    let order = p.add_mr("order", None);
    let sum = p.add_mr("sum", None);
    let t = p.add_input();
    p.record_mg(equal, &[t], Outcome::Holds).unwrap();
    p.record_mg(order, &[], Outcome::Skipped).unwrap();
    p.not_applicable(t, order).unwrap();
    p.not_applicable(t, order).unwrap();
    let pool = p.build();
    assert_eq!(pool.unpaired_mrs(t, Counting::Class), [sum]);
    assert_eq!(pool.unpaired_mrs(t, Counting::Mr), [sum]);
    assert!(matches!(p_err(), Err(MeasureError::InputOutOfRange { .. })));
}

fn p_err() -> Result<(), MeasureError> {
    let mut p = PoolBuilder::new();
    let m = p.add_mr("c", None);
    p.not_applicable(InputIdx(3), m)
}

/// The worked example with every source execution attributed to its MR,
/// each MR running the same SUT (covering what its input covers): the
/// per-relation measure equals the paper's, for every k and counting.
#[test]
fn one_sut_per_relation_equals_the_papers_measure() {
    let ex = example();
    let [m1, m2, m3, m4] = ex.mrs;
    let [a, b, c] = ex.inputs;
    let mut attributed = Coverage::new(5);
    for (t, reqs, mrs) in [
        (a, vec![0, 1], vec![m1, m2]),
        (b, vec![1, 2], vec![m1, m3, m4]),
        (c, vec![3], vec![m3]),
    ] {
        for m in mrs {
            attributed.push_by(t, m, reqs.iter().copied()).unwrap();
        }
    }
    for counting in [Counting::Class, Counting::Mr] {
        let relations = ex.pool.source_relations(counting);
        for k in 1..=5 {
            let paper = measure(&ex.pool, &relations, &ex.coverage, k).unwrap();
            let ours = measure(&ex.pool, &relations, &attributed, k).unwrap();
            assert_eq!(ours.summary(), paper.summary(), "{counting:?} k = {k}");
            assert_eq!(ks(&ours), ks(&paper));
        }
    }
}

/// Two SUTs over one input type: `t` is checked by an encoder MR (class
/// `reversal`) whose source execution covers requirement 0, and by decoder
/// MRs of two classes whose source executions cover requirement 1. Each
/// requirement counts only the classes whose own execution covered it;
/// the paper's per-input measure counts all three for both.
#[test]
fn a_relation_counts_only_for_the_code_its_source_execution_covered() {
    let mut p = PoolBuilder::new();
    let encoder = p.add_mr("reversal", None);
    let decoder = p.add_mr("concatenation", None);
    let decoder_too = p.add_mr("roundtrip", None);
    let skipping = p.add_mr("stretch", None);
    let t = p.add_input();
    let u = p.add_input();
    for m in [encoder, decoder, decoder_too] {
        p.record_mg(m, &[t], Outcome::Holds).unwrap();
    }
    p.record_mg(skipping, &[u], Outcome::Skipped).unwrap();
    let pool = p.build();
    let mut coverage = Coverage::new(3);
    coverage.push_by(t, encoder, [0]).unwrap();
    coverage.push_by(t, decoder, [1]).unwrap();
    // The same requirements as the segment just pushed, shared, not copied.
    coverage.push_same(t, decoder_too, coverage.num_segments() - 1);
    assert_eq!(coverage.num_pairs(), 2);
    // A second execution of one MR adds nothing new for requirement 1.
    coverage.push_by(t, decoder, [1]).unwrap();
    // Covered by an MG that was skipped: covered, counted by no class.
    coverage.push_by(u, skipping, [2]).unwrap();

    let relations = pool.source_relations(Counting::Class);
    let m = measure(&pool, &relations, &coverage, 3).unwrap();
    assert_eq!([0, 1, 2].map(|r| m.best_size(ReqIdx(r))), [1, 2, 0]);
    let summary = m.summary().unwrap();
    assert_eq!(summary.covered, 3);
    assert_eq!((summary.a_k_numerator, summary.a_k_denominator), (3, 9));
    assert_eq!(m.closest(ReqIdx(0)).unwrap().needs, 2);
    assert_eq!(
        coverage.mrs_covering(t, ReqIdx(1)),
        Some(vec![decoder, decoder_too])
    );
    let reach = coverage.reaching_mrs(&[true, false, true]);
    assert_eq!(reach[0], [encoder]);
    assert!(reach[1].is_empty(), "not wanted");
    assert_eq!(reach[2], [skipping]);

    let paper = measure(
        &pool,
        &relations.clone().with_satisfaction(Satisfaction::Input),
        &coverage,
        3,
    )
    .unwrap();
    assert_eq!([0, 1, 2].map(|r| paper.best_size(ReqIdx(r))), [3, 3, 0]);
    assert_eq!(paper.summary().unwrap().a_k_numerator, 6);

    // An MR of the pool that was never associated with `t` cannot count.
    let mut stray = Coverage::new(3);
    stray.push_by(t, skipping, [0]).unwrap();
    let m = measure(&pool, &relations, &stray, 3).unwrap();
    assert!(m.is_covered(ReqIdx(0)));
    assert_eq!(m.best_size(ReqIdx(0)), 0);
}

#[test]
fn renamed_coverage_moves_each_requirement_and_keeps_shared_segments() {
    let (t, u) = (InputIdx(0), InputIdx(1));
    let (first, second) = (MrIdx(0), MrIdx(1));
    let mut coverage = Coverage::new(4);
    coverage.push_by(t, first, [0, 2, 3]).unwrap();
    coverage.push_same(t, second, 0);
    coverage.push(u, [1]).unwrap();
    // 0 -> 4, 1 -> 0, 2 left out (no one covered it), 3 -> 2.
    let moved = coverage.renamed(5, &[4, 0, u32::MAX, 2]).unwrap();
    assert_eq!(moved.num_requirements(), 5);
    assert_eq!(moved.num_segments(), 3);
    let reqs = |s: usize| moved.segment(s).iter().map(|r| r.0).collect::<Vec<u32>>();
    assert_eq!(reqs(0), [2, 4]);
    assert_eq!(reqs(1), [2, 4]);
    assert_eq!(reqs(2), [0]);
    // The shared segment is stored once.
    assert_eq!(moved.num_pairs(), 3);
    assert_eq!(moved.mrs_covering(t, ReqIdx(4)), Some(vec![first, second]));
    // A place out of range is refused, as a push would be.
    assert!(coverage.renamed(3, &[4, 0, u32::MAX, 2]).is_err());
}
