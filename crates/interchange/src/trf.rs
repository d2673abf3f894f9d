//! TRF-16, the FIDE Tournament Report File, as data: one event's header
//! lines and every player's line, with the per-round records the tiebreaks
//! read. [`crate::input::trf`] turns a file's text into a [`TrfEvent`] (its
//! module documentation lists the columns and result codes), and
//! [`crate::export::trf`] turns one back into text; the comment lines and
//! the name width they share are defined here, once.

use crate::domain::record::{Format, Tournament};
use crate::domain::score::Points;

/// An event as a TRF file holds it: what [`crate::input::trf::parse`]
/// reads and [`crate::export::trf::write`] writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfEvent {
    /// Line 012.
    pub name: Option<String>,
    /// Line 022.
    pub city: Option<String>,
    /// Line 032.
    pub federation: Option<String>,
    /// Line 102: the chief arbiter.
    pub chief_arbiter: Option<String>,
    /// Line 112: the deputy arbiter (the first one, when several).
    pub deputy_arbiter: Option<String>,
    /// Line 122: the time control as announced.
    pub time_control: Option<String>,
    /// Line 042, as ISO `YYYY-MM-DD`.
    pub start_date: Option<String>,
    /// Line 052, as ISO `YYYY-MM-DD`.
    pub end_date: Option<String>,
    /// The `XXR` line if present, else the most round blocks on a player
    /// line.
    pub rounds: usize,
    /// Line 132, one entry per round (ISO dates).
    pub round_dates: Vec<Option<String>>,
    /// Round robin when line 092 says so ("Round-Robin", "round robin") or
    /// every player met every other; Swiss otherwise.
    pub format: Format,
    /// The players, ordered by start number.
    pub players: Vec<TrfPlayer>,
    /// `tournament.players[i]` is `players[i]`; the start number is the
    /// pairing number. It has [`TrfEvent::rounds`] rounds: for standings
    /// after the rounds played so far, use `Tournament::after_round`.
    pub tournament: Tournament,
    /// What was read leniently, each naming the lines and what was done:
    /// a Latin-1 file, two lines that contradict each other, a points
    /// column that disagrees with the results. Empty for a clean file.
    pub warnings: Vec<String>,
}

/// A player line's data (a `001` line; columns 1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfPlayer {
    /// Columns 5-8: the start number, which is the pairing number.
    pub start_no: u32,
    /// Columns 15-47, trimmed ([`NAME_WIDTH`] characters at most in the
    /// file).
    pub name: String,
    /// Column 10: the sex as written (`m`, `w`); `None` when blank.
    pub sex: Option<char>,
    /// Columns 11-13: the FIDE title as written (`GM`, `WIM`, ...).
    pub title: Option<String>,
    /// Columns 49-52: the FIDE rating; `None` when blank or 0 (unrated).
    pub rating: Option<u32>,
    /// Columns 54-56: the federation as written (`ENG`, `USA`, ...).
    pub federation: Option<String>,
    /// Columns 58-68: the FIDE id; `None` when blank or 0.
    pub fide_id: Option<u64>,
    /// Columns 70-79: ISO when the file gives a full date, else as written
    /// ("1990").
    pub birth: Option<String>,
    /// Columns 81-84: the points the file states (not checked against the
    /// rounds).
    pub points: Option<Points>,
    /// Columns 86-89: the rank the file states (not checked either).
    pub rank: Option<u32>,
}

/// The comment line (TRF-2026 `###` syntax, skipped by other programs) on
/// which [`crate::export::trf`] lists withdrawals: `### withdrawals: 12/3,
/// 15/0` (start number / last round played) or `### withdrawals: none`.
pub const WITHDRAWALS: &str = "### withdrawals:";

/// The comment line on which [`crate::export::trf`] lists the half- and
/// zero-point byes the pairing assigned rather than the player asked for
/// (TRF has no code for them): `### assigned byes: 12/3` (start number /
/// round). Written only when there are such byes.
pub const ASSIGNED_BYES: &str = "### assigned byes:";

/// The longest name TRF's name field (columns 15-47 of a `001` line) holds;
/// TRF-16 and TRF-2026 alike.
pub const NAME_WIDTH: usize = 33;
