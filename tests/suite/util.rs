//! The harness: a temporary directory with a league database, `league`
//! run against it, and a snapshot of every table to prove a failed command
//! wrote nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub struct TestLeague {
    pub dir: tempfile::TempDir,
    pub db: PathBuf,
}

/// What a command printed and how it ended.
pub struct Run {
    pub ok: bool,
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl TestLeague {
    pub fn new() -> TestLeague {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = dir.path().join("league.db");
        TestLeague { dir, db }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let p = self.path(name);
        std::fs::write(&p, contents).expect("write test file");
        p
    }

    /// Run `league --db <db> args...` (`league demo ...` without --db).
    pub fn run(&self, args: &[&str]) -> Run {
        self.run_with_stdin(args, None)
    }

    pub fn run_with_stdin(&self, args: &[&str], stdin: Option<&str>) -> Run {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_league"));
        // `league demo` writes its own file (--out) and refuses --db.
        if args.first() != Some(&"demo") {
            cmd.arg("--db").arg(&self.db);
        }
        cmd.args(args)
            .current_dir(self.dir.path())
            .env_remove("LEAGUE_DB")
            .env_remove("RUST_BACKTRACE");
        let out: Output = if let Some(input) = stdin {
            use std::io::Write;
            let mut child = cmd
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("run league");
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(input.as_bytes())
                .expect("write stdin");
            child.wait_with_output().expect("league output")
        } else {
            cmd.output().expect("run league")
        };
        Run {
            ok: out.status.success(),
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Run and insist it succeeds; returns standard output.
    pub fn ok(&self, args: &[&str]) -> String {
        let r = self.run(args);
        assert!(r.ok, "league {args:?} failed:\n{}{}", r.stdout, r.stderr);
        r.stdout
    }

    /// Run, insist it fails with a message containing `needle`, and that
    /// the database is exactly as it was.
    pub fn fails(&self, args: &[&str], needle: &str) -> Run {
        self.fails_with_stdin(args, None, needle)
    }

    pub fn fails_with_stdin(&self, args: &[&str], stdin: Option<&str>, needle: &str) -> Run {
        let before = snapshot(&self.db);
        let r = self.run_with_stdin(args, stdin);
        assert!(!r.ok, "league {args:?} should have failed:\n{}", r.stdout);
        assert_ne!(r.code, Some(0));
        assert!(
            r.stderr.contains(needle),
            "league {args:?}: expected {needle:?} in:\n{}",
            r.stderr
        );
        assert!(
            !r.stderr.contains("panicked"),
            "league {args:?} panicked:\n{}",
            r.stderr
        );
        assert_eq!(
            before,
            snapshot(&self.db),
            "league {args:?} changed the database although it failed"
        );
        r
    }

    pub fn conn(&self) -> rusqlite::Connection {
        rusqlite::Connection::open(&self.db).expect("open test database")
    }

    pub fn query(&self, sql: &str) -> Vec<Vec<String>> {
        rows(&self.conn(), sql)
    }

    /// A small league: season 2022-23, a 5-round Swiss "Winter Swiss" with
    /// sections 1600+ (6 players) and U1600 (2 players).
    pub fn small() -> TestLeague {
        let t = TestLeague::new();
        t.ok(&["season", "add", "2022-23", "--start", "2022-09-01"]);
        t.ok(&[
            "event",
            "add",
            "Winter Swiss",
            "--season",
            "2022-23",
            "--rounds",
            "5",
            "--sections",
            "1600+,U1600",
            "--start",
            "2023-01-10",
        ]);
        for (name, rating) in [
            ("Alice Smith", "1800"),
            ("Bob Jones", "1750"),
            ("Carol King", "1700"),
            ("Dan Wu", "1650"),
            ("Eve Park", "1620"),
            ("Frank Moss", "1610"),
        ] {
            t.ok(&["player", "add", name, "--rating", rating]);
        }
        t.ok(&["player", "add", "Gina Low", "--rating", "1400"]);
        t.ok(&["player", "add", "Hal Brook", "--rating", "1300"]);
        t.ok(&[
            "enter",
            "Alice",
            "Bob",
            "Carol",
            "Dan",
            "Eve",
            "Frank",
            "--event",
            "Winter Swiss",
            "--section",
            "1600+",
        ]);
        t.ok(&[
            "enter",
            "Gina",
            "Hal",
            "--event",
            "Winter Swiss",
            "--section",
            "U1600",
        ]);
        t
    }
}

/// Every row of every table, as text: equal snapshots mean nothing changed.
pub fn snapshot(db: &Path) -> Vec<String> {
    if !db.exists() {
        return vec!["<no database>".into()];
    }
    let bytes = std::fs::read(db).expect("read database file");
    if !bytes.starts_with(b"SQLite format 3\0") {
        return vec![String::from_utf8_lossy(&bytes).into_owned()];
    }
    let conn = rusqlite::Connection::open(db).expect("open for snapshot");
    let tables: Vec<String> = rows(
        &conn,
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
    )
    .into_iter()
    .map(|r| r[0].clone())
    .collect();
    let mut out = Vec::new();
    for t in tables {
        for r in rows(&conn, &format!("SELECT * FROM \"{t}\" ORDER BY 1")) {
            out.push(format!("{t}: {}", r.join("|")));
        }
    }
    out
}

pub fn rows(conn: &rusqlite::Connection, sql: &str) -> Vec<Vec<String>> {
    let mut st = conn.prepare(sql).expect("prepare");
    let n = st.column_count();
    st.query_map([], |r| {
        Ok((0..n)
            .map(|i| match r.get_ref(i).expect("column") {
                rusqlite::types::ValueRef::Null => "NULL".to_string(),
                rusqlite::types::ValueRef::Integer(v) => v.to_string(),
                rusqlite::types::ValueRef::Real(v) => v.to_string(),
                rusqlite::types::ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned(),
                rusqlite::types::ValueRef::Blob(b) => format!("{b:?}"),
            })
            .collect())
    })
    .expect("query")
    .collect::<Result<Vec<_>, _>>()
    .expect("rows")
}
