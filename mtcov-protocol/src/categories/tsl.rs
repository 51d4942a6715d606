//! What a declaration yields, TSL's way: its validity, and the
//! requirements of the three black-box criteria: every input choice,
//! every valid pair of input choices from two categories, and every valid
//! complete input-and-output test frame (IO-CTF).
//!
//! Validity follows TSL. A choice may define properties (`[property P]`)
//! and may be allowed only when a condition over properties holds
//! (`[if P && !Q]`, [`crate::condition`]); a frame is valid when the
//! condition of each of its choices holds, a property holding when some
//! choice of the frame defines it. `[error]` and `[single]` choices are
//! not combined: each is one I-choice requirement and one frame of its
//! own, and takes part in no pair.
//!
//! The valid frames are found by a depth-first search over the categories
//! (those defining properties before those testing them) that drops a
//! partial frame as soon as a condition is false for every completion of
//! it (three-valued logic over the properties still undecided), so a spec
//! whose constraints leave few frames is enumerated in time proportional
//! to those frames, never to the unconstrained product.
//!
//! ```
//! use mtcov_protocol::categories::{Category, Choice, ChoiceKind, Declaration};
//!
//! let choice = |name: &str, properties: &[&str], condition: Option<&str>| Choice {
//!     name: name.into(),
//!     kind: ChoiceKind::Normal,
//!     properties: properties.iter().map(|p| p.to_string()).collect(),
//!     condition: condition.map(str::to_owned),
//! };
//! let decl = Declaration {
//!     source_type: "Order".into(),
//!     function: None,
//!     output_type: None,
//!     file: "tests/order.rs".into(),
//!     line: 3,
//!     categories: vec![
//!         Category { name: "size".into(), output: false, choices: vec![
//!             choice("empty", &["EMPTY"], None), choice("some", &[], None)] },
//!         Category { name: "discount".into(), output: false, choices: vec![
//!             choice("none", &[], None), choice("coupon", &[], Some("!EMPTY"))] },
//!     ],
//! };
//! let space = decl.requirements().unwrap();
//! assert_eq!(space.choices.len(), 4);
//! assert_eq!(space.pairs.len(), 3); // empty × coupon is not valid
//! assert_eq!(space.frames.len(), 3);
//! assert_eq!(decl.frame_label(&space.frames[0]), "size = empty, discount = none");
//! ```

use std::collections::{HashMap, HashSet};

use super::{Category, Choice, ChoiceKind, ChoiceRef, Declaration, Frame};
use crate::condition::{self, Cond};

/// A condition with its properties interned.
type Expr = Cond<usize>;

/// Parses a condition's text; `property` interns a name (None: unknown).
fn parse_condition(text: &str, property: &dyn Fn(&str) -> Option<usize>) -> Result<Expr, String> {
    let tokens = condition::tokenize(text).map_err(|e| e.message)?;
    condition::parse(&tokens, &mut |name, _| {
        property(name).ok_or_else(|| format!("no choice defines property `{name}`"))
    })
    .map_err(|e| e.message)
}

/// The requirements of the three black-box criteria for one declaration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Requirements {
    /// I-choice: every choice of every I-category.
    pub choices: Vec<ChoiceRef>,
    /// I-choice-pair: every pair of normal choices of two I-categories
    /// that some valid complete input frame contains (first category first).
    pub pairs: Vec<(ChoiceRef, ChoiceRef)>,
    /// IO-CTF: every valid complete frame, then every alone choice.
    pub frames: Vec<Frame>,
}

/// The most IO-CTFs one declaration may have: more means missing constraints.
pub const MAX_FRAMES: usize = 1_000_000;

impl Declaration {
    /// Checks what the `categories!` macro checks at compile time, for
    /// declarations read from records: names, choices, properties and
    /// conditions. The error says what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        self.compile().map(|_| ())
    }

    fn compile(&self) -> Result<Compiled, String> {
        let what = format!(
            "categories of `{}` ({}:{})",
            self.source_type, self.file, self.line
        );
        if self.categories.is_empty() {
            return Err(format!("{what}: no category"));
        }
        if self.categories.len() > usize::from(u16::MAX) {
            return Err(format!("{what}: too many categories"));
        }
        let properties = self.properties(&what)?;
        let conditions = self
            .categories
            .iter()
            .map(|cat| {
                cat.choices
                    .iter()
                    .map(|ch| properties.condition(&what, cat, ch))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Compiled {
            conditions,
            properties: self
                .categories
                .iter()
                .map(|cat| {
                    cat.choices
                        .iter()
                        .map(|ch| {
                            ch.properties
                                .iter()
                                .map(|p| properties.ids[p.as_str()])
                                .collect()
                        })
                        .collect()
                })
                .collect(),
            definers: properties.definers,
        })
    }

    /// Checks the categories' and choices' names and kinds (`what` names
    /// the declaration), and numbers the properties their choices define.
    fn properties(&self, what: &str) -> Result<Properties<'_>, String> {
        let mut names = HashSet::new();
        let mut properties = Properties::default();
        for (c, cat) in self.categories.iter().enumerate() {
            if !names.insert(cat.name.as_str()) {
                return Err(format!("{what}: category `{}` is declared twice", cat.name));
            }
            if cat.choices.is_empty() || cat.choices.len() > usize::from(u16::MAX) {
                return Err(format!("{what}: category `{}` has no choice", cat.name));
            }
            if !cat.choices.iter().any(|ch| ch.kind == ChoiceKind::Normal) {
                return Err(format!(
                    "{what}: category `{}` has only [error] / [single] choices; a complete frame needs a normal one",
                    cat.name
                ));
            }
            let mut choice_names = HashSet::new();
            for ch in &cat.choices {
                if !choice_names.insert(ch.name.as_str()) {
                    return Err(format!(
                        "{what}: choice `{}` of `{}` is declared twice",
                        ch.name, cat.name
                    ));
                }
                if cat.output && ch.kind.alone() {
                    return Err(format!(
                        "{what}: O-choice `{}` of `{}` is [{}]; only I-choices can be",
                        ch.name,
                        cat.name,
                        ch.kind.label()
                    ));
                }
                for p in &ch.properties {
                    properties.define(p, c, !cat.output);
                }
            }
        }
        Ok(properties)
    }

    /// Whether a complete frame (one choice per category, in declaration
    /// order; `None` for O-categories not classified) satisfies every
    /// condition. A frame with an alone choice is always valid.
    pub fn is_valid(&self, choices: &[Option<u16>]) -> Result<bool, String> {
        let compiled = self.compile()?;
        if choices.len() != self.categories.len() {
            return Err(format!(
                "{} choices for {} categories",
                choices.len(),
                self.categories.len()
            ));
        }
        for (c, x) in choices.iter().enumerate() {
            if let Some(x) = x {
                if usize::from(*x) >= self.categories[c].choices.len() {
                    return Err(format!(
                        "choice {x} of category `{}`, which has {}",
                        self.categories[c].name,
                        self.categories[c].choices.len()
                    ));
                }
                if self.categories[c].choices[usize::from(*x)].kind.alone() {
                    return Ok(true);
                }
            }
        }
        let mut search = Search::new(self, &compiled, (0..self.categories.len()).collect());
        for (c, x) in choices.iter().enumerate() {
            match x {
                Some(x) => search.assign(c, *x),
                None => search.skip(c),
            }
        }
        Ok(search.consistent())
    }

    /// The requirements of the three criteria. Fails when the declaration
    /// is malformed or has more than [`MAX_FRAMES`] IO-CTFs.
    pub fn requirements(&self) -> Result<Requirements, String> {
        let compiled = self.compile()?;
        let inputs = self.input_categories();
        let outputs = self.output_categories();
        let mut out = Requirements::default();
        for &c in &inputs {
            for x in 0..self.categories[c].choices.len() {
                out.choices.push((c as u16, x as u16));
            }
        }

        // Complete frames: I-categories first, then O-categories, each
        // group ordered so that property definers come before users.
        let order: Vec<usize> = compiled
            .order(self, &inputs)
            .into_iter()
            .chain(compiled.order(self, &outputs))
            .collect();
        let mut search = Search::new(self, &compiled, order.clone());
        let mut frames = Vec::new();
        let mut too_many = false;
        search.run(0, &mut |s| {
            if frames.len() == MAX_FRAMES {
                too_many = true;
                return false;
            }
            frames.push(s.frame());
            true
        });
        if too_many {
            return Err(format!(
                "categories of `{}` ({}:{}) allow more than {MAX_FRAMES} IO-CTFs; add constraints",
                self.source_type, self.file, self.line
            ));
        }
        frames.sort();

        // Pairs: every pair of normal I-choices that some valid complete
        // frame (I- and O-choices) contains; the frames are all known.
        let mut valid: HashSet<(ChoiceRef, ChoiceRef)> = HashSet::new();
        let mut seen_inputs: HashSet<Vec<u16>> = HashSet::new();
        for frame in &frames {
            let input_part: Vec<u16> = inputs.iter().map(|&c| frame[c]).collect();
            if seen_inputs.insert(input_part) {
                for (i, &a) in inputs.iter().enumerate() {
                    for &b in &inputs[i + 1..] {
                        valid.insert(((a as u16, frame[a]), (b as u16, frame[b])));
                    }
                }
            }
        }
        for (i, &a) in inputs.iter().enumerate() {
            for &b in &inputs[i + 1..] {
                for x in normal_choices(&self.categories[a]) {
                    for y in normal_choices(&self.categories[b]) {
                        let pair = ((a as u16, x), (b as u16, y));
                        if valid.contains(&pair) {
                            out.pairs.push(pair);
                        }
                    }
                }
            }
        }

        out.frames = frames.into_iter().map(Frame::Complete).collect();
        for &c in &inputs {
            for (x, ch) in self.categories[c].choices.iter().enumerate() {
                if ch.kind.alone() {
                    out.frames.push(Frame::Alone((c as u16, x as u16)));
                }
            }
        }
        Ok(out)
    }
}

fn normal_choices(cat: &Category) -> impl Iterator<Item = u16> + '_ {
    cat.choices
        .iter()
        .enumerate()
        .filter(|(_, ch)| ch.kind == ChoiceKind::Normal)
        .map(|(x, _)| x as u16)
}

/// The properties a declaration's choices define, numbered in order of
/// first definition.
#[derive(Default)]
struct Properties<'d> {
    ids: HashMap<&'d str, usize>,
    /// Per property, the categories with a choice defining it.
    definers: Vec<Vec<usize>>,
    /// Properties an I-choice defines.
    input: HashSet<usize>,
}

impl<'d> Properties<'d> {
    /// Property `name` is defined by a choice of category `c` (an
    /// I-category when `input`).
    fn define(&mut self, name: &'d str, c: usize, input: bool) {
        let next = self.ids.len();
        let id = *self.ids.entry(name).or_insert(next);
        if id == self.definers.len() {
            self.definers.push(Vec::new());
        }
        if !self.definers[id].contains(&c) {
            self.definers[id].push(c);
        }
        if input {
            self.input.insert(id);
        }
    }

    /// The condition of choice `ch` of `cat`, parsed over these
    /// properties; an alone choice may have none, an I-choice may test
    /// only properties I-choices define.
    fn condition(&self, what: &str, cat: &Category, ch: &Choice) -> Result<Option<Expr>, String> {
        let Some(text) = &ch.condition else {
            return Ok(None);
        };
        if ch.kind.alone() {
            return Err(format!(
                "{what}: choice `{}` of `{}` is [{}] and has a condition; an alone choice is never combined, so [if] has no meaning on it",
                ch.name,
                cat.name,
                ch.kind.label()
            ));
        }
        let expr = parse_condition(text, &|name| self.ids.get(name).copied())
            .map_err(|e| format!("{what}: condition of `{}` = `{}`: {e}", cat.name, ch.name))?;
        if !cat.output {
            let used = expr.properties();
            if let Some(p) = used.iter().find(|p| !self.input.contains(p)) {
                let name = self
                    .ids
                    .iter()
                    .find(|(_, id)| *id == *p)
                    .map_or("", |(n, _)| n);
                return Err(format!(
                    "{what}: I-choice `{}` of `{}` depends on `{name}`, which only O-choices define",
                    ch.name, cat.name
                ));
            }
        }
        Ok(Some(expr))
    }
}

/// A declaration's conditions, with properties interned.
struct Compiled {
    /// Per property, the categories with a choice defining it.
    definers: Vec<Vec<usize>>,
    /// Per category, per choice, its condition.
    conditions: Vec<Vec<Option<Expr>>>,
    /// Per category, per choice, the properties it defines.
    properties: Vec<Vec<Vec<usize>>>,
}

impl Compiled {
    /// `categories` ordered so that a category comes after the categories
    /// defining the properties its conditions test, where that is possible
    /// (a cycle keeps the declaration order for the rest).
    fn order(&self, decl: &Declaration, categories: &[usize]) -> Vec<usize> {
        let needs: Vec<HashSet<usize>> = categories
            .iter()
            .map(|&c| {
                let used: Vec<usize> = self.conditions[c]
                    .iter()
                    .flatten()
                    .flat_map(|e| e.properties().into_iter().copied())
                    .collect();
                used.iter()
                    .flat_map(|&p| self.definers[p].iter().copied())
                    .filter(|&d| d != c && categories.contains(&d))
                    .collect()
            })
            .collect();
        let mut placed: Vec<usize> = Vec::new();
        let mut left: Vec<usize> = (0..categories.len()).collect();
        while !left.is_empty() {
            let ready = left
                .iter()
                .position(|&i| needs[i].iter().all(|d| placed.contains(d)))
                .unwrap_or(0);
            placed.push(categories[left.remove(ready)]);
        }
        let _ = decl;
        placed
    }
}

/// A depth-first search over the normal choices of `order`'s categories.
struct Search<'a> {
    decl: &'a Declaration,
    compiled: &'a Compiled,
    order: Vec<usize>,
    /// Per category, the chosen choice.
    chosen: Vec<Option<u16>>,
    /// Per category, whether it is decided (chosen, or known unclassified).
    decided: Vec<bool>,
    /// Per property, how many chosen choices define it.
    defined: Vec<u32>,
    /// Per property, how many undecided categories could still define it.
    open: Vec<u32>,
    /// Restricts a category to one choice (pair searches).
    fixed: Vec<Option<u16>>,
}

impl<'a> Search<'a> {
    fn new(decl: &'a Declaration, compiled: &'a Compiled, order: Vec<usize>) -> Self {
        let n = decl.categories.len();
        let mut open = vec![0; compiled.definers.len()];
        for (p, cats) in compiled.definers.iter().enumerate() {
            // Categories outside the search (O-categories of a pair
            // search) are undecided for ever: their properties unknown.
            open[p] = cats.len() as u32;
        }
        Search {
            decl,
            compiled,
            order,
            chosen: vec![None; n],
            decided: vec![false; n],
            defined: vec![0; compiled.definers.len()],
            open,
            fixed: Vec::new(),
        }
    }

    fn value(&self, p: usize) -> Option<bool> {
        if self.defined[p] > 0 {
            Some(true)
        } else if self.open[p] == 0 {
            Some(false)
        } else {
            None
        }
    }

    fn assign(&mut self, c: usize, x: u16) {
        self.chosen[c] = Some(x);
        self.decide(c, 1);
        for &p in &self.compiled.properties[c][usize::from(x)] {
            self.defined[p] += 1;
        }
    }

    fn unassign(&mut self, c: usize) {
        if let Some(x) = self.chosen[c].take() {
            for &p in &self.compiled.properties[c][usize::from(x)] {
                self.defined[p] -= 1;
            }
        }
        self.decide(c, -1);
    }

    fn skip(&mut self, c: usize) {
        self.decide(c, 1);
    }

    fn decide(&mut self, c: usize, step: i32) {
        self.decided[c] = step > 0;
        for (p, cats) in self.compiled.definers.iter().enumerate() {
            if cats.contains(&c) {
                self.open[p] = (self.open[p] as i32 - step) as u32;
            }
        }
    }

    /// Whether no chosen choice's condition is false.
    fn consistent(&self) -> bool {
        self.chosen.iter().enumerate().all(|(c, x)| match x {
            Some(x) => match &self.compiled.conditions[c][usize::from(*x)] {
                Some(e) => e.eval(&|&p| self.value(p)) != Some(false),
                None => true,
            },
            None => true,
        })
    }

    fn frame(&self) -> Vec<u16> {
        self.chosen.iter().map(|x| x.unwrap_or(0)).collect()
    }

    /// Visits every consistent completion from `depth`; `visit` returns
    /// whether to go on. Returns false when stopped.
    fn run(&mut self, depth: usize, visit: &mut dyn FnMut(&Self) -> bool) -> bool {
        if depth == self.order.len() {
            return visit(self);
        }
        let c = self.order[depth];
        let fixed = self.fixed.get(c).copied().flatten();
        let cat = &self.decl.categories[c];
        for x in 0..cat.choices.len() as u16 {
            if cat.choices[usize::from(x)].kind.alone() || fixed.is_some_and(|f| f != x) {
                continue;
            }
            self.assign(c, x);
            let go_on = !self.consistent() || self.run(depth + 1, visit);
            self.unassign(c);
            if !go_on {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::categories::Choice;

    fn ch(name: &str, props: &[&str], cond: Option<&str>, kind: ChoiceKind) -> Choice {
        Choice {
            name: name.into(),
            kind,
            properties: props.iter().map(|p| p.to_string()).collect(),
            condition: cond.map(str::to_owned),
        }
    }

    fn n(name: &str) -> Choice {
        ch(name, &[], None, ChoiceKind::Normal)
    }

    fn cat(name: &str, output: bool, choices: Vec<Choice>) -> Category {
        Category {
            name: name.into(),
            output,
            choices,
        }
    }

    fn decl(categories: Vec<Category>) -> Declaration {
        Declaration {
            source_type: "T".into(),
            function: None,
            output_type: None,
            file: "t.rs".into(),
            line: 1,
            categories,
        }
    }

    #[test]
    fn without_constraints_every_combination_is_valid() {
        let d = decl(vec![
            cat("a", false, vec![n("x"), n("y")]),
            cat("b", false, vec![n("p"), n("q"), n("r")]),
            cat("o", true, vec![n("pos"), n("neg")]),
        ]);
        let r = d.requirements().unwrap();
        assert_eq!(r.choices.len(), 5);
        assert_eq!(r.pairs.len(), 6);
        assert_eq!(r.frames.len(), 12);
    }

    #[test]
    fn a_condition_on_a_later_category_prunes_pairs_and_frames() {
        // `a = y` only if `b = q`; the output `big` only with `b = q`.
        let d = decl(vec![
            cat(
                "a",
                false,
                vec![n("x"), ch("y", &[], Some("Q"), ChoiceKind::Normal)],
            ),
            cat(
                "b",
                false,
                vec![
                    n("p"),
                    ch("q", &["Q"], None, ChoiceKind::Normal),
                    ch("z", &[], None, ChoiceKind::Single),
                ],
            ),
            cat(
                "o",
                true,
                vec![n("small"), ch("big", &[], Some("Q"), ChoiceKind::Normal)],
            ),
        ]);
        let r = d.requirements().unwrap();
        assert_eq!(r.choices.len(), 5);
        // x×p, x×q, y×q (y×p is forbidden)
        assert_eq!(
            r.pairs,
            vec![((0, 0), (1, 0)), ((0, 0), (1, 1)), ((0, 1), (1, 1))]
        );
        let labels: Vec<String> = r.frames.iter().map(|f| d.frame_label(f)).collect();
        assert_eq!(
            labels,
            [
                "a = x, b = p → o = small",
                "a = x, b = q → o = small",
                "a = x, b = q → o = big",
                "a = y, b = q → o = small",
                "a = y, b = q → o = big",
                "b = z [single]",
            ]
        );
        assert_eq!(d.is_valid(&[Some(1), Some(0), Some(0)]), Ok(false));
        assert_eq!(d.is_valid(&[Some(1), Some(1), None]), Ok(true));
        assert_eq!(d.is_valid(&[Some(1), Some(2), Some(1)]), Ok(true), "alone");
        assert_eq!(d.is_valid(&[Some(0), Some(0), Some(1)]), Ok(false));
    }

    #[test]
    fn pairs_are_those_of_valid_complete_frames_o_constraints_included() {
        // No output choice is allowed with `a = x`: the pairs of `a = x`
        // are in no valid complete frame, so they are no requirements.
        let d = decl(vec![
            cat(
                "a",
                false,
                vec![ch("x", &["X"], None, ChoiceKind::Normal), n("y")],
            ),
            cat("b", false, vec![n("small"), n("big")]),
            cat(
                "o",
                true,
                vec![ch("any", &[], Some("!X"), ChoiceKind::Normal)],
            ),
        ]);
        let r = d.requirements().unwrap();
        assert_eq!(r.pairs, vec![((0, 1), (1, 0)), ((0, 1), (1, 1))]);
        assert_eq!(r.frames.len(), 2);
    }

    #[test]
    fn conditions_parse_with_precedence_and_report_errors() {
        let ids = |name: &str| ["A", "B", "C"].iter().position(|p| *p == name);
        let e = parse_condition("!A && (B || C) || C", &ids).unwrap();
        let value = |a, b, c| move |p: &usize| Some([a, b, c][*p]);
        assert_eq!(e.eval(&value(true, true, false)), Some(false));
        assert_eq!(e.eval(&value(false, true, false)), Some(true));
        assert_eq!(e.eval(&value(true, false, true)), Some(true));
        assert_eq!(e.eval(&|p| (*p == 0).then_some(true)), None);
        for (bad, why) in [
            ("A &", "doubled"),
            ("(A", "without its"),
            ("D", "no choice defines property `D`"),
            ("A B", "expected `&&`, `||` or the end"),
            ("", "the condition is empty"),
        ] {
            assert!(
                parse_condition(bad, &ids).unwrap_err().contains(why),
                "{bad}"
            );
        }
    }

    #[test]
    fn malformed_declarations_are_refused() {
        let only_alone = decl(vec![cat(
            "a",
            false,
            vec![ch("e", &[], None, ChoiceKind::Error)],
        )]);
        assert!(only_alone.validate().unwrap_err().contains("only [error]"));
        let on_output = decl(vec![
            cat(
                "a",
                false,
                vec![ch("x", &[], Some("P"), ChoiceKind::Normal)],
            ),
            cat("o", true, vec![ch("p", &["P"], None, ChoiceKind::Normal)]),
        ]);
        assert!(
            on_output
                .validate()
                .unwrap_err()
                .contains("only O-choices define")
        );
        let twice = decl(vec![
            cat("a", false, vec![n("x")]),
            cat("a", false, vec![n("y")]),
        ]);
        assert!(twice.validate().unwrap_err().contains("declared twice"));
    }

    #[test]
    fn too_many_frames_is_an_error_not_a_hang() {
        let wide: Vec<Choice> = (0..40).map(|i| n(&format!("c{i}"))).collect();
        let d = decl(
            (0..4)
                .map(|i| cat(&format!("k{i}"), false, wide.clone()))
                .collect(),
        );
        assert!(d.requirements().unwrap_err().contains("add constraints"));
    }
}
