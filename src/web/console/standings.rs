//! Standings with the working, and the crosstable, of a section of the
//! event being run: the results site's section model
//! ([`crate::site::section::individual`]), shown in the console.

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};

use super::running;
use crate::error::{Error, Result};
use crate::report::{section_report, ReportOptions};
use crate::site::model::{IndividualSection, Place};
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
        Ok(s) => render(&StandingsHtml {
            l: Layout::new(format!("Standings: {}", s.label), &c),
            s,
        }),
        Err(e) => WebError::from(e).into_response(),
    }
}

fn load(store: &Store, section: Option<i64>) -> Result<Shown> {
    let (event, section) = running::section(store, section)?;
    if event.kind.is_team() {
        return Err(Error::invalid(format!(
            "{} is a team event: its standings are on the results site and at the terminal for now",
            event.name
        )));
    }
    let r = section_report(store.conn(), &event, &section, &ReportOptions::default())?;
    let place = Place::new("standings");
    let body = crate::site::section::individual(&r, &place, &|_| String::new(), &[]);
    let sections = running::current(store.conn())?
        .map(|(_, all)| all.into_iter().map(|s| (s.id.0, s.name)).collect())
        .unwrap_or_default();
    Ok(Shown {
        label: super::label(&event, &section),
        after: r.after(),
        body,
        sections,
    })
}
