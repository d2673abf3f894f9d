//! Hand-built rounds for the Dutch engine: each test sets up a field by
//! hand and checks the pairing the rules give.

use super::*;
use crate::domain::pairing::{Entrant, Past, PointSystem};
use crate::domain::score::Points;

/// Player `number` of a hand-built field, rated by number, with `history`.
pub(super) fn entrant(number: u32, history: Vec<Past>) -> Entrant {
    Entrant {
        number,
        rating: 2000 - number,
        title: String::new(),
        name: format!("Player {number}"),
        history,
        available: true,
        requested_bye: None,
        acceleration: Points::ZERO,
        club: String::new(),
    }
}

fn field(round: u32, total: u32, entrants: Vec<Entrant>) -> Field {
    Field {
        round,
        total_rounds: total,
        initial_colour: Colour::White,
        points: PointSystem::default(),
        forbidden: Vec::new(),
        entrants,
    }
}

fn game(opponent: u32, colour: Colour, halves: i32) -> Past {
    Past::Played {
        opponent,
        colour,
        points: Points::from_halves(halves),
    }
}

fn boards(p: &Pairing) -> Vec<(u32, u32)> {
    p.boards.iter().map(|b| (b.white, b.black)).collect()
}

#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half_with_alternating_colours() {
    let f = field(1, 5, (1..=6).map(|n| entrant(n, vec![])).collect());
    let p = Dutch.pair(&f).unwrap();
    // 1-4, 2-5, 3-6; odd pairing numbers of the higher player get the
    // initial colour (5.2.5).
    assert_eq!(boards(&p), vec![(1, 4), (5, 2), (3, 6)]);
    assert!(p.byes.is_empty());
}

#[test]
fn an_odd_field_gives_the_pairing_allocated_bye_to_the_lowest() {
    let f = field(1, 5, (1..=5).map(|n| entrant(n, vec![])).collect());
    let p = Dutch.pair(&f).unwrap();
    assert_eq!(boards(&p), vec![(1, 3), (4, 2)]);
    assert_eq!(p.byes, vec![(5, ByeKind::PairingAllocated)]);
}

#[test]
fn no_second_pairing_allocated_bye_c2() {
    // Round 2 of five: 5 had the bye; 1 and 4 won, 2 and 3 lost.
    let bye = Past::Bye {
        kind: ByeKind::PairingAllocated,
        points: Points::ONE,
    };
    let f = field(
        2,
        5,
        vec![
            entrant(1, vec![game(3, Colour::White, 2)]),
            entrant(2, vec![game(4, Colour::Black, 0)]),
            entrant(3, vec![game(1, Colour::Black, 0)]),
            entrant(4, vec![game(2, Colour::White, 2)]),
            entrant(5, vec![bye]),
        ],
    );
    let p = Dutch.pair(&f).unwrap();
    let bye_to = p
        .byes
        .iter()
        .find(|b| b.1 == ByeKind::PairingAllocated)
        .unwrap()
        .0;
    assert_ne!(
        bye_to, 5,
        "C2: player 5 already had the pairing-allocated bye"
    );
    // No rematch (C1) among the games.
    for (w, b) in boards(&p) {
        assert!(
            !matches!((w.min(b), w.max(b)), (1, 3) | (2, 4)),
            "rematch {w}-{b}"
        );
    }
}

#[test]
fn a_forfeit_is_no_game_so_the_two_may_meet_again() {
    let forfeit = |opponent, colour, halves| Past::Forfeit {
        opponent,
        colour,
        points: Points::from_halves(halves),
    };
    let f = field(
        2,
        3,
        vec![
            entrant(1, vec![forfeit(2, Colour::White, 2)]),
            entrant(2, vec![forfeit(1, Colour::Black, 0)]),
        ],
    );
    let p = Dutch.pair(&f).unwrap();
    assert_eq!(
        p.boards.len(),
        1,
        "1 and 2 may meet: the forfeit was not a game"
    );
}

#[test]
fn two_players_who_have_met_cannot_be_paired_and_are_named() {
    let f = field(
        2,
        3,
        vec![
            entrant(1, vec![game(2, Colour::White, 1)]),
            entrant(2, vec![game(1, Colour::Black, 1)]),
        ],
    );
    let e = Dutch.pair(&f).unwrap_err();
    assert_eq!(e.players, vec![1, 2]);
    assert!(e.reason.contains("1, 2"), "{}", e.reason);
}

#[test]
fn a_requested_bye_leaves_the_player_out() {
    let mut es: Vec<Entrant> = (1..=5).map(|n| entrant(n, vec![])).collect();
    es[0].available = false;
    es[0].requested_bye = Some(ByeKind::RequestedHalf);
    let p = Dutch.pair(&field(1, 5, es)).unwrap();
    // 1 was never paired, so holds no pairing number in this pairing
    // (as the reference engine counts, dutch-012 round 1): 2 is first,
    // so White (5.2.5).
    assert_eq!(boards(&p), vec![(2, 4), (5, 3)]);
    assert_eq!(p.byes, vec![(1, ByeKind::RequestedHalf)]);
}

/// 5.2.5 reads the tournament pairing number, not the place among the
/// players present (issue 29). Round 2: player 1 played round 1 and asks
/// for a bye now; 2 and 3 had a full-point bye in round 1, so they meet
/// with no colour history. 2 is the higher ranked, and his pairing number
/// is even: he gets the other colour than the initial one, Black. Counting
/// places among the players present made him first, so White.
#[test]
fn rule_5_2_5_reads_the_tournament_pairing_number_not_the_place_among_those_present() {
    let bye = |kind, halves| Past::Bye {
        kind,
        points: Points::from_halves(halves),
    };
    let mut one = entrant(1, vec![game(4, Colour::White, 2)]);
    one.available = false;
    one.requested_bye = Some(ByeKind::RequestedHalf);
    let f = field(
        2,
        5,
        vec![
            one,
            entrant(2, vec![bye(ByeKind::RequestedFull, 2)]),
            entrant(3, vec![bye(ByeKind::RequestedFull, 2)]),
            entrant(4, vec![game(1, Colour::Black, 0)]),
            entrant(5, vec![bye(ByeKind::RequestedHalf, 1)]),
        ],
    );
    let p = Dutch.pair(&f).unwrap();
    assert_eq!(boards(&p), vec![(3, 2), (4, 5)]);
}

/// The other side of 5.2.5's pairing number: a player absent now who was
/// never paired (a bye asked for in both rounds) holds no number, so 2 is
/// the first pairing number of round 2 and gets the initial colour, as
/// bbpPairings numbers them; so does 4, the third.
#[test]
fn rule_5_2_5_leaves_out_a_player_never_paired() {
    let bye = |kind, halves| Past::Bye {
        kind,
        points: Points::from_halves(halves),
    };
    let mut one = entrant(1, vec![bye(ByeKind::RequestedHalf, 1)]);
    one.available = false;
    one.requested_bye = Some(ByeKind::RequestedHalf);
    let f = field(
        2,
        5,
        vec![
            one,
            entrant(2, vec![bye(ByeKind::RequestedFull, 2)]),
            entrant(3, vec![bye(ByeKind::RequestedFull, 2)]),
            entrant(4, vec![bye(ByeKind::RequestedZero, 0)]),
            entrant(5, vec![bye(ByeKind::RequestedZero, 0)]),
        ],
    );
    let p = Dutch.pair(&f).unwrap();
    assert_eq!(boards(&p), vec![(2, 3), (4, 5)]);
}

/// C10 counts the players whom this round's colour takes beyond ±2 (or
/// further beyond), not those beyond it whatever they get.
#[test]
fn c10_counts_only_what_the_colour_changes() {
    use super::quality::c10_counts;
    use Colour::{Black as B, White as W};
    assert!(c10_counts(2, W), "+2 to +3");
    assert!(!c10_counts(2, B));
    assert!(c10_counts(-3, B), "-3 to -4");
    assert!(!c10_counts(-3, W), "-3 to -2");
    assert!(!c10_counts(4, B), "+4 to +3: beyond ±2 whatever he gets");
    assert!(c10_counts(4, W), "+4 to +5");
    assert!(!c10_counts(1, W), "+1 to +2 is within the limit");
}

/// The last round, C10 (topscorers' colour differences beyond ±2): player
/// 2, not a topscorer, has played White four times (+4) and gets Black
/// against anyone, ending at +3 whatever the pairing. The natural pairing
/// gives him to the topscorer, 1, who floats down (1-2, 3-4); counting him
/// under C10 made the engine pair 1-3 and 2-4 instead. C10 counts what the
/// colour changes, as bbpPairings does, so the natural pairing stands.
#[test]
fn c10_does_not_steer_a_player_beyond_2_whatever_his_colour_away_from_a_topscorer() {
    use Colour::{Black as B, White as W};
    let f = field(
        5,
        5,
        vec![
            entrant(
                1,
                vec![
                    game(91, W, 2),
                    game(92, B, 2),
                    game(93, W, 2),
                    game(94, B, 0),
                ],
            ),
            entrant(
                2,
                vec![
                    game(95, W, 2),
                    game(96, W, 2),
                    game(97, W, 0),
                    game(98, W, 0),
                ],
            ),
            entrant(
                3,
                vec![
                    game(99, B, 2),
                    game(100, W, 2),
                    game(101, B, 0),
                    game(102, W, 0),
                ],
            ),
            entrant(
                4,
                vec![
                    game(103, W, 2),
                    game(104, B, 2),
                    game(105, W, 0),
                    game(106, B, 0),
                ],
            ),
        ],
    );
    let p = Dutch.pair(&f).unwrap();
    assert_eq!(boards(&p), vec![(1, 2), (4, 3)]);
}

#[test]
fn winners_meet_winners_and_colours_alternate() {
    // Round 2 after 1-3 (1 won with White), 4-2 (2 won with Black).
    let f = field(
        2,
        5,
        vec![
            entrant(1, vec![game(3, Colour::White, 2)]),
            entrant(2, vec![game(4, Colour::Black, 2)]),
            entrant(3, vec![game(1, Colour::Black, 0)]),
            entrant(4, vec![game(2, Colour::White, 0)]),
        ],
    );
    let p = Dutch.pair(&f).unwrap();
    // 1 wants Black, 2 wants White: both granted; likewise 3 and 4.
    assert_eq!(boards(&p), vec![(2, 1), (3, 4)]);
}

/// C.04.3 5.2.4 (grant the colour preference of the higher ranked player)
/// ranks by score first, then pairing number (article 1.2): here player 2,
/// with 1½ points, outranks player 1, with 1. Both played Black then White
/// (the same history, so 5.2.3 decides nothing) and mildly want Black:
/// player 2 gets it. bbpPairings pairs so in all 147 such boards of the
/// shared reference files; caissify-pairings 0.5.0 gives the preference to
/// the lower pairing number instead (player 1 here), in all 101 such boards
/// of its generated tournaments: that is the rule it breaks
/// (BENCHMARKS.md, live comparison).
#[test]
fn the_higher_ranked_player_of_5_2_4_is_the_one_with_more_points() {
    let mut e3 = entrant(
        3,
        vec![game(1, Colour::White, 0), game(2, Colour::Black, 0)],
    );
    let mut e4 = entrant(
        4,
        vec![game(2, Colour::White, 1), game(1, Colour::Black, 2)],
    );
    e3.available = false;
    e4.available = false;
    let f = field(
        3,
        5,
        vec![
            entrant(
                1,
                vec![game(3, Colour::Black, 2), game(4, Colour::White, 0)],
            ),
            entrant(
                2,
                vec![game(4, Colour::Black, 1), game(3, Colour::White, 2)],
            ),
            e3,
            e4,
        ],
    );
    let p = Dutch.pair(&f).unwrap();
    assert_eq!(boards(&p), vec![(1, 2)], "player 2 (1½ points) gets Black");
}

/// The pairing-allocated bye goes to the lowest score that lets the round
/// be completed, before a higher bracket's pair count (C5). Round 3 of
/// seven, eleven players (caissify-pairings' generated tournament, seed
/// 505, number 6): 10 and 11 had the bye; 1 and 6 (1½) met and drop into
/// the 1-point bracket {2, 9, 10, 11}, which could pair all six (1-2, 6-10,
/// 9-11), but then 7 and 8 (½, who met) leave 8 the bye with ½ point. The
/// reference pairs only two pairs there (1-11, 6-10), floats 2 and 9 down
/// to 7 and 8, and gives the bye to 4, with no points, as we do.
#[test]
fn the_bye_goes_to_the_lowest_score_before_a_higher_brackets_pairs() {
    use Colour::{Black as B, White as W};
    let pab = || Past::Bye {
        kind: ByeKind::PairingAllocated,
        points: Points::ONE,
    };
    let f = field(
        3,
        7,
        vec![
            entrant(1, vec![game(6, W, 1), game(4, B, 2)]),
            entrant(2, vec![game(7, B, 2), game(5, W, 0)]),
            entrant(3, vec![game(8, W, 2), game(11, B, 2)]),
            entrant(4, vec![game(9, B, 0), game(1, W, 0)]),
            entrant(5, vec![game(10, W, 2), game(2, B, 2)]),
            entrant(6, vec![game(1, B, 1), game(9, W, 2)]),
            entrant(7, vec![game(2, W, 0), game(8, B, 1)]),
            entrant(8, vec![game(3, B, 0), game(7, W, 1)]),
            entrant(9, vec![game(4, W, 2), game(6, B, 0)]),
            entrant(10, vec![game(5, B, 0), pab()]),
            entrant(11, vec![pab(), game(3, W, 0)]),
        ],
    );
    let p = Dutch.pair(&f).unwrap();
    assert_eq!(p.byes, vec![(4, ByeKind::PairingAllocated)]);
    let mut got = boards(&p);
    got.sort();
    // As the reference, but 9 (1 point) has White against 7 (½): both
    // want White mildly and 5.2.4 favours the higher score (the test
    // above); the reference gives it to the lower pairing number.
    assert_eq!(got, vec![(1, 11), (3, 5), (8, 2), (9, 7), (10, 6)]);
}

/// The shortcuts (solving without the players below the next scoregroup,
/// the first candidate tried first, opponents fixed from the last solve's
/// duals) are exact: on random tournaments every round pairs the same with
/// and without them. Odd and even fields, draws, forfeits, requested byes
/// and absences, so the bye, C9 and the fallbacks are all reached.
#[test]
fn the_shortcuts_change_no_pairing() {
    use crate::domain::pairing::ByeKind;
    use crate::domain::rng::Rng;
    let mut rng = Rng::new(20261125);
    let mut rounds_compared = 0;
    for t in 0..24 {
        let n = 7 + rng.below(40) as u32;
        let total = 5 + (t % 5);
        let mut f = field(1, total, (1..=n).map(|k| entrant(k, Vec::new())).collect());
        for r in 1..=total {
            f.round = r;
            for e in &mut f.entrants {
                e.requested_bye = (r > 1 && rng.chance(30)).then_some(ByeKind::RequestedHalf);
                e.available = e.requested_bye.is_none();
            }
            let fast = pair_with(&f, true, false);
            let plain = pair_with(&f, false, false);
            assert_eq!(fast, plain, "tournament {t}, round {r}, {n} players");
            let Ok(p) = fast else { break };
            rounds_compared += 1;
            play(&mut f, &p, &mut rng, 30);
        }
    }
    assert!(
        rounds_compared > 100,
        "only {rounds_compared} rounds compared"
    );
}

/// Records random results of `p` in `f` (a forfeit on a board with
/// chance `forfeits` in 1,000), the byes, and an absence for everybody else:
/// the next round of a random tournament.
pub(super) fn play(f: &mut Field, p: &Pairing, rng: &mut crate::domain::rng::Rng, forfeits: u64) {
    let n = f.entrants.len();
    let mut seen = vec![false; n + 1];
    for b in &p.boards {
        let (pw, pb) = match rng.below(10) {
            0..=3 => (2, 0),
            4..=6 => (0, 2),
            _ => (1, 1),
        };
        let forfeit = rng.chance(forfeits);
        for (me, them, colour, pts) in [
            (b.white, b.black, Colour::White, pw),
            (b.black, b.white, Colour::Black, pb),
        ] {
            seen[me as usize] = true;
            let points = Points::from_halves(if forfeit {
                if colour == Colour::White {
                    2
                } else {
                    0
                }
            } else {
                pts
            });
            f.entrants[me as usize - 1].history.push(if forfeit {
                Past::Forfeit {
                    opponent: them,
                    colour,
                    points,
                }
            } else {
                Past::Played {
                    opponent: them,
                    colour,
                    points,
                }
            });
        }
    }
    for &(pl, kind) in &p.byes {
        seen[pl as usize] = true;
        let halves = match kind {
            ByeKind::RequestedHalf => 1,
            ByeKind::RequestedZero => 0,
            _ => 2,
        };
        f.entrants[pl as usize - 1].history.push(Past::Bye {
            kind,
            points: Points::from_halves(halves),
        });
    }
    for (e, seen) in f.entrants.iter_mut().zip(&seen[1..]) {
        if !seen {
            e.history.push(Past::Absent);
        }
    }
}
