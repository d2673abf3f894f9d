//! chess-league: a chess league's records in one SQLite file.
//!
//! Layout (dependency rule:
//! `domain ← interchange ← input, export ← store ← report ← site ← cli`;
//! `tests/suite/layers.rs` checks that no two files depend on each other and
//! that nothing outside `store` names rusqlite or runs SQL):
//! - [`domain`]: the pure core (scores, records, tiebreaks, standings).
//! - [`interchange`]: the file models input and export share (TRF, JSON,
//!   dBase), pure data; input and export never use each other.
//! - `error`: the one error type, in the secretary's words.
//! - `export`: writers for other programs' files (TRF, JSON), pure.
//! - `input`: parsers for the files a secretary supplies (CSV, TRF, JSON).
//! - `store`: the only module that speaks SQL; owns migrations and views.
//! - `report`: store and domain joined (standings, team events, history).
//! - `site`: the static results pages.
//! - `demo`: the demo league and synthetic benchmark data, written through
//!   the store like any secretary's commands.
//! - `cli`: one file per command group, thin.
//! - `web`: `league serve`, the console and the players' board.
//! - `parallel`: independent pieces of work on every core.
//! - [`outfile`]: writing the files commands make (exports, reports,
//!   backups): all or nothing, never through a link, never over the league.

pub mod app;
pub mod cli;
pub mod demo;
pub mod domain;
pub mod error;
pub mod export;
pub mod input;
pub mod interchange;
pub mod outfile;
pub mod parallel;
pub mod report;
pub mod site;
pub mod store;
pub mod web;
