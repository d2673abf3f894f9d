//! A team-match sheet: the CSV `league import team-matches` reads, one team
//! match (or team bye) per line, as past seasons are often kept only as a
//! crosstable.
//!
//! Header `round,team_a,team_b,points_a,points_b` (required, in that order,
//! case-insensitive). A team bye is a row whose `team_b` is `BYE`, with
//! `points_a` the game points it was awarded and `points_b` empty. Points
//! are written `3.5`, `3½`, `3 1/2`, `½` or `4`. This module checks each
//! line on its own; the checks across lines (a team twice in a round, points
//! adding up to the boards, rounds in order) are the store's, which knows
//! the event.

use crate::domain::score::Points;
use crate::input::InputError;

/// One line of the sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamMatchRow {
    /// Line in the file (1-based), for error messages.
    pub line: usize,
    /// The round the match belongs to.
    pub round: u32,
    /// The first team, as named on the sheet (name or short code).
    pub team_a: String,
    /// `None` for a team bye.
    pub team_b: Option<String>,
    /// The first team's game points.
    pub points_a: Points,
    /// `None` for a team bye.
    pub points_b: Option<Points>,
}

/// The header the sheet must start with.
pub const HEADER: [&str; 5] = ["round", "team_a", "team_b", "points_a", "points_b"];

/// Read points as a secretary writes them: "3.5", "3½", "3 1/2", "½", "4".
pub fn parse_points(text: &str) -> Option<Points> {
    let t = text.trim();
    let (whole, half) = if let Some(w) = t.strip_suffix('½') {
        (w.trim(), true)
    } else if let Some(w) = t.strip_suffix("1/2") {
        (w.trim(), true)
    } else if let Some((w, f)) = t.split_once('.') {
        match f.trim_end_matches('0') {
            "" => (w, false),
            "5" => (w, true),
            _ => return None,
        }
    } else {
        (t, false)
    };
    let n: i32 = if whole.is_empty() {
        if !half {
            return None;
        }
        0
    } else {
        if !whole.chars().all(|c| c.is_ascii_digit()) || whole.len() > 3 {
            return None;
        }
        whole.parse().ok()?
    };
    Some(Points(n * 2 + i32::from(half)))
}

/// Parse the sheet. `source` names the file in error messages.
pub fn parse(bytes: &[u8], source: &str) -> Result<Vec<TeamMatchRow>, InputError> {
    let text = super::sheet::utf8_text(bytes, source)?;
    let mut reader = super::sheet::reader(&text, b',');
    let mut header_seen = false;
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| super::sheet::bad_row(source, e))?;
        let line = record.position().map(|p| p.line() as usize).unwrap_or(0);
        if record.iter().all(|f| f.is_empty()) || record.get(0).is_some_and(|f| f.starts_with('#'))
        {
            continue;
        }
        if !header_seen {
            let fields: Vec<String> = record.iter().map(|f| f.to_ascii_lowercase()).collect();
            if fields != HEADER {
                return Err(InputError::at(
                    source,
                    line,
                    "header",
                    format!(
                        "the first line must be the header {} (found \"{}\")",
                        HEADER.join(","),
                        record.iter().collect::<Vec<_>>().join(",")
                    ),
                ));
            }
            header_seen = true;
            continue;
        }
        rows.push(row(&record, line, source)?);
    }
    if !header_seen {
        return Err(InputError::at(
            source,
            1,
            "header",
            format!(
                "the file is empty; it needs the header {}",
                HEADER.join(",")
            ),
        ));
    }
    Ok(rows)
}

fn row(record: &csv::StringRecord, line: usize, source: &str) -> Result<TeamMatchRow, InputError> {
    if record.len() != HEADER.len() {
        return Err(InputError::at(
            source,
            line,
            "row",
            format!(
                "expected 5 fields ({}), found {}",
                HEADER.join(","),
                record.len()
            ),
        ));
    }
    let get = |i: usize| record.get(i).unwrap_or("").to_string();
    let at = |field: &str, problem: String| InputError::at(source, line, field, problem);
    // A tab inside a cell passes the whole-file check (tabs may separate
    // other sheets' columns) but has no place in a team's name or a number.
    for (i, field) in HEADER.iter().enumerate() {
        crate::domain::text::no_controls(record.get(i).unwrap_or(""))
            .map_err(|m| at(field, format!("the cell is refused: {m}")))?;
    }
    let round_text = get(0);
    let round = round_text
        .parse::<u32>()
        .ok()
        .filter(|&r| (1..=99).contains(&r))
        .ok_or_else(|| {
            at(
                "round",
                format!("\"{round_text}\" is not a round number (1 to 99)"),
            )
        })?;
    let team_a = get(1);
    if team_a.is_empty() {
        return Err(at("team_a", "the first team is missing".into()));
    }
    if team_a.eq_ignore_ascii_case("bye") {
        return Err(at(
            "team_a",
            "BYE goes in team_b, with the team given the bye in team_a".into(),
        ));
    }
    let team_b = get(2);
    if team_b.is_empty() {
        return Err(at(
            "team_b",
            "the second team is missing (write BYE for a team bye)".into(),
        ));
    }
    let points = |field: &str, text: String| {
        parse_points(&text).ok_or_else(|| {
            at(
                field,
                format!("\"{text}\" is not a number of game points (write 3.5, 3½ or 4)"),
            )
        })
    };
    let points_a = points("points_a", get(3))?;
    if team_b.eq_ignore_ascii_case("bye") {
        let b = get(4);
        if !b.is_empty() {
            return Err(at(
                "points_b",
                format!("a team bye has no second score; leave points_b empty (found \"{b}\")"),
            ));
        }
        return Ok(TeamMatchRow {
            line,
            round,
            team_a,
            team_b: None,
            points_a,
            points_b: None,
        });
    }
    let points_b = points("points_b", get(4))?;
    Ok(TeamMatchRow {
        line,
        round,
        team_a,
        team_b: Some(team_b),
        points_a,
        points_b: Some(points_b),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_tab_inside_a_team_name_is_refused_with_its_field() {
        let e = super::parse(
            b"round,team_a,team_b,points_a,points_b\n1,Goshen\t C,BYE,4,\n",
            "t.csv",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("t.csv") && e.contains("line 2") && e.contains("team_a"),
            "{e}"
        );
        assert!(e.contains("tab"), "{e}");
    }

    use super::*;

    #[test]
    fn points_as_people_write_them() {
        for (text, halves) in [
            ("3.5", 7),
            ("3½", 7),
            ("3 1/2", 7),
            ("½", 1),
            ("1/2", 1),
            ("4", 8),
            ("0", 0),
            ("2.0", 4),
        ] {
            assert_eq!(parse_points(text), Some(Points(halves)), "{text}");
        }
        for bad in ["", "x", "3.25", "-1", "3,5"] {
            assert_eq!(parse_points(bad), None, "{bad}");
        }
    }

    #[test]
    fn reads_matches_and_byes() {
        let rows = parse(
            b"round,team_a,team_b,points_a,points_b\n1,Edgewood,North Side,3.5,0.5\n1,Goshen C,BYE,4,\n",
            "t.csv",
        )
        .unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].points_a, Points(7));
        assert_eq!(rows[0].team_b.as_deref(), Some("North Side"));
        assert_eq!(rows[1].team_b, None);
        assert_eq!(rows[1].line, 3);
    }

    #[test]
    fn bad_lines_name_line_and_field() {
        let e = parse(b"round,team_a\n", "t.csv").unwrap_err();
        assert_eq!((e.line, e.field.as_deref()), (Some(1), Some("header")));
        let head = "round,team_a,team_b,points_a,points_b\n";
        let e = parse(format!("{head}1,A,B,3.5\n").as_bytes(), "t.csv").unwrap_err();
        assert_eq!((e.line, e.field.as_deref()), (Some(2), Some("row")));
        let e = parse(format!("{head}1,A,B,3.5,x\n").as_bytes(), "t.csv").unwrap_err();
        assert_eq!((e.line, e.field.as_deref()), (Some(2), Some("points_b")));
        let e = parse(format!("{head}one,A,B,3,1\n").as_bytes(), "t.csv").unwrap_err();
        assert_eq!(e.field.as_deref(), Some("round"));
        let e = parse(format!("{head}1,A,BYE,4,0\n").as_bytes(), "t.csv").unwrap_err();
        assert_eq!(e.field.as_deref(), Some("points_b"));
        assert!(e.to_string().starts_with("t.csv, line 2, points_b: "));
    }
}
