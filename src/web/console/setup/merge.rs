//! One person recorded as two players becomes one, as `league player
//! merge` does: the page finds the two players with the CLI's name
//! matching, then shows what the merge would change
//! ([`crate::app::player::plan_merge`]), and only its button makes it
//! ([`crate::app::player::merge`], which works the plan out again inside
//! its transaction, so the echo is what was written, and logs it).

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};

use super::{finish, given};
use crate::app::player as app;
use crate::domain::ids::PlayerId;
use crate::error::{Error, Result};
use crate::store::merge::MergePlan;
use crate::store::player::{self as players, describe_player};
use crate::store::Store;
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout};
use crate::web::AppState;

/// The two players asked for, as typed (name, id, or #number).
#[derive(serde::Deserialize, Default)]
pub struct MergeQuery {
    #[serde(default)]
    from: String,
    #[serde(default)]
    into: String,
}

/// A merge the page shows before it is made.
pub struct Planned {
    /// The player who goes, described with ids.
    pub from: String,
    /// The player who stays, described with ids.
    pub into: String,
    /// Their ids, for the confirm form.
    pub ids: (i64, i64),
    /// What the merge would change, a line each.
    pub lines: Vec<String>,
}

#[derive(askama::Template)]
#[template(path = "web/merge.html")]
struct MergeHtml {
    l: Layout,
    echo: Option<String>,
    from: String,
    into: String,
    plan: Option<Planned>,
}

/// What `p` changes (or, `done`, changed), a line each, as the CLI says it.
pub fn plan_lines(p: &MergePlan, done: bool) -> Vec<String> {
    let verb = |now: &str, then: &str| if done { then } else { now }.to_string();
    let n = p.entries.len();
    let mut out = vec![format!(
        "{} {n} entr{} to {}{}",
        verb("move", "moved"),
        if n == 1 { "y" } else { "ies" },
        p.into.name,
        if n == 0 {
            String::new()
        } else {
            format!(": {}", p.entries.join("; "))
        }
    )];
    let mut with = format!(
        "with their {} game{} and {} bye{}",
        p.games,
        if p.games == 1 { "" } else { "s" },
        p.byes,
        if p.byes == 1 { "" } else { "s" }
    );
    if p.rosters > 0 {
        with.push_str(&format!(", and {} team roster place(s)", p.rosters));
    }
    if let Some(o) = p.other_text() {
        with.push_str(&format!(", and other records naming the player ({o})"));
    }
    out.push(with);
    if let Some(f) = p.filled_in_text() {
        out.push(format!(
            "{} {}'s {f}",
            verb("fill in", "filled in"),
            p.into.name
        ));
    }
    for (what, kept, dropped) in &p.kept {
        out.push(format!(
            "{} {}'s {what} {kept} ({} has {dropped})",
            verb("keep", "kept"),
            p.into.name,
            p.from.name
        ));
    }
    out.push(format!(
        "{} {} from the players",
        verb("remove", "removed"),
        describe_player(&p.from)
    ));
    out
}

/// `GET /players/merge`: the form naming two players, and once both are
/// named, what merging them would change and the button that does it.
pub async fn page(State(st): State<AppState>, c: Console, Query(q): Query<MergeQuery>) -> Response {
    let echo = st.auth.take_flash(&c.0.id);
    let (from, into) = (q.from.clone(), q.into.clone());
    let planned = match (given(&q.from).is_some(), given(&q.into).is_some()) {
        (true, true) => match st.db.read(move |s| plan(s, &q)).await {
            Ok(p) => Some(p),
            Err(e) => {
                return super::refused(e)
                    .link("Back", "/players/merge")
                    .into_response()
            }
        },
        _ => None,
    };
    render(&MergeHtml {
        l: Layout::new("Merge two players", &c),
        echo,
        from,
        into,
        plan: planned,
    })
}

fn plan(s: &Store, q: &MergeQuery) -> Result<Planned> {
    let from = players::find_player(s.conn(), &q.from)?;
    let into = players::find_player(s.conn(), &q.into)?;
    let plan = app::plan_merge(s.conn(), &from, &into)?;
    Ok(Planned {
        from: describe_player(&from),
        into: describe_player(&into),
        ids: (from.id.0, into.id.0),
        lines: plan_lines(&plan, false),
    })
}

/// The confirm form: the two players by id, and the reason for the log.
#[derive(serde::Deserialize)]
pub struct MergeForm {
    from: i64,
    into: i64,
    #[serde(default)]
    reason: String,
}

/// `POST /players/merge`.
pub async fn merge(State(st): State<AppState>, c: Checked<MergeForm>) -> Response {
    let f = c.form;
    let done = st
        .db
        .write(move |s| {
            let found = |id: i64| {
                players::player_by_id(s.conn(), PlayerId(id)).map_err(|_| {
                    Error::not_found(format!(
                        "player #{id} is no longer in the league (merged or removed since the page was loaded); nothing was changed"
                    ))
                })
            };
            let (from, into) = (found(f.from)?, found(f.into)?);
            let plan = s.write(|tx| app::merge(tx, &from, &into, given(&f.reason)))?;
            Ok(format!(
                "Merged {} into {}: {}. Recorded in the log.",
                describe_player(&from),
                describe_player(&into),
                plan_lines(&plan, true).join("; ")
            ))
        })
        .await;
    finish(&st, &c.console, "/players/merge", done)
}
