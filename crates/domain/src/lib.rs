//! The pure core: scores, per-player records, tiebreaks, standings,
//! crosstables and team scoring. Plain values in, plain values out: nothing
//! here opens a database, reads a file or prints.
//!
//! The domain uses none of the league's other crates; an import of the
//! store, for one, does not compile:
//!
//! ```compile_fail
//! use league_store::Store;
//! ```
#![forbid(unsafe_code)]

// split-workspace: the paths of the one-crate layout (`crate::store::x`,
// `crate::domain::y`) resolve here too, so code moved as it was.
#[allow(
    unused_imports,
    reason = "aliases for the paths of the one-crate layout"
)]
use crate as domain;
// split-workspace: end of aliases

pub mod parallel;

pub mod crosstable;
pub mod fingerprint;
pub mod game;
pub mod history;
pub mod ids;
pub mod league;
pub mod names;
pub mod pairing;
pub mod performance;
pub mod prizes;
pub mod rating_change;
pub mod record;
pub mod rng;
pub mod score;
pub mod standings;
pub mod team;
pub mod text;
pub mod tiebreak;
