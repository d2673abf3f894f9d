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
//! 5. and 6. `league30`: a 30-season league (about 240,000 games). The
//!    whole site and `history player` / `history h2h` join this group once
//!    the site and history commands are merged; until then it measures one
//!    section's standings and one player's entries in the big file, which
//!    show whether queries stay independent of the archive's size.
//!
//! Each benchmark runs at two sizes or more, to show how it grows.
//! Run with: `cargo bench --bench league -- --warm-up-time 1 --measurement-time 3`.

mod support;

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};

use chess_league::domain::standings;
use chess_league::domain::tiebreak::{Context, Options, Order, Tiebreak};
use chess_league::input::{results, trf};
use chess_league::report::{section_report, ReportOptions};
use chess_league::store::import::{import_trf, ImportTarget};
use chess_league::store::player::{entries_of_player, find_player};
use chess_league::store::round::record_sheet;
use chess_league::store::season as seasons;
use chess_league::store::Store;
use support::trf16::synthetic_trf;

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
                        .write(|tx| record_sheet(tx, &section, 9, None, &rows, &source))
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
                let file = synthetic_trf(players, rounds, 11);
                assert_eq!((file.players, file.rounds), (players, rounds));
                let path = dir.path().join(format!("{players}x{rounds}.trf"));
                std::fs::write(&path, &file.text).expect("write the TRF file");
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
                let games: i64 = store
                    .conn()
                    .query_row("SELECT count(*) FROM game", [], |r| r.get(0))
                    .expect("count");
                assert_eq!(games as usize, file.games);
                drop(store);
                assert_eq!(
                    standings(
                        &work,
                        None,
                        &format!("Synthetic Open {players}x{rounds} seed 11"),
                        None,
                        "fide-swiss"
                    ),
                    players
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
                let path = prepared.get_or_init(|| {
                    let path = dir.path().join(format!("{players}x9.trf"));
                    std::fs::write(&path, synthetic_trf(players, 9, 11).text).expect("write");
                    path
                });
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

fn bench_league30(c: &mut Criterion) {
    let mut group = c.benchmark_group("league30");
    let db = std::cell::OnceCell::new();
    let db = || {
        db.get_or_init(|| {
            let (path, took) = support::league30();
            if let Some(s) = took {
                eprintln!(
                    "generated the 30-season league in {s:.1} s: {}",
                    path.display()
                );
            }
            path
        })
        .clone()
    };
    // 5. (the whole site) and 6. (`history player`, `history h2h`) go here
    // once `src/site` and `src/cli/history.rs` are merged.
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
            let player = find_player(store.conn(), "Alice A. Anderson").expect("player");
            black_box(
                entries_of_player(store.conn(), player.id)
                    .expect("entries")
                    .len(),
            )
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    bench_standings,
    bench_record_round,
    bench_import_trf,
    bench_trf_in_memory,
    bench_league30
);
criterion_main!(benches);
