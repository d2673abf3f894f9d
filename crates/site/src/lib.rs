//! The season's results site: plain static HTML and one stylesheet, no
//! JavaScript and nothing fetched from the network, relative links only, so
//! it opens from disk or from any web host.
//!
//! The stages, in the mdBook manner:
//! - [`mod@load`]: read the seasons and compute each section's report once
//!   (through [`crate::report::section_report`], like `league standings`;
//!   team events through [`crate::report::team::team_report`]);
//! - [`build`](build::build): turn the reports into page models
//!   ([`model`]; a section's round pages and round-robin grid in [`round`],
//!   its body in [`section`] or [`team`], charts in [`chart`]), pure;
//! - [`render`](render::render): page models through the askama templates
//!   in `templates/site/` to strings, pure;
//! - [`write`](write::write): put the files in a folder, replacing only a
//!   site this program wrote there before.
//!
//! `league site` runs these stages one season at a time ([`stream()`]), so
//! that a long archive's site never sits in memory whole.
#![forbid(unsafe_code)]

// split-workspace: the paths of the one-crate layout (`crate::store::x`,
// `crate::domain::y`) resolve here too, so code moved as it was.
#[allow(
    unused_imports,
    reason = "aliases for the paths of the one-crate layout"
)]
use {
    crate as site, league_app as app, league_domain as domain, league_domain::parallel,
    league_report as report, league_store as store, league_store::error, league_store::outfile,
};
// split-workspace: end of aliases

pub mod build;
pub mod career;
pub mod chart;
pub mod h2h;
pub mod load;
pub mod model;
pub mod player_chart;
pub mod prizes;
pub mod ratings;
pub mod render;
pub mod round;
pub mod round_sheet;
pub mod section;
pub mod slug;
pub mod stream;
pub mod team;
pub mod write;

pub use build::build;
pub use load::{load, League, Scope};
pub use render::{render, SiteFile};
pub use stream::stream;
pub use write::write;
