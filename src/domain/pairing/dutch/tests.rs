//! Hand-built rounds for the Dutch engine: each test sets up a field by
//! hand and checks the pairing the rules give.

use super::*;
use crate::domain::pairing::{Entrant, Past, PointSystem};
use crate::domain::score::Points;

fn entrant(number: u32, history: Vec<Past>) -> Entrant {
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
    // 5.2.5 counts pairing numbers among the players of the round (as the
    // reference engine does, dutch-012 round 1): 2 is first, so White.
    assert_eq!(boards(&p), vec![(2, 4), (5, 3)]);
    assert_eq!(p.byes, vec![(1, ByeKind::RequestedHalf)]);
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
