//! The values a setting can take in `.config/mtcov.toml`: each read with
//! the command line's own parser (so the file and the flag accept the same
//! text and say the same thing when it is wrong), and written back the way
//! the file would hold it, for `--show-config`.

use std::num::{NonZeroU64, NonZeroUsize};
use std::path::PathBuf;
use std::time::Duration;

use clap::ValueEnum;
use serde::de::{Deserialize, Deserializer, Error as _};
use toml::Value;

use crate::cli::{Distinct, FailUnder, SatisfactionArg, parse_fail_under};
use crate::model::Criterion;
use crate::run::{Split, parse_duration, parse_split};

/// A type a setting holds: read from a TOML value, shown as one.
pub(crate) trait SettingValue: Sized + Clone {
    /// The value, or what is wrong with it (toml places the message at
    /// the value's line and column).
    fn read(value: Value) -> Result<Self, String>;
    /// How the file would write it.
    fn show(&self) -> String;
}

/// A setting as the file gives it, read by [`SettingValue::read`].
#[derive(Debug, Clone)]
pub(crate) struct Read<T>(pub T);

impl<'de, T: SettingValue> Deserialize<'de> for Read<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        T::read(value).map(Read).map_err(D::Error::custom)
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::String(_) => "a string",
        Value::Integer(_) => "an integer",
        Value::Float(_) => "a number",
        Value::Boolean(_) => "a boolean",
        Value::Datetime(_) => "a date",
        Value::Array(_) => "an array",
        Value::Table(_) => "a table",
    }
}

fn quoted(text: &str) -> String {
    Value::String(text.to_owned()).to_string()
}

fn list(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(", "))
}

impl SettingValue for u32 {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::Integer(n) if n >= 1 => {
                u32::try_from(n).map_err(|_| format!("{n} is too large"))
            }
            Value::Integer(n) => Err(format!("{n} is not a positive integer (at least 1)")),
            other => Err(format!(
                "expected a positive integer, found {}",
                kind(&other)
            )),
        }
    }
    fn show(&self) -> String {
        self.to_string()
    }
}

impl SettingValue for usize {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::Integer(n) => {
                usize::try_from(n).map_err(|_| format!("{n} is not a count (0 or more)"))
            }
            other => Err(format!("expected a count, found {}", kind(&other))),
        }
    }
    fn show(&self) -> String {
        self.to_string()
    }
}

impl SettingValue for NonZeroUsize {
    fn read(value: Value) -> Result<Self, String> {
        let n = usize::read(value)?;
        NonZeroUsize::new(n).ok_or_else(|| "0 is not a number of jobs (at least 1)".to_owned())
    }
    fn show(&self) -> String {
        self.to_string()
    }
}

impl SettingValue for bool {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::Boolean(b) => Ok(b),
            other => Err(format!("expected true or false, found {}", kind(&other))),
        }
    }
    fn show(&self) -> String {
        self.to_string()
    }
}

impl SettingValue for String {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(s) if !s.trim().is_empty() => Ok(s),
            Value::String(_) => Err("expected a non-empty string".to_owned()),
            other => Err(format!("expected a string, found {}", kind(&other))),
        }
    }
    fn show(&self) -> String {
        quoted(self)
    }
}

impl SettingValue for Vec<String> {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::Array(items) => items.into_iter().map(String::read).collect(),
            other => Err(format!(
                "expected an array of strings, found {}",
                kind(&other)
            )),
        }
    }
    fn show(&self) -> String {
        list(self.iter().map(|s| quoted(s)))
    }
}

/// A value of a clap `ValueEnum`, by the name the flag takes.
fn enum_value<T: ValueEnum>(value: Value, what: &str) -> Result<T, String> {
    let names = || {
        T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value())
            .map(|p| format!("`{}`", p.get_name()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match value {
        Value::String(s) => {
            T::from_str(&s, false).map_err(|_| format!("`{s}` is not a {what}; one of {}", names()))
        }
        other => Err(format!(
            "expected a {what} (one of {}), found {}",
            names(),
            kind(&other)
        )),
    }
}

fn enum_name<T: ValueEnum>(value: &T) -> String {
    value
        .to_possible_value()
        .map(|p| quoted(p.get_name()))
        .unwrap_or_default()
}

impl SettingValue for Vec<Criterion> {
    fn read(value: Value) -> Result<Self, String> {
        let items = match value {
            Value::Array(items) => items,
            other => {
                return Err(format!(
                    "expected an array of criteria (e.g. [\"line\", \"region\"]), found {}",
                    kind(&other)
                ));
            }
        };
        if items.is_empty() {
            return Err("expected at least one criterion".to_owned());
        }
        items
            .into_iter()
            .map(|item| enum_value(item, "criterion"))
            .collect()
    }
    fn show(&self) -> String {
        list(self.iter().map(enum_name))
    }
}

impl SettingValue for Distinct {
    fn read(value: Value) -> Result<Self, String> {
        enum_value(value, "thing to count")
    }
    fn show(&self) -> String {
        enum_name(self)
    }
}

impl SettingValue for SatisfactionArg {
    fn read(value: Value) -> Result<Self, String> {
        enum_value(value, "satisfaction")
    }
    fn show(&self) -> String {
        enum_name(self)
    }
}

/// `fail-under = 0.8` or `fail-under = { line = 0.8, branch = 0.6 }`.
impl SettingValue for FailUnder {
    fn read(value: Value) -> Result<Self, String> {
        let number = |value: &Value| match value {
            Value::Float(x) => Some(x.to_string()),
            Value::Integer(n) => Some(n.to_string()),
            _ => None,
        };
        if let Some(text) = number(&value) {
            return parse_fail_under(&text);
        }
        let Value::Table(table) = value else {
            return Err(format!(
                "expected a fraction (0.8) or one per criterion ({{ line = 0.8, branch = 0.6 }}), \
                 found {}",
                kind(&value)
            ));
        };
        if table.is_empty() {
            return Err("expected at least one criterion's fraction".to_owned());
        }
        let mut parts = Vec::new();
        for (name, limit) in &table {
            let Some(limit) = number(limit) else {
                return Err(format!(
                    "{name}: expected a fraction between 0 and 1, found {}",
                    kind(limit)
                ));
            };
            parts.push(format!("{name}={limit}"));
        }
        parse_fail_under(&parts.join(","))
    }
    fn show(&self) -> String {
        match self {
            Self::All(limit) => limit.to_string(),
            Self::PerCriterion(limits) => format!(
                "{{ {} }}",
                limits
                    .iter()
                    .map(|(c, l)| format!("{c} = {l}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

/// `test-timeout = "10m"` (or a number of seconds).
impl SettingValue for Duration {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(s) => parse_duration(&s),
            Value::Integer(n) => parse_duration(&n.to_string()),
            Value::Float(x) => parse_duration(&x.to_string()),
            other => Err(format!(
                "expected a duration (\"90s\", \"10m\"), found {}",
                kind(&other)
            )),
        }
    }
    fn show(&self) -> String {
        quoted(&humantime::format_duration(*self).to_string())
    }
}

/// `split = "auto"`, `"never"` or a number of parts.
impl SettingValue for Split {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(s) => parse_split(&s),
            Value::Integer(n) if n >= 1 => Ok(Split::Parts(
                NonZeroU64::new(n as u64).expect("checked positive"),
            )),
            other => Err(format!(
                "expected \"auto\", \"never\" or a number of parts, found {}",
                if let Value::Integer(n) = other {
                    n.to_string()
                } else {
                    kind(&other).to_owned()
                }
            )),
        }
    }
    fn show(&self) -> String {
        match self {
            Split::Auto => quoted("auto"),
            Split::Never => quoted("never"),
            Split::Parts(n) => n.to_string(),
        }
    }
}

/// An output: `json = "report.json"` writes there (relative to the
/// workspace root), `true` where the flag without a path writes (stdout
/// for JSON and Markdown, `<target-dir>/mtcov/…` for the others), `false`
/// nothing.
impl SettingValue for Option<Option<PathBuf>> {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::Boolean(true) => Ok(Some(None)),
            Value::Boolean(false) => Ok(None),
            Value::String(s) if !s.is_empty() => Ok(Some(Some(PathBuf::from(s)))),
            other => Err(format!(
                "expected a path, or true for the flag's own place, found {}",
                if matches!(other, Value::String(_)) {
                    "an empty string"
                } else {
                    kind(&other)
                }
            )),
        }
    }
    fn show(&self) -> String {
        match self {
            None => "false".to_owned(),
            Some(None) => "true".to_owned(),
            Some(Some(path)) => quoted(&path.display().to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read<T: SettingValue>(toml: &str) -> Result<T, String> {
        T::read(toml.parse::<Value>().unwrap())
    }

    #[test]
    fn fail_under_as_number_or_table() {
        assert_eq!(read::<FailUnder>("0.8"), Ok(FailUnder::All(0.8)));
        assert_eq!(read::<FailUnder>("1"), Ok(FailUnder::All(1.0)));
        assert_eq!(
            read::<FailUnder>("{ line = 0.85, region = 0.8 }"),
            Ok(FailUnder::PerCriterion(vec![
                (Criterion::Line, 0.85),
                (Criterion::Region, 0.8)
            ]))
        );
        assert!(
            read::<FailUnder>("{ lines = 0.5 }")
                .unwrap_err()
                .contains("unknown criterion `lines`")
        );
        assert!(
            read::<FailUnder>("{ line = 85 }")
                .unwrap_err()
                .contains("between 0 and 1")
        );
        assert!(
            read::<FailUnder>("{ line = \"high\" }")
                .unwrap_err()
                .contains("line: expected a fraction")
        );
        assert!(
            read::<FailUnder>("\"0.8\"")
                .unwrap_err()
                .contains("a string")
        );
        let shown = read::<FailUnder>("{ line = 0.85, branch = 0.5 }")
            .unwrap()
            .show();
        assert_eq!(shown, "{ branch = 0.5, line = 0.85 }");
    }

    #[test]
    fn enums_by_the_flags_names() {
        assert_eq!(
            read::<Vec<Criterion>>("[\"line\", \"io-ctf\"]"),
            Ok(vec![Criterion::Line, Criterion::IoCtf])
        );
        assert!(
            read::<Vec<Criterion>>("[\"lines\"]")
                .unwrap_err()
                .contains("`lines` is not a criterion; one of `line`, `region`")
        );
        assert!(read::<Vec<Criterion>>("[]").is_err());
        assert!(
            read::<Vec<Criterion>>("\"line\"")
                .unwrap_err()
                .contains("array")
        );
        assert_eq!(read::<Distinct>("\"mr\""), Ok(Distinct::Mr));
        assert_eq!(Distinct::Mr.show(), "\"mr\"");
    }

    #[test]
    fn counts_durations_splits_and_outputs() {
        assert_eq!(read::<u32>("3"), Ok(3));
        assert!(read::<u32>("0").unwrap_err().contains("positive"));
        assert!(read::<NonZeroUsize>("0").is_err());
        assert_eq!(read::<Duration>("\"5m\""), Ok(Duration::from_secs(300)));
        assert_eq!(read::<Duration>("90"), Ok(Duration::from_secs(90)));
        assert_eq!(Duration::from_secs(300).show(), "\"5m\"");
        assert!(read::<Duration>("\"soon\"").unwrap_err().contains("90s"));
        assert_eq!(read::<Split>("\"never\""), Ok(Split::Never));
        assert_eq!(read::<Split>("3").unwrap().show(), "3");
        assert!(read::<Split>("0").is_err());
        assert_eq!(read::<Option<Option<PathBuf>>>("true"), Ok(Some(None)));
        assert_eq!(read::<Option<Option<PathBuf>>>("false"), Ok(None));
        assert_eq!(
            read::<Option<Option<PathBuf>>>("\"r.json\""),
            Ok(Some(Some(PathBuf::from("r.json"))))
        );
        assert!(read::<Option<Option<PathBuf>>>("\"\"").is_err());
        assert_eq!(
            read::<Vec<String>>("[\"src/**\"]").unwrap().show(),
            "[\"src/**\"]"
        );
    }
}
