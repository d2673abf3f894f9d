//! A round's printable sheets, one HTML page for the wall: the pairings by
//! board (board, White with score and rating, Black with score and rating,
//! the result; 40 boards a printed page, the header repeated), the byes,
//! and the alphabetical list (each player with board and colour) on a page
//! of its own. `league round sheet --format html` writes it, and the
//! console's print page shows the same pages with its result slips after
//! them, so a round prints alike from the terminal and from the browser.
//!
//! A team event's round prints on the same page frame, match by match with
//! each match's boards ([`TeamSheet`]); [`RoundSheet`] is either kind, made
//! from a pairing ([`planned`]) or read from a recorded round
//! ([`recorded_round`]), so a front end prints a round one way for both.
//!
//! Plain data in, text out: [`Sheet`] is built from the pairing just made
//! ([`planned`]), or read from a recorded round by [`recorded`].

use std::collections::HashSet;

use crate::domain::league::{Entry, Event, Section};
use crate::domain::names::surname_key;
use crate::domain::score::Points;
use crate::error::Result;
use crate::store::{pairing as pairings, player, round as rounds, Readable};

mod paired;
mod teams;

pub use paired::{planned, recorded_round, RoundSheet};
pub use teams::{match_name, recorded_matches, result_of, TeamSheet};

/// One player as a sheet shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetPlayer {
    /// Pairing number.
    pub number: u32,
    /// The name as entered.
    pub name: String,
    /// The rating the section uses, if any.
    pub rating: Option<u32>,
    /// Score before the round.
    pub score: Points,
}

/// One board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetBoard {
    /// The board's number.
    pub board: u32,
    /// Who has White.
    pub white: SheetPlayer,
    /// Who has Black.
    pub black: SheetPlayer,
    /// The result when one is recorded ("1-0", "½-½"), for a recorded round.
    pub result: Option<String>,
}

/// A bye of the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetBye {
    /// Who has the bye.
    pub player: SheetPlayer,
    /// Whether the player asked for it (else the pairing gave it).
    pub requested: bool,
    /// A late entry's bye for a round played before they entered.
    pub late_entry: bool,
    /// What it scores.
    pub points: Points,
}

/// A round's sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The event's name.
    pub event: String,
    /// The section's name.
    pub section: String,
    /// The round.
    pub round: u32,
    /// How it was paired ("Berger round-robin tables (FIDE)").
    pub system: String,
    /// The boards, in order.
    pub boards: Vec<SheetBoard>,
    /// The round's byes.
    pub byes: Vec<SheetBye>,
    /// Players present but without a game or bye this round, with why.
    pub unpaired: Vec<(SheetPlayer, String)>,
    /// The round's date and start time, when recorded.
    pub when: rounds::RoundWhen,
}

/// A round's date and start time in words (see [`Sheet::when_text`]);
/// the site's round page says it the same way.
pub fn when_words(w: &rounds::RoundWhen) -> String {
    let date = w.date.as_deref().map(crate::round::long_date);
    match (date, &w.start_time) {
        (Some(d), Some(t)) => format!("{d}, {t}"),
        (Some(d), None) => d,
        (None, Some(t)) => format!("Starts at {t}"),
        (None, None) => String::new(),
    }
}

/// One line of the alphabetical list: player, board, colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed<'a> {
    /// The player.
    pub player: &'a SheetPlayer,
    /// The board ("" for a bye or no game).
    pub board: String,
    /// "White v Bob Ray", "Black v Ann Lee", or the bye or absence in words.
    pub colour: String,
}

/// `s` escaped for HTML text and attribute values.
pub fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The printable page's head and style, up to `<body>`: shared by the
/// individual and the team round sheets so both print alike. `title` is
/// already escaped.
pub fn html_head(title: &str) -> String {
    html_head_with(title, "")
}

/// [`html_head`] with `extra` (already HTML: a viewport line, a style of
/// the page's own) just before `</head>`, for a page that shows the sheet
/// among other things (the console's print page).
pub fn html_head_with(title: &str, extra: &str) -> String {
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
         </style>\n{extra}</head>\n<body>\n"
    )
}

/// What closes the printable page.
pub const HTML_END: &str = "</body>\n</html>\n";

/// A player on the printable sheet: the name isolated (`<bdi>`, so a
/// right-to-left name keeps its number after it), then the number.
fn isolated(p: &SheetPlayer) -> String {
    format!("<bdi>{}</bdi> ({})", html_escape(&p.name), p.number)
}

/// A player's rating as the sheets print it ("unrated" when there is none).
pub fn rating(p: &SheetPlayer) -> String {
    p.rating
        .map(|r| r.to_string())
        .unwrap_or_else(|| "unrated".into())
}

/// A bye in words: "requested bye, ½ point".
pub fn bye_words(b: &SheetBye) -> String {
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

/// "Ann Lee (1)".
fn who(p: &SheetPlayer) -> String {
    format!("{} ({})", p.name, p.number)
}

impl Sheet {
    /// "Wednesday 10 January 2024, 19:30", "Wednesday 10 January 2024",
    /// "Starts at 19:30", or empty: when the round is played, as recorded.
    pub fn when_text(&self) -> String {
        when_words(&self.when)
    }

    /// "Winter Swiss, Open: round 3".
    pub fn title(&self) -> String {
        format!("{}, {}: round {}", self.event, self.section, self.round)
    }

    /// Everyone of the round by surname, as the site's player directory
    /// lists them: the boards' players, the byes, the players without a game.
    pub fn alphabetical(&self) -> Vec<Listed<'_>> {
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
        list.sort_by(|a, b| {
            surname_key(&a.player.name)
                .cmp(&surname_key(&b.player.name))
                .then(a.player.number.cmp(&b.player.number))
        });
        list
    }

    /// The byes and the players without a game, one line each
    /// ("Bye: Ann Lee (1) (score 2): requested bye, ½ point").
    pub fn others(&self) -> String {
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

    /// The printable page: the pairing sheet (40 boards a printed page, the
    /// header repeated) and the alphabetical list on a page of its own.
    pub fn html(&self) -> String {
        let mut out = html_head(&html_escape(&self.title()));
        out.push_str(&self.pairings_html());
        out.push_str(&self.list_html());
        out.push_str(HTML_END);
        out
    }

    /// The pairing sheet's printed pages (`<section class="page">` each,
    /// 40 boards a page), the byes and absences after the last board.
    pub fn pairings_html(&self) -> String {
        let title = html_escape(&self.title());
        let chunks: Vec<&[SheetBoard]> = if self.boards.is_empty() {
            vec![&[]]
        } else {
            self.boards.chunks(40).collect()
        };
        let pages = chunks.len();
        let mut out = String::new();
        for (i, chunk) in chunks.into_iter().enumerate() {
            out.push_str("<section class=\"page\">\n");
            out.push_str(&format!(
                "<h1>{title}: pairings{}</h1>\n<p class=\"system\">{}</p>\n",
                if pages > 1 {
                    format!(" (page {} of {pages})", i + 1)
                } else {
                    String::new()
                },
                html_escape(&self.system)
            ));
            let when = self.when_text();
            if !when.is_empty() {
                out.push_str(&format!("<p class=\"when\">{}</p>\n", html_escape(&when)));
            }
            out.push_str(
                "<table>\n<thead><tr><th>Board</th><th>White</th><th>Score</th><th>Rating</th>\
                 <th>Black</th><th>Score</th><th>Rating</th><th>Result</th></tr></thead>\n<tbody>\n",
            );
            for b in chunk {
                out.push_str(&board_row(b));
            }
            out.push_str("</tbody>\n</table>\n");
            if i + 1 == pages {
                out.push_str(&self.others_html());
            }
            out.push_str("</section>\n");
        }
        out
    }

    /// The byes and absences as a list (nothing when there are none).
    fn others_html(&self) -> String {
        let others = self.others();
        if others.is_empty() {
            return String::new();
        }
        let mut out = String::from("<ul>\n");
        for line in others.lines() {
            out.push_str(&format!("<li>{}</li>\n", html_escape(line)));
        }
        out.push_str("</ul>\n");
        out
    }

    /// The alphabetical list's printed pages (80 players a page).
    pub fn list_html(&self) -> String {
        let title = html_escape(&self.title());
        let list = self.alphabetical();
        let mut out = String::new();
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
                    html_escape(&l.player.name),
                    l.player.number,
                    l.board,
                    match l.colour.split_once(" v ") {
                        Some((colour, name)) => format!("{colour} v <bdi>{}</bdi>", html_escape(name)),
                        None => html_escape(&l.colour),
                    }
                ));
            }
            out.push_str("</tbody>\n</table>\n</section>\n");
        }
        out
    }
}

/// One board's row of the pairing sheet.
fn board_row(b: &SheetBoard) -> String {
    format!(
        "<tr><td class=\"n\">{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>\
         <td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td></tr>\n",
        b.board,
        isolated(&b.white),
        b.white.score.fraction(),
        rating(&b.white),
        isolated(&b.black),
        b.black.score.fraction(),
        rating(&b.black),
        html_escape(b.result.as_deref().unwrap_or(""))
    )
}

/// The sheet of a round already paired in `section` (the boards with any
/// results in, the byes, the entrants without a game), with the scores
/// before the round; `None` when round `round` is not paired.
pub fn recorded(
    conn: &impl Readable,
    event: &Event,
    section: &Section,
    round: u32,
) -> Result<Option<Sheet>> {
    if round == 0 || !rounds::paired_rounds(conn, section.id)?.contains(&round) {
        return Ok(None);
    }
    let scores = pairings::scores_before(conn, section.id, round)?;
    let player = |e: &Entry| SheetPlayer {
        number: e.pairing_no,
        name: e.name.clone(),
        rating: e.rating,
        score: scores.get(&e.id).copied().unwrap_or(Points::ZERO),
    };
    let (games, byes) = rounds::round_contents(conn, section.id, round)?;
    let mut placed = HashSet::new();
    let boards = games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            placed.insert(g.white.id);
            placed.insert(g.black.id);
            SheetBoard {
                board: g.board.unwrap_or(i as u32 + 1),
                white: player(&g.white),
                black: player(&g.black),
                result: g.result.map(|r| r.pretty().to_string()),
            }
        })
        .collect();
    let byes = byes
        .iter()
        .map(|b| {
            placed.insert(b.entry.id);
            SheetBye {
                player: player(&b.entry),
                requested: b.requested,
                late_entry: b.late_entry,
                points: b.kind.points(),
            }
        })
        .collect();
    let unpaired = player::entries(conn, section.id)?
        .iter()
        .filter(|e| !placed.contains(&e.id) && e.withdrawn_after.is_none_or(|w| w >= round))
        .map(|e| (player(e), "no game this round".to_string()))
        .collect();
    let rules = pairings::rules(conn, event.id)?;
    Ok(Some(Sheet {
        event: event.name.clone(),
        section: section.name.clone(),
        round,
        system: rules.system.label().to_string(),
        boards,
        byes,
        unpaired,
        when: rounds::round_times(conn, section.id)?
            .remove(&round)
            .unwrap_or_default(),
    }))
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

    /// A sheet of `boards` boards and a bye, its event's name hostile.
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
    fn the_page_is_its_head_its_pairings_its_list_and_its_end() {
        let s = sheet(3);
        let html = s.html();
        assert_eq!(
            html,
            format!(
                "{}{}{}{HTML_END}",
                html_head("Club &lt;Championship&gt;, Open: round 2"),
                s.pairings_html(),
                s.list_html()
            )
        );
        assert!(html.contains(
            "<tr><td class=\"n\">1</td><td><bdi>Zed 1</bdi> (1)</td><td class=\"n\">½</td><td class=\"n\">1999</td>"
        ));
        assert!(s
            .pairings_html()
            .contains("<li>Bye: Mia Bye (99) (score 0): bye from the pairing, no points</li>"));
        let extra = html_head_with(
            "T",
            "<meta name=\"viewport\" content=\"width=device-width\">\n",
        );
        assert!(extra.ends_with(
            "</style>\n<meta name=\"viewport\" content=\"width=device-width\">\n</head>\n<body>\n"
        ));
        assert_eq!(html_head_with("T", ""), html_head("T"));
    }
}
