//! The file models that input and export share: each file format as plain
//! data (serde structs where the format is JSON), with what every field
//! means in the file. [`crate::input`] turns a file's text into one of
//! these, [`crate::export`] turns one into text, and the store and the
//! reports fill them from, or write them into, the league's records.
//! Nothing here parses, writes or touches the database; it depends on the
//! domain alone, so neither input nor export needs the other.

pub mod dbase;
pub mod json;
pub mod trf;
