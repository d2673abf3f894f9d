//! `league demo` pairs its events with the program's own engine (issue 15),
//! each with the system and settings the event names (issue 29):
//! read back from the database, the Swiss sections have no rematch and no
//! colour difference beyond ±2, the club championship is the Berger table;
//! each Swiss round is what `league round pair` makes of the rounds before
//! it, and what `league pair --system uscf` makes of the section's TRF
//! file cut just before that round (an outside route to the same engine:
//! export, TRF reader, a separate process). The team Swiss has no two
//! teams meeting twice, and each of its rounds is what `league round pair
//! --dry-run` pairs once the rounds from it on are deleted.

use std::collections::{BTreeMap, BTreeSet};

use crate::util::TestLeague;

/// The demo league in a fresh folder.
fn demo() -> TestLeague {
    let t = TestLeague::new();
    t.ok(&["demo", "--out", t.db.to_str().unwrap()]);
    t
}

/// The demo's Swiss sections, as (event, section).
fn swiss_sections(t: &TestLeague) -> Vec<(String, String)> {
    t.query(
        "SELECT e.name, s.name FROM section s JOIN event e ON e.id = s.event_id \
         WHERE e.kind = 'swiss' ORDER BY e.id, s.id",
    )
    .into_iter()
    .map(|r| (r[0].clone(), r[1].clone()))
    .collect()
}

#[test]
fn the_demo_swiss_sections_have_no_rematch_and_balanced_colours() {
    let t = demo();
    let sections = swiss_sections(&t);
    assert_eq!(sections.len(), 8, "four Swiss events of two sections");
    // Games played over the board (a forfeited game is no game: the two may
    // be paired again, FIDE C.04.1 b), by section and pair.
    let rematches = t.query(
        "SELECT g.section_id, min(g.white_entry, g.black_entry), max(g.white_entry, g.black_entry), count(*) \
         FROM game g JOIN section s ON s.id = g.section_id JOIN event e ON e.id = s.event_id \
         WHERE e.kind = 'swiss' AND g.result NOT IN ('1F-0F', '0F-1F', '0F-0F') \
         GROUP BY 1, 2, 3 HAVING count(*) > 1",
    );
    assert!(rematches.is_empty(), "rematches: {rematches:?}");
    // Whites minus blacks of every entry over the games played.
    let balances = t.query(
        "SELECT e.id, sum(CASE WHEN g.white_entry = e.id THEN 1 ELSE -1 END) \
         FROM entry e JOIN game g ON e.id IN (g.white_entry, g.black_entry) \
         JOIN section s ON s.id = e.section_id JOIN event ev ON ev.id = s.event_id \
         WHERE ev.kind = 'swiss' AND g.result NOT IN ('1F-0F', '0F-1F', '0F-0F') GROUP BY e.id",
    );
    assert!(balances.len() > 150, "{} entries", balances.len());
    let worst = balances
        .iter()
        .map(|r| r[1].parse::<i64>().unwrap().abs())
        .max()
        .unwrap();
    assert!(worst <= 2, "a colour difference of {worst}: {balances:?}");
    // Every round seats every player still in once: a game, or a bye.
    let unseated = t.query(
        "SELECT pr.section_id, pr.round_no, pr.entry_id FROM player_round pr \
         JOIN entry e ON e.id = pr.entry_id \
         JOIN section s ON s.id = e.section_id JOIN event ev ON ev.id = s.event_id \
         WHERE ev.kind = 'swiss' AND pr.outcome = 'absent' \
           AND (e.withdrawn_after IS NULL OR pr.round_no <= e.withdrawn_after)",
    );
    assert!(unseated.is_empty(), "{unseated:?}");
}

#[test]
fn the_demo_club_championship_is_the_berger_table() {
    let t = demo();
    // 8 players by rating: the Berger table for 8 (C.05 Annex 1), round 1
    // 1-8, 2-7, 3-6, 4-5; round 2 8-5, 6-4, 7-3, 1-2 (White first).
    let games = |round: u32| -> BTreeSet<(u32, u32)> {
        t.query(&format!(
            "SELECT ew.pairing_no, eb.pairing_no FROM game g JOIN round r ON r.id = g.round_id \
             JOIN entry ew ON ew.id = g.white_entry JOIN entry eb ON eb.id = g.black_entry \
             JOIN section s ON s.id = g.section_id JOIN event e ON e.id = s.event_id \
             WHERE e.name = 'Club Championship' AND r.number = {round}"
        ))
        .into_iter()
        .map(|r| (r[0].parse().unwrap(), r[1].parse().unwrap()))
        .collect()
    };
    assert_eq!(games(1), BTreeSet::from([(1, 8), (2, 7), (3, 6), (4, 5)]));
    assert_eq!(games(2), BTreeSet::from([(8, 5), (6, 4), (7, 3), (1, 2)]));
    let mut met = BTreeSet::new();
    for round in 1..=7 {
        for (w, b) in games(round) {
            assert!(met.insert((w.min(b), w.max(b))), "{w} and {b} met twice");
        }
    }
    assert_eq!(met.len(), 28, "every pair of 8 meets once");
    // Pairing numbers follow rating.
    let ratings: Vec<u32> = t
        .query(
            "SELECT en.rating FROM entry en JOIN section s ON s.id = en.section_id \
             JOIN event e ON e.id = s.event_id WHERE e.name = 'Club Championship' ORDER BY en.pairing_no",
        )
        .into_iter()
        .map(|r| r[0].parse().unwrap())
        .collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
}

/// Where a TRF-16 player line's round cells begin (column 92), and their width.
const CELLS: usize = 91;
const CELL: usize = 10;

/// A player line's round cells.
fn cells(line: &str) -> Vec<&str> {
    let rest = line.get(CELLS..).unwrap_or("");
    (0..rest.len().div_ceil(CELL))
        .map(|k| &rest[k * CELL..rest.len().min((k + 1) * CELL)])
        .collect()
}

/// The file as a pairing program sees it before round `round`: rounds
/// after `round - 1` taken out, except the byes asked for in `round` (H,
/// F, Z); a player with no cell in `round` (withdrawn) gets a zero-point
/// bye, "not paired", and "-" (absent) in the earlier rounds the line lacks. The points column, the final score, is blanked.
fn cut_before(trf: &str, round: usize) -> String {
    let mut out = String::new();
    for line in trf.lines() {
        if !line.starts_with("001") {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let c = cells(line);
        let mut kept = format!("{:<CELLS$}", line.get(..CELLS).unwrap_or(line));
        // The points column (81-84) was the final score: left blank.
        kept.replace_range(80..84, "    ");
        // A withdrawn player's line ends early: the rounds since, not paired.
        for k in 0..round - 1 {
            kept.push_str(c.get(k).copied().unwrap_or("  0000 - -"));
        }
        match c.get(round - 1) {
            Some(cell)
                if ["H", "F", "Z"].contains(&cell.trim_end().rsplit(' ').next().unwrap()) =>
            {
                kept.push_str(cell)
            }
            Some(_) => {}
            None => kept.push_str("  0000 - Z"),
        }
        out.push_str(kept.trim_end());
        out.push('\n');
    }
    out
}

/// The section's ratings by pairing number (the US Chess ratings the
/// event was paired with).
fn section_ratings(t: &TestLeague, event: &str, section: &str) -> BTreeMap<u32, u32> {
    t.query(&format!(
        "SELECT en.pairing_no, en.rating FROM entry en JOIN section s ON s.id = en.section_id \
         JOIN event e ON e.id = s.event_id WHERE e.name = '{event}' AND s.name = '{section}'"
    ))
    .into_iter()
    .map(|r| (r[0].parse().unwrap(), r[1].parse().unwrap()))
    .collect()
}

/// The file with `ratings` in each player line's rating column (49-52):
/// a TRF's rating is a FIDE rating, so the export leaves US Chess ratings
/// out, and a director pairing a US Chess section from the file types them
/// in (the US Chess engine weighs colour switches by rating, 29E).
fn with_ratings(trf: &str, ratings: &BTreeMap<u32, u32>) -> String {
    let mut out = String::new();
    for line in trf.lines() {
        let mut line = line.to_string();
        if line.starts_with("001") {
            let number: u32 = line[4..8].trim().parse().unwrap();
            line.replace_range(48..52, &format!("{:>4}", ratings[&number]));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Round `round` as the file has it: (White, Black) pairs by start number,
/// and the player with the pairing-allocated bye (U).
fn round_in(trf: &str, round: usize) -> (BTreeSet<(u32, u32)>, Vec<u32>) {
    let mut pairs = BTreeSet::new();
    let mut pab = vec![];
    for line in trf.lines().filter(|l| l.starts_with("001")) {
        let number: u32 = line[4..8].trim().parse().unwrap();
        let Some(cell) = cells(line).get(round - 1).map(|c| c.to_string()) else {
            continue;
        };
        let w: Vec<&str> = cell.split_whitespace().collect();
        match w.as_slice() {
            ["0000", "-", "U"] => pab.push(number),
            [opp, "w", _] => {
                pairs.insert((number, opp.parse().unwrap()));
            }
            _ => {}
        }
    }
    (pairs, pab)
}

#[test]
fn every_demo_swiss_round_is_what_league_pair_makes_of_the_rounds_before() {
    let t = demo();
    let mut compared = 0;
    let mut with_bye = 0;
    for (event, section) in swiss_sections(&t) {
        // The system the event pairs by (the demo's: uscf, for its US Chess
        // tiebreaks), given to `league pair` as a director would.
        let system = t.query(&format!(
            "SELECT p.system FROM pairing_rules p JOIN event e ON e.id = p.event_id \
             WHERE e.name = '{event}'"
        ))[0][0]
            .clone();
        let trf = t.ok(&["export", "trf", "--event", &event, "--section", &section]);
        let trf = with_ratings(&trf, &section_ratings(&t, &event, &section));
        for round in 1..=6 {
            let (want_pairs, want_bye) = round_in(&trf, round);
            assert!(!want_pairs.is_empty(), "{event} {section} round {round}");
            let cut = t.write("cut.trf", cut_before(&trf, round));
            let json = t.ok(&[
                "pair",
                cut.to_str().unwrap(),
                "--system",
                &system,
                "--format",
                "json",
            ]);
            let got: serde_json::Value = serde_json::from_str(&json).unwrap();
            assert_eq!(got["round"], round as u64);
            let got_pairs: BTreeSet<(u32, u32)> = got["pairs"]
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
            let got_bye: Vec<u32> = got["byes"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|b| b["kind"] == "pab")
                .map(|b| b["player"].as_u64().unwrap() as u32)
                .collect();
            assert_eq!(
                (&got_pairs, &got_bye),
                (&want_pairs, &want_bye),
                "{event} {section} round {round}: league pair on the file cut before it"
            );
            compared += 1;
            with_bye += usize::from(!want_bye.is_empty());
        }
    }
    assert_eq!(compared, 48);
    assert!(
        with_bye > 5,
        "{with_bye} rounds with a pairing-allocated bye"
    );
}

/// Round `round` of a section as stored: (White, Black) by pairing number,
/// and the players given the pairing-allocated bye.
fn stored_round(
    t: &TestLeague,
    event: &str,
    section: &str,
    round: u32,
) -> (BTreeSet<(u32, u32)>, BTreeSet<u32>) {
    let of = |sql: &str| {
        t.query(
            &sql.replace("{E}", event)
                .replace("{S}", section)
                .replace("{R}", &round.to_string()),
        )
    };
    let boards = of(
        "SELECT ew.pairing_no, eb.pairing_no FROM game g JOIN round r ON r.id = g.round_id \
         JOIN entry ew ON ew.id = g.white_entry JOIN entry eb ON eb.id = g.black_entry \
         JOIN section s ON s.id = g.section_id JOIN event e ON e.id = s.event_id \
         WHERE e.name = '{E}' AND s.name = '{S}' AND r.number = {R}",
    );
    let byes = of(
        "SELECT en.pairing_no FROM bye b JOIN round r ON r.id = b.round_id \
         JOIN entry en ON en.id = b.entry_id \
         JOIN section s ON s.id = b.section_id JOIN event e ON e.id = s.event_id \
         WHERE e.name = '{E}' AND s.name = '{S}' AND r.number = {R} AND b.requested = 0",
    );
    (
        boards
            .iter()
            .map(|r| (r[0].parse().unwrap(), r[1].parse().unwrap()))
            .collect(),
        byes.iter().map(|r| r[0].parse().unwrap()).collect(),
    )
}

/// A round as `league round pair --dry-run --format csv` pairs it: (White,
/// Black) by pairing number, and the pairing-allocated bye ("# Name (N):
/// bye from the pairing, ...").
fn dry_run_round(csv: &str) -> (BTreeSet<(u32, u32)>, BTreeSet<u32>) {
    let mut boards = BTreeSet::new();
    let mut byes = BTreeSet::new();
    for line in csv.lines() {
        if let Some(bye) = line.strip_prefix("# ") {
            if bye.contains("): bye from the pairing") {
                let n = bye.split(" (").nth(1).unwrap().split(')').next().unwrap();
                byes.insert(n.parse().unwrap());
            }
            continue;
        }
        let cells: Vec<&str> = line.split(',').collect();
        if let [board, w, b, ..] = cells.as_slice() {
            if board.parse::<u32>().is_ok() {
                boards.insert((w.parse().unwrap(), b.parse().unwrap()));
            }
        }
    }
    (boards, byes)
}

/// Issue 29: each demo Swiss event says it pairs by the US Chess system
/// (its tiebreaks are US Chess ones), and every round of every section is
/// exactly what `league round pair` makes of the rounds before it under the
/// event's own settings: boards, colours and the pairing-allocated bye.
/// Last round first, each round is deleted (its requested byes stay) and
/// paired again with `--dry-run`.
#[test]
fn every_demo_swiss_round_is_what_league_round_pair_makes_with_the_events_engine() {
    let t = demo();
    let systems = t.query(
        "SELECT DISTINCT p.system FROM pairing_rules p JOIN event e ON e.id = p.event_id \
         WHERE e.kind = 'swiss'",
    );
    assert_eq!(
        systems,
        [["uscf"]],
        "the demo's Swiss events pair by US Chess"
    );
    let shown = t.ok(&["event", "show", "--event", "Winter Swiss"]);
    assert!(shown.contains("pairing: uscf"), "{shown}");
    let (mut compared, mut with_bye) = (0, 0);
    for (event, section) in swiss_sections(&t) {
        let stored: Vec<_> = (1..=6)
            .map(|r| stored_round(&t, &event, &section, r))
            .collect();
        let at = ["--event", &event, "--section", &section];
        for round in (1..=6u32).rev() {
            let r = round.to_string();
            let want = &stored[round as usize - 1];
            assert!(!want.0.is_empty(), "{event} {section} round {round}");
            t.ok(&[
                &[
                    "round", "delete", "--round", &r, "--force", "--reason", "replay",
                ][..],
                &at[..],
            ]
            .concat());
            let csv = t.ok(&[
                &[
                    "round",
                    "pair",
                    "--round",
                    &r,
                    "--dry-run",
                    "--format",
                    "csv",
                ][..],
                &at[..],
            ]
            .concat());
            assert_eq!(
                &dry_run_round(&csv),
                want,
                "{event} {section} round {round}: league round pair on the rounds before it\n{csv}"
            );
            compared += 1;
            with_bye += usize::from(!want.1.is_empty());
        }
    }
    assert_eq!(compared, 48);
    assert!(
        with_bye > 5,
        "{with_bye} rounds with a pairing-allocated bye"
    );
}

/// The cut keeps what a pairing program needs and nothing after it.
#[test]
fn a_file_cut_before_a_round_keeps_the_requested_byes_of_that_round() {
    let line = |head: &str, cells: &str| format!("{head:<91}{cells}");
    let trf = format!(
        "XXR 6\n{}\n{}\n",
        line(
            "001    7      Jamal Fischer",
            "  0000 - H    10 b 1     1 w 0"
        ),
        line("001    1      Wyatt Nakamura", "     5 w 1")
    );
    assert_eq!(cells(trf.lines().nth(1).unwrap())[1], "    10 b 1");
    let cut = cut_before(&trf, 2);
    let players: Vec<&str> = cut.lines().skip(1).collect();
    assert_eq!(cells(players[0]), vec!["  0000 - H"]);
    assert_eq!(cells(players[1]), vec!["     5 w 1", "  0000 - Z"]);
    let cut = cut_before(&trf, 3);
    assert_eq!(
        cells(cut.lines().nth(2).unwrap()),
        vec!["     5 w 1", "  0000 - -", "  0000 - Z"]
    );
    let cut = cut_before(&trf, 1);
    assert_eq!(cells(cut.lines().nth(1).unwrap()), vec!["  0000 - H"]);
    assert!(cells(cut.lines().nth(2).unwrap()).is_empty());
    let by_round: BTreeMap<usize, _> = (1..=3).map(|r| (r, round_in(&trf, r))).collect();
    assert_eq!(by_round[&2].0, BTreeSet::new(), "7 is Black in round 2");
    assert_eq!(by_round[&3].0, BTreeSet::from([(7, 1)]));
}

/// The demo's team event, "Club Team Swiss".
const TEAM_EVENT: &str = "Club Team Swiss";

/// The matches and team byes of a round as `league match show --format csv`
/// or `league round pair --dry-run --format csv` lists them: "A v B" (the
/// team with White on board 1 first) or "A (team bye)".
fn matches_of(csv: &str, round: u32) -> BTreeSet<String> {
    csv.lines()
        .skip(1)
        .filter_map(|l| {
            let mut cells = l.split(',');
            let r = cells.next()?;
            let name = cells.next()?;
            (r == round.to_string() && !name.is_empty()).then(|| name.to_string())
        })
        .collect()
}

#[test]
fn the_demo_team_swiss_is_paired_by_league_round_pair_with_no_team_meeting_twice() {
    let t = demo();
    let twice = t.query(
        "SELECT min(m.team_a, m.team_b), max(m.team_a, m.team_b), count(*) FROM team_match m \
         JOIN section s ON s.id = m.section_id JOIN event e ON e.id = s.event_id \
         WHERE e.name = 'Club Team Swiss' AND m.team_b IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1",
    );
    assert!(twice.is_empty(), "teams meeting twice: {twice:?}");
    let ev = ["--event", TEAM_EVENT];
    let shown = t.ok(&["match", "show", ev[0], ev[1], "--format", "csv"]);
    let rounds: Vec<BTreeSet<String>> = (1..=4).map(|r| matches_of(&shown, r)).collect();
    assert_eq!(
        rounds.iter().map(BTreeSet::len).collect::<Vec<_>>(),
        [3, 3, 3, 3],
        "six teams, three matches a round; round 4: two matches and the team bye after a withdrawal\n{shown}"
    );
    assert!(
        rounds[3].iter().any(|m| m.ends_with("(team bye)")),
        "{:?}",
        rounds[3]
    );
    // Last round first: delete the round, then ask the engine what it pairs
    // from the rounds before it.
    for round in (1..=4u32).rev() {
        let r = round.to_string();
        for m in &rounds[round as usize - 1] {
            let first = m
                .split(" v ")
                .next()
                .unwrap()
                .trim_end_matches(" (team bye)");
            t.ok(&[
                "match", "delete", first, ev[0], ev[1], "--round", &r, "--reason", "re-pair",
            ]);
        }
        let paired = t.ok(&[
            "round",
            "pair",
            ev[0],
            ev[1],
            "--round",
            &r,
            "--dry-run",
            "--format",
            "csv",
        ]);
        assert_eq!(
            matches_of(&paired, round),
            rounds[round as usize - 1],
            "round {round}: league round pair on the rounds before it"
        );
    }
}
