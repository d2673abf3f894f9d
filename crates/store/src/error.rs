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
    /// One of the errors above, with room for a front end's way on (the
    /// CLI names a command or a flag): its kind, and so its exit status,
    /// is the inner error's ([`Error::cause`]).
    #[error("{0}")]
    Hinted(Box<Hinted>),
}

/// How a message goes on, as its front end says it: the store and the
/// domain state the facts, and a way names what is needed; the CLI words it
/// with a command or a flag, a browser with a control of its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Way {
    /// The database's path may be wrong.
    DatabasePath,
    /// The database's path may be wrong (said as an aside).
    DatabasePathAside,
    /// The database's path may be wrong, or the file unreadable.
    DatabasePathReadable,
    /// There is no database at the path: another path, or a new league.
    MissingDatabase,
    /// A restore into a file that is no league database: another path, or
    /// a new file to restore into.
    RestoreElsewhere,
    /// The folder cannot be written: the database can be copied elsewhere
    /// and used from there.
    CopyElsewhere,
    /// The database file is read-only; `name` is its path.
    ReadOnlyFile {
        /// The file's path, as the message names it.
        name: String,
    },
    /// A `-wal` or `-shm` file beside the database is read-only; `names`
    /// are the database's and that file's paths.
    ReadOnlySideFile {
        /// The two files' paths, as the message names them.
        names: String,
    },
    /// The disk is full: nothing was saved; free some space and try again.
    FreeSpace,
    /// The disk is full, so an output file or the results site was not
    /// written (the one there before is as it was): free some space and
    /// write it again. Said after a full stop, as a sentence of its own.
    FreeSpaceForFile,
    /// Another program held the database past the wait: nothing was saved;
    /// try again once it is done.
    WaitForOther,
    /// The system reported a disk error while writing: check the disk.
    DiskError,
    /// The system reported a disk error while reading: check the disk.
    DiskErrorOnRead,
    /// The database is damaged: check it, or go back to a backup.
    Damaged,
    /// The file may be read from a copy the secretary makes.
    ReadACopy,
    /// The database may be damaged: check it.
    RunCheck,
    /// The copy failed its check: check the database, keep the backups.
    CopyFailedCheck,
    /// A restore did not take: run it again, then check.
    RestoreAgain,
    /// A backup file is wanted: one made by the backup.
    BackupPath,
    /// A backup file is wanted (said as an aside).
    BackupPathAside,
    /// A damaged database is put right by restoring a backup.
    RestoreBackup,
    /// A schema changed by another tool is put right by restoring a backup.
    RepairSchema,
    /// A read-only query ran out of time: more time, or a narrower query.
    QueryTimeout,
    /// A query that writes was given where only reading is allowed.
    QueryReadsOnly,
    /// A file would be replaced: another name, or replacing it on purpose.
    ReplaceFile,
    /// A file is never written over, even on purpose: another name.
    NeverReplaced,
    /// A folder is wanted for the output.
    OutputFolder,
    /// No season exists yet: add one.
    AddSeason,
    /// No event exists yet: add one.
    AddEvent,
    /// Several events share the name: say which season.
    SaySeason,
    /// No player is called that: add them.
    AddPlayer,
    /// No player of the section is called that: enter them.
    EnterPlayer,
    /// A team event has no section: add one.
    AddSection,
    /// A team event has no teams: add them; `event` is its name.
    AddTeams {
        /// The event's name.
        event: String,
    },
    /// A team event's games are recorded as matches and team byes.
    RecordMatches,
    /// Teams and matches need a team event.
    AddTeamEvent,
}

/// An error and the room it leaves for a front end's way on: the facts,
/// the front end's words for the way, and the facts' words after them.
#[derive(Debug)]
pub struct Hinted {
    /// The facts, and their kind (not found, invalid, database).
    pub error: Error,
    /// What is needed, for the front end to word.
    pub way: Way,
    /// The front end's words for the way, placed after the facts as they
    /// are (so they start with their own separator); none until a front
    /// end adds them.
    pub hint: Option<String>,
    /// The facts' words that follow the hint ("; nothing was changed").
    pub rest: String,
}

impl fmt::Display for Hinted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.error)?;
        if let Some(hint) = &self.hint {
            write!(f, "{hint}")?;
        }
        write!(f, "{}", self.rest)
    }
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

    /// The same error with a front end's hint added to a refusal or to an
    /// error that leaves room for one ([`Error::Hinted`]); other errors are
    /// returned as they are.
    pub fn with_hint(self, hint: Option<String>) -> Error {
        match self {
            Error::Refused(r) => Error::Refused(Refused {
                facts: r.facts,
                hint: hint.or(r.hint),
            }),
            Error::Hinted(mut h) => {
                h.hint = hint.or(h.hint);
                Error::Hinted(h)
            }
            other => other,
        }
    }

    /// This error, leaving room for a front end to say how to go on
    /// (`way`) after the facts.
    pub fn with_way(self, way: Way) -> Error {
        self.with_way_then(way, "")
    }

    /// [`Error::with_way`], with the facts' last words (`rest`) after the
    /// front end's.
    pub fn with_way_then(self, way: Way, rest: impl Into<String>) -> Error {
        Error::Hinted(Box::new(Hinted {
            error: self,
            way,
            hint: None,
            rest: rest.into(),
        }))
    }

    /// The error with its facts put in other words by `f` (a file's name
    /// and line in front, say), keeping any room for a way on after them.
    pub fn map_facts(self, f: impl FnOnce(Error) -> Error) -> Error {
        match self {
            Error::Hinted(mut h) => {
                h.error = f(h.error);
                Error::Hinted(h)
            }
            other => f(other),
        }
    }

    /// The way on this error leaves to its front end, if any.
    pub fn way(&self) -> Option<&Way> {
        match self {
            Error::Hinted(h) => Some(&h.way),
            _ => None,
        }
    }

    /// The error itself, without the room for a way on: what to match on
    /// for its kind (`Error::NotFound`, `Error::Database`, ...).
    pub fn cause(&self) -> &Error {
        match self {
            Error::Hinted(h) => h.error.cause(),
            other => other,
        }
    }

    /// Whether nothing was found ([`Error::NotFound`], with room for a way
    /// on or without).
    pub fn is_not_found(&self) -> bool {
        matches!(self.cause(), Error::NotFound(_))
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
        use crate::domain::league::WrongKind;
        let way = match &e {
            WrongKind::TeamEvent { .. } => Way::RecordMatches,
            WrongKind::NotTeamEvent { .. } => Way::AddTeamEvent,
        };
        Error::Invalid(e.to_string()).with_way(way)
    }
}
