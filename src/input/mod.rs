//! Parsers for the files a secretary supplies: text in, domain values or an
//! [`InputError`](crate::error::InputError) naming file, line and field out.
//! Nothing here touches the database.

pub mod json;
pub mod players;
pub mod ratings;
pub mod results;
pub mod sheet;
pub mod team_matches;
pub mod trf;
