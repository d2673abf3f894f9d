//! Writing the JSON interchange document ([`crate::interchange::json`]) as
//! text; [`crate::input::json`] reads it back.

use crate::interchange::json::Document;

/// The document as pretty JSON with a final newline.
pub fn write(doc: &Document) -> String {
    let mut text = serde_json::to_string_pretty(doc).unwrap_or_default();
    text.push('\n');
    text
}
