//! `Debug` descriptions of inputs, bounded so a huge value cannot flood a
//! failure message or a record file.

use std::fmt::{self, Debug, Write};

/// The longest description kept, in characters.
pub(crate) const MAX_DESCRIPTION: usize = 200;

/// `format!("{value:?}")`, cut after [`MAX_DESCRIPTION`] characters with a
/// note of how much was left out. Formatting stops early for huge values.
pub(crate) fn describe<T: Debug + ?Sized>(value: &T) -> String {
    let mut out = Bounded {
        text: String::new(),
        chars: 0,
        dropped: false,
    };
    let _ = write!(out, "{value:?}");
    if out.dropped {
        out.text.push_str("… (truncated)");
    }
    out.text
}

struct Bounded {
    text: String,
    chars: usize,
    dropped: bool,
}

impl Write for Bounded {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            if self.chars == MAX_DESCRIPTION {
                self.dropped = true;
                // Stop the formatter: the rest would be thrown away anyway.
                return Err(fmt::Error);
            }
            self.text.push(c);
            self.chars += 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_values_are_kept_whole() {
        assert_eq!(describe(&vec![1, 2]), "[1, 2]");
    }

    #[test]
    fn long_values_are_truncated_with_a_note() {
        let text = describe(&vec![0u8; 10_000]);
        assert!(text.ends_with("… (truncated)"), "{text}");
        assert_eq!(
            text.chars().count(),
            MAX_DESCRIPTION + "… (truncated)".chars().count()
        );
    }
}
