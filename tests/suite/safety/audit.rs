//! Every command that changes or removes recorded data leaves an entry in
//! the audit trail (who, when, what, old and new value, why), and `league
//! log` shows it, for one event or one kind of change when asked.

use crate::util::TestLeague;

const EV: [&str; 4] = ["--event", "Winter Swiss", "--section", "1600+"];

fn with_ev<'a>(head: &[&'a str]) -> Vec<&'a str> {
    head.iter().chain(EV.iter()).copied().collect()
}

fn log_rows(t: &TestLeague) -> Vec<Vec<String>> {
    t.query("SELECT action, subject, COALESCE(old_value, '-'), COALESCE(new_value, '-'), COALESCE(reason, '-'), COALESCE(who, '-') FROM audit ORDER BY id")
}

#[test]
fn every_change_to_recorded_data_is_logged() {
    let t = TestLeague::small();
    t.write(
        "r1.csv",
        "1,Alice,Bob,1-0\n2,Carol,Dan,½-½\n,Eve,BYE,half\n",
    );
    t.ok(&with_ev(&[
        "round",
        "record",
        "--round",
        "1",
        "r1.csv",
        "--date",
        "2023-01-10",
    ]));
    assert!(log_rows(&t).is_empty(), "recording is not a change");
    let steps: Vec<Vec<&str>> = vec![
        with_ev(&[
            "game",
            "correct",
            "Bob",
            "0-1",
            "--white-side",
            "--round",
            "1",
            "--reason",
            "sheet misread",
        ]),
        with_ev(&[
            "game",
            "delete",
            "Carol",
            "--round",
            "1",
            "--reason",
            "never played",
            "--yes",
        ]),
        with_ev(&[
            "game",
            "delete",
            "Eve",
            "--round",
            "1",
            "--reason",
            "bye withdrawn",
        ]),
        with_ev(&[
            "withdraw",
            "Frank",
            "--after-round",
            "1",
            "--reason",
            "moved away",
        ]),
        // Changing a recorded date (filling one in is not a change).
        with_ev(&[
            "round",
            "record",
            "--round",
            "1",
            "empty.csv",
            "--date",
            "2023-01-11",
        ]),
        vec!["event", "edit", "--event", "Winter Swiss", "--rounds", "7"],
        vec![
            "section",
            "edit",
            "U1600",
            "--event",
            "Winter Swiss",
            "--name",
            "Under 1600",
        ],
        vec!["season", "edit", "2022-23", "--end", "2023-06-30"],
        vec![
            "player",
            "edit",
            "Dan Wu",
            "--uscf-id",
            "12345678",
            "--rating",
            "1666",
        ],
        vec!["player", "edit", "Hal Brook", "--name", "Hal Brooke"],
    ];
    t.write("empty.csv", "");
    for args in &steps {
        let r = std::process::Command::new(env!("CARGO_BIN_EXE_league"))
            .arg("--db")
            .arg(&t.db)
            .args(args)
            .current_dir(t.dir.path())
            .env("LEAGUE_USER", "secretary")
            .env_remove("LEAGUE_DB")
            .output()
            .expect("run league");
        assert!(
            r.status.success(),
            "league {args:?}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
    }
    let got: Vec<String> = log_rows(&t).into_iter().map(|r| r.join(" | ")).collect();
    let want = [
        "correct | Winter Swiss 1600+ round 1 board 1: Alice Smith v Bob Jones | 1-0 | 0-1 | sheet misread | secretary",
        "delete | Winter Swiss 1600+ round 1 board 2: Carol King (3) v Dan Wu (4) (1/2-1/2) | Winter Swiss 1600+ round 1 board 2: Carol King (3) v Dan Wu (4) (1/2-1/2) | - | never played | secretary",
        "delete | Winter Swiss 1600+ round 1: Eve Park half-point bye | Winter Swiss 1600+ round 1: Eve Park half-point bye | - | bye withdrawn | secretary",
        "withdraw | Winter Swiss 1600+: Frank Moss (#6) | - | withdrawn after round 1 | moved away | secretary",
        "edit | Winter Swiss 1600+ round 1 date | 2023-01-10 | 2023-01-11 | - | secretary",
        "edit | event 2022-23 Winter Swiss | rounds 5 | rounds 7 | - | secretary",
        "rename | section U1600 of 2022-23 Winter Swiss | name U1600 | name Under 1600 | - | secretary",
        "edit | season 2022-23 | end none | end 2023-06-30 | - | secretary",
        "edit | player Dan Wu (#4) | US Chess id none; rating 1650 | US Chess id 12345678; rating 1666 | - | secretary",
        "rename | player #8 | Hal Brook | Hal Brooke | - | secretary",
    ];
    assert_eq!(got, want);
    // `league log` shows them, newest first; filters narrow it down.
    let all = t.ok(&["log"]);
    assert!(all.find("Hal Brooke").expect("rename") < all.find("sheet misread").expect("correct"));
    let event = t.ok(&["log", "--event", "Winter Swiss"]);
    assert!(
        event.contains("sheet misread") && event.contains("rounds 7"),
        "{event}"
    );
    assert!(
        !event.contains("Hal Brooke") && !event.contains("2023-06-30"),
        "{event}"
    );
    let deletions = t.ok(&["log", "--action", "delete"]);
    assert_eq!(
        deletions.matches("  secretary  delete\n").count(),
        2,
        "{deletions}"
    );
    // Local time to the second, then who and what; every line fits a
    // 100-column terminal.
    let first = all.lines().next().expect("a line");
    assert!(
        first.len() > 21
            && first.as_bytes()[4] == b'-'
            && first.as_bytes()[13] == b':'
            && first.as_bytes()[16] == b':'
            && first[19..].starts_with("  secretary  "),
        "{first}"
    );
    assert!(all.lines().all(|l| l.chars().count() <= 100), "{all}");
    let json = t.ok(&["log", "--action", "correct", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(v[0]["event"], "2022-23 Winter Swiss");
    assert_eq!(v[0]["old_value"], "1-0");
    t.fails(
        &["log", "--event", "Summer Swiss"],
        "no event is called \"Summer Swiss\"",
    );
}
