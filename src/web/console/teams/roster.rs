//! A team event's teams and rosters: adding a team, putting a player of
//! the league on a roster by name (the CLI's name matching: any case,
//! accents and word order, whole-word beginnings; a new player added when
//! asked), taking a player off, and withdrawing a team after a round.

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};

use super::search::{search, FoundPlayer};
use super::{team_by_id, team_event};
use crate::app::team::{self as app, Refusal};
use crate::domain::team::RankBy;
use crate::error::{Error, Result};
use crate::store::pairing::rounds_with_pairings;
use crate::store::team::{self as teams, RosterRow};
use crate::store::Store;
use crate::web::console::setup::{finish, given, number};
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// The page's address.
const BACK: &str = "/teams";

/// One player of a roster.
pub struct PlayerLine {
    /// The player's id (the remove form's).
    pub id: i64,
    /// "Board 1: Ann Lee, rated 1850" (an alternate past the boards).
    pub label: String,
}

/// One team, with its roster.
pub struct TeamLine {
    /// Its id (the forms').
    pub id: i64,
    /// "Bishops (BIS)".
    pub name: String,
    /// "Bishops", for the rename form.
    pub plain: String,
    /// "BIS" (empty without one), for the rename form.
    pub code: String,
    /// The round it withdrew after, if it did.
    pub withdrawn: Option<u32>,
    /// Its players, by board.
    pub players: Vec<PlayerLine>,
    /// "needs 1 more player for the 2 boards", when short.
    pub short: Option<String>,
}

/// What was typed in the search box.
#[derive(serde::Deserialize, Default)]
pub struct SearchQuery {
    #[serde(default)]
    q: String,
}

/// What the page shows.
pub struct TeamsPage {
    /// "Metro Teams (2024-25)".
    pub event: String,
    /// Boards per match.
    pub boards: u32,
    /// Match points for a win, a draw and a loss ("1", "½", "0").
    pub match_points: [String; 3],
    /// What a team bye is worth now: game points and match points.
    pub bye: [String; 2],
    /// Whether the standings rank on game points (else match points).
    pub rank_by_game_points: bool,
    /// The event's USAT variant: ×2 (else ×1), and ½ per opponent bye
    /// (else the byes as awarded).
    pub usat: [bool; 2],
    /// The teams.
    pub teams: Vec<TeamLine>,
    /// The rounds after which a team may withdraw (0 ..= the latest).
    pub after: Vec<u32>,
    /// What was searched for.
    pub q: String,
    /// The players the search found.
    pub found: Vec<FoundPlayer>,
    /// "No player of the league is called ..." when it found none.
    pub none: Option<String>,
}

#[derive(askama::Template)]
#[template(path = "web/teams.html")]
struct TeamsHtml {
    l: Layout,
    echo: Option<String>,
    p: TeamsPage,
}

/// `GET /teams`.
pub async fn page(
    State(st): State<AppState>,
    c: Console,
    Query(q): Query<SearchQuery>,
) -> Response {
    let echo = st.auth.take_flash(&c.0.id);
    match st.db.read(move |s| load(s, q.q.trim())).await {
        Ok(p) => render(&TeamsHtml {
            l: Layout::new(format!("Teams of {}", p.event), &c),
            echo,
            p,
        }),
        Err(e) => WebError::from(e).link("Home", "/").into_response(),
    }
}

fn load(store: &Store, typed: &str) -> Result<TeamsPage> {
    let (event, section) = team_event(store)?;
    let conn = store.conn();
    let rules = teams::rules(conn, event.id)?;
    let boards = rules.boards;
    let rosters = teams::rosters(conn, event.id)?;
    let latest = rounds_with_pairings(conn, section.id)?
        .last()
        .copied()
        .unwrap_or(0);
    let lines = teams::teams(conn, event.id)?
        .into_iter()
        .map(|t| {
            let mine: Vec<&RosterRow> = rosters.iter().filter(|r| r.team_id == t.id).collect();
            let on = mine.iter().filter(|r| r.board <= boards).count() as u32;
            TeamLine {
                id: t.id.0,
                name: match &t.short {
                    Some(s) => format!("{} ({s})", t.name),
                    None => t.name.clone(),
                },
                plain: t.name.clone(),
                code: t.short.clone().unwrap_or_default(),
                withdrawn: t.withdrawn_after,
                players: mine.iter().map(|r| player_line(r, boards)).collect(),
                short: (on < boards).then(|| {
                    let n = boards - on;
                    format!(
                        "needs {n} more player{} for the {boards} boards",
                        if n == 1 { "" } else { "s" }
                    )
                }),
            }
        })
        .collect();
    let (found, none) = search(conn, &event, typed)?;
    Ok(TeamsPage {
        q: typed.to_string(),
        found,
        none,
        event: format!("{} ({})", event.name, event.season),
        boards,
        match_points: [rules.match_win, rules.match_draw, rules.match_loss].map(|p| p.to_string()),
        bye: [rules.bye_game_points, rules.bye_match_points].map(|p| p.to_string()),
        rank_by_game_points: rules.rank_by == RankBy::GamePoints,
        usat: [rules.usat_doubled, rules.usat_adjusted],
        teams: lines,
        after: (0..=latest.min(event.rounds)).collect(),
    })
}

fn player_line(r: &RosterRow, boards: u32) -> PlayerLine {
    let rating = r
        .rating
        .map_or_else(|| "unrated".to_string(), |x| format!("rated {x}"));
    let board = if r.board > boards {
        format!("Alternate {}", r.board)
    } else {
        format!("Board {}", r.board)
    };
    PlayerLine {
        id: r.player_id.0,
        label: format!("{board}: {}, {rating}", r.name),
    }
}

/// A new team.
#[derive(serde::Deserialize)]
pub struct TeamForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    short: String,
}

/// `POST /teams/add`.
pub async fn add_team(State(st): State<AppState>, c: Checked<TeamForm>) -> Response {
    let f = c.form;
    let done = st
        .db
        .write(move |s| {
            let (event, _) = team_event(s)?;
            let t = s.write(|tx| app::add_team(tx, &event, &f.name, given(&f.short)))?;
            Ok(format!(
                "Added team {} to {} ({}). Add its players below.",
                t.name, event.name, event.season
            ))
        })
        .await;
    finish(&st, &c.console, BACK, done)
}

/// A player for a roster: by name (the CLI's matching), on a board or
/// after the last; a new player of the league when ticked.
#[derive(serde::Deserialize)]
pub struct RosterForm {
    team: i64,
    #[serde(default)]
    name: String,
    #[serde(default)]
    board: String,
    #[serde(default)]
    new: Option<String>,
    #[serde(default)]
    rating: String,
}

/// `POST /teams/roster/add`.
pub async fn add_player(State(st): State<AppState>, c: Checked<RosterForm>) -> Response {
    let f = c.form;
    let done = st
        .db
        .write(move |s| {
            let (event, _) = team_event(s)?;
            let team = team_by_id(s.conn(), &event, f.team)?;
            let Some(name) = given(&f.name) else {
                return Err(Error::invalid(
                    "type the player's name; nothing was changed",
                ));
            };
            let board = number("board", &f.board)?;
            let rating = number("rating", &f.rating)?;
            let names = [name.to_string()];
            let added = s
                .write(|tx| {
                    app::add_to_roster(tx, &event, &team, &names, f.new.is_some(), rating, board)
                })
                .map_err(roster_hint)?;
            Ok(added
                .iter()
                .map(|r| format!("{}: {} on board {}.", team.name, r.name, r.board))
                .collect::<Vec<_>>()
                .join(" "))
        })
        .await;
    finish(&st, &c.console, BACK, done)
}

/// The console's way on from a name the league does not know.
fn roster_hint(e: Error) -> Error {
    let hint = match e.refusal::<Refusal>() {
        Some(Refusal::NotInLeague { .. }) => Some(
            "; tick \"a new player\" to add them to the league and the roster at once".to_string(),
        ),
        _ => None,
    };
    e.with_hint(hint)
}

/// A player to take off a roster.
#[derive(serde::Deserialize)]
pub struct RemoveForm {
    team: i64,
    player: i64,
}

/// `POST /teams/roster/remove`.
pub async fn remove_player(State(st): State<AppState>, c: Checked<RemoveForm>) -> Response {
    let f = c.form;
    let done = st
        .db
        .write(move |s| {
            let (event, _) = team_event(s)?;
            let team = team_by_id(s.conn(), &event, f.team)?;
            let names = [format!("#{}", f.player)];
            let removed = s.write(|tx| app::remove_from_roster(tx, &event, &team, &names))?;
            Ok(format!(
                "{}: took {} off the roster.",
                team.name,
                removed.join(", ")
            ))
        })
        .await;
    finish(&st, &c.console, BACK, done)
}

/// A team's withdrawal: the last round it played, and why.
#[derive(serde::Deserialize)]
pub struct WithdrawForm {
    team: i64,
    after: u32,
    #[serde(default)]
    reason: String,
}

/// `POST /teams/withdraw`.
pub async fn withdraw(State(st): State<AppState>, c: Checked<WithdrawForm>) -> Response {
    let f = c.form;
    let done = st
        .db
        .write(move |s| {
            let (event, _) = team_event(s)?;
            let team = team_by_id(s.conn(), &event, f.team)?;
            let w = s
                .write(|tx| app::withdraw_team(tx, &event, &team, f.after, given(&f.reason)))
                .map_err(|e| {
                    let hint = match e.refusal::<Refusal>() {
                        Some(Refusal::PlayedLater { .. }) => Some(
                            "; delete that match first on its round's results page".to_string(),
                        ),
                        _ => None,
                    };
                    e.with_hint(hint)
                })?;
            Ok(format!(
                "{} withdrew from {} after round {}; it is not paired after that.",
                w.team, event.name, w.after
            ))
        })
        .await;
    finish(&st, &c.console, BACK, done)
}
