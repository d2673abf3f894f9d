//! A few lines of HTTP/1.1 over a TCP socket, for the tests of `league
//! serve` and for talking to chromedriver: requests to a server on this
//! computer, one connection each, the whole answer read. A client crate
//! (reqwest, hyper) would bring dozens of crates to build for what fits
//! here.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// An answer: status, headers (names lower-cased) and body.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    /// The first header called `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Send `method path` with `body` (of type `kind`) and extra `headers`;
/// read the whole answer. `Err` when the server cannot be reached or
/// hangs up before answering.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    kind: &str,
    body: &str,
) -> std::io::Result<Answer> {
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(10))?;
    s.set_read_timeout(Some(Duration::from_secs(120)))?;
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !kind.is_empty() {
        head.push_str(&format!("Content-Type: {kind}\r\n"));
    }
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes())?;
    s.write_all(body.as_bytes())?;
    let raw = read_answer(&mut s)?;
    parse(&raw).ok_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "no complete HTTP answer")
    })
}

/// The answer's bytes: up to its Content-Length, or the last chunk, or the
/// connection's end (some servers, chromedriver among them, keep the
/// connection open after answering).
fn read_answer(s: &mut TcpStream) -> std::io::Result<Vec<u8>> {
    let mut raw = Vec::new();
    let mut buf = [0u8; 16384];
    loop {
        if let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok());
            let body = raw.len() - split - 4;
            match length {
                Some(n) if body >= n => return Ok(raw),
                None if head.contains("chunked") && raw.ends_with(b"0\r\n\r\n") => return Ok(raw),
                _ => {}
            }
        }
        let n = s.read(&mut buf)?;
        if n == 0 {
            return Ok(raw);
        }
        raw.extend_from_slice(&buf[..n]);
    }
}

fn parse(raw: &[u8]) -> Option<Answer> {
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    if chunked {
        body = unchunk(&body)?;
    }
    Some(Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&body).to_string(),
    })
}

fn unchunk(mut b: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let end = b.windows(2).position(|w| w == b"\r\n")?;
        let size = usize::from_str_radix(
            String::from_utf8_lossy(&b[..end]).split(';').next()?.trim(),
            16,
        )
        .ok()?;
        b = &b[end + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(b.get(..size)?);
        b = b.get(size + 2..)?;
    }
}

/// `GET path` with the session `cookie` (may be empty).
pub fn get(addr: SocketAddr, path: &str, cookie: &str) -> Answer {
    let headers: Vec<(&str, &str)> = if cookie.is_empty() {
        Vec::new()
    } else {
        vec![("Cookie", cookie)]
    };
    request(addr, "GET", path, &headers, "", "").unwrap_or_else(|e| panic!("GET {path}: {e}"))
}

/// `POST path` with a form body and the session `cookie` (may be empty).
pub fn post(addr: SocketAddr, path: &str, cookie: &str, form: &[(&str, &str)]) -> Answer {
    try_post(addr, path, cookie, form).unwrap_or_else(|e| panic!("POST {path}: {e}"))
}

/// [`post`], or the connection's error.
pub fn try_post(
    addr: SocketAddr,
    path: &str,
    cookie: &str,
    form: &[(&str, &str)],
) -> std::io::Result<Answer> {
    let body = form
        .iter()
        .map(|(k, v)| format!("{}={}", enc(k), enc(v)))
        .collect::<Vec<_>>()
        .join("&");
    let headers: Vec<(&str, &str)> = if cookie.is_empty() {
        Vec::new()
    } else {
        vec![("Cookie", cookie)]
    };
    request(
        addr,
        "POST",
        path,
        &headers,
        "application/x-www-form-urlencoded",
        &body,
    )
}

/// `s` percent-encoded for a form or a query.
pub fn enc(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// A `league serve` running on a free port of this computer; stopped
/// (killed) when dropped.
pub struct Server {
    pub child: Child,
    pub addr: SocketAddr,
    /// The console's one-time login address (path and query).
    pub login: String,
}

impl Server {
    /// Start `league serve` on `db` (listening on 127.0.0.1, port chosen by
    /// the system) and wait for its two addresses.
    pub fn start(db: &Path) -> Server {
        Server::start_with(db, &[])
    }

    /// [`Server::start`] with more arguments.
    pub fn start_with(db: &Path, more: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_league"))
            .arg("--db")
            .arg(db)
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(more)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start league serve");
        let mut out = child.stdout.take().expect("serve's output");
        let mut seen = String::new();
        let mut buf = [0u8; 512];
        while !seen.contains("/board") {
            let n = out.read(&mut buf).expect("read serve's output");
            if n == 0 {
                let mut err = String::new();
                if let Some(mut e) = child.stderr.take() {
                    let _ = e.read_to_string(&mut err);
                }
                panic!("league serve stopped before it printed its addresses:\n{seen}\n{err}");
            }
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
        // Keep reading (and dropping) what it prints, so it never blocks.
        std::thread::spawn(move || {
            let mut sink = Vec::new();
            let _ = out.read_to_end(&mut sink);
        });
        let console = seen
            .lines()
            .find_map(|l| l.strip_prefix("Console:"))
            .expect("the console's address")
            .trim()
            .to_string();
        let rest = console.strip_prefix("http://").expect("an http address");
        let (host, path) = rest.split_at(rest.find('/').expect("a path"));
        Server {
            child,
            addr: host.parse().expect("host:port"),
            login: path.to_string(),
        }
    }

    /// Log in with the one-time token: the session's cookie (`name=value`).
    pub fn log_in(&self) -> String {
        let a = get(self.addr, &self.login, "");
        let set = a
            .header("set-cookie")
            .unwrap_or_else(|| panic!("no session cookie after the token login: {a:?}"));
        set.split(';').next().unwrap_or_default().to_string()
    }

    /// Kill the server at once (`kill -9`), as a power cut would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The value of the first `<input ... name="csrf" value="...">` on a page.
pub fn csrf_of(page: &str) -> String {
    let at = page
        .find("name=\"csrf\" value=\"")
        .unwrap_or_else(|| panic!("no CSRF field on the page:\n{page}"));
    let rest = &page[at + "name=\"csrf\" value=\"".len()..];
    rest[..rest.find('"').expect("end of the value")].to_string()
}
