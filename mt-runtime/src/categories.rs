//! Declared categories and choices of source inputs (and of the SUT's
//! output), for the black-box criteria of `cargo mtcov` (I-choice,
//! I-choice-pair, IO-CTF).
//!
//! [`categories!`](crate::categories!) registers one declaration per
//! source type through `inventory`. Under `cargo mtcov`, `Mg::source`
//! classifies each source input of a declared type before the SUT runs,
//! and its output after; the choices go to the records as `choices`
//! lines, and every declaration goes into the header. A classifier that
//! panics, or an input that no choice of a category takes, is recorded as
//! an error, never as a choice: `cargo mtcov` then refuses to measure.

use crate::record::{MrRef, Recorder};
use crate::source_key::SourceKey;
pub use mtcov_protocol::categories::ChoiceKind;
use mtcov_protocol::categories::{Category, Choice, Declaration};
use mtcov_protocol::fnv;
use std::any::TypeId;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::OnceLock;

/// What `categories!` generates for a declaration: the types and the
/// classifiers. Not public API.
#[doc(hidden)]
pub trait Categories: 'static {
    /// The source input type.
    type Input;
    /// The SUT's output type (`()` without O-categories).
    type Output;
    /// Whether O-categories are declared.
    const HAS_OUTPUT: bool;
    /// Classifies the input into each I-category.
    fn classify_input(input: &Self::Input, choices: &mut Classifier);
    /// Classifies the input and its output into each O-category.
    fn classify_output(input: &Self::Input, output: &Self::Output, choices: &mut Classifier);
}

/// The declaration as written, for the header.
#[doc(hidden)]
#[derive(Debug)]
pub struct DeclarationMeta {
    pub written_type: &'static str,
    /// The function under test after `=>`, as written.
    pub function: Option<&'static str>,
    pub file: &'static str,
    pub line: u32,
    pub categories: &'static [CategoryMeta],
}

#[doc(hidden)]
#[derive(Debug)]
pub struct CategoryMeta {
    pub name: &'static str,
    pub output: bool,
    pub choices: &'static [ChoiceMeta],
}

#[doc(hidden)]
#[derive(Debug)]
pub struct ChoiceMeta {
    pub name: &'static str,
    pub kind: ChoiceKind,
    pub properties: &'static [&'static str],
    pub condition: Option<&'static str>,
}

/// One registered declaration, type-erased.
#[doc(hidden)]
pub struct CategoriesMeta {
    decl: &'static DeclarationMeta,
    input_type: fn() -> TypeId,
    input_name: fn() -> &'static str,
    output_type: fn() -> TypeId,
    output_name: fn() -> &'static str,
    has_output: bool,
    classify_input: unsafe fn(*const (), &mut Classifier),
    classify_output: unsafe fn(*const (), *const (), &mut Classifier),
}

impl std::fmt::Debug for CategoriesMeta {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CategoriesMeta")
            .field("decl", &self.decl)
            .finish_non_exhaustive()
    }
}

/// # Safety
///
/// `input` points to a live `C::Input`.
unsafe fn erased_input<C: Categories>(input: *const (), choices: &mut Classifier) {
    // SAFETY: the caller checked that the value has type `C::Input`.
    C::classify_input(unsafe { &*input.cast::<C::Input>() }, choices)
}

/// # Safety
///
/// `input` points to a live `C::Input`, `output` to a live `C::Output`.
unsafe fn erased_output<C: Categories>(
    input: *const (),
    output: *const (),
    choices: &mut Classifier,
) {
    // SAFETY: the caller checked both types.
    C::classify_output(
        unsafe { &*input.cast::<C::Input>() },
        unsafe { &*output.cast::<C::Output>() },
        choices,
    )
}

impl CategoriesMeta {
    #[doc(hidden)]
    pub const fn new<C: Categories>(decl: &'static DeclarationMeta) -> Self {
        CategoriesMeta {
            decl,
            input_type: typeid::of::<C::Input>,
            input_name: std::any::type_name::<C::Input>,
            output_type: typeid::of::<C::Output>,
            output_name: std::any::type_name::<C::Output>,
            has_output: C::HAS_OUTPUT,
            classify_input: erased_input::<C>,
            classify_output: erased_output::<C>,
        }
    }

    /// The declaration as records carry it.
    pub(crate) fn declaration(&self) -> Declaration {
        Declaration {
            source_type: (self.input_name)().to_owned(),
            function: self.decl.function.map(str::to_owned),
            output_type: self.has_output.then(|| (self.output_name)().to_owned()),
            file: self.decl.file.to_owned(),
            line: self.decl.line,
            categories: self
                .decl
                .categories
                .iter()
                .map(|cat| Category {
                    name: cat.name.to_owned(),
                    output: cat.output,
                    choices: cat
                        .choices
                        .iter()
                        .map(|ch| Choice {
                            name: ch.name.to_owned(),
                            kind: ch.kind,
                            properties: ch.properties.iter().map(|p| (*p).to_owned()).collect(),
                            condition: ch.condition.map(str::to_owned),
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

/// One `inventory` entry per `categories!`.
#[doc(hidden)]
#[derive(Debug)]
pub struct RegisteredCategories(pub &'static CategoriesMeta);

inventory::collect!(RegisteredCategories);

/// Every declaration linked into the binary, for the header.
pub(crate) fn declarations() -> Vec<Declaration> {
    let mut all: Vec<Declaration> = inventory::iter::<RegisteredCategories>
        .into_iter()
        .map(|r| r.0.declaration())
        .collect();
    all.sort_by(|a, b| (&a.source_type, &a.file, a.line).cmp(&(&b.source_type, &b.file, b.line)));
    all
}

/// The declarations for source inputs of type `I`: one for every
/// function over it, or one per function under test (`Type => f`); empty
/// when none. (A binary that declares a type twice, or both ways, is
/// refused by the report.)
fn find_all<I: ?Sized>() -> &'static [&'static CategoriesMeta] {
    static BY_TYPE: OnceLock<HashMap<TypeId, Vec<&'static CategoriesMeta>>> = OnceLock::new();
    let by_type = BY_TYPE.get_or_init(|| {
        let mut map: HashMap<TypeId, Vec<&'static CategoriesMeta>> = HashMap::new();
        for r in inventory::iter::<RegisteredCategories> {
            map.entry((r.0.input_type)()).or_default().push(r.0);
        }
        map
    });
    if by_type.is_empty() {
        return &[];
    }
    by_type.get(&typeid::of::<I>()).map_or(&[], Vec::as_slice)
}

/// The declaration for every function over a type, when that is how
/// `all` (its declarations) declare it.
fn whole(all: &[&'static CategoriesMeta]) -> Option<&'static CategoriesMeta> {
    match all {
        [one] if one.decl.function.is_none() => Some(one),
        _ => None,
    }
}

/// Which per-function declaration of `I` classifies an execution by an MR
/// that says it runs `function` (or not) and returned an `O`.
enum Pick {
    /// This one.
    Declaration(&'static CategoriesMeta),
    /// None, on purpose: the MR runs a function without a declaration.
    NotDeclared,
    /// None: the MR does not say which function it runs, and not exactly
    /// one declaration returns `O`.
    Unknown,
}

fn pick<O>(all: &[&'static CategoriesMeta], function: Option<&str>) -> Pick {
    match function {
        Some(f) => all
            .iter()
            .find(|d| d.decl.function == Some(f))
            .map_or(Pick::NotDeclared, |d| Pick::Declaration(d)),
        None => {
            let mut returning = all
                .iter()
                .filter(|d| d.has_output && (d.output_type)() == typeid::of::<O>());
            match (returning.next(), returning.next()) {
                (Some(d), None) => Pick::Declaration(d),
                _ => Pick::Unknown,
            }
        }
    }
}

/// The fingerprint of a classification, for "written once".
fn fingerprint(choices: &[Option<u16>]) -> u64 {
    choices.iter().fold(fnv::OFFSET, |hash, x| {
        fnv::step(hash, x.map_or(0xffff_ffff, u64::from))
    })
}

/// Whether `I` has a `categories!` declaration (cheap: one map lookup).
#[inline]
pub(crate) fn declared<I: ?Sized>() -> bool {
    !find_all::<I>().is_empty()
}

/// Collects one input's choices, category by category. Not public API.
#[doc(hidden)]
#[derive(Debug)]
pub struct Classifier {
    decl: &'static DeclarationMeta,
    choices: Vec<Option<u16>>,
    error: Option<String>,
}

impl Classifier {
    /// Runs the classifier of category `index`: the first choice whose
    /// predicate holds, `None` when none does.
    pub fn category(&mut self, index: usize, classify: impl FnOnce() -> Option<u16>) {
        if self.error.is_some() {
            return;
        }
        let name = self.decl.categories.get(index).map_or("?", |c| c.name);
        match catch_unwind(AssertUnwindSafe(classify)) {
            Ok(Some(choice)) => self.choices[index] = Some(choice),
            Ok(None) => {
                self.error = Some(format!(
                    "the input matches no choice of category `{name}`: give its last choice no predicate, or add a choice that takes it"
                ))
            }
            Err(payload) => {
                let why = payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a non-string payload".to_owned());
                self.error = Some(format!(
                    "the classifier of category `{name}` panicked: {why}"
                ));
            }
        }
    }
}

/// A source input's I-choices, between its classification and its output's.
pub(crate) enum Classified {
    /// By the declaration for every function over its type.
    Whole {
        meta: &'static CategoriesMeta,
        choices: Classifier,
    },
    /// Its type is declared per function: which declaration classifies it
    /// is known once the MR's output is.
    PerFunction,
}

/// Classifies a source input of a declared type and records its I-choices
/// (once per input). Returns what the output's classification needs.
pub(crate) fn classify_input<I: ?Sized>(
    input: &I,
    key: SourceKey,
    recorder: &Recorder,
    pending: &mut String,
) -> Option<Classified> {
    let all = find_all::<I>();
    let Some(meta) = whole(all) else {
        return (!all.is_empty()).then_some(Classified::PerFunction);
    };
    let choices = meta.input_choices(input);
    write(meta, key, None, &choices, recorder, pending);
    Some(Classified::Whole { meta, choices })
}

impl CategoriesMeta {
    /// The I-choices of `input`, whose type `find` matched to this
    /// declaration.
    fn input_choices<I: ?Sized>(&'static self, input: &I) -> Classifier {
        let mut choices = Classifier {
            decl: self.decl,
            choices: vec![None; self.decl.categories.len()],
            error: None,
        };
        // SAFETY: `find` matched `I` to the declaration's input type by type
        // id (lifetimes erased; declared types have none), so `input` is a
        // `C::Input`; a sized type's id never equals an unsized one's.
        unsafe { (self.classify_input)((input as *const I).cast::<()>(), &mut choices) };
        choices
    }

    /// Adds the O-choices of `output` to `choices` (of `input`); false,
    /// adding nothing, when `O` is not the declared output type.
    fn add_output_choices<I: ?Sized, O>(
        &self,
        input: &I,
        output: &O,
        choices: &mut Classifier,
    ) -> bool {
        if typeid::of::<O>() != (self.output_type)() {
            return false;
        }
        // SAFETY: as in `input_choices`, and `O` is the declared output type.
        unsafe {
            (self.classify_output)(
                (input as *const I).cast::<()>(),
                (output as *const O).cast::<()>(),
                choices,
            )
        };
        true
    }
}

/// Classifies a follow-up input of a declared type, and its output when
/// it has the declared output type, and records its frame as reached from
/// the MG's `source` by the MR `mr` (once per MR, source and frame).
pub(crate) fn record_follow_up<I: ?Sized, O>(
    input: &I,
    output: &O,
    source: SourceKey,
    (mr, function): (MrRef<'_>, Option<&str>),
    recorder: &Recorder,
    pending: &mut String,
) {
    let all = find_all::<I>();
    let meta = match whole(all) {
        Some(meta) => meta,
        None => match pick::<O>(all, function) {
            Pick::Declaration(meta) => meta,
            Pick::NotDeclared | Pick::Unknown => return,
        },
    };
    let mut choices = meta.input_choices(input);
    if meta.has_output && choices.error.is_none() {
        meta.add_output_choices(input, output, &mut choices);
    }
    // A follow-up that cannot be classified tells nothing of the MR's
    // frames; the source inputs' classification errors are what stop a run.
    if choices.error.is_some() {
        return;
    }
    recorder.follow_up_once(source, mr, fingerprint(&choices.choices), pending, |line| {
        mtcov_protocol::write::follow_up(
            line,
            source.0,
            mr.id,
            ((meta.input_name)(), meta.decl.function),
            &choices.choices,
        )
    });
}

/// Classifies the output of a source execution into the O-categories, when
/// the declaration has them and `output` has the declared output type.
pub(crate) fn classify_output<I: ?Sized, O>(
    classified: Option<Classified>,
    (input, output): (&I, &O),
    key: SourceKey,
    (mr, function): (MrRef<'_>, Option<&str>),
    recorder: &Recorder,
    pending: &mut String,
) {
    let (meta, mut choices) = match classified {
        None => return,
        Some(Classified::Whole { meta, choices }) => (meta, choices),
        Some(Classified::PerFunction) => match pick::<O>(find_all::<I>(), function) {
            // I- and O-choices in one record, by this MR: they count for
            // the MRs that run this function only.
            Pick::Declaration(meta) => {
                let mut choices = meta.input_choices(input);
                let unclassified = meta.has_output
                    && choices.error.is_none()
                    && !meta.add_output_choices(input, output, &mut choices);
                write(meta, key, Some(mr.id), &choices, recorder, pending);
                if unclassified {
                    recorder.unclassified(key, mr, std::any::type_name::<O>(), pending);
                }
                return;
            }
            Pick::NotDeclared => return,
            Pick::Unknown => {
                recorder.unclassified(key, mr, std::any::type_name::<O>(), pending);
                return;
            }
        },
    };
    if !meta.has_output || choices.error.is_some() {
        return;
    }
    if !meta.add_output_choices(input, output, &mut choices) {
        recorder.unclassified(key, mr, std::any::type_name::<O>(), pending);
        return;
    }
    write(meta, key, Some(mr.id), &choices, recorder, pending);
}

/// A `choices` line, once per source input, MR (for O-choices) and choices.
fn write(
    meta: &CategoriesMeta,
    key: SourceKey,
    mr: Option<&str>,
    choices: &Classifier,
    recorder: &Recorder,
    pending: &mut String,
) {
    let source_type = (meta.input_name)();
    let result = match &choices.error {
        Some(error) => Err(error.as_str()),
        None => Ok(choices.choices.as_slice()),
    };
    let fingerprint = match &result {
        Ok(choices) => fingerprint(choices),
        Err(_) => 1,
    };
    let fingerprint = mr.map_or(fingerprint, |mr| fnv::bytes(fingerprint, mr.bytes()));
    recorder.choices_once(key, fingerprint, pending, |line| {
        mtcov_protocol::write::choices(line, key.0, (source_type, meta.decl.function), mr, result)
    });
}
