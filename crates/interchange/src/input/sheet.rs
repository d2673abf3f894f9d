//! What every CSV sheet a secretary supplies has in common (round sheets,
//! player lists, team-match crosstables): UTF-8 text with an optional byte
//! order mark, as spreadsheets save it; a forgiving reader (fields trimmed,
//! rows of any length, the header handled by each sheet itself); and errors
//! that name the file and line.

use crate::input::InputError;

/// The sheet as text, without a byte order mark and with CRLF line ends
/// made LF; an error naming the line of the first byte that is not UTF-8 (a
/// sheet saved in a legacy encoding) or of a control character
/// ([`super::no_control_text`]).
///
/// Why the line ends: the CSV reader counts a CRLF followed by an empty
/// line as one line, so rows after it were reported a line early (found by
/// the team-match sheet's property test).
pub fn utf8_text<'a>(
    bytes: &'a [u8],
    source: &str,
) -> Result<std::borrow::Cow<'a, str>, InputError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        InputError::at(
            source,
            line,
            "text",
            format!(
                "the file is not UTF-8 text (byte 0x{:02X}); save it as UTF-8 CSV",
                bytes.get(e.valid_up_to()).copied().unwrap_or(0)
            ),
        )
    })?;
    super::no_control_text(text, source)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Ok(if text.contains('\r') {
        std::borrow::Cow::Owned(text.replace("\r\n", "\n"))
    } else {
        std::borrow::Cow::Borrowed(text)
    })
}

/// A reader over the sheet's rows: no header assumed, fields trimmed, rows
/// of any length (each sheet checks its own columns).
pub fn reader(text: &str, delimiter: u8) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes())
}

/// A row the CSV reader could not read (an unclosed quote, say), with its line.
pub fn bad_row(source: &str, e: csv::Error) -> InputError {
    let line = e.position().map(|p| p.line() as usize).unwrap_or(0);
    InputError::at(source, line, "row", format!("not a valid CSV line: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_dropped_and_bad_bytes_are_placed() {
        assert_eq!(utf8_text(b"\xEF\xBB\xBFa,b\n", "s.csv").unwrap(), "a,b\n");
        let e = utf8_text(b"a,b\nc,\xE9\n", "s.csv").unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.problem.contains("not UTF-8 text (byte 0xE9)"), "{e}");
    }

    #[test]
    fn rows_are_trimmed_and_may_differ_in_length() {
        let mut r = reader("a , b\nc\n", b',');
        let rows: Vec<Vec<String>> = r
            .records()
            .map(|x| x.unwrap().iter().map(String::from).collect())
            .collect();
        assert_eq!(rows, [vec!["a", "b"], vec!["c"]]);
    }
}
