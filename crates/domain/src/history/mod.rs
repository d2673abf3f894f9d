//! History across seasons, as pure arithmetic: a player's career totals,
//! the running head-to-head tally of two players, the winners of a section
//! (ties shared) and season-long grand-prix tables. The store supplies the
//! facts and `report::history` joins them with the standings; nothing here
//! reads a database or prints.

pub mod career;
pub mod grand_prix;
pub mod h2h;
pub mod places;

pub use career::{career, Career, GameCounts, SectionLine};
pub use grand_prix::{grand_prix, GpRow, GpTable, GrandPrix, Placing, Rules, Split, TieRule};
pub use h2h::{running_tally, Tally};
pub use places::{places, winners, Place};
