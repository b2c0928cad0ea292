//! Pass options as text, read once: [`OptionValues`] (the checked `key=value` entries a
//! pass's [`super::PassConfig::from_options`] turns into its typed struct when the
//! pipeline is built), [`OptionError`] (what is wrong with an option, naming the pass,
//! the option, the value and what was expected) and [`PipelineError`] (what is wrong with
//! a `--pass-pipeline` text).
//!
//! Invariant: only pipeline building reads option text; a running pass sees its typed
//! struct ([`super::PassOptions::typed`]), never these entries.

/// What is wrong with a pass's options. The text is what `lattice opt` prints after
/// `lattice opt:` for the usage error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// An option the pass does not declare.
    #[error(
        "unknown option '{key}' for pass '{pass}'{} (known: {}; see `lattice opt --help-pass {pass}`)",
        .suggestion.map(|m| format!("; did you mean '{m}'?")).unwrap_or_default(),
        .known.join(", ")
    )]
    Unknown {
        pass: &'static str,
        key: String,
        /// The declared option closest to `key`, if it is a likely typo.
        suggestion: Option<&'static str>,
        known: Vec<&'static str>,
    },
    /// An option given to a pass that declares none.
    #[error("pass '{pass}' takes no options, got '{key}'")]
    NoOptions { pass: &'static str, key: String },
    /// A value not of the option's type or range.
    #[error("option '{option}': expected {expected}, got '{value}'")]
    Expected {
        option: String,
        expected: String,
        value: String,
    },
    /// A value of a custom form (`permute=`) its checker rejects, and why.
    #[error("option '{option}': {why} in '{value}' (expected {syntax})")]
    Malformed {
        option: String,
        value: String,
        why: String,
        syntax: &'static str,
    },
    /// A custom checker's reason, before [`super::PassOption::check`] names the option
    /// and value ([`OptionError::Malformed`]).
    #[error("{why}")]
    Value { why: String },
    /// A well-formed value the pass cannot use (`tile-sizes=0`, `partition` without `loop`).
    #[error("option '{option}': {why}")]
    Invalid { option: String, why: String },
    /// Options that are fine one by one but not together.
    #[error("{pass}: {why}")]
    Combination { pass: &'static str, why: String },
    /// Any of the above, for the pass `pass`.
    #[error("pass '{pass}': {source}")]
    InPass {
        pass: &'static str,
        source: Box<OptionError>,
    },
    /// A pass asked for typed options its [`super::PassOptions`] were not built with (a
    /// bug: every pipeline builder configures options through [`super::PassOptions::new`]).
    #[error(
        "internal error: the options of pass '{pass}' were not parsed when the pipeline was built"
    )]
    Unconfigured { pass: &'static str },
}

impl OptionError {
    /// A custom checker's complaint about a value.
    pub fn value(why: impl Into<String>) -> OptionError {
        OptionError::Value { why: why.into() }
    }

    /// Option `option` has a value the pass cannot use, because `why`.
    pub fn invalid(option: &str, why: impl Into<String>) -> OptionError {
        OptionError::Invalid {
            option: option.to_string(),
            why: why.into(),
        }
    }

    /// `option`'s value `value` is not `expected`.
    pub fn expected(option: &str, expected: impl Into<String>, value: &str) -> OptionError {
        OptionError::Expected {
            option: option.to_string(),
            expected: expected.into(),
            value: value.to_string(),
        }
    }
}

/// What is wrong with a `--pass-pipeline` text (offsets are bytes into it).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PipelineError {
    #[error("unexpected '{text}' at offset {offset} in pass pipeline")]
    Trailing { text: String, offset: usize },
    #[error("expected a pass or op name at offset {offset} in pass pipeline")]
    ExpectedName { offset: usize },
    #[error("expected '(' after '{anchor}' in pass pipeline")]
    ExpectedParen { anchor: String },
    #[error("expected ',' or ')' at offset {offset} in pass pipeline")]
    ExpectedSeparator { offset: usize },
    #[error(
        "'{name}' does not refer to a registered pass or pass pipeline{}",
        .suggestion.map(|m| format!("; did you mean '{m}'?")).unwrap_or_default()
    )]
    UnknownPass {
        name: String,
        suggestion: Option<&'static str>,
    },
    #[error("unterminated options for pass '{pass}'")]
    UnterminatedOptions { pass: String },
    #[error(transparent)]
    Options(#[from] OptionError),
}

/// The checked `key=value` entries of one pass instance, in the order given (a later
/// entry of the same key wins): what a pass's typed options are parsed from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionValues {
    entries: Vec<(String, String)>,
}

impl OptionValues {
    /// The entries `entries` (checked against the pass's declarations by the caller).
    pub fn new(entries: Vec<(String, String)>) -> OptionValues {
        OptionValues { entries }
    }

    /// The entries, in the order given.
    pub fn entries(&self) -> &[(String, String)] {
        &self.entries
    }

    /// The raw value of `key`.
    pub fn value(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// A boolean option (`key`, `key=true`, `key=false`, `key=1`, `key=0`), `None` when
    /// absent.
    pub fn bool_given(&self, key: &str) -> Result<Option<bool>, OptionError> {
        match self.value(key) {
            None => Ok(None),
            Some("" | "true" | "1") => Ok(Some(true)),
            Some("false" | "0") => Ok(Some(false)),
            Some(v) => Err(OptionError::expected(key, "true or false", v)),
        }
    }

    /// A boolean option, `default` when absent.
    pub fn bool(&self, key: &str, default: bool) -> Result<bool, OptionError> {
        Ok(self.bool_given(key)?.unwrap_or(default))
    }

    /// An integer option.
    pub fn int(&self, key: &str, default: i64) -> Result<i64, OptionError> {
        match self.value(key) {
            None => Ok(default),
            Some(v) => v
                .trim()
                .parse()
                .map_err(|_| OptionError::expected(key, "an integer", v)),
        }
    }

    /// A comma-separated list of integers.
    pub fn int_list(&self, key: &str) -> Result<Vec<i64>, OptionError> {
        match self.value(key) {
            None | Some("") => Ok(Vec::new()),
            Some(v) => v
                .split(',')
                .map(|x| {
                    x.trim()
                        .parse()
                        .map_err(|_| OptionError::expected(key, "integers", v))
                })
                .collect(),
        }
    }

    /// A string option.
    pub fn string(&self, key: &str, default: &str) -> String {
        self.value(key).unwrap_or(default).to_string()
    }
}
