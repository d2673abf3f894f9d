//! `league serve` through the binary: the addresses it prints, the
//! one-time token over a real connection, the password that listening on
//! the network needs, and a clean stop on Ctrl-C. The pages themselves are
//! tested in-process (`src/web/tests/`).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use crate::util::TestLeague;

/// `league serve` started on `listen`, and the lines it printed up to
/// "Stop with Ctrl-C.".
fn start(t: &TestLeague, listen: &str) -> (Child, Vec<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_league"))
        .arg("--db")
        .arg(&t.db)
        .args(["serve", "--listen", listen])
        .env_remove("RUST_BACKTRACE")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("league serve");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut lines = Vec::new();
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).expect("a line") == 0 {
            panic!("league serve stopped: {lines:?}");
        }
        let done = line.starts_with("Stop with Ctrl-C.");
        lines.push(line.trim_end().to_string());
        if done {
            break;
        }
    }
    // The rest of standard output (the "Stopped." line) is read at the end.
    std::thread::spawn(move || {
        let mut rest = String::new();
        let _ = out.read_to_string(&mut rest);
        rest
    });
    (child, lines)
}

/// Ctrl-C to the server; it must stop cleanly.
fn stop(mut child: Child) {
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill -INT");
    assert!(status.success());
    let done = child.wait().expect("the server stops");
    assert!(done.success(), "league serve ended with {done:?}");
}

/// One HTTP/1.1 request to the server; the whole answer.
fn http(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).expect("connect to league serve");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .expect("request");
    let mut answer = String::new();
    s.read_to_string(&mut answer).expect("answer");
    answer
}

#[test]
fn serve_prints_the_console_with_a_token_that_logs_in_once_and_stops_on_ctrl_c() {
    let t = TestLeague::small();
    let (child, lines) = start(&t, "127.0.0.1:0");
    let console = lines
        .iter()
        .find(|l| l.starts_with("Console:"))
        .expect("the console line");
    let url = console.split_whitespace().nth(1).expect("an address");
    let rest = url.strip_prefix("http://").expect("http://");
    let (addr, path) = rest.split_at(rest.find('/').expect("a path"));
    assert!(path.starts_with("/?token=") && path.len() > 40, "{path}");
    assert!(
        lines
            .iter()
            .any(|l| l == &format!("Players' board:  http://{addr}/board")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("this computer only")),
        "{lines:?}"
    );
    let first = http(addr, path);
    assert!(first.starts_with("HTTP/1.1 303"), "{first}");
    assert!(
        first
            .to_ascii_lowercase()
            .contains("set-cookie: league_session="),
        "{first}"
    );
    assert!(first.contains("HttpOnly; SameSite=Strict"), "{first}");
    let second = http(addr, path);
    assert!(
        second.starts_with("HTTP/1.1 403"),
        "the token is spent: {second}"
    );
    stop(child);
}

#[test]
fn listening_on_the_network_is_refused_until_a_password_is_set() {
    let t = TestLeague::small();
    let r = t.fails(
        &["serve", "--listen", "0.0.0.0:0"],
        "no password protects it",
    );
    assert!(
        r.stderr.contains("league serve --set-password"),
        "{}",
        r.stderr
    );
    assert_eq!(r.code, Some(2));
    t.fails_with_stdin(&["serve", "--set-password"], Some("short\n"), "too short");
    let out = t.run_with_stdin(&["serve", "--set-password"], Some("club night 42\n"));
    assert!(out.ok, "{}", out.stderr);
    assert!(out.stdout.contains("Argon2id"), "{}", out.stdout);
    let stored = t.query("SELECT value FROM setting WHERE key = 'serve.password'");
    assert!(stored[0][0].starts_with("$argon2id$"), "{stored:?}");
    assert!(!stored[0][0].contains("club night 42"));
    let (child, lines) = start(&t, "0.0.0.0:0");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("reachable from the network; the console asks for the password.")),
        "{lines:?}"
    );
    stop(child);
    t.ok(&["serve", "--clear-password"]);
    t.fails(
        &["serve", "--listen", "0.0.0.0:0"],
        "no password protects it",
    );
}
