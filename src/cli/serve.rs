//! `league serve`: the console and the players' board in the browser
//! ([`crate::web`]). Prints the console's address with a one-time login
//! token and the board's address, and serves until Ctrl-C. `--set-password`
//! stores the console password (an Argon2id hash) that listening on the
//! club's network needs.

use std::io::{BufRead, IsTerminal, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use crate::app::settings as app;
use crate::error::{Error, Result};
use crate::store::{serve as settings, Store};
use crate::web::{self, auth, db::Db, AppState};

/// The arguments of `league serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on. Any but this computer's own (127.0.0.1), such as 0.0.0.0:8080
    /// for the club's wifi, needs a console password (--set-password).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Set the console's password (read from standard input, not shown as it is typed), store
    /// its Argon2id hash in the database, and stop.
    #[arg(long, conflicts_with = "clear_password")]
    pub set_password: bool,
    /// Remove the console's password, and stop.
    #[arg(long)]
    pub clear_password: bool,
    /// The folder the console's "Publish" writes the results site to (remembered).
    #[arg(long)]
    pub site: Option<PathBuf>,
}

/// Run `league serve` on the database at `db`.
pub fn run(db: &Path, a: ServeArgs) -> Result<()> {
    let (mut store, read_only) = open(db, &a)?;
    if a.set_password || a.clear_password {
        return password(&mut store, a.set_password);
    }
    if let Some(folder) = &a.site {
        let text = folder.display().to_string();
        store.write(|tx| app::set_site_folder(tx, &text))?;
    }
    let hash = settings::password_hash(store.conn())?;
    web::check_listen(&a.listen, hash.is_some())?;
    let site = settings::site_folder(store.conn())?.map(PathBuf::from);
    drop(store);
    let token = auth::random_token();
    let db = if read_only {
        Db::open_read_only(db)?
    } else {
        Db::open(db)?
    };
    let shown = read_only.then(|| db.path().display().to_string());
    let state = AppState::new(db, token.clone(), hash.clone(), site);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(a.listen)
            .await
            .map_err(|e| Error::invalid(format!("cannot listen on {}: {e}", a.listen)))?;
        let bound = listener.local_addr()?;
        let stop = web::stop_signals()?;
        announce(bound, &token, hash.is_some(), shown.as_deref())?;
        web::serve(state, listener, stop).await?;
        Ok::<(), Error>(())
    })?;
    println!("Stopped.");
    Ok(())
}

/// The database to serve: opened to record, as every command that writes
/// opens it, or (`true`) opened to show only when the file is read-only and
/// nothing asked to change it: the console and the board still show the
/// league, and the console refuses each change with what to do.
fn open(db: &Path, a: &ServeArgs) -> Result<(Store, bool)> {
    let e = match Store::open(db, false) {
        Ok(store) => return Ok((store, false)),
        Err(e) => e,
    };
    let changes = a.set_password || a.clear_password || a.site.is_some();
    if changes || !db.exists() || crate::store::access_problem(db).is_none() {
        return Err(e);
    }
    match Store::open_for_reading(db) {
        Ok(store) => Ok((store, true)),
        Err(_) => Err(e),
    }
}

/// The two addresses, how the console is protected, and (`read_only`: the
/// file) that nothing can be recorded.
fn announce(bound: SocketAddr, token: &str, password: bool, read_only: Option<&str>) -> Result<()> {
    let here = if bound.ip().is_unspecified() {
        SocketAddr::new([127, 0, 0, 1].into(), bound.port())
    } else {
        bound
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "Console:         http://{here}/?token={token}")?;
    writeln!(
        out,
        "                 (this address logs in once; keep it to yourself)"
    )?;
    if bound.ip().is_loopback() {
        writeln!(out, "Players' board:  http://{here}/board")?;
        writeln!(out, "Listening on {bound}: this computer only.")?;
    } else {
        writeln!(
            out,
            "Players' board:  http://HOST:{}/board (HOST: this computer's address on the network)",
            bound.port()
        )?;
        writeln!(out, "Listening on {bound}: reachable from the network; the console asks for the password{}.", if password { "" } else { " (none is set)" })?;
    }
    if let Some(file) = read_only {
        writeln!(
            out,
            "Read-only: {file} cannot be written, so the console and the board show the league \
             but record nothing; make the file writable and start league serve again to record results."
        )?;
    }
    writeln!(out, "Stop with Ctrl-C.")?;
    out.flush()?;
    Ok(())
}

/// Set (asking twice on a terminal) or clear the console password.
fn password(store: &mut Store, set: bool) -> Result<()> {
    if !set {
        store.write(app::clear_console_password)?;
        println!("The console password is removed: `league serve` listens on this computer only.");
        return Ok(());
    }
    let first = read_secret("New console password: ")?;
    app::check_console_password(&first)?;
    if std::io::stdin().is_terminal() && read_secret("Again: ")? != first {
        return Err(Error::invalid(
            "the two passwords differ; nothing was changed",
        ));
    }
    store.write(|tx| app::set_console_password(tx, &first, auth::hash_password))?;
    println!("The console password is set (kept as an Argon2id hash): `league serve --listen 0.0.0.0:8080` may now listen on the club's network.");
    Ok(())
}

/// A line from standard input, not echoed when it is a terminal.
fn read_secret(prompt: &str) -> Result<String> {
    let tty = std::io::stdin().is_terminal();
    if tty {
        eprint!("{prompt}");
        echo(false);
    }
    let mut line = String::new();
    let read = std::io::stdin().lock().read_line(&mut line);
    if tty {
        echo(true);
        eprintln!();
    }
    read?;
    Ok(line.trim_end_matches(['\r', '\n']).to_string())
}

/// Turn the terminal's echo off or on (Unix `stty`; elsewhere left as is).
fn echo(on: bool) {
    let _ = std::process::Command::new("stty")
        .arg(if on { "echo" } else { "-echo" })
        .stdin(std::process::Stdio::inherit())
        .status();
}
