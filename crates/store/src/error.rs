//! Errors: what went wrong, in the secretary's words, and where.
//!
//! Library code returns [`Error`]; `main` prints the chain once and exits
//! non-zero. Input errors carry the file, line and field so the secretary can
//! go straight to the mistake.

use std::fmt;

/// A problem in a file the secretary supplied: defined with the parsers
/// (input does not depend on the store), named here too.
pub use crate::input::InputError;

/// Everything the library can fail with.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A mistake in what the secretary supplied (file, line, field).
    #[error("{0}")]
    Input(#[from] InputError),
    /// A request that cannot be carried out as asked: unknown player,
    /// ambiguous name, round beyond the event's rounds, ...
    #[error("{0}")]
    Invalid(String),
    /// Something asked for does not exist.
    #[error("{0}")]
    NotFound(String),
    /// The database file is not usable (not SQLite, newer version, ...).
    #[error("{0}")]
    Database(String),
    /// A failure inside SQLite that the store could not put in words.
    #[error("database error: {0}")]
    Sql(#[from] crate::store::sql_error::SqlError),
    #[error("{0}")]
    /// A file that could not be read or written.
    Io(#[from] std::io::Error),
    /// A secretary's action that a rule refuses (the application layer's
    /// typed refusal, with a front end's hint once it has added one).
    #[error("{0}")]
    Refused(Refused),
}

/// A refusal: the typed facts of why an action may not be done, and the
/// hint a front end adds (the CLI names a command or a flag, the web
/// console shows a button). The facts' own wording explains the rule and
/// names no command: the application layer (`app`) writes it once for every front end.
///
/// The facts are a boxed error so that each group of actions keeps its own
/// enum (`app::withdraw::Refusal`, ...) and a front end matches on it with
/// [`Error::refusal`].
#[derive(Debug)]
pub struct Refused {
    /// The refusal's facts: one of the application layer's refusal enums.
    pub facts: Box<dyn std::error::Error + Send + Sync>,
    /// What the front end says to do next, appended to the facts as it is
    /// (so it starts with its own separator: ". To ...", "; give ...").
    pub hint: Option<String>,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.facts)?;
        if let Some(hint) = &self.hint {
            write!(f, "{hint}")?;
        }
        Ok(())
    }
}

impl Error {
    /// A request that cannot be carried out as asked.
    pub fn invalid(msg: impl Into<String>) -> Error {
        Error::Invalid(msg.into())
    }

    /// Something asked for that does not exist.
    pub fn not_found(msg: impl Into<String>) -> Error {
        Error::NotFound(msg.into())
    }

    /// An action refused by a rule: `facts` is one of the application
    /// layer's refusal enums.
    pub fn refused(facts: impl std::error::Error + Send + Sync + 'static) -> Error {
        Error::Refused(Refused {
            facts: Box::new(facts),
            hint: None,
        })
    }

    /// The refusal's facts, when this is a refusal of type `T`: how a front
    /// end matches on the cause to give its own hint.
    pub fn refusal<T: std::error::Error + 'static>(&self) -> Option<&T> {
        match self {
            Error::Refused(r) => r.facts.downcast_ref::<T>(),
            _ => None,
        }
    }

    /// The same error with a front end's hint appended to a refusal (other
    /// errors are returned as they are).
    pub fn with_hint(self, hint: Option<String>) -> Error {
        match self {
            Error::Refused(r) => Error::Refused(Refused {
                facts: r.facts,
                hint: hint.or(r.hint),
            }),
            other => other,
        }
    }

    /// An I/O error on `path`, with the path in the message (the operating
    /// system's text alone, "Is a directory", names nothing).
    pub fn file(path: &std::path::Path, e: std::io::Error) -> Error {
        Error::Io(std::io::Error::new(
            e.kind(),
            format!("{}: {e}", path.display()),
        ))
    }
}

/// The library's result: [`Error`] unless said otherwise.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl From<crate::domain::names::NameError> for Error {
    /// No match is "not found"; several matches is a mistake in what was
    /// asked. Both exit with status 2.
    fn from(e: crate::domain::names::NameError) -> Error {
        if e.ambiguous {
            Error::Invalid(e.message)
        } else {
            Error::NotFound(e.message)
        }
    }
}

impl From<crate::domain::league::WrongKind> for Error {
    /// A command for the other kind of event: a mistake in what was asked.
    fn from(e: crate::domain::league::WrongKind) -> Error {
        Error::Invalid(e.0)
    }
}
