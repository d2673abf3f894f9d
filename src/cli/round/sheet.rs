//! The round's paperwork, printed: the pairing sheet by board (board,
//! White with score and rating, Black with score and rating, then the
//! byes) and the alphabetical list (each player with board and colour), the
//! two sheets a club posts on the wall; as text, markdown, JSON, a
//! result-entry CSV that `league round record` reads back once the results
//! are filled in, and a printable HTML page (A4 or letter, 40 boards a page).
//!
//! Plain data in, text out: [`Sheet`] is built by `league round pair` from
//! the pairing it made, or by `league round sheet` from a recorded round.

use serde_json::json;

use crate::cli::output::{csv_record, Table};
use crate::domain::names::surname_key;
use crate::domain::score::Points;
use crate::domain::text::markdown_cell;

/// One player as a sheet shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetPlayer {
    pub number: u32,
    pub name: String,
    pub rating: Option<u32>,
    /// Score before the round.
    pub score: Points,
}

/// One board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetBoard {
    pub board: u32,
    pub white: SheetPlayer,
    pub black: SheetPlayer,
    /// The result when one is recorded ("1-0", "½-½"), for a recorded round.
    pub result: Option<String>,
}

/// A bye of the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetBye {
    pub player: SheetPlayer,
    /// Whether the player asked for it (else the pairing gave it).
    pub requested: bool,
    /// A late entry's bye for a round played before they entered.
    pub late_entry: bool,
    pub points: Points,
}

/// A round's sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    pub event: String,
    pub section: String,
    pub round: u32,
    /// How it was paired ("Berger round-robin tables (FIDE)").
    pub system: String,
    pub boards: Vec<SheetBoard>,
    pub byes: Vec<SheetBye>,
    /// Players present but without a game or bye this round, with why.
    pub unpaired: Vec<(SheetPlayer, String)>,
    /// The round's date and start time, when recorded.
    pub when: crate::store::round::RoundWhen,
}

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

/// `s` escaped for HTML text and attribute values.
pub(crate) fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The printable page's head and style, up to `<body>`: shared by the
/// individual and the team round sheets so both print alike. `title` is
/// already escaped.
pub(crate) fn html_head(title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n<style>\n\
         body {{ font-family: sans-serif; font-size: 11pt; margin: 1.5em; }}\n\
         h1 {{ font-size: 16pt; margin: 0 0 .2em; }}\n\
         p.system {{ margin: 0 0 1em; color: #444; }}\n\
         table {{ border-collapse: collapse; width: 100%; margin-bottom: 1em; }}\n\
         th, td {{ border: 1px solid #999; padding: 2px 6px; text-align: left; }}\n\
         td.n {{ text-align: right; }}\n\
         section.page {{ break-after: page; page-break-after: always; }}\n\
         section.page:last-child {{ break-after: auto; page-break-after: auto; }}\n\
         @page {{ margin: 12mm; }}\n\
         @media print {{ body {{ margin: 0; }} thead {{ display: table-header-group; }} }}\n\
         </style>\n</head>\n<body>\n"
    )
}

/// A player on the printable sheet: the name isolated (`<bdi>`, so a
/// right-to-left name keeps its number after it), then the number.
fn isolated(p: &SheetPlayer) -> String {
    let name = p
        .name
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;");
    format!("<bdi>{name}</bdi> ({})", p.number)
}

fn rating(p: &SheetPlayer) -> String {
    p.rating
        .map(|r| r.to_string())
        .unwrap_or_else(|| "unrated".into())
}

fn bye_words(b: &SheetBye) -> String {
    let points = match b.points.halves() {
        2 => "1 point",
        1 => "½ point",
        _ => "no points",
    };
    if b.late_entry {
        format!("late entry, {points}")
    } else if b.requested {
        format!("requested bye, {points}")
    } else {
        format!("bye from the pairing, {points}")
    }
}

/// A round's date and start time in words (see [`Sheet::when_text`]);
/// the site's round page says it the same way.
pub fn when_words(w: &crate::store::round::RoundWhen) -> String {
    let date = w.date.as_deref().map(crate::site::round::long_date);
    match (date, &w.start_time) {
        (Some(d), Some(t)) => format!("{d}, {t}"),
        (Some(d), None) => d,
        (None, Some(t)) => format!("Starts at {t}"),
        (None, None) => String::new(),
    }
}

/// One line of the alphabetical list: player, number, board, colour.
struct Listed<'a> {
    player: &'a SheetPlayer,
    board: String,
    colour: String,
}

impl Sheet {
    /// "Winter Swiss, Open: round 3".
    pub fn title(&self) -> String {
        format!("{}, {}: round {}", self.event, self.section, self.round)
    }

    /// "Wednesday 10 January 2024, 19:30", "Wednesday 10 January 2024",
    /// "Starts at 19:30", or empty: when the round is played, as recorded.
    pub fn when_text(&self) -> String {
        when_words(&self.when)
    }

    fn alphabetical(&self) -> Vec<Listed<'_>> {
        let mut list = Vec::new();
        for b in &self.boards {
            let vs = |p: &SheetPlayer| format!(" v {}", p.name);
            list.push(Listed {
                player: &b.white,
                board: b.board.to_string(),
                colour: format!("White{}", vs(&b.black)),
            });
            list.push(Listed {
                player: &b.black,
                board: b.board.to_string(),
                colour: format!("Black{}", vs(&b.white)),
            });
        }
        for b in &self.byes {
            list.push(Listed {
                player: &b.player,
                board: String::new(),
                colour: bye_words(b),
            });
        }
        for (p, why) in &self.unpaired {
            list.push(Listed {
                player: p,
                board: String::new(),
                colour: why.clone(),
            });
        }
        // By surname, as the site's player directory lists them.
        list.sort_by(|a, b| {
            surname_key(&a.player.name)
                .cmp(&surname_key(&b.player.name))
                .then(a.player.number.cmp(&b.player.number))
        });
        list
    }

    fn boards_table(&self) -> Table {
        let mut t = Table::new(&[
            "board", "white", "score", "rating", "black", "score", "rating", "result",
        ])
        .right(&[0, 2, 3, 5, 6]);
        for b in &self.boards {
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

    fn list_table(&self) -> Table {
        let mut t = Table::new(&["player", "no", "board", "colour"]).right(&[1, 2]);
        for l in self.alphabetical() {
            t.push(vec![
                l.player.name.clone(),
                l.player.number.to_string(),
                l.board,
                l.colour,
            ]);
        }
        t
    }

    fn others(&self) -> String {
        let mut out = String::new();
        for b in &self.byes {
            out.push_str(&format!(
                "Bye: {} (score {}): {}\n",
                who(&b.player),
                b.player.score.fraction(),
                bye_words(b)
            ));
        }
        for (p, why) in &self.unpaired {
            out.push_str(&format!("Not paired: {}: {why}\n", who(p)));
        }
        out
    }

    /// Both sheets for the terminal.
    pub fn text(&self) -> String {
        let mut out = format!("{} ({})\n", self.title(), self.system);
        let when = self.when_text();
        if !when.is_empty() {
            out.push_str(&format!("{when}\n"));
        }
        out.push('\n');
        out.push_str(&self.boards_table().text());
        let others = self.others();
        if !others.is_empty() {
            out.push('\n');
            out.push_str(&others);
        }
        out.push_str("\nAlphabetical list\n\n");
        out.push_str(&self.list_table().text());
        out
    }

    /// Both sheets as Markdown.
    pub fn markdown(&self) -> String {
        let mut out = format!(
            "## {}\n\n{}\n\n",
            markdown_cell(&self.title()),
            markdown_cell(&self.system)
        );
        let when = self.when_text();
        if !when.is_empty() {
            out.push_str(&format!("{}\n\n", markdown_cell(&when)));
        }
        out.push_str(&self.boards_table().markdown());
        let others = self.others();
        if !others.is_empty() {
            out.push('\n');
            for line in others.lines() {
                out.push_str(&format!("- {}\n", markdown_cell(line)));
            }
        }
        out.push_str("\n### Alphabetical list\n\n");
        out.push_str(&self.list_table().markdown());
        out
    }

    /// The result-entry sheet: `board,white,black,result` with pairing
    /// numbers (what `league round record` reads), the names after the
    /// result for whoever fills it in. Byes are already recorded, so they
    /// are comment lines (`# ...`), which the reader skips.
    pub fn csv(&self) -> String {
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
                "# {} ({}): {} (already recorded)\n",
                // One comment line whatever the name holds.
                b.player.name.replace([',', '\n', '\r'], " "),
                b.player.number,
                bye_words(b)
            ));
        }
        out
    }

    /// The sheet as JSON.
    pub fn json(&self) -> serde_json::Value {
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

    /// A printable page: the pairing sheet (40 boards a printed page, the
    /// header repeated) and the alphabetical list on a page of its own.
    pub fn html(&self) -> String {
        let esc = html_escape;
        let title = esc(&self.title());
        let mut out = html_head(&title);
        let chunks: Vec<&[SheetBoard]> = if self.boards.is_empty() {
            vec![&[]]
        } else {
            self.boards.chunks(40).collect()
        };
        let pages = chunks.len();
        for (i, chunk) in chunks.into_iter().enumerate() {
            out.push_str("<section class=\"page\">\n");
            out.push_str(&format!(
                "<h1>{title}: pairings{}</h1>\n<p class=\"system\">{}</p>\n",
                if pages > 1 {
                    format!(" (page {} of {pages})", i + 1)
                } else {
                    String::new()
                },
                esc(&self.system)
            ));
            let when = self.when_text();
            if !when.is_empty() {
                out.push_str(&format!("<p class=\"when\">{}</p>\n", esc(&when)));
            }
            out.push_str(
                "<table>\n<thead><tr><th>Board</th><th>White</th><th>Score</th><th>Rating</th>\
                 <th>Black</th><th>Score</th><th>Rating</th><th>Result</th></tr></thead>\n<tbody>\n",
            );
            for b in chunk {
                out.push_str(&format!(
                    "<tr><td class=\"n\">{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>\
                     <td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td></tr>\n",
                    b.board,
                    isolated(&b.white),
                    b.white.score.fraction(),
                    rating(&b.white),
                    isolated(&b.black),
                    b.black.score.fraction(),
                    rating(&b.black),
                    esc(b.result.as_deref().unwrap_or(""))
                ));
            }
            out.push_str("</tbody>\n</table>\n");
            if i + 1 == pages {
                let others = self.others();
                if !others.is_empty() {
                    out.push_str("<ul>\n");
                    for line in others.lines() {
                        out.push_str(&format!("<li>{}</li>\n", esc(line)));
                    }
                    out.push_str("</ul>\n");
                }
            }
            out.push_str("</section>\n");
        }
        let list = self.alphabetical();
        for (i, chunk) in list.chunks(80).enumerate() {
            out.push_str("<section class=\"page\">\n");
            out.push_str(&format!(
                "<h1>{title}: alphabetical list{}</h1>\n",
                if list.len() > 80 {
                    format!(" (page {})", i + 1)
                } else {
                    String::new()
                }
            ));
            out.push_str(
                "<table>\n<thead><tr><th>Player</th><th>No</th><th>Board</th><th>Colour</th></tr></thead>\n<tbody>\n",
            );
            for l in chunk {
                out.push_str(&format!(
                    "<tr><td><bdi>{}</bdi></td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td></tr>\n",
                    esc(&l.player.name),
                    l.player.number,
                    l.board,
                    match l.colour.split_once(" v ") {
                        Some((colour, name)) => format!("{colour} v <bdi>{}</bdi>", esc(name)),
                        None => esc(&l.colour),
                    }
                ));
            }
            out.push_str("</tbody>\n</table>\n</section>\n");
        }
        out.push_str("</body>\n</html>\n");
        out
    }

    /// The sheet in `format`.
    pub fn render(&self, format: SheetFormat) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

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
            when: Default::default(),
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
        }
    }

    #[test]
    fn the_alphabetical_list_names_board_and_colour() {
        let s = sheet(2);
        let list: Vec<(String, String, String)> = s
            .alphabetical()
            .into_iter()
            .map(|l| (l.player.name.clone(), l.board, l.colour))
            .collect();
        // By surname (here the last word: "1", "2", "Bye"), then given names.
        let row = |n: &str, b: &str, c: &str| (n.to_string(), b.to_string(), c.to_string());
        assert_eq!(
            list,
            [
                row("Abe 1", "1", "Black v Zed 1"),
                row("Zed 1", "1", "White v Abe 1"),
                row("Abe 2", "2", "Black v Zed 2"),
                row("Zed 2", "2", "White v Abe 2"),
                row("Mia Bye", "", "bye from the pairing, no points"),
            ]
        );
    }

    #[test]
    fn the_printable_page_breaks_every_40_boards_and_escapes_names() {
        let html = sheet(81).html();
        assert_eq!(html.matches("<section class=\"page\">").count(), 3 + 3);
        assert!(html.contains("(page 3 of 3)"));
        assert!(html.contains("Club &lt;Championship&gt;"));
        assert!(!html.contains("<Championship>"));
        assert!(html.contains("break-after: page"));
        let one = sheet(40).html();
        assert_eq!(
            one.matches(": pairings</h1>").count(),
            1,
            "40 boards fit one page"
        );
        assert!(!one.contains("page 2 of"));
    }

    #[test]
    fn the_result_entry_csv_has_numbers_names_and_empty_results() {
        let csv = sheet(1).csv();
        assert_eq!(
            csv,
            "board,white,black,result,white name,black name\n1,1,2,,Zed 1,Abe 1\n# Mia Bye (99): bye from the pairing, no points (already recorded)\n"
        );
    }
}
