//! What the players' board shows, built from the results site's own
//! pieces (the round pages' boards and "find my board" list, the section
//! page's standings): the same names, scores and tiebreaks as the site,
//! never worked out a second way. Only what the site shows publicly: names,
//! scores, colours, results; no ids, e-mails or rating history.

use crate::domain::league::{Event, Section};
use crate::error::Result;
use crate::report::{section_reports, ReportOptions, SectionReport};
use crate::site::model::{AlphaLine, BoardLine, ByeLine};
use crate::site::round::round_pages;
use crate::site::section::{short_label, show};
use crate::store::board as board_rows;
use crate::store::round::{latest_round, round_contents};
use crate::store::{player, season, Readable, Reader};

/// The whole board: every event being played now, and the version it was
/// built at (the board's change counter).
pub struct Board {
    /// The change counter this board was built at.
    pub version: i64,
    /// The sections being played, in the order of the event list.
    pub sections: Vec<SectionBoard>,
    /// The team events being played.
    pub teams: Vec<super::teams::TeamBoard>,
}

/// One section being played.
pub struct SectionBoard {
    /// The section's anchor on the page (`s-1`, `s-2`, …).
    pub anchor: String,
    /// "Winter Swiss" or "Winter Swiss — 1600+".
    pub title: String,
    /// The round being played (the latest paired), if any.
    pub round: Option<RoundBoard>,
    /// The round before it, with its results.
    pub previous: Option<RoundBoard>,
    /// "Round 1 is not paired yet." when no round is.
    pub note: String,
    /// The tiebreak columns' short labels.
    pub tiebreaks: Vec<String>,
    /// The standings, as the site shows them.
    pub standings: Vec<StandLine>,
    /// Whether players may report their own results in this event.
    pub reports: bool,
}

/// One round of a section as the board shows it.
pub struct RoundBoard {
    /// The round's number.
    pub number: u32,
    /// "3 of 5 results are in; 2 not yet."
    pub status: String,
    /// The games board by board.
    pub games: Vec<GameLine>,
    /// The byes.
    pub byes: Vec<ByeLine>,
    /// Every player of the round A to Z: board, colour, opponent.
    pub alphabetical: Vec<AlphaLine>,
}

/// One game of a round, and what its players reported.
pub struct GameLine {
    /// The game as the site's round page shows it.
    pub g: BoardLine,
    /// "reported 1-0, awaiting the secretary", or empty.
    pub reported: String,
}

/// One line of the standings.
pub struct StandLine {
    /// "1", "2-3".
    pub place: String,
    /// The player's name as the site shows it.
    pub name: String,
    /// "3½".
    pub score: String,
    /// The tiebreak values, in the event's order.
    pub values: Vec<String>,
}

/// The board as the database holds it now.
pub fn build(conn: &Reader) -> Result<Board> {
    let version = board_rows::version(conn)?;
    let running = running_sections(conn)?;
    let reports = section_reports(conn, &running, &ReportOptions::default(), &mut |_, _| {})?;
    let mut sections = Vec::with_capacity(reports.len());
    for (k, r) in reports.iter().enumerate() {
        sections.push(section_board(conn, k + 1, r)?);
    }
    Ok(Board {
        version,
        sections,
        teams: super::teams::build(conn)?,
    })
}

/// The individual sections being played: entered players, and a round
/// still to pair or a result still missing. Team events are
/// [`super::teams`]'.
pub fn running_sections(conn: &impl Readable) -> Result<Vec<(Event, Section)>> {
    let mut out = Vec::new();
    for event in season::events(conn, None)? {
        if event.kind.is_team() {
            continue;
        }
        for section in season::sections(conn, event.id)? {
            if player::entries(conn, section.id)?.is_empty() {
                continue;
            }
            let last = latest_round(conn, section.id)?;
            let open = last < event.rounds
                || round_contents(conn, section.id, last)?
                    .0
                    .iter()
                    .any(|g| g.result.is_none());
            if open {
                out.push((event.clone(), section));
            }
        }
    }
    Ok(out)
}

fn section_board(conn: &Reader, k: usize, r: &SectionReport) -> Result<SectionBoard> {
    let sections = season::sections(conn, r.event.id)?;
    let title = if sections.len() > 1 {
        format!("{} — {}", r.event.name, r.section.name)
    } else {
        r.event.name.clone()
    };
    let mut pages = round_pages(
        r,
        "board",
        ("", ""),
        &|_| String::new(),
        &[],
        &Default::default(),
    );
    let current = pages.len();
    let reported = reported_lines(conn, r, current as u32)?;
    let with_reports = |games: Vec<BoardLine>| -> Vec<GameLine> {
        games
            .into_iter()
            .map(|g| GameLine {
                reported: reported
                    .iter()
                    .find(|(b, _)| *b == g.board)
                    .map(|(_, text)| text.clone())
                    .unwrap_or_default(),
                g,
            })
            .collect()
    };
    let round = pages.pop().map(|p| RoundBoard {
        number: current as u32,
        status: p.status,
        games: with_reports(p.games),
        byes: p.byes,
        alphabetical: p.alphabetical,
    });
    let previous = pages.pop().map(|p| RoundBoard {
        number: current as u32 - 1,
        status: p.status,
        games: p
            .games
            .into_iter()
            .map(|g| GameLine {
                g,
                reported: String::new(),
            })
            .collect(),
        byes: p.byes,
        alphabetical: Vec::new(),
    });
    let entries = &r.facts.entries;
    Ok(SectionBoard {
        anchor: format!("s-{k}"),
        title,
        note: if round.is_none() {
            "Round 1 is not paired yet.".to_string()
        } else {
            String::new()
        },
        round,
        previous,
        tiebreaks: r.order.tiebreaks.iter().map(short_label).collect(),
        standings: r
            .standings
            .rows
            .iter()
            .map(|row| StandLine {
                place: row.place.clone(),
                name: entries
                    .get(row.player)
                    .map(|_| r.shown_name(row.player))
                    .unwrap_or_default(),
                score: row.score.fraction(),
                values: row.values.iter().map(|v| show(*v)).collect(),
            })
            .collect(),
        reports: board_rows::player_reports(conn, r.event.id)? != "off",
    })
}

/// The boards of round `n` with a player's report waiting: board text and
/// "reported 1-0, awaiting the secretary" (or both reports when they
/// differ).
fn reported_lines(conn: &Reader, r: &SectionReport, n: u32) -> Result<Vec<(String, String)>> {
    if n == 0 {
        return Ok(Vec::new());
    }
    let boards = crate::app::report::boards(conn, &r.section, n)?;
    let ids: Vec<_> = boards.iter().map(|(_, g)| g.id).collect();
    let all = board_rows::reports(conn, &ids)?;
    let mut out = Vec::new();
    for (board, game) in &boards {
        let mut said: Vec<&str> = all
            .iter()
            .filter(|x| x.game == game.id)
            .map(|x| x.result.pretty())
            .collect();
        said.dedup();
        if said.is_empty() {
            continue;
        }
        let text = match game.result {
            Some(rec) if said.iter().any(|s| *s != rec.pretty()) => format!(
                "reported {}, which differs from the recorded result; the secretary will look",
                said.join(" and ")
            ),
            Some(_) => continue,
            None => format!("reported {}, awaiting the secretary", said.join(" and ")),
        };
        out.push((board.to_string(), text));
    }
    Ok(out)
}
