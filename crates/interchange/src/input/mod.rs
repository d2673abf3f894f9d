//! Parsers for the files a secretary supplies: text in, domain values (or
//! the file models of [`crate::interchange`]) or an [`InputError`] naming
//! file, line and field out.
//! Nothing here touches the database.

pub mod dbase;
pub mod error;
pub mod json;
pub mod players;
pub mod ratings;
pub mod results;
pub mod sheet;
pub mod team_matches;
pub mod trf;

use crate::domain::text::describe;
pub use error::InputError;

/// Refuse a control character (ESC, BEL, NUL, C1 ...) anywhere in an
/// imported file's text, with its line and column: a name holding one would
/// reach terminals and other programs as a command. Tabs (a separator) and
/// line ends are allowed. The rule is [`crate::domain::text::no_controls`].
pub fn no_control_text(text: &str, source: &str) -> Result<(), InputError> {
    for (k, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if !line.chars().any(|c| c.is_control() && c != '\t') {
            continue;
        }
        let (column, c) = line
            .chars()
            .enumerate()
            .find(|(_, c)| c.is_control() && *c != '\t')
            .unwrap_or((0, ' '));
        return Err(InputError::at(
            source,
            k + 1,
            format!("column {}", column + 1),
            format!(
                "a control character ({}); names and text may not hold control characters",
                describe(c)
            ),
        ));
    }
    Ok(())
}

/// A name read from `line` of `source` without its unpaired text-direction
/// controls (an embedding, override or isolate never closed, or a close
/// with nothing open: [`crate::domain::text::unpaired_bidi`]), and when any
/// were removed the warning that names the file, line and what was removed.
/// Left-to-right and right-to-left marks (U+200E, U+200F) open nothing and
/// are kept; paired controls are kept (a name may need them to read right).
pub fn name_without_stray_bidi(
    name: &str,
    source: &str,
    line: usize,
    warnings: &mut Vec<String>,
) -> String {
    let (kept, warning) = crate::domain::text::name_without_unpaired_bidi(name);
    if let Some(w) = warning {
        warnings.push(format!("{source}, line {line}: {w}"));
    }
    kept
}
