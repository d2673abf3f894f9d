//! The file models that input and export share: each file format as plain
//! data (serde structs where the format is JSON), with what every field
//! means in the file. [`crate::input`] turns a file's text into one of
//! these, [`crate::export`] turns one into text, and the store and the
//! reports fill them from, or write them into, the league's records.
//! Nothing here parses, writes or touches the database; it depends on the
//! domain alone, so neither input nor export needs the other.
#![forbid(unsafe_code)]

// split-workspace: the paths of the one-crate layout (`crate::store::x`,
// `crate::domain::y`) resolve here too, so code moved as it was.
#[allow(
    unused_imports,
    reason = "aliases for the paths of the one-crate layout"
)]
use {crate as interchange, league_domain as domain, league_domain::parallel};
// split-workspace: end of aliases

pub mod export;
pub mod input;

pub mod dbase;
pub mod json;
pub mod trf;
