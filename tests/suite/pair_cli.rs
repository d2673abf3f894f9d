//! `league pair FILE.trf`: the Dutch engine on a TRF file through the
//! binary: JSON, the pairing sheet, the file written back, and refusals of
//! files that contradict themselves.

use serde_json::Value;

use crate::dutch_replay::{cut, expected};
use crate::util::TestLeague;

fn player(n: u32, rating: u32, points: &str, cells: &str) -> String {
    format!(
        "001 {n:>4}      {:<33} {rating:>4}{:28}{points:>4}{:7}{cells}",
        format!("Player{n}"),
        "",
        ""
    )
}

fn six() -> String {
    let mut s = String::from("012 Club Open\nXXR 5\nXXC white1\n");
    for n in 1..=6 {
        s.push_str(&player(n, 2100 - n * 10, "0.0", ""));
        s.push('\n');
    }
    s
}

#[test]
fn round_one_as_json_with_start_numbers() {
    let t = TestLeague::new();
    let f = t.write("open.trf", six());
    let out = t.ok(&["pair", f.to_str().unwrap(), "--format", "json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["round"], 1);
    let pairs: Vec<(u64, u64, u64)> = v["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["board"].as_u64().unwrap(),
                p["white"].as_u64().unwrap(),
                p["black"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(pairs, vec![(1, 1, 4), (2, 5, 2), (3, 3, 6)]);
    assert_eq!(v["byes"], serde_json::json!([]));
}

#[test]
fn the_sheet_names_boards_and_the_bye() {
    let t = TestLeague::new();
    let mut text = six();
    text.push_str(&player(7, 1900, "0.0", ""));
    text.push('\n');
    let f = t.write("open.trf", text);
    let out = t.ok(&["pair", f.to_str().unwrap()]);
    assert!(out.contains("Round 1 (FIDE Dutch system)"), "{out}");
    assert!(out.contains("1 Player1 (0)"), "{out}");
    assert!(
        out.contains("Bye: 7 Player7 (0), pairing-allocated bye"),
        "{out}"
    );
}

#[test]
fn a_reference_round_through_the_binary() {
    let t = TestLeague::new();
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pairing");
    let text = std::fs::read_to_string(dir.join("dutch-001.trf")).unwrap();
    let f = t.write("cut.trf", cut(&text, 5, 8));
    let out = t.ok(&["pair", f.to_str().unwrap(), "--format", "json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["round"], 5);
    let got: std::collections::BTreeSet<(u32, u32)> = v["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["white"].as_u64().unwrap() as u32,
                p["black"].as_u64().unwrap() as u32,
            )
        })
        .collect();
    let (want, bye) = expected(&text, 5);
    assert_eq!(got, want);
    assert_eq!(bye, None);
    // --round names the same round; the file written back carries it.
    let trf = t.ok(&[
        "pair",
        f.to_str().unwrap(),
        "--round",
        "5",
        "--format",
        "trf",
    ]);
    let (w, b) = *want.iter().next().unwrap();
    let line = trf
        .lines()
        .find(|l| l.starts_with("001") && l[4..8].trim() == w.to_string())
        .unwrap();
    assert!(line.ends_with(&format!("{b:>4} w")), "{line}");
}

#[test]
fn contradictions_in_the_file_are_refused_with_line_and_field() {
    let t = TestLeague::new();
    // Points column not the sum of the results.
    let mut text = six();
    text = text.replacen(&player(1, 2090, "0.0", ""), &player(1, 2090, "1.0", ""), 1);
    let f = t.write("bad-points.trf", text);
    t.fails(
        &["pair", f.to_str().unwrap()],
        "line 4, column 81: player 1 has 1 in the points column",
    );

    // A game on one line only.
    let mut text = String::from("XXR 5\n");
    text.push_str(&player(1, 2000, "1.0", "   2 w 1"));
    text.push('\n');
    text.push_str(&player(2, 1990, "0.0", "   3 b 0"));
    text.push('\n');
    text.push_str(&player(3, 1980, "0.0", "   2 w 0"));
    text.push('\n');
    let f = t.write("one-sided.trf", text);
    t.fails(
        &["pair", f.to_str().unwrap()],
        "line 2, column 92: round 1: player 1 is paired with 2",
    );

    // A round beyond XXR.
    let text = six().replace("XXR 5", "XXR 1");
    let f = t.write("short.trf", text);
    t.fails(
        &["pair", f.to_str().unwrap(), "--round", "2"],
        "round 2 cannot be paired before round 1",
    );

    // Nobody to pair.
    let f = t.write("empty.trf", "012 Nothing\nXXR 5\n");
    t.fails(&["pair", f.to_str().unwrap()], "nobody to pair");

    // Another pairing system.
    let f = t.write("burstein.trf", format!("192 FIDE_BURSTEIN\n{}", six()));
    t.fails(
        &["pair", f.to_str().unwrap()],
        "only the FIDE Dutch system is known",
    );
    t.fails(
        &["pair", f.to_str().unwrap(), "--system", "lim"],
        "invalid value 'lim'",
    );

    // A round that already has games.
    let mut text = String::from("XXR 3\n");
    text.push_str(&player(1, 2000, "1.0", "   2 w 1"));
    text.push('\n');
    text.push_str(&player(2, 1990, "0.0", "   1 b 0"));
    text.push('\n');
    let f = t.write("played.trf", text);
    t.fails(
        &["pair", f.to_str().unwrap(), "--round", "1"],
        "round 1 already has games",
    );
    let f = t.write(
        "over.trf",
        std::fs::read_to_string(&f)
            .unwrap()
            .replace("XXR 3", "XXR 1"),
    );
    t.fails(
        &["pair", f.to_str().unwrap()],
        "round 2 is beyond the 1 rounds the file plans",
    );
    // And two who have met cannot meet again: said plainly.
    let f = t.write(
        "met.trf",
        std::fs::read_to_string(&f)
            .unwrap()
            .replace("XXR 1", "XXR 3"),
    );
    t.fails(&["pair", f.to_str().unwrap()], "round 2 cannot be paired");
}

#[test]
fn explain_says_why_for_every_board_and_the_bye_with_both_swiss_systems() {
    let t = TestLeague::new();
    let mut text = six();
    text.push_str(&player(7, 1900, "0.0", ""));
    text.push('\n');
    let f = t.write("open.trf", text);
    let f = f.to_str().unwrap();
    let dutch = t.ok(&["pair", f, "--explain"]);
    for line in [
        "Why this pairing (FIDE Dutch system, C.04.3):",
        "Board 1: Player1 (1) - Player4 (4)",
        "  pairing: paired within the 0 score bracket",
        "  colours: Player1 (1) White, no colour preference (no game yet); Player4 (4) Black, no colour preference (no game yet); neither has played a game: the initial colour decides by pairing number (5.2.5)",
        "Bye: Player7 (7), on 0, gets the pairing-allocated bye",
    ] {
        assert!(dutch.contains(line), "missing {line:?} in:\n{dutch}");
    }
    let uscf = t.ok(&["pair", f, "--system", "uscf", "--explain"]);
    for line in [
        "Why this pairing (US Chess Swiss system, rules 27-29):",
        "Board 1: Player1 (1) - Player4 (4)",
        "  pairing: natural pairing: upper half against lower half of the score group (27A3, 29C)",
        "  colours: neither is due a colour: Player1 (1) has White by the initial colour, alternating down the boards (29E2)",
        "Bye: Player7 (7), on 0: the lowest score group first, rated players before unrated ones",
    ] {
        assert!(uscf.contains(line), "missing {line:?} in:\n{uscf}");
    }
    // A TRF file has no room for it; the US Chess options need uscf.
    t.fails(
        &["pair", f, "--explain", "--format", "trf"],
        "--explain goes with --format text or json",
    );
    t.fails(
        &["pair", f, "--colour-priority", "colours"],
        "are US Chess options: add --system uscf",
    );
}

#[test]
fn explain_in_json_has_one_entry_per_board_and_names_every_float() {
    let t = TestLeague::new();
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pairing");
    let text = std::fs::read_to_string(dir.join("dutch-001.trf")).unwrap();
    let f = t.write("cut.trf", cut(&text, 5, 8));
    for system in ["dutch", "uscf"] {
        let out = t.ok(&[
            "pair",
            f.to_str().unwrap(),
            "--system",
            system,
            "--format",
            "json",
            "--explain",
        ]);
        let v: Value = serde_json::from_str(&out).unwrap();
        let pairs = v["pairs"].as_array().unwrap();
        let why = v["explain"]["boards"].as_array().unwrap();
        assert_eq!(why.len(), pairs.len(), "{system}");
        let mut floats = 0;
        for (p, w) in pairs.iter().zip(why) {
            assert_eq!(p["white"], w["white"], "{system}");
            assert_eq!(p["black"], w["black"], "{system}");
            assert!(!w["pairing"].as_str().unwrap().is_empty());
            assert!(!w["colours"].as_str().unwrap().is_empty());
            floats += w["floats"].as_array().unwrap().len();
        }
        // Round 5 of 40 players after four rounds: score groups of odd size
        // exist, so somebody floats, and each float is named once.
        assert!(floats > 0, "{system}: {out}");
    }
}
