//! A round sheet: the CSV a secretary records a round from.
//!
//! Columns `board, white, black, result`, with or without a header line (a
//! header may put the columns in any order and leave out `board`). The
//! result may be empty (pairings now, results later). A bye is a row whose
//! `black` is `BYE`; its result says what it is worth: empty, `1` or `full`
//! (the pairing's full-point bye), `½`/`1/2`/`half` or `0`/`zero` (byes the
//! player asked for).

use crate::domain::game::{not_understood, GameResult, SheetRow};
use crate::domain::record::ByeKind;
use crate::input::InputError;

/// Parse a round sheet. `source` names the file in error messages.
pub fn parse(bytes: &[u8], source: &str) -> Result<Vec<SheetRow>, InputError> {
    let text = super::sheet::utf8_text(bytes, source)?;
    let mut reader = super::sheet::reader(&text, b',');
    let mut columns: Option<Columns> = None;
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| super::sheet::bad_row(source, e))?;
        let line = record.position().map(|p| p.line() as usize).unwrap_or(0);
        if record.iter().all(|f| f.is_empty()) || record.get(0).is_some_and(|f| f.starts_with('#'))
        {
            continue;
        }
        let cols = match columns {
            Some(c) => c,
            None => {
                if let Some(c) = Columns::from_header(&record) {
                    columns = Some(c);
                    continue;
                }
                let c = Columns::POSITIONAL;
                columns = Some(c);
                c
            }
        };
        rows.push(cols.row(&record, line, source)?);
    }
    Ok(rows)
}

#[derive(Copy, Clone)]
struct Columns {
    board: Option<usize>,
    white: usize,
    black: usize,
    result: Option<usize>,
    /// "white name" and "black name": the names beside the numbers.
    white_name: Option<usize>,
    black_name: Option<usize>,
    width: usize,
}

impl Columns {
    const POSITIONAL: Columns = Columns {
        board: Some(0),
        white: 1,
        black: 2,
        result: Some(3),
        white_name: Some(4),
        black_name: Some(5),
        width: 6,
    };

    fn from_header(record: &csv::StringRecord) -> Option<Columns> {
        let find = |name: &str| record.iter().position(|f| f.eq_ignore_ascii_case(name));
        let (white, black) = (find("white")?, find("black")?);
        Some(Columns {
            board: find("board"),
            white,
            black,
            result: find("result"),
            white_name: find("white name").or_else(|| find("white_name")),
            black_name: find("black name").or_else(|| find("black_name")),
            width: record.len(),
        })
    }

    /// Refuse a row with fewer fields than the columns read, or more than
    /// board, white, black, result and the two names.
    fn check_width(
        &self,
        record: &csv::StringRecord,
        line: usize,
        source: &str,
    ) -> Result<(), InputError> {
        let min = [Some(self.white), Some(self.black), self.board]
            .into_iter()
            .flatten()
            .max()
            .unwrap_or(0)
            + 1;
        if record.len() < min {
            return Err(InputError::at(
                source,
                line,
                "row",
                format!(
                    "expected {} fields (board, white, black, result), found {}",
                    self.width.min(4),
                    record.len()
                ),
            ));
        }
        if record.len() > self.width.max(4) {
            // Past the four columns a sheet may give the two names.
            return Err(InputError::at(
                source,
                line,
                "row",
                format!(
                    "too many fields ({}); expected board, white, black, result (and the white and black names)",
                    record.len()
                ),
            ));
        }
        Ok(())
    }

    fn row(
        &self,
        record: &csv::StringRecord,
        line: usize,
        source: &str,
    ) -> Result<SheetRow, InputError> {
        self.check_width(record, line, source)?;
        let get = |i: Option<usize>| i.and_then(|i| record.get(i)).unwrap_or("").to_string();
        let board = match get(self.board).as_str() {
            "" => None,
            b => Some(b.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(|| {
                InputError::at(
                    source,
                    line,
                    "board",
                    format!("board \"{b}\" is not a board number"),
                )
            })?),
        };
        let white = get(Some(self.white));
        if white.is_empty() {
            return Err(InputError::at(
                source,
                line,
                "white",
                "the White player is missing",
            ));
        }
        let black = get(Some(self.black));
        let result_text = get(self.result);
        if white.eq_ignore_ascii_case("bye") {
            return Err(InputError::at(
                source,
                line,
                "white",
                format!(
                    "BYE goes in the Black column, with the player in the White column: write \",{},BYE,{}\"",
                    if black.is_empty() { "PLAYER" } else { &black },
                    if result_text.is_empty() { "full" } else { &result_text }
                ),
            ));
        }
        if black.eq_ignore_ascii_case("bye") {
            let bye = bye_kind(&result_text, line, source)?;
            return Ok(SheetRow {
                line: Some(line),
                board,
                white,
                black: None,
                result: None,
                bye: Some(bye),
                names: None,
            });
        }
        if black.is_empty() {
            return Err(InputError::at(
                source,
                line,
                "black",
                "the Black player is missing (write BYE for a bye)",
            ));
        }
        let (white_name, black_name) = (get(self.white_name), get(self.black_name));
        let names = (self.white_name.is_some() || self.black_name.is_some())
            .then_some((white_name, black_name))
            .filter(|(w, b)| !w.is_empty() || !b.is_empty());
        let result = match result_text.as_str() {
            "" | "*" => None,
            t => Some(
                GameResult::parse(t)
                    .ok_or_else(|| InputError::at(source, line, "result", not_understood(t)))?,
            ),
        };
        Ok(SheetRow {
            line: Some(line),
            board,
            white,
            black: Some(black),
            result,
            bye: None,
            names,
        })
    }
}

/// What a bye's result cell means: (kind, requested).
fn bye_kind(result_text: &str, line: usize, source: &str) -> Result<(ByeKind, bool), InputError> {
    Ok(match result_text.to_ascii_lowercase().as_str() {
        "" | "1" | "full" | "+" => (ByeKind::Full, false),
        "½" | "1/2" | "0.5" | "half" | "=" | "h" => (ByeKind::Half, true),
        "0" | "zero" | "-" | "z" => (ByeKind::Zero, true),
        other => {
            return Err(InputError::at(
                source,
                line,
                "result",
                format!("bye value \"{other}\" not understood; use full, half or zero"),
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_sheet_with_and_without_header() {
        let rows = parse(
            b"board,white,black,result\n1,Smith,Jones,1-0\n2,Lee,Park,\n,Kim,BYE,half\n",
            "r3.csv",
        )
        .unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0].result, Some(GameResult::WhiteWins));
        assert_eq!(rows[1].result, None);
        assert_eq!(rows[2].bye, Some((ByeKind::Half, true)));
        let rows = parse("1,Smith,Jones,½-½\n".as_bytes(), "r3.csv").unwrap();
        assert_eq!(rows[0].result, Some(GameResult::Draw));
        assert_eq!(rows[0].board, Some(1));
        assert_eq!(rows[0].names, None);
    }

    #[test]
    fn the_names_beside_the_numbers_are_kept_to_check() {
        let sheet = "board,white,black,result,white name,black name\n1,1,13,1-0,Nadia Petrova,Oscar Wilde-Jones\n";
        let rows = parse(sheet.as_bytes(), "r4.csv").unwrap();
        assert_eq!(
            rows[0].names,
            Some(("Nadia Petrova".to_string(), "Oscar Wilde-Jones".to_string()))
        );
        let rows = parse(b"1,1,13,1-0,Nadia Petrova,Oscar Wilde-Jones\n", "r4.csv").unwrap();
        assert_eq!(rows[0].white, "1");
        assert_eq!(
            rows[0].names,
            Some(("Nadia Petrova".to_string(), "Oscar Wilde-Jones".to_string()))
        );
    }

    #[test]
    fn bad_lines_name_line_and_field() {
        let e = parse(b"1,Smith,Jones,1-0\n2,Lee,Park,2-0\n", "r3.csv").unwrap_err();
        assert_eq!((e.line, e.field.as_deref()), (Some(2), Some("result")));
        assert!(e
            .to_string()
            .contains("r3.csv, line 2, result: result \"2-0\" not understood"));
        let e = parse(b"1,Smith\n", "r3.csv").unwrap_err();
        assert_eq!(e.line, Some(1));
        let e = parse(b"x,Smith,Jones,1-0\n", "r3.csv").unwrap_err();
        assert_eq!(e.field.as_deref(), Some("board"));
        let e = parse(b"1,Smith,Jones,1-0\n2,\xff\xfe,Park,1-0\n", "r3.csv").unwrap_err();
        assert_eq!(e.line, Some(2));
    }
}
