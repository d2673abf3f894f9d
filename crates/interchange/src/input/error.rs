//! The error every parser returns: what is wrong in a supplied file, and
//! where (file, line, field). It lives with the parsers so that they need
//! nothing from the store; the store's error type wraps it.

use std::fmt;

/// A problem in a file (or standard input, or a command-line value) that the
/// secretary supplied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// File name as given, or "standard input", or "command line".
    pub source: String,
    /// 1-based line, when the problem is on a line.
    pub line: Option<usize>,
    /// Column (1-based character position) or the field's name ("result",
    /// "white", `$.events[0].name`).
    pub field: Option<String>,
    /// What is wrong, in the secretary's words.
    pub problem: String,
}

impl InputError {
    /// A problem in `source` as a whole (no line or field).
    pub fn new(source: impl Into<String>, problem: impl Into<String>) -> InputError {
        InputError {
            source: source.into(),
            line: None,
            field: None,
            problem: problem.into(),
        }
    }

    /// A problem at a line and field of `source`.
    pub fn at(
        source: impl Into<String>,
        line: usize,
        field: impl Into<String>,
        problem: impl Into<String>,
    ) -> InputError {
        InputError {
            source: source.into(),
            line: Some(line),
            field: Some(field.into()),
            problem: problem.into(),
        }
    }

    /// The same problem, at `line`.
    pub fn line(mut self, line: usize) -> InputError {
        self.line = Some(line);
        self
    }

    /// The same problem, in `field`.
    pub fn field(mut self, field: impl Into<String>) -> InputError {
        self.field = Some(field.into());
        self
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.source)?;
        if let Some(line) = self.line {
            write!(f, ", line {line}")?;
        }
        if let Some(field) = &self.field {
            write!(f, ", {field}")?;
        }
        write!(f, ": {}", self.problem)
    }
}

impl std::error::Error for InputError {}
