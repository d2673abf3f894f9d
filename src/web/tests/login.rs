//! Logging in, sessions, CSRF and the rate limit.

use axum::http::{header, StatusCode};

use crate::web::testing::TestServer;

#[tokio::test]
async fn the_token_logs_in_once_with_a_strict_httponly_cookie() {
    let t = TestServer::new();
    let a = t.get(&format!("/?token={}", t.token)).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER);
    assert_eq!(a.location(), Some("/"), "the token leaves the address");
    let cookie = a.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(cookie.starts_with("league_session="), "{cookie}");
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Strict"), "{cookie}");
    let again = t.get(&format!("/?token={}", t.token)).await;
    assert_eq!(again.status, StatusCode::FORBIDDEN);
    assert!(again.body.contains("used already"), "{}", again.body);
    assert!(again.headers.get(header::SET_COOKIE).is_none());
}

#[tokio::test]
async fn a_wrong_or_missing_token_gives_the_login_page_and_no_session() {
    let t = TestServer::new();
    let wrong = t.get("/?token=nope").await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    assert!(wrong.headers.get(header::SET_COOKIE).is_none());
    let none = t.get("/").await;
    assert_eq!(none.status, StatusCode::OK);
    assert!(none.body.contains("Open the console with the address"));
    assert!(
        !none.body.contains("Club Swiss"),
        "nothing of the league before login"
    );
    // A made-up cookie is no session.
    let mut forged = TestServer::new();
    forged.cookie = Some("league_session=00".into());
    assert!(!forged.get("/").await.body.contains("Log out"));
}

#[tokio::test]
async fn logged_in_the_home_page_lists_the_events_to_run() {
    let t = TestServer::new().logged_in().await;
    let home = t.get("/").await;
    assert_eq!(home.status, StatusCode::OK);
    assert!(
        home.body.contains("Which event are you running?"),
        "{}",
        home.body
    );
    assert!(home.body.contains("Club Swiss (2024-25)"));
}

#[tokio::test]
async fn choosing_the_event_is_remembered_in_the_settings_as_league_use_does() {
    let t = TestServer::new().logged_in().await;
    let a = t.post("/event", &[("event", "1")]).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.body);
    let ctx = crate::store::context::current(t.store().conn()).unwrap();
    assert_eq!(ctx.event.as_deref(), Some("Club Swiss"));
    let home = t.get("/").await;
    assert!(
        home.body.contains("Next round to pair: round 1"),
        "{}",
        home.body
    );
}

#[tokio::test]
async fn a_form_without_the_csrf_token_or_with_a_wrong_one_changes_nothing() {
    let t = TestServer::new().logged_in().await;
    let missing = t.post_raw("/event", &[("event", "1")]).await;
    assert_eq!(missing.status, StatusCode::FORBIDDEN);
    let wrong = t
        .post_raw("/event", &[("csrf", "0000"), ("event", "1")])
        .await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    assert!(wrong.body.contains("nothing was changed"), "{}", wrong.body);
    let ctx = crate::store::context::current(t.store().conn()).unwrap();
    assert_eq!(ctx.event, None);
}

#[tokio::test]
async fn a_post_without_a_session_changes_nothing() {
    let t = TestServer::new();
    let a = t.post_raw("/event", &[("csrf", ""), ("event", "1")]).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER);
    let ctx = crate::store::context::current(t.store().conn()).unwrap();
    assert_eq!(ctx.event, None);
}

#[tokio::test]
async fn logins_are_rate_limited_even_the_right_token_after_five_failures() {
    let t = TestServer::new();
    for _ in 0..crate::web::auth::MAX_FAILURES {
        assert_eq!(t.get("/?token=guess").await.status, StatusCode::FORBIDDEN);
    }
    let a = t.get(&format!("/?token={}", t.token)).await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(a.body.contains("wait a minute"));
    let p = t.post_raw("/login", &[("password", "x")]).await;
    assert_eq!(p.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn log_out_ends_the_session() {
    let t = TestServer::new().logged_in().await;
    let a = t.post("/logout", &[]).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER);
    let home = t.get("/").await;
    assert!(home.body.contains("Open the console with the address"));
}

#[tokio::test]
async fn a_password_logs_in_and_a_wrong_one_does_not() {
    let hash = crate::web::auth::hash_password("club night 42").unwrap();
    let mut t = TestServer::new();
    t.state.auth = std::sync::Arc::new(crate::web::auth::Auth::new(
        "tok".into(),
        Some(hash),
        crate::web::auth::SESSION_LIFETIME,
    ));
    t.app = crate::web::router(t.state.clone());
    let page = t.get("/").await;
    assert!(page.body.contains("type=\"password\""));
    assert_eq!(
        t.post_raw("/login", &[("password", "club night 41")])
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let ok = t.post_raw("/login", &[("password", "club night 42")]).await;
    assert_eq!(ok.status, StatusCode::SEE_OTHER);
    assert!(ok.headers[header::SET_COOKIE]
        .to_str()
        .unwrap()
        .contains("HttpOnly"));
}

#[test]
fn another_address_than_loopback_needs_a_password() {
    let lan: std::net::SocketAddr = "0.0.0.0:8080".parse().unwrap();
    let e = crate::web::check_listen(&lan, false)
        .unwrap_err()
        .to_string();
    assert!(e.contains("--set-password"), "{e}");
    assert!(crate::web::check_listen(&lan, true).is_ok());
    assert!(crate::web::check_listen(&"127.0.0.1:0".parse().unwrap(), false).is_ok());
    assert!(crate::web::check_listen(&"[::1]:0".parse().unwrap(), false).is_ok());
}

#[tokio::test]
async fn assets_are_served_by_name_only_and_nothing_from_the_disk() {
    let t = TestServer::new();
    let css = t.get("/assets/style.css").await;
    assert_eq!(css.status, StatusCode::OK);
    assert!(css.headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/css"));
    assert_eq!(css.body, crate::site::render::STYLESHEET);
    for path in [
        "/assets/..%2F..%2FCargo.toml",
        "/assets/../Cargo.toml",
        "/assets/league.db",
        "/assets/%2Fetc%2Fpasswd",
    ] {
        let a = t.get(path).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{path}");
    }
}
