//! Writers for the files other programs read: pure functions from plain
//! values to text, with no database and no printing. The store and the
//! reports gather the values; the commands write the text out.

pub mod dbase;
pub mod json;
pub mod trf;
pub mod uscf;
