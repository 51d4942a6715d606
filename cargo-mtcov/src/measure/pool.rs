//! Registered MRs, source inputs and who was associated with whom.

use std::collections::HashMap;

use mtcov_protocol::Outcome;

use super::{ClassIdx, Counting, InputIdx, MeasureError, MrIdx, Satisfaction};

/// Collects MRs, source inputs and associations; [`build`](Self::build)
/// freezes them into a [`Pool`].
///
/// Relation classes and source types are interned by name. An MR's source
/// type (the Rust type of its source input, when known) lets gap reports
/// suggest only MRs that can take a given input.
#[derive(Debug, Default)]
pub struct PoolBuilder {
    classes: Interner,
    types: Interner,
    mr_class: Vec<ClassIdx>,
    mr_type: Vec<Option<u32>>,
    input_type: Vec<Option<u32>>,
    pairs: Vec<(u32, u32)>,
    not_applicable: Vec<(u32, u32)>,
}

impl PoolBuilder {
    /// An empty pool.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers an MR of relation class `class` (by default an MR's class
    /// is its own id: the caller passes that). `source_type` is the type of
    /// its source input, when known.
    pub fn add_mr(&mut self, class: &str, source_type: Option<&str>) -> MrIdx {
        let class = ClassIdx(self.classes.intern(class));
        let ty = source_type.map(|t| self.types.intern(t));
        self.mr_class.push(class);
        self.mr_type.push(ty);
        MrIdx(index_u32(self.mr_class.len() - 1))
    }

    /// Adds a source input (one distinct source key); its type is learnt
    /// from the MRs it is run with.
    pub fn add_input(&mut self) -> InputIdx {
        self.input_type.push(None);
        InputIdx(index_u32(self.input_type.len() - 1))
    }

    /// Associates `input` with `mr` unconditionally (the caller has
    /// already filtered MG outcomes). Duplicates are harmless.
    pub fn associate(&mut self, input: InputIdx, mr: MrIdx) -> Result<(), MeasureError> {
        self.check_input(input)?;
        self.check_mr(mr)?;
        self.pairs.push((input.0, mr.0));
        Ok(())
    }

    /// Records one MG: associates each of `sources` with `mr` when the
    /// outcome [associates](Outcome::associates), and in any case learns
    /// the sources' type from the MR (a skipped MG still tells what type
    /// its source input has). Returns whether an association was made.
    pub fn record_mg(
        &mut self,
        mr: MrIdx,
        sources: &[InputIdx],
        outcome: Outcome,
    ) -> Result<bool, MeasureError> {
        self.check_mr(mr)?;
        for &input in sources {
            self.check_input(input)?;
            let slot = &mut self.input_type[input.0 as usize];
            if slot.is_none() {
                *slot = self.mr_type[mr.0 as usize];
            }
            if outcome.associates() {
                self.pairs.push((input.0, mr.0));
            }
        }
        Ok(outcome.associates() && !sources.is_empty())
    }

    /// Notes that `mr` skipped `input` (it does not apply to it) or
    /// panicked on it: `input` is then never suggested as a pairing for
    /// `mr`. No effect on the measure.
    pub fn not_applicable(&mut self, input: InputIdx, mr: MrIdx) -> Result<(), MeasureError> {
        self.check_input(input)?;
        self.check_mr(mr)?;
        self.not_applicable.push((input.0, mr.0));
        Ok(())
    }

    /// Freezes the pool: associations become a per-input sorted, distinct
    /// list (CSR layout), built by counting sort in linear time.
    pub fn build(self) -> Pool {
        let n = self.input_type.len();
        let mut offsets = vec![0u32; n + 1];
        for &(input, _) in &self.pairs {
            offsets[input as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut cursor = offsets.clone();
        let mut mrs = vec![MrIdx(0); self.pairs.len()];
        for &(input, mr) in &self.pairs {
            let slot = &mut cursor[input as usize];
            mrs[*slot as usize] = MrIdx(mr);
            *slot += 1;
        }
        // Sort and deduplicate each input's segment, compacting in place.
        let mut out = 0usize;
        let mut start = 0usize;
        for i in 0..n {
            let end = offsets[i + 1] as usize;
            mrs[start..end].sort_unstable();
            let seg_start = out;
            for j in start..end {
                if out == seg_start || mrs[out - 1] != mrs[j] {
                    mrs[out] = mrs[j];
                    out += 1;
                }
            }
            offsets[i] = index_u32(seg_start);
            start = end;
        }
        offsets[n] = index_u32(out);
        mrs.truncate(out);
        mrs.shrink_to_fit();
        let mut not_applicable = self.not_applicable;
        not_applicable.sort_unstable();
        not_applicable.dedup();
        Pool {
            class_names: self.classes.names,
            type_names: self.types.names,
            mr_class: self.mr_class,
            mr_type: self.mr_type,
            input_type: self.input_type,
            assoc_offsets: offsets,
            assoc_mrs: mrs,
            not_applicable,
        }
    }

    fn check_mr(&self, mr: MrIdx) -> Result<(), MeasureError> {
        check(mr.0, self.mr_class.len(), |index, len| {
            MeasureError::MrOutOfRange { index, len }
        })
    }

    fn check_input(&self, input: InputIdx) -> Result<(), MeasureError> {
        check(input.0, self.input_type.len(), |index, len| {
            MeasureError::InputOutOfRange { index, len }
        })
    }
}

/// Frozen MRs, inputs and associations; read-only and cheap to query.
#[derive(Debug, Clone)]
pub struct Pool {
    class_names: Vec<String>,
    type_names: Vec<String>,
    mr_class: Vec<ClassIdx>,
    mr_type: Vec<Option<u32>>,
    input_type: Vec<Option<u32>>,
    assoc_offsets: Vec<u32>,
    assoc_mrs: Vec<MrIdx>,
    /// Sorted (input, MR) pairs where the MR skipped the input.
    not_applicable: Vec<(u32, u32)>,
}

impl Pool {
    /// Number of registered MRs.
    pub fn num_mrs(&self) -> u32 {
        index_u32(self.mr_class.len())
    }

    /// Number of source inputs.
    pub fn num_inputs(&self) -> u32 {
        index_u32(self.input_type.len())
    }

    /// Number of distinct relation classes among registered MRs.
    pub fn num_classes(&self) -> u32 {
        index_u32(self.class_names.len())
    }

    /// Number of distinct (input, MR) associations.
    pub fn num_associations(&self) -> u32 {
        index_u32(self.assoc_mrs.len())
    }

    /// Name of a relation class.
    pub fn class_name(&self, class: ClassIdx) -> &str {
        &self.class_names[class.0 as usize]
    }

    /// Relation class of an MR.
    pub fn mr_class(&self, mr: MrIdx) -> ClassIdx {
        self.mr_class[mr.0 as usize]
    }

    /// Source type of an MR, when known.
    pub fn mr_type(&self, mr: MrIdx) -> Option<&str> {
        self.mr_type[mr.0 as usize].map(|t| self.type_names[t as usize].as_str())
    }

    /// Source type of an input, when known.
    pub fn input_type(&self, input: InputIdx) -> Option<&str> {
        self.input_type[input.0 as usize].map(|t| self.type_names[t as usize].as_str())
    }

    /// The distinct MRs `input` is associated with, ascending.
    pub fn mrs_of(&self, input: InputIdx) -> &[MrIdx] {
        let i = input.0 as usize;
        &self.assoc_mrs[self.assoc_offsets[i] as usize..self.assoc_offsets[i + 1] as usize]
    }

    /// `S_RO(input)` by class: the distinct classes of its MRs, ascending.
    pub fn classes_of(&self, input: InputIdx) -> Vec<ClassIdx> {
        let mut classes: Vec<ClassIdx> = self
            .mrs_of(input)
            .iter()
            .map(|&m| self.mr_class(m))
            .collect();
        classes.sort_unstable();
        classes.dedup();
        classes
    }

    /// `|S_RO(t)|` for every source input, computed once per counting mode
    /// and shared by all criteria and all k (a sweep reuses it).
    pub fn source_relations(&self, counting: Counting) -> SourceRelations {
        let n = self.input_type.len();
        let sizes = match counting {
            Counting::Mr => (0..n)
                .map(|i| self.assoc_offsets[i + 1] - self.assoc_offsets[i])
                .collect(),
            Counting::Class => {
                // A stamp per class: "last counted for input i + 1".
                let mut stamp = vec![0u32; self.class_names.len()];
                (0..n)
                    .map(|i| {
                        let mark = index_u32(i + 1);
                        let mut size = 0;
                        for &mr in self.mrs_of(InputIdx(mark - 1)) {
                            let s = &mut stamp[self.mr_class(mr).0 as usize];
                            if *s != mark {
                                *s = mark;
                                size += 1;
                            }
                        }
                        size
                    })
                    .collect()
            }
        };
        SourceRelations {
            counting,
            satisfaction: Satisfaction::Relation,
            sizes,
        }
    }

    /// Registered MRs never associated with any source input, ascending.
    pub fn dead_mrs(&self) -> Vec<MrIdx> {
        let mut used = vec![false; self.mr_class.len()];
        for &mr in &self.assoc_mrs {
            used[mr.0 as usize] = true;
        }
        (0..self.mr_class.len())
            .filter(|&m| !used[m])
            .map(|m| MrIdx(index_u32(m)))
            .collect()
    }

    /// Whether `mr` skipped `input` (see [`PoolBuilder::not_applicable`]).
    pub fn skipped(&self, input: InputIdx, mr: MrIdx) -> bool {
        self.not_applicable.binary_search(&(input.0, mr.0)).is_ok()
    }

    /// MRs that could raise `|S_RO(input)|` if paired with `input`:
    /// applicable to it (same source type, or either type unknown), not
    /// yet associated with it, not known to skip or panic on it, and, when counting
    /// classes, of a class `input` does not have yet. Ascending by MR index.
    pub fn unpaired_mrs(&self, input: InputIdx, counting: Counting) -> Vec<MrIdx> {
        let paired = self.mrs_of(input);
        let have: Vec<ClassIdx> = match counting {
            Counting::Class => self.classes_of(input),
            Counting::Mr => Vec::new(),
        };
        let ty = self.input_type[input.0 as usize];
        (0..self.mr_class.len())
            .map(|m| MrIdx(index_u32(m)))
            .filter(|&m| match (ty, self.mr_type[m.0 as usize]) {
                (Some(a), Some(b)) => a == b,
                _ => true,
            })
            .filter(|m| paired.binary_search(m).is_err())
            .filter(|&m| !self.skipped(input, m))
            .filter(|&m| have.binary_search(&self.mr_class(m)).is_err())
            .collect()
    }
}

/// `|S_RO(t)|` per source input under one [`Counting`], and which source
/// executions count for a requirement ([`Satisfaction`]).
#[derive(Debug, Clone)]
pub struct SourceRelations {
    counting: Counting,
    satisfaction: Satisfaction,
    sizes: Vec<u32>,
}

impl SourceRelations {
    /// The same sizes, measured with another [`Satisfaction`].
    pub fn with_satisfaction(self, satisfaction: Satisfaction) -> Self {
        Self {
            satisfaction,
            ..self
        }
    }

    /// Which source executions count for a requirement.
    pub fn satisfaction(&self) -> Satisfaction {
        self.satisfaction
    }

    /// What the sizes count.
    pub fn counting(&self) -> Counting {
        self.counting
    }

    /// `|S_RO(t)|`, indexed by [`InputIdx`].
    pub fn sizes(&self) -> &[u32] {
        &self.sizes
    }

    /// `|S_RO(input)|`.
    pub fn size(&self, input: InputIdx) -> u32 {
        self.sizes[input.0 as usize]
    }
}

#[derive(Debug, Default)]
struct Interner {
    names: Vec<String>,
    ids: HashMap<String, u32>,
}

impl Interner {
    fn intern(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.ids.get(name) {
            return id;
        }
        let id = index_u32(self.names.len());
        self.names.push(name.to_owned());
        self.ids.insert(name.to_owned(), id);
        id
    }
}

fn check(
    index: u32,
    len: usize,
    err: impl FnOnce(u32, u32) -> MeasureError,
) -> Result<(), MeasureError> {
    if (index as usize) < len {
        Ok(())
    } else {
        Err(err(index, index_u32(len)))
    }
}

/// Indices are `u32` by design; more than 4 billion MRs, inputs or
/// associations is far beyond any test suite.
pub(crate) fn index_u32(n: usize) -> u32 {
    u32::try_from(n).expect("more than u32::MAX items cannot be indexed by u32")
}
