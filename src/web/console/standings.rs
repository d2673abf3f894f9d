//! Standings with the working, and the crosstable, of a section of the
//! event being run: the results site's section model
//! ([`crate::site::section::individual`]), shown in the console; a team
//! event's team standings, crosstable and working
//! ([`crate::site::team::team_section`]).

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};

use super::running;
use crate::domain::league::{Event, Section};
use crate::error::Result;
use crate::report::team::team_report;
use crate::report::{section_report, ReportOptions};
use crate::site::load::TeamSection;
use crate::site::model::{IndividualSection, Place, TeamSectionBody};
use crate::store::facts::load_section;
use crate::store::team::rosters;
use crate::store::Store;
use crate::web::guard::Console;
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// Which section.
#[derive(serde::Deserialize)]
pub struct SectionQuery {
    section: Option<i64>,
}

/// What the page shows.
pub struct Shown {
    /// "Club Swiss Open".
    pub label: String,
    /// "after round 2 of 3; ...".
    pub after: String,
    /// The standings, crosstable and working.
    pub body: IndividualSection,
    /// The other sections: (id, name).
    pub sections: Vec<(i64, String)>,
}

#[derive(askama::Template)]
#[template(path = "web/standings.html")]
struct StandingsHtml {
    l: Layout,
    s: Shown,
}

/// `GET /standings`.
pub async fn page(
    State(st): State<AppState>,
    c: Console,
    Query(q): Query<SectionQuery>,
) -> Response {
    match st.db.read(move |s| load(s, q.section)).await {
        Ok(Standings::Players(s)) => render(&StandingsHtml {
            l: Layout::new(format!("Standings: {}", s.label), &c),
            s: *s,
        }),
        Ok(Standings::Teams(s)) => render(&TeamStandingsHtml {
            l: Layout::new(format!("Standings: {}", s.label), &c),
            s: *s,
        }),
        Err(e) => WebError::from(e).into_response(),
    }
}

/// A section's standings, or a team event's.
enum Standings {
    Players(Box<Shown>),
    Teams(Box<TeamShown>),
}

/// A team event's standings as the page shows them.
pub struct TeamShown {
    /// "Metro Teams Open".
    pub label: String,
    /// "after round 1 of 3", with the report's notes ("round 2 has boards
    /// without a result, ...").
    pub after: String,
    /// The notes of the report, as `league standings` prints them.
    pub notes: Vec<String>,
    /// The team standings, crosstable and working, as the results site
    /// builds them.
    pub body: TeamSectionBody,
}

#[derive(askama::Template)]
#[template(path = "web/standings_teams.html")]
struct TeamStandingsHtml {
    l: Layout,
    s: TeamShown,
}

fn load(store: &Store, section: Option<i64>) -> Result<Standings> {
    let (event, section) = running::section(store, section)?;
    if event.kind.is_team() {
        return team_standings(store, &event, &section).map(|t| Standings::Teams(Box::new(t)));
    }
    let r = section_report(store.conn(), &event, &section, &ReportOptions::default())?;
    let place = Place::new("standings");
    let body = crate::site::section::individual(&r, &place, &|_| String::new(), &[]);
    let sections = running::current(store.conn())?
        .map(|(_, all)| all.into_iter().map(|s| (s.id.0, s.name)).collect())
        .unwrap_or_default();
    Ok(Standings::Players(Box::new(Shown {
        label: super::label(&event, &section),
        after: r.after(),
        body,
        sections,
    })))
}

/// A team event's standings: the team report `league standings` and the
/// players' board read ([`team_report`]), as the results site's team page
/// shows it (standings, crosstable, working).
fn team_standings(store: &Store, event: &Event, section: &Section) -> Result<TeamShown> {
    let conn = store.conn();
    let report = team_report(conn, event, &ReportOptions::default())?;
    let after = format!("after round {} of {}", report.rounds_played, event.rounds);
    let notes = report.notes.clone();
    let team = TeamSection {
        report,
        facts: load_section(conn, section.id, event.kind)?,
        rosters: rosters(conn, event.id)?,
    };
    let body = crate::site::team::team_section(&team, &Place::new("standings"), &|_| String::new());
    Ok(TeamShown {
        label: super::label(event, section),
        after,
        notes,
        body,
    })
}
