//! A player list: the CSV a secretary keeps of members, or a rating list
//! cut down to the club's players.
//!
//! Cells are separated by commas (or semicolons, or tabs, as some
//! spreadsheets save CSV: whichever the header line uses). A header line
//! is required; its columns may come in any order, matched
//! without regard to case, spaces or underscores: `name` (required),
//! `uscf_id` (also `uscf`, `us_chess_id`), `fide_id` (also `fide`),
//! `rating` (also `uscf_rating`), `fide_rating`, `federation` (also
//! `fed`), `title`. Other columns are refused (a misspelt column would
//! otherwise be ignored silently). Blank cells mean "not known". A rating
//! is a whole number from 0 to 4000; an id may not appear twice in the
//! file. Every problem names the line and the column.

use std::collections::HashMap;

use crate::input::InputError;

/// One line of a player list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// 1-based line in the file.
    pub line: usize,
    /// The player's name (`name`, required).
    pub name: String,
    /// US Chess id (`uscf_id`): unique in the file, and the first thing a
    /// row is matched to a league player by.
    pub uscf_id: Option<String>,
    /// FIDE id (`fide_id`): unique in the file; the second thing matched.
    pub fide_id: Option<String>,
    /// US Chess (or the league's) rating (`rating`), 0 to 4000.
    pub rating: Option<u32>,
    /// FIDE rating (`fide_rating`), 0 to 4000.
    pub fide_rating: Option<u32>,
    /// FIDE federation (`federation`).
    pub federation: Option<String>,
    /// Title (`title`): GM, IM, WGM, FM, ...
    pub title: Option<String>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Col {
    Name,
    Uscf,
    Fide,
    Rating,
    FideRating,
    Federation,
    Title,
}

impl Col {
    fn from_header(text: &str) -> Option<Col> {
        let t: String = text
            .trim()
            .to_ascii_lowercase()
            .chars()
            .filter(|c| !matches!(c, ' ' | '_' | '-'))
            .collect();
        Some(match t.as_str() {
            "name" | "player" => Col::Name,
            "uscfid" | "uscf" | "uschessid" => Col::Uscf,
            "fideid" | "fide" => Col::Fide,
            "rating" | "uscfrating" => Col::Rating,
            "fiderating" => Col::FideRating,
            "federation" | "fed" => Col::Federation,
            "title" => Col::Title,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Col::Name => "name",
            Col::Uscf => "uscf_id",
            Col::Fide => "fide_id",
            Col::Rating => "rating",
            Col::FideRating => "fide_rating",
            Col::Federation => "federation",
            Col::Title => "title",
        }
    }
}

/// Parse a player list. `source` names the file in errors. The rows
/// alone: [`parse_with_warnings`] also says what was changed in them.
pub fn parse(bytes: &[u8], source: &str) -> Result<Vec<PlayerRow>, InputError> {
    parse_with_warnings(bytes, source).map(|(rows, _)| rows)
}

/// Parse a player list, with a warning for each name that lost unpaired
/// text-direction controls ([`super::name_without_stray_bidi`]).
pub fn parse_with_warnings(
    bytes: &[u8],
    source: &str,
) -> Result<(Vec<PlayerRow>, Vec<String>), InputError> {
    let mut warnings = Vec::new();
    let rows = parse_rows(bytes, source, &mut warnings)?;
    Ok((rows, warnings))
}

fn parse_rows(
    bytes: &[u8],
    source: &str,
    warnings: &mut Vec<String>,
) -> Result<Vec<PlayerRow>, InputError> {
    let text = super::sheet::utf8_text(bytes, source)?;
    // Spreadsheets in some countries save CSV with semicolons, or tabs.
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let delimiter = if first.contains(',') {
        b','
    } else if first.contains(';') {
        b';'
    } else if first.contains('\t') {
        b'\t'
    } else {
        b','
    };
    let mut reader = super::sheet::reader(&text, delimiter);
    let mut columns: Option<Vec<Col>> = None;
    let mut rows = Vec::new();
    let mut seen: HashMap<(Col, String), usize> = HashMap::new();
    for record in reader.records() {
        let record = record.map_err(|e| super::sheet::bad_row(source, e))?;
        let line = record.position().map(|p| p.line() as usize).unwrap_or(0);
        if record.iter().all(|f| f.is_empty()) {
            continue;
        }
        let Some(cols) = &columns else {
            columns = Some(header_columns(&record, line, source)?);
            continue;
        };
        let mut row = player_row(cols, &record, line, source, &mut seen)?;
        row.name = super::name_without_stray_bidi(&row.name, source, line, warnings);
        rows.push(row);
    }
    if columns.is_none() {
        return Err(InputError::at(
            source,
            1,
            "header",
            "the file is empty; a player list starts with a header such as name,uscf_id,rating",
        ));
    }
    Ok(rows)
}

/// The header line's columns: each known and given once, the name
/// among them.
fn header_columns(
    record: &csv::StringRecord,
    line: usize,
    source: &str,
) -> Result<Vec<Col>, InputError> {
    let mut cols = Vec::new();
    for (i, h) in record.iter().enumerate() {
        let col = Col::from_header(h).ok_or_else(|| {
            InputError::at(
                source,
                line,
                format!("column {}", i + 1),
                format!(
                    "\"{h}\" is not a player-list column; use name, uscf_id, fide_id, \
                     rating, fide_rating, federation, title"
                ),
            )
        })?;
        if cols.contains(&col) {
            return Err(InputError::at(
                source,
                line,
                col.name(),
                format!("the column {} appears twice in the header", col.name()),
            ));
        }
        cols.push(col);
    }
    if !cols.contains(&Col::Name) {
        return Err(InputError::at(
            source,
            line,
            "header",
            "the first line must be a header naming the columns, with at least name \
             (e.g. name,uscf_id,rating)",
        ));
    }
    Ok(cols)
}

/// One player's row (line `line`) under the header's columns; `seen` holds
/// the ids read so far, each allowed once.
fn player_row(
    cols: &[Col],
    record: &csv::StringRecord,
    line: usize,
    source: &str,
    seen: &mut HashMap<(Col, String), usize>,
) -> Result<PlayerRow, InputError> {
    if record.len() != cols.len() {
        return Err(InputError::at(
            source,
            line,
            "row",
            format!(
                "this line has {} cells but the header has {} columns",
                record.len(),
                cols.len()
            ),
        ));
    }
    let mut row = PlayerRow {
        line,
        name: String::new(),
        uscf_id: None,
        fide_id: None,
        rating: None,
        fide_rating: None,
        federation: None,
        title: None,
    };
    for (&col, cell) in cols.iter().zip(record.iter()) {
        let err = |p: String| InputError::at(source, line, col.name(), p);
        if cell.chars().any(char::is_control) {
            return Err(err("the cell has a control character in it".into()));
        }
        let text = Some(cell.to_string()).filter(|c| !c.is_empty());
        let rating = |c: &str| -> Result<Option<u32>, InputError> {
            if c.is_empty() {
                return Ok(None);
            }
            match c.parse::<u32>() {
                Ok(r) if r <= 4000 => Ok(Some(r)),
                _ => Err(err(format!(
                    "rating \"{c}\" is not a whole number from 0 to 4000"
                ))),
            }
        };
        match col {
            Col::Name => row.name = cell.to_string(),
            Col::Uscf | Col::Fide => {
                if let Some(id) = &text {
                    if !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
                        return Err(err(format!(
                            "id \"{id}\" should be letters and digits only"
                        )));
                    }
                    if let Some(first) = seen.insert((col, id.clone()), line) {
                        return Err(err(format!(
                            "{} {id} is also on line {first}; each player once",
                            col.name()
                        )));
                    }
                }
                if col == Col::Uscf {
                    row.uscf_id = text;
                } else {
                    row.fide_id = text;
                }
            }
            Col::Rating => row.rating = rating(cell)?,
            Col::FideRating => row.fide_rating = rating(cell)?,
            Col::Federation => row.federation = text,
            Col::Title => row.title = text,
        }
    }
    if row.name.is_empty() {
        return Err(InputError::at(source, line, "name", "the name is empty"));
    }
    Ok(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_in_any_order_and_blank_cells() {
        let rows = parse(
            b"Rating,Name,USCF ID\n1720,Alice Smith,12345678\n,Bob Jones,\n",
            "p.csv",
        )
        .unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].name, "Alice Smith");
        assert_eq!(rows[0].rating, Some(1720));
        assert_eq!(rows[0].uscf_id.as_deref(), Some("12345678"));
        assert_eq!(rows[1].line, 3);
        assert_eq!(rows[1].rating, None);
        assert_eq!(rows[1].uscf_id, None);
    }

    #[test]
    fn semicolons_and_tabs_as_spreadsheets_save_them() {
        for text in [
            "\u{feff}name;fide_id;fide_rating\nMüller, Jörg;4600010;2105\n",
            "name\tfide_id\tfide_rating\nMüller, Jörg\t4600010\t2105\n",
        ] {
            let rows = parse(text.as_bytes(), "p.csv").unwrap();
            assert_eq!(rows[0].name, "Müller, Jörg");
            assert_eq!(rows[0].fide_id.as_deref(), Some("4600010"));
            assert_eq!(rows[0].fide_rating, Some(2105));
        }
    }

    #[test]
    fn a_name_loses_an_unclosed_override_with_a_warning_naming_the_line() {
        let csv = "name,rating\nAlice\u{202E} Smith,1500\nBob \u{2067}Cohen\u{2069},1400\n";
        let (rows, warnings) = parse_with_warnings(csv.as_bytes(), "p.csv").unwrap();
        assert_eq!(rows[0].name, "Alice Smith");
        // A closed isolate is kept: the name needs it to read right.
        assert_eq!(rows[1].name, "Bob \u{2067}Cohen\u{2069}");
        assert_eq!(warnings.len(), 1);
        assert!(
            warnings[0].starts_with("p.csv, line 2: the name \"Alice\\u{202e} Smith\" had 1 unpaired text-direction control (U+202E)"),
            "{warnings:?}"
        );
        assert!(
            warnings[0].ends_with("the name is stored as \"Alice Smith\""),
            "{warnings:?}"
        );
    }

    #[test]
    fn bad_lists_name_line_and_column() {
        let cases: &[(&[u8], usize, &str, &str)] = &[
            (
                b"name,rating\nAlice,17x0\n",
                2,
                "rating",
                "not a whole number",
            ),
            (
                b"name,ratng\nAlice,1700\n",
                1,
                "column 2",
                "not a player-list column",
            ),
            (b"name,uscf_id\nA,1\nB,1\n", 3, "uscf_id", "also on line 2"),
            (b"name,rating\nAlice\n", 2, "row", "has 1 cells"),
            (b"name,rating\nAl\xE9,1\n", 2, "text", "not UTF-8"),
            (b"rating\n1700\n", 1, "header", "at least name"),
            (b"name,rating\n,1500\n", 2, "name", "empty"),
        ];
        for (bytes, line, field, needle) in cases {
            let e = parse(bytes, "p.csv").unwrap_err();
            assert_eq!(e.line, Some(*line), "{e}");
            assert_eq!(e.field.as_deref(), Some(*field), "{e}");
            assert!(e.problem.contains(needle), "{e}");
        }
    }
}
