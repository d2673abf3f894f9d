//! Uploading a player list (CSV, as `league import players`) or a rating
//! list (a US Chess `.dbf`, a FIDE `.xml` or `.txt`, as `league ratings
//! import`). The upload is a multipart form: its CSRF token is checked
//! before anything is read into the league, the file is held in memory
//! (never written to disk under a name the request chose) and refused
//! above [`LIMIT`]; the importer's notes (names kept, players not on the
//! list) are shown with the echo.

use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::finish;
use crate::app::{import as imports, ratings as app};
use crate::error::{Error, InputError, Result};
use crate::input::players as playerlist;
use crate::input::ratings::{read, ListKind};
use crate::web::auth;
use crate::web::guard::Console;
use crate::web::page::{render, Layout, WebError};
use crate::web::AppState;

/// The largest file the console takes: a club's player list is a few
/// kilobytes and a US Chess monthly supplement some tens of megabytes. A
/// whole FIDE list (about 0.6 GB) is imported at the terminal.
pub const LIMIT: usize = 64 * 1024 * 1024;

/// Room for the form's other fields and the multipart framing.
pub const SLACK: usize = 64 * 1024;

#[derive(askama::Template)]
#[template(path = "web/upload.html")]
struct UploadHtml {
    l: Layout,
    echo: Option<String>,
    limit_mb: usize,
    today: String,
}

/// Today, as YYYY-MM-DD (UTC).
fn today() -> String {
    time::OffsetDateTime::now_utc().date().to_string()
}

/// `GET /upload`.
pub async fn page(State(st): State<AppState>, c: Console) -> Response {
    let echo = st.auth.take_flash(&c.0.id);
    render(&UploadHtml {
        l: Layout::new("Upload a player list or a rating list", &c),
        echo,
        limit_mb: LIMIT >> 20,
        today: today(),
    })
}

/// An uploaded form: its file and its text fields.
#[derive(Default)]
struct Upload {
    csrf: String,
    /// The file's name as the browser gave it (for messages and the
    /// list's default name only; never a path on this machine).
    file_name: String,
    bytes: Vec<u8>,
    list: String,
    date: String,
    ahead: bool,
}

/// Read the form: at most [`LIMIT`] bytes of file; then its CSRF token
/// checked against the session's, before anything else is done.
async fn received(c: &Console, mut form: Multipart) -> std::result::Result<Upload, WebError> {
    let bad = |what: String| WebError::new(StatusCode::BAD_REQUEST, what);
    let mut up = Upload::default();
    while let Some(mut field) = form
        .next_field()
        .await
        .map_err(|e| bad(too_large_or(e.status(), e.body_text())))?
    {
        let name = field.name().unwrap_or_default().to_string();
        if name == "file" {
            up.file_name = field.file_name().unwrap_or("the file").to_string();
            while let Some(chunk) = field
                .chunk()
                .await
                .map_err(|e| bad(too_large_or(e.status(), e.body_text())))?
            {
                if up.bytes.len() + chunk.len() > LIMIT {
                    return Err(bad(too_large_or(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        String::new(),
                    )));
                }
                up.bytes.extend_from_slice(&chunk);
            }
            continue;
        }
        let text = field
            .text()
            .await
            .map_err(|e| bad(too_large_or(e.status(), e.body_text())))?;
        match name.as_str() {
            "csrf" => up.csrf = text,
            "list" => up.list = text,
            "date" => up.date = text,
            "ahead" => up.ahead = true,
            _ => {}
        }
    }
    if !auth::same(&up.csrf, c.csrf()) {
        return Err(WebError::new(
            StatusCode::FORBIDDEN,
            "This form did not come from this console session (its security token is missing or out of date), so nothing was changed. Reload the page and send it again.",
        ));
    }
    if up.bytes.is_empty() {
        return Err(bad(
            "No file came with the form (or it was empty); choose the file and send it again. Nothing was changed.".into(),
        ));
    }
    Ok(up)
}

/// A body the server would not read whole: too large, said in megabytes.
fn too_large_or(status: StatusCode, other: String) -> String {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        format!(
            "The file is larger than {} MB, more than the console takes; import a list that large at the terminal. Nothing was changed.",
            LIMIT >> 20
        )
    } else {
        format!("The upload could not be read ({other}); send it again. Nothing was changed.")
    }
}

/// `POST /upload/players`: a CSV player list merged into the league (new
/// players added, known ones updated), in one transaction.
pub async fn players(State(st): State<AppState>, c: Console, form: Multipart) -> Response {
    let up = match received(&c, form).await {
        Ok(up) => up,
        Err(page) => return page.link("Back", "/upload").into_response(),
    };
    let done = st
        .db
        .write(move |s| {
            let rows = playerlist::parse(&up.bytes, &up.file_name)?;
            let name = up.file_name.clone();
            let done = s.write(|tx| imports::import_players(tx, &rows, &name))?;
            let mut out = format!(
                "Player list {name}: {} added, {} updated, {} already up to date.",
                done.added, done.updated, done.unchanged
            );
            for n in &done.notes {
                out.push_str(&format!("\nNote: {n}."));
            }
            Ok(out)
        })
        .await;
    finish(&st, &c, "/upload", done)
}

/// `POST /upload/ratings`: a rating list into the players' ratings, in one
/// transaction; the replaced ratings are kept as history.
pub async fn ratings(State(st): State<AppState>, c: Console, form: Multipart) -> Response {
    let up = match received(&c, form).await {
        Ok(up) => up,
        Err(page) => return page.link("Back", "/upload").into_response(),
    };
    let done = st.db.write(move |s| import_list(s, &up)).await;
    finish(&st, &c, "/upload", done)
}

fn import_list(s: &mut crate::store::Store, up: &Upload) -> Result<String> {
    let name = up.file_name.as_str();
    let kind = ListKind::from_path(std::path::Path::new(name)).ok_or_else(|| {
        Error::from(InputError::new(
            name,
            "a rating list is a .dbf (US Chess supplement), .xml or .txt (FIDE) file",
        ))
    })?;
    let now = today();
    let day = match super::date("day the list took effect", &up.date)? {
        Some(d) if d > now && !up.ahead => {
            return Err(Error::invalid(format!(
                "the list would take effect on {d}, after today ({now}); a rating list is dated the day it took effect. Check the date, or tick \"it takes effect later\" if it really does. Nothing was changed"
            )))
        }
        Some(d) => d,
        None => now,
    };
    let rows = read(std::io::Cursor::new(&up.bytes), kind, name)?;
    let list = super::given(&up.list).unwrap_or(name).to_string();
    let done = s.write(|tx| app::import_list(tx, &rows, kind.is_fide(), &list, &day))?;
    let which = if kind.is_fide() { "FIDE" } else { "US Chess" };
    let mut out = format!(
        "{which} ratings from {list} ({} players on the list), taking effect on {day}: {} changed, {} rated for the first time, {} unchanged, {} not in the league.",
        rows.len(),
        done.changed.len(),
        done.new.len(),
        done.unchanged,
        done.not_in_league
    );
    if kind.is_fide() {
        let ignored = rows.iter().filter(|r| r.k_warning.is_some()).count();
        out.push_str(&format!(
            "\nK factors: {} set, {} already as the list gives them, {ignored} on the list not 10, 20 or 40 and left out.",
            done.k_set, done.k_unchanged
        ));
    }
    for (n, o, r) in &done.changed {
        out.push_str(&format!("\nChanged: {n} {o} -> {r}"));
    }
    for (n, r) in &done.new {
        out.push_str(&format!("\nNew: {n} {r}"));
    }
    if !done.unmatched.is_empty() {
        out.push_str(&format!(
            "\nNot on the list ({} player{} with a {which} id, ratings kept): {}",
            done.unmatched.len(),
            if done.unmatched.len() == 1 { "" } else { "s" },
            done.unmatched.join(", ")
        ));
    }
    Ok(out)
}
