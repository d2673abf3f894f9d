//! TRF import through the database: every real file in `tests/data/trf`,
//! imported with `league import trf`, gives exactly the standings computed
//! straight from the parsed file (nothing lost in storage), for both
//! families' systems; bad files write nothing.

use chess_league::domain::standings::standings;
use chess_league::domain::tiebreak::{Context, FideEdition, Options, Order};
use chess_league::input::trf;

use crate::util::TestLeague;

const DATA: &str = concat!(env!("LEAGUE_TEST_DATA"), "/trf");

const ORDERS: &[&str] = &[
    "BH/C1,BH,SB,DE,WIN,PS,FB,AOB,KS,ARO,TPR,REP",
    "mm,solkoff,cumulative,opp-cumulative,tied-results,sb,kashdan,blacks,median",
];

fn files() -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(DATA)
        .expect("tests/data/trf in the repository")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    v.sort();
    assert!(
        v.len() >= 6,
        "expected the six real TRF files, found {}",
        v.len()
    );
    v
}

#[test]
fn every_real_file_gives_the_same_standings_through_the_database() {
    let t = TestLeague::new();
    for path in files() {
        let bytes = std::fs::read(&path).unwrap();
        let parsed = trf::parse(&bytes, "file").unwrap();
        let event = format!("E{}", path.file_stem().unwrap().to_string_lossy());
        // A file that gives no colours (k26 lists "-") is stored with the
        // lower start number as White, so colour counts cannot match it.
        let colourless = parsed.tournament.players.iter().any(|p| {
            p.rounds
                .iter()
                .any(|r| r.outcome.is_played() && r.colour.is_none())
        });
        t.ok(&[
            "--create",
            "import",
            "trf",
            path.to_str().unwrap(),
            "--season",
            "archive",
            "--event",
            &event,
        ]);
        for edition in [FideEdition::E2009, FideEdition::E2024, FideEdition::E2026] {
            for order_text in ORDERS {
                let order = Order::parse(order_text).unwrap();
                let ctx = Context::new(
                    &parsed.tournament,
                    Options {
                        fide_edition: edition,
                        ..Options::default()
                    },
                );
                let direct = standings(&ctx, &order);
                let out = t.ok(&[
                    "standings",
                    "--event",
                    &event,
                    "--tiebreaks",
                    order_text,
                    "--fide-edition",
                    &edition.year().to_string(),
                    "--format",
                    "json",
                ]);
                let json: serde_json::Value = serde_json::from_str(&out).unwrap();
                let rows = json["rows"].as_array().unwrap();
                assert_eq!(rows.len(), direct.rows.len());
                for (row, want) in rows.iter().zip(&direct.rows) {
                    let p = &parsed.players[want.player];
                    let what = format!(
                        "{} {} {order_text} #{}",
                        path.display(),
                        edition.year(),
                        p.start_no
                    );
                    assert_eq!(row["pairing_no"], p.start_no, "{what}");
                    assert_eq!(row["place"], want.place.as_str(), "{what}");
                    assert_eq!(
                        row["score"].as_f64().unwrap(),
                        want.score.as_f64(),
                        "{what}"
                    );
                    for (tb, v) in order.tiebreaks.iter().zip(&want.values) {
                        if colourless && ["blacks", "BPG", "BWG"].contains(&tb.code().as_str()) {
                            continue;
                        }
                        let got = &row["tiebreaks"][tb.code()];
                        match v {
                            Some(v) => assert_eq!(got.as_f64().unwrap(), v.as_f64(), "{what} {tb}"),
                            None => assert!(got.is_null(), "{what} {tb}: {got}"),
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn imported_files_pass_the_league_check() {
    let t = TestLeague::new();
    for path in files() {
        let event = format!("E{}", path.file_stem().unwrap().to_string_lossy());
        t.ok(&[
            "--create",
            "import",
            "trf",
            path.to_str().unwrap(),
            "--season",
            "archive",
            "--event",
            &event,
        ]);
    }
    t.ok(&["check"]);
}

#[test]
fn published_values_through_the_database() {
    // The FIDE exercise, 2024 edition (research §8.3) and the US Chess
    // values derived on it (§8.6), for players 1-4.
    let t = TestLeague::new();
    t.ok(&[
        "--create",
        "import",
        "trf",
        &format!("{DATA}/fide-exercise-2023.trf"),
        "--season",
        "2023-24",
        "--event",
        "Exercise",
    ]);
    let out = t.ok(&[
        "standings",
        "--event",
        "Exercise",
        "--tiebreaks",
        "BH,SB,FB,mm,solkoff,cumulative",
        "--fide-edition",
        "2024",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let by_no = |n: u64| {
        json["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["pairing_no"] == n)
            .unwrap()["tiebreaks"]
            .clone()
    };
    let want = [
        (1, [12.5, 8.0, 13.5, 11.0, 12.5, 11.0]),
        (2, [13.0, 9.5, 13.5, 12.0, 13.0, 13.0]),
        (3, [15.5, 10.5, 15.0, 12.5, 14.5, 11.0]),
        (4, [15.0, 9.75, 15.5, 10.5, 10.5, 11.0]),
    ];
    for (no, values) in want {
        let tb = by_no(no);
        for (code, v) in ["BH", "SB", "FB", "mm", "solkoff", "cumulative"]
            .iter()
            .zip(values)
        {
            assert_eq!(tb[*code].as_f64().unwrap(), v, "#{no} {code}");
        }
    }
    // The 2026 edition caps #4's dummy: BH 14, SB 9¼.
    let out = t.ok(&[
        "standings",
        "--event",
        "Exercise",
        "--tiebreaks",
        "BH,SB",
        "--fide-edition",
        "2026",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let four = json["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["pairing_no"] == 4)
        .unwrap();
    assert_eq!(four["tiebreaks"]["BH"], 14);
    assert_eq!(four["tiebreaks"]["SB"], 9.25);
    // Dates set the event's edition: the file says 2024-03-18, so 2024 by default.
    let shown = t.ok(&["event", "show", "--event", "Exercise"]);
    assert!(shown.contains("FIDE rules edition: 2024"), "{shown}");
}

#[test]
fn bad_files_write_nothing() {
    let t = TestLeague::new();
    t.ok(&["season", "add", "archive"]);
    let good = std::fs::read_to_string(format!("{DATA}/fide-exercise-2023.trf")).unwrap();
    // An opponent that does not exist.
    let bad = good.replacen("    9 w 1    13 b =", "   99 w 1    13 b =", 1);
    t.write("bad1.trf", &bad);
    t.fails(
        &[
            "--create", "import", "trf", "bad1.trf", "--season", "archive",
        ],
        "bad1.trf, line 5",
    );
    // Non-UTF-8 bytes.
    let mut bytes = good.clone().into_bytes();
    bytes[200] = 0xff;
    t.write("bad2.trf", &bytes);
    t.fails(
        &[
            "--create", "import", "trf", "bad2.trf", "--season", "archive",
        ],
        "bad2.trf",
    );
    // A truncated player line.
    let truncated: String = good
        .lines()
        .take(6)
        .map(|l| format!("{}\n", &l[..l.len().min(40)]))
        .collect();
    t.write("bad3.trf", truncated);
    t.fails(
        &[
            "--create", "import", "trf", "bad3.trf", "--season", "archive",
        ],
        "bad3.trf, line 5",
    );
    t.fails(
        &[
            "--create",
            "import",
            "trf",
            "missing.trf",
            "--season",
            "archive",
        ],
        "missing.trf: cannot read the file",
    );
    // The same event and section twice is refused, the first import kept.
    t.ok(&[
        "--create",
        "import",
        "trf",
        &format!("{DATA}/fide-exercise-2023.trf"),
        "--season",
        "archive",
        "--event",
        "X",
    ]);
    t.fails(
        &[
            "--create",
            "import",
            "trf",
            &format!("{DATA}/fide-exercise-2023.trf"),
            "--season",
            "archive",
            "--event",
            "X",
        ],
        "already has a section \"Open\"",
    );
}
