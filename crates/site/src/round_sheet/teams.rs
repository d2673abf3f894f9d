//! A team round's printable sheet: the individual sheet's page (the same
//! head, print CSS and `<section class="page">` frame), match by match,
//! board by board, with an empty result cell to write in, then the team
//! byes. `league round sheet --format html` on a team event writes it.

use super::{html_escape, html_head, HTML_END};
use crate::domain::game::GameResult;
use crate::domain::league::{Event, Section};
use crate::error::Result;
use crate::store::pairing as pairings;
use crate::store::team_match::{self as matches, BoardRow, MatchRow};
use crate::store::Readable;

/// A team round's sheet: its matches (each with its boards, in board
/// order) and its team byes, as `league match show` reads them.
#[derive(Clone, Debug)]
pub struct TeamSheet {
    /// The event's name.
    pub event: String,
    /// The round.
    pub round: u32,
    /// The matches, then the team byes (a match without `team_b`).
    pub matches: Vec<MatchRow>,
}

/// "Home v Away", a match's name (the result-entry CSV's `match` column);
/// `None` for a team bye.
pub fn match_name(m: &MatchRow) -> Option<String> {
    m.team_b.as_ref().map(|b| format!("{} v {b}", m.team_a))
}

/// A board's result as printed, empty while the game has none.
pub fn result_of(b: &BoardRow) -> String {
    b.result
        .as_deref()
        .and_then(GameResult::from_stored)
        .map(|r| r.pretty().to_string())
        .unwrap_or_default()
}

impl TeamSheet {
    /// "Metro Team Swiss, round 2".
    pub fn title(&self) -> String {
        format!("{}, round {}", self.event, self.round)
    }

    /// The printable page: a table for each match, a line for each team
    /// bye.
    pub fn html(&self) -> String {
        let mut out = html_head(&html_escape(&self.title()));
        out.push_str(&self.matches_html());
        out.push_str(HTML_END);
        out
    }

    /// The round's printed page (`<section class="page">`): each match's
    /// boards, the team byes after the last match.
    pub fn matches_html(&self) -> String {
        let mut out = format!(
            "<section class=\"page\">\n<h1>{}: pairings</h1>\n",
            html_escape(&self.title())
        );
        let mut byes = Vec::new();
        for m in &self.matches {
            match &m.team_b {
                Some(b) => out.push_str(&match_html(&m.team_a, b, &m.boards)),
                None => byes.push(format!(
                    "<li><bdi>{}</bdi>: team bye</li>\n",
                    html_escape(&m.team_a)
                )),
            }
        }
        if !byes.is_empty() {
            out.push_str("<ul>\n");
            out.extend(byes);
            out.push_str("</ul>\n");
        }
        out.push_str("</section>\n");
        out
    }
}

/// One match's heading and table of boards.
fn match_html(home: &str, away: &str, boards: &[BoardRow]) -> String {
    let mut out = format!(
        "<h2><bdi>{}</bdi> v <bdi>{}</bdi></h2>\n<table>\n<thead><tr><th>Board</th><th>White</th>\
         <th>Black</th><th>Result</th></tr></thead>\n<tbody>\n",
        html_escape(home),
        html_escape(away)
    );
    for board in boards {
        out.push_str(&format!(
            "<tr><td class=\"n\">{}</td><td><bdi>{}</bdi></td><td><bdi>{}</bdi></td><td>{}</td></tr>\n",
            board.board.map(|n| n.to_string()).unwrap_or_default(),
            html_escape(&board.white),
            html_escape(&board.black),
            html_escape(&result_of(board))
        ));
    }
    out.push_str("</tbody>\n</table>\n");
    out
}

/// The sheet of a team round already paired or recorded (its matches
/// with any results in, its team byes); `None` when round `round` of the
/// event's one section (`section`) holds no match or team bye.
pub fn recorded_matches(
    conn: &impl Readable,
    event: &Event,
    section: &Section,
    round: u32,
) -> Result<Option<TeamSheet>> {
    if round == 0 || !pairings::rounds_with_pairings(conn, section.id)?.contains(&round) {
        return Ok(None);
    }
    Ok(Some(TeamSheet {
        event: event.name.clone(),
        round,
        matches: matches::round_matches(conn, event, Some(round))?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::MatchId;

    fn board(n: u32, white: &str, black: &str, result: Option<&str>) -> BoardRow {
        BoardRow {
            board: Some(n),
            white: white.into(),
            black: black.into(),
            white_is_a: n % 2 == 1,
            result: result.map(str::to_string),
        }
    }

    fn sheet() -> TeamSheet {
        let row = |a: &str, b: Option<&str>, boards| MatchRow {
            id: MatchId(0),
            round: 2,
            team_a: a.into(),
            team_b: b.map(str::to_string),
            score: None,
            boards,
        };
        TeamSheet {
            event: "Metro <Team>".into(),
            round: 2,
            matches: vec![
                row(
                    "Knights",
                    Some("Rooks"),
                    vec![
                        board(1, "Ada Kerr", "Cal Reed", Some("1-0")),
                        board(2, "Dee Ross", "Ben Kent", None),
                    ],
                ),
                row("Pawns", None, vec![]),
            ],
        }
    }

    #[test]
    fn the_team_page_is_the_shared_frame_around_its_matches_and_byes() {
        let s = sheet();
        assert_eq!(
            s.html(),
            format!(
                "{}{}{HTML_END}",
                html_head("Metro &lt;Team&gt;, round 2"),
                s.matches_html()
            )
        );
        assert_eq!(
            s.matches_html(),
            "<section class=\"page\">\n<h1>Metro &lt;Team&gt;, round 2: pairings</h1>\n\
             <h2><bdi>Knights</bdi> v <bdi>Rooks</bdi></h2>\n<table>\n<thead><tr><th>Board</th>\
             <th>White</th><th>Black</th><th>Result</th></tr></thead>\n<tbody>\n\
             <tr><td class=\"n\">1</td><td><bdi>Ada Kerr</bdi></td><td><bdi>Cal Reed</bdi></td><td>1-0</td></tr>\n\
             <tr><td class=\"n\">2</td><td><bdi>Dee Ross</bdi></td><td><bdi>Ben Kent</bdi></td><td></td></tr>\n\
             </tbody>\n</table>\n<ul>\n<li><bdi>Pawns</bdi>: team bye</li>\n</ul>\n</section>\n"
        );
        assert_eq!(
            match_name(&s.matches[0]).as_deref(),
            Some("Knights v Rooks")
        );
        assert_eq!(match_name(&s.matches[1]), None);
    }
}
