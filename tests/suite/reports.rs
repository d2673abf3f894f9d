//! The US Chess rating report through the command: every missing field
//! listed at once with nothing written, then the three dBase files read
//! back value by value and compared with a reviewed golden copy
//! (tests/golden/uscf; `UPDATE_GOLDEN=1` rewrites it).

use chess_league::export::dbase::{self, Kind};

use crate::prizes::quads;
use crate::util::TestLeague;

#[test]
fn the_report_lists_everything_it_misses_and_writes_nothing() {
    let t = quads();
    let out = t.path("report");
    let run = t.fails(
        &[
            "report",
            "uscf",
            "--event",
            "Quads",
            "--out",
            out.to_str().unwrap(),
        ],
        "the US Chess report of Quads cannot be written yet; it needs:",
    );
    let said = format!("{}{}", run.stdout, run.stderr);
    for needed in [
        "the event's US Chess affiliate id (league event edit --affiliate-id)",
        "the event's chief TD's US Chess id (league event edit --chief-td-id)",
        "the event's city",
        "the event's state",
        "the event's zip code",
        "the event's country",
        "the event's time control",
        "the event's rating system",
        "the event's first day (league event edit --start)",
        "the event's last day",
        "Amos's US Chess id (section Open, #1; league player edit \"Amos\" --uscf-id ID)",
        "Dev's US Chess id (section Open, #4;",
    ] {
        assert!(said.contains(needed), "{needed} missing from:\n{said}");
    }
    assert!(!out.exists(), "nothing is written");
}

fn ready(t: &TestLeague) {
    t.ok(&[
        "event",
        "edit",
        "--event",
        "Quads",
        "--start",
        "2024-03-02",
        "--end",
        "2024-03-03",
        "--affiliate-id",
        "A6012345",
        "--chief-td-id",
        "12345678",
        "--assistant-td-id",
        "87654321",
        "--city",
        "Dayton",
        "--state",
        "oh",
        "--zip",
        "45402",
        "--country",
        "usa",
        "--time-control",
        "G/90;d5",
        "--rating-system",
        "dual",
    ]);
    for (name, id, state) in [
        ("Amos", "10000001", "OH"),
        ("Billy", "10000002", "KY"),
        ("Cara", "10000003", "OH"),
        ("Dev", "10000004", ""),
    ] {
        t.ok(&["player", "edit", name, "--uscf-id", id, "--state", state]);
    }
}

#[test]
fn the_three_files_read_back_with_every_value() {
    let t = quads();
    ready(&t);
    let out = t.path("report");
    let said = t.ok(&[
        "report",
        "uscf",
        "--event",
        "Quads",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(said.contains("TDEXPORT.DBF: 4 records"), "{said}");
    let read = |name: &str| dbase::read(&std::fs::read(out.join(name)).unwrap()).unwrap();

    let h = read("THEXPORT.DBF");
    assert_eq!(h.date, (2024, 3, 3));
    let names: Vec<&str> = h.fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "H_EVENT_ID",
            "H_NAME",
            "H_TOT_SECT",
            "H_BEG_DATE",
            "H_END_DATE",
            "H_AFF_ID",
            "H_CITY",
            "H_STATE",
            "H_ZIPCODE",
            "H_COUNTRY",
            "H_CTD_ID",
            "H_ATD_ID"
        ]
    );
    assert_eq!(h.fields[3].kind, Kind::Date);
    assert_eq!(
        h.records,
        vec![vec![
            "", "Quads", "1", "20240302", "20240303", "A6012345", "Dayton", "OH", "45402", "USA",
            "12345678", "87654321"
        ]]
    );

    let s = read("TSEXPORT.DBF");
    assert_eq!(s.fields.len(), 12);
    assert_eq!(
        s.records,
        vec![vec![
            "", "1", "Open", "D", "12345678", "87654321", "R", "3", "4", "20240302", "20240303",
            "G/90;d5"
        ]]
    );
    // The section number is right-aligned, blank-filled, in two characters.
    let raw = std::fs::read(out.join("TSEXPORT.DBF")).unwrap();
    let header_len = u16::from_le_bytes([raw[8], raw[9]]) as usize;
    assert_eq!(&raw[header_len + 1 + 8..header_len + 1 + 10], b" 1");

    let d = read("TDEXPORT.DBF");
    assert_eq!(d.fields.len(), 17);
    assert_eq!(d.fields[7].name, "D_RND01");
    assert_eq!(d.fields[16].name, "D_RND10");
    let rows: Vec<Vec<String>> = d.records.iter().map(|r| r[2..10].to_vec()).collect();
    let want = [
        [
            "1", "1", "10000001", "Amos", "OH", "W   2", "L   3", "W   4",
        ],
        [
            "2", "1", "10000002", "Billy", "KY", "L   1", "W   4", "W   3",
        ],
        [
            "3", "1", "10000003", "Cara", "OH", "W   4", "W   1", "L   2",
        ],
        ["4", "1", "10000004", "Dev", "", "L   3", "L   2", "L   1"],
    ];
    assert_eq!(rows, want.map(|r| r.map(String::from).to_vec()).to_vec());
    assert!(d
        .records
        .iter()
        .all(|r| r[10..].iter().all(|v| v.is_empty())));

    // The golden copy, byte for byte.
    let golden = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/uscf");
    for name in ["THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF"] {
        let got = std::fs::read(out.join(name)).unwrap();
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::create_dir_all(&golden).unwrap();
            std::fs::write(golden.join(name), &got).unwrap();
        }
        let want = std::fs::read(golden.join(name)).unwrap_or_default();
        assert!(
            got == want,
            "{name} differs from tests/golden/uscf/{name}; review and run with UPDATE_GOLDEN=1 to accept"
        );
    }
}

#[test]
fn a_result_still_missing_is_listed_and_team_events_are_refused() {
    let t = quads();
    ready(&t);
    t.ok(&["event", "edit", "--event", "Quads", "--rounds", "4"]);
    t.ok(&["game", "add", "1", "2", "--event", "Quads", "--round", "4"]);
    let out = t.path("r");
    let run = t.fails(
        &[
            "report",
            "uscf",
            "--event",
            "Quads",
            "--out",
            out.to_str().unwrap(),
        ],
        "the result of #1's game in round 4 of section Open",
    );
    assert!(!run.stderr.contains("US Chess id"), "{}", run.stderr);
    assert!(!out.exists());
}

/// The FIDE report: the rating and id columns carry FIDE data only, and
/// the header lines come from the event's stored fields.
#[test]
fn trf_export_writes_fide_ratings_only_and_the_events_header_fields() {
    let t = quads();
    t.ok(&[
        "player",
        "edit",
        "Amos",
        "--fide-id",
        "2012345",
        "--fide-rating",
        "1910",
    ]);
    t.ok(&[
        "event",
        "edit",
        "--event",
        "Quads",
        "--city",
        "Dayton",
        "--country",
        "USA",
        "--chief-arbiter",
        "Ann Arbiter",
        "--deputy-arbiter",
        "Bo Deputy",
        "--time-control",
        "90 min + 30 s",
    ]);
    let text = t.ok(&["export", "trf", "--event", "Quads"]);
    for line in [
        "022 Dayton\n",
        "032 USA\n",
        "102 Ann Arbiter\n",
        "112 Bo Deputy\n",
        "122 90 min + 30 s\n",
        "072 1\n",
    ] {
        assert!(text.contains(line), "{line:?} missing:\n{text}");
    }
    let player = |name: &str| {
        text.lines()
            .find(|l| l.starts_with("001") && l.contains(name))
            .unwrap()
            .to_string()
    };
    // Columns 49-52 rating, 58-68 FIDE id (TRF-16).
    assert_eq!(&player("Amos")[48..52], "1910");
    assert_eq!(player("Amos")[57..68].trim(), "2012345");
    // Billy's 1500 is a US Chess rating: not in the FIDE column.
    assert_eq!(player("Billy")[48..52].trim(), "");
    assert!(!text.contains("1500"), "{text}");
}

const RATINGS: &str = concat!(env!("LEAGUE_TEST_DATA"), "/ratings/");

/// A US Chess supplement: Amos 1800 → 1850 and Cara 1350 → 1402 change
/// (the old ratings kept as history), Billy stays 1500, Dev (unrated) is
/// rated 1100 for the first time, Zed is not in the league; the Quads
/// entries keep the ratings the event used.
#[test]
fn a_us_chess_supplement_updates_ratings_and_keeps_history() {
    let t = quads();
    for (name, id) in [
        ("Amos", "10000001"),
        ("Billy", "10000002"),
        ("Cara", "10000003"),
        ("Dev", "10000004"),
    ] {
        t.ok(&["player", "edit", name, "--uscf-id", id]);
    }
    t.ok(&[
        "player",
        "add",
        "Eli Absent",
        "--uscf-id",
        "10000009",
        "--rating",
        "1600",
    ]);
    let out = t.ok(&[
        "ratings",
        "import",
        &format!("{RATINGS}uscf-supplement.dbf"),
        "--list",
        "2024-12 supplement",
    ]);
    assert!(
        out.starts_with("US Chess ratings from 2024-12 supplement (5 players on the list): 2 changed, 1 rated for the first time, 1 unchanged, 1 not in the league.\n"),
        "{out}"
    );
    assert!(out.contains("  changed: Amos 1800 -> 1850\n"), "{out}");
    assert!(out.contains("  changed: Cara 1350 -> 1402\n"), "{out}");
    assert!(out.contains("  new: Dev 1100\n"), "{out}");
    assert!(
        out.contains("Not on the list (1 player with a US Chess id, ratings kept): Eli Absent\n"),
        "{out}"
    );
    assert_eq!(
        t.query("SELECT name, rating FROM player ORDER BY id"),
        [
            ["Amos", "1850"],
            ["Billy", "1500"],
            ["Cara", "1402"],
            ["Dev", "1100"],
            ["Eli Absent", "1600"]
        ]
        .map(|r| r.map(String::from).to_vec())
        .to_vec()
    );
    assert_eq!(
        t.query("SELECT p.name, h.system, h.rating, h.list FROM rating_history h JOIN player p ON p.id = h.player_id ORDER BY h.id"),
        vec![
            vec!["Amos".to_string(), "uscf".into(), "1800".into(), "2024-12 supplement".into()],
            vec!["Cara".to_string(), "uscf".into(), "1350".into(), "2024-12 supplement".into()],
        ]
    );
    // The event's entries keep the ratings the event used.
    assert_eq!(
        t.query("SELECT rating FROM entry ORDER BY pairing_no"),
        vec![
            vec!["1800".to_string()],
            vec!["1500".into()],
            vec!["1350".into()],
            vec!["NULL".into()]
        ]
    );
}

#[test]
fn fide_lists_in_xml_and_txt_update_fide_ratings_only() {
    let t = quads();
    t.ok(&[
        "player",
        "edit",
        "Amos",
        "--fide-id",
        "2012345",
        "--fide-rating",
        "1900",
    ]);
    let out = t.ok(&["ratings", "import", &format!("{RATINGS}fide-list.xml")]);
    assert!(
        out.contains("1 changed, 0 rated for the first time, 0 unchanged, 1 not in the league"),
        "{out}"
    );
    assert_eq!(
        t.query("SELECT fide_rating, rating FROM player WHERE name = 'Amos'"),
        vec![vec!["1955".to_string(), "1800".into()]]
    );
    let out = t.ok(&["ratings", "import", &format!("{RATINGS}fide-list.txt")]);
    assert!(out.contains("  changed: Amos 1955 -> 1948\n"), "{out}");
    assert_eq!(
        t.query("SELECT rating, list FROM rating_history ORDER BY id"),
        vec![
            vec!["1900".to_string(), "fide-list.xml".into()],
            vec!["1955".into(), "fide-list.txt".into()]
        ]
    );
}

#[test]
fn a_bad_rating_list_is_refused_and_changes_nothing() {
    let t = quads();
    let bad = t.write("bad.txt", "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm\n2012345        Amos                                                         USA M                                19x8  5\n");
    t.fails(
        &["ratings", "import", bad.to_str().unwrap()],
        "\"19x8\" is not a rating",
    );
    let other = t.write("list.csv", "id,rating\n");
    t.fails(
        &["ratings", "import", other.to_str().unwrap()],
        "a rating list is a .dbf",
    );
    let notdbf = t.write("x.dbf", "hello");
    t.fails(
        &["ratings", "import", notdbf.to_str().unwrap()],
        "not a dBase III file",
    );
}
