//! Counter vectors evaluated ahead, in parallel, handed out in order.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::{Scope, ScopedJoinHandle};

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

/// One worker's results for its part of one batch.
type Part = Vec<(Evaluation, Covered)>;

/// Evaluations of counter vectors done ahead, in a fixed order, by worker
/// threads that run while the results are used: the order is cut into
/// batches, each split among the workers (each with its own evaluator,
/// over a contiguous part of the batch, so that each keeps seeing
/// neighbouring vectors); a worker runs at most [`Self::AHEAD`] parts
/// ahead of the reader. Handed out one by one, in order.
pub(super) struct Pipeline<'scope, 'm> {
    /// Per worker: its parts, in batch order, and the thread (which hands
    /// its evaluator back).
    workers: Vec<(Receiver<Part>, ScopedJoinHandle<'scope, Evaluator<'m>>)>,
    /// The worker whose part comes next.
    turn: usize,
    /// Results received and not yet handed out.
    ready: VecDeque<(Evaluation, Covered)>,
}

impl<'scope, 'm: 'scope> Pipeline<'scope, 'm> {
    /// Jobs per worker per batch.
    const PER_WORKER: usize = 16;
    /// Parts a worker may have done and not yet handed out, beside the
    /// one it works on: one, since a part of whole vectors' results holds
    /// a few MB on a large crate, and one is enough to keep it busy.
    const AHEAD: usize = 1;

    pub(super) fn new<'env>(
        scope: &'scope Scope<'scope, 'env>,
        vectors: &'scope Vectors,
        order: Vec<Evaluation>,
        workers: Vec<Evaluator<'m>>,
    ) -> Self {
        let count = workers.len().max(1);
        let batch = Self::PER_WORKER * count;
        let order = std::sync::Arc::new(order);
        let workers = workers
            .into_iter()
            .enumerate()
            .map(|(w, evaluator)| {
                let (send, receive) = sync_channel(Self::AHEAD);
                let order = order.clone();
                let thread =
                    scope.spawn(move || work(evaluator, vectors, &order, (w, count, batch), send));
                (receive, thread)
            })
            .collect();
        Pipeline {
            workers,
            turn: 0,
            ready: VecDeque::new(),
        }
    }

    /// The next job in the order and its result.
    pub(super) fn next(&mut self) -> (Evaluation, Covered) {
        while self.ready.is_empty() {
            let (parts, _) = &self.workers[self.turn];
            self.turn = (self.turn + 1) % self.workers.len();
            match parts.recv() {
                Ok(part) => self.ready.extend(part),
                // A worker that panicked: its join says so.
                Err(_) => {
                    let panicked = self.workers.drain(..).any(|(_, t)| t.join().is_err());
                    assert!(!panicked, "a coverage evaluation thread panicked");
                    panic!("asked for more evaluations than were planned");
                }
            }
        }
        self.ready.pop_front().expect("not empty")
    }

    /// Its evaluators, for the next pipeline of the same process, once
    /// every worker is done (its jobs handed out or no longer wanted).
    pub(super) fn into_workers(self) -> Vec<Evaluator<'m>> {
        self.workers
            .into_iter()
            .map(|(parts, thread)| {
                drop(parts);
                thread
                    .join()
                    .expect("a coverage evaluation thread panicked")
            })
            .collect()
    }
}

/// Worker `w` of `count`: its part of each batch of `batch` jobs of
/// `order`, sent in batch order; stops early when the reader is gone.
fn work<'m>(
    mut evaluator: Evaluator<'m>,
    vectors: &Vectors,
    order: &[Evaluation],
    (w, count, batch): (usize, usize, usize),
    send: SyncSender<Part>,
) -> Evaluator<'m> {
    // The source vector of the last `Differing` job: compared with each
    // of its follow-ups in turn, it is decoded and evaluated once.
    let mut source = None;
    for jobs in order.chunks(batch) {
        let share = jobs.len().div_ceil(count).max(1);
        let part = jobs.chunks(share).nth(w).unwrap_or(&[]);
        let results = part
            .iter()
            .map(|&job| {
                let result = match job {
                    Evaluation::Covered(v) => evaluator.covered(&vectors.get(v)),
                    Evaluation::Differing(a, b) => {
                        if source != Some(a) {
                            evaluator.set_source(&vectors.get(a));
                            source = Some(a);
                        }
                        evaluator.differing_from(&vectors.get(b))
                    }
                };
                (job, result)
            })
            .collect();
        if send.send(results).is_err() {
            break;
        }
    }
    evaluator
}
