//! The black-box criteria at the size of the largest specification in the
//! paper that defines k-MR (8 I-categories, 86 I-choices, 13
//! O-categories, constraints leaving about 1,500 IO-CTFs): enumerating the
//! valid pairs and frames from the declaration, and the measure at k = 2
//! over 20,000 classified source inputs.
//!
//! `cargo bench -p cargo-mtcov --bench blackbox`; `cargo xtask bench`
//! reads its `enumerate` and `measure` lines.

use std::collections::HashMap;
use std::hint::black_box;
use std::time::Instant;

use cargo_mtcov::measure::{Counting, Coverage, MrIdx, Outcome, PoolBuilder, measure};
use mtcov_protocol::categories::{Category, Choice, ChoiceKind, Declaration, Frame};

const I_SIZES: [usize; 8] = [20, 16, 12, 10, 10, 8, 6, 4];
const O_CATEGORIES: usize = 13;

fn choice(name: String, properties: Vec<String>, condition: Option<String>) -> Choice {
    Choice {
        name,
        kind: ChoiceKind::Normal,
        properties,
        condition,
    }
}

/// The spec: category 0 sets one of 5 modes (and a parity), category 1
/// depends on the mode and sets one of 4 sizes; categories 2–3 follow the
/// mode, 4–7 the size (5 and 6 also the parity); each O-category follows a mode.
fn paper_scale() -> Declaration {
    let mut categories = Vec::new();
    for (c, &n) in I_SIZES.iter().enumerate() {
        let choices = (0..n)
            .map(|x| {
                let name = format!("c{c}x{x}");
                match c {
                    0 => choice(
                        name,
                        vec![format!("M{}", x % 5), format!("P{}", (x / 5) % 2)],
                        None,
                    ),
                    1 => choice(
                        name,
                        vec![format!("S{}", (x / 5) % 4)],
                        Some(format!("M{}", x % 5)),
                    ),
                    2 | 3 => choice(name, vec![], Some(format!("M{}", x % 5))),
                    5 => choice(
                        name,
                        vec![],
                        Some(format!("S{} && P{}", x % 4, (x / 4) % 2)),
                    ),
                    6 => choice(name, vec![], Some(format!("S{} && P{}", x % 4, x % 2))),
                    _ => choice(name, vec![], Some(format!("S{}", x % 4))),
                }
            })
            .collect();
        categories.push(Category {
            name: format!("i{c}"),
            output: false,
            choices,
        });
    }
    for k in 0..O_CATEGORIES {
        let mode = format!("M{}", k % 5);
        let mut choices = vec![
            choice("hit".into(), vec![], Some(mode.clone())),
            choice("miss".into(), vec![], Some(format!("!{mode}"))),
        ];
        match k {
            0 => choices.push(choice("edge".into(), vec![], Some("!S3".into()))),
            1 => choices.push(choice("edge".into(), vec![], Some("S2".into()))),
            _ => {}
        }
        categories.push(Category {
            name: format!("o{k}"),
            output: true,
            choices,
        });
    }
    Declaration {
        source_type: "bench::Spec".into(),
        function: None,
        output_type: Some("bench::Out".into()),
        file: "benches/blackbox.rs".into(),
        line: 1,
        categories,
    }
}

fn millis(mut times: Vec<f64>) -> (f64, f64, f64) {
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], times[0], times[times.len() - 1])
}

fn main() {
    let decl = paper_scale();
    let choices: usize = decl
        .categories
        .iter()
        .filter(|c| !c.output)
        .map(|c| c.choices.len())
        .sum();
    let product: f64 = decl
        .categories
        .iter()
        .map(|c| c.choices.len() as f64)
        .product();
    let rounds = 9;
    let mut times = Vec::new();
    let mut space = None;
    for _ in 0..rounds {
        let start = Instant::now();
        let found = black_box(decl.requirements()).expect("a valid declaration");
        times.push(start.elapsed().as_secs_f64() * 1e3);
        space = Some(found);
    }
    let space = space.expect("rounds > 0");
    let (median, min, max) = millis(times);
    println!(
        "black-box criteria at paper scale: {} I-categories, {choices} I-choices, {O_CATEGORIES} O-categories, {product:.1e} unconstrained frames",
        I_SIZES.len()
    );
    println!(
        "enumerate  {median:.1} ms  {min:.1} ms  {max:.1} ms  ({rounds} rounds)  {} I-choices, {} pairs, {} IO-CTFs",
        space.choices.len(),
        space.pairs.len(),
        space.frames.len()
    );

    // 20,000 source inputs, each in a valid frame (deterministic spread),
    // each associated with 0–2 of 40 relation classes.
    let inputs = 20_000usize;
    let frames: Vec<&Vec<u16>> = space
        .frames
        .iter()
        .filter_map(|f| match f {
            Frame::Complete(choices) => Some(choices),
            Frame::Alone(_) => None,
        })
        .collect();
    let index: HashMap<&Vec<u16>, u32> = frames
        .iter()
        .enumerate()
        .map(|(i, f)| (*f, i as u32))
        .collect();
    let mut pool = PoolBuilder::new();
    let mrs: Vec<MrIdx> = (0..40)
        .map(|c| pool.add_mr(&format!("class{c}"), None))
        .collect();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut classified = Vec::with_capacity(inputs);
    for _ in 0..inputs {
        let t = pool.add_input();
        for _ in 0..(next() % 3) {
            pool.record_mg(mrs[(next() % 40) as usize], &[t], Outcome::Holds)
                .expect("known MR and input");
        }
        classified.push((t, frames[(next() % frames.len() as u64) as usize]));
    }
    let pool = pool.build();
    let relations = pool.source_relations(Counting::Class);
    let mut times = Vec::new();
    let mut a_2 = 0.0;
    for _ in 0..rounds {
        let start = Instant::now();
        let mut coverage = Coverage::new(space.frames.len() as u32);
        for (t, frame) in &classified {
            coverage.push(*t, [index[frame]]).expect("in range");
        }
        let m = measure(&pool, &relations, &coverage, 2).expect("k >= 1");
        a_2 = m.summary().map_or(0.0, |s| s.a_k);
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    let (median, min, max) = millis(times);
    println!(
        "measure  {median:.2} ms  {min:.2} ms  {max:.2} ms  ({rounds} rounds)  io-ctf at k = 2 over {inputs} inputs, A_2 = {a_2:.3}"
    );
}
