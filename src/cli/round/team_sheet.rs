//! The printable and the result-entry sheets of a team round: HTML (the
//! individual round sheet's page, match by match, board by board, with an
//! empty result cell to write in) and CSV (`match,board,white,black,result`,
//! which `league match record HOME AWAY --sheet FILE` reads back, taking the
//! rows of the match it records).

use super::sheet::{html_escape, html_head};
use crate::cli::output::csv_record;
use crate::domain::game::GameResult;
use crate::store::team_match::{BoardRow, MatchRow};

/// "Home v Away", the match's name in the CSV's `match` column.
pub fn match_name(m: &MatchRow) -> Option<String> {
    m.team_b.as_ref().map(|b| format!("{} v {b}", m.team_a))
}

/// A board's result as printed, empty while the game has none.
fn result_of(b: &BoardRow) -> String {
    b.result
        .as_deref()
        .and_then(GameResult::from_stored)
        .map(|r| r.pretty().to_string())
        .unwrap_or_default()
}

/// The round as a printable HTML page: a table for each match, a line for
/// each team bye.
pub fn html(event: &str, round: u32, rows: &[MatchRow]) -> String {
    let title = html_escape(&format!("{event}, round {round}"));
    let mut out = html_head(&title);
    out.push_str(&format!(
        "<section class=\"page\">\n<h1>{title}: pairings</h1>\n"
    ));
    let mut byes = Vec::new();
    for m in rows {
        let Some(b) = &m.team_b else {
            byes.push(format!(
                "<li><bdi>{}</bdi>: team bye</li>\n",
                html_escape(&m.team_a)
            ));
            continue;
        };
        out.push_str(&format!(
            "<h2><bdi>{}</bdi> v <bdi>{}</bdi></h2>\n<table>\n<thead><tr><th>Board</th><th>White</th>\
             <th>Black</th><th>Result</th></tr></thead>\n<tbody>\n",
            html_escape(&m.team_a),
            html_escape(b)
        ));
        for board in &m.boards {
            out.push_str(&format!(
                "<tr><td class=\"n\">{}</td><td><bdi>{}</bdi></td><td><bdi>{}</bdi></td><td>{}</td></tr>\n",
                board.board.map(|n| n.to_string()).unwrap_or_default(),
                html_escape(&board.white),
                html_escape(&board.black),
                html_escape(&result_of(board))
            ));
        }
        out.push_str("</tbody>\n</table>\n");
    }
    if !byes.is_empty() {
        out.push_str("<ul>\n");
        out.extend(byes);
        out.push_str("</ul>\n");
    }
    out.push_str("</section>\n</body>\n</html>\n");
    out
}

/// The round as a result-entry CSV: one line a board, results empty until
/// played; a team bye is a `#` comment line, which the reader skips.
pub fn csv(rows: &[MatchRow]) -> String {
    let mut out = csv_record(["match", "board", "white", "black", "result"]);
    for m in rows {
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
