//! Pairing the next round: a preview (nothing written), then "Pair it",
//! which writes exactly the pairing shown, through the application layer
//! ([`crate::app::round::pair`]). A round already paired with no result in
//! can be paired again ("Replace round N"). Refusals come with the
//! console's way on: a button, never a command.

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Redirect, Response};

use super::running;
use crate::app::round::pair::{self as app, Planned, Preview, Request};
use crate::app::round::schedule::schedule;
use crate::app::round::Refusal;
use crate::domain::pairing::ByeKind;
use crate::domain::text::clock_time;
use crate::error::{Error, Result};
use crate::site::round_sheet::{self, RoundSheet};
use crate::store::pairing::rounds_with_pairings;
use crate::store::round::round_times;
use crate::store::Store;
use crate::web::console::setup::{date, given};
use crate::web::guard::{Checked, Console};
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// What the pair page was asked: a section, and whether to replace the
/// latest round's pairing.
#[derive(serde::Deserialize, Default)]
pub struct PairQuery {
    section: Option<i64>,
    #[serde(default)]
    replace: bool,
}

/// A previewed pairing as the page shows it.
pub struct Shown {
    /// The section's id.
    pub section: i64,
    /// "Club Swiss Open".
    pub label: String,
    /// The round.
    pub round: u32,
    /// Whether it replaces the round's pairing.
    pub replace: bool,
    /// Games of the earlier pairing it replaces.
    pub replacing: usize,
    /// The seed of the lot it was made with (a round robin draws numbers).
    pub seed: u64,
    /// The boards: (board, White, Black), names with pairing numbers.
    pub boards: Vec<(usize, String, String)>,
    /// The byes: "Carol Key (3): pairing-allocated bye".
    pub byes: Vec<String>,
    /// A team event's matches, with the boards of their line-ups (empty
    /// for a section of players): the page shows these instead of
    /// [`Shown::boards`].
    pub matches: Vec<ShownMatch>,
    /// The pairing in one line, which the confirmation sends back: the
    /// round is written only if pairing it again gives the same.
    pub fingerprint: String,
    /// The round's date and start time as stored ("" when none): the
    /// form's starting values.
    pub when: (String, String),
}

/// A team event's match as the preview shows it: the home team (White on
/// board 1) and the away team, or a team bye.
pub struct ShownMatch {
    /// The match's number in the round.
    pub number: usize,
    /// "Bishops (1)".
    pub home: String,
    /// "Knights (2)"; `None` for a team bye.
    pub away: Option<String>,
    /// The boards: (board, home's player, away's player, whether the home
    /// player has White).
    pub boards: Vec<(u32, String, String, bool)>,
}

#[derive(askama::Template)]
#[template(path = "web/pair.html")]
struct PairHtml {
    l: Layout,
    p: Shown,
}

/// `GET /pair`: the preview of the next round (or of the latest round
/// paired again).
pub async fn page(State(st): State<AppState>, c: Console, Query(q): Query<PairQuery>) -> Response {
    let seed = seed();
    let section = q.section;
    let shown = st
        .db
        .read(move |s| {
            let (event, sec) = running::section(s, section)?;
            // A team round holding only a team bye is paired too: the
            // store's one question counts matches and team byes.
            let round = if q.replace {
                Some(
                    rounds_with_pairings(s.conn(), sec.id)?
                        .last()
                        .copied()
                        .unwrap_or(0),
                )
            } else {
                None
            };
            let req = Request {
                round,
                system: None,
                replace: q.replace,
                seed,
            };
            let label = super::label(&event, &sec);
            let stored = round_times(s.conn(), sec.id)?;
            Ok(app::preview(s.conn(), &event, &sec, &req)
                .map(|p| {
                    let mut shown = shown(&p, sec.id.0, label);
                    if let Some(w) = stored.get(&p.round) {
                        shown.when = (
                            w.date.clone().unwrap_or_default(),
                            w.start_time.clone().unwrap_or_default(),
                        );
                    }
                    shown
                })
                .map_err(|e| refused(e, sec.id.0)))
        })
        .await;
    match shown {
        Ok(Ok(p)) => render(&PairHtml {
            l: Layout::new(format!("Pair round {}", p.round), &c),
            p,
        }),
        Ok(Err(page)) => page.into_response(),
        Err(e) => WebError::from(e).into_response(),
    }
}

/// A seed for a round robin's lot (a Swiss does not use it).
fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

fn shown(p: &Preview, section: i64, label: String) -> Shown {
    let name = |n: u32| -> String {
        let name = match &p.planned {
            Planned::Players(plan) => plan.seat(n).map(|s| s.name.clone()),
            Planned::Teams(plan) => plan.seat(n).map(|s| s.name.clone()),
        };
        format!("{} ({n})", name.unwrap_or_default())
    };
    let boards: Vec<(usize, String, String)> = p
        .pairing
        .boards
        .iter()
        .enumerate()
        .map(|(i, b)| (i + 1, name(b.white), name(b.black)))
        .collect();
    let byes: Vec<String> = p
        .pairing
        .byes
        .iter()
        .map(|(n, kind)| format!("{}: {}", name(*n), bye_words(*kind)))
        .collect();
    let fingerprint = boards
        .iter()
        .map(|(_, w, b)| format!("{w} v {b}"))
        .chain(byes.iter().cloned())
        .collect::<Vec<_>>()
        .join("; ");
    Shown {
        section,
        label,
        round: p.round,
        replace: p.replace,
        replacing: p.replacing(),
        seed: p.seed,
        matches: team_matches(p, &boards),
        boards,
        byes,
        fingerprint,
        when: Default::default(),
    }
}

/// A team pairing's matches as the round's sheet plans them (the line-ups
/// board by board, as `league round pair` prints them), the teams named
/// as the boards name them; none for a section of players.
fn team_matches(p: &Preview, boards: &[(usize, String, String)]) -> Vec<ShownMatch> {
    let RoundSheet::Teams(sheet) = round_sheet::planned(p) else {
        return Vec::new();
    };
    let mut byes = p
        .pairing
        .byes
        .iter()
        .filter(|(_, k)| *k == ByeKind::PairingAllocated);
    sheet
        .matches
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let numbered = boards
                .get(i)
                .map(|(_, home, away)| (home.clone(), away.clone()));
            let (home, away) = match (&m.team_b, numbered) {
                (Some(_), Some((home, away))) => (home, Some(away)),
                (Some(b), None) => (m.team_a.clone(), Some(b.clone())),
                (None, _) => {
                    let n = byes.next().map(|(n, _)| *n);
                    (
                        n.map_or(m.team_a.clone(), |n| format!("{} ({n})", m.team_a)),
                        None,
                    )
                }
            };
            ShownMatch {
                number: i + 1,
                home,
                away,
                boards: m
                    .boards
                    .iter()
                    .map(|b| {
                        let (h, a) = if b.white_is_a {
                            (b.white.clone(), b.black.clone())
                        } else {
                            (b.black.clone(), b.white.clone())
                        };
                        (b.board.unwrap_or_default(), h, a, b.white_is_a)
                    })
                    .collect(),
            }
        })
        .collect()
}

fn bye_words(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::PairingAllocated => "bye given by the pairing",
        ByeKind::RequestedFull => "full-point bye, asked for",
        ByeKind::RequestedHalf => "half-point bye, asked for",
        ByeKind::RequestedZero => "zero-point bye, asked for",
    }
}

/// A refused pairing as the page shows it, with the console's way on.
fn refused(e: Error, section: i64) -> WebError {
    let way: Option<(String, String)> = match e.refusal::<Refusal>() {
        Some(Refusal::RoundAlreadyPaired {
            round,
            has_results: false,
            ..
        }) => Some((
            format!("Replace round {round}"),
            format!("/pair?section={section}&replace=true"),
        )),
        Some(Refusal::RoundAlreadyPaired { round, .. } | Refusal::ResultsIn { round, .. }) => {
            Some((
                format!("Round {round}'s results"),
                format!("/results?section={section}&round={round}"),
            ))
        }
        Some(Refusal::PendingResults { earlier, .. }) => Some((
            format!("Enter round {earlier}'s results"),
            format!("/results?section={section}&round={earlier}"),
        )),
        Some(Refusal::EventComplete { .. }) => Some((
            "The final standings".to_string(),
            format!("/standings?section={section}"),
        )),
        Some(Refusal::PlanChanged { .. }) => Some((
            "Preview it again".to_string(),
            format!("/pair?section={section}"),
        )),
        _ => None,
    };
    let page = WebError::from(e);
    match way {
        Some((label, href)) => page.link(label, href),
        None => page,
    }
}

/// "Pair it": the round, the seed and the pairing the preview showed, and
/// when the round is played (each optional: a section's date and start
/// time; a team round's start time, its date being each match's).
#[derive(serde::Deserialize)]
pub struct ConfirmForm {
    section: i64,
    round: u32,
    #[serde(default)]
    replace: bool,
    seed: u64,
    shown: String,
    #[serde(default)]
    date: String,
    #[serde(default)]
    time: String,
}

impl ConfirmForm {
    /// The date and start time typed, checked before anything is written.
    fn when(&self) -> Result<(Option<String>, Option<String>)> {
        let date = date("round's date", &self.date)?;
        let time = match given(&self.time) {
            None => None,
            Some(t) => Some(clock_time(t).ok_or_else(|| {
                Error::invalid(format!(
                    "the start time \"{t}\" is not a time; write it as HH:MM on the 24-hour clock, e.g. 19:30; nothing was written"
                ))
            })?),
        };
        Ok((date, time))
    }
}

/// `POST /pair`: write the pairing shown, or refuse with what changed.
pub async fn confirm(State(st): State<AppState>, c: Checked<ConfirmForm>) -> Response {
    let f = c.form;
    let section = f.section;
    let round = f.round;
    let done = st
        .db
        .write(move |s| Ok(pair_shown(s, &f).map_err(|e| refused(e, section))))
        .await;
    match done {
        Ok(Ok(text)) => {
            st.auth.set_flash(&c.console.0.id, text);
            Redirect::to(&format!("/results?section={section}&round={round}")).into_response()
        }
        Ok(Err(page)) => page.into_response(),
        Err(e) => WebError::from(e).into_response(),
    }
}

/// Pair the round again as the preview did, in the writer's transaction;
/// write it only when it is the pairing the secretary saw.
fn pair_shown(store: &mut Store, f: &ConfirmForm) -> Result<String> {
    let (event, sec) = running::section(store, Some(f.section))?;
    let label = super::label(&event, &sec);
    let req = Request {
        round: Some(f.round),
        system: None,
        replace: f.replace,
        seed: f.seed,
    };
    let (date, time) = f.when()?;
    if date.is_some() && event.kind.is_team() {
        return Err(Error::invalid(
            "a team round's date is each match's, given when the match is recorded; pair it with the start time only; nothing was written",
        ));
    }
    store.write(|tx| {
        let now = app::preview(tx, &event, &sec, &req).map_err(|e| since(e, f.round, &sec.name))?;
        let again = shown(&now, sec.id.0, label.clone());
        if again.fingerprint != f.shown {
            return Err(Error::invalid(format!(
                "round {} of {} would now be paired differently from the preview (a player, a bye or an earlier result changed meanwhile); nothing was written",
                f.round, sec.name
            )));
        }
        let done = app::confirm(tx, &now)?;
        schedule(tx, &now.section, done.round, date.as_deref(), time.as_deref())?;
        Ok(format!(
            "Paired round {} of {label}: {} board{}{}{}{}.",
            done.round,
            done.boards,
            if done.boards == 1 { "" } else { "s" },
            if done.byes > 0 { ", a bye given by the pairing" } else { "" },
            if done.replaced > 0 {
                format!(" (its earlier pairing of {} games replaced)", done.replaced)
            } else {
                String::new()
            },
            played_when(date.as_deref(), time.as_deref()),
        ))
    })
}

/// ", played on 2024-01-10 at 19:30" as far as given.
fn played_when(date: Option<&str>, time: Option<&str>) -> String {
    match (date, time) {
        (Some(d), Some(t)) => format!(", played on {d} at {t}"),
        (Some(d), None) => format!(", played on {d}"),
        (None, Some(t)) => format!(", starting at {t}"),
        (None, None) => String::new(),
    }
}

/// A refusal met when the preview is made again at "Pair it": the round
/// changed since the preview (as [`app::confirm`] says it).
fn since(e: Error, round: u32, whose: &str) -> Error {
    use crate::app::round::Change;
    let change = match e.refusal::<Refusal>() {
        Some(Refusal::RoundAlreadyPaired { .. } | Refusal::LaterRoundPaired { .. }) => {
            Change::Paired
        }
        Some(Refusal::EarlierRoundNotPaired { .. }) => Change::Unpaired,
        Some(Refusal::PendingResults { .. } | Refusal::ResultsIn { .. }) => Change::Results,
        Some(Refusal::NobodyToPair { .. }) => Change::Entries,
        _ => return e,
    };
    Error::refused(Refusal::PlanChanged {
        round,
        whose: whose.to_string(),
        change,
    })
}
