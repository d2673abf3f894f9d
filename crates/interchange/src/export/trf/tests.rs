//! The writer against the reader: every real file, parsed, written and
//! parsed again, gives the same records; and the columns are where TRF-16
//! puts them.

use super::*;
use crate::input::trf::parse;

const DATA: &str = concat!(env!("LEAGUE_TEST_DATA"), "/trf");

fn real_files() -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(DATA)
        .expect("tests/data/trf in the repository")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    v.sort();
    assert!(v.len() >= 6, "expected the real TRF files");
    v
}

#[test]
fn every_real_file_survives_write_and_parse() {
    for path in real_files() {
        let first = parse(&std::fs::read(&path).unwrap(), "in").unwrap();
        let text = write(&first, first.rounds);
        let second = parse(text.as_bytes(), "out")
            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
        assert_eq!(second.rounds, first.rounds, "{}", path.display());
        assert_eq!(second.format, first.format, "{}", path.display());
        assert_eq!(second.start_date, first.start_date);
        assert_eq!(second.end_date, first.end_date);
        for (a, b) in first.players.iter().zip(&second.players) {
            assert_eq!(a.start_no, b.start_no);
            assert_eq!(a.rating, b.rating);
            assert_eq!(a.fide_id, b.fide_id);
            assert_eq!(a.federation, b.federation);
            assert_eq!(a.title, b.title);
            assert_eq!(a.sex, b.sex);
            assert_eq!(a.points, b.points);
            assert_eq!(a.rank, b.rank);
            let short: String = a.name.chars().take(NAME_WIDTH).collect();
            assert_eq!(short, b.name);
        }
        // Records equal, except that a colourless game in the input gets
        // no colour in the output either, and a forfeit against an unknown
        // opponent stays one.
        assert_eq!(
            first.tournament.players,
            second.tournament.players,
            "{}",
            path.display()
        );
        // Written twice, the same text.
        assert_eq!(write(&second, second.rounds), text, "{}", path.display());
    }
}

#[test]
fn columns_are_where_trf16_puts_them() {
    // Columns 1-91 by hand, then 10-column round blocks from column 92.
    let line1 = format!(
        "{:<9}{}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}  {}  {}",
        "001    1",
        'm',
        "GM",
        "Alpha, Ann",
        2400,
        "ENG",
        1234567,
        "1990/01/02",
        "1.5",
        1,
        "   2 w 1",
        "0000 - H"
    );
    let line2 = format!(
        "{:<9}{}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}  {}",
        "001    2", 'f', "", "Beta, Bea", 2300, "FRA", "", "", "0.0", 2, "   1 b 0"
    );
    assert_eq!(line1.find("2400"), Some(48));
    let text = format!("012 Club Open\n042 2024/03/18\n092 Swiss\nXXR 2\n{line1}\n{line2}\n");
    let event = parse(text.as_bytes(), "t").unwrap();
    let out = write(&event, 3);
    let line = out.lines().find(|l| l.starts_with("001    1")).unwrap();
    let col = |from: usize, to: usize| line.get(from - 1..to).unwrap().trim().to_string();
    assert_eq!(col(5, 8), "1");
    assert_eq!(col(10, 10), "m");
    assert_eq!(col(11, 13), "GM");
    assert_eq!(col(15, 47), "Alpha, Ann");
    assert_eq!(col(49, 52), "2400");
    assert_eq!(col(54, 56), "ENG");
    assert_eq!(col(58, 68), "1234567");
    assert_eq!(col(70, 79), "1990/01/02");
    assert_eq!(col(81, 84), "1.5");
    assert_eq!(col(86, 89), "1");
    assert_eq!(col(92, 99), "2 w 1");
    assert_eq!(col(102, 109), "0000 - H");
    assert!(out.contains("\nXXR 3\n"), "{out}");
    assert!(out.contains("\n042 2024/03/18\n"), "{out}");
    assert!(out.contains("\n092 Swiss System\n"), "{out}");
    assert!(out.ends_with("### withdrawals: none\n"), "{out}");
}

#[test]
fn withdrawals_line_is_read_back_exactly() {
    let line = |no: u32, name: &str, points: &str, rank: u32, block: &str| {
        format!(
            "{:<9} {:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}  {block}",
            format!("001 {no:>4}"),
            "",
            name,
            "",
            "",
            "",
            "",
            points,
            rank
        )
    };
    let text = format!(
        "XXR 3\n{}\n{}\n### withdrawals: 2/1\n",
        line(1, "A", "1.0", 1, "   2 w 1"),
        line(2, "B", "0.0", 2, "   1 b 0")
    );
    let event = parse(text.as_bytes(), "t").unwrap();
    assert_eq!(event.tournament.players[0].rounds[0].outcome, Outcome::Win);
    assert_eq!(event.tournament.players[1].withdrawn_after, Some(1));
    // Without the line, one missed round of three is not a withdrawal.
    let guessed = parse(text.replace("### withdrawals: 2/1\n", "").as_bytes(), "t").unwrap();
    assert_eq!(guessed.tournament.players[1].withdrawn_after, None);
    let again = parse(write(&event, 3).as_bytes(), "t").unwrap();
    assert_eq!(again.tournament, event.tournament);
    for (bad, needle) in [
        ("### withdrawals: 9/1\n", "no player line"),
        ("### withdrawals: 2/7\n", "has 3 rounds"),
        ("### withdrawals: two\n", "not a start number"),
        ("### withdrawals: 1/0\n", "has a result in round 1"),
        (
            "### assigned byes: 1/1\n",
            "no half- or zero-point bye (H or Z) in round 1",
        ),
        ("### assigned byes: 1-1\n", "not a start number and a round"),
    ] {
        let e = parse(text.replace("### withdrawals: 2/1\n", bad).as_bytes(), "t").unwrap_err();
        assert!(e.problem.contains(needle), "{e}");
        assert_eq!(e.line, Some(4));
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 64, ..Default::default() })]

    /// Random consistent sections (byes of every kind, forfeits both ways,
    /// double forfeits, late entries, withdrawals): written, read back and
    /// written again, the records are the same and the text byte-identical.
    #[test]
    fn write_parse_write_is_identical(n in 2usize..12, rounds in 1usize..7, seed in proptest::prelude::any::<u64>()) {
        let (tournament, _) = crate::domain::standings::sample::swiss(n, rounds, seed);
        let players = tournament
            .players
            .iter()
            .map(|p| TrfPlayer {
                start_no: p.pairing_no,
                name: p.name.clone(),
                sex: None,
                title: None,
                rating: p.rating,
                federation: Some("USA".into()),
                fide_id: None,
                birth: None,
                points: Some(p.score()),
                rank: None,
            })
            .collect();
        let event = TrfEvent {
            name: Some("Random Swiss".into()),
            city: Some("Dayton".into()),
            federation: Some("USA".into()),
            chief_arbiter: Some("Ann Arbiter".into()),
            deputy_arbiter: None,
            time_control: Some("90 min + 30 s".into()),
            start_date: Some("2025-01-07".into()),
            end_date: None,
            rounds,
            round_dates: vec![None; rounds],
            format: Format::Swiss,
            players,
            tournament,
            warnings: vec![],
        };
        let text = write(&event, rounds + 2);
        let back = parse(text.as_bytes(), "random.trf").map_err(|e| proptest::test_runner::TestCaseError::fail(format!("{e}\n{text}")))?;
        proptest::prop_assert_eq!(&back.players, &event.players);
        // The file says XXR rounds + 2: the records carry the planned rounds
        // as absences.
        proptest::prop_assert_eq!(back.tournament.after_round(rounds), event.tournament.clone());
        proptest::prop_assert_eq!(write(&back, rounds + 2), text);
    }
}
