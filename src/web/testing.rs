//! A server in the test process: a small league in a temporary file, the
//! router called in-process (`tower::ServiceExt::oneshot`), a logged-in
//! session whose cookie and CSRF token every request can carry. Shared by
//! the console's and the board's tests.

use std::path::PathBuf;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use tower::ServiceExt;

use super::{db::Db, AppState};
use crate::domain::game::SheetRow;
use crate::domain::league::EventKind;
use crate::error::Result;
use crate::store::player::{self as players, NewPlayer};
use crate::store::season::{self as seasons, NewEvent};
use crate::store::Store;

/// The names of the test league's six players: ordinary ones and ones
/// that try to break out of HTML, an attribute, a script or a URL.
pub const NAMES: [&str; 6] = [
    "Alice Archer",
    "<script>alert(1)</script> Bob",
    "Carol \"Quote\" O'Neil",
    "Dan & <b>Bold</b>",
    "Eve </textarea><img src=x onerror=alert(2)>",
    "Frank Fischer",
];

/// A server over a test league, and the browser's side of one session.
pub struct TestServer {
    /// The router, as `league serve` builds it.
    pub app: Router,
    /// The state behind it.
    pub state: AppState,
    /// The session cookie ("league_session=..."), once logged in.
    pub cookie: Option<String>,
    /// The session's CSRF token, once logged in.
    pub csrf: String,
    /// The one-time token the server was started with.
    pub token: String,
    _dir: tempfile::TempDir,
    /// The database file.
    pub db: PathBuf,
}

/// A response's status, headers and body as text.
pub struct Answer {
    /// The status.
    pub status: StatusCode,
    /// The headers.
    pub headers: axum::http::HeaderMap,
    /// The body.
    pub body: String,
}

impl Answer {
    /// Where a redirect goes.
    pub fn location(&self) -> Option<&str> {
        self.headers.get(header::LOCATION)?.to_str().ok()
    }
}

/// A league with one Swiss event ("Club Swiss", 3 rounds, 2024-25) of one
/// section ("Open") and the six [`NAMES`] entered, rated 2000 down to 1500.
pub fn small_league(store: &mut Store) -> Result<()> {
    store.write(|tx| {
        let season = seasons::add_season(tx, "2024-25", None, None)?;
        let event = seasons::add_event(
            tx,
            &season,
            &NewEvent {
                name: "Club Swiss",
                kind: EventKind::Swiss,
                rounds: 3,
                start_date: Some("2024-09-01"),
                end_date: None,
                tiebreaks: "uscf-swiss",
                actual_play_first: false,
                fide_edition: None,
                sb_adjusted: false,
                coin_allowed: false,
            },
        )?;
        let section = seasons::add_section(tx, &event, "Open", None, None)?;
        for (i, name) in NAMES.iter().enumerate() {
            let p = players::add_player(
                tx,
                &NewPlayer {
                    name,
                    uscf_id: None,
                    fide_id: None,
                    rating: Some(2000 - 100 * i as u32),
                    fide_rating: None,
                    federation: None,
                    title: None,
                },
            )?;
            players::enter(tx, &section, &p, None, None)?;
        }
        Ok(())
    })
}

/// [`small_league`] with round 1 paired by hand (boards 1-3: players 1 v
/// 4, 5 v 2, 3 v 6, no results yet) and the event in use.
pub fn paired_league(store: &mut Store) -> Result<()> {
    small_league(store)?;
    store.write(|tx| {
        let event = seasons::find_event(tx, None, "Club Swiss")?;
        let section = seasons::find_section(tx, &event, None)?;
        let rows: Vec<SheetRow> = [(1, 4), (5, 2), (3, 6)]
            .iter()
            .enumerate()
            .map(|(i, (w, b))| SheetRow {
                line: None,
                board: Some(i as u32 + 1),
                white: format!("#{w}"),
                black: Some(format!("#{b}")),
                result: None,
                bye: None,
                names: None,
            })
            .collect();
        crate::app::round::sheet::record_sheet(tx, &section, 1, None, &rows, "test", false)?;
        crate::web::console::running::choose(tx, &event)
    })
}

impl TestServer {
    /// A server over [`small_league`], not logged in.
    pub fn new() -> TestServer {
        TestServer::with(small_league)
    }

    /// A server over the league `make` writes into a new file.
    pub fn with(make: impl FnOnce(&mut Store) -> Result<()>) -> TestServer {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let db = dir.path().join("league.db");
        let mut store = Store::open(&db, true).expect("a new league file");
        make(&mut store).expect("the test league");
        drop(store);
        let token = "test-token-0123456789".to_string();
        let state = AppState::new(
            Db::open(&db).expect("the server's database"),
            token.clone(),
            None,
            Some(dir.path().join("site")),
        );
        TestServer {
            app: super::router(state.clone()),
            state,
            cookie: None,
            csrf: String::new(),
            token,
            _dir: dir,
            db,
        }
    }

    /// A server over the league `make` writes, showing the file to read
    /// only, as `league serve` shows a file it may not write.
    pub fn read_only_with(make: impl FnOnce(&mut Store) -> Result<()>) -> TestServer {
        let mut t = TestServer::with(make);
        t.state = AppState::new(
            Db::open_read_only(&t.db).expect("the server's database"),
            t.token.clone(),
            None,
            Some(t._dir.path().join("site")),
        );
        t.app = super::router(t.state.clone());
        t
    }

    /// The same server, logged in with its token.
    pub async fn logged_in(mut self) -> TestServer {
        let a = self.get(&format!("/?token={}", self.token)).await;
        assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
        let set = a.headers[header::SET_COOKIE].to_str().unwrap().to_string();
        self.cookie = Some(set.split(';').next().unwrap().to_string());
        let home = self.get("/").await;
        self.csrf = csrf_of(&home.body).expect("a CSRF token on the home page");
        self
    }

    /// Send `req` (with the session's cookie, if any).
    pub async fn send(&self, mut req: Request<Body>) -> Answer {
        if let Some(c) = &self.cookie {
            req.headers_mut()
                .insert(header::COOKIE, c.parse().expect("a cookie header"));
        }
        let res = self.app.clone().oneshot(req).await.expect("an answer");
        let status = res.status();
        let headers = res.headers().clone();
        let bytes = axum::body::to_bytes(res.into_body(), usize::MAX)
            .await
            .expect("a body");
        Answer {
            status,
            headers,
            body: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }

    /// `GET path`.
    pub async fn get(&self, path: &str) -> Answer {
        self.send(Request::get(path).body(Body::empty()).unwrap())
            .await
    }

    /// `POST path` with the form `fields` as given (no CSRF token added).
    pub async fn post_raw(&self, path: &str, fields: &[(&str, &str)]) -> Answer {
        let body = serde_urlencoded::to_string(fields).unwrap();
        self.send(
            Request::post(path)
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(Body::from(body))
                .unwrap(),
        )
        .await
    }

    /// `POST path` with the form `fields` and the session's CSRF token.
    pub async fn post(&self, path: &str, fields: &[(&str, &str)]) -> Answer {
        let mut all = vec![("csrf", self.csrf.as_str())];
        all.extend_from_slice(fields);
        self.post_raw(path, &all).await
    }

    /// A reading connection to the database, to check what was written.
    pub fn store(&self) -> Store {
        Store::open_for_reading(&self.db).expect("the test league")
    }
}

impl Default for TestServer {
    fn default() -> TestServer {
        TestServer::new()
    }
}

/// The first `name="csrf" value="..."` on a page.
pub fn csrf_of(page: &str) -> Option<String> {
    let at = page.find("name=\"csrf\" value=\"")? + "name=\"csrf\" value=\"".len();
    Some(page[at..].split('"').next()?.to_string())
}

/// Check that `page` shows none of [`NAMES`]' markup raw: no `<script>`,
/// `<b>` or `<img` the names brought in.
pub fn assert_escaped(page: &str) {
    for raw in ["<script>alert", "<b>Bold", "<img src=x", "\"Quote\""] {
        assert!(!page.contains(raw), "{raw} shown raw in:\n{page}");
    }
}

/// `text` as askama writes it into a page (`<` as `&#60;`, ...).
pub fn esc(text: &str) -> String {
    text.replace('&', "&#38;")
        .replace('<', "&#60;")
        .replace('>', "&#62;")
        .replace('"', "&#34;")
        .replace('\'', "&#39;")
}

/// The value of the first form field `name` on a page, as the browser
/// would send it (askama's entities read back).
pub fn field_of(page: &str, name: &str) -> Option<String> {
    let key = format!("name=\"{name}\" value=\"");
    let at = page.find(&key)? + key.len();
    let raw = page[at..].split('"').next()?;
    Some(
        raw.replace("&#60;", "<")
            .replace("&#62;", ">")
            .replace("&#34;", "\"")
            .replace("&#39;", "'")
            .replace("&#38;", "&"),
    )
}

/// A small league with its event chosen and nothing paired.
pub fn running_league(store: &mut Store) -> Result<()> {
    small_league(store)?;
    store.write(|tx| {
        let event = seasons::find_event(tx, None, "Club Swiss")?;
        crate::web::console::running::choose(tx, &event)
    })
}
