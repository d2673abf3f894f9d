//! Tests for the US Chess systems: every worked example of spec §5 (named
//! after its section), the derived values of research §8.4 and §8.6, and
//! the edge cases of unplayed rounds.

use super::testkit::{event, halves, own, tec, v, vs, vs_any, vs_cells, Slot};
use super::*;
use crate::domain::record::build::crosstable;
use crate::domain::record::{Colour, Format, Outcome, PlayerRecord};
use crate::domain::standings::{explain, standings, Standings};
use crate::domain::tiebreak::{Options, Order, Tiebreak};

const ALL: [UsCode; 13] = [
    UsCode::ModifiedMedian,
    UsCode::Median,
    UsCode::Solkoff,
    UsCode::Cumulative,
    UsCode::OppCumulative,
    UsCode::TiedResults,
    UsCode::HeadToHead,
    UsCode::Blacks,
    UsCode::Kashdan,
    UsCode::SonnebornBerger,
    UsCode::Wins,
    UsCode::Aro,
    UsCode::Coin,
];

fn ctx(t: &Tournament) -> Context<'_> {
    Context::new(t, Options::default())
}

/// A group-independent value (no working).
fn val(ctx: &Context, code: UsCode, p: usize) -> Option<Value> {
    value(ctx, code, p, &[], None)
}

/// The value with its working.
fn worked(ctx: &Context, code: UsCode, p: usize, group: &[usize]) -> (Option<Value>, Working) {
    let mut w = Working::default();
    let x = value(ctx, code, p, group, Some(&mut w));
    (x, w)
}

fn table(ctx: &Context, order: &str) -> Standings {
    standings(ctx, &Order::parse(order).expect("order"))
}

/// Row position (0-based) of player `p`.
fn pos(s: &Standings, p: usize) -> usize {
    s.rows
        .iter()
        .position(|r| r.player == p)
        .expect("player in standings")
}

fn place(s: &Standings, p: usize) -> &str {
    &s.rows[pos(s, p)].place
}

fn list(hs: &[i32]) -> Vec<Points> {
    hs.iter().map(|&h| halves(h)).collect()
}

// ---------------------------------------------------------------------------
// Spec §5: the worked examples.

#[test]
fn spec_5_1_modified_median_example_1() {
    // Pure lists: both players on 4 of 5, a plus score, so the lowest goes.
    let tom = list(&[2, 4, 6, 7, 8]);
    let jerry = list(&[4, 5, 6, 6, 8]);
    assert_eq!(modified_median_of(&tom, halves(8)), v("12.5"));
    assert_eq!(modified_median_of(&jerry, halves(8)), v("12.5"));

    // Real records: Tom and Jerry in one event, each beating four opponents
    // and losing to the fifth.
    let t = event(
        5,
        &[
            vec![vs("+", 2), vs("+", 4), vs("+", 6), vs("+", 7), vs("-", 8)],
            vec![vs("+", 4), vs("+", 5), vs("+", 6), vs("+", 6), vs("-", 8)],
        ],
    );
    let c = ctx(&t);
    assert_eq!(c.uscf().score(0), Some(halves(8)));
    assert_eq!(c.uscf().score(1), Some(halves(8)));
    assert_eq!(val(&c, UsCode::ModifiedMedian, 0), Some(v("12.5")));
    assert_eq!(val(&c, UsCode::ModifiedMedian, 1), Some(v("12.5")));
    // Tie not broken by mm alone.
    let s = table(&c, "mm");
    assert_eq!(place(&s, 0), place(&s, 1));
    assert!(place(&s, 0).contains('-'));
}

#[test]
fn spec_5_2_modified_median_example_2() {
    // Jane's 6-point opponent had a full-point bye in round 1: counts 5½.
    let jane = list(&[4, 4, 7, 8, 10, 10, 11]);
    let fonda = list(&[2, 5, 8, 8, 10, 11, 12]);
    assert_eq!(modified_median_of(&jane, halves(14)), v("25"));
    assert_eq!(modified_median_of(&fonda, halves(14)), v("27"));

    let t = event(
        7,
        &[
            vec![
                vs("+", 4),
                vs("+", 4),
                vs("+", 7),
                vs("+", 8),
                vs("+", 10),
                vs("+", 10),
                // Rounds 1-6 of the opponent met in round 7: the bye first.
                vs_cells("+", "+BYE + + + + +"),
            ],
            vec![
                vs("+", 2),
                vs("+", 5),
                vs("+", 8),
                vs("+", 8),
                vs("+", 10),
                vs("+", 11),
                vs("+", 12),
            ],
        ],
    );
    let c = ctx(&t);
    let opp = t.players[0].rounds[6].opponent.unwrap();
    assert_eq!(c.uscf().score(opp), Some(halves(12)));
    assert_eq!(c.uscf().adjusted(opp), Some(halves(11)));
    assert_eq!(val(&c, UsCode::ModifiedMedian, 0), Some(v("25")));
    assert_eq!(val(&c, UsCode::ModifiedMedian, 1), Some(v("27")));
    let s = table(&c, "uscf-swiss");
    assert!(pos(&s, 1) < pos(&s, 0), "Fonda ranks ahead of Jane");
}

#[test]
fn spec_5_2a_median_systems_on_the_same_lists() {
    let a = list(&[0, 6, 6, 8, 10]);
    let b = list(&[6, 4, 10, 6, 6]);
    assert_eq!(modified_median_of(&a, halves(8)), v("15"));
    assert_eq!(solkoff_of(&a), v("15"));
    assert_eq!(median_of(&a), v("10"));
    assert_eq!(modified_median_of(&b, halves(8)), v("14"));
    assert_eq!(solkoff_of(&b), v("16"));
    assert_eq!(median_of(&b), v("9"));

    // A's 0 is A's own (pairing-allocated) bye; both players 4-1.
    let t = event(
        5,
        &[
            vec![own("+BYE"), vs("+", 6), vs("+", 6), vs("+", 8), vs("-", 10)],
            vec![vs("+", 6), vs("+", 4), vs("-", 10), vs("+", 6), vs("+", 6)],
        ],
    );
    let c = ctx(&t);
    for (p, mm, sk, md) in [(0, "15", "15", "10"), (1, "14", "16", "9")] {
        assert_eq!(c.uscf().score(p), Some(halves(8)));
        assert_eq!(val(&c, UsCode::ModifiedMedian, p), Some(v(mm)), "mm {p}");
        assert_eq!(val(&c, UsCode::Solkoff, p), Some(v(sk)), "solkoff {p}");
        assert_eq!(val(&c, UsCode::Median, p), Some(v(md)), "median {p}");
    }
    // A's own bye is the value dropped.
    let (_, w) = worked(&c, UsCode::ModifiedMedian, 0, &[]);
    assert_eq!(
        w.terms[0].text,
        "R1 own pairing-allocated full-point bye: counts 0"
    );
    assert_eq!(w.terms[0].dropped.as_deref(), Some("lowest, plus score"));
    assert_eq!(w.terms.iter().filter(|t| t.dropped.is_some()).count(), 1);
}

#[test]
fn spec_5_2b_nine_round_drop_rule() {
    let l = list(&[0, 4, 6, 7, 8, 9, 10, 11, 12]);
    assert_eq!(solkoff_of(&l), v("33.5"));
    assert_eq!(modified_median_of(&l, halves(12)), v("31.5")); // plus
    assert_eq!(modified_median_of(&l, halves(9)), v("20")); // even
    assert_eq!(modified_median_of(&l, halves(6)), v("22")); // minus
    assert_eq!(median_of(&l), v("20"));

    // Real records; the 0 is an absence, a half-point bye and a forfeit loss.
    let opps = |first: Slot, res: [&'static str; 8]| -> Vec<Slot> {
        let mut s = vec![first];
        for (res, score) in res.into_iter().zip([4, 6, 7, 8, 9, 10, 11, 12]) {
            s.push(vs(res, score));
        }
        s
    };
    let t = event(
        9,
        &[
            opps(own("--"), ["+", "+", "+", "+", "+", "+", "-", "-"]),
            opps(own("=BYE"), ["+", "+", "+", "+", "-", "-", "-", "-"]),
            opps(vs("-F", 8), ["+", "+", "+", "-", "-", "-", "-", "-"]),
        ],
    );
    let c = ctx(&t);
    let cases = [(0, 12, "31.5"), (1, 9, "20"), (2, 6, "22")];
    for (p, score, mm) in cases {
        assert_eq!(c.uscf().score(p), Some(halves(score)));
        assert_eq!(val(&c, UsCode::Solkoff, p), Some(v("33.5")));
        assert_eq!(val(&c, UsCode::ModifiedMedian, p), Some(v(mm)), "mm of {p}");
        assert_eq!(val(&c, UsCode::Median, p), Some(v("20")));
    }
    let (_, w) = worked(&c, UsCode::ModifiedMedian, 1, &[]);
    let dropped: Vec<(usize, &str)> = w
        .terms
        .iter()
        .filter_map(|t| Some((t.round?, t.dropped.as_deref()?)))
        .collect();
    assert_eq!(
        dropped,
        vec![
            (1, "lowest, even score"),
            (2, "lowest, even score"),
            (8, "highest, even score"),
            (9, "highest, even score")
        ]
    );
}

#[test]
fn spec_5_3_solkoff_example_1_erratum() {
    // The club pages print these two sums swapped; the definition wins.
    assert_eq!(solkoff_of(&list(&[2, 4, 6, 7, 8])), v("13.5"));
    assert_eq!(solkoff_of(&list(&[4, 5, 6, 6, 8])), v("14.5"));
    let t = event(
        5,
        &[
            vec![vs("+", 2), vs("+", 4), vs("+", 6), vs("+", 7), vs("-", 8)],
            vec![vs("+", 4), vs("+", 5), vs("+", 6), vs("+", 6), vs("-", 8)],
        ],
    );
    let c = ctx(&t);
    assert_eq!(val(&c, UsCode::Solkoff, 0), Some(v("13.5")), "Tom");
    assert_eq!(val(&c, UsCode::Solkoff, 1), Some(v("14.5")), "Jerry");
    let s = table(&c, "uscf-swiss");
    assert!(pos(&s, 1) < pos(&s, 0), "Jerry ranks ahead of Tom");
}

/// Spec 5.4 by hand: 1 May, 2 April, 3-6 their opponents, 7-8 fillers.
/// April's round-1 opponent (5) scored only a full-point bye.
fn may_and_april() -> Tournament {
    crosstable(
        Format::Swiss,
        &[
            "+W3 +B4 =W2",
            "+W5 +B6 =B1",
            "-B1 +W7 -B4",
            "+W7 -W1 +W3",
            "-B2 +BYE -B6",
            "+W8 -W2 +W5",
            "-B4 -B3 =W8",
            "-B6 -- =B7",
        ],
    )
}

#[test]
fn spec_5_4_solkoff_example_2_bye_counted_half() {
    let t = may_and_april();
    assert_eq!(t.check(), Ok(()));
    let c = ctx(&t);
    assert_eq!(c.uscf().score(0), Some(halves(5)));
    assert_eq!(c.uscf().score(1), Some(halves(5)));
    assert_eq!(c.uscf().score(4), Some(halves(2)));
    assert_eq!(c.uscf().adjusted(4), Some(halves(1)));
    assert_eq!(val(&c, UsCode::Solkoff, 0), Some(v("5.5")), "May");
    assert_eq!(val(&c, UsCode::Solkoff, 1), Some(v("5")), "April");
    let s = table(&c, "uscf-swiss");
    assert!(pos(&s, 0) < pos(&s, 1), "May ranks ahead of April");
    let (_, w) = worked(&c, UsCode::Solkoff, 1, &[]);
    assert_eq!(
        w.terms[0].text,
        "R1 vs Player 5: score 1 adjusted to ½ (pairing-allocated full-point bye in R2 counted ½)"
    );
}

#[test]
fn spec_5_5_cumulative_example_1() {
    let t = event(
        3,
        &[
            vec![vs_any("+"), vs_any("="), vs_any("+")],
            vec![vs_any("="), vs_any("+"), vs_any("+")],
        ],
    );
    let c = ctx(&t);
    assert_eq!(val(&c, UsCode::Cumulative, 0), Some(v("5")), "John");
    assert_eq!(val(&c, UsCode::Cumulative, 1), Some(v("4.5")), "James");
    let s = table(&c, "cumulative");
    assert!(pos(&s, 0) < pos(&s, 1), "John ahead");
}

#[test]
fn spec_5_6_cumulative_example_2() {
    let t = event(
        5,
        &[
            vec![
                own("+BYE"),
                vs_any("+"),
                vs_any("-"),
                vs_any("+"),
                vs_any("+"),
            ],
            vec![
                vs_any("+"),
                vs_any("+"),
                vs_any("-"),
                vs_any("+"),
                vs_any("+"),
            ],
        ],
    );
    let c = ctx(&t);
    assert_eq!(val(&c, UsCode::Cumulative, 0), Some(v("11")), "Sally");
    assert_eq!(val(&c, UsCode::Cumulative, 1), Some(v("12")), "Molly");
    let s = table(&c, "madison-swiss");
    assert!(pos(&s, 1) < pos(&s, 0), "Molly ahead");
    let (_, w) = worked(&c, UsCode::Cumulative, 0, &[]);
    let texts: Vec<&str> = w.terms.iter().map(|t| t.text.as_str()).collect();
    assert_eq!(
        texts,
        vec![
            "R1 pairing-allocated full-point bye: running score 1",
            "R2 beat Player 3: running score 2",
            "R3 lost to Player 5: running score 2",
            "R4 beat Player 7: running score 3",
            "R5 beat Player 9: running score 4",
            "R1 own pairing-allocated full-point bye: 1 not won over the board, taken off",
        ]
    );
    assert_eq!(w.terms[5].value, v("-1"));
}

#[test]
fn spec_5_6a_cumulative_more_cases() {
    let t = event(
        5,
        &[
            vec![
                vs_any("+"),
                vs_any("-"),
                vs_any("+"),
                vs_any("="),
                vs_any("-"),
            ],
            vec![
                vs_any("+"),
                vs_any("+"),
                vs_any("="),
                vs_any("-"),
                vs_any("-"),
            ],
            vec![
                own("+BYE"),
                vs_any("+"),
                vs_any("-"),
                vs_any("="),
                vs_any("+"),
            ],
            vec![
                vs_any("+"),
                own("=BYE"),
                vs_any("+"),
                vs_any("="),
                vs_any("="),
            ],
        ],
    );
    let c = ctx(&t);
    assert_eq!(val(&c, UsCode::Cumulative, 0), Some(v("9")));
    assert_eq!(val(&c, UsCode::Cumulative, 1), Some(v("10.5")));
    assert_eq!(val(&c, UsCode::Cumulative, 2), Some(v("10")));
    // FIDE PS for the same record is 11½: US Chess takes the ½ off.
    assert_eq!(val(&c, UsCode::Cumulative, 3), Some(v("11")));
}

#[test]
fn spec_5_7_opposition_cumulative() {
    // Each opponent's other rounds are chosen to give the cumulative of the
    // example (see the cells); both subjects go W W D L W.
    let t = event(
        5,
        &[
            vec![
                vs_cells("+", "+ - - +"), // 0 1 1 1 2 = 5
                vs_cells("+", "+ - - -"), // 1 1 1 1 1 = 5
                vs_cells("=", "= + + -"), // ½ 1½ 2 3 3 = 10
                vs_cells("-", "+ + = ="), // 1 2 2½ 3½ 4 = 13
                vs_cells("+", "+ - + +"), // 1 1 2 3 3 = 10
            ],
            vec![
                vs_cells("+", "+ - - +"), // 5
                vs_cells("+", "+ - + +"), // 1 1 1 2 3 = 8
                vs_cells("=", "= - - +"), // ½ ½ 1 1 2 = 5
                vs_cells("-", "+ + = ="), // 13
                vs_cells("+", "+ + - +"), // 1 2 2 3 3 = 11
            ],
        ],
    );
    let c = ctx(&t);
    let cums = |p: usize| -> Vec<Value> {
        t.players[p]
            .rounds
            .iter()
            .map(|r| c.uscf().cumulative(r.opponent.unwrap()).unwrap())
            .collect()
    };
    assert_eq!(cums(0), ["5", "5", "10", "13", "10"].map(v));
    assert_eq!(cums(1), ["5", "8", "5", "13", "11"].map(v));
    assert_eq!(c.uscf().score(0), Some(halves(7)));
    assert_eq!(c.uscf().score(1), Some(halves(7)));
    assert_eq!(val(&c, UsCode::OppCumulative, 0), Some(v("43")), "Max");
    assert_eq!(val(&c, UsCode::OppCumulative, 1), Some(v("42")), "Dwight");
    let s = table(&c, "opp-cumulative");
    assert!(pos(&s, 0) < pos(&s, 1), "Max ahead");
}

/// Spec 5.8: 1 Amos, 2 Billy, 3 Charles, 4 Devin.
fn amos_billy() -> Tournament {
    crosstable(
        Format::RoundRobin,
        &["-W2 +B3 +W4", "+B1 =W4 =W3", "+W4 -W1 =B2", "-B3 =B2 -B1"],
    )
}

#[test]
fn spec_5_8_sonneborn_berger_example_1() {
    let t = amos_billy();
    assert_eq!(t.check(), Ok(()));
    let c = ctx(&t);
    let scores: Vec<Points> = (0..4).map(|p| c.uscf().score(p).unwrap()).collect();
    assert_eq!(scores, list(&[4, 4, 3, 1]));
    assert_eq!(val(&c, UsCode::SonnebornBerger, 0), Some(v("2")), "Amos");
    assert_eq!(val(&c, UsCode::SonnebornBerger, 1), Some(v("3")), "Billy");
    let s = table(&c, "uscf-round-robin");
    assert_eq!(s.rows[0].player, 1, "Billy ahead");
    assert_eq!(s.rows[1].player, 0);
    let (_, w) = worked(&c, UsCode::SonnebornBerger, 1, &[]);
    assert_eq!(
        w.terms.iter().map(|t| t.text.as_str()).collect::<Vec<_>>(),
        vec![
            "R1 beat Player 1: final score 2; counts in full, 2",
            "R2 drew with Player 4: final score ½; half counts, ¼",
            "R3 drew with Player 3: final score 1½; half counts, ¾",
        ]
    );
}

#[test]
fn spec_5_9_sonneborn_berger_example_2() {
    // 1 Ian, 2 Jill, 3 Kelly, 4 Larry.
    let t = crosstable(
        Format::RoundRobin,
        &["=W2 =W3 -B4", "=B1 +W4 -B3", "-W4 =B1 +W2", "+B3 -B2 +W1"],
    );
    assert_eq!(t.check(), Ok(()));
    let c = ctx(&t);
    assert_eq!(val(&c, UsCode::SonnebornBerger, 1), Some(v("2.5")), "Jill");
    assert_eq!(val(&c, UsCode::SonnebornBerger, 2), Some(v("2")), "Kelly");
    let s = table(&c, "uscf-round-robin");
    let order: Vec<usize> = s.rows.iter().map(|r| r.player).collect();
    assert_eq!(order, vec![3, 1, 2, 0], "Larry, Jill second, Kelly, Ian");
}

#[test]
fn spec_5_10_head_to_head_example_1_draw_leaves_the_tie() {
    // 1 Evan, 2 Faith, 3 Gus, 4 Hillary.
    let t = crosstable(
        Format::RoundRobin,
        &["-W2 +W3 -B4", "+B1 =W4 +W3", "-W4 -B1 -B2", "+B3 =B2 +W1"],
    );
    assert_eq!(t.check(), Ok(()));
    let c = ctx(&t);
    assert_eq!(
        val(&c, UsCode::SonnebornBerger, 1),
        Some(v("2.25")),
        "Faith"
    );
    assert_eq!(
        val(&c, UsCode::SonnebornBerger, 3),
        Some(v("2.25")),
        "Hillary"
    );
    assert_eq!(
        value(&c, UsCode::HeadToHead, 1, &[1, 3], None),
        Some(v("0.5"))
    );
    assert_eq!(
        value(&c, UsCode::HeadToHead, 3, &[1, 3], None),
        Some(v("0.5"))
    );
    let s = table(&c, "uscf-round-robin");
    assert_eq!(place(&s, 1), "1-2");
    assert_eq!(place(&s, 3), "1-2");
    assert_eq!(
        (s.rows[0].player, s.rows[1].player),
        (1, 3),
        "pairing order"
    );
    assert_eq!(place(&s, 0), "3");
    assert_eq!(place(&s, 2), "4");
}

#[test]
fn spec_5_11_head_to_head_example_2() {
    // 1 Ann, 2 Roy, 3 Cleo, 4 Marissa: Roy and Marissa on 1½ with
    // Sonneborn-Berger 1¾ each; Marissa beat Roy in round 2.
    let t = crosstable(
        Format::RoundRobin,
        &["-W2 -W3 =W4", "+B1 -W4 =W3", "+W4 +B1 =B2", "-B3 +B2 =B1"],
    );
    assert_eq!(t.check(), Ok(()));
    let c = ctx(&t);
    assert_eq!(c.uscf().score(1), c.uscf().score(3));
    assert_eq!(val(&c, UsCode::SonnebornBerger, 1), Some(v("1.75")));
    assert_eq!(val(&c, UsCode::SonnebornBerger, 3), Some(v("1.75")));
    let s = table(&c, "uscf-round-robin");
    let order: Vec<usize> = s.rows.iter().map(|r| r.player).collect();
    assert_eq!(order, vec![2, 3, 1, 0], "Marissa ahead of Roy");
    assert_eq!(place(&s, 3), "2");
    assert_eq!(s.rows[1].values, vec![Some(v("1.75")), Some(v("1"))]);
    assert_eq!(s.rows[2].values, vec![Some(v("1.75")), Some(v("0"))]);
    // Without head-to-head the two share second place, Roy listed first.
    let s = table(&c, "sb");
    assert_eq!(place(&s, 1), "2-3");
    assert_eq!(s.rows[1].player, 1);
}

#[test]
fn spec_5_12_adjusted_score_of_a_withdrawn_opponent() {
    // Player 1 won rounds 1-2, lost round 3, then withdrew.
    let mut t = crosstable(
        Format::Swiss,
        &[
            "+W2 +B3 -W4 -- --",
            "-B1 +W4 -B3 +W3 +B4",
            "+W4 -W1 +W2 -B2 --",
            "-B3 -B2 +B1 -- -W2",
        ],
    );
    assert_eq!(t.check(), Ok(()));
    t.players[0].withdrawn_after = Some(3);
    let c = ctx(&t);
    assert_eq!(c.uscf().score(0), Some(halves(4)));
    assert_eq!(c.uscf().adjusted(0), Some(halves(6)));
    let (solkoff, w) = worked(&c, UsCode::Solkoff, 1, &[]);
    assert_eq!(
        w.terms[0].text,
        "R1 vs Player 1: score 2 adjusted to 3 (absent in R4, absent in R5 counted ½ each)"
    );
    assert_eq!(w.terms[0].value, v("3"));
    assert_eq!(solkoff, Some(w.terms.iter().map(|t| t.value).sum()));
    let (_, w) = worked(&c, UsCode::ModifiedMedian, 0, &[]);
    assert_eq!(
        w.terms[3].text,
        "R4 own absent (withdrew after R3): counts 0"
    );
}

// ---------------------------------------------------------------------------
// Research §8.6: US Chess values derived on the TEC Swiss.

/// No, Pts, USCF adj., MM, Solkoff, Median, Cumulative, Opp. Cumulative,
/// Kashdan, Most blacks.
const TEC_USCF: &str = "
1 3.5 3.5 11 12.5 7 11 39 14 2
2 4 4 12 13 8.5 13 42.5 16 3
3 3.5 3.5 12.5 14.5 8.5 11 42 14 2
4 3.5 3.5 10.5 10.5 7 11 34 12 2
5 2.5 2.5 5 8 5 5 28.5 12 2
6 3 2.5 10 10 6.5 5 29.5 10 2
7 1.5 1.5 10 14 8 6 40 9 3
8 2.5 2.5 9 14 9 8.5 39.5 12 2
9 1.5 1.5 1 4.5 1 1 15 2 1
10 1 1 8.5 12.5 7 4 31 8 3
11 2.5 2 7.5 11 7.5 4.5 32.5 8 2
12 2 2 0 3.5 0 5 11 1 0
13 1.5 1.5 11.5 15 9 7 41.5 9 3
14 2 3 4 6.5 4 6 20.5 9 2
15 2 2 8.5 12 7.5 7 36.5 11 3
16 3.5 3.5 10.5 12 6.5 10.5 39 15 2
";

#[test]
fn research_8_6_tec_swiss_us_chess_values() {
    let t = tec();
    let c = ctx(&t);
    let codes = [
        UsCode::ModifiedMedian,
        UsCode::Solkoff,
        UsCode::Median,
        UsCode::Cumulative,
        UsCode::OppCumulative,
        UsCode::Kashdan,
        UsCode::Blacks,
    ];
    let mut rows = 0;
    for line in TEC_USCF.lines().filter(|l| !l.trim().is_empty()) {
        let cells: Vec<&str> = line.split_whitespace().collect();
        let p: usize = cells[0].parse::<usize>().unwrap() - 1;
        assert_eq!(
            c.uscf().score(p).map(Points::value),
            Some(v(cells[1])),
            "#{} points",
            p + 1
        );
        assert_eq!(
            c.uscf().adjusted(p).map(Points::value),
            Some(v(cells[2])),
            "#{} adj",
            p + 1
        );
        for (code, cell) in codes.iter().zip(&cells[3..]) {
            assert_eq!(val(&c, *code, p), Some(v(cell)), "#{} {code:?}", p + 1);
        }
        rows += 1;
    }
    assert_eq!(rows, 16);
}

#[test]
fn research_8_6_useful_cases_in_words() {
    let t = tec();
    let c = ctx(&t);
    // #4: the half-point bye is the value dropped, so MM = Solkoff.
    let (mm, w) = worked(&c, UsCode::ModifiedMedian, 3, &[]);
    assert_eq!(mm, Some(v("10.5")));
    assert_eq!(w.terms[1].text, "R2 own half-point bye: counts 0");
    assert_eq!(w.terms[1].dropped.as_deref(), Some("lowest, plus score"));
    assert_eq!(
        w.terms[0].text,
        "R1 vs Player 12: score 2, unchanged when adjusted (pairing-allocated full-point \
         bye in R2, forfeit win in R3, absent in R4, absent in R5 counted ½ each)"
    );
    assert_eq!(
        w.notes.last().unwrap(),
        "Score 3½ of 5 is a plus score (more than half the rounds), so the lowest value is dropped (US Chess 34E1)."
    );
    // #3 met #6, whose pairing-allocated bye counts ½.
    let (_, w) = worked(&c, UsCode::Solkoff, 2, &[]);
    assert_eq!(
        w.terms[1].text,
        "R2 vs Player 6: score 3 adjusted to 2½ (pairing-allocated full-point bye in R3 counted ½)"
    );
    // #12 (withdrew, minus score): list [0, 0, 0, 0, 3½], the only real
    // opponent is dropped.
    let (mm, w) = worked(&c, UsCode::ModifiedMedian, 11, &[]);
    assert_eq!(mm, Some(Value::ZERO));
    assert_eq!(w.terms[0].dropped.as_deref(), Some("highest, minus score"));
    assert_eq!(
        w.terms[3].text,
        "R4 own absent (withdrew after R3): counts 0"
    );
    // #11 (even, 2½ of 5): drop high and low from [0, 1½, 2½, 3½, 3½].
    let (mm, w) = worked(&c, UsCode::ModifiedMedian, 10, &[]);
    assert_eq!(mm, Some(v("7.5")));
    assert_eq!(
        w.terms[3].text,
        "R4 own forfeit win against Player 9: counts 0"
    );
    assert_eq!(w.terms[3].dropped.as_deref(), Some("lowest, even score"));
    // #4's cumulative takes the half-point bye's ½ off (FIDE PS would not).
    let (cum, w) = worked(&c, UsCode::Cumulative, 3, &[]);
    assert_eq!(cum, Some(v("11")));
    assert_eq!(
        w.terms.last().unwrap().text,
        "R2 own half-point bye: ½ not won over the board, taken off"
    );
}

#[test]
fn research_8_6_tec_over_the_board_counts_match_the_fide_columns() {
    // Derived: US Chess aro, wins and blacks count over-the-board games
    // only, as FIDE ARO, WON and BPG do (research §8.3 columns).
    let t = tec();
    let c = ctx(&t);
    let aro = [
        1820, 1880, 1940, 1888, 1690, 1813, 1760, 1730, 1975, 1880, 1863, 2050, 1930, 1800, 1860,
        1820,
    ];
    let won = [2, 3, 2, 2, 2, 2, 1, 2, 0, 1, 1, 0, 1, 2, 2, 3];
    let bpg = [2, 3, 2, 2, 2, 2, 3, 2, 1, 3, 2, 0, 3, 2, 3, 2];
    for p in 0..16 {
        assert_eq!(
            val(&c, UsCode::Aro, p),
            Some(Value::int(aro[p])),
            "#{} aro",
            p + 1
        );
        assert_eq!(
            val(&c, UsCode::Wins, p),
            Some(Value::int(won[p])),
            "#{} wins",
            p + 1
        );
        assert_eq!(
            val(&c, UsCode::Blacks, p),
            Some(Value::int(bpg[p])),
            "#{} blacks",
            p + 1
        );
    }
}

#[test]
fn every_sum_type_working_adds_up_to_its_value() {
    let t = tec();
    let c = ctx(&t);
    let sums = [
        UsCode::ModifiedMedian,
        UsCode::Median,
        UsCode::Solkoff,
        UsCode::Cumulative,
        UsCode::OppCumulative,
        UsCode::Blacks,
        UsCode::Kashdan,
        UsCode::SonnebornBerger,
        UsCode::Wins,
    ];
    for p in 0..16 {
        for code in sums {
            let (x, w) = worked(&c, code, p, &[]);
            let kept: Value = w
                .terms
                .iter()
                .filter(|t| t.dropped.is_none())
                .map(|t| t.value)
                .sum();
            assert_eq!(x, Some(kept), "#{} {code:?}", p + 1);
            assert_eq!(
                x,
                val(&c, code, p),
                "#{} {code:?} with and without working",
                p + 1
            );
            assert!(!w.notes.is_empty());
        }
    }
}

// ---------------------------------------------------------------------------
// Research §8.4: the reconstructed TEC round robin.

/// R4 5-6 is a forfeit: 5 absent.
fn tec_round_robin() -> Tournament {
    crosstable(
        Format::RoundRobin,
        &[
            "=W5 +W2 +W3 -W4 +W6",
            "+W6 -B1 +W5 =W3 +W4",
            "+W4 +W6 -B1 =B2 +W5",
            "-B3 -W5 =W6 +B1 -B2",
            "=B1 +B4 -B2 -F6 -B3",
            "-B2 -B3 =B4 +F5 -B1",
        ],
    )
}

#[test]
fn research_8_4_round_robin_uscf_sb() {
    let t = tec_round_robin();
    assert_eq!(t.check(), Ok(()));
    let c = ctx(&t);
    let pts = [7, 7, 7, 3, 3, 3];
    let sb = ["9.25", "6.25", "6.25", "4.25", "3.25", "0.75"];
    for p in 0..6 {
        assert_eq!(c.uscf().score(p), Some(halves(pts[p])));
        assert_eq!(
            val(&c, UsCode::SonnebornBerger, p),
            Some(v(sb[p])),
            "#{}",
            p + 1
        );
    }
    // #6's forfeit win over #5 adds nothing.
    let (_, w) = worked(&c, UsCode::SonnebornBerger, 5, &[]);
    assert_eq!(
        w.terms[3].text,
        "R4 own forfeit win against Player 5: not played, counts 0"
    );
}

#[test]
fn research_8_4_tied_results_contrast() {
    let t = tec_round_robin();
    let c = ctx(&t);
    let group = [3, 4, 5];
    let tr = |p| value(&c, UsCode::TiedResults, p, &group, None);
    assert_eq!(tr(4), Some(v("1")), "#5 beat #4");
    assert_eq!(
        tr(5),
        Some(v("0")),
        "#6 drew #4; the forfeit over #5 does not count"
    );
    assert_eq!(tr(3), Some(v("-1")));
    let s = table(&c, "tied-results");
    let order: Vec<usize> = s.rows.iter().map(|r| r.player).collect();
    assert_eq!(order, vec![0, 1, 2, 4, 5, 3], "4-6: 5, 6, 4");
    // 2 and 3 (−1 each among 1-3) drew: recomputed between them, still tied.
    assert_eq!(place(&s, 0), "1");
    assert_eq!(place(&s, 1), "2-3");
    assert_eq!(place(&s, 2), "2-3");
    assert_eq!(
        s.rows[1].values,
        vec![Some(v("0"))],
        "recomputed in {{2, 3}}"
    );
    let (_, w) = worked(&c, UsCode::TiedResults, 5, &group);
    assert_eq!(
        w.terms[1].dropped.as_deref(),
        Some("forfeit: not a game played over the board")
    );
}

// ---------------------------------------------------------------------------
// Individual systems and edge cases.

#[test]
fn spec_1_10_kashdan_fewer_draws_wins() {
    let t = event(
        5,
        &[
            vec![
                vs_any("+"),
                vs_any("+"),
                vs_any("+"),
                vs_any("+"),
                vs_any("-"),
            ],
            vec![
                vs_any("+"),
                vs_any("+"),
                vs_any("="),
                vs_any("+"),
                vs_any("="),
            ],
            vec![
                own("+BYE"),
                vs_any("+"),
                vs_any("="),
                vs_any("-F"),
                vs_any("+F"),
            ],
        ],
    );
    let c = ctx(&t);
    assert_eq!(val(&c, UsCode::Kashdan, 0), Some(v("17")));
    assert_eq!(val(&c, UsCode::Kashdan, 1), Some(v("16")));
    // Unplayed rounds score 0: the bye and both forfeits.
    assert_eq!(val(&c, UsCode::Kashdan, 2), Some(v("6")));
}

#[test]
fn byes_of_each_kind_are_own_unplayed_rounds() {
    // Each subject: a bye in round 1, then a win and a loss.
    let kinds = ["+BYE", "FBYE", "=BYE", "-BYE", "--"];
    let subjects: Vec<Vec<Slot>> = kinds
        .iter()
        .map(|k| vec![own(k), vs("+", 4), vs("-", 4)])
        .collect();
    let t = event(3, &subjects);
    let c = ctx(&t);
    let deducted = ["1", "1", "0.5", "0", "0"];
    let cumulative = ["4", "4", "3", "2", "2"];
    let texts = [
        "R1 own pairing-allocated full-point bye: counts 0",
        "R1 own full-point bye: counts 0",
        "R1 own half-point bye: counts 0",
        "R1 own zero-point bye: counts 0",
        "R1 own absent (not paired): counts 0",
    ];
    for p in 0..kinds.len() {
        // Entry 0, both opponents on 2.
        assert_eq!(val(&c, UsCode::Solkoff, p), Some(v("4")), "{}", kinds[p]);
        let (_, w) = worked(&c, UsCode::Solkoff, p, &[]);
        assert_eq!(w.terms[0].text, texts[p]);
        // Running score: bye, bye+1, bye+1; less the bye's points.
        let (cum, w) = worked(&c, UsCode::Cumulative, p, &[]);
        assert_eq!(cum, Some(v(cumulative[p])), "{}", kinds[p]);
        let taken: Value = w.terms.iter().skip(3).map(|t| t.value).sum();
        assert_eq!(taken, Value::ZERO - v(deducted[p]), "{}", kinds[p]);
        assert_eq!(val(&c, UsCode::Kashdan, p), Some(v("5")));
        assert_eq!(val(&c, UsCode::Wins, p), Some(v("1")));
        assert_eq!(
            val(&c, UsCode::OppCumulative, p),
            val(&c, UsCode::OppCumulative, 0)
        );
    }
    // Scores 2, 2, 1½, 1, 1 of 3: plus, plus, even, minus, minus.
    let mm: Vec<Option<Value>> = (0..5).map(|p| val(&c, UsCode::ModifiedMedian, p)).collect();
    assert_eq!(mm, ["4", "4", "2", "2", "2"].map(|x| Some(v(x))));
}

#[test]
fn forfeits_both_ways_are_unplayed_for_the_player_and_half_for_opponents() {
    // 1 wins by forfeit against 2, 3 loses by forfeit to 4; in round 2
    // 1 beats 3 and 2 draws 4 over the board.
    let t = crosstable(Format::Swiss, &["+F2 +W3", "-F1 =B4", "-F4 -B1", "+F3 =W2"]);
    assert_eq!(t.check(), Ok(()));
    let c = ctx(&t);
    let f = c.uscf();
    // Every forfeit counts ½ for opponents whatever it scored.
    assert_eq!(f.adjusted(0), Some(halves(3)));
    assert_eq!(f.adjusted(1), Some(halves(2)));
    assert_eq!(f.adjusted(2), Some(halves(1)));
    assert_eq!(f.adjusted(3), Some(halves(2)));
    // Own forfeits are 0 entries: 1's list is [0, 3's ½].
    assert_eq!(val(&c, UsCode::Solkoff, 0), Some(v("0.5")));
    assert_eq!(val(&c, UsCode::Solkoff, 2), Some(v("1.5")));
    // No Sonneborn-Berger, win or Kashdan points for a forfeit win.
    assert_eq!(val(&c, UsCode::SonnebornBerger, 0), Some(v("0")));
    assert_eq!(val(&c, UsCode::Wins, 0), Some(v("1")));
    assert_eq!(val(&c, UsCode::Kashdan, 0), Some(v("4")));
    // Cumulative: 1 + 2 less the forfeit win's 1; the loser takes nothing off.
    assert_eq!(val(&c, UsCode::Cumulative, 0), Some(v("2")));
    assert_eq!(val(&c, UsCode::Cumulative, 2), Some(v("0")));
    // Opposition cumulative skips forfeit opponents.
    assert_eq!(val(&c, UsCode::OppCumulative, 0), f.cumulative(2));
    // A forfeit between tied players does not count.
    assert_eq!(
        value(&c, UsCode::TiedResults, 0, &[0, 1], None),
        Some(v("0"))
    );
    assert_eq!(
        value(&c, UsCode::HeadToHead, 0, &[0, 1], None),
        Some(v("0"))
    );
    // Forfeit opponents have no rating to average.
    let (aro, w) = worked(&c, UsCode::Aro, 0, &[]);
    assert_eq!(aro, None);
    assert!(w.notes[0].starts_with("No rated opponent met over the board"));
}

#[test]
fn double_forfeits_score_nothing_and_count_half_for_opponents() {
    let t = crosstable(Format::Swiss, &["0F2 +W3", "0F1 +B4", "+W4 -B1", "-B3 -W2"]);
    assert_eq!(t.check(), Ok(()));
    let c = ctx(&t);
    assert_eq!(c.uscf().score(0), Some(halves(2)));
    assert_eq!(c.uscf().adjusted(0), Some(halves(3)));
    // 1's list: [0 (own double forfeit), 3's 1]; 1 on 1 of 2 is even: both
    // ends go and nothing is left.
    assert_eq!(val(&c, UsCode::Solkoff, 0), Some(v("1")));
    assert_eq!(val(&c, UsCode::ModifiedMedian, 0), Some(v("0")));
    // 3 met 4 (0) and 1 over the board: 1's adjusted score is 1½.
    assert_eq!(val(&c, UsCode::Solkoff, 2), Some(v("1.5")));
    // Nothing to take off a double forfeit.
    assert_eq!(val(&c, UsCode::Cumulative, 0), Some(v("1")));
    assert_eq!(val(&c, UsCode::Kashdan, 0), Some(v("4")));
    let (_, w) = worked(&c, UsCode::Solkoff, 0, &[]);
    assert_eq!(
        w.terms[0].text,
        "R1 own double forfeit against Player 2: counts 0"
    );
}

#[test]
fn late_entry_rounds_are_unplayed_rounds() {
    // Player 1 joins in round 3 and wins twice.
    let t = event(4, &[vec![own("--"), own("--"), vs("+", 4), vs("+", 4)]]);
    let c = ctx(&t);
    assert_eq!(c.uscf().adjusted(0), Some(halves(6)), "2 + ½ + ½");
    assert_eq!(val(&c, UsCode::Solkoff, 0), Some(v("4")));
    // 2 of 4 is even: drop one 0 and one 2.
    assert_eq!(val(&c, UsCode::ModifiedMedian, 0), Some(v("2")));
    assert_eq!(val(&c, UsCode::Cumulative, 0), Some(v("3")), "0 0 1 2");
    let opp = t.players[0].rounds[2].opponent.unwrap();
    let (_, w) = worked(&c, UsCode::Solkoff, opp, &[]);
    let r3 = w.terms.iter().find(|t| t.round == Some(3)).unwrap();
    assert_eq!(
        r3.text,
        "R3 vs Player 1: score 2 adjusted to 3 (absent in R1, absent in R2 counted ½ each)"
    );
}

#[test]
fn a_player_with_only_unplayed_rounds() {
    let t = event(
        3,
        &[
            vec![own("+BYE"), own("=BYE"), vs_any("+F")],
            vec![vs("+", 2), vs("-", 4), vs("=", 3)],
        ],
    );
    let c = ctx(&t);
    assert_eq!(c.uscf().score(0), Some(halves(5)));
    assert_eq!(c.uscf().played_points(0), Some(Points::ZERO));
    assert_eq!(c.uscf().adjusted(0), Some(halves(3)));
    for code in [UsCode::ModifiedMedian, UsCode::Median, UsCode::Solkoff] {
        assert_eq!(val(&c, code, 0), Some(Value::ZERO), "{code:?}");
    }
    // 1 + 1½ + 2½ less 2½ not won over the board.
    assert_eq!(val(&c, UsCode::Cumulative, 0), Some(v("2.5")));
    assert_eq!(val(&c, UsCode::OppCumulative, 0), Some(Value::ZERO));
    assert_eq!(val(&c, UsCode::SonnebornBerger, 0), Some(Value::ZERO));
    assert_eq!(val(&c, UsCode::Aro, 0), None);
    assert_eq!(val(&c, UsCode::Blacks, 0), Some(Value::ZERO));
}

#[test]
fn modified_median_plus_even_and_minus_scores() {
    // Five rounds, opponents on 1, 2, 3, 4 and 5 points (adjusted).
    let t = event(
        5,
        &[
            vec![vs("+", 2), vs("+", 4), vs("+", 6), vs("=", 8), vs("-", 10)], // 3½ plus
            vec![vs("+", 2), vs("+", 4), vs("=", 6), vs("-", 8), vs("-", 10)], // 2½ even
            vec![vs("+", 2), vs("=", 4), vs("-", 6), vs("-", 8), vs("-", 10)], // 1½ minus
        ],
    );
    let c = ctx(&t);
    assert_eq!(val(&c, UsCode::Solkoff, 0), Some(v("15")));
    assert_eq!(val(&c, UsCode::ModifiedMedian, 0), Some(v("14")));
    assert_eq!(val(&c, UsCode::ModifiedMedian, 1), Some(v("9")));
    assert_eq!(val(&c, UsCode::ModifiedMedian, 2), Some(v("10")));
    for p in 0..3 {
        assert_eq!(val(&c, UsCode::Median, p), Some(v("9")));
    }
    // Helpers agree: the even-score boundary is exactly R/2.
    let l = list(&[2, 4, 6, 8, 10]);
    assert_eq!(modified_median_of(&l, halves(6)), v("14"));
    assert_eq!(modified_median_of(&l, halves(5)), v("9"));
    assert_eq!(modified_median_of(&l, halves(4)), v("10"));
}

#[test]
fn nine_rounds_drop_two_and_standings_after_round_8_drop_one() {
    // Opponents on 1, 2, .. 8 and 8 points.
    let opps = [2, 4, 6, 8, 10, 12, 14, 16, 16];
    let slots: Vec<Slot> = opps.iter().map(|&s| vs("+", s)).collect();
    let t = event(9, &[slots]);
    let c = ctx(&t);
    assert_eq!(val(&c, UsCode::Solkoff, 0), Some(v("44")));
    // 9/9, plus: drop the two lowest (1, 2).
    assert_eq!(val(&c, UsCode::ModifiedMedian, 0), Some(v("41")));
    assert_eq!(
        val(&c, UsCode::Median, 0),
        Some(v("25")),
        "44 - 1 - 2 - 8 - 8"
    );
    // After round 8, as an 8-round event (decision 1): scores as they were
    // then, and one value dropped.
    let t8 = t.after_round(8);
    let c8 = ctx(&t8);
    assert_eq!(c8.uscf().rounds(), 8);
    let list8: Vec<Points> = t8.players[0]
        .rounds
        .iter()
        .map(|r| c8.uscf().adjusted(r.opponent.unwrap()).unwrap())
        .collect();
    let expect = modified_median_of(&list8, c8.uscf().score(0).unwrap());
    assert_eq!(val(&c8, UsCode::ModifiedMedian, 0), Some(expect));
    let total: Value = list8.iter().map(|p| p.value()).sum();
    let low = list8.iter().min().unwrap().value();
    assert_eq!(expect, total - low);
}

#[test]
fn standings_after_round_3_of_the_tec_swiss() {
    let t = tec().after_round(3);
    let c = ctx(&t);
    // #4: +B12 =BYE +W13. #12 after round 3 (-W4 +BYE +F14) is adjusted
    // to 1; #13 (+B5 =W1 -B4) has 1½. 2½ of 3 is a plus score.
    assert_eq!(c.uscf().adjusted(11), Some(halves(2)));
    assert_eq!(val(&c, UsCode::ModifiedMedian, 3), Some(v("2.5")));
    assert_eq!(val(&c, UsCode::Solkoff, 3), Some(v("2.5")));
    assert_eq!(val(&c, UsCode::Median, 3), Some(v("1")));
    assert_eq!(val(&c, UsCode::Cumulative, 3), Some(v("4.5")));
    // #12 had not yet withdrawn.
    assert_eq!(t.players[11].withdrawn_after, None);
}

#[test]
fn early_rounds_drop_everything_they_can() {
    // After one round the even score ½ of 1 drops both ends of a list of 1.
    let t = crosstable(Format::Swiss, &["=W2", "=B1"]);
    let c = ctx(&t);
    let (mm, w) = worked(&c, UsCode::ModifiedMedian, 0, &[]);
    assert_eq!(mm, Some(Value::ZERO));
    assert_eq!(
        w.terms[0].dropped.as_deref(),
        Some("too few rounds: every value is dropped")
    );
    assert_eq!(val(&c, UsCode::Median, 0), Some(Value::ZERO));
    assert_eq!(val(&c, UsCode::Solkoff, 0), Some(v("0.5")));
    assert_eq!(modified_median_of(&[], Points::ZERO), Value::ZERO);
}

#[test]
fn tied_results_ranks_by_plus_minus_not_percentage() {
    // X (1) beats 3 tied players and loses to Y: 3-1, +2. Y is 1-0, +1.
    let t = event(
        4,
        &[vec![
            vs_cells("+", "+ + +"),
            vs_cells("+", "+ + +"),
            vs_cells("+", "+ + +"),
            vs_cells("-", "+ + -"),
        ]],
    );
    let c = ctx(&t);
    let y = t.players[0].rounds[3].opponent.unwrap();
    let tied: Vec<usize> = (0..t.players.len())
        .filter(|&p| c.uscf().score(p) == Some(halves(6)))
        .collect();
    assert_eq!(tied.len(), 5);
    assert_eq!(value(&c, UsCode::TiedResults, 0, &tied, None), Some(v("2")));
    assert_eq!(value(&c, UsCode::TiedResults, y, &tied, None), Some(v("1")));
    // Three or more tied: head-to-head is the same plus/minus.
    assert_eq!(value(&c, UsCode::HeadToHead, 0, &tied, None), Some(v("2")));
    let s = table(&c, "tied-results");
    assert_eq!(s.rows[0].player, 0);
    assert_eq!(s.rows[1].player, y);
    assert_eq!(
        s.rows[2].place, "3-5",
        "the other three never met each other"
    );
    let (_, w) = worked(&c, UsCode::TiedResults, 0, &tied);
    assert_eq!(
        w.terms[3].text,
        format!("R4 lost to Player {} (tied): −1", y + 1)
    );
    // Unsorted groups work too.
    let mut shuffled = tied.clone();
    shuffled.reverse();
    assert_eq!(
        value(&c, UsCode::TiedResults, 0, &shuffled, None),
        Some(v("2"))
    );
}

#[test]
fn head_to_head_sums_a_double_round_robin() {
    // Two players, four rounds: 1 wins, draws, draws, loses... 2½ to 1½.
    let t = crosstable(Format::RoundRobin, &["+W2 =B2 =W2 -B2", "-B1 =W1 =B1 +W1"]);
    let c = ctx(&t);
    assert_eq!(
        value(&c, UsCode::HeadToHead, 0, &[0, 1], None),
        Some(v("2"))
    );
    assert_eq!(
        value(&c, UsCode::HeadToHead, 1, &[0, 1], None),
        Some(v("2"))
    );
    assert_eq!(value(&c, UsCode::HeadToHead, 0, &[0], None), Some(v("0")));
    let t = crosstable(Format::RoundRobin, &["+W2 =B2 +W2 -B2", "-B1 =W1 -B1 +W1"]);
    let c = ctx(&t);
    let (x, w) = worked(&c, UsCode::HeadToHead, 0, &[0, 1]);
    assert_eq!(x, Some(v("2.5")));
    assert_eq!(w.terms.len(), 4);
    assert_eq!(w.terms[0].text, "R1 beat Player 2: 1");
}

#[test]
fn sonneborn_berger_on_adjusted_scores_is_an_option() {
    // 1 beats 2, whose other point is a full-point bye.
    let t = crosstable(Format::Swiss, &["+W2 +B3", "-B1 +BYE", "+BYE -W1"]);
    let final_scores = Context::new(&t, Options::default());
    assert_eq!(val(&final_scores, UsCode::SonnebornBerger, 0), Some(v("2")));
    let adjusted = Context::new(
        &t,
        Options {
            uscf_sb_adjusted: true,
            ..Options::default()
        },
    );
    assert_eq!(val(&adjusted, UsCode::SonnebornBerger, 0), Some(v("1")));
    let (_, w) = worked(&adjusted, UsCode::SonnebornBerger, 0, &[]);
    assert_eq!(
        w.terms[0].text,
        "R1 beat Player 2: score 1 adjusted to ½ (pairing-allocated full-point bye in R2 \
         counted ½); counts in full, ½"
    );
}

#[test]
fn average_rating_of_opponents_rounds_half_up_and_skips_the_unrated() {
    let mut t = crosstable(
        Format::Swiss,
        &["+W2 =B3 -W4", "-B1 +W4 =B3", "+W4 =W1 =W2", "-B3 -B2 +B1"],
    );
    assert_eq!(t.check(), Ok(()));
    t.players[1].rating = Some(1501);
    t.players[2].rating = Some(1500);
    t.players[3].rating = None;
    let c = ctx(&t);
    // (1501 + 1500) / 2 = 1500.5 → 1501.
    let (aro, w) = worked(&c, UsCode::Aro, 0, &[]);
    assert_eq!(aro, Some(v("1501")));
    assert_eq!(
        w.terms[2].dropped.as_deref(),
        Some("unrated, left out of the average")
    );
    // Player 4 met 3 (1500), 2 (1501) and 1 (unrated): 1500.5 → 1501.
    assert_eq!(val(&c, UsCode::Aro, 3), Some(v("1501")));
    t.players[1].rating = None;
    t.players[2].rating = None;
    let c = ctx(&t);
    assert_eq!(val(&c, UsCode::Aro, 0), None, "no rated opponent: no value");
}

#[test]
fn coin_is_reproducible_from_its_seed() {
    let t = tec();
    let none = ctx(&t);
    assert_eq!(val(&none, UsCode::Coin, 0), None, "no seed: not allowed");
    let seeded = |seed| {
        Context::new(
            &t,
            Options {
                coin_seed: Some(seed),
                ..Options::default()
            },
        )
    };
    let a = seeded(7);
    let b = seeded(7);
    let other = seeded(8);
    let draws = |c: &Context| (0..16).map(|p| val(c, UsCode::Coin, p)).collect::<Vec<_>>();
    assert_eq!(draws(&a), draws(&b));
    assert_ne!(draws(&a), draws(&other));
    let mut distinct = draws(&a);
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 16);
    // The draw belongs to the pairing number, not to the list position.
    let mut moved = t.clone();
    moved.players.swap(0, 1);
    let m = Context::new(
        &moved,
        Options {
            coin_seed: Some(7),
            ..Options::default()
        },
    );
    assert_eq!(val(&m, UsCode::Coin, 1), val(&a, UsCode::Coin, 0));
    let (_, w) = worked(&a, UsCode::Coin, 0, &[]);
    assert!(w.notes[0].starts_with("Coin flip with seed 7 for pairing number 1: draw "));
}

#[test]
fn blacks_counts_games_played_with_black_only() {
    let t = crosstable(Format::Swiss, &["-B2 +F3 =BYE", "+W1 -- =B3", "-- -F1 =W2"]);
    assert_eq!(t.check(), Ok(()));
    let c = ctx(&t);
    assert_eq!(val(&c, UsCode::Blacks, 0), Some(v("1")));
    assert_eq!(val(&c, UsCode::Blacks, 1), Some(v("1")));
    assert_eq!(val(&c, UsCode::Blacks, 2), Some(v("0")));
    let (_, w) = worked(&c, UsCode::Blacks, 0, &[]);
    assert_eq!(w.terms[0].text, "R1 lost to Player 2 with Black: 1");
    assert_eq!(
        w.terms[1].text,
        "R2 own forfeit win against Player 3: not played, counts 0"
    );
}

#[test]
fn malformed_records_never_panic() {
    let mut t = crosstable(
        Format::Swiss,
        &["+W2 =BYE +W3", "-B1 -- -B3", "-B1 =W2 +W2"],
    );
    // Opponent that does not exist, a player paired with themself, a short
    // record, a game recorded only on one side, and more rounds than anyone
    // recorded.
    t.players[0].rounds[0].opponent = Some(99);
    t.players[1].rounds[1] = Round {
        outcome: Outcome::Win,
        opponent: Some(1),
        colour: Some(Colour::Black),
    };
    t.players[2].rounds.truncate(1);
    t.players.push(PlayerRecord {
        pairing_no: 4,
        name: String::new(),
        rating: Some(1000),
        rounds: vec![],
        withdrawn_after: Some(0),
    });
    t.rounds = 5;
    let c = Context::new(
        &t,
        Options {
            coin_seed: Some(1),
            ..Options::default()
        },
    );
    for p in 0..6 {
        for code in ALL {
            let _ = value(&c, code, p, &[0, 1, 2, 3, 77], None);
            let mut w = Working::default();
            let x = value(&c, code, p, &[3, 2, 1, 0, 77], Some(&mut w));
            if p >= 4 {
                assert_eq!(x, None);
            }
        }
    }
    // The opponent that does not exist is an entry of 0; player 3's short
    // record reads as absent from round 2 (½ each for opponents).
    assert_eq!(val(&c, UsCode::Solkoff, 0), Some(v("2")));
    let (_, w) = worked(&c, UsCode::Solkoff, 0, &[]);
    assert_eq!(
        w.terms[0].text,
        "R1 game with no opponent on record: counts 0"
    );
    let (_, w) = worked(&c, UsCode::Cumulative, 3, &[]);
    assert_eq!(
        w.terms[0].text,
        "R1 absent (withdrew after R0): running score 0"
    );
    let all = Order::parse("mm, median, solkoff, cumulative, opp-cumulative, tied-results, h2h, blacks, kashdan, sb, wins, aro, coin").unwrap();
    let s = standings(&c, &all);
    assert_eq!(s.rows.len(), 4);
    for p in 0..5 {
        let e = explain(&c, &all, p);
        assert_eq!(e.len(), 13);
    }
    let empty = Tournament {
        format: Format::Swiss,
        rounds: 3,
        players: vec![],
    };
    let c = ctx(&empty);
    assert!(standings(&c, &all).rows.is_empty());
    assert_eq!(val(&c, UsCode::ModifiedMedian, 0), None);
}

#[test]
fn us_chess_codes_dispatch_through_the_context() {
    let t = tec();
    let c = ctx(&t);
    for code in ALL {
        assert_eq!(
            c.value(Tiebreak::Us(code), 1, &[1], None),
            value(&c, code, 1, &[1], None)
        );
    }
}
