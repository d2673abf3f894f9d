//! Test helpers: the TEC Swiss, and events built around "subjects" whose
//! opponents reach given scores (for the spec's examples that are given only
//! as lists of opponents' scores).

use crate::domain::record::build::crosstable;
use crate::domain::record::{Format, Tournament};
use crate::domain::score::{Points, Value};

/// The FIDE TEC exercise Swiss (research §8.2): 16 players, 5 rounds;
/// ratings 2250 − 50 × number; player 12 withdrew after round 3.
pub fn tec() -> Tournament {
    let csv = include_str!(concat!(
        env!("LEAGUE_TEST_DATA"),
        "/trf/fide-exercise-2023.crosstable.csv"
    ));
    let rows: Vec<String> = csv
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split(',').skip(1).collect::<Vec<_>>().join(" "))
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut t = crosstable(Format::Swiss, &rows);
    for (i, p) in t.players.iter_mut().enumerate() {
        p.rating = Some(2250 - 50 * (i as u32 + 1));
    }
    t.players[11].withdrawn_after = Some(3);
    assert_eq!(t.players.len(), 16);
    assert!(t.check().is_ok());
    t
}

/// An exact value from its decimal text ("12.5", "-1").
pub fn v(text: &str) -> Value {
    Value::parse(text).unwrap_or_else(|| panic!("bad value {text}"))
}

/// Points from a count of half-points (`halves(7)` is 3½).
pub fn halves(n: i32) -> Points {
    Points::from_halves(n)
}

/// One round of a subject in an [`event`].
#[derive(Clone, Debug)]
pub enum Slot {
    /// A game (or forfeit) against a fresh opponent. `res` is the subject's
    /// result: `+`, `=`, `-` over the board, `+F`/`-F` forfeit win/loss,
    /// `0F` double forfeit. The opponent's other rounds are played against
    /// a filler of their own: `cells` gives them (one per other round, in
    /// round order: `+`, `=`, `-` against the filler, or a bye code `+BYE`,
    /// `=BYE`, `-BYE`, `FBYE`, `--`), or `score` (in half-points) gives the
    /// opponent's final score and the other rounds are filled with wins, a
    /// draw if needed, then losses.
    Vs {
        res: &'static str,
        score: Option<i32>,
        cells: Option<&'static str>,
    },
    /// One of the subject's own unplayed rounds: `+BYE`, `=BYE`, `-BYE`,
    /// `FBYE`, `--`.
    Own(&'static str),
}

/// A game against an opponent finishing on `score_halves` half-points.
pub fn vs(res: &'static str, score_halves: i32) -> Slot {
    Slot::Vs {
        res,
        score: Some(score_halves),
        cells: None,
    }
}

/// A game against an opponent whose other rounds are `cells`.
pub fn vs_cells(res: &'static str, cells: &'static str) -> Slot {
    Slot::Vs {
        res,
        score: None,
        cells: Some(cells),
    }
}

/// A game against an opponent who loses every other round.
pub fn vs_any(res: &'static str) -> Slot {
    Slot::Vs {
        res,
        score: None,
        cells: None,
    }
}

/// An own unplayed round.
pub fn own(code: &'static str) -> Slot {
    Slot::Own(code)
}

/// The opponent's side of the subject's result, and the half-points the
/// opponent scores from it.
fn inverse(res: &str) -> (&'static str, i32, bool) {
    match res {
        "+" => ("-", 0, true),
        "=" => ("=", 1, true),
        "-" => ("+", 2, true),
        "+F" => ("-F", 0, false),
        "-F" => ("+F", 2, false),
        "0F" => ("0F", 0, false),
        other => panic!("bad result {other}"),
    }
}

/// Build a Swiss of `rounds` rounds around the given subjects (players 1..k
/// in the order given, named "Player 1".. like the crosstable builder).
/// Each opponent of a subject is a fresh player with a filler of their own.
pub fn event(rounds: usize, subjects: &[Vec<Slot>]) -> Tournament {
    let k = subjects.len();
    let mut cells: Vec<Vec<String>> = vec![vec!["--".to_string(); rounds]; k];
    for (s, slots) in subjects.iter().enumerate() {
        assert_eq!(
            slots.len(),
            rounds,
            "subject {} needs {rounds} rounds",
            s + 1
        );
        for (r, slot) in slots.iter().enumerate() {
            match slot {
                Slot::Own(code) => cells[s][r] = code.to_string(),
                Slot::Vs {
                    res,
                    score,
                    cells: given,
                } => {
                    let opp = cells.len();
                    let filler = opp + 1;
                    cells.push(vec!["--".to_string(); rounds]);
                    cells.push(vec!["--".to_string(); rounds]);
                    let (inv, got, played) = inverse(res);
                    if played {
                        cells[s][r] = format!("{res}W{}", opp + 1);
                        cells[opp][r] = format!("{inv}B{}", s + 1);
                    } else {
                        cells[s][r] = format!("{res}{}", opp + 1);
                        cells[opp][r] = format!("{inv}{}", s + 1);
                    }
                    let others: Vec<String> = match (score, given) {
                        (_, Some(c)) => c.split_whitespace().map(str::to_string).collect(),
                        (Some(target), None) => {
                            let need = target - got;
                            assert!(
                                need >= 0 && need <= 2 * (rounds as i32 - 1),
                                "opponent score {target} half-points is not reachable"
                            );
                            let mut v = vec!["+".to_string(); (need / 2) as usize];
                            if need % 2 == 1 {
                                v.push("=".to_string());
                            }
                            v.resize(rounds - 1, "-".to_string());
                            v
                        }
                        (None, None) => vec!["-".to_string(); rounds - 1],
                    };
                    assert_eq!(
                        others.len(),
                        rounds - 1,
                        "cells for the opponent's other rounds"
                    );
                    let mut it = others.into_iter();
                    for rr in (0..rounds).filter(|&rr| rr != r) {
                        let c = it.next().expect("cell");
                        match c.as_str() {
                            "+" | "=" | "-" => {
                                let back = match c.as_str() {
                                    "+" => "-",
                                    "-" => "+",
                                    _ => "=",
                                };
                                cells[opp][rr] = format!("{c}W{}", filler + 1);
                                cells[filler][rr] = format!("{back}B{}", opp + 1);
                            }
                            bye => cells[opp][rr] = bye.to_string(),
                        }
                    }
                }
            }
        }
    }
    let rows: Vec<String> = cells.iter().map(|c| c.join(" ")).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let t = crosstable(Format::Swiss, &rows);
    assert_eq!(t.check(), Ok(()));
    t
}
