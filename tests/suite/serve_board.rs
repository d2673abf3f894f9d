//! The players' board of `league serve` (issue 26), through a real server
//! on a free port: the round being played, "find my board", standings and
//! the round before; following a result entered elsewhere; screen mode;
//! players reporting their own results and the secretary's one tap.

use crate::serve_http::{csrf_of, get, post, Server};
use crate::site_live::live_fixture;

/// Who plays on which board in the live fixture's round 1.
const ROUND_1: [(u32, &str, &str); 5] = [
    (1, "Alexandra Konstantinopoulou-Wright", "Faisal Rashid"),
    (2, "Gina Low", "Bob Jones"),
    (3, "Carol King", "Hal Brook"),
    (4, "Ivy Nash", "Dan Wu"),
    (5, "Eve Park", "Jo Lee"),
];

fn result_of(t: &crate::util::TestLeague, board: u32) -> String {
    let rows = t.query(&format!(
        "SELECT coalesce(result, '') FROM game WHERE board = {board}"
    ));
    rows[0][0].clone()
}

#[test]
fn the_board_shows_the_round_being_played_and_nothing_private() {
    let t = live_fixture();
    let server = Server::start(&t.db);
    let a = get(server.addr, "/board", "");
    assert_eq!(a.status, 200, "{}", a.body);
    let page = a.body;
    assert!(
        page.contains("<bdi>Winter Swiss</bdi> — Round 1</h2>"),
        "{page}"
    );
    assert!(page.contains("None of the 5 results is in yet."), "{page}");
    // Board by board: White, score before the round, Black.
    for (board, white, black) in ROUND_1 {
        let line = format!(
            "<span class=\"bd\">{board}</span> <span class=\"side w\"><bdi>{white}</bdi> <span class=\"sc\">(0)</span></span>"
        );
        assert!(page.contains(&line), "{line}\n{page}");
        let at = page.find(&line).unwrap();
        assert!(page[at..].contains(&format!("<bdi>{black}</bdi>")));
    }
    // "Find your board": all ten, A to Z by surname as the site sorts.
    let find = page.find("Find your board").unwrap();
    let alpha: Vec<&str> = page[find..]
        .split("<bdi class=\"who\">")
        .skip(1)
        .map(|s| &s[..s.find("</bdi>").unwrap()])
        .collect();
    assert_eq!(alpha.len(), 10, "{alpha:?}");
    assert!(page[find..].contains("<bdi class=\"who\">Bob Jones</bdi> <span class=\"where\">board 2, Black v <bdi>Gina Low</bdi></span>"), "{page}");
    // Nothing private: no e-mail, no ratings, no database ids, no console.
    for private in ["@", "2100", "2050", "/player/", "csrf", "token"] {
        assert!(!page.contains(private), "{private:?} on the board:\n{page}");
    }
    // Screen mode is the same board in large type, paging by itself.
    let screen = get(server.addr, "/board?screen=1", "").body;
    assert!(
        screen.contains("<body class=\"board screen-mode\""),
        "{screen}"
    );
    // The script and the stylesheets it names are served from the binary.
    for asset in ["/assets/board.js", "/assets/board.css", "/assets/style.css"] {
        assert_eq!(get(server.addr, asset, "").status, 200, "{asset}");
    }
}

#[test]
fn the_board_follows_a_result_entered_at_the_terminal() {
    let t = live_fixture();
    let server = Server::start(&t.db);
    let before: i64 = get(server.addr, "/board/version", "")
        .body
        .trim()
        .parse()
        .unwrap();
    let live = get(server.addr, "/board/live", "");
    assert_eq!(
        live.header("x-board-version"),
        Some(before.to_string().as_str())
    );
    assert!(live.body.contains("None of the 5 results is in yet."));
    t.ok(&[
        "game",
        "result",
        "--event",
        "Winter Swiss",
        "--round",
        "1",
        "Gina Low",
        "0-1",
    ]);
    let after: i64 = get(server.addr, "/board/version", "")
        .body
        .trim()
        .parse()
        .unwrap();
    assert!(after > before, "{before} -> {after}");
    let live = get(server.addr, "/board/live", "");
    assert_eq!(
        live.header("x-board-version"),
        Some(after.to_string().as_str())
    );
    assert!(
        live.body.contains("1 of 5 results are in; 4 not yet."),
        "{}",
        live.body
    );
    assert!(
        live.body.contains("<bdi>Gina Low</bdi> <span class=\"sc\">(0)</span></span> <span class=\"res\">0–1</span>"),
        "{}",
        live.body
    );
    // The fragment is the page's body: no frame, so it replaces in place.
    assert!(!live.body.contains("<html"));
}

#[test]
fn players_cannot_report_unless_the_event_allows_it() {
    let t = live_fixture();
    let server = Server::start(&t.db);
    let page = get(server.addr, "/board", "").body;
    assert!(!page.contains("Report this result"), "{page}");
    let a = report(&server, 2, "black", "0-1");
    assert_eq!(a.status, 409, "{}", a.body);
    assert!(
        a.body.contains("Players do not report their own results in Winter Swiss; hand the result to the secretary"),
        "{}",
        a.body
    );
    assert_eq!(result_of(&t, 2), "");
    assert_eq!(t.query("SELECT count(*) FROM result_report")[0][0], "0");
}

fn report(server: &Server, board: u32, side: &str, result: &str) -> crate::serve_http::Answer {
    let board = board.to_string();
    post(
        server.addr,
        "/board/report",
        "",
        &[
            ("section", "Winter Swiss"),
            ("round", "1"),
            ("board", &board),
            ("side", side),
            ("result", result),
        ],
    )
}

/// Turn players' reports on (`confirm` or `agree`) from the console.
fn allow_reports(server: &Server, cookie: &str, choice: &str) {
    let page = get(server.addr, "/reports", cookie);
    assert_eq!(page.status, 200, "{}", page.body);
    let csrf = csrf_of(&page.body);
    let a = post(
        server.addr,
        "/reports/setting",
        cookie,
        &[
            ("csrf", &csrf),
            ("section", "Winter Swiss"),
            ("choice", choice),
        ],
    );
    assert_eq!(a.status, 303, "{}", a.body);
}

#[test]
fn a_players_report_waits_for_the_secretarys_one_tap() {
    let t = live_fixture();
    let server = Server::start(&t.db);
    let cookie = server.log_in();
    allow_reports(&server, &cookie, "confirm");
    let page = get(server.addr, "/board", "").body;
    assert!(page.contains("Report this result"), "{page}");

    let a = report(&server, 2, "black", "0-1");
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(
        a.body.contains("Reported, awaiting the secretary"),
        "{}",
        a.body
    );
    // No standings change: the game has no result.
    assert_eq!(result_of(&t, 2), "");
    let page = get(server.addr, "/board", "").body;
    assert!(
        page.contains("reported 0-1, awaiting the secretary"),
        "{page}"
    );
    assert!(page.contains("None of the 5 results is in yet."), "{page}");
    // The same board again at once is turned away (rate limit per board).
    let again = report(&server, 2, "white", "0-1");
    assert_eq!(again.status, 429, "{}", again.body);

    // The secretary sees it, with who reported what, and confirms it.
    let list = get(server.addr, "/reports", &cookie).body;
    assert!(
        list.contains("Board 2: <bdi>Gina Low v Bob Jones</bdi>"),
        "{list}"
    );
    assert!(list.contains("Black (Bob Jones) reported 0-1 at"), "{list}");
    let csrf = csrf_of(&list);
    // Without the session's token nothing happens.
    let forged = post(
        server.addr,
        "/reports/confirm",
        &cookie,
        &[
            ("section", "Winter Swiss"),
            ("round", "1"),
            ("board", "2"),
            ("result", "0-1"),
        ],
    );
    assert_eq!(forged.status, 403, "{}", forged.body);
    assert_eq!(result_of(&t, 2), "");
    let ok = post(
        server.addr,
        "/reports/confirm",
        &cookie,
        &[
            ("csrf", &csrf),
            ("section", "Winter Swiss"),
            ("round", "1"),
            ("board", "2"),
            ("result", "0-1"),
        ],
    );
    assert_eq!(ok.status, 303, "{}", ok.body);
    assert_eq!(result_of(&t, 2), "0-1");
    assert_eq!(t.query("SELECT count(*) FROM result_report")[0][0], "0");
    let page = get(server.addr, "/board", "").body;
    assert!(page.contains("1 of 5 results are in; 4 not yet."), "{page}");
}

#[test]
fn a_report_contradicting_a_recorded_result_is_shown_never_applied() {
    let t = live_fixture();
    let server = Server::start(&t.db);
    let cookie = server.log_in();
    allow_reports(&server, &cookie, "agree");
    t.ok(&[
        "game",
        "result",
        "--event",
        "Winter Swiss",
        "--round",
        "1",
        "Carol King",
        "1-0",
    ]);
    let a = report(&server, 3, "black", "0-1");
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(
        a.body.contains(
            "The secretary recorded 1-0 for board 3; your report of 0-1 is shown to the secretary"
        ),
        "{}",
        a.body
    );
    assert_eq!(result_of(&t, 3), "1-0");
    let list = get(server.addr, "/reports", &cookie).body;
    assert!(
        list.contains("Recorded: 1-0. A report below differs from it"),
        "{list}"
    );
    assert!(!list.contains("Confirm 0-1"), "{list}");
}

#[test]
fn both_players_reporting_alike_records_the_result_when_the_event_allows() {
    let t = live_fixture();
    let server = Server::start(&t.db);
    let cookie = server.log_in();
    allow_reports(&server, &cookie, "agree");
    assert!(report(&server, 4, "white", "1/2-1/2")
        .body
        .contains("awaiting the secretary"));
    assert_eq!(result_of(&t, 4), "");
    std::thread::sleep(std::time::Duration::from_millis(5_100));
    let a = report(&server, 4, "black", "1/2-1/2");
    assert!(
        a.body
            .contains("Both players reported ½-½ on board 4: the result is recorded."),
        "{}",
        a.body
    );
    assert_eq!(result_of(&t, 4), "1/2-1/2");
}

#[test]
fn hostile_names_are_shown_as_text_on_the_board_and_the_reports_page() {
    let t = crate::util::TestLeague::new();
    t.ok(&[
        "season",
        "add",
        "2025-26",
        "--start",
        "2025-09-01",
        "--end",
        "2026-05-31",
    ]);
    t.ok(&[
        "event",
        "add",
        "Spring <b>Open</b>",
        "--season",
        "2025-26",
        "--rounds",
        "3",
    ]);
    let hostile = "<script>alert(1)</script> O'Neil & \"Sons\"";
    t.ok(&[
        "enter",
        "--new",
        "--event",
        "Spring <b>Open</b>",
        hostile,
        "Plain Name",
    ]);
    let sheet = t.write("r1.csv", "board,white,black,result\n1,#1,#2,\n");
    t.ok(&[
        "round",
        "record",
        "--event",
        "Spring <b>Open</b>",
        "--round",
        "1",
        sheet.to_str().unwrap(),
    ]);
    let server = Server::start(&t.db);
    let cookie = server.log_in();
    let board = get(server.addr, "/board", "").body;
    let reports = get(server.addr, "/reports", &cookie).body;
    for page in [&board, &reports] {
        assert!(!page.contains("<script>alert"), "{page}");
        assert!(!page.contains("<b>Open</b>"), "{page}");
        assert!(
            page.contains("&#60;script&#62;alert(1)&#60;/script&#62;") || page == &reports,
            "{page}"
        );
        assert!(
            page.contains("Spring &#60;b&#62;Open&#60;/b&#62;"),
            "{page}"
        );
    }
    // The live body escapes the same way.
    let live = get(server.addr, "/board/live", "").body;
    assert!(!live.contains("<script>alert"), "{live}");
}

/// The players' board needs no login, so nothing sent to it may change the
/// league: every board address under every method, forged console posts
/// without a session, paths that try to climb out of the assets, and a
/// player's report while the event takes none. The whole database is
/// compared before and after, table by table.
#[test]
fn nothing_sent_without_a_login_changes_the_league() {
    let t = live_fixture();
    let before = crate::util::snapshot(&t.db);
    let server = Server::start(&t.db);
    let board = [
        "/board",
        "/board?screen=1",
        "/board/live",
        "/board/version",
        "/board/report",
    ];
    for path in board {
        for method in ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"] {
            let a = crate::serve_http::request(
                server.addr,
                method,
                path,
                &[],
                "application/x-www-form-urlencoded",
                "section=Winter+Swiss&round=1&board=2&side=black&result=0-1",
            )
            .expect("the server answers");
            assert!(a.status < 500, "{method} {path}: {} {}", a.status, a.body);
        }
    }
    // The console's changes, posted without a session (a player's phone on
    // the club's wifi), are sent to the login page and record nothing.
    let form = [
        ("section", "1"),
        ("round", "1"),
        ("white", "5"),
        ("black", "2"),
        ("result", "0-1"),
        ("reason", "forged"),
        ("csrf", "guess"),
    ];
    for path in [
        "/results/record",
        "/results/undo",
        "/pair",
        "/publish",
        "/backup",
        "/setup/season",
        "/players/withdraw",
        "/reports/confirm",
        "/reports/setting",
    ] {
        let a = post(server.addr, path, "", &form);
        assert!(
            a.status == 303 || a.status == 401 || a.status == 403,
            "POST {path} without a session: {} {}",
            a.status,
            a.body
        );
    }
    for path in [
        "/assets/..%2F..%2Fleague.db",
        "/assets/../Cargo.toml",
        "/board/..%2F..%2Fetc%2Fpasswd",
    ] {
        assert_eq!(get(server.addr, path, "").status, 404, "{path}");
    }
    drop(server);
    assert_eq!(crate::util::snapshot(&t.db), before);
    assert_eq!(t.query("SELECT count(*) FROM result_report")[0][0], "0");
}
