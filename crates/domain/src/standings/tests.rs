//! Standings tests: ranking by score and tiebreaks, type-A recomputation,
//! the actual-play rule, shared places, the coin flip, and `explain`.

use super::*;
use crate::domain::record::build::crosstable;
use crate::domain::record::Format;
use crate::domain::tiebreak::uscf::testkit::{tec, v};
use crate::domain::tiebreak::{FideBase, FideCode, Modifier, Options, TeamCode};

fn ctx(t: &Tournament) -> Context<'_> {
    Context::new(t, Options::default())
}

fn order(text: &str) -> Order {
    Order::parse(text).expect("order")
}

/// Players (1-based numbers) in row order.
fn numbers(s: &Standings) -> Vec<usize> {
    s.rows.iter().map(|r| r.player + 1).collect()
}

fn row(s: &Standings, p: usize) -> &Row {
    s.rows.iter().find(|r| r.player == p).expect("row")
}

#[test]
fn tec_swiss_by_the_us_chess_default_order() {
    let t = tec();
    let c = ctx(&t);
    let s = standings(&c, &order("uscf-swiss"));
    // 4: #2; 3½: #3 (mm 12½), #1 (11), #16 (10½, solkoff 12), #4 (10½,
    // 10½); 3: #6; 2½: #8, #11, #5; 2: #15, #14, #12; 1½: #13, #7, #9; 1: #10.
    assert_eq!(
        numbers(&s),
        vec![2, 3, 1, 16, 4, 6, 8, 11, 5, 15, 14, 12, 13, 7, 9, 10]
    );
    for (i, r) in s.rows.iter().enumerate() {
        assert_eq!(r.rank, i + 1);
        assert_eq!(r.place, (i + 1).to_string());
    }
    assert_eq!(row(&s, 15).score, Points(7));
    assert_eq!(
        row(&s, 15).values,
        vec![
            Some(v("10.5")),
            Some(v("12")),
            Some(v("10.5")),
            Some(v("39"))
        ]
    );
    assert_eq!(s.order, order("uscf-swiss").tiebreaks);
    assert_eq!(s.coin_seed, None);
}

/// Four players tied on 2 (1-4) whose games among themselves leave 2 and 4
/// level until recomputed between them; 5-8 are fillers (3, 1, 3, 1).
fn recompute_event() -> Tournament {
    crosstable(
        Format::Swiss,
        &[
            "+W3 +W4 -W5 -W6",
            "-W4 +W3 +W6 -W5",
            "-B1 -B2 +W7 +W8",
            "+B2 -B1 +W8 -W7",
            "+W6 -W7 +B1 +B2",
            "-B5 -W8 -B2 +B1",
            "+W8 +B5 -B3 +B4",
            "-B7 +B6 -B4 -B3",
        ],
    )
}

#[test]
fn type_a_tiebreaks_are_recomputed_in_each_still_tied_subgroup() {
    let t = recompute_event();
    assert_eq!(t.check(), Ok(()));
    let c = ctx(&t);
    let s = standings(&c, &order("tied-results"));
    // Among 1-4: 1 is +2, 2 and 4 are 0, 3 is −2. Recomputed between 2 and
    // 4 alone, 4 (who beat 2) is +1 and 2 is −1.
    assert_eq!(numbers(&s), vec![7, 5, 1, 4, 2, 3, 8, 6]);
    let places: Vec<&str> = s.rows.iter().map(|r| r.place.as_str()).collect();
    assert_eq!(places, vec!["1", "2", "3", "4", "5", "6", "7", "8"]);
    let tr = |p: usize| row(&s, p).values[0];
    assert_eq!(tr(0), Some(v("2")));
    assert_eq!(tr(3), Some(v("1")));
    assert_eq!(tr(1), Some(v("-1")));
    assert_eq!(tr(2), Some(v("-2")));
    // The explanation uses the same subgroup.
    let e = explain(&c, &order("tied-results"), 3);
    assert_eq!(e[0].value, Some(v("1")));
    assert_eq!(e[0].working.notes[0], "Tied group: Player 2 and Player 4.");
    assert_eq!(e[0].working.terms.len(), 1);
    assert_eq!(e[0].working.terms[0].text, "R1 beat Player 2 (tied): +1");
}

#[test]
fn type_a_values_of_players_already_separated_use_the_score_group() {
    let t = tec();
    let c = ctx(&t);
    let o = order("mm, tied-results");
    let s = standings(&c, &o);
    // 2½: mm separates #8 (9), #11 (7½), #5 (5); #5 beat #11, neither met #8.
    assert_eq!(row(&s, 4).values, vec![Some(v("5")), Some(v("1"))]);
    assert_eq!(row(&s, 10).values, vec![Some(v("7.5")), Some(v("-1"))]);
    assert_eq!(row(&s, 7).values, vec![Some(v("9")), Some(v("0"))]);
    let e = explain(&c, &o, 4);
    assert_eq!(
        e[1].working.notes[0],
        "Tied group: Player 5, Player 8 and Player 11."
    );
    // 3½: #4 and #16 are level on mm and never met: they share 4th-5th.
    assert_eq!(row(&s, 3).place, "4-5");
    assert_eq!(row(&s, 15).place, "4-5");
    assert_eq!(numbers(&s)[3..5], [4, 16], "pairing order inside the tie");
}

#[test]
fn actual_play_ranks_points_won_over_the_board_first() {
    // 1 scored only a bye; 2 won a game. 3 scored only byes; 5 played.
    let t = crosstable(
        Format::Swiss,
        &[
            "+BYE -B4 -B5",
            "+W3 -W5 -W4",
            "-B2 +BYE +BYE",
            "+W5 +W1 +B2",
            "-B4 +B2 +W1",
        ],
    );
    assert_eq!(t.check(), Ok(()));
    let c = ctx(&t);
    let mut o = order("blacks");
    // Without the rule: 1 has two Blacks, 2 none.
    let s = standings(&c, &o);
    assert_eq!(numbers(&s), vec![4, 5, 3, 1, 2]);
    o.actual_play_first = true;
    let s = standings(&c, &o);
    assert_eq!(numbers(&s), vec![4, 5, 3, 2, 1]);
    // The rule separates them even with no tiebreak at all.
    let s = standings(
        &c,
        &Order {
            tiebreaks: vec![],
            actual_play_first: true,
            preset: None,
        },
    );
    assert_eq!(numbers(&s), vec![4, 5, 3, 2, 1]);
    let places: Vec<&str> = s.rows.iter().map(|r| r.place.as_str()).collect();
    assert_eq!(places, vec!["1", "2", "3", "4", "5"]);
    // The Big Rapids preset has the rule on.
    assert!(order("big-rapids-swiss").actual_play_first);
}

#[test]
fn players_still_tied_share_the_place_in_pairing_order() {
    // Everyone draws everyone; the players are listed in reverse pairing
    // order.
    let mut t = crosstable(
        Format::RoundRobin,
        &["=W2 =B3 =W4", "=B1 =W4 =W3", "=W4 =W1 =B2", "=B3 =B2 =B1"],
    );
    for (i, p) in t.players.iter_mut().enumerate() {
        p.pairing_no = 4 - i as u32;
    }
    let c = ctx(&t);
    let s = standings(&c, &order("uscf-round-robin"));
    assert_eq!(numbers(&s), vec![4, 3, 2, 1]);
    for (i, r) in s.rows.iter().enumerate() {
        assert_eq!(r.rank, i + 1);
        assert_eq!(r.place, "1-4");
        assert_eq!(r.score, Points(3));
    }
    // With no tiebreaks, places follow score alone.
    let s = standings(&c, &order(""));
    assert!(s
        .rows
        .iter()
        .all(|r| r.place == "1-4" && r.values.is_empty()));
}

#[test]
fn coin_breaks_what_is_left_and_is_reproducible() {
    let t = crosstable(
        Format::RoundRobin,
        &["=W2 =B3 =W4", "=B1 =W4 =W3", "=W4 =W1 =B2", "=B3 =B2 =B1"],
    );
    let o = order("sb, h2h, coin");
    let no_seed = standings(&ctx(&t), &o);
    assert_eq!(no_seed.coin_seed, None);
    assert!(no_seed.rows.iter().all(|r| r.place == "1-4"));
    assert!(no_seed.rows.iter().all(|r| r.values[2].is_none()));

    let seeded = |seed| {
        let c = Context::new(
            &t,
            Options {
                coin_seed: Some(seed),
                ..Options::default()
            },
        );
        standings(&c, &o)
    };
    let a = seeded(2024);
    assert_eq!(a.coin_seed, Some(2024));
    let places: Vec<&str> = a.rows.iter().map(|r| r.place.as_str()).collect();
    assert_eq!(places, vec!["1", "2", "3", "4"]);
    // The order is the draws' order, and the same seed gives the same table.
    let draws: Vec<u64> = a
        .rows
        .iter()
        .map(|r| crate::domain::tiebreak::uscf::coin::draw(2024, r.player as u32 + 1))
        .collect();
    assert!(draws.windows(2).all(|w| w[0] > w[1]));
    assert_eq!(seeded(2024), a);
    // The seed is reported only when the order has a coin flip.
    let c = Context::new(
        &t,
        Options {
            coin_seed: Some(5),
            ..Options::default()
        },
    );
    assert_eq!(standings(&c, &order("sb, h2h")).coin_seed, None);
}

#[test]
fn no_value_sorts_last() {
    // Everyone on 1 point; 4 is unrated.
    let mut t = crosstable(Format::Swiss, &["+W4 -B3", "+W3 -B4", "-B2 +W1", "-B1 +W2"]);
    t.players[0].rating = Some(1000);
    t.players[1].rating = Some(1000);
    t.players[2].rating = Some(1200);
    t.players[3].rating = None;
    let c = ctx(&t);
    let s = standings(&c, &order("aro"));
    // Everyone on 1. Rated opponents: 1 met 4 (unrated) and 3 → 1200;
    // 2: 3 and 4 → 1200; 3: 2 and 1 → 1000; 4: 1 and 2 → 1000.
    assert_eq!(numbers(&s), vec![1, 2, 3, 4]);
    t.players[2].rating = None;
    let c = ctx(&t);
    let s = standings(&c, &order("aro"));
    // Now 1 and 2 met no rated opponent: no value, last.
    assert_eq!(numbers(&s), vec![3, 4, 1, 2]);
    assert_eq!(row(&s, 0).values, vec![None]);
    assert_eq!(row(&s, 0).place, "3-4");
}

#[test]
fn comparison_puts_none_last_and_can_reverse() {
    let (a, b) = (Some(Value(100)), Some(Value(200)));
    assert_eq!(compare(b, a, false), Ordering::Less);
    assert_eq!(compare(a, b, true), Ordering::Less);
    assert_eq!(compare(a, None, false), Ordering::Less);
    assert_eq!(compare(a, None, true), Ordering::Less);
    assert_eq!(compare(None, a, true), Ordering::Greater);
    assert_eq!(compare(None, None, false), Ordering::Equal);
}

#[test]
fn explain_matches_the_table_for_every_player() {
    let t = tec();
    let c = Context::new(
        &t,
        Options {
            coin_seed: Some(9),
            ..Options::default()
        },
    );
    let o = order(
        "mm, solkoff, tied-results, median, cumulative, opp-cumulative, h2h, blacks, \
         kashdan, sb, wins, aro, coin",
    );
    let s = standings(&c, &o);
    assert_eq!(s.coin_seed, Some(9));
    for r in &s.rows {
        let e = explain(&c, &o, r.player);
        let values: Vec<Option<Value>> = e.iter().map(|x| x.value).collect();
        assert_eq!(values, r.values, "player {}", r.player + 1);
        assert!(e.iter().all(|x| !x.working.notes.is_empty()));
        assert_eq!(e[0].tiebreak, Tiebreak::Us(UsCode::ModifiedMedian));
    }
    // The coin leaves no tie.
    assert!(s.rows.iter().all(|r| !r.place.contains('-')));
}

/// Everyone's working from one ranking is each player's own `explain`,
/// including values recomputed inside subgroups and score groups.
#[test]
fn explain_all_is_explain_for_each_player() {
    for (t, o) in [
        (
            tec(),
            order("mm, solkoff, tied-results, median, sb, wins, aro"),
        ),
        (tec(), order("mm, tied-results")),
        (recompute_event(), order("tied-results, sb")),
    ] {
        let c = ctx(&t);
        let all = explain_all(&c, &o);
        assert_eq!(all.len(), t.players.len());
        for (p, e) in all.iter().enumerate() {
            assert_eq!(e, &explain(&c, &o, p), "player {}", p + 1);
        }
    }
    // The subgroup of the recomputed tie shows in the working.
    let t = recompute_event();
    let all = explain_all(&ctx(&t), &order("tied-results"));
    assert_eq!(
        all[3][0].working.notes[0],
        "Tied group: Player 2 and Player 4."
    );
    assert_eq!(all[3][0].value, Some(v("1")));
}

#[test]
fn explain_handles_other_families_and_unknown_players() {
    let t = tec();
    let c = ctx(&t);
    let o = Order {
        tiebreaks: vec![
            Tiebreak::Team(TeamCode::GamePoints),
            Tiebreak::Fide(FideCode {
                base: FideBase::TPN,
                modifier: Modifier::None,
            }),
            Tiebreak::Us(UsCode::Solkoff),
        ],
        actual_play_first: false,
        preset: None,
    };
    let e = explain(&c, &o, 0);
    assert_eq!(e.len(), 3);
    assert_eq!(e[0].value, None);
    assert_eq!(
        e[0].working.notes,
        vec!["A team tiebreak: it has no value in individual standings."]
    );
    assert_eq!(e[2].value, Some(v("12.5")));
    let s = standings(&c, &o);
    assert_eq!(s.rows.len(), 16);
    let e = explain(&c, &o, 16);
    assert!(e.iter().all(|x| x.value.is_none()));
    assert_eq!(
        e[2].working.notes,
        vec!["There is no player number 17 here."]
    );
}

#[test]
fn standings_after_a_round_use_the_scores_of_that_round() {
    let t = tec();
    let t3 = t.after_round(3);
    let c = ctx(&t3);
    let s = standings(&c, &order("uscf-swiss"));
    let total: i32 = s.rows.iter().map(|r| r.score.halves()).sum();
    let expected: i32 = t3.players.iter().map(|p| p.score().halves()).sum();
    assert_eq!(total, expected);
    assert!(total < t.players.iter().map(|p| p.score().halves()).sum());
    assert_eq!(row(&s, 3).score, Points(5));
    assert_eq!(row(&s, 3).values[0], Some(v("2.5")));
    // After round 3 #2 and #4 lead on 2½.
    assert_eq!(s.rows[0].score, Points(5));
}
