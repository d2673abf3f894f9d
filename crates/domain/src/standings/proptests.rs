//! Property tests: random consistent Swiss sections (random pairings each
//! round, byes of every kind, forfeits both ways, double forfeits, late
//! entries and withdrawals) and random malformed ones.

use proptest::prelude::*;

use super::*;
use crate::domain::record::{ByeKind, Colour, Format, Outcome, PlayerRecord, Round};
use crate::domain::rng::Rng;
use crate::domain::tiebreak::Options;

/// Every US Chess code, group-dependent ones included.
const ALL_US: &str = "mm, median, solkoff, cumulative, opp-cumulative, tied-results, h2h, \
                      blacks, kashdan, sb, wins, aro, coin";

use super::sample::swiss;

/// The same section with the players listed in another order (opponent
/// indices remapped; pairing numbers unchanged).
fn permuted(t: &Tournament, seed: u64) -> Tournament {
    let n = t.players.len();
    let mut perm: Vec<usize> = (0..n).collect();
    Rng::new(seed ^ 0x5EED).shuffle(&mut perm);
    let mut pos_of = vec![0; n];
    for (new, &old) in perm.iter().enumerate() {
        pos_of[old] = new;
    }
    Tournament {
        format: t.format,
        rounds: t.rounds,
        players: perm
            .iter()
            .map(|&old| {
                let mut p = t.players[old].clone();
                for round in &mut p.rounds {
                    round.opponent = round.opponent.map(|o| pos_of[o]);
                }
                p
            })
            .collect(),
    }
}

/// What a row says, by pairing number rather than list position.
fn by_pairing_no(t: &Tournament, s: &Standings) -> Vec<(u32, String, Points, Vec<Option<Value>>)> {
    s.rows
        .iter()
        .map(|r| {
            (
                t.players[r.player].pairing_no,
                r.place.clone(),
                r.score,
                r.values.clone(),
            )
        })
        .collect()
}

fn options(seed: u64) -> Options {
    Options {
        coin_seed: Some(seed),
        ..Options::default()
    }
}

/// The place label "a" or "a-b" covers the rank.
fn place_covers(place: &str, rank: usize) -> bool {
    let (a, b) = match place.split_once('-') {
        Some((a, b)) => (a.parse::<usize>(), b.parse::<usize>()),
        None => (place.parse::<usize>(), place.parse::<usize>()),
    };
    matches!((a, b), (Ok(a), Ok(b)) if a <= rank && rank <= b)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn standings_are_a_permutation_and_points_add_up(
        n in 1usize..14,
        rounds in 1usize..11,
        seed in any::<u64>(),
        actual_play in any::<bool>(),
    ) {
        let (t, total) = swiss(n, rounds, seed);
        prop_assert_eq!(t.check(), Ok(()));
        let c = Context::new(&t, options(seed));
        let mut o = Order::parse(ALL_US).unwrap();
        o.actual_play_first = actual_play;
        let s = standings(&c, &o);
        let mut players: Vec<usize> = s.rows.iter().map(|r| r.player).collect();
        players.sort_unstable();
        prop_assert_eq!(players, (0..n).collect::<Vec<_>>());
        let sum: i32 = s.rows.iter().map(|r| r.score.halves()).sum();
        prop_assert_eq!(sum, total);
        for (i, r) in s.rows.iter().enumerate() {
            prop_assert_eq!(r.rank, i + 1);
            prop_assert!(place_covers(&r.place, r.rank), "{} at {}", r.place, r.rank);
            prop_assert_eq!(r.values.len(), 13);
            prop_assert_eq!(r.score, t.players[r.player].score());
        }
        prop_assert!(s.rows.windows(2).all(|w| w[0].score >= w[1].score));
        prop_assert_eq!(s.coin_seed, Some(seed));
    }

    #[test]
    fn median_systems_are_ordered(
        n in 1usize..14,
        rounds in 1usize..11,
        seed in any::<u64>(),
    ) {
        let (t, _) = swiss(n, rounds, seed);
        let c = Context::new(&t, Options::default());
        for p in 0..n {
            let get = |code| c.value(Tiebreak::Us(code), p, &[], None).unwrap();
            let solkoff = get(UsCode::Solkoff);
            let mm = get(UsCode::ModifiedMedian);
            let median = get(UsCode::Median);
            prop_assert!(mm >= Value::ZERO);
            prop_assert!(median >= Value::ZERO);
            prop_assert!(solkoff >= mm, "solkoff {solkoff} < mm {mm}");
            prop_assert!(solkoff >= median);
            prop_assert!(get(UsCode::Cumulative) >= Value::ZERO);
        }
    }

    #[test]
    fn standings_do_not_depend_on_the_listing_order(
        n in 1usize..14,
        rounds in 1usize..11,
        seed in any::<u64>(),
        actual_play in any::<bool>(),
    ) {
        let (t, _) = swiss(n, rounds, seed);
        let u = permuted(&t, seed);
        prop_assert_eq!(u.check(), Ok(()));
        let mut o = Order::parse(ALL_US).unwrap();
        o.actual_play_first = actual_play;
        let a = standings(&Context::new(&t, options(seed)), &o);
        let b = standings(&Context::new(&u, options(seed)), &o);
        prop_assert_eq!(by_pairing_no(&t, &a), by_pairing_no(&u, &b));
    }

    #[test]
    fn explanations_match_the_table_and_add_up(
        n in 1usize..10,
        rounds in 1usize..10,
        seed in any::<u64>(),
    ) {
        let (t, _) = swiss(n, rounds, seed);
        let c = Context::new(&t, options(seed));
        let o = Order::parse(ALL_US).unwrap();
        let s = standings(&c, &o);
        let sums = [
            UsCode::ModifiedMedian,
            UsCode::Median,
            UsCode::Solkoff,
            UsCode::Cumulative,
            UsCode::OppCumulative,
            UsCode::TiedResults,
            UsCode::Blacks,
            UsCode::Kashdan,
            UsCode::SonnebornBerger,
            UsCode::Wins,
        ];
        for r in &s.rows {
            let e = explain(&c, &o, r.player);
            let values: Vec<Option<Value>> = e.iter().map(|x| x.value).collect();
            prop_assert_eq!(&values, &r.values);
            for x in &e {
                let Tiebreak::Us(code) = x.tiebreak else { continue };
                if sums.contains(&code) {
                    let kept: Value = x
                        .working
                        .terms
                        .iter()
                        .filter(|t| t.dropped.is_none())
                        .map(|t| t.value)
                        .sum();
                    prop_assert_eq!(Some(kept), x.value, "{:?}", code);
                }
            }
        }
    }

    #[test]
    fn standings_after_any_round(
        n in 1usize..12,
        rounds in 1usize..10,
        seed in any::<u64>(),
        after in 0usize..10,
    ) {
        let (t, _) = swiss(n, rounds, seed);
        let t = t.after_round(after);
        prop_assert_eq!(t.check(), Ok(()));
        let c = Context::new(&t, options(seed));
        let s = standings(&c, &Order::parse(ALL_US).unwrap());
        prop_assert_eq!(s.rows.len(), n);
        prop_assert!(s.rows.iter().all(|r| r.score <= t.max_score()));
    }

    #[test]
    fn malformed_sections_never_panic(
        n in 0usize..7,
        rounds in 0usize..6,
        cells in proptest::collection::vec((0usize..9, 0usize..9, 0usize..8), 0..60),
        lengths in proptest::collection::vec(0usize..8, 7),
    ) {
        let outcomes = [
            Outcome::Win,
            Outcome::Draw,
            Outcome::Loss,
            Outcome::ForfeitWin,
            Outcome::ForfeitLoss,
            Outcome::DoubleForfeit,
            Outcome::Bye { kind: ByeKind::Half, requested: true },
            Outcome::Absent,
        ];
        let mut cells = cells.into_iter().cycle();
        let players: Vec<PlayerRecord> = (0..n)
            .map(|i| PlayerRecord {
                pairing_no: (i % 3) as u32,
                name: String::new(),
                rating: Some(1500),
                rounds: (0..lengths[i])
                    .map(|_| {
                        let (o, opp, colour) = cells.next().unwrap_or((0, 0, 0));
                        Round {
                            outcome: outcomes[o % outcomes.len()],
                            opponent: if opp == 8 { None } else { Some(opp) },
                            colour: match colour % 3 {
                                0 => None,
                                1 => Some(Colour::White),
                                _ => Some(Colour::Black),
                            },
                        }
                    })
                    .collect(),
                withdrawn_after: Some(1),
            })
            .collect();
        let t = Tournament { format: Format::Swiss, rounds, players };
        let c = Context::new(&t, options(1));
        let o = Order::parse(ALL_US).unwrap();
        let s = standings(&c, &o);
        prop_assert_eq!(s.rows.len(), n);
        for p in 0..=n {
            prop_assert_eq!(explain(&c, &o, p).len(), 13);
        }
    }
}

#[test]
fn a_thousand_players_nine_rounds() {
    // Every US Chess system for 1,000 players × 9 rounds: a complete ranking
    // whose points add up (the time is measured in benches/, not here).
    let (t, total) = swiss(1000, 9, 42);
    let c = Context::new(&t, options(42));
    let o = Order::parse(ALL_US).unwrap();
    let s = standings(&c, &o);
    assert_eq!(s.rows.len(), 1000);
    assert_eq!(s.rows.iter().map(|r| r.score.halves()).sum::<i32>(), total);
}
