//! `league ratings import` on a generated FIDE TXT list of 100,000 players
//! (issue 18: "100,000 players under 2 s"), into a league of 5,000 players
//! of whom 4,000 are on the list: parsing alone, and parsing plus matching,
//! updating and keeping history in one transaction (a fresh database for
//! each run). Figures: BENCHMARKS.md.
//! Run with: `cargo bench --bench ratings -- --warm-up-time 1 --measurement-time 5`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

use chess_league::input::ratings::{parse, ListKind};
use chess_league::store::ratings::import_list;
use chess_league::store::Store;

const HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";

/// A FIDE TXT list of `n` players with ids 1000000 + k.
fn list(n: u32) -> Vec<u8> {
    let mut out = String::with_capacity(200 * n as usize);
    out.push_str(HEADER);
    out.push('\n');
    for k in 0..n {
        let name = format!("Player, Number {k}");
        let rating = 1000 + (k * 7919) % 1800;
        out.push_str(&format!(
            "{:<15}{:<61}{:<4}{:<34}{:<6}{:<4}{:<3}\n",
            1_000_000 + k,
            name,
            "USA",
            "M",
            rating,
            "9",
            "20"
        ));
    }
    out.into_bytes()
}

/// A league whose players 0..5000 have FIDE ids 999000 + k (the first 1,000
/// not on the list) and a FIDE rating.
fn league() -> Store {
    let mut s = Store::open_in_memory().unwrap();
    s.write(|tx| {
        let mut st =
            tx.prepare("INSERT INTO player (name, fide_id, fide_rating) VALUES (?1, ?2, 1500)")?;
        for k in 0..5000u32 {
            st.execute(rusqlite::params![
                format!("Player {k}"),
                (999_000 + k).to_string()
            ])?;
        }
        Ok(())
    })
    .unwrap();
    s
}

fn bench(c: &mut Criterion) {
    let bytes = list(100_000);
    c.bench_function("ratings/parse-fide-txt-100k", |b| {
        b.iter(|| black_box(parse(&bytes, ListKind::FideTxt, "list.txt").unwrap().len()))
    });
    c.bench_function("ratings/import-fide-txt-100k", |b| {
        b.iter_batched(
            league,
            |mut s| {
                let rows = parse(&bytes, ListKind::FideTxt, "list.txt").unwrap();
                let done = s
                    .write(|tx| import_list(tx, &rows, true, "list.txt", "2026-11-25"))
                    .unwrap();
                assert_eq!(done.unmatched.len(), 1000);
                black_box(done.changed.len())
            },
            BatchSize::PerIteration,
        )
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
