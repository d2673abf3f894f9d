//! Property tests on every parser of a secretary's files: random bytes,
//! CSV-shaped noise and mutations of valid files never panic, and always
//! either parse fully (every row usable) or fail with an `InputError` that
//! names the file, a line and a field. Through the binary: a `league round
//! record` that fails writes nothing.
//!
//! The TRF reader, the player list and the team-match sheet get the same
//! treatment below; parsers written later get it by reusing [`mutated`] on a valid file of theirs and
//! [`assert_input_error`] on what they return; add them under "Other
//! parsers" at the end of this file.

use proptest::prelude::*;

use chess_league::error::InputError;
use chess_league::input::results;

use crate::util::{snapshot, TestLeague};

/// One change to a file's bytes.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Replace the byte at (position modulo length) with this one.
    Set(usize, u8),
    /// Insert bytes at (position modulo length + 1).
    Insert(usize, Vec<u8>),
    /// Remove up to n bytes from (position modulo length).
    Remove(usize, usize),
    /// Cut the file at (position modulo length + 1).
    Truncate(usize),
    /// Repeat line (index modulo line count).
    DuplicateLine(usize),
    /// Swap two lines.
    SwapLines(usize, usize),
}

/// Fragments that tend to matter to a parser of secretaries' files.
const TOKENS: &[&str] = &[
    ",",
    "\"",
    "\"\"",
    "\n",
    "\r\n",
    "\r",
    "\t",
    " ",
    "#",
    "BYE",
    "bye",
    "½",
    "1/2",
    "=",
    "1-0",
    "0-1",
    "1F-0F",
    "0F-0F",
    "+/-",
    "*",
    "half",
    "zero",
    "full",
    "0",
    "-1",
    "99999999999999999999",
    "\u{feff}",
    "\u{0}",
    "white",
    "black",
    "board",
    "result",
    "Smith",
    "é",
    "\u{202e}",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Set(i, b)),
        (any::<usize>(), prop::sample::select(TOKENS))
            .prop_map(|(i, t)| Mutation::Insert(i, t.as_bytes().to_vec())),
        (any::<usize>(), prop::collection::vec(any::<u8>(), 1..4))
            .prop_map(|(i, b)| Mutation::Insert(i, b)),
        (any::<usize>(), 1..8usize).prop_map(|(i, n)| Mutation::Remove(i, n)),
        any::<usize>().prop_map(Mutation::Truncate),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Mutation::SwapLines(i, j)),
    ]
}

/// Apply mutations to a file's bytes.
pub fn mutate(seed: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut b = seed.to_vec();
    for m in mutations {
        let len = b.len().max(1);
        match m {
            Mutation::Set(i, v) => {
                if !b.is_empty() {
                    b[i % len] = *v;
                }
            }
            Mutation::Insert(i, bytes) => {
                let at = i % (b.len() + 1);
                b.splice(at..at, bytes.iter().copied());
            }
            Mutation::Remove(i, n) => {
                if !b.is_empty() {
                    let at = i % len;
                    let end = (at + n).min(b.len());
                    b.drain(at..end);
                }
            }
            Mutation::Truncate(i) => b.truncate(i % (b.len() + 1)),
            Mutation::DuplicateLine(i) | Mutation::SwapLines(i, _) => {
                let mut lines: Vec<Vec<u8>> = b
                    .split_inclusive(|&c| c == b'\n')
                    .map(<[u8]>::to_vec)
                    .collect();
                if lines.is_empty() {
                    continue;
                }
                let n = lines.len();
                match m {
                    Mutation::DuplicateLine(_) => {
                        let line = lines[i % n].clone();
                        lines.insert(i % n, line);
                    }
                    Mutation::SwapLines(_, j) => lines.swap(i % n, j % n),
                    _ => unreachable!(),
                }
                b = lines.concat();
            }
        }
    }
    b
}

/// A strategy for 1 to 6 mutations of `seed`.
pub fn mutated(seed: &'static [u8]) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(mutation(), 1..6).prop_map(move |ms| mutate(seed, &ms))
}

/// An error from a parser names the file, a line within the input (or one
/// past it) and a field, and says something.
pub fn assert_input_error(e: &InputError, source: &str, input: &[u8]) {
    assert_eq!(e.source, source, "{e}");
    // Lines as the parsers count them: LF, CRLF, or a lone CR (old Mac
    // files, which the TRF reader accepts) each end one.
    let text = String::from_utf8_lossy(input).replace("\r\n", "\n");
    let lines = text.split(['\n', '\r']).count();
    match e.line {
        Some(line) => assert!(
            (1..=lines + 1).contains(&line),
            "line {line} outside 1..={} in {e}",
            lines + 1
        ),
        None => panic!("no line in {e}"),
    }
    assert!(e.field.is_some(), "no field in {e}");
    assert!(!e.problem.trim().is_empty(), "no problem in {e}");
}

/// The results parser's verdict on `input` is one of the two allowed.
fn parses_fully_or_fails_well(input: &[u8]) {
    match results::parse(input, "r.csv") {
        Ok(rows) => {
            for row in rows {
                assert!(!row.white.trim().is_empty(), "{row:?}");
                match row.bye {
                    Some(_) => assert!(row.black.is_none() && row.result.is_none(), "{row:?}"),
                    None => assert!(
                        row.black.as_deref().is_some_and(|b| !b.trim().is_empty()),
                        "{row:?}"
                    ),
                }
                assert!(row.line.is_some_and(|l| l >= 1), "{row:?}");
                assert!(row.board.is_none_or(|b| b >= 1), "{row:?}");
            }
        }
        Err(e) => assert_input_error(&e, "r.csv", input),
    }
}

const SHEET: &[u8] =
    "board,white,black,result\n1,Alice,Bob,1-0\n2,Carol,Dan,½-½\n3,Eve,Frank,\n,Gina,BYE,half\n"
        .as_bytes();
const SHEET_NO_HEADER: &[u8] =
    b"1,Alice,Bob,1-0\n2,Carol,Dan,0F-1F\n# a comment\n\n3,Eve,Frank,=\n";

/// CSV-shaped noise: rows of tokens and short words joined by commas.
fn csv_noise() -> impl Strategy<Value = Vec<u8>> {
    let field = prop_oneof![
        prop::sample::select(TOKENS).prop_map(str::to_string),
        "[A-Za-z0-9 ½/+=*-]{0,8}",
    ];
    let row = prop::collection::vec(field, 0..7).prop_map(|f| f.join(","));
    prop::collection::vec(row, 0..8).prop_map(|rows| rows.join("\n").into_bytes())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn results_parser_random_bytes(input in prop::collection::vec(any::<u8>(), 0..400)) {
        parses_fully_or_fails_well(&input);
    }

    #[test]
    fn results_parser_csv_noise(input in csv_noise()) {
        parses_fully_or_fails_well(&input);
    }

    #[test]
    fn results_parser_mutated_sheet(input in mutated(SHEET)) {
        parses_fully_or_fails_well(&input);
    }

    #[test]
    fn results_parser_mutated_sheet_without_header(input in mutated(SHEET_NO_HEADER)) {
        parses_fully_or_fails_well(&input);
    }
}

/// Through the binary: a mutated sheet that `league round record` refuses
/// leaves the database exactly as it was; one it accepts breaks no rule.
/// Each case runs the binary once or twice, so fewer cases keep it bounded.
#[test]
fn a_failing_round_record_writes_nothing() {
    use proptest::test_runner::{Config, TestCaseError, TestRunner};
    let template = TestLeague::small();
    let mut runner = TestRunner::new(Config {
        cases: 40,
        ..Config::default()
    });
    let verdict = runner.run(&mutated(SHEET), |input| {
        let t = TestLeague::new();
        std::fs::copy(&template.db, &t.db).expect("copy league");
        t.write("r.csv", &input);
        let before = snapshot(&t.db);
        let r = t.run(&[
            "round",
            "record",
            "--event",
            "Winter Swiss",
            "--section",
            "1600+",
            "--round",
            "1",
            "r.csv",
        ]);
        let fail = |why: String| Err(TestCaseError::fail(why));
        if r.stderr.contains("panicked") {
            return fail(r.stderr);
        }
        if r.ok {
            let c = t.run(&["check"]);
            if !c.ok && !super::only_players_without_a_game(&c.stdout) {
                return fail(format!(
                    "accepted, but check fails: {}{}",
                    c.stdout, c.stderr
                ));
            }
        } else if r.code == Some(0) || !r.stderr.starts_with("league: ") {
            return fail(format!("unclear failure: {:?} {}", r.code, r.stderr));
        } else if before != snapshot(&t.db) {
            return fail(format!(
                "a failed record changed the database: {}",
                r.stderr
            ));
        }
        Ok(())
    });
    if let Err(e) = verdict {
        panic!("{e}");
    }
}

// The TRF reader: mutations of a real file (the FIDE exercise) and random
// bytes either parse into a consistent event or fail with line and column;
// through the binary, a refused import writes nothing and an accepted one
// passes `league check`.

const TRF: &[u8] = include_bytes!(concat!(
    env!("LEAGUE_TEST_DATA"),
    "/trf/fide-exercise-2023.trf"
));

fn trf_parses_fully_or_fails_well(input: &[u8]) {
    match chess_league::input::trf::parse(input, "t.trf") {
        Ok(event) => {
            assert_eq!(event.players.len(), event.tournament.players.len());
            assert!(
                event.tournament.check().is_ok(),
                "{:?}",
                event.tournament.check()
            );
        }
        Err(e) => assert_input_error(&e, "t.trf", input),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn trf_parser_random_bytes(input in prop::collection::vec(any::<u8>(), 0..600)) {
        trf_parses_fully_or_fails_well(&input);
    }

    #[test]
    fn trf_parser_mutated_file(input in mutated(TRF)) {
        trf_parses_fully_or_fails_well(&input);
    }
}

#[test]
fn a_failing_trf_import_writes_nothing() {
    use proptest::test_runner::{Config, TestCaseError, TestRunner};
    let template = TestLeague::small();
    let mut runner = TestRunner::new(Config {
        cases: 30,
        ..Config::default()
    });
    let verdict = runner.run(&mutated(TRF), |input| {
        let t = TestLeague::new();
        std::fs::copy(&template.db, &t.db).expect("copy league");
        t.write("t.trf", &input);
        let before = snapshot(&t.db);
        let r = t.run(&[
            "import", "trf", "t.trf", "--season", "2022-23", "--event", "Imported",
        ]);
        let fail = |why: String| Err(TestCaseError::fail(why));
        if r.stderr.contains("panicked") {
            return fail(r.stderr);
        }
        if r.ok {
            let c = t.run(&["check"]);
            if !c.ok && !super::only_players_without_a_game(&c.stdout) {
                return fail(format!(
                    "accepted, but check fails: {}{}",
                    c.stdout, c.stderr
                ));
            }
        } else if !r.stderr.starts_with("league: ") {
            return fail(format!("unclear failure: {:?} {}", r.code, r.stderr));
        } else if before != snapshot(&t.db) {
            return fail(format!(
                "a failed import changed the database: {}",
                r.stderr
            ));
        }
        Ok(())
    });
    if let Err(e) = verdict {
        panic!("{e}");
    }
}

// The player-list reader (`league import players`) and the team-match
// sheet (`league import team-matches`): random bytes, CSV-shaped noise and
// mutations of a valid file either parse into usable rows or fail with
// line and field; through the binary, a refused import writes nothing.

const PLAYERS: &[u8] = "name,uscf_id,fide_id,rating,fide_rating,federation,title\nAlice Smith,12345678,,1735,,,\nFrank Lee,,2012345,1580,1620,USA,FM\n\"Moss, Frank\",,,1610,,,\n"
    .as_bytes();
const PLAYERS_SEMICOLONS: &[u8] = b"name;rating\nAlice Smith;1735\nBob Jones;1750\n";
const TEAM_MATCHES: &[u8] = "round,team_a,team_b,points_a,points_b\n1,Edgewood,North Side,3.5,0.5\n1,Goshen C,BYE,4,\n2,North Side,Goshen C,2½,1½\n# a comment\n2,Edgewood,BYE,2,\n"
    .as_bytes();

/// A player list's verdict: every row named, plain text, ratings in range,
/// lines in file order; or an error naming file, line and field.
fn player_list_parses_fully_or_fails_well(input: &[u8]) {
    match chess_league::input::players::parse(input, "p.csv") {
        Ok(rows) => {
            let mut last = 0;
            for row in rows {
                assert!(!row.name.trim().is_empty(), "{row:?}");
                assert!(!row.name.chars().any(char::is_control), "{row:?}");
                assert!(row.rating.is_none_or(|r| r <= 4000), "{row:?}");
                assert!(row.fide_rating.is_none_or(|r| r <= 4000), "{row:?}");
                assert!(row.line > last, "lines out of order: {row:?}");
                last = row.line;
            }
        }
        Err(e) => assert_input_error(&e, "p.csv", input),
    }
}

/// A team-match sheet's verdict: rounds from 1, both teams named (or a bye
/// with no second score), scores not negative, plain text, lines in file
/// order; or an error naming file, line and field.
fn team_matches_parse_fully_or_fail_well(input: &[u8]) {
    match chess_league::input::team_matches::parse(input, "m.csv") {
        Ok(rows) => {
            let mut last = 0;
            for row in rows {
                assert!(row.round >= 1, "{row:?}");
                assert!(!row.team_a.trim().is_empty(), "{row:?}");
                assert_eq!(row.team_b.is_none(), row.points_b.is_none(), "{row:?}");
                assert!(
                    row.team_b.as_deref().is_none_or(|b| !b.trim().is_empty()),
                    "{row:?}"
                );
                assert!(
                    row.points_a.0 >= 0 && row.points_b.is_none_or(|p| p.0 >= 0),
                    "{row:?}"
                );
                assert!(!row.team_a.chars().any(char::is_control), "{row:?}");
                assert!(row.line > last, "lines out of order: {row:?}");
                last = row.line;
            }
        }
        Err(e) => assert_input_error(&e, "m.csv", input),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn player_list_parser_random_bytes(input in prop::collection::vec(any::<u8>(), 0..400)) {
        player_list_parses_fully_or_fails_well(&input);
    }

    #[test]
    fn player_list_parser_csv_noise(input in csv_noise()) {
        player_list_parses_fully_or_fails_well(&input);
    }

    #[test]
    fn player_list_parser_mutated_file(input in mutated(PLAYERS)) {
        player_list_parses_fully_or_fails_well(&input);
    }

    #[test]
    fn player_list_parser_mutated_semicolon_file(input in mutated(PLAYERS_SEMICOLONS)) {
        player_list_parses_fully_or_fails_well(&input);
    }

    #[test]
    fn team_match_parser_random_bytes(input in prop::collection::vec(any::<u8>(), 0..400)) {
        team_matches_parse_fully_or_fail_well(&input);
    }

    #[test]
    fn team_match_parser_csv_noise(input in csv_noise()) {
        team_matches_parse_fully_or_fail_well(&input);
    }

    #[test]
    fn team_match_parser_mutated_file(input in mutated(TEAM_MATCHES)) {
        team_matches_parse_fully_or_fail_well(&input);
    }
}

/// Through the binary: mutated files that `league import players` and
/// `league import team-matches` refuse leave the database exactly as it
/// was; those they accept pass `league check`.
#[test]
fn a_failing_player_or_team_match_import_writes_nothing() {
    use proptest::test_runner::{Config, TestCaseError, TestRunner};
    let template = TestLeague::small();
    for (seed, args) in [
        (PLAYERS, &["import", "players", "f.csv"][..]),
        (
            TEAM_MATCHES,
            &[
                "import",
                "team-matches",
                "f.csv",
                "--season",
                "2022-23",
                "--event",
                "Teams",
            ][..],
        ),
    ] {
        let mut runner = TestRunner::new(Config {
            cases: 20,
            ..Config::default()
        });
        let verdict = runner.run(&mutated(seed), |input| {
            let t = TestLeague::new();
            std::fs::copy(&template.db, &t.db).expect("copy league");
            t.write("f.csv", &input);
            let before = snapshot(&t.db);
            let r = t.run(args);
            let fail = |why: String| Err(TestCaseError::fail(why));
            if r.stderr.contains("panicked") {
                return fail(r.stderr);
            }
            if r.ok {
                let c = t.run(&["check"]);
                if !c.ok && !super::only_players_without_a_game(&c.stdout) {
                    return fail(format!(
                        "accepted, but check fails: {}{}",
                        c.stdout, c.stderr
                    ));
                }
            } else if !r.stderr.starts_with("league: ") {
                return fail(format!("unclear failure: {:?} {}", r.code, r.stderr));
            } else if before != snapshot(&t.db) {
                return fail(format!(
                    "a failed import changed the database: {}",
                    r.stderr
                ));
            }
            Ok(())
        });
        if let Err(e) = verdict {
            panic!("{args:?}: {e}");
        }
    }
}
