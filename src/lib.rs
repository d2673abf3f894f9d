//! chess-league: a chess league's records in one SQLite file.
//!
//! A Cargo workspace, one crate per layer, so that the compiler holds the
//! dependency rule: a crate can use only the crates below it.
//!
//! ```text
//! league-domain        scores, records, tiebreaks, standings, pairing; std (+ serde)
//!   ↑
//! league-interchange   file models (TRF, JSON, dBase), input (parsers), export (writers)
//!   ↑
//! league-store         SQL only: open, migrate, typed rows; error, outfile
//!   ↑
//! league-app           one function per secretary's action; the demo league
//!   ↑
//! league-report        standings, team events, history, rating reports
//!   ↑
//! league-site          the static results site
//!   ↑
//! chess-league         this package: cli, web, the `league` binary
//! ```
//!
//! This library re-exports each crate under the name its module had before
//! the split (`chess_league::store`, `chess_league::domain`, ...), so the
//! binary, the test suite and the benches keep their paths. Inside a crate
//! the lower crates go by the same names (`crate::domain::score`).
//! `tests/suite/layers.rs` checks what the crates cannot express: no SQL
//! outside the store, input and export (one crate) never using each other.
#![forbid(unsafe_code)]

pub use league_app as app;
pub mod cli;
pub use league_app::demo;
pub use league_domain as domain;
pub use league_domain::parallel;
pub use league_interchange as interchange;
pub use league_interchange::export;
pub use league_interchange::input;
pub use league_report as report;
pub use league_site as site;
pub use league_store as store;
pub use league_store::error;
pub use league_store::outfile;
pub mod web;
