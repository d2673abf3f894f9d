//! The database behind the server: one connection that writes (one write
//! at a time, each the CLI's one transaction) and a few that read at the
//! same time (SQLite's WAL lets readers go on while a result is written).
//! Every call runs on tokio's blocking threads, never on the threads that
//! answer requests. A database another program is writing is waited for
//! (the store's busy timeout), never shown as an error page.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::error::{Error, Result};
use crate::store::Store;

/// The league database as the server uses it.
pub struct Db {
    path: PathBuf,
    /// The writing connection; `None` for a file league may not write,
    /// shown read-only ([`Db::open_read_only`]).
    writer: Option<Mutex<Store>>,
    readers: Mutex<Vec<Store>>,
}

impl Db {
    /// Open the league at `path` (brought up to date as any command that
    /// writes would), refusing a file that is not a league database.
    pub fn open(path: &Path) -> Result<Db> {
        let writer = Store::open(path, false)?;
        Ok(Db {
            path: path.to_path_buf(),
            writer: Some(Mutex::new(writer)),
            readers: Mutex::new(Vec::new()),
        })
    }

    /// Open the league at `path` to show only, for a file league may not
    /// write (read-only media, a write-protected copy): every page reads
    /// as usual, and every change is refused with [`Db::write`]'s words
    /// before anything is tried.
    pub fn open_read_only(path: &Path) -> Result<Db> {
        let reader = Store::open_for_reading(path)?;
        Ok(Db {
            path: path.to_path_buf(),
            writer: None,
            readers: Mutex::new(vec![reader]),
        })
    }

    /// Whether the server shows the league without recording anything.
    pub fn read_only(&self) -> bool {
        self.writer.is_none()
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Run `f` on a reading connection, on a blocking thread. Reads never
    /// wait for a write in progress: they see the last committed state.
    pub async fn read<T, F>(self: &Arc<Self>, f: F) -> Result<T>
    where
        F: FnOnce(&Store) -> Result<T> + Send + 'static,
        T: Send + 'static,
    {
        let db = Arc::clone(self);
        blocking(move || {
            let store = db.take_reader()?;
            let out = f(&store);
            db.give_back(store);
            out
        })
        .await
    }

    /// Run `f` with the one writing connection, on a blocking thread: two
    /// devices recording at once are served one after the other, each in
    /// its own transaction (`f` calls [`Store::write`] as the CLI does).
    /// A database opened read-only refuses, saying why and what to do.
    pub async fn write<T, F>(self: &Arc<Self>, f: F) -> Result<T>
    where
        F: FnOnce(&mut Store) -> Result<T> + Send + 'static,
        T: Send + 'static,
    {
        let db = Arc::clone(self);
        blocking(move || {
            let Some(writer) = &db.writer else {
                return Err(Error::Database(read_only_refusal(&db.path)));
            };
            // A panic in an earlier write left the mutex poisoned; the
            // connection itself rolled its transaction back.
            let mut store = writer.lock().unwrap_or_else(|p| p.into_inner());
            f(&mut store)
        })
        .await
    }

    fn take_reader(&self) -> Result<Store> {
        let pooled = self.readers.lock().unwrap_or_else(|p| p.into_inner()).pop();
        match pooled {
            Some(store) => Ok(store),
            None => Store::open_for_reading(&self.path),
        }
    }

    fn give_back(&self, store: Store) {
        let mut pool = self.readers.lock().unwrap_or_else(|p| p.into_inner());
        // Enough for the requests two cores answer at once; more are closed.
        if pool.len() < 8 {
            pool.push(store);
        }
    }
}

/// Why a change made on a server showing a read-only file is refused.
pub fn read_only_refusal(path: &Path) -> String {
    format!(
        "nothing was saved: {} is read-only, so this server shows the league but cannot record \
         anything in it. Make the file (and its folder) writable, then stop the server and start \
         it again",
        path.display()
    )
}

/// `f` on tokio's blocking threads; a panic in it becomes an error page.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> Result<T> + Send + 'static) -> Result<T> {
    tokio::task::spawn_blocking(f).await.unwrap_or_else(|e| {
        Err(Error::Database(format!(
            "the request failed inside the server: {e}"
        )))
    })
}
