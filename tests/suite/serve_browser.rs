//! `league serve` in a real browser (issue 26): Debian's Chromium driven
//! through chromedriver's WebDriver protocol at a 390×844 phone viewport
//! and at 1366×900. The WebDriver requests are plain HTTP and JSON, sent
//! with the suite's few lines of HTTP (`serve_http`), so no client crate.
//! Skips (and says so) where chromedriver is missing, except in CI.

use std::net::{SocketAddr, TcpListener};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::serve_http::{request, Server};
use crate::site_live::live_fixture;

mod teams; // a team match entered board by board at 390x844

/// The key WebDriver names an element by.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// chromedriver running on a free port, and one browser session in it.
struct Browser {
    driver: Child,
    addr: SocketAddr,
    session: String,
    /// The viewport's width in CSS pixels, as asked for.
    width: u32,
    _profile: tempfile::TempDir,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn chromedriver_present() -> bool {
    Command::new("chromedriver")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

impl Browser {
    /// A headless Chromium whose page is `width`×`height` CSS pixels; a
    /// phone (`mobile`) is emulated as one, with touch and its pixel ratio.
    fn start(width: u32, height: u32, mobile: bool) -> Browser {
        let port = free_port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let start = Instant::now();
        while request(addr, "GET", "/status", &[], "", "").is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = tempfile::tempdir().unwrap();
        let mut options = json!({
            "binary": "/usr/bin/chromium",
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                format!("--user-data-dir={}", profile.path().display()),
                format!("--window-size={width},{height}"),
            ],
        });
        if mobile {
            options["mobileEmulation"] = json!({
                "deviceMetrics": {"width": width, "height": height, "pixelRatio": 3.0, "touch": true}
            });
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": options
        }}});
        let mut b = Browser {
            driver,
            addr,
            session: String::new(),
            width,
            _profile: profile,
        };
        let v = b.call("POST", "/session", caps);
        b.session = v["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {v}"))
            .to_string();
        b
    }

    fn call(&self, method: &str, path: &str, body: Value) -> Value {
        let text = if body.is_null() {
            String::new()
        } else {
            body.to_string()
        };
        let a = request(self.addr, method, path, &[], "application/json", &text)
            .unwrap_or_else(|e| panic!("WebDriver {method} {path}: {e}"));
        let v: Value = serde_json::from_str(&a.body)
            .unwrap_or_else(|e| panic!("WebDriver {path} answered {}: {e}", a.body));
        assert_eq!(a.status, 200, "WebDriver {method} {path}: {v}");
        v
    }

    fn at(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    fn open(&self, url: &str) {
        self.call("POST", &self.at("/url"), json!({ "url": url }));
    }

    fn js(&self, script: &str) -> Value {
        self.call(
            "POST",
            &self.at("/execute/sync"),
            json!({"script": script, "args": []}),
        )["value"]
            .clone()
    }

    fn find(&self, css: &str) -> String {
        let v = self.call(
            "POST",
            &self.at("/element"),
            json!({"using": "css selector", "value": css}),
        );
        v["value"][ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {v}"))
            .to_string()
    }

    /// Click the element `css` selects, trying again for a few seconds
    /// while it is not there yet or was replaced (the board's live update
    /// swaps its body; a page may still be loading).
    fn click(&self, css: &str) {
        let start = Instant::now();
        loop {
            let found = self.try_call(
                "POST",
                &self.at("/element"),
                json!({"using": "css selector", "value": css}),
            );
            let clicked = found.and_then(|v| {
                let e = v["value"][ELEMENT]
                    .as_str()
                    .ok_or_else(|| v.to_string())?
                    .to_string();
                self.try_call("POST", &self.at(&format!("/element/{e}/click")), json!({}))
            });
            match clicked {
                Ok(_) => return,
                Err(e) if start.elapsed() > Duration::from_secs(15) => {
                    panic!("could not click {css}: {e}")
                }
                Err(_) => std::thread::sleep(Duration::from_millis(200)),
            }
        }
    }

    /// Mark the page, so that a wait after a click that loads another page
    /// does not take the old page for the new one.
    fn leaving(&self) {
        self.js("window.leavingThisPage = true; return true;");
    }

    /// A WebDriver call that may fail (an element not there yet).
    fn try_call(&self, method: &str, path: &str, body: Value) -> Result<Value, String> {
        let a = request(
            self.addr,
            method,
            path,
            &[],
            "application/json",
            &body.to_string(),
        )
        .map_err(|e| e.to_string())?;
        let v: Value = serde_json::from_str(&a.body).map_err(|e| e.to_string())?;
        if a.status == 200 {
            Ok(v)
        } else {
            Err(v.to_string())
        }
    }

    fn type_in(&self, css: &str, text: &str) {
        let e = self.find(css);
        self.call(
            "POST",
            &self.at(&format!("/element/{e}/value")),
            json!({ "text": text }),
        );
    }

    /// The page's text.
    fn text(&self) -> String {
        self.js("return document.body.innerText;")
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Wait (up to `secs`) until `script` returns true.
    fn wait_for(&self, script: &str, secs: u64, what: &str) {
        let start = Instant::now();
        while self.js(script) != json!(true) {
            assert!(
                start.elapsed() < Duration::from_secs(secs),
                "{what} did not happen within {secs} s; the page says:\n{}",
                self.text()
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// The page is no wider than the viewport: nothing to pan sideways.
    /// Measured against the width asked for: a phone's browser widens its
    /// window (`innerWidth`) to a page wider than the phone, zoomed out.
    /// Measured again for up to 5 s while it is wider: on a loaded machine
    /// the page may be measured before its stylesheet is laid out (a CI
    /// run once saw the standings 469 px wide for a moment).
    fn fits(&self, page: &str) {
        let start = Instant::now();
        loop {
            let v = self.js(
                "return [document.documentElement.scrollWidth, window.innerWidth, document.documentElement.clientWidth];",
            );
            let (scroll, inner) = (v[0].as_i64().unwrap(), v[1].as_i64().unwrap());
            let viewport = inner.min(self.width as i64);
            if scroll <= viewport {
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(5),
                "{page}: the page is {scroll} px wide in a {viewport} px viewport ({v})"
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = request(self.addr, "DELETE", &self.at(""), &[], "", "");
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Say whether the browser test ran, past the harness's capture (as the
/// site's browser test does).
fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Whether the test may run: chromedriver and chromium are here; in CI
/// (`CI` set) their absence is a failure, not a skip.
fn browser_here() -> bool {
    let present = chromedriver_present() && crate::site::chromium_present();
    if !present {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromedriver and chromium are needed for the serve browser test in CI (.ci/run installs chromium and chromium-driver)"
        );
        say("serve browser test SKIPPED: chromedriver or chromium is not installed here and CI is not set");
    }
    present
}

/// One evening in the browser at `width`×`height`: the token login, the
/// players' board on its own following results entered meanwhile (no
/// reload), a player's report and the secretary's one tap, every other
/// result tapped in and one corrected with a reason, screen mode, the next
/// round previewed and paired, the site published, and every page within
/// the viewport's width.
fn club_night(width: u32, height: u32, mobile: bool) {
    let t = live_fixture();
    let site = t.path("site");
    let server = Server::start_with(&t.db, &["--site", site.to_str().unwrap()]);
    let base = format!("http://{}", server.addr);
    let b = Browser::start(width, height, mobile);

    // The players' board, with a marker a reload would wipe out.
    b.open(&format!("{base}/board"));
    assert!(b.text().contains("Winter Swiss — Round 1"), "{}", b.text());
    b.fits("the players' board");
    b.js("window.stillTheSamePage = true; return true;");
    // "Find your board": typing a name leaves only that player's line.
    b.type_in("input.board-q", "jones");
    b.wait_for(
        "return [...document.querySelectorAll('.board-alpha li')].filter(li => !li.hidden).length === 1;",
        5,
        "the search for jones",
    );
    // A result entered at the terminal shows up by itself.
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
    b.wait_for(
        "return document.body.innerText.includes('1 of 5 results are in');",
        15,
        "the board's update after a result",
    );
    assert_eq!(
        b.js("return window.stillTheSamePage === true;"),
        json!(true)
    );
    // The search box keeps what was typed across the update.
    assert_eq!(
        b.js("return document.querySelector('input.board-q').value;"),
        json!("jones")
    );

    // The console: the token logs in once.
    b.open(&format!("{base}{}", server.login));
    b.fits("the console's home page");
    // The event to run, chosen once and remembered.
    if b.text().contains("Which event are you running?") {
        b.leaving();
        b.click("form[action='/event'] button");
        b.wait_for(
            "return window.leavingThisPage !== true && document.body.innerText.includes('results missing');",
            10,
            "choosing the event",
        );
    }
    b.open(&format!("{base}/reports"));
    assert!(b.text().contains("Players' reports"), "{}", b.text());
    b.fits("the players' reports page");
    b.click("form[action='/reports/setting'] select option[value='confirm']");
    b.leaving();
    b.click("form[action='/reports/setting'] button");
    b.wait_for(
        "return window.leavingThisPage !== true && location.pathname === '/reports';",
        10,
        "saving the setting",
    );

    // A player reports board 3 from the board.
    b.open(&format!("{base}/board"));
    b.js("window.stillTheSamePage = true; return true;");
    // Opened and tapped in one go: the board's live update may replace
    // its body between two WebDriver calls (the details would close).
    b.click("li.game:nth-child(3) details.report summary");
    b.wait_for(
        "const d = document.querySelector('li.game:nth-child(3) details.report'); \
         if (!d) return false; d.open = true; \
         d.querySelector(\"button[value='1-0']\").click(); return true;",
        10,
        "the report's buttons",
    );
    b.wait_for(
        "return document.body.innerText.includes('Reported, awaiting the secretary');",
        10,
        "the report's answer",
    );
    b.fits("the report's answer");
    assert_eq!(
        t.query("SELECT coalesce(result, '') FROM game WHERE board = 3")[0][0],
        ""
    );

    // The secretary's one tap records it; the board follows.
    b.open(&format!("{base}/reports"));
    b.leaving();
    b.click("form[action='/reports/confirm'] button");
    b.wait_for(
        "return window.leavingThisPage !== true && location.pathname === '/reports';",
        10,
        "the confirmation",
    );
    assert_eq!(
        t.query("SELECT result FROM game WHERE board = 3")[0][0],
        "1-0"
    );

    // Every other result from the console's results page, one tap each.
    b.open(&format!("{base}/"));
    b.leaving();
    b.click("a.button.primary[href^='/results']");
    b.wait_for(
        "return window.leavingThisPage !== true && location.pathname === '/results';",
        10,
        "the results page",
    );
    b.fits("the results page");
    for _ in 0..3 {
        b.leaving();
        b.click("form.taps button[value='1/2-1/2']");
        b.wait_for(
            "return window.leavingThisPage !== true && document.readyState === 'complete' && location.pathname === '/results';",
            10,
            "a result's echo",
        );
    }
    assert_eq!(
        t.query("SELECT count(*) FROM game WHERE result IS NOT NULL")[0][0],
        "5",
        "{}",
        b.text()
    );
    // A correction, with a reason for the log.
    b.leaving();
    b.click("a[href^='/results/correct']");
    b.wait_for(
        "return window.leavingThisPage !== true && location.pathname === '/results/correct';",
        10,
        "the correction page",
    );
    b.fits("the correction page");
    b.click("input[name='result'][value='1-0']");
    b.type_in("input[name='reason']", "slip misread");
    b.leaving();
    b.click("form[action='/results/correct'] button.primary");
    b.wait_for(
        "return window.leavingThisPage !== true && location.pathname === '/results';",
        10,
        "the correction's echo",
    );
    let logged = t.query("SELECT count(*) FROM audit WHERE reason = 'slip misread'");
    assert_eq!(logged[0][0], "1", "the correction is in the log");

    // The board, in screen mode, has every result.
    b.open(&format!("{base}/board?screen=1"));
    b.wait_for(
        "return document.body.innerText.includes('All 5 results are in');",
        10,
        "the board after the last result",
    );
    b.fits("screen mode");

    // The next round, paired from the console: the home page's button, the
    // preview, then "Pair it"; the board follows.
    b.open(&format!("{base}/"));
    b.leaving();
    b.click("a.button[href^='/pair']");
    b.wait_for(
        "return window.leavingThisPage !== true && location.pathname === '/pair';",
        10,
        "the pairing preview",
    );
    assert!(b.text().contains("round 2"), "{}", b.text());
    b.fits("the pairing preview");
    assert_eq!(
        t.query("SELECT count(*) FROM round WHERE number = 2")[0][0],
        "0",
        "the preview wrote nothing"
    );
    b.leaving();
    b.click("form[action='/pair'] button.primary");
    b.wait_for(
        "return window.leavingThisPage !== true && location.pathname === '/results';",
        15,
        "pairing round 2",
    );
    let paired =
        t.query("SELECT count(*) FROM game g JOIN round r ON r.id = g.round_id WHERE r.number = 2");
    assert_ne!(paired[0][0], "0", "round 2 has its games");
    b.open(&format!("{base}/board"));
    b.wait_for(
        "return document.body.innerText.includes('Round 2');",
        15,
        "the board showing round 2",
    );

    // Publish the site from the console.
    b.open(&format!("{base}/publish"));
    b.fits("the publish page");
    b.leaving();
    b.click("form[action='/publish'] button");
    b.wait_for(
        "return window.leavingThisPage !== true && document.readyState === 'complete';",
        30,
        "publishing",
    );
    assert!(site.join("index.html").exists(), "{}", b.text());
}

#[test]
fn a_club_night_in_chromium_on_a_phone() {
    if browser_here() {
        say("serve browser test RUNS: chromedriver drives Chromium at 390x844");
        club_night(390, 844, true);
    }
}

#[test]
fn a_club_night_in_chromium_on_a_laptop() {
    if browser_here() {
        say("serve browser test RUNS: chromedriver drives Chromium at 1366x900");
        club_night(1366, 900, false);
    }
}

/// The demo league with its next event set up at the terminal, as a
/// secretary sets one up before its first evening: the demo's season is
/// played out (it leaves no round to pair), so "Spring Swiss" is added to
/// it with 13 of the demo's players entered (an odd number: round 1 has a
/// bye) and chosen as the event being run. Round 1 is not paired.
fn demo_with_its_next_event() -> crate::util::TestLeague {
    let t = crate::util::TestLeague::new();
    t.ok(&["demo", "--out", t.db.to_str().unwrap()]);
    t.ok(&[
        "event",
        "add",
        "Spring Swiss",
        "--season",
        "2022-23",
        "--rounds",
        "5",
        "--start",
        "2023-04-25",
        "--end",
        "2023-05-23",
    ]);
    let names: Vec<String> = t
        .query("SELECT name FROM player ORDER BY id LIMIT 13")
        .into_iter()
        .map(|row| row[0].clone())
        .collect();
    let mut enter = vec!["enter", "--event", "Spring Swiss"];
    enter.extend(names.iter().map(String::as_str));
    t.ok(&enter);
    t.ok(&["use", "--event", "Spring Swiss"]);
    t
}

/// Each game of `round` of the Spring Swiss by board: (board, white,
/// black, result or "").
fn spring_games(t: &crate::util::TestLeague, round: u32) -> Vec<(u32, String, String, String)> {
    t.query(&format!(
        "SELECT g.board, w.name, b.name, coalesce(g.result, '') \
         FROM game g JOIN round r ON r.id = g.round_id \
         JOIN section s ON s.id = r.section_id JOIN event e ON e.id = s.event_id \
         JOIN entry we ON we.id = g.white_entry JOIN player w ON w.id = we.player_id \
         JOIN entry be ON be.id = g.black_entry JOIN player b ON b.id = be.player_id \
         WHERE e.name = 'Spring Swiss' AND r.number = {round} ORDER BY g.board"
    ))
    .into_iter()
    .map(|r| {
        (
            r[0].parse().unwrap(),
            r[1].clone(),
            r[2].clone(),
            r[3].clone(),
        )
    })
    .collect()
}

/// The rows of the table `css` selects, each as its cells' text.
fn table_rows(b: &Browser, css: &str) -> Vec<Vec<String>> {
    let v = b.js(&format!(
        "return [...document.querySelectorAll('{css} tbody tr')].map(tr => [...tr.cells].map(c => c.innerText.trim()));"
    ));
    serde_json::from_value(v).unwrap()
}

/// The demo league's next evening on a 390×844 phone: the home page says
/// round 1 is next, the preview pairs the 13 players on 6 boards and a bye
/// and writes nothing, "Pair it" writes exactly that, every result is
/// tapped in (each echoed with its players' names), the standings page
/// agrees with `league standings` place by place, the players' board
/// shows the round complete, and no page is wider than the phone.
fn demo_evening_on_a_phone() {
    let t = demo_with_its_next_event();
    let server = Server::start(&t.db);
    let base = format!("http://{}", server.addr);
    let b = Browser::start(390, 844, true);

    b.open(&format!("{base}{}", server.login));
    let home = b.text();
    assert!(home.contains("Spring Swiss"), "{home}");
    assert!(home.contains("Next round to pair: round 1"), "{home}");
    b.fits("the console's home page");

    // The preview: 6 boards and the bye, nothing written.
    b.leaving();
    b.click("a.button[href^='/pair']");
    b.wait_for(
        "return window.leavingThisPage !== true && location.pathname === '/pair';",
        10,
        "the pairing preview",
    );
    b.fits("the pairing preview");
    let preview = table_rows(&b, "table.pairing");
    assert_eq!(preview.len(), 6, "{}", b.text());
    assert!(b.text().contains("Byes"), "{}", b.text());
    assert!(spring_games(&t, 1).is_empty(), "the preview wrote nothing");

    // Pair it: the games written are the boards previewed.
    b.leaving();
    b.click("form[action='/pair'] button.primary");
    b.wait_for(
        "return window.leavingThisPage !== true && location.pathname === '/results';",
        15,
        "pairing round 1",
    );
    let games = spring_games(&t, 1);
    assert_eq!(games.len(), 6);
    for (row, (board, white, black, result)) in preview.iter().zip(&games) {
        assert_eq!(row[0], board.to_string());
        assert!(row[1].starts_with(white.as_str()), "{row:?} v {white}");
        assert!(row[2].starts_with(black.as_str()), "{row:?} v {black}");
        assert_eq!(result, "");
    }
    b.fits("the results page");

    // Every result, one tap each on the first empty board.
    let taps = ["1-0", "1/2-1/2", "0-1", "1-0", "0-1", "1/2-1/2"];
    for (tap, (_, white, _, _)) in taps.iter().zip(&games) {
        b.leaving();
        b.click(&format!("form.taps button[value='{tap}']"));
        b.wait_for(
            "return window.leavingThisPage !== true && document.readyState === 'complete' && location.pathname === '/results';",
            10,
            "a result's echo",
        );
        let echo = b.js("const e = document.querySelector('p.echo'); return e ? e.innerText : '';");
        assert!(
            echo.as_str().is_some_and(|e| e.contains(white.as_str())),
            "the echo names {white}: {echo}"
        );
    }
    b.fits("the results page with every result in");
    let recorded: Vec<String> = spring_games(&t, 1).into_iter().map(|g| g.3).collect();
    assert_eq!(recorded, taps);

    // The standings agree with the command line's, place by place.
    b.open(&format!("{base}/standings"));
    b.fits("the standings page");
    let page = table_rows(&b, "table.standings");
    let cli: serde_json::Value =
        serde_json::from_str(&t.ok(&["standings", "--event", "Spring Swiss", "--format", "json"]))
            .unwrap();
    let rows = cli["rows"].as_array().unwrap();
    assert_eq!(page.len(), 13);
    assert_eq!(rows.len(), 13);
    for (shown, row) in page.iter().zip(rows) {
        assert_eq!(shown[0], row["place"].as_str().unwrap(), "{shown:?} {row}");
        assert_eq!(shown[2], row["name"].as_str().unwrap(), "{shown:?} {row}");
        let halves = (row["score"].as_f64().unwrap() * 2.0).round() as i64;
        let score = match (halves / 2, halves % 2) {
            (0, 1) => "½".to_string(),
            (w, 1) => format!("{w}½"),
            (w, _) => w.to_string(),
        };
        assert_eq!(shown[4], score, "{shown:?} {row}");
    }
    // Four winners and the bye on 1, the two draws' four players on ½.
    let on = |s: &str| page.iter().filter(|r| r[4] == s).count();
    assert_eq!((on("1"), on("½"), on("0")), (5, 4, 4));

    // The round's printed sheets and the players' board, on the phone too.
    b.open(&format!("{base}/round/print"));
    assert!(
        b.text().contains("Spring Swiss, Open: round 1: pairings"),
        "{}",
        b.text()
    );
    b.fits("the round's printed sheets");
    b.open(&format!("{base}/board"));
    b.wait_for(
        "return document.body.innerText.includes('All 6 results are in');",
        10,
        "the board with round 1 complete",
    );
    b.fits("the players' board");
}

#[test]
fn the_demo_leagues_next_evening_in_chromium_on_a_phone() {
    if browser_here() {
        say("serve browser test RUNS: the demo's next event at 390x844");
        demo_evening_on_a_phone();
    }
}

/// The set-up pages of issue 26's last items on a 390×844 phone, with
/// every fold opened: a season's and an event's edit forms (the pairing
/// settings of a US Chess Swiss and of a round robin), an event's prizes,
/// the rating lists and the confirm page of removing one, and a merge's
/// plan: none is wider than the phone.
fn setup_pages_on_a_phone() {
    let t = crate::util::TestLeague::new();
    t.ok(&["demo", "--out", t.db.to_str().unwrap()]);
    t.ok(&["player", "add", "Demo Twin"]);
    let server = Server::start(&t.db);
    let base = format!("http://{}", server.addr);
    let b = Browser::start(390, 844, true);
    b.open(&format!("{base}{}", server.login));
    let pages = [
        ("/setup", "Seasons, events and sections"),
        ("/setup/event/edit?event=1", "US Chess Swiss system"),
        ("/setup/event/edit?event=5", "Table played"),
        ("/prizes?event=1", "Prizes of Howard Ridout Memorial"),
        ("/ratings", "Supplement Aug 2022"),
        (
            "/ratings/remove?list=Supplement+Aug+2022&date=2022-08-01",
            "Remove the rating list Supplement Aug 2022?",
        ),
        ("/players/merge?from=Demo+Twin&into=%231", "would:"),
    ];
    for (page, shows) in pages {
        b.open(&format!("{base}{page}"));
        b.js("document.querySelectorAll('details').forEach(d => d.open = true); return true;");
        let text = b.text();
        assert!(text.contains(shows), "{page}: {text}");
        b.fits(page);
    }
}

#[test]
fn the_setup_pages_fit_a_phone() {
    if browser_here() {
        say("serve browser test RUNS: the set-up pages at 390x844");
        setup_pages_on_a_phone();
    }
}
