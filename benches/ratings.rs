//! `league ratings import` on a generated FIDE TXT list of 100,000 players
//! (issue 18: "100,000 players under 2 s"), into a league of 5,000 players
//! of whom 4,000 are on the list: parsing alone, and parsing plus matching,
//! updating and keeping history in one transaction (a fresh database for
//! each run). Figures: BENCHMARKS.md.
//! And FIDE's whole list as XML (issue 30 item 11: about 1.4 million
//! players, "under a minute with bounded memory"): a generated file of
//! 1,400,000 players laid out as FIDE's `players_list_xml_foa.xml`
//! (written once into `target/bench-data/`), read from disk and imported.
//! Run with: `cargo bench --bench ratings -- --warm-up-time 1 --measurement-time 5`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

use chess_league::input::ratings::{parse, read, ListKind};
use chess_league::store::player::{add_player, NewPlayer};
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
        for k in 0..5000u32 {
            let name = format!("Player {k}");
            let fide_id = (999_000 + k).to_string();
            let player = NewPlayer {
                name: &name,
                uscf_id: None,
                fide_id: Some(&fide_id),
                rating: None,
                fide_rating: Some(1500),
                federation: None,
                title: None,
            };
            add_player(tx, &player)?;
        }
        Ok(())
    })
    .unwrap();
    s
}

/// FIDE's XML list of `n` players (ids 1000000 + k), every element FIDE
/// writes, written once to `target/bench-data/fide-N.xml`.
fn fide_xml(n: u32) -> std::path::PathBuf {
    use std::io::Write;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).expect("target/bench-data");
    let path = dir.join(format!("fide-{n}.xml"));
    if path.exists() {
        return path;
    }
    let partial = dir.join(format!("fide-{n}.xml.partial"));
    let mut w = std::io::BufWriter::new(std::fs::File::create(&partial).expect("create"));
    writeln!(
        w,
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<playerslist>"
    )
    .unwrap();
    for k in 0..n {
        let rating = 1000 + (k * 7919) % 1800;
        write!(
            w,
            "<player>\n<fideid>{}</fideid>\n<name>Player, Number {k}</name>\n<country>USA</country>\n\
             <sex>M</sex>\n<title></title>\n<w_title></w_title>\n<o_title></o_title>\n<foa_title></foa_title>\n\
             <rating>{rating}</rating>\n<games>0</games>\n<k>20</k>\n<rapid_rating>{rating}</rapid_rating>\n\
             <rapid_games>0</rapid_games>\n<rapid_k>20</rapid_k>\n<blitz_rating>{rating}</blitz_rating>\n\
             <blitz_games>0</blitz_games>\n<blitz_k>20</blitz_k>\n<birthday>1990</birthday>\n<flag></flag>\n</player>\n",
            1_000_000 + k
        )
        .unwrap();
    }
    writeln!(w, "</playerslist>").unwrap();
    w.flush().unwrap();
    drop(w);
    std::fs::rename(&partial, &path).expect("rename");
    path
}

/// The whole FIDE list as XML, read from disk and imported.
fn bench_fide_xml(c: &mut Criterion) {
    let path = fide_xml(1_400_000);
    let mut group = c.benchmark_group("ratings");
    group.sample_size(10);
    group.bench_function("import-fide-xml-1.4m", |b| {
        b.iter_batched(
            league,
            |mut s| {
                let file = std::fs::File::open(&path).expect("open the list");
                let rows = read(
                    std::io::BufReader::with_capacity(1 << 16, file),
                    ListKind::FideXml,
                    "list.xml",
                )
                .unwrap();
                assert_eq!(rows.len(), 1_400_000);
                let done = s
                    .write(|tx| import_list(tx, &rows, true, "list.xml", "2026-11-25"))
                    .unwrap();
                assert_eq!(done.unmatched.len(), 1000);
                black_box(done.changed.len())
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
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
    targets = bench, bench_fide_xml
}
criterion_main!(benches);
