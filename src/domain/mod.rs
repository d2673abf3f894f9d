//! The pure core: scores, per-player records, tiebreaks, standings,
//! crosstables and team scoring. Plain values in, plain values out: nothing
//! here opens a database, reads a file or prints.

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
