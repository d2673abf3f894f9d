//! What the benchmarks read: real league database files (and TRF and CSV
//! files) prepared in a temporary folder before anything is measured, made
//! by the synthetic generator through the store's own functions; TRF files
//! are written by the program's own TRF writer (`league export trf`).

use std::path::{Path, PathBuf};

use chess_league::demo::rng::Rng;
use chess_league::demo::synthetic::{
    enter_all, generate, make_players, record_rounds, section_pairing, simulate_swiss,
    SyntheticOptions,
};
use chess_league::domain::league::EventKind;
use chess_league::export::trf as trf_out;
use chess_league::report::trf::trf_event;
use chess_league::store::player::entries;
use chess_league::store::season::{self as seasons, NewEvent};
use chess_league::store::Store;

/// The one event of a single-section benchmark database.
pub const EVENT: &str = "Autumn Swiss 1";

/// A database with one season, one Swiss event ([`EVENT`]) and one section
/// of `players` players who played `rounds` rounds.
pub fn section_db(dir: &Path, players: u32, rounds: u32) -> PathBuf {
    let path = dir.join(format!("section-{players}x{rounds}.db"));
    section_with_seed(&path, players, rounds, 6);
    path
}

/// `league demo --synthetic --seasons 1 --events 1 --sections 1 --players
/// P --entrants P --rounds R --seed S --out PATH`: one section of [`EVENT`];
/// returns the games written.
fn section_with_seed(path: &Path, players: u32, rounds: u32, seed: u64) -> u64 {
    let opts = SyntheticOptions {
        seasons: 1,
        events: 1,
        sections: 1,
        players,
        entrants: players,
        rounds,
        seed,
        ..SyntheticOptions::default()
    };
    let mut store = Store::open(path, true).expect("create the benchmark database");
    let made = store
        .write(|tx| generate(tx, &opts, |_| {}))
        .expect("generate the section");
    closed(store, path.to_path_buf());
    made.games
}

/// A TRF-16 file of a synthetic `players` × `rounds` Swiss section.
pub struct TrfFile {
    pub path: PathBuf,
    /// Games in the file (forfeits included).
    pub games: usize,
}

/// What `league demo --synthetic ... --seed SEED` and then `league export
/// trf --event "Autumn Swiss 1"` write: the section made by the generator
/// (byes, forfeits, withdrawals), exported by the program's TRF writer.
pub fn synthetic_trf(dir: &Path, players: u32, rounds: u32, seed: u64) -> TrfFile {
    let db = dir.join(format!("trf-source-{players}x{rounds}-{seed}.db"));
    for suffix in ["", "-wal", "-shm"] {
        let mut p = db.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
    let games = section_with_seed(&db, players, rounds, seed) as usize;
    let store = Store::open(&db, false).expect("open");
    let event = seasons::find_event(store.conn(), None, EVENT).expect("event");
    let section = seasons::find_section(store.conn(), &event, None).expect("section");
    let (data, planned) = trf_event(store.conn(), &event, &section).expect("export");
    let path = dir.join(format!("{players}x{rounds}-{seed}.trf"));
    std::fs::write(&path, trf_out::write(&data, planned)).expect("write the TRF file");
    TrfFile { path, games }
}

/// Close the store (SQLite folds the WAL back into the file on the last
/// close) so the file can be copied on its own.
pub fn closed(store: Store, path: PathBuf) -> PathBuf {
    drop(store);
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    assert!(
        std::fs::metadata(PathBuf::from(wal)).map_or(true, |m| m.len() == 0),
        "{} still has a WAL file",
        path.display()
    );
    path
}

/// A database with a `players`-player, 9-round Swiss whose first 8 rounds
/// are recorded, and the CSV sheet of round 9 (`players / 2` games, no byes:
/// nobody withdraws in this one), with players named as a secretary would.
/// Returns (database, sheet, games on the sheet).
pub fn round_to_record(dir: &Path, players: u32) -> (PathBuf, PathBuf, usize) {
    assert!(players.is_multiple_of(2));
    let path = dir.join(format!("record-{players}.db"));
    let mut store = Store::open(&path, true).expect("create");
    let (csv, games) = store
        .write(|tx| {
            let season = seasons::add_season(tx, "2025-26", None, None)?;
            let event = seasons::add_event(
                tx,
                &season,
                &NewEvent {
                    name: EVENT,
                    kind: EventKind::Swiss,
                    rounds: 9,
                    start_date: Some("2025-09-15"),
                    end_date: None,
                    tiebreaks: "uscf-swiss",
                    actual_play_first: false,
                    fide_edition: None,
                    sb_adjusted: false,
                    coin_allowed: false,
                },
            )?;
            let section = seasons::add_section(tx, &event, "Open", None, None)?;
            let mut rng = Rng::new(9);
            let mut pool = make_players(tx, &mut rng, players)?;
            let (numbers, ratings) = enter_all(tx, &section, &mut pool)?;
            // Paired as the generator pairs a section of this size (the
            // event then says how).
            let how = section_pairing(tx, &event, ratings.len())?;
            let sim = simulate_swiss(&mut rng, &ratings, 9, 20, 0, &how.pairer());
            record_rounds(tx, &section, &numbers, &sim[..8], None)?;
            // Round 9 as the secretary's sheet, by name.
            let names: Vec<String> = entries(tx, section.id)?
                .into_iter()
                .map(|e| e.name)
                .collect();
            let mut csv = String::from("board,white,black,result\n");
            for (board, &(w, b, res)) in sim[8].games.iter().enumerate() {
                csv.push_str(&format!(
                    "{},{},{},{}\n",
                    board + 1,
                    names[w],
                    names[b],
                    res.as_str()
                ));
            }
            assert!(sim[8].byes.is_empty());
            Ok((csv, sim[8].games.len()))
        })
        .expect("prepare the round");
    let sheet = dir.join(format!("round9-{players}.csv"));
    std::fs::write(&sheet, csv).expect("write the sheet");
    (closed(store, path), sheet, games)
}

/// An empty league database (all migrations applied), to copy.
pub fn empty_db(dir: &Path) -> PathBuf {
    let path = dir.join("empty.db");
    // Always made now, with this build's migrations.
    for suffix in ["", "-wal", "-shm"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
    let store = Store::open(&path, true).expect("create");
    closed(store, path)
}

/// Copy `template` to `to`, replacing whatever an earlier iteration left.
pub fn fresh_copy(template: &Path, to: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut p = to.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
    std::fs::copy(template, to).expect("copy the database");
}

/// `league demo --synthetic --seasons SEASONS` (the other sizes as the
/// defaults: 3,000 players, four 450-player events a season; 30 seasons
/// make about 240,000 games), generated once into `target/bench-data/` and
/// reused by later runs (delete the folder to make it again, as after a
/// change to the migrations or the generator). Returns the file and the
/// seconds it took to make, if it was made now.
pub fn league(seasons: u32) -> (PathBuf, Option<f64>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).expect("target/bench-data");
    let path = dir.join(format!("league{seasons}-seed1.db"));
    if path.exists() {
        return (path, None);
    }
    let partial = dir.join(format!("league{seasons}-seed1.db.partial"));
    fresh_copy(&empty_db(&dir), &partial);
    let started = std::time::Instant::now();
    let mut store = Store::open(&partial, false).expect("open");
    let opts = SyntheticOptions {
        seasons,
        ..SyntheticOptions::default()
    };
    store
        .write(|tx| generate(tx, &opts, |_| {}))
        .expect("generate the league");
    let took = started.elapsed().as_secs_f64();
    closed(store, partial.clone());
    std::fs::rename(&partial, &path).expect("rename");
    (path, Some(took))
}
