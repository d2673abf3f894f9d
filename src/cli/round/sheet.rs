//! The round's paperwork, printed: the pairing sheet by board (board,
//! White with score and rating, Black with score and rating, then the
//! byes) and the alphabetical list (each player with board and colour), the
//! two sheets a club posts on the wall; as text, markdown, JSON, a
//! result-entry CSV that `league round record` reads back once the results
//! are filled in, and a printable HTML page (A4 or letter, 40 boards a page).
//!
//! The sheet itself and its printable page are the site's
//! ([`crate::site::round_sheet`]), which the console's print page shows
//! too; this file writes the CLI's other formats of it. [`Sheet`] is built
//! by `league round pair` from the pairing it made, or by
//! `league round sheet` from a recorded round. A team round's result-entry
//! CSV ([`team_csv`]) is here too; its other formats are the
//! `league match show` table.

use serde_json::json;

use crate::cli::output::{csv_record, Table};
use crate::domain::text::markdown_cell;
use crate::site::round_sheet::{bye_words, match_name, rating, result_of, TeamSheet};
pub use crate::site::round_sheet::{Sheet, SheetBoard, SheetBye, SheetPlayer};

/// How a sheet is printed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum SheetFormat {
    /// Aligned tables for the terminal or e-mail.
    #[default]
    Text,
    /// JSON: round, pairs, byes, alphabetical list.
    Json,
    /// The result-entry sheet: board,white,black,result (pairing numbers), empty results to
    /// fill in and record with `league round record`.
    Csv,
    /// Markdown tables.
    Markdown,
    /// A printable page: the boards (40 a page) and the alphabetical list.
    Html,
}

fn who(p: &SheetPlayer) -> String {
    format!("{} ({})", p.name, p.number)
}

/// The pairing sheet as a table.
fn boards_table(s: &Sheet) -> Table {
    let mut t = Table::new(&[
        "board", "white", "score", "rating", "black", "score", "rating", "result",
    ])
    .right(&[0, 2, 3, 5, 6]);
    for b in &s.boards {
        t.push(vec![
            b.board.to_string(),
            who(&b.white),
            b.white.score.fraction(),
            rating(&b.white),
            who(&b.black),
            b.black.score.fraction(),
            rating(&b.black),
            b.result.clone().unwrap_or_default(),
        ]);
    }
    t
}

/// The alphabetical list as a table.
fn list_table(s: &Sheet) -> Table {
    let mut t = Table::new(&["player", "no", "board", "colour"]).right(&[1, 2]);
    for l in s.alphabetical() {
        t.push(vec![
            l.player.name.clone(),
            l.player.number.to_string(),
            l.board,
            l.colour,
        ]);
    }
    t
}

/// The CLI's formats of a sheet (the printable page is the site's
/// [`Sheet::html`]).
pub trait SheetText {
    /// Both sheets for the terminal.
    fn text(&self) -> String;
    /// Both sheets as Markdown.
    fn markdown(&self) -> String;
    /// The result-entry sheet (see [`SheetFormat::Csv`]).
    fn csv(&self) -> String;
    /// The sheet as JSON.
    fn json(&self) -> serde_json::Value;
    /// The sheet in `format`.
    fn render(&self, format: SheetFormat) -> String;
}

impl SheetText for Sheet {
    /// Both sheets for the terminal.
    fn text(&self) -> String {
        let mut out = format!("{} ({})\n", self.title(), self.system);
        let when = self.when_text();
        if !when.is_empty() {
            out.push_str(&format!("{when}\n"));
        }
        out.push('\n');
        out.push_str(&boards_table(self).text());
        let others = self.others();
        if !others.is_empty() {
            out.push('\n');
            out.push_str(&others);
        }
        out.push_str("\nAlphabetical list\n\n");
        out.push_str(&list_table(self).text());
        out
    }

    /// Both sheets as Markdown.
    fn markdown(&self) -> String {
        let mut out = format!(
            "## {}\n\n{}\n\n",
            markdown_cell(&self.title()),
            markdown_cell(&self.system)
        );
        let when = self.when_text();
        if !when.is_empty() {
            out.push_str(&format!("{}\n\n", markdown_cell(&when)));
        }
        out.push_str(&boards_table(self).markdown());
        let others = self.others();
        if !others.is_empty() {
            out.push('\n');
            for line in others.lines() {
                out.push_str(&format!("- {}\n", markdown_cell(line)));
            }
        }
        out.push_str("\n### Alphabetical list\n\n");
        out.push_str(&list_table(self).markdown());
        out
    }

    /// The result-entry sheet: `board,white,black,result` with pairing
    /// numbers (what `league round record` reads), the names after the
    /// result for whoever fills it in. A bye has no result to enter (the pairing
    /// records it, or will when it is confirmed), so it is a
    /// comment line (`# ...`), which the reader skips.
    fn csv(&self) -> String {
        let mut out = csv_record([
            "board",
            "white",
            "black",
            "result",
            "white name",
            "black name",
        ]);
        for b in &self.boards {
            out.push_str(&csv_record([
                b.board.to_string(),
                b.white.number.to_string(),
                b.black.number.to_string(),
                // ASCII for spreadsheets; `league round record` reads both.
                b.result.as_deref().unwrap_or_default().replace('½', "1/2"),
                b.white.name.clone(),
                b.black.name.clone(),
            ]));
        }
        for b in &self.byes {
            out.push_str(&format!(
                "# {} ({}): {} (no result to enter)\n",
                // One comment line whatever the name holds.
                b.player.name.replace([',', '\n', '\r'], " "),
                b.player.number,
                bye_words(b)
            ));
        }
        out
    }

    /// The sheet as JSON.
    fn json(&self) -> serde_json::Value {
        let player = |p: &SheetPlayer| json!({"no": p.number, "name": p.name, "rating": p.rating, "score": p.score.as_f64()});
        json!({
            "event": self.event,
            "section": self.section,
            "round": self.round,
            "date": self.when.date,
            "start_time": self.when.start_time,
            "system": self.system,
            "pairs": self.boards.iter().map(|b| json!({
                "board": b.board,
                "white": player(&b.white),
                "black": player(&b.black),
                "result": b.result,
            })).collect::<Vec<_>>(),
            "byes": self.byes.iter().map(|b| json!({
                "player": player(&b.player),
                "kind": if b.requested { "requested" } else { "pab" }, "late_entry": b.late_entry,
                "points": b.points.as_f64(),
            })).collect::<Vec<_>>(),
            "not_paired": self.unpaired.iter().map(|(p, why)| json!({
                "player": player(p),
                "why": why,
            })).collect::<Vec<_>>(),
            "alphabetical": self.alphabetical().iter().map(|l| json!({
                "name": l.player.name,
                "no": l.player.number,
                "board": l.board.parse::<u32>().ok(),
                "colour": l.colour,
            })).collect::<Vec<_>>(),
        })
    }

    /// The sheet in `format`.
    fn render(&self, format: SheetFormat) -> String {
        match format {
            SheetFormat::Text => self.text(),
            SheetFormat::Markdown => self.markdown(),
            SheetFormat::Csv => self.csv(),
            SheetFormat::Html => self.html(),
            SheetFormat::Json => {
                serde_json::to_string_pretty(&self.json()).unwrap_or_default() + "\n"
            }
        }
    }
}

/// A team round as a result-entry CSV (`match,board,white,black,result`,
/// which `league match record HOME AWAY --sheet FILE` reads back, taking
/// the rows of the match it records): one line a board, results empty
/// until played; a team bye is a `#` comment line, which the reader skips.
pub fn team_csv(sheet: &TeamSheet) -> String {
    let mut out = csv_record(["match", "board", "white", "black", "result"]);
    for m in &sheet.matches {
        let Some(name) = match_name(m) else {
            out.push_str(&csv_record([format!("# {}: team bye", m.team_a)]));
            continue;
        };
        for b in &m.boards {
            out.push_str(&csv_record([
                name.clone(),
                b.board.map(|n| n.to_string()).unwrap_or_default(),
                b.white.clone(),
                b.black.clone(),
                result_of(b),
            ]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::score::Points;

    fn p(number: u32, name: &str, halves: i32) -> SheetPlayer {
        SheetPlayer {
            number,
            name: name.into(),
            rating: Some(2000 - number),
            score: Points::from_halves(halves),
        }
    }

    fn sheet(boards: u32) -> Sheet {
        Sheet {
            event: "Club <Championship>".into(),
            section: "Open".into(),
            round: 2,
            system: "Berger round-robin tables (FIDE)".into(),
            boards: (1..=boards)
                .map(|b| SheetBoard {
                    board: b,
                    white: p(2 * b - 1, &format!("Zed {b}"), 1),
                    black: p(2 * b, &format!("Abe {b}"), 2),
                    result: None,
                })
                .collect(),
            byes: vec![SheetBye {
                player: p(99, "Mia Bye", 0),
                requested: false,
                late_entry: false,
                points: Points::ZERO,
            }],
            unpaired: vec![],
            when: Default::default(),
        }
    }

    #[test]
    fn the_result_entry_csv_has_numbers_names_and_empty_results() {
        let csv = sheet(1).csv();
        assert_eq!(
            csv,
            "board,white,black,result,white name,black name\n1,1,2,,Zed 1,Abe 1\n# Mia Bye (99): bye from the pairing, no points (no result to enter)\n"
        );
    }
}
