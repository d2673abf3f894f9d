//! Writers for the files other programs read: pure functions from plain
//! values to text, with no database and no printing. The store and the
//! reports gather the values; the commands write the text out.

pub mod dbase;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod json;
pub mod trf;
pub mod uscf;
