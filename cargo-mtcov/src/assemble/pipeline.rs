//! Counter vectors evaluated ahead, in parallel, handed out in order.

use crate::mapping::{Covered, Evaluator};
use crate::records::Vectors;

/// How many threads evaluate counter vectors: the CPUs, at most 4.
pub(super) fn parallelism() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
}

/// What a [`Pipeline`] evaluates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Evaluation {
    /// What vector `.0` covers.
    Covered(usize),
    /// What one of vectors `.0` and `.1` covers and the other does not.
    Differing(usize, usize),
}

/// Evaluations of counter vectors done ahead, in a fixed order, in batches
/// split among worker threads (each with its own evaluator, over a
/// contiguous part of the batch, so that each keeps seeing neighbouring
/// vectors); handed out one by one, in order.
pub(super) struct Pipeline<'p, 'm> {
    vectors: &'p Vectors,
    order: Vec<Evaluation>,
    /// Position in `order` of the next job to run.
    next: usize,
    ready: std::collections::VecDeque<(Evaluation, Covered)>,
    workers: Vec<Evaluator<'m>>,
}

impl<'p, 'm> Pipeline<'p, 'm> {
    /// Jobs per worker per batch.
    const PER_WORKER: usize = 32;

    pub(super) fn new(
        vectors: &'p Vectors,
        order: Vec<Evaluation>,
        workers: Vec<Evaluator<'m>>,
    ) -> Self {
        Pipeline {
            vectors,
            order,
            next: 0,
            ready: std::collections::VecDeque::new(),
            workers,
        }
    }

    /// The next job in `order` and its result.
    pub(super) fn next(&mut self) -> (Evaluation, Covered) {
        if self.ready.is_empty() {
            self.refill();
        }
        self.ready
            .pop_front()
            .expect("asked for more evaluations than were planned")
    }

    /// Its evaluators, for the next pipeline of the same process.
    pub(super) fn into_workers(self) -> Vec<Evaluator<'m>> {
        self.workers
    }

    fn refill(&mut self) {
        let end = (self.next + Self::PER_WORKER * self.workers.len()).min(self.order.len());
        let batch = &self.order[self.next..end];
        self.next = end;
        let vectors = self.vectors;
        let share = batch.len().div_ceil(self.workers.len()).max(1);
        let results: Vec<Vec<(Evaluation, Covered)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = self
                .workers
                .iter_mut()
                .zip(batch.chunks(share))
                .map(|(evaluator, part)| {
                    scope.spawn(move || {
                        part.iter()
                            .map(|&job| {
                                let result = match job {
                                    Evaluation::Covered(v) => evaluator.covered(&vectors.get(v)),
                                    Evaluation::Differing(a, b) => {
                                        evaluator.differing(&vectors.get(a), &vectors.get(b))
                                    }
                                };
                                (job, result)
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a coverage evaluation thread panicked"))
                .collect()
        });
        self.ready.extend(results.into_iter().flatten());
    }
}
