//! Hand-worked prize distributions: each test writes out the arithmetic
//! it expects (US Chess 32B, Hort, by tiebreak).

use super::*;

fn p(name: &str, rating: Option<u32>, halves: i32) -> Contestant {
    Contestant {
        name: name.into(),
        rating,
        score: Points(halves),
    }
}

fn place(n: u32, dollars: i64) -> Prize {
    Prize {
        kind: Kind::Place,
        place: n,
        reward: Reward::Cash(Money(dollars * 100)),
    }
}

fn class(text: &str, n: u32, dollars: i64) -> Prize {
    Prize {
        kind: Kind::Class(Class::parse(text).unwrap()),
        place: n,
        reward: Reward::Cash(Money(dollars * 100)),
    }
}

fn cash(a: &Awards, c: usize) -> i64 {
    a.money_of(c).0
}

#[test]
fn money_reads_and_prints_dollars_and_cents() {
    assert_eq!(Money::parse("$60"), Some(Money(6000)));
    assert_eq!(Money::parse("60.5"), Some(Money(6050)));
    assert_eq!(Money::parse("1,250.05"), Some(Money(125005)));
    assert_eq!(Money::parse("6O"), None);
    assert_eq!(Money::parse("1.234"), None);
    assert_eq!(Money(4000).to_string(), "$40");
    assert_eq!(Money(4333).to_string(), "$43.33");
    assert_eq!(Money(5).decimal(), "0.05");
}

#[test]
fn classes_read_and_admit_by_event_rating() {
    let u = Class::parse("U1400").unwrap();
    assert!(u.admits(Some(1399)));
    assert!(!u.admits(Some(1400)));
    assert!(
        !u.admits(None),
        "unrated players do not win under-rating prizes"
    );
    let band = Class::parse("1400-1599").unwrap();
    assert!(band.admits(Some(1599)) && !band.admits(Some(1600)) && !band.admits(Some(1399)));
    assert_eq!(band.label(), "1400–1599");
    assert!(Class::parse("unrated").unwrap().admits(None));
    assert!(!Class::parse("unrated").unwrap().admits(Some(1000)));
    assert_eq!(Class::parse("1800+").unwrap().label(), "1800+");
    assert_eq!(Class::parse("U18x"), None);
}

/// 2nd–4th pooled: $60 + $40 + $20 among 3 = $40 each.
#[test]
fn three_tied_pool_the_places_they_tie_for() {
    let prizes = [place(1, 100), place(2, 60), place(3, 40), place(4, 20)];
    let players = [
        p("A", Some(1800), 8),
        p("B", Some(1700), 6),
        p("C", Some(1600), 6),
        p("D", Some(1500), 6),
        p("E", Some(1400), 4),
    ];
    let a = award(&prizes, &players, Split::Pooled);
    assert_eq!(
        (0..5).map(|c| cash(&a, c)).collect::<Vec<_>>(),
        [10000, 4000, 4000, 4000, 0]
    );
    assert_eq!(
        a.payouts[1].working,
        "2nd $60 + 3rd $40 + 4th $20 pooled among 3 tied on 3: $120 / 3 = $40 each"
    );
    assert!(a.unawarded.is_empty());
}

/// Place and class prizes in one pool: B, C, D tie on 3; C is U1400, so
/// the group brings in 2nd $60, 3rd $40 and 1st U1400 $30 (not 4th $20:
/// one prize per player) = $130 / 3 = $43.33, 1 cent over to B (best on
/// tiebreak). C alone with the U1400 prize would get $30 < $43.33, so C
/// stays in the pool. E (2 points) then takes 4th $20; the unrated F
/// takes 1st unrated $25; nobody is U1000, so that prize is unawarded.
#[test]
fn pooled_tie_across_place_and_class_with_an_unrated_player() {
    let prizes = [
        place(1, 100),
        place(2, 60),
        place(3, 40),
        place(4, 20),
        class("U1400", 1, 30),
        class("unrated", 1, 25),
        class("U1000", 1, 15),
    ];
    let players = [
        p("A", Some(1800), 8),
        p("B", Some(1500), 6),
        p("C", Some(1350), 6),
        p("D", Some(1600), 6),
        p("E", Some(1300), 4),
        p("F", None, 2),
    ];
    let a = award(&prizes, &players, Split::Pooled);
    assert_eq!(
        (0..6).map(|c| cash(&a, c)).collect::<Vec<_>>(),
        [10000, 4334, 4333, 4333, 2000, 2500]
    );
    assert_eq!(
        a.payouts[1].working,
        "2nd $60 + 3rd $40 + 1st U1400 $30 pooled among 3 tied on 3: $130 / 3 = $43.33 each; \
         the 1 cent left over goes to B (best on tiebreak)"
    );
    assert_eq!(a.payouts[2].working, "4th $20 to E (2 points)");
    assert_eq!(
        a.unawarded,
        vec![(
            6,
            "unawarded: no U1000 player was left to win it".to_string()
        )]
    );
}

/// One cash prize per player: A (rated 1300) wins 1st and is U1400 too;
/// A gets 1st only, and 1st U1400 goes to the next U1400 player, E.
#[test]
fn one_cash_prize_per_player() {
    let prizes = [place(1, 100), place(2, 50), class("U1400", 1, 30)];
    let players = [
        p("A", Some(1300), 8),
        p("B", Some(1900), 6),
        p("E", Some(1200), 4),
    ];
    let a = award(&prizes, &players, Split::Pooled);
    assert_eq!((cash(&a, 0), cash(&a, 1), cash(&a, 2)), (10000, 5000, 3000));
    assert_eq!(a.payouts.len(), 3);
}

/// 32B3's exception: A, B, C tie for first; the pool would be $100 + $90
/// (1st U1400, C's) + $50 = $240 / 3 = $80. C alone with 1st U1400 gets
/// $90 > $80, so C takes it; A and B pool $100 + $50 = $75 each.
#[test]
fn a_class_player_better_off_alone_leaves_the_pool() {
    let prizes = [place(1, 100), place(2, 50), class("U1400", 1, 90)];
    let players = [
        p("A", Some(1800), 6),
        p("B", Some(1700), 6),
        p("C", Some(1300), 6),
    ];
    let a = award(&prizes, &players, Split::Pooled);
    assert_eq!((cash(&a, 0), cash(&a, 1), cash(&a, 2)), (7500, 7500, 9000));
    assert!(a.payouts[0].working.contains("US Chess 32B3"));
}

/// The cap of 32B3 (a forum case checked by hand): four tied on 4; pool
/// 3rd $536 + 4th $306 + 1st U2400 $1,379 + 2nd U2400 $766 = $2,987.
/// The three U2400 players alone would get $2,145 / 3 = $715 < $746.75, so
/// all four pool; but X (2495) could win at most $536 alone, so X gets $536
/// and the others ($2,987 - $536) / 3 = $817 each.
#[test]
fn no_share_above_the_best_prize_won_alone() {
    let prizes = [
        place(3, 536),
        place(4, 306),
        place(5, 230),
        class("U2400", 1, 1379),
        class("U2400", 2, 766),
    ];
    let players = [
        p("X", Some(2495), 8),
        p("P", Some(2391), 8),
        p("Q", Some(2387), 8),
        p("R", Some(2385), 8),
        p("S", Some(2345), 7),
    ];
    let a = award(&prizes, &players, Split::Pooled);
    assert_eq!(
        (0..5).map(|c| cash(&a, c)).collect::<Vec<_>>(),
        [53600, 81700, 81700, 81700, 23000]
    );
}

/// Hort: A and B tie for 1st-2nd ($100, $60). By tiebreak A's prize is
/// $100 and B's $60; half of each ($50 + $30 = $80) is shared, $40 each:
/// A $50 + $40 = $90, B $30 + $40 = $70.
#[test]
fn hort_shares_half_and_gives_half_by_tiebreak() {
    let prizes = [place(1, 100), place(2, 60)];
    let players = [p("A", Some(2000), 6), p("B", Some(2100), 6)];
    let a = award(&prizes, &players, Split::Hort);
    assert_eq!((cash(&a, 0), cash(&a, 1)), (9000, 7000));
    let t = award(&prizes, &players, Split::Tiebreak);
    assert_eq!((cash(&t, 0), cash(&t, 1)), (10000, 6000));
}

/// Trophies are not divided: 1st place trophy to the best on tiebreak of
/// the tied leaders; the U1400 trophy to the best U1400 player without a
/// trophy (A has one). A special prize goes to whom the secretary named;
/// an unnamed one stays unawarded.
#[test]
fn trophies_by_tiebreak_and_special_prizes_by_hand() {
    let trophy = |kind: Kind| Prize {
        kind,
        place: 1,
        reward: Reward::Item("trophy".into()),
    };
    let prizes = [
        trophy(Kind::Place),
        trophy(Kind::Class(Class::parse("U1400").unwrap())),
        Prize {
            kind: Kind::Special {
                name: "Best game".into(),
                winner: Some(2),
            },
            place: 1,
            reward: Reward::Cash(Money(2500)),
        },
        Prize {
            kind: Kind::Special {
                name: "Biggest upset".into(),
                winner: None,
            },
            place: 1,
            reward: Reward::Cash(Money(1000)),
        },
    ];
    let players = [
        p("A", Some(1300), 6),
        p("B", Some(1350), 6),
        p("C", Some(1900), 2),
    ];
    let a = award(&prizes, &players, Split::Pooled);
    let winners: Vec<(Vec<usize>, usize)> = a
        .payouts
        .iter()
        .map(|p| (p.prizes.clone(), p.winners[0].0))
        .collect();
    assert_eq!(winners, vec![(vec![0], 0), (vec![1], 1), (vec![2], 2)]);
    assert_eq!(cash(&a, 2), 2500);
    assert_eq!(a.unawarded.len(), 1);
    assert_eq!(a.unawarded[0].0, 3);
}

/// More tied players than prizes left: the two prizes are pooled among
/// all three ($50 + $25 = $75 / 3 = $25 each).
#[test]
fn more_tied_than_prizes() {
    let prizes = [place(1, 100), place(2, 50), place(3, 25)];
    let players = [
        p("A", Some(1800), 8),
        p("B", Some(1700), 6),
        p("C", Some(1600), 6),
        p("D", Some(1500), 6),
    ];
    let a = award(&prizes, &players, Split::Pooled);
    assert_eq!(
        (0..4).map(|c| cash(&a, c)).collect::<Vec<_>>(),
        [10000, 2500, 2500, 2500]
    );
}
