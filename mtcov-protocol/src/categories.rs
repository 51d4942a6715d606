//! Declared categories and choices (the category-partition method, with
//! TSL's constraints), as the record header carries them, and their
//! labels in words. What they yield (validity, the requirements of the
//! three black-box criteria, the conditions' grammar) is in [`tsl`],
//! behind the `tsl` feature: cargo-mtcov and the `categories!` macro use
//! it; mt-runtime, linked into every test binary, only writes
//! declarations.

#[cfg(feature = "tsl")]
pub mod tsl;

#[cfg(feature = "tsl")]
pub use tsl::{MAX_FRAMES, Requirements};

/// One `categories!` declaration: the categories of one source input type,
/// or of one function under test over it (`Para => fill -> String`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    /// The source input type (`std::any::type_name`).
    pub source_type: String,
    /// The function under test it declares categories for, as written
    /// after `=>`; `None`: every function over the type.
    pub function: Option<String>,
    /// The SUT's output type, when O-categories are declared.
    pub output_type: Option<String>,
    /// File of the declaration, as `file!()` gives it.
    pub file: String,
    /// Line of the declaration.
    pub line: u32,
    /// I- and O-categories, in declaration order.
    pub categories: Vec<Category>,
}

impl Declaration {
    /// What it declares categories for: `trig::Angle`, or
    /// `text::Para => fill` for one function over a type.
    pub fn subject(&self) -> String {
        match &self.function {
            Some(f) => format!("{} => {f}", self.source_type),
            None => self.source_type.clone(),
        }
    }

    /// Whether `other` declares what this one does, or the same type the
    /// other way (for every function against per function): two such
    /// declarations cannot both hold.
    pub fn clashes(&self, other: &Declaration) -> bool {
        self.source_type == other.source_type
            && (self.function == other.function
                || self.function.is_none()
                || other.function.is_none())
    }

    /// Whether a record of `source_type` (and `function`) is classified
    /// by this declaration.
    pub fn classifies(&self, source_type: &str, function: Option<&str>) -> bool {
        self.source_type == source_type && self.function.as_deref() == function
    }
}

/// A characteristic of the input (or of the output scenario).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Category {
    /// Its name.
    pub name: String,
    /// An O-category: classified from the input and the SUT's output.
    pub output: bool,
    /// Its complete set of choices, in declaration order.
    pub choices: Vec<Choice>,
}

/// One choice of a category.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Its name.
    pub name: String,
    /// Normal, `[error]` or `[single]`.
    pub kind: ChoiceKind,
    /// Properties it defines (`[property P]`).
    pub properties: Vec<String>,
    /// The condition under which it may be chosen (`[if ...]`), as text:
    /// property names, `!`, `&&`, `||` and parentheses.
    pub condition: Option<String>,
}

/// How a choice combines with others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChoiceKind {
    /// Combined with the choices of every other category.
    Normal,
    /// `[error]`: an invalid input, tested once, alone.
    Error,
    /// `[single]`: a special case, tested once, alone.
    Single,
}

impl ChoiceKind {
    /// The name written in records and labels (`normal`, `error`, `single`).
    pub fn label(self) -> &'static str {
        match self {
            Self::Normal => "normal",
            Self::Error => "error",
            Self::Single => "single",
        }
    }

    /// Whether the choice stands alone (`[error]` or `[single]`).
    pub fn alone(self) -> bool {
        self != Self::Normal
    }
}

/// A choice, by its category's index in [`Declaration::categories`] and
/// its index in that category.
pub type ChoiceRef = (u16, u16);

/// A requirement of the IO-CTF criterion.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Frame {
    /// One normal choice per category, I-categories and O-categories, in
    /// declaration order.
    Complete(Vec<u16>),
    /// An `[error]` or `[single]` choice alone.
    Alone(ChoiceRef),
}

impl Declaration {
    /// Indices of the I-categories, in declaration order.
    pub fn input_categories(&self) -> Vec<usize> {
        (0..self.categories.len())
            .filter(|&c| !self.categories[c].output)
            .collect()
    }

    /// Indices of the O-categories, in declaration order.
    pub fn output_categories(&self) -> Vec<usize> {
        (0..self.categories.len())
            .filter(|&c| self.categories[c].output)
            .collect()
    }

    /// `category = choice`.
    pub fn choice_label(&self, (category, choice): ChoiceRef) -> String {
        let cat = &self.categories[usize::from(category)];
        let ch = &cat.choices[usize::from(choice)];
        match ch.kind {
            ChoiceKind::Normal => format!("{} = {}", cat.name, ch.name),
            kind => format!("{} = {} [{}]", cat.name, ch.name, kind.label()),
        }
    }

    /// `a = x × b = y`.
    pub fn pair_label(&self, (a, b): (ChoiceRef, ChoiceRef)) -> String {
        format!("{} × {}", self.choice_label(a), self.choice_label(b))
    }

    /// `a = x, b = y → out = z` (the arrow only with O-categories).
    pub fn frame_label(&self, frame: &Frame) -> String {
        match frame {
            Frame::Alone(choice) => self.choice_label(*choice),
            Frame::Complete(choices) => {
                let part = |output: bool| {
                    choices
                        .iter()
                        .enumerate()
                        .filter(|&(c, _)| self.categories[c].output == output)
                        .map(|(c, &x)| self.choice_label((c as u16, x)))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let outputs = part(true);
                if outputs.is_empty() {
                    part(false)
                } else {
                    format!("{} → {outputs}", part(false))
                }
            }
        }
    }
}
