use std::time::Duration;

use super::instance::Instance;
use super::order::Strategy;
use super::*;

/// One MR of one class per input; `covers[t]` is what input `t` covers.
fn one_relation(requirements: u32, covers: &[Vec<u32>]) -> Suite {
    Suite {
        classes: vec!["equal".into()],
        inputs: covers.len() as u32,
        groups: (0..covers.len() as u32)
            .map(|t| Group {
                mr: 0,
                sources: vec![t],
            })
            .collect(),
        criteria: vec![SuiteCriterion {
            name: "line".into(),
            requirements,
            executions: covers
                .iter()
                .enumerate()
                .map(|(t, reqs)| (t as u32, Some(0), reqs.clone()))
                .collect(),
            differing: Vec::new(),
        }],
        kills: Vec::new(),
        content: Vec::new(),
    }
}

/// Two rows of 14 requirements, and three column blocks of 8, 4 and 2
/// columns: greedy takes the blocks (16 > 14, then 8 > 6, then 4 > 2),
/// none of them redundant; the two rows are the smallest set.
fn rows_and_blocks() -> Suite {
    let row = |i: u32| (0..14).map(|c| i * 14 + c).collect::<Vec<u32>>();
    let block = |cols: std::ops::Range<u32>| cols.flat_map(|c| [c, 14 + c]).collect::<Vec<u32>>();
    one_relation(
        28,
        &[row(0), row(1), block(0..8), block(8..12), block(12..14)],
    )
}

fn kept_groups(kept: &[bool]) -> Vec<usize> {
    (0..kept.len()).filter(|&g| kept[g]).collect()
}

#[test]
fn greedy_and_exact_differ_where_set_cover_greedy_does() {
    let suite = rows_and_blocks();
    let all = vec![true; 5];
    let (greedy, size, info) = reduce(&suite, 1, None).unwrap();
    assert_eq!(kept_groups(&greedy), [2, 3, 4]);
    assert_eq!((size, info), (3, None));
    let (exact, greedy_size, info) = reduce(&suite, 1, Some(Duration::from_secs(20))).unwrap();
    assert_eq!(greedy_size, 3);
    assert_eq!(kept_groups(&exact), [0, 1]);
    let info = info.unwrap();
    assert!(info.optimal && info.fell_back.is_none(), "{info:?}");
    assert_eq!((info.lower_bound, info.gap), (2, 0.0));
    for kept in [&greedy, &exact] {
        assert_eq!(
            suite.adequacy(1, kept).unwrap(),
            suite.adequacy(1, &all).unwrap()
        );
    }
}

/// A requirement that the whole suite checks with 2 classes on input 1
/// only: keeping one class on each input lowers `K`; the reduction keeps
/// both classes on input 1.
#[test]
fn the_witness_keeps_its_classes_together() {
    let suite = Suite {
        classes: vec!["a".into(), "b".into()],
        inputs: 2,
        groups: vec![
            Group {
                mr: 0,
                sources: vec![0],
            },
            Group {
                mr: 1,
                sources: vec![0],
            },
            Group {
                mr: 0,
                sources: vec![1],
            },
            Group {
                mr: 1,
                sources: vec![1],
            },
        ],
        criteria: vec![SuiteCriterion {
            name: "line".into(),
            requirements: 2,
            executions: vec![
                (0, Some(0), vec![0]),
                (0, Some(1), vec![1]),
                (1, Some(0), vec![0, 1]),
                (1, Some(1), vec![0, 1]),
            ],
            differing: Vec::new(),
        }],
        kills: Vec::new(),
        content: Vec::new(),
    };
    let all = vec![true; 4];
    let whole = suite.adequacy(2, &all).unwrap();
    assert_eq!(whole[0].unwrap().numerator, 4);
    for exact in [None, Some(Duration::from_secs(20))] {
        let (kept, _, _) = reduce(&suite, 2, exact).unwrap();
        assert_eq!(kept_groups(&kept), [2, 3]);
        assert_eq!(suite.adequacy(2, &kept).unwrap(), whole);
    }
    // At k = 1 one group does.
    let (kept, _, _) = reduce(&suite, 1, None).unwrap();
    assert_eq!(kept_groups(&kept).len(), 1);
    assert_eq!(
        suite.adequacy(1, &kept).unwrap(),
        suite.adequacy(1, &all).unwrap()
    );
}

#[test]
fn kills_are_kept_and_requirements_merge_into_weighted_constraints() {
    let mut suite = one_relation(3, &[vec![0, 1], vec![0, 1, 2], vec![2]]);
    // Group 0 alone kills mutant 0; groups 1 and 2 kill mutant 1.
    suite.kills = vec![vec![0], vec![2, 1]];
    let instance = Instance::new(&suite, 1, true);
    // Requirements 0 and 1 have the same constraint.
    assert_eq!(instance.weights, [2, 1, 1, 1]);
    let (kept, _, _) = reduce(&suite, 1, None).unwrap();
    assert_eq!(kept_groups(&kept), [0, 1]);
    assert_eq!(suite.kills_kept(&kept), 2);
    assert_eq!(suite.kills_kept(&[false, false, true]), 1);
}

/// Random suites: both methods keep every number, exact is never larger
/// than greedy, and the measure agrees with the constraints.
#[test]
fn random_suites_keep_a_k_and_kills() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % u64::from(n)) as u32
    };
    for _ in 0..40 {
        let (inputs, mrs, reqs) = (1 + next(6), 1 + next(5), 1 + next(12));
        let classes: Vec<String> = (0..mrs).map(|m| format!("c{}", m % 3)).collect();
        let mut groups = Vec::new();
        let mut executions = Vec::new();
        for t in 0..inputs {
            for m in 0..mrs {
                if next(3) == 0 {
                    continue;
                }
                groups.push(Group {
                    mr: m,
                    sources: vec![t],
                });
                let covered: Vec<u32> = (0..reqs).filter(|_| next(2) == 0).collect();
                executions.push((t, Some(m), covered));
            }
        }
        let kills = (0..next(4))
            .map(|_| (0..groups.len() as u32).filter(|_| next(4) == 0).collect())
            .collect();
        let suite = Suite {
            classes,
            inputs,
            groups,
            criteria: vec![SuiteCriterion {
                name: "line".into(),
                requirements: reqs,
                executions,
                differing: Vec::new(),
            }],
            kills,
            content: Vec::new(),
        };
        let all = vec![true; suite.groups.len()];
        for k in 1..=3 {
            let whole = suite.adequacy(k, &all).unwrap();
            let (greedy, _, _) = reduce(&suite, k, None).unwrap();
            let (exact, _, info) = reduce(&suite, k, Some(Duration::from_secs(20))).unwrap();
            for kept in [&greedy, &exact] {
                assert_eq!(suite.adequacy(k, kept).unwrap(), whole);
                assert_eq!(suite.kills_kept(kept), suite.kills_kept(&all));
            }
            let size = |kept: &[bool]| kept.iter().filter(|&&k| k).count();
            assert!(size(&exact) <= size(&greedy));
            assert!(info.unwrap().lower_bound as usize <= size(&exact));
        }
    }
}

#[test]
fn the_order_reaches_a_k_first_and_apfd_is_the_textbook_one() {
    let mut suite = rows_and_blocks();
    // Mutant 0 is killed by the last block only, mutant 1 by row 1.
    suite.kills = vec![vec![4], vec![1]];
    let order = prioritise(&suite, 1, Strategy::Reach, 50, 7);
    // The greedy steps (the three blocks), then the rows.
    assert_eq!(order.groups, [2, 3, 4, 0, 1]);
    assert_eq!(order.groups_to_reach_a_k, 3);
    // First kills at positions 3 and 5 of 5: 1 - 8/10 + 1/10.
    let against = order.against_random.unwrap();
    assert!((against.apfd - 0.3).abs() < 1e-12);
    assert!(
        against.apfd_random > 0.1 && against.apfd_random < 0.9,
        "{against:?}"
    );
    assert!((0.0..=1.0).contains(&against.percentile));
    // Without kills there is nothing to compare.
    suite.kills.clear();
    assert!(
        prioritise(&suite, 1, Strategy::Reach, 50, 7)
            .against_random
            .is_none()
    );
    assert_eq!(
        greedy::apfd(&[0, 1], &[vec![0], vec![1]]),
        Some(1.0 - 3.0 / 4.0 + 1.0 / 4.0)
    );
    assert_eq!(greedy::apfd(&[0, 1], &[]), None);
}

/// Requirements 0-2 are covered by A, B and E alike, 3 by A, C and G, 4
/// by C and D. Today's order reaches `A_1` with A and C, then takes the
/// rest by total weight (B, E, then D, G). With reset, a second round
/// starts over: B, then D and G (E adds nothing B did not), and E last.
#[test]
fn additional_greedy_with_reset_starts_over_where_todays_order_sorts_by_weight() {
    let covers = [
        vec![0, 1, 2, 3], // A
        vec![0, 1, 2],    // B
        vec![3, 4],       // C
        vec![4],          // D
        vec![0, 1, 2],    // E
        vec![3],          // G
    ];
    let suite = one_relation(5, &covers);
    assert_eq!(order::order(&suite, 1, Strategy::Reach), [0, 2, 1, 4, 3, 5]);
    assert_eq!(order::order(&suite, 1, Strategy::Reset), [0, 2, 1, 3, 5, 4]);
    for strategy in Strategy::ALL {
        let mut order = order::order(&suite, 1, strategy);
        order.sort_unstable();
        assert_eq!(
            order,
            [0, 1, 2, 3, 4, 5],
            "{strategy:?} orders every group once"
        );
    }
}

/// Two MRs of one class: MR 0 on inputs 0-3, MR 1 on inputs 0-1. By
/// `A_1` alone MR 1 adds nothing; the relations strategies cover each
/// relation's own code, and the interleaved one lets them take turns.
#[test]
fn the_relation_strategies_put_every_relation_early() {
    let groups: Vec<Group> = (0..4)
        .map(|t| Group {
            mr: 0,
            sources: vec![t],
        })
        .chain((0..2).map(|t| Group {
            mr: 1,
            sources: vec![t],
        }))
        .collect();
    let covers = [vec![0, 1], vec![1, 2], vec![2, 3], vec![3]];
    let executions = groups
        .iter()
        .map(|g| {
            (
                g.sources[0],
                Some(g.mr),
                covers[g.sources[0] as usize].clone(),
            )
        })
        .collect();
    let suite = Suite {
        classes: vec!["equal".into(), "equal".into()],
        inputs: 4,
        groups,
        criteria: vec![SuiteCriterion {
            name: "line".into(),
            requirements: 4,
            executions,
            differing: Vec::new(),
        }],
        kills: Vec::new(),
        content: Vec::new(),
    };
    let reset = order::order(&suite, 1, Strategy::Reset);
    assert_eq!(&reset[..2], [0, 2], "A_1 is met by MR 0 alone");
    let relations = order::order(&suite, 1, Strategy::Relations);
    assert!(
        relations[..3].contains(&4) || relations[..3].contains(&5),
        "{relations:?}"
    );
    let turns = order::order(&suite, 1, Strategy::Interleaved);
    let mrs: Vec<u32> = turns.iter().map(|&g| suite.groups[g as usize].mr).collect();
    assert_eq!(mrs, [0, 1, 0, 1, 0, 0], "{turns:?}");
}

/// One requirement run by four groups: two of class `equal` (one whose
/// pair runs it differently), one of class `order`. Without redundancy
/// one group keeps `A_1`; with 2, two of different kinds; with 3, all
/// three kinds; the fourth group is of a kind already kept.
#[test]
fn redundancy_keeps_witnesses_of_different_kinds() {
    let groups: Vec<Group> = (0..4)
        .map(|t| Group {
            mr: [0, 0, 1, 0][t as usize],
            sources: vec![t],
        })
        .collect();
    let suite = Suite {
        classes: vec!["equal".into(), "order".into()],
        inputs: 4,
        criteria: vec![SuiteCriterion {
            name: "line".into(),
            requirements: 1,
            executions: groups
                .iter()
                .map(|g| (g.sources[0], Some(g.mr), vec![0]))
                .collect(),
            differing: vec![(1, 0, vec![0])],
        }],
        groups,
        kills: Vec::new(),
        content: Vec::new(),
    };
    let kept = |m| {
        let (kept, _, _) = reduce_redundant(&suite, 1, m, None).unwrap();
        kept_groups(&kept)
    };
    assert_eq!(kept(1).len(), 1);
    let two = kept(2);
    assert_eq!(two.len(), 2, "{two:?}");
    assert_eq!(kept(3), [0, 1, 2], "group 3 is of group 0's kind");
    assert_eq!(kept(9), [0, 1, 2], "no more kinds than there are");
}

/// The evidence `reduce` prints is the study's: recounted from the APFD
/// table of `docs/study.md` (the default order's column against the mean
/// of random orders).
#[test]
fn the_printed_evidence_is_the_study_table() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/study.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let table = doc
        .split("<!-- apfd:start -->")
        .nth(1)
        .and_then(|rest| rest.split("<!-- apfd:end -->").next())
        .expect("docs/study.md has the APFD table");
    let mut rows = table.lines().filter(|l| l.starts_with("| ")).skip(1);
    let header: Vec<&str> = table
        .lines()
        .find(|l| l.starts_with("| "))
        .unwrap()
        .split('|')
        .map(str::trim)
        .collect();
    let default = header.iter().position(|h| h.contains("(default)")).unwrap();
    let random = header
        .iter()
        .position(|h| h.starts_with("mean of"))
        .unwrap();
    let (mut at_or_above, mut total) = (0, 0);
    let mut subjects = std::collections::BTreeMap::<&str, bool>::new();
    for row in rows.by_ref() {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        // "**0.981** (92%)": the APFD, then its percentile among random orders.
        let number = |cell: &str| -> f64 {
            cell.split(' ')
                .next()
                .unwrap()
                .trim_matches('*')
                .parse()
                .unwrap()
        };
        let (d, r) = (number(cells[default]), number(cells[random]));
        total += 1;
        at_or_above += usize::from(d >= r);
        let line_ok = subjects.entry(cells[1]).or_insert(false);
        if cells[2] == "line" {
            *line_ok = d >= r;
        }
    }
    let subjects_line = subjects.values().filter(|&&ok| ok).count();
    let expected = format!(
        "on the study's {} subjects its APFD is at or above the mean of random orders \
         for line coverage on {subjects_line} and for {at_or_above} of {total} subject \
         and criterion pairs",
        subjects.len()
    );
    assert_eq!(order::STUDY_EVIDENCE, expected);
    assert!(doc.contains(&expected), "docs/study.md says it too");
}

/// Two groups of one MR tie on `A_1` (both cover requirement 0); the
/// second's pair runs requirement 1 differently. With MC and diversity
/// ties it goes first; by index, it goes second. The relations and MC
/// strategy counts (MR, requirement run differently) as one more thing
/// to cover: it takes both groups in its first round.
#[test]
fn metamorphic_coverage_breaks_ties_and_counts_as_coverage() {
    let mut suite = one_relation(2, &[vec![0], vec![0]]);
    suite.criteria[0].differing = vec![(1, 0, vec![1])];
    assert_eq!(order::order(&suite, 1, Strategy::Reset), [0, 1]);
    assert_eq!(order::order(&suite, 1, Strategy::ResetDiverse), [1, 0]);
    // Relations alone: group 1 is chosen for its MC tie-break too.
    assert_eq!(order::order(&suite, 1, Strategy::Relations), [1, 0]);
    let with_mc = instance::Instance::relations(&suite, true);
    let without = instance::Instance::relations(&suite, false);
    assert_eq!(without.constraints.len(), 1, "(MR 0, requirement 0)");
    assert_eq!(
        with_mc.constraints.len(),
        2,
        "and (MR 0, requirement 1 run differently)"
    );
    assert_eq!(with_mc.constraints[1].witnesses, vec![vec![vec![1]]]);
}

/// The run and a kill matrix number the same groups differently: every
/// order, and the greedy reduction, are the same groups whatever the
/// numbering (ties are broken on what a group is).
#[test]
fn orders_and_reductions_do_not_depend_on_the_group_numbering() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % u64::from(n)) as u32
    };
    for _ in 0..30 {
        let (inputs, mrs, reqs) = (2 + next(6), 2 + next(5), 1 + next(6));
        let classes: Vec<String> = (0..mrs).map(|m| format!("c{}", m % 3)).collect();
        let (mut groups, mut content, mut executions, mut differing) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for t in 0..inputs {
            for m in 0..mrs {
                if next(4) == 0 {
                    continue;
                }
                groups.push(Group {
                    mr: m,
                    sources: vec![t],
                });
                content.push(content_key(&format!("mr{m}"), &[u64::from(t) * 7919]));
                // Few requirements: many groups cover alike and tie.
                let covered: Vec<u32> = (0..reqs).filter(|_| next(2) == 0).collect();
                executions.push((t, Some(m), covered));
                differing.push((t, m, (0..reqs).filter(|_| next(3) == 0).collect()));
            }
        }
        if groups.is_empty() {
            continue;
        }
        differing.sort_unstable();
        let kills: Vec<Vec<u32>> = (0..next(3))
            .map(|_| (0..groups.len() as u32).filter(|_| next(3) == 0).collect())
            .filter(|k: &Vec<u32>| !k.is_empty())
            .collect();
        let suite = Suite {
            classes,
            inputs,
            groups,
            criteria: vec![SuiteCriterion {
                name: "line".into(),
                requirements: reqs,
                executions,
                differing,
            }],
            kills,
            content,
        };
        // The same groups, numbered backwards after a rotation.
        let n = suite.groups.len();
        let shift = next(n as u32) as usize;
        let new_of: Vec<usize> = (0..n).map(|g| n - 1 - (g + shift) % n).collect();
        let mut old_of = vec![0; n];
        for (g, &new) in new_of.iter().enumerate() {
            old_of[new] = g;
        }
        let renumbered = Suite {
            groups: old_of.iter().map(|&g| suite.groups[g].clone()).collect(),
            content: old_of.iter().map(|&g| suite.content[g]).collect(),
            kills: suite
                .kills
                .iter()
                .map(|k| k.iter().map(|&g| new_of[g as usize] as u32).collect())
                .collect(),
            ..suite.clone()
        };
        let contents = |s: &Suite, groups: Vec<u32>| -> Vec<u64> {
            groups.iter().map(|&g| s.content[g as usize]).collect()
        };
        for strategy in Strategy::ALL {
            for k in [1, 3] {
                assert_eq!(
                    contents(&suite, order::order(&suite, k, strategy)),
                    contents(&renumbered, order::order(&renumbered, k, strategy)),
                    "{}",
                    strategy.name()
                );
            }
        }
        let kept = |s: &Suite| -> Vec<u64> {
            let (kept, _, _) = reduce(s, 3, None).unwrap();
            let mut kept: Vec<u64> = (0..n).filter(|&g| kept[g]).map(|g| s.content[g]).collect();
            kept.sort_unstable();
            kept
        };
        assert_eq!(kept(&suite), kept(&renumbered));
    }
}
