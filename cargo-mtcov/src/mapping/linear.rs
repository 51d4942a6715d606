//! Counter expressions compiled to linear forms.
//!
//! An LLVM counter expression is a tree of `+` and `-` over a function's
//! physical counters, so its value is `sum(coeff_i * counter_i)`. Compiling
//! each region's expression once to that sum makes per-input evaluation a
//! short loop with no recursion and no allocation.

use anyhow::{Result, bail};
use llvm_profparser::coverage::{Counter, CounterType, ExprKind, Expression};

/// A compiled counter: `terms[start..end]` of the owning [`Terms`] store.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Linear {
    start: u32,
    end: u32,
}

/// Shared storage of (counter index, coefficient) terms.
#[derive(Debug, Default)]
pub(crate) struct Terms {
    terms: Vec<(u32, i64)>,
}

impl Terms {
    /// Evaluates `c` on a function's counters; counters past the end read
    /// as 0 (callers check bounds once per function, see `max_counter`).
    #[inline]
    pub(crate) fn eval(&self, c: Linear, counters: &[u64]) -> i64 {
        let mut v: i64 = 0;
        for &(i, k) in &self.terms[c.start as usize..c.end as usize] {
            v = v.wrapping_add(
                k.wrapping_mul(counters.get(i as usize).copied().unwrap_or(0) as i64),
            );
        }
        v
    }

    /// Highest counter index `c` reads, if any.
    pub(crate) fn max_counter(&self, c: Linear) -> Option<u32> {
        self.terms[c.start as usize..c.end as usize]
            .iter()
            .map(|t| t.0)
            .max()
    }
}

/// Compiles the counters of one function record, memoising its
/// expressions (regions share sub-expressions heavily).
pub(crate) struct Compiler<'a> {
    exprs: &'a [Expression],
    memo: Vec<Option<Vec<(u32, i64)>>>,
    visiting: Vec<bool>,
}

impl<'a> Compiler<'a> {
    pub(crate) fn new(exprs: &'a [Expression]) -> Self {
        Self {
            exprs,
            memo: vec![None; exprs.len()],
            visiting: vec![false; exprs.len()],
        }
    }

    pub(crate) fn compile(&mut self, counter: &Counter, store: &mut Terms) -> Result<Linear> {
        let mut acc: Vec<(u32, i64)> = Vec::new();
        self.add(counter, 1, &mut acc)?;
        acc.sort_unstable_by_key(|t| t.0);
        let start = store.terms.len();
        for (i, k) in acc {
            match store.terms[start..].last_mut() {
                Some(last) if last.0 == i => last.1 += k,
                _ => store.terms.push((i, k)),
            }
        }
        let mut end = start;
        for j in start..store.terms.len() {
            if store.terms[j].1 != 0 {
                store.terms[end] = store.terms[j];
                end += 1;
            }
        }
        store.terms.truncate(end);
        Ok(Linear {
            start: start as u32,
            end: end as u32,
        })
    }

    fn add(&mut self, c: &Counter, sign: i64, acc: &mut Vec<(u32, i64)>) -> Result<()> {
        match c.kind {
            CounterType::Zero => Ok(()),
            CounterType::ProfileInstrumentation => {
                let Ok(id) = u32::try_from(c.id) else {
                    bail!("counter index {} out of range", c.id)
                };
                acc.push((id, sign));
                Ok(())
            }
            CounterType::Expression(_) => {
                let id = c.id as usize;
                let Some(e) = self.exprs.get(id) else {
                    bail!(
                        "counter expression {id} does not exist (the record has {})",
                        self.exprs.len()
                    )
                };
                if self.memo[id].is_none() {
                    if self.visiting[id] {
                        bail!("counter expression {id} refers to itself");
                    }
                    self.visiting[id] = true;
                    let mut own = Vec::new();
                    self.add(&e.lhs, 1, &mut own)?;
                    let rhs_sign = if e.kind == ExprKind::Subtract { -1 } else { 1 };
                    self.add(&e.rhs, rhs_sign, &mut own)?;
                    self.visiting[id] = false;
                    self.memo[id] = Some(own);
                }
                acc.extend(self.memo[id].iter().flatten().map(|&(i, k)| (i, k * sign)));
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctr(id: u64) -> Counter {
        Counter::instrumentation(id)
    }
    fn expr(id: u64, kind: ExprKind) -> Counter {
        Counter {
            kind: CounterType::Expression(kind),
            id,
        }
    }

    #[test]
    fn nested_expressions_become_sums() {
        // e0 = c0 - c1 ; e1 = e0 + c2 ; e2 = e1 - e0  (= c2)
        let mut e0 = Expression::new(ctr(0), ctr(1));
        e0.set_kind(ExprKind::Subtract);
        let mut e1 = Expression::new(expr(0, ExprKind::Subtract), ctr(2));
        e1.set_kind(ExprKind::Add);
        let mut e2 = Expression::new(expr(1, ExprKind::Add), expr(0, ExprKind::Subtract));
        e2.set_kind(ExprKind::Subtract);
        let exprs = [e0, e1, e2];
        let mut store = Terms::default();
        let mut comp = Compiler::new(&exprs);
        let a = comp.compile(&expr(1, ExprKind::Add), &mut store).unwrap();
        let b = comp
            .compile(&expr(2, ExprKind::Subtract), &mut store)
            .unwrap();
        let z = comp.compile(&Counter::default(), &mut store).unwrap();
        let cancel = comp
            .compile(&expr(2, ExprKind::Subtract), &mut store)
            .unwrap();
        let counters = [10, 3, 5];
        assert_eq!(store.eval(a, &counters), 12);
        assert_eq!(store.eval(b, &counters), 5);
        assert_eq!(store.max_counter(b), Some(2));
        assert_eq!(store.eval(z, &counters), 0);
        assert_eq!(store.eval(cancel, &counters), 5);
        assert_eq!(store.max_counter(z), None);
    }

    #[test]
    fn cycles_are_errors() {
        let mut e0 = Expression::new(expr(0, ExprKind::Add), ctr(1));
        e0.set_kind(ExprKind::Add);
        let exprs = [e0];
        let err = Compiler::new(&exprs)
            .compile(&expr(0, ExprKind::Add), &mut Terms::default())
            .unwrap_err();
        assert!(err.to_string().contains("refers to itself"), "{err}");
    }
}
