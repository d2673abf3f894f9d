//! The application layer: one function per secretary's action, the rules
//! of what may be done, written once for every front end.
//!
//! An action takes typed input and a store transaction ([`Writer`]) and
//! returns a typed outcome (what was recorded, for the front end's echo)
//! or a refusal: [`Error::Refused`](crate::error::Error::Refused) carrying
//! one of this layer's refusal enums, whose variants hold the facts and
//! whose wording explains the rule. No action names a command or a flag:
//! the CLI adds its hint (`cli::hints`), the web console shows a button.
//!
//! Layers: `domain ← store ← app ← cli, web`. An action may use the store
//! and the domain; the store never uses an action.
//!
//! [`Writer`]: crate::store::Writer
//!
//! The application layer may use the store, never what is above it (the
//! reports, the site, the front ends): this compiles,
//!
//! ```
//! use league_app::demo;
//! use league_store::Store;
//! ```
//!
//! and this does not:
//!
//! ```compile_fail
//! use league_site::render;
//! ```
#![forbid(unsafe_code)]

// split-workspace: the paths of the one-crate layout (`crate::store::x`,
// `crate::domain::y`) resolve here too, so code moved as it was.
#[allow(
    unused_imports,
    reason = "aliases for the paths of the one-crate layout"
)]
use {
    crate as app, league_domain as domain, league_domain::parallel,
    league_interchange as interchange, league_interchange::export, league_interchange::input,
    league_store as store, league_store::error, league_store::outfile,
};
// split-workspace: end of aliases

pub mod bye;
pub mod demo;
pub mod entry;
pub mod grand_prix;

pub mod import;
pub mod pairing_rules;
pub mod player;
pub mod prize;
pub mod ratings;
pub mod report;
pub mod result;
pub mod round;
pub mod season;
pub mod settings;
pub mod team;
pub mod withdraw;
