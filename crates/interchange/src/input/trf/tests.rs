//! The TRF importer: real files, tolerated variations, one test per error
//! kind (with its line and column), and a property test that no input
//! makes it panic.

use super::*;
use proptest::prelude::*;

const DATA: &str = concat!(env!("LEAGUE_TEST_DATA"), "/trf/");

fn read(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DATA}{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A player line in TRF-16 columns; rounds are (opponent, colour, result).
fn player(no: u32, name: &str, rating: u32, points: &str, rounds: &[(u32, char, char)]) -> String {
    let mut s = format!(
        "001 {no:>4}      {name:<33} {rating:>4}     {:>11} {:>10} {points:>4} {no:>4}  ",
        "", ""
    );
    for &(o, c, r) in rounds {
        s.push_str(&format!("{o:>4} {c} {r}  "));
    }
    s
}

fn small(lines: &[String]) -> Vec<u8> {
    let mut s = String::from("012 Test event\n042 2024/03/18\nXXR 2\n");
    for l in lines {
        s.push_str(l);
        s.push('\n');
    }
    s.into_bytes()
}

fn two_games() -> Vec<String> {
    vec![
        player(1, "Alpha", 2000, "1.5", &[(2, 'w', '1'), (3, 'b', '=')]),
        player(2, "Beta", 1900, "1.0", &[(1, 'b', '0'), (0, '-', 'U')]),
        player(3, "Gamma", 0, "0.5", &[(0, '-', 'H'), (1, 'w', '=')]),
    ]
}

fn error(bytes: &[u8]) -> String {
    match parse(bytes, "test.trf") {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_helper_writes_fixed_columns() {
    let l = player(1, "Alpha", 2000, "1.5", &[(2, 'w', '1')]);
    let c: Vec<char> = l.chars().collect();
    assert_eq!(field(&c, 4, 8), "1");
    assert_eq!(field(&c, 14, 47), "Alpha");
    assert_eq!(field(&c, 48, 52), "2000");
    assert_eq!(field(&c, 80, 84), "1.5");
    assert_eq!(field(&c, 91, 95), "2");
    assert_eq!(c[96], 'w');
    assert_eq!(c[98], '1');
}

#[test]
fn reads_the_fide_exercise() {
    let e = parse(&read("fide-exercise-2023.trf"), "fide-exercise-2023.trf").unwrap();
    assert_eq!(
        e.name.as_deref(),
        Some("FIDE tiebreak exercise 2023 (16 players, 5 rounds)")
    );
    assert_eq!(e.start_date.as_deref(), Some("2024-03-18"));
    assert_eq!(e.end_date.as_deref(), Some("2024-03-18"));
    assert_eq!(e.rounds, 5);
    assert_eq!(e.round_dates, vec![None; 5]);
    assert_eq!(e.format, Format::Swiss);
    assert_eq!(e.players.len(), 16);
    let p4 = &e.players[3];
    assert_eq!(p4.start_no, 4);
    assert_eq!(p4.name, "Player 4");
    assert_eq!(p4.rating, Some(2050));
    assert_eq!(p4.points, Some(Points(7)));
    assert_eq!(p4.rank, Some(4));
    assert_eq!(p4.federation, None);
    let t = &e.tournament;
    assert_eq!(t.rounds, 5);
    assert_eq!(t.players[3].pairing_no, 4);
    assert_eq!(
        t.players[3].rounds[1].outcome,
        Outcome::Bye {
            kind: ByeKind::Half,
            requested: true
        }
    );
    assert!(t.players[5].rounds[2].outcome.is_pairing_bye());
    assert_eq!(t.players[8].rounds[3].outcome, Outcome::ForfeitLoss);
    assert_eq!(t.players[8].rounds[3].opponent, Some(10));
    assert_eq!(t.players[10].rounds[3].outcome, Outcome::ForfeitWin);
    assert_eq!(t.players[10].rounds[3].colour, Some(Colour::Black));
    assert_eq!(
        t.players[11].rounds[4].outcome,
        Outcome::Bye {
            kind: ByeKind::Zero,
            requested: true
        }
    );
    // #12 withdrew after round 3; #14 missed round 4 only.
    assert_eq!(t.players[11].withdrawn_after, Some(3));
    assert_eq!(t.players[13].withdrawn_after, None);
    // Points as stated match the rounds.
    for (p, r) in e.players.iter().zip(&t.players) {
        assert_eq!(p.points, Some(r.score()), "{}", p.name);
    }
}

#[test]
fn every_shared_file_parses_and_its_points_add_up() {
    for name in [
        "fide-exercise-2023.trf",
        "k2425_july.trf",
        "k26_winterClassicalA.trf",
        "www2024HBCCPresidentCupJuniorsBlitz2024.trf",
        "www2025HBCCHonourableBobJuniors.trf",
        "www2025WesternJuniorRapidChampionship.trf",
    ] {
        let e = parse(&read(name), name).unwrap_or_else(|err| panic!("{err}"));
        assert!(e.tournament.check().is_ok());
        assert_eq!(e.players.len(), e.tournament.players.len());
        for (p, r) in e.players.iter().zip(&e.tournament.players) {
            assert_eq!(p.start_no, r.pairing_no);
            assert_eq!(p.points, Some(r.score()), "{name}: {}", p.name);
        }
    }
}

#[test]
fn reads_the_round_robin_and_its_header() {
    let e = parse(&read("k26_winterClassicalA.trf"), "k26").unwrap();
    assert_eq!(e.format, Format::RoundRobin);
    assert_eq!(e.city.as_deref(), Some("Dekweneh"));
    assert_eq!(e.federation.as_deref(), Some("LBN"));
    assert_eq!(e.players[0].title.as_deref(), Some("CM"));
    assert_eq!(e.players[0].name, "Adeimi, Michel");
    assert_eq!(e.players[0].federation.as_deref(), Some("LBN"));
    // Colour "-" on played games: played, colour unknown (1 beat 2).
    let p1 = &e.tournament.players[0];
    let r = *p1.rounds.iter().find(|r| r.opponent == Some(1)).unwrap();
    assert_eq!(r.outcome, Outcome::Win);
    assert_eq!(r.colour, None);
}

#[test]
fn every_player_meeting_every_other_is_a_round_robin() {
    let mut lines = vec![
        player(
            1,
            "A",
            0,
            "1.0",
            &[(2, 'w', '1'), (0, '-', 'U'), (3, 'b', '0')],
        ),
        player(
            2,
            "B",
            0,
            "1.0",
            &[(1, 'b', '0'), (3, 'w', '1'), (0, '-', 'U')],
        ),
        player(
            3,
            "C",
            0,
            "1.0",
            &[(0, '-', 'U'), (2, 'b', '0'), (1, 'w', '1')],
        ),
    ];
    let text = |lines: &[String]| format!("XXR 3\n{}\n", lines.join("\n"));
    assert_eq!(
        parse(text(&lines).as_bytes(), "t").unwrap().format,
        Format::RoundRobin
    );
    lines[1] = player(
        2,
        "B",
        0,
        "1.0",
        &[(1, 'b', '0'), (0, '-', 'U'), (0, '-', 'U')],
    );
    lines[2] = player(
        3,
        "C",
        0,
        "1.0",
        &[(0, '-', 'U'), (0, '-', 'U'), (1, 'w', '1')],
    );
    assert_eq!(
        parse(text(&lines).as_bytes(), "t").unwrap().format,
        Format::Swiss,
        "2 and 3 never met"
    );
}

#[test]
fn a_round_robin_in_grid_order_gets_the_berger_rounds() {
    // k26 lists each player's games against players 1..6 in order, not by
    // round: the importer places them in a Berger schedule.
    let e = parse(&read("k26_winterClassicalA.trf"), "k26").unwrap();
    let t = &e.tournament;
    for (i, p) in t.players.iter().enumerate() {
        let mut opponents: Vec<usize> = p.rounds.iter().filter_map(|r| r.opponent).collect();
        opponents.sort_unstable();
        let others: Vec<usize> = (0..6).filter(|&o| o != i).collect();
        assert_eq!(opponents, others, "{}", p.name);
    }
    // The game 1 v 4 (Adeimi lost to Assaad) is in the same round on both.
    let r = t.players[0]
        .rounds
        .iter()
        .position(|r| r.opponent == Some(3))
        .unwrap();
    assert_eq!(t.players[0].rounds[r].outcome, Outcome::Loss);
    assert_eq!(t.players[3].rounds[r].outcome, Outcome::Win);
    assert_eq!(t.players[3].rounds[r].opponent, Some(0));
    // Grid order with an odd field: 3 players, each sitting out once.
    let lines = [
        player(1, "A", 0, "1.0", &[(2, '-', '1'), (3, '-', '0')]),
        player(2, "B", 0, "1.0", &[(1, '-', '0'), (3, '-', '1')]),
        player(3, "C", 0, "1.0", &[(1, '-', '1'), (2, '-', '0')]),
    ];
    let e = parse(format!("XXR 3\n{}\n", lines.join("\n")).as_bytes(), "t").unwrap();
    assert_eq!(e.format, Format::RoundRobin);
    assert!(e.tournament.check().is_ok());
    for p in &e.tournament.players {
        assert_eq!(
            p.rounds
                .iter()
                .filter(|r| r.outcome == Outcome::Absent)
                .count(),
            1
        );
    }
    // Not a complete round robin: the original mismatch is reported.
    let lines = [
        player(1, "A", 0, "1.0", &[(2, '-', '1'), (3, '-', '0')]),
        player(2, "B", 0, "1.0", &[(1, '-', '0'), (0, '-', 'U')]),
        player(3, "C", 0, "1.0", &[(1, '-', '1'), (0, '-', 'U')]),
    ];
    let e = error(format!("XXR 2\n{}\n", lines.join("\n")).as_bytes());
    assert!(
        e.contains("line 2, column 102") && e.contains("shows a bye"),
        "{e}"
    );
}

#[test]
fn tolerates_crlf_trailing_spaces_short_lines_and_unknown_codes() {
    let mut text = String::from("\u{feff}012 Event\r\n042 18.03.2024\r\n132 ");
    text.push_str(&" ".repeat(87));
    text.push_str("24/03/18  24/03/19\r\n");
    text.push_str("XXC white1\r\nXXS WW=1\r\n112 some deputy\r\n");
    // A TRF-2025 style line with a code this importer does not know.
    text.push_str("002 unknown record kind with anything on it\r\n");
    for l in two_games() {
        text.push_str(&l);
        text.push_str("   \r\n");
    }
    // A player with no rounds at all: the line stops after the rank.
    text.push_str(&player(4, "Delta", 1500, "0.0", &[]));
    text.push('\n');
    let e = parse(text.as_bytes(), "t").unwrap();
    assert_eq!(e.start_date.as_deref(), Some("2024-03-18"));
    assert_eq!(
        e.round_dates,
        vec![
            Some("2024-03-18".to_string()),
            Some("2024-03-19".to_string())
        ]
    );
    assert_eq!(e.rounds, 2);
    assert_eq!(e.players.len(), 4);
    assert_eq!(e.tournament.players[3].rounds, vec![Round::ABSENT; 2]);
    assert_eq!(e.players[2].rating, None, "rating 0 is unrated");
    // A line cut after the first round: the second is absent.
    let mut short = player(1, "A", 0, "1.0", &[(2, 'w', '1')]);
    short.truncate(short.trim_end().len());
    let lines = vec![
        short,
        player(2, "B", 0, "0.0", &[(1, 'b', '0'), (0, '-', 'Z')]),
    ];
    let e = parse(&small(&lines), "t").unwrap();
    assert_eq!(e.tournament.players[0].rounds[1], Round::ABSENT);
}

#[test]
fn rounds_come_from_the_longest_line_without_xxr() {
    let text = format!(
        "012 E\n{}\n{}\n",
        player(
            1,
            "A",
            0,
            "1.0",
            &[(2, 'w', '1'), (0, '-', 'H'), (0, '-', 'F')]
        ),
        player(2, "B", 0, "0.0", &[(1, 'b', '0')])
    );
    let e = parse(text.as_bytes(), "t").unwrap();
    assert_eq!(e.rounds, 3);
    let p = &e.tournament.players[0].rounds;
    assert_eq!(
        p[2].outcome,
        Outcome::Bye {
            kind: ByeKind::Full,
            requested: true
        }
    );
    assert_eq!(e.tournament.players[1].rounds[2], Round::ABSENT);
}

#[test]
fn forfeits_unrated_games_double_forfeits_and_zero_opponents() {
    let lines = vec![
        player(1, "A", 0, "1.0", &[(2, 'w', 'W'), (3, 'b', '-')]),
        player(2, "B", 0, "1.0", &[(1, 'b', 'L'), (0, '-', '+')]),
        player(3, "C", 0, "0.0", &[(0, '-', '-'), (1, 'w', '-')]),
    ];
    let e = parse(&small(&lines), "t").unwrap();
    let t = &e.tournament;
    assert_eq!(t.players[0].rounds[0].outcome, Outcome::Win);
    assert_eq!(t.players[1].rounds[0].outcome, Outcome::Loss);
    assert_eq!(t.players[0].rounds[1].outcome, Outcome::DoubleForfeit);
    assert_eq!(t.players[2].rounds[1].outcome, Outcome::DoubleForfeit);
    assert_eq!(t.players[1].rounds[1].outcome, Outcome::ForfeitWin);
    assert_eq!(t.players[1].rounds[1].opponent, None);
    assert_eq!(t.players[2].rounds[0].outcome, Outcome::ForfeitLoss);
    assert_eq!(t.players[2].rounds[0].opponent, None);
}

#[test]
fn withdrawal_needs_two_missed_rounds_after_taking_part() {
    let lines = vec![
        player(
            1,
            "A",
            0,
            "3.0",
            &[(2, 'w', '1'), (0, '-', 'U'), (0, '-', 'U')],
        ),
        player(
            2,
            "B",
            0,
            "0.0",
            &[(1, 'b', '0'), (0, '-', 'Z'), (0, '-', 'Z')],
        ),
        player(
            3,
            "C",
            0,
            "1.5",
            &[(0, '-', 'H'), (0, '-', 'U'), (0, '-', 'Z')],
        ),
        player(4, "D", 0, "0.0", &[]),
    ];
    let mut text = String::from("XXR 3\n");
    for l in &lines {
        text.push_str(l);
        text.push('\n');
    }
    let e = parse(text.as_bytes(), "t").unwrap();
    assert_eq!(e.tournament.players[1].withdrawn_after, Some(1));
    // One missed final round is an absence; never playing is not a withdrawal.
    assert_eq!(e.tournament.players[2].withdrawn_after, None);
    assert_eq!(e.tournament.players[3].withdrawn_after, None);
    // An event in progress: XXR 9 with three rounds played withdraws no one.
    let text = text.replace("XXR 3", "XXR 9");
    let e = parse(text.as_bytes(), "t").unwrap();
    assert_eq!(e.rounds, 9);
    assert_eq!(e.tournament.players[1].withdrawn_after, Some(1));
    assert_eq!(e.tournament.players[0].withdrawn_after, None);
}

#[test]
fn dates_in_every_accepted_form() {
    assert_eq!(iso_date("2024/03/18").as_deref(), Some("2024-03-18"));
    assert_eq!(iso_date("2024-03-18").as_deref(), Some("2024-03-18"));
    assert_eq!(iso_date("18.03.2024").as_deref(), Some("2024-03-18"));
    assert_eq!(iso_date("24/03/18").as_deref(), Some("2024-03-18"));
    assert_eq!(iso_date("2024/02/30"), None);
    assert_eq!(iso_date("1990"), None);
    assert_eq!(iso_date("2024/13/01"), None);
    assert_eq!(iso_date(""), None);
}

// One test per error kind, each naming the line and column.

#[test]
fn a_latin1_file_is_read_with_a_warning() {
    let mut bytes = small(&two_games());
    // "Gamma" on line 6 becomes "G\xE9mma" (Latin-1 é).
    let at = bytes.windows(5).position(|w| w == b"Gamma").unwrap() + 1;
    bytes[at] = 0xE9;
    let e = parse(&bytes, "test.trf").unwrap();
    assert_eq!(e.players[2].name, "Gémma");
    assert!(
        e.warnings[0].contains("byte 0xE9 on line 6") && e.warnings[0].contains("Latin-1"),
        "{:?}",
        e.warnings
    );
    // Windows-1252's printable characters in 0x80-0x9F; its undefined
    // bytes stay control characters and are refused.
    bytes[at] = 0x80;
    assert_eq!(parse(&bytes, "test.trf").unwrap().players[2].name, "G€mma");
    bytes[at] = 0x81;
    let e = error(&bytes);
    assert!(
        e.contains("line 6, column 16") && e.contains("U+0081"),
        "{e}"
    );
}

#[test]
fn lone_cr_line_ends_are_line_ends() {
    let text = String::from_utf8(small(&two_games())).unwrap();
    let e = parse(text.replace('\n', "\r").as_bytes(), "t").unwrap();
    assert_eq!(e, parse(text.as_bytes(), "t").unwrap());
}

#[test]
fn error_truncated_player_line() {
    let mut lines = two_games();
    lines[1] = "001    2      Beta                              1900".to_string();
    let e = error(&small(&lines));
    assert!(e.contains("line 5, column 53"), "{e}");
    assert!(e.contains("stops at column 52"), "{e}");
}

#[test]
fn error_start_number() {
    let mut lines = two_games();
    lines[0].replace_range(4..8, "  x1");
    let e = error(&small(&lines));
    assert!(e.contains("line 4, column 5"), "{e}");
    assert!(e.contains("start number \"x1\""), "{e}");
    let mut lines = two_games();
    lines[0].replace_range(4..8, "   0");
    assert!(error(&small(&lines)).contains("start number 0"));
}

#[test]
fn error_rating() {
    let mut lines = two_games();
    lines[1].replace_range(48..52, "19a0");
    let e = error(&small(&lines));
    assert!(e.contains("line 5, column 49"), "{e}");
    assert!(e.contains("rating \"19a0\""), "{e}");
}

#[test]
fn error_points() {
    let mut lines = two_games();
    lines[2].replace_range(80..84, "0.25");
    let e = error(&small(&lines));
    assert!(e.contains("line 6, column 81"), "{e}");
    assert!(e.contains("points \"0.25\""), "{e}");
    lines[2].replace_range(80..84, " abc");
    assert!(error(&small(&lines)).contains("line 6, column 81"));
}

#[test]
fn error_opponent_does_not_exist() {
    let mut lines = two_games();
    lines[1] = player(2, "Beta", 1900, "1.0", &[(1, 'b', '0'), (7, 'w', '1')]);
    let e = error(&small(&lines));
    assert!(e.contains("line 5, column 102"), "{e}");
    assert!(e.contains("opponent 7 does not exist"), "{e}");
}

#[test]
fn error_opponent_does_not_point_back() {
    let mut lines = two_games();
    // 2 says it played 3 in round 2; 3's line has 1 in round 2.
    lines[1] = player(2, "Beta", 1900, "1.0", &[(1, 'b', '0'), (3, 'w', '1')]);
    let e = error(&small(&lines));
    assert!(e.contains("line 5, column 102"), "{e}");
    assert!(
        e.contains("paired with 3, but line 6 (player 3) shows a game against 1"),
        "{e}"
    );
}

#[test]
fn error_results_recorded_differently() {
    let mut lines = two_games();
    lines[2] = player(3, "Gamma", 0, "0.5", &[(0, '-', 'H'), (1, 'w', '0')]);
    let e = error(&small(&lines));
    assert!(e.contains("line 4, column 102"), "{e}");
    assert!(
        e.contains("record their game differently (line 4: =, line 6: 0)"),
        "{e}"
    );
    // Same colour on both sides is also recorded differently.
    let mut lines = two_games();
    lines[2] = player(3, "Gamma", 0, "0.5", &[(0, '-', 'H'), (1, 'b', '=')]);
    let e = error(&small(&lines));
    assert!(e.contains("both recorded with Black"), "{e}");
}

#[test]
fn error_both_players_winning() {
    let mut lines = two_games();
    lines[1] = player(2, "Beta", 1900, "1.0", &[(1, 'b', '+'), (0, '-', 'U')]);
    let e = error(&small(&lines));
    assert!(e.contains("line 4, column 92"), "{e}");
    assert!(e.contains("both recorded as winning"), "{e}");
}

#[test]
fn error_duplicate_start_number() {
    let mut lines = two_games();
    lines.push(player(2, "Beta again", 1900, "1.0", &[]));
    let e = error(&small(&lines));
    assert!(e.contains("line 7, column 5"), "{e}");
    assert!(
        e.contains("start number 2 is used twice (first on line 5)"),
        "{e}"
    );
}

#[test]
fn error_unknown_codes_and_impossible_rounds() {
    let mut lines = two_games();
    lines[1] = player(2, "Beta", 1900, "1.0", &[(1, 'b', '0'), (0, '-', 'X')]);
    let e = error(&small(&lines));
    assert!(e.contains("line 5, column 109"), "{e}");
    assert!(e.contains("result code 'X'"), "{e}");

    let mut lines = two_games();
    lines[1] = player(2, "Beta", 1900, "1.0", &[(1, 'x', '0'), (0, '-', 'U')]);
    assert!(error(&small(&lines)).contains("line 5, column 97"));

    let mut lines = two_games();
    lines[1] = player(2, "Beta", 1900, "1.0", &[(1, 'b', '0'), (3, 'w', 'H')]);
    let e = error(&small(&lines));
    assert!(e.contains("is a bye, but an opponent (3) is named"), "{e}");

    let mut lines = two_games();
    lines[0] = player(
        1,
        "Alpha",
        2000,
        "1.5",
        &[(2, 'w', '1'), (3, 'b', '='), (0, '-', 'H')],
    );
    let e = error(&small(&lines));
    assert!(e.contains("line 4, column 112"), "{e}");
    assert!(e.contains("XXR line says the event has 2 rounds"), "{e}");

    let e = error(b"XXR five\n");
    assert!(e.contains("line 1, column 5"), "{e}");
    let e = error(b"012 E\nXXR 4000000000\n");
    assert!(
        e.contains("line 2, column 5") && e.contains("at most 99"),
        "{e}"
    );

    let mut lines = two_games();
    lines[0] = player(1, "Alpha", 2000, "1.5", &[(1, 'w', '1'), (3, 'b', '=')]);
    assert!(error(&small(&lines)).contains("paired against themself"));

    let mut lines = two_games();
    lines[0].replace_range(91..95, "  ab");
    let e = error(&small(&lines));
    assert!(
        e.contains("line 4, column 92") && e.contains("opponent \"ab\""),
        "{e}"
    );
}

#[test]
fn an_empty_file_or_one_without_players_is_refused() {
    for text in [&b""[..], b"012 Nothing\nXXR 5\n"] {
        let e = parse(text, "t").unwrap_err().to_string();
        assert!(e.contains("no player lines"), "{e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = parse(&bytes, "random");
    }

    #[test]
    fn random_lines_never_panic(lines in proptest::collection::vec(
        prop_oneof![
            "001[ 0-9a-z]{0,140}",
            "001 [ 0-9]{4}[ A-Za-z]{40}[ 0-9.]{50}([ 0-9]{4} [wb -] [10=+WDLHFUZ -]  ){0,6}",
            "XXR [0-9 ]{0,12}",
            "(012|042|092|132) .{0,120}",
        ],
        0..12,
    )) {
        let _ = parse(lines.join("\n").as_bytes(), "random");
    }

    #[test]
    fn mutated_real_files_never_panic(
        edits in proptest::collection::vec((0usize..20_000, any::<u8>()), 1..12),
        cut in 0usize..20_000,
    ) {
        let mut bytes = read("fide-exercise-2023.trf");
        bytes.extend_from_slice(&read("k26_winterClassicalA.trf"));
        for (at, b) in edits {
            let n = bytes.len();
            bytes[at % n] = b;
        }
        let n = bytes.len();
        bytes.truncate(cut % (n + 1));
        let _ = parse(&bytes, "mutated");
    }
}

#[test]
fn a_game_lost_by_both_is_a_played_loss_for_each() {
    let lines = vec![
        player(1, "Alpha", 2000, "0.5", &[(2, 'w', '0'), (3, 'b', '=')]),
        player(2, "Beta", 1900, "1.0", &[(1, 'b', '0'), (0, '-', 'U')]),
        player(3, "Gamma", 0, "1.0", &[(0, '-', 'H'), (1, 'w', '=')]),
    ];
    let e = parse(&small(&lines), "test.trf").unwrap();
    assert!(e.warnings.is_empty(), "{:?}", e.warnings);
    let (a, b) = (&e.tournament.players[0], &e.tournament.players[1]);
    assert_eq!(a.rounds[0].outcome, Outcome::Loss);
    assert_eq!(b.rounds[0].outcome, Outcome::Loss);
    assert_eq!(a.rounds[0].played_opponent(), Some(1));
    assert_eq!(b.rounds[0].played_opponent(), Some(0));
    assert_eq!(a.score(), Points::HALF);
    assert!(e.tournament.check().is_ok());
}

/// A name of exactly 33 characters fills the name field: kept as written,
/// with a warning naming the line and the player (a longer name may have
/// been cut there); a shorter name gives no warning.
#[test]
fn a_full_name_field_is_kept_with_a_warning() {
    let full = "Bravo-Fitzwilliam de la Rochefouc";
    assert_eq!(full.chars().count(), NAME_WIDTH);
    let mut lines = two_games();
    // Player 3's points column agrees with the results (no other warning).
    lines[2] = player(3, "Gamma", 0, "1.0", &[(0, '-', 'H'), (1, 'w', '=')]);
    lines[1] = player(2, full, 1900, "1.0", &[(1, 'b', '0'), (0, '-', 'U')]);
    let e = parse(&small(&lines), "test.trf").unwrap();
    assert_eq!(e.players[1].name, full);
    assert_eq!(e.players[1].rating, Some(1900));
    assert_eq!(e.warnings.len(), 1, "{:?}", e.warnings);
    assert!(
        e.warnings[0].starts_with(&format!(
            "line 5: player 2's name \"{full}\" fills the whole name field (columns 15-47, 33 \
             characters)"
        )) && e.warnings[0].contains("league player edit"),
        "{}",
        e.warnings[0]
    );
    // One character shorter: no warning.
    lines[1] = player(2, &full[..32], 1900, "1.0", &[(1, 'b', '0'), (0, '-', 'U')]);
    let e = parse(&small(&lines), "test.trf").unwrap();
    assert_eq!(e.warnings, Vec::<String>::new());
}

/// A name written past column 47 shifts every later column: refused, and
/// the error says the name is too long rather than that the rating is bad.
#[test]
fn a_name_past_column_47_is_refused_naming_the_name() {
    let mut lines = two_games();
    lines[1] = player(
        2,
        "Bravo-Fitzwilliam de la Rochefoucauld, Ben",
        1900,
        "1.0",
        &[(1, 'b', '0'), (0, '-', 'U')],
    );
    let e = error(&small(&lines));
    assert!(
        e.contains("line 5")
            && e.contains("column 48")
            && e.contains("the name runs past column 47 into the rating")
            && e.contains("33 characters at most"),
        "{e}"
    );
}

#[test]
fn a_player_name_loses_an_unclosed_override_with_a_warning_naming_the_line() {
    // {name:<33} pads by characters, so the columns stay where TRF wants them.
    let lines = vec![
        player(
            1,
            "Alpha\u{202E}",
            2000,
            "1.5",
            &[(2, 'w', '1'), (3, 'b', '=')],
        ),
        player(2, "Beta", 1900, "1.0", &[(1, 'b', '0'), (0, '-', 'U')]),
        player(3, "Gamma", 0, "0.5", &[(0, '-', 'H'), (1, 'w', '=')]),
    ];
    let t = parse(&small(&lines), "test.trf").unwrap();
    assert_eq!(t.players[0].name, "Alpha");
    let w: Vec<&String> = t.warnings.iter().filter(|w| w.contains("U+202E")).collect();
    assert_eq!(w.len(), 1, "{:?}", t.warnings);
    assert!(w[0].starts_with("test.trf, line 4: the name \"Alpha\\u{202e}\" had 1 unpaired text-direction control (U+202E)"), "{w:?}");
}
