//! The benchmarks of issue 6, each reading a real database file prepared
//! in a temporary folder before measuring (figures and how to reproduce
//! them: BENCHMARKS.md):
//!
//! 1. `standings/uscf-swiss`: open the file, load a section's facts,
//!    compute the standings with the four `uscf-swiss` tiebreaks;
//! 2. `standings/every-tiebreak`: the same with every individual tiebreak;
//! 3. `record-round`: `league round record`'s work for one round sheet
//!    (CSV in, committed), on a fresh copy of the database each time;
//! 4. `import-trf`: `league import trf`'s work for one TRF-16 file, into a
//!    fresh empty database each time;
//! - `trf-in-memory`: parse a TRF file and compute standings without a
//!   database, the work FIDE's tiebreak checker does (for the comparison);
//! 5. `league30/site-all`: `league site --all` for a 30-season league
//!    (about 240,000 games), and for a 10-season one (`league10`);
//! 6. `league30/history-player`, `league30/history-h2h`: `league history
//!    player` and `league history h2h` on the same files; with one
//!    section's standings and one player's entries, which show whether
//!    queries stay independent of the archive's size.
//!
//! 7. `check`: `league check` on the 30-season league and on one section
//!    of 9,999 players × 9 rounds (issue 30 item 12, issue 25 item 8:
//!    under 3 s on both; it was quadratic in a section's games).
//!
//! Each benchmark runs at two sizes or more, to show how it grows.
//! Run with: `cargo bench --bench league -- --warm-up-time 1 --measurement-time 3`.

mod support;

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};

use chess_league::app::import::{import_trf, ImportTarget};
use chess_league::app::round::sheet::record_sheet;
use chess_league::cli::site::{write_site, WRITER};
use chess_league::domain::standings;
use chess_league::domain::tiebreak::{Context, Options, Order, Tiebreak};
use chess_league::input::{results, trf};
use chess_league::report::history::{head_to_head, player_history};
use chess_league::report::{section_report, ReportOptions};
use chess_league::site::Scope;
use chess_league::store::check::check_file;
use chess_league::store::player::{entries_of_player, find_player};
use chess_league::store::season as seasons;
use chess_league::store::Store;

/// `league standings --event EVENT [--section S] --tiebreaks T` without the
/// printing: open, find, load, compute.
fn standings(
    db: &Path,
    season: Option<&str>,
    event: &str,
    section: Option<&str>,
    tiebreaks: &str,
) -> usize {
    let store = Store::open(db, false).expect("open");
    let event = seasons::find_event(store.conn(), season, event).expect("event");
    let section = seasons::find_section(store.conn(), &event, section).expect("section");
    let opts = ReportOptions {
        tiebreaks: Some(tiebreaks.to_string()),
        ..ReportOptions::default()
    };
    let report = section_report(store.conn(), &event, &section, &opts).expect("standings");
    report.standings.rows.len()
}

/// Every individual (not team) tiebreak code the program implements.
fn every_individual_tiebreak() -> String {
    Tiebreak::catalogue()
        .into_iter()
        .filter(|t| !t.is_team())
        .map(|t| t.code())
        .collect::<Vec<_>>()
        .join(",")
}

fn bench_standings(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let all = every_individual_tiebreak();
    let mut group = c.benchmark_group("standings");
    for (players, rounds) in [(250, 5), (250, 9), (1000, 5), (1000, 9)] {
        let size = format!("{players}x{rounds}");
        let db = std::cell::OnceCell::new();
        let db = || {
            db.get_or_init(|| support::section_db(dir.path(), players, rounds))
                .clone()
        };
        for (name, order) in [
            ("uscf-swiss", "uscf-swiss"),
            ("every-tiebreak", all.as_str()),
        ] {
            group.bench_function(BenchmarkId::new(name, &size), |b| {
                let db = db();
                assert_eq!(
                    standings(&db, None, support::EVENT, None, order),
                    players as usize
                );
                b.iter(|| black_box(standings(&db, None, support::EVENT, None, order)))
            });
        }
    }
    group.finish();
}

fn bench_record_round(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut group = c.benchmark_group("record-round");
    for players in [250, 1000] {
        // Criterion calls the closure more than once: prepare once.
        let prepared = std::cell::OnceCell::new();
        group.bench_function(BenchmarkId::new("games", players / 2), |b| {
            let (template, sheet, games) =
                prepared.get_or_init(|| support::round_to_record(dir.path(), players));
            let games = *games;
            assert_eq!(games, players as usize / 2);
            let work = dir.path().join("record-work.db");
            b.iter_batched(
                || support::fresh_copy(template, &work),
                |()| {
                    // What `league round record` does, minus printing the summary.
                    let mut store = Store::open(&work, false).expect("open");
                    let bytes = std::fs::read(sheet).expect("sheet");
                    let source = sheet.display().to_string();
                    let rows = results::parse(&bytes, &source).expect("parse");
                    let event =
                        seasons::find_event(store.conn(), None, support::EVENT).expect("event");
                    let section =
                        seasons::find_section(store.conn(), &event, None).expect("section");
                    let done = store
                        .write(|tx| record_sheet(tx, &section, 9, None, &rows, &source, false))
                        .expect("record");
                    assert_eq!(done.pairings, games);
                },
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

fn bench_import_trf(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut group = c.benchmark_group("import-trf");
    for (players, rounds) in [(250, 11), (1000, 5), (1000, 11)] {
        group.bench_function(
            BenchmarkId::from_parameter(format!("{players}x{rounds}")),
            |b| {
                let file = support::synthetic_trf(dir.path(), players, rounds, 11);
                let path = file.path.clone();
                let template = support::empty_db(dir.path());
                let work = dir.path().join("import-work.db");
                let import = || {
                    // What `league import trf` does, minus printing the summary.
                    let mut store = Store::open(&work, true).expect("open");
                    let bytes = std::fs::read(&path).expect("read");
                    let parsed = trf::parse(&bytes, &path.display().to_string()).expect("parse");
                    let target = ImportTarget {
                        season: "2025-26",
                        event: None,
                        section: None,
                        tiebreaks: None,
                    };
                    store
                        .write(|tx| import_trf(tx, &parsed, &target))
                        .expect("import");
                    store
                };
                // The file is read back whole: every player and every game.
                support::fresh_copy(&template, &work);
                let store = import();
                let games = chess_league::store::snapshot::Counts::read(store.conn())
                    .expect("count")
                    .games;
                assert_eq!(games as usize, file.games);
                drop(store);
                assert_eq!(
                    standings(&work, None, support::EVENT, None, "fide-swiss"),
                    players as usize
                );
                b.iter_batched(
                    || support::fresh_copy(&template, &work),
                    |()| drop(import()),
                    BatchSize::PerIteration,
                )
            },
        );
    }
    group.finish();
}

/// Like for like with FIDE's tiebreak checker, which reads a TRF file and
/// computes in memory: read and parse the file, compute PTS BH/C1 BH SB PS
/// standings, no database. (`import-trf` + `standings` is what the program
/// does for a secretary; this is the arithmetic the reference is doing.)
fn bench_trf_in_memory(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut group = c.benchmark_group("trf-in-memory");
    for players in [250, 1000] {
        let prepared = std::cell::OnceCell::new();
        group.bench_function(
            BenchmarkId::new("BH-C1,BH,SB,PS", format!("{players}x9")),
            |b| {
                let path = prepared
                    .get_or_init(|| support::synthetic_trf(dir.path(), players, 9, 11).path);
                let order = Order::parse("BH/C1,BH,SB,PS").expect("order");
                b.iter(|| {
                    let bytes = std::fs::read(path).expect("read");
                    let parsed = trf::parse(&bytes, "bench.trf").expect("parse");
                    let ctx = Context::new(&parsed.tournament, Options::default());
                    black_box(standings::standings(&ctx, &order).rows.len())
                })
            },
        );
    }
    group.finish();
}

/// `league site --all --out OUT` without the progress bar and summary:
/// load every section's report, build, render and write every page (over
/// the site an earlier run wrote there, as when the secretary runs it
/// again). Returns the number of pages.
fn whole_site(db: &Path, out: &Path) -> usize {
    let store = Store::open(db, false).expect("open");
    let (_, pages) = write_site(&store, &Scope::All, out, WRITER, &[WRITER]).expect("site");
    pages
}

/// `league history player NAME` without the printing: the player's
/// sections with places from each section's standings, and the career.
fn history_player(db: &Path, name: &str) -> usize {
    let store = Store::open(db, false).expect("open");
    let player = find_player(store.conn(), name).expect("player");
    player_history(store.conn(), &player)
        .expect("history")
        .sections
        .len()
}

/// `league history h2h A B` without the printing.
fn history_h2h(db: &Path, a: &str, b: &str) -> usize {
    let store = Store::open(db, false).expect("open");
    let a = find_player(store.conn(), a).expect("player");
    let b = find_player(store.conn(), b).expect("opponent");
    head_to_head(store.conn(), &a, &b).expect("h2h").len()
}

/// Players of the synthetic league: one with 13 events in 30 seasons
/// (4 in 10; the average is 18 and 6), the one with the most in 30 seasons
/// (37; 11 in 10), and a pair who met four times in 30 seasons (the most).
const TYPICAL: &str = "Alice A. Anderson";
const BUSIEST: &str = "Nikolai D. Quintero";
const RIVALS: (&str, &str) = ("Hiro A. Brennan", "Tamsin B. Ivanova");

fn bench_league(c: &mut Criterion, seasons: u32) {
    let mut group = c.benchmark_group(format!("league{seasons}"));
    group.sample_size(10);
    let db = std::cell::OnceCell::new();
    let db = || {
        db.get_or_init(|| {
            let (path, took) = support::league(seasons);
            if let Some(s) = took {
                eprintln!(
                    "generated the {seasons}-season league in {s:.1} s: {}",
                    path.display()
                );
            }
            path
        })
        .clone()
    };
    let out = tempfile::tempdir().expect("temp dir");
    group.bench_function("site-all", |b| {
        let db = db();
        let site = out.path().join("site");
        // The first run writes the folder; the timed runs write over it.
        let pages = whole_site(&db, &site);
        assert!(pages > 3000, "{pages} pages");
        b.iter(|| assert_eq!(black_box(whole_site(&db, &site)), pages))
    });
    for (name, who) in [
        ("history-player", TYPICAL),
        ("history-player-busiest", BUSIEST),
    ] {
        group.bench_function(name, |b| {
            let db = db();
            assert!(history_player(&db, who) > 0);
            b.iter(|| black_box(history_player(&db, who)))
        });
    }
    group.bench_function("history-h2h", |b| {
        let db = db();
        // They met four times in 30 seasons, not in the first 10.
        let met = history_h2h(&db, RIVALS.0, RIVALS.1);
        assert_eq!(met, if seasons == 30 { 4 } else { 0 });
        b.iter(|| black_box(history_h2h(&db, RIVALS.0, RIVALS.1)))
    });
    if seasons == 30 {
        group.sample_size(100);
        group.bench_function("standings-one-section", |b| {
            let db = db();
            b.iter(|| {
                black_box(standings(
                    &db,
                    Some("2010-11"),
                    "Winter Swiss 2",
                    Some("Section A"),
                    "uscf-swiss",
                ))
            })
        });
        group.bench_function("player-entries", |b| {
            let db = db();
            b.iter(|| {
                let store = Store::open(&db, false).expect("open");
                let player = find_player(store.conn(), TYPICAL).expect("player");
                black_box(
                    entries_of_player(store.conn(), player.id)
                        .expect("entries")
                        .len(),
                )
            })
        });
    }
    group.finish();
}

/// 5. and 6. on the 30-season league.
fn bench_league30(c: &mut Criterion) {
    bench_league(c, 30);
}

/// 5. and 6. on a 10-season league, to show how they grow with the archive.
fn bench_league10(c: &mut Criterion) {
    bench_league(c, 10);
}

/// 7. `league check` on the 30-season league and on one large section.
fn bench_check(c: &mut Criterion) {
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    let dir = tempfile::tempdir().expect("temp dir");
    let section = support::section_db(dir.path(), 9_999, 9);
    let (league30, _) = support::league(30);
    for (name, db) in [("section-9999x9", &section), ("league30", &league30)] {
        group.bench_function(name, |b| {
            let report = check_file(db).expect("check");
            assert_eq!(report.problems(), 0, "{name}: the file is clean");
            b.iter(|| black_box(check_file(db).expect("check").checks.len()))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_check,
    bench_standings,
    bench_record_round,
    bench_import_trf,
    bench_trf_in_memory,
    bench_league10,
    bench_league30
);
criterion_main!(benches);
