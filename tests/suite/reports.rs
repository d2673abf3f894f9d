//! The US Chess rating report through the command: every missing field
//! listed at once with nothing written, then the three dBase files read
//! back value by value and compared with a reviewed golden copy
//! (tests/golden/uscf; `UPDATE_GOLDEN=1` rewrites it).

use chess_league::export::dbase;
use chess_league::input::dbase::read as read_dbase;
use chess_league::interchange::dbase::{Field, Kind, Table};

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
        "the event's US Chess affiliate id (league event edit --affiliate-id A6000000, or for every event: league settings set report.affiliate-id A6000000)",
        "the event's chief TD's US Chess id (league event edit --chief-td-id ID, or for every event: league settings set report.chief-td-id ID)",
        "the event's city (league event edit --city CITY, or for every event: league settings set report.city CITY)",
        "the event's state",
        "the event's zip code",
        "the event's country",
        "the event's rating system",
        "the event's first day (league event edit --start YYYY-MM-DD)",
        "the event's last day",
        "who US Chess sends the crosstables to (league settings set report.crosstables td|affiliate|none)",
        "whether the league's events are scholastic (league settings set report.scholastic yes|no)",
        "Amos's US Chess id (section Open, #1; league player edit \"Amos\" --uscf-id ID)",
        "Dev's US Chess id (section Open, #4;",
    ] {
        assert!(said.contains(needed), "{needed} missing from:\n{said}");
    }
    // The original report structure has no time control field.
    assert!(!said.contains("time control"), "{said}");
    assert!(!out.exists(), "nothing is written");
}

/// The event gives its own affiliate, TDs, city, dates and rating system;
/// the league gives state, zip, country and a city the event overrides,
/// and answers the crosstable and scholastic questions.
pub(crate) fn ready(t: &TestLeague) {
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
        "--rating-system",
        "dual",
    ]);
    for (key, value) in [
        ("report.city", "Columbus"),
        ("report.state", "oh"),
        ("report.zip", "45402"),
        ("report.country", "usa"),
        ("report.crosstables", "affiliate"),
        ("report.scholastic", "no"),
    ] {
        t.ok(&["settings", "set", key, value]);
    }
    for (name, id) in [
        ("Amos", "10000001"),
        ("Billy", "10000002"),
        ("Cara", "10000003"),
        ("Dev", "10000004"),
    ] {
        t.ok(&["player", "edit", name, "--uscf-id", id]);
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
    let read = |name: &str| read_dbase(&std::fs::read(out.join(name)).unwrap()).unwrap();
    let layout = |t: &Table| -> Vec<(String, Kind, u8)> {
        t.fields
            .iter()
            .map(|f| (f.name.clone(), f.kind, f.width))
            .collect()
    };
    let want = |fields: &[(&str, Kind, u8)]| -> Vec<(String, Kind, u8)> {
        fields
            .iter()
            .map(|(n, k, w)| (n.to_string(), *k, *w))
            .collect()
    };
    use Kind::{Character as C, Date as D, Numeric as N};

    // Appendix E1's original structure, field by field.
    let h = read("THEXPORT.DBF");
    assert_eq!(h.date, (2024, 3, 3));
    assert_eq!(
        layout(&h),
        want(&[
            ("H_EVENT_ID", C, 9),
            ("H_NAME", C, 35),
            ("H_TOT_SECT", N, 2),
            ("H_BEG_DATE", D, 8),
            ("H_END_DATE", D, 8),
            ("H_RCV_DATE", D, 8),
            ("H_ENT_DATE", D, 8),
            ("H_AFF_ID", C, 8),
            ("H_CITY", C, 21),
            ("H_STATE", C, 2),
            ("H_ZIPCODE", C, 10),
            ("H_COUNTRY", C, 21),
            ("H_SENDCROS", C, 1),
            ("H_SCHOLAST", C, 1),
            ("H_SECREC01", N, 7),
        ])
    );
    // The event's city wins over the league's; the league's state, zip
    // and country fill the event's gaps.
    assert_eq!(
        h.records,
        vec![vec![
            "", "Quads", "1", "20240302", "20240303", "", "", "A6012345", "Dayton", "OH", "45402",
            "USA", "A", "N", "1"
        ]]
    );

    let s = read("TSEXPORT.DBF");
    assert_eq!(
        layout(&s),
        want(&[
            ("S_EVENT_ID", C, 9),
            ("S_SEC_NUM", C, 2),
            ("S_SEC_NAME", C, 10),
            ("S_K_FACTOR", C, 1),
            ("S_R_SYSTEM", C, 1),
            ("S_CTD_ID", C, 8),
            ("S_ATD_ID", C, 8),
            ("S_TRN_TYPE", C, 1),
            ("S_TOT_RNDS", N, 2),
            ("S_LST_PAIR", N, 4),
            ("S_DTLREC01", N, 7),
            ("S_OPER", C, 2),
            ("S_STATUS", C, 1),
        ])
    );
    assert_eq!(
        s.records,
        vec![vec![
            "", "1", "Open", "F", "D", "12345678", "87654321", "R", "3", "4", "1", "XX", "#"
        ]]
    );
    // The section number is right-aligned, blank-filled, in two characters.
    let raw = std::fs::read(out.join("TSEXPORT.DBF")).unwrap();
    let header_len = u16::from_le_bytes([raw[8], raw[9]]) as usize;
    assert_eq!(&raw[header_len + 1 + 9..header_len + 1 + 11], b" 1");

    let d = read("TDEXPORT.DBF");
    let mut fields = vec![
        ("D_EVENT_ID".to_string(), C, 9),
        ("D_SEC_NUM".into(), C, 2),
        ("D_PAIR_NUM".into(), C, 4),
        ("D_REC_SEQ".into(), C, 1),
        ("D_MEM_ID".into(), C, 8),
    ];
    fields.extend((1..=10).map(|r| (format!("D_RND{r:02}"), C, 5)));
    assert_eq!(layout(&d), fields);
    let rows: Vec<Vec<String>> = d.records.iter().map(|r| r[1..8].to_vec()).collect();
    let want = [
        ["1", "1", "1", "10000001", "W   2", "L   3", "W   4"],
        ["1", "2", "1", "10000002", "L   1", "W   4", "W   3"],
        ["1", "3", "1", "10000003", "W   4", "W   1", "L   2"],
        ["1", "4", "1", "10000004", "L   3", "L   2", "L   1"],
    ];
    assert_eq!(rows, want.map(|r| r.map(String::from).to_vec()).to_vec());
    // Rounds 4 to 10 do not exist: "    0", read back trimmed.
    assert!(d.records.iter().all(|r| r[8..].iter().all(|v| v == "0")));
    // Pairing numbers are right-aligned in their four characters.
    let raw = std::fs::read(out.join("TDEXPORT.DBF")).unwrap();
    let header_len = u16::from_le_bytes([raw[8], raw[9]]) as usize;
    assert_eq!(&raw[header_len + 1 + 11..header_len + 1 + 15], b"   1");
    assert_eq!(
        &raw[header_len + 1 + 24 + 15..header_len + 1 + 24 + 20],
        b"    0"
    );

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

/// Forfeits and byes carry no opponent; a withdrawn player's later rounds
/// are "not played".
#[test]
fn forfeits_and_byes_are_written_without_an_opponent() {
    let t = quads();
    ready(&t);
    t.ok(&["event", "edit", "--event", "Quads", "--rounds", "4"]);
    t.ok(&[
        "game", "add", "1", "2", "1F-0F", "--event", "Quads", "--round", "4",
    ]);
    t.ok(&[
        "game", "add", "3", "4", "0F-0F", "--event", "Quads", "--round", "4",
    ]);
    let out = t.path("r4");
    t.ok(&[
        "report",
        "uscf",
        "--event",
        "Quads",
        "--out",
        out.to_str().unwrap(),
    ]);
    let d = read_dbase(&std::fs::read(out.join("TDEXPORT.DBF")).unwrap()).unwrap();
    let round4: Vec<&str> = d.records.iter().map(|r| r[8].as_str()).collect();
    assert_eq!(round4, ["X   0", "F   0", "F   0", "F   0"]);
    let s = read_dbase(&std::fs::read(out.join("TSEXPORT.DBF")).unwrap()).unwrap();
    assert_eq!(s.records[0][8], "4");
}

/// Report defaults are set once for the league, checked as the event's own
/// fields are, shown by `settings show`, and refused when wrong.
#[test]
fn league_report_defaults_are_checked_and_shown() {
    let t = quads();
    t.fails(
        &["settings", "set", "report.state", "Ohio"],
        "report.state \"OHIO\" is not a two-letter state code",
    );
    t.fails(
        &["settings", "set", "report.crosstables", "everyone"],
        "report.crosstables \"everyone\" is not one of td, affiliate, none",
    );
    t.fails(
        &["settings", "set", "report.scholastic", "maybe"],
        "is not yes or no",
    );
    assert_eq!(
        t.ok(&["settings", "set", "report.affiliate-id", "A6000000"]),
        "report.affiliate-id is now \"A6000000\" for every event that gives none.\n"
    );
    t.ok(&["settings", "set", "report.country", "usa"]);
    t.ok(&["settings", "set", "league-name", "Dayton Chess Club"]);
    assert_eq!(
        t.ok(&["settings", "show"]),
        "league-name: Dayton Chess Club\nreport.affiliate-id: A6000000\nreport.country: USA\n"
    );
    let json: serde_json::Value =
        serde_json::from_str(&t.ok(&["settings", "show", "--format", "json"])).unwrap();
    assert_eq!(json["report.country"], "USA");
    assert_eq!(json["report.zip"], serde_json::Value::Null);
    assert_eq!(
        t.ok(&["settings", "set", "report.affiliate-id", ""]),
        "report.affiliate-id is cleared.\n"
    );
    // The league's country is the TRF federation of an event without one.
    let trf = t.ok(&["export", "trf", "--event", "Quads"]);
    assert!(trf.contains("032 USA\n"), "{trf}");
    assert_eq!(
        t.query("SELECT key, value FROM setting ORDER BY key"),
        [
            ["league_name", "Dayton Chess Club"],
            ["report.country", "USA"]
        ]
        .map(|r| r.map(String::from).to_vec())
        .to_vec()
    );
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
            // Dev was unrated until this list (V21).
            vec!["Dev".to_string(), "uscf".into(), "NULL".into(), "2024-12 supplement".into()],
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

/// The FIDE report uses the FIDE rating in force when the event began: a
/// list imported after the event does not change it, and a player first
/// rated after the event is reported unrated.
#[test]
fn trf_export_uses_the_fide_rating_in_force_when_the_event_began() {
    let t = quads();
    t.ok(&["event", "edit", "--event", "Quads", "--start", "2024-03-02"]);
    t.ok(&[
        "player",
        "edit",
        "Amos",
        "--fide-id",
        "2012345",
        "--fide-rating",
        "1900",
    ]);
    t.ok(&["player", "edit", "Billy", "--fide-id", "2098765"]);
    let said = t.ok(&[
        "ratings",
        "import",
        &format!("{RATINGS}fide-list.xml"),
        "--date",
        "2024-06-01",
    ]);
    assert!(said.contains("  changed: Amos 1900 -> 1955\n"), "{said}");
    assert!(said.contains("  new: Billy 2010\n"), "{said}");
    let rating = |text: &str, name: &str| {
        text.lines()
            .find(|l| l.starts_with("001") && l.contains(name))
            .map(|l| l[48..52].trim().to_string())
            .unwrap()
    };
    let before = t.ok(&["export", "trf", "--event", "Quads"]);
    assert_eq!(rating(&before, "Amos"), "1900");
    assert_eq!(rating(&before, "Billy"), "");
    assert!(before.contains("072 1\n"), "{before}");
    // An event that began after the list uses the list's ratings.
    t.ok(&["event", "edit", "--event", "Quads", "--start", "2024-07-01"]);
    let after = t.ok(&["export", "trf", "--event", "Quads"]);
    assert_eq!(rating(&after, "Amos"), "1955");
    assert_eq!(rating(&after, "Billy"), "2010");
    // The day the list took effect counts as in force.
    t.ok(&["event", "edit", "--event", "Quads", "--start", "2024-06-01"]);
    let same_day = t.ok(&["export", "trf", "--event", "Quads"]);
    assert_eq!(rating(&same_day, "Amos"), "1955");
}

/// A US Chess list of two members (MEM_ID, R_RATING), made in the test.
fn supplement(t: &TestLeague, file: &str, rows: &[(&str, &str)]) -> String {
    let table = Table {
        date: (2025, 2, 1),
        fields: vec![
            Field::new("MEM_ID", Kind::Character, 8),
            Field::new("R_RATING", Kind::Character, 9),
        ],
        records: rows
            .iter()
            .map(|(id, r)| vec![id.to_string(), r.to_string()])
            .collect(),
    };
    t.write(file, dbase::write(&table).unwrap())
        .to_str()
        .unwrap()
        .to_string()
}

/// The rating lists' history: on the player's page chart (with the rating
/// each event used), in `history player`, and lists go in in the order
/// they took effect.
#[test]
fn rating_lists_feed_the_player_chart_and_history() {
    let t = quads();
    t.ok(&["event", "edit", "--event", "Quads", "--start", "2024-03-02"]);
    t.ok(&["player", "edit", "Amos", "--uscf-id", "10000001"]);
    t.ok(&[
        "ratings",
        "import",
        &format!("{RATINGS}uscf-supplement.dbf"),
        "--list",
        "2024-12 supplement",
        "--date",
        "2024-12-20",
    ]);
    let second = supplement(&t, "second.dbf", &[("10000001", "1900")]);
    t.ok(&["ratings", "import", &second, "--date", "2025-02-20"]);

    let text = t.ok(&["history", "player", "Amos"]);
    assert!(
        text.ends_with(
            "\nRating lists:\n  2024-12-20  2024-12 supplement  US Chess 1800 -> 1850\n  2025-02-20  second.dbf  US Chess 1850 -> 1900\n"
        ),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&t.ok(&["history", "player", "Amos", "--format", "json"])).unwrap();
    assert_eq!(
        json["rating_lists"],
        serde_json::json!([
            {"system": "uscf", "list": "2024-12 supplement", "date": "2024-12-20", "from": 1800, "to": 1850},
            {"system": "uscf", "list": "second.dbf", "date": "2025-02-20", "from": 1850, "to": 1900},
        ])
    );

    let site = t.path("site");
    t.ok(&["site", "--out", site.to_str().unwrap()]);
    let page = std::fs::read_to_string(site.join("players").join("amos.html")).unwrap();
    assert!(
        page.contains("Rating at the start of each event and from each rating list"),
        "{page}"
    );
    for point in [
        "Quads Open (2024): rated 1800",
        "2024-12 supplement (2024-12-20): rated 1850",
        "second.dbf (2025-02-20): rated 1900",
    ] {
        assert!(page.contains(point), "{point} missing:\n{page}");
    }
    // Billy's rating never moved: one event, no list, no rating chart.
    let billy = std::fs::read_to_string(site.join("players").join("billy.html")).unwrap();
    assert!(!billy.contains("Rating at the start"), "{billy}");

    // A list that took effect before one already imported is refused.
    let late = supplement(&t, "late.dbf", &[("10000001", "1700")]);
    t.fails(
        &["ratings", "import", &late, "--date", "2025-01-01"],
        "the US Chess list second.dbf took effect on 2025-02-20, after 2025-01-01; import rating lists in the order they took effect (--date)",
    );
}
