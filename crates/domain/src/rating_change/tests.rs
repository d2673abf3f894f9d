//! The rating formulas against their sources' numbers.
//!
//! FIDE: the FIDE Rating Regulations (B.02, from 1 March 2024) 8.1.2 and
//! 8.3, and the worked examples of chesselo.com's "Chess Elo" pages (the
//! 400-point rule's 0.92/0.08; 5.5 scored against 4.0 expected with K 10
//! gives +15, 1.5 against 3.5 gives −20). US Chess: Glickman's table of K
//! values for N' and m, and US Chess's "Approximating Formulas for the US
//! Chess Rating System" (April 2017) special-formula example (1500 on 6
//! games → 1511.111).

use super::fide::{self, Change, KFactor};
use super::uscf;
use super::RatedGame;

fn game(round: usize, opponent_rating: i64, halves: i32) -> RatedGame {
    RatedGame {
        round,
        opponent: round,
        opponent_rating,
        halves,
    }
}

#[test]
fn fide_expected_scores_follow_table_8_1_2() {
    assert_eq!(fide::expected(2000, 2000), 50);
    assert_eq!(fide::expected(2003, 2000), 50);
    assert_eq!(fide::expected(2004, 2000), 51);
    assert_eq!(fide::expected(2400, 2300), 64);
    assert_eq!(fide::expected(2300, 2400), 36);
}

#[test]
fn fide_difference_over_400_counts_as_400() {
    // chesselo.com: 2200 v 1400 → 0.92; 2200 v 1000 and 1600 → 0.92;
    // 1800 v 2400 and 2482 → 0.08.
    assert_eq!(fide::expected(2200, 1400), 92);
    assert_eq!(fide::expected(2200, 1000), 92);
    assert_eq!(fide::expected(2200, 1600), 92);
    assert_eq!(fide::expected(1800, 2400), 8);
    assert_eq!(fide::expected(1800, 2482), 8);
    // Without the rule 2200 v 1000 would be table 8.1.2's 1.00.
    assert_eq!(fide::expected(2200, 1799), 92);
    assert_eq!(fide::expected(2200, 1800), 92);
    assert_eq!(fide::expected(2200, 1830), 90);
}

#[test]
fn fide_game_change_is_k_times_score_minus_expected() {
    // K 20, a win against someone 100 below: 20 × (1 − 0.64) = 7.2.
    assert_eq!(fide::game_change(20, 2100, 2000, 2), 720);
    assert_eq!(fide::signed(720), "+7.2");
    // A draw against someone 100 above, K 10: 10 × (0.5 − 0.36) = 1.4.
    assert_eq!(fide::game_change(10, 2300, 2400, 1), 140);
    // A loss at level, K 40: −20.
    assert_eq!(fide::game_change(40, 1500, 1500, 0), -2000);
    assert_eq!(fide::signed(-2000), "-20");
    assert_eq!(fide::signed(-345), "-3.45");
    assert_eq!(fide::signed(0), "0");
}

#[test]
fn fide_event_of_nine_games_scored_5_5_against_4_0_expected_with_k_10_gains_15() {
    // Five opponents 100 above (0.36 each) and four 35 below (0.55 each):
    // expected 1.80 + 2.20 = 4.00. Score 5½.
    let mut games: Vec<RatedGame> = (1..=5).map(|r| game(r, 2500, 1)).collect();
    games[0].halves = 2;
    games[1].halves = 2;
    games.extend((6..=9).map(|r| game(r, 2365, 1)));
    games[5].halves = 2;
    games[8].halves = 0;
    let k = KFactor::for_player(2400, None, games.len());
    assert_eq!(
        k,
        KFactor {
            k: 10,
            assumed: false,
            capped_from: None
        }
    );
    let c = Change::new(2400, k, &games, 0);
    let score: i32 = games.iter().map(|g| g.halves).sum();
    assert_eq!(score, 11);
    assert_eq!(c.expected_score(), 400);
    assert_eq!(c.total(), 1500);
    assert_eq!(c.rounded(), 15);
}

#[test]
fn fide_event_scored_1_5_against_3_5_expected_with_k_10_loses_20() {
    // Five opponents at level (2.50), one 500 below (counted as 400:
    // 0.92) and one 500 above (0.08): expected 3.50. Score 1½.
    let games = vec![
        game(1, 2400, 0),
        game(2, 2400, 1),
        game(3, 2400, 0),
        game(4, 2400, 0),
        game(5, 2400, 2),
        game(6, 1900, 0),
        game(7, 2900, 0),
    ];
    let c = Change::new(2400, KFactor::for_player(2400, None, 7), &games, 0);
    assert_eq!(c.expected_score(), 350);
    assert_eq!(c.total(), -2000);
    assert_eq!(c.rounded(), -20);
}

#[test]
fn fide_k_factor_by_rating_known_value_and_700_cap() {
    assert_eq!(KFactor::for_player(2399, None, 9).k, 20);
    assert!(KFactor::for_player(2399, None, 9).assumed);
    assert!(!KFactor::for_player(2400, None, 9).assumed);
    assert_eq!(KFactor::for_player(1600, Some(40), 9).k, 40);
    // 40 × 20 games = 800 > 700: K becomes 35 (35 × 20 = 700).
    let capped = KFactor::for_player(1600, Some(40), 20);
    assert_eq!((capped.k, capped.capped_from), (35, Some(40)));
    // 20 × 36 = 720 > 700: K 19 (19 × 36 = 684; 20 would pass 700).
    assert_eq!(KFactor::for_player(1600, None, 36).k, 19);
    assert_eq!(KFactor::for_player(1600, None, 35).k, 20);
}

#[test]
fn fide_change_rounds_half_away_from_zero() {
    assert_eq!(fide::round_hundredths(250), 3);
    assert_eq!(fide::round_hundredths(-250), -3);
    assert_eq!(fide::round_hundredths(249), 2);
    assert_eq!(fide::round_hundredths(-249), -2);
}

fn close(a: f64, b: f64, eps: f64) -> bool {
    (a - b).abs() < eps
}

#[test]
fn uscf_k_matches_glickmans_table() {
    // N', m → K (full K).
    for (n, m, k) in [
        (6.0, 4, 80.0),
        (6.0, 6, 66.67),
        (6.0, 10, 50.0),
        (20.0, 4, 33.33),
        (20.0, 6, 30.77),
        (20.0, 10, 26.67),
        (50.0, 4, 14.81),
        (50.0, 6, 14.29),
        (50.0, 10, 13.33),
    ] {
        assert!(close(uscf::k_factor(n, m), k, 0.005), "N' {n}, m {m}");
    }
}

#[test]
fn uscf_effective_games_never_exceed_50_or_n() {
    // 50/√(0.662 + 0.00000739 × 869²) = 20.01 for a 1700 player.
    assert!(close(uscf::effective_games_cap(1700.0), 20.012, 0.001));
    assert!(close(
        uscf::effective_games(1700.0, Some(30.0)),
        20.012,
        0.001
    ));
    assert!(close(
        uscf::effective_games(1700.0, Some(12.0)),
        12.0,
        1e-12
    ));
    // From 2355 up the cap is (almost exactly) 50.
    assert!(close(uscf::effective_games_cap(2600.0), 49.99, 0.01));
    assert_eq!(
        uscf::effective_games_cap(2600.0),
        uscf::effective_games_cap(2355.0)
    );
}

#[test]
fn uscf_bonus_threshold_is_b_times_root_of_at_least_four_games() {
    // With B = 10 (the 2001 system): 20 for 3 or 4 games, 22.36 for 5, 30 for 9.
    assert!(close(uscf::bonus_threshold(10.0, 3), 20.0, 1e-9));
    assert!(close(uscf::bonus_threshold(10.0, 4), 20.0, 1e-9));
    assert!(close(uscf::bonus_threshold(10.0, 5), 22.36, 0.005));
    assert!(close(uscf::bonus_threshold(10.0, 9), 30.0, 1e-9));
}

#[test]
fn uscf_standard_formula_with_and_without_bonus() {
    // An established 1700 (N' = 20.01) wins 4 of 4 against 1700s:
    // K = 800/24.01 = 33.317, K(S − E) = 66.634, bonus 66.634 − 14 × 2.
    let games = [(1700.0, 1.0); 4];
    let s = uscf::standard(1700.0, uscf::effective_games(1700.0, None), &games, true);
    assert!(close(s.k, 33.317, 0.001));
    assert!(close(s.bonus, 38.634, 0.001));
    assert!(close(s.rating, 1805.268, 0.001));
    // Two games: no bonus.
    let s = uscf::standard(1700.0, 20.0, &[(1700.0, 1.0); 2], true);
    assert!(close(s.rating, 1700.0 + 800.0 / 22.0, 1e-9));
    assert_eq!(s.bonus, 0.0);
    // A player who met an opponent more than twice gets no bonus.
    let s = uscf::standard(1700.0, 20.0, &games, false);
    assert_eq!(s.bonus, 0.0);
}

#[test]
fn uscf_special_formula_reproduces_the_published_example() {
    // 1500 based on 6 games; beats 1400, loses to 1550, draws 1650:
    // (6 × 1500 + 3 × 1533.33 + 0 × 400)/(6 + 3) = 1511.111.
    let n = uscf::effective_games(1500.0, Some(6.0));
    assert_eq!(n, 6.0);
    let r = uscf::special(
        Some((1500.0, n)),
        &[(1400.0, 1.0), (1550.0, 0.0), (1650.0, 0.5)],
    );
    assert!(close(r, 1511.111, 0.001), "{r}");
}

#[test]
fn uscf_special_formula_for_an_unrated_player() {
    // Unrated, 2 wins and a loss against 1500s: R with
    // 3 × (0.5 + (R − 1500)/800) = 2 → R = 1500 + 400/3.
    let r = uscf::special(None, &[(1500.0, 1.0), (1500.0, 1.0), (1500.0, 0.0)]);
    assert!(close(r, 1633.333, 0.001), "{r}");
    // All wins against 1500 and 1600: every R from 2000 up explains the
    // score; the lowest such point is 2000 and the highest is unbounded,
    // so the estimate is the interval's start.
    let r = uscf::special(None, &[(1500.0, 1.0), (1600.0, 1.0)]);
    assert!(close(r, 2000.0, 1e-9), "{r}");
}

#[test]
fn fide_a_rating_that_would_end_below_1400_is_flagged_and_one_that_stays_is_not() {
    // 1410 with K 20 loses to 1800 (difference 390, PD 0.10): −2.0;
    // loses to 1700 (290, PD 0.15): −3.0; total −5.0: 1405.
    let k = KFactor::for_player(1410, Some(20), 2);
    let g = |round, opponent_rating| RatedGame {
        round,
        opponent: round,
        opponent_rating,
        halves: 0,
    };
    let c = Change::new(1410, k, &[g(1, 1800), g(2, 1700)], 0);
    assert_eq!(c.total(), -500);
    assert_eq!(c.after(), 1405);
    assert!(!c.ends_below_floor());
    // 1402 with the same games ends at 1397: under the floor.
    let c = Change::new(
        1402,
        KFactor::for_player(1402, Some(20), 2),
        &[g(1, 1800), g(2, 1700)],
        0,
    );
    assert_eq!(c.after(), 1397);
    assert!(c.ends_below_floor());
    assert_eq!(fide::RATING_FLOOR, 1400);
}
