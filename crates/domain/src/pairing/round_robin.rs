//! Round robins paired from fixed tables: the FIDE Berger tables (C.05
//! Annex 1) and the US Chess Crenshaw tables, single or double.
//!
//! **Berger** (C.05 Annex 1), for an even number of seats n (an odd field
//! gets a bye seat, number n = players + 1): in round r let
//! k = ((r − 1)·n/2 mod (n − 1)) + 1. Seat n meets k, with Black in odd
//! rounds and White in even rounds. Any other seats a and b meet when
//! a + b ≡ 2k (mod n − 1); when a + b is odd the lower number has White,
//! otherwise the higher. Boards are listed as the FIDE tables print them:
//! seat n's game first, then k + i against k − i for i = 1, 2, ...
//! (numbers taken mod n − 1 into 1..n − 1), so round 1 of six reads
//! 1–6, 2–5, 3–4 and round 2 reads 6–4, 5–3, 1–2.
//!
//! **Crenshaw** (US Chess Official Rules, chapter 12, the "Crenshaw-Berger"
//! tables; rule 30G pairs quads by them):
//! - 3 or 4 players: the quad table printed on US Chess's quad results
//!   sheet, which matches the rulebook's table for 3-4 players (as read in
//!   the US Chess forum thread "USCF Quadrangular Tournament Chart" and on
//!   club pages that reprint it): round 1 1–4, 2–3; round 2 3–1, 4–2;
//!   round 3 1 v 2 and 3 v 4. It is not Berger reversed (Berger's round 2
//!   is 4–3, 1–2). After two rounds everyone has had each colour once, and
//!   the rulebook leaves round 3's colours to a toss; a table must print a
//!   colour, so we give White to the lower number (1–2, 3–4), which keeps
//!   every player's colours within one of even. A secretary who tosses
//!   records the colours actually played (`league round record` takes the
//!   sheet).
//! - 8 players and up: the Berger tables with the rounds in reverse order
//!   (round r of n − 1 is Berger round n − r), as US Chess's own forum
//!   discussion of the tables states and checks.
//! - 5 or 6 players: the rulebook's printed 6-player table was built
//!   differently from the others and we found no source we could cite for
//!   its exact contents, so `crenshaw` plays the Crenshaw construction
//!   (Berger reversed) for six too; docs/pairing.md says so, and a
//!   secretary who must follow the printed 6-player table records those
//!   rounds from a sheet (`--pairing manual`).
//!
//! The printed tables carry known misprints (13–14 players, round 1: "7-4"
//! for 7–14; 15–16 players, round 1: 15 shown with White against 1); the
//! tables here are computed, so they have neither.
//!
//! **Double round robin**: the second cycle is the first with colours
//! reversed. FIDE (C.05 Annex 1) advises reversing the order of the last two
//! rounds of the first cycle, so that nobody plays three games in a row with
//! the same colour across the two cycles; we do so for Berger. Crenshaw
//! plays the Berger rounds backwards, so the same mend is the mirror image:
//! the second cycle's first two rounds swapped (checked by a test: nobody
//! has three of a colour in a row at the turn, for every even size 4–24).
//!
//! **Who is in the table.** Table numbers are the entrants' places in
//! pairing-number order (1 for the lowest pairing number), withdrawn players
//! included: a table is fixed for the whole event. A game whose two players
//! are both available is paired; a player whose table opponent is the bye
//! seat gets the pairing-allocated bye (worth what the event says; a round
//! robin's default is zero); a player whose table opponent withdrew or asked
//! for a bye in that round has no game that round (the pairing names them in
//! [`RoundRobin::idle`]); a requested bye is kept. The FIDE "initial colour"
//! has no meaning for fixed tables (the draw of numbers decides colours) and
//! is ignored.

use super::{Board, ByeKind, Field, Pairing, System, Unpairable};

/// Which printed table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Table {
    /// FIDE Berger tables (C.05 Annex 1).
    Berger,
    /// US Chess Crenshaw tables: the quad table for 3-4 players, Berger
    /// with the rounds reversed from 5 players up.
    Crenshaw,
}

/// A round-robin pairing system: a table played once or twice.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RoundRobin {
    /// Which tables seat the players (FIDE Berger or US Chess Crenshaw).
    pub table: Table,
    /// 1 for a single round robin, 2 for a double one.
    pub cycles: u32,
}

/// Seats of one Berger round for `n` seats (n even, at least 2), round `r`
/// in 1..n − 1, as (White, Black) in board order.
pub fn berger_round(n: u32, r: u32) -> Vec<(u32, u32)> {
    debug_assert!(n >= 2 && n.is_multiple_of(2) && (1..n).contains(&r));
    let m = n - 1;
    let k = ((r - 1) * (n / 2)) % m + 1;
    let mut boards = Vec::with_capacity(n as usize / 2);
    boards.push(if r % 2 == 1 { (k, n) } else { (n, k) });
    for i in 1..n / 2 {
        let a = (k - 1 + i) % m + 1;
        let b = (k - 1 + m - i) % m + 1;
        let (lo, hi) = (a.min(b), a.max(b));
        boards.push(if (a + b) % 2 == 1 { (lo, hi) } else { (hi, lo) });
    }
    boards
}

/// The US Chess quad table (Crenshaw, 3 or 4 players), round `r` in 1..=3,
/// as (White, Black) in board order.
pub fn quad_round(r: u32) -> Vec<(u32, u32)> {
    match r {
        1 => vec![(1, 4), (2, 3)],
        2 => vec![(3, 1), (4, 2)],
        _ => vec![(1, 2), (3, 4)],
    }
}

impl RoundRobin {
    /// Seats in the table for `players` players: the players, plus a bye
    /// seat when their number is odd.
    pub fn seats(players: u32) -> u32 {
        players + players % 2
    }

    /// Rounds the table has for `players` players (both cycles).
    pub fn rounds(&self, players: u32) -> u32 {
        Self::seats(players).saturating_sub(1) * self.cycles
    }

    /// Round `round` of the table for `players` players, as (White seat,
    /// Black seat) in board order; the bye seat (when there is one) is
    /// `players + 1`. `None` when the table has no such round.
    pub fn schedule(&self, players: u32, round: u32) -> Option<Vec<(u32, u32)>> {
        let n = Self::seats(players);
        let per_cycle = n.checked_sub(1).filter(|&m| m >= 1)?;
        if round == 0 || round > per_cycle * self.cycles {
            return None;
        }
        let cycle = (round - 1) / per_cycle;
        let mut j = (round - 1) % per_cycle + 1;
        // FIDE's advice for a double round robin: the first cycle's last two
        // rounds swapped. Crenshaw plays the Berger rounds backwards, so the
        // same turn is mended by swapping the second cycle's first two.
        // The quad table is mended the same way (checked by a test).
        let quad = self.table == Table::Crenshaw && n == 4;
        if self.cycles == 2 && per_cycle >= 2 {
            let (turn_cycle, a, b) = match self.table {
                Table::Berger => (0, per_cycle - 1, per_cycle),
                Table::Crenshaw => (1, 1, 2),
            };
            if cycle == turn_cycle && j == a {
                j = b;
            } else if cycle == turn_cycle && j == b {
                j = a;
            }
        }
        let t = match self.table {
            Table::Berger => j,
            Table::Crenshaw => per_cycle - j + 1,
        };
        let boards = if quad {
            quad_round(j)
        } else {
            berger_round(n, t)
        };
        Some(if cycle == 1 {
            boards.into_iter().map(|(w, b)| (b, w)).collect()
        } else {
            boards
        })
    }

    /// Available players left without a game in `field.round` because their
    /// table opponent withdrew or asked for a bye: (player, opponent), by
    /// pairing number.
    pub fn idle(&self, field: &Field) -> Vec<(u32, u32)> {
        let players = field.entrants.len() as u32;
        let Some(round) = self.schedule(players, field.round) else {
            return Vec::new();
        };
        let seat = |s: u32| field.entrants.get(s as usize - 1);
        let mut idle = Vec::new();
        for (w, b) in round {
            if let (Some(x), Some(y)) = (seat(w), seat(b)) {
                if x.available && !y.available {
                    idle.push((x.number, y.number));
                } else if y.available && !x.available {
                    idle.push((y.number, x.number));
                }
            }
        }
        idle.sort_unstable();
        idle
    }
}

impl System for RoundRobin {
    fn pair(&self, field: &Field) -> Result<Pairing, Unpairable> {
        let players = field.entrants.len() as u32;
        if players < 2 {
            return Err(Unpairable {
                players: field.entrants.iter().map(|e| e.number).collect(),
                reason: "a round robin needs at least two players".into(),
            });
        }
        let Some(round) = self.schedule(players, field.round) else {
            return Err(Unpairable {
                players: vec![],
                reason: format!(
                    "a {}round robin of {players} players has {} rounds; there is no round {}",
                    if self.cycles == 2 { "double " } else { "" },
                    self.rounds(players),
                    field.round
                ),
            });
        };
        let seat = |s: u32| field.entrants.get(s as usize - 1);
        let mut pairing = Pairing::default();
        for (w, b) in round {
            match (seat(w), seat(b)) {
                (Some(x), Some(y)) if x.available && y.available => pairing.boards.push(Board {
                    white: x.number,
                    black: y.number,
                }),
                (Some(x), None) | (None, Some(x)) if x.available => {
                    pairing.byes.push((x.number, ByeKind::PairingAllocated))
                }
                _ => {}
            }
        }
        for e in &field.entrants {
            if let Some(kind) = e.requested_bye {
                pairing.byes.push((e.number, kind));
            }
        }
        pairing.byes.sort_by_key(|&(n, _)| n);
        Ok(pairing)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Colour, Entrant, PointSystem};
    use super::*;
    use crate::domain::score::Points;
    use std::collections::{HashMap, HashSet};

    const SINGLE: RoundRobin = RoundRobin {
        table: Table::Berger,
        cycles: 1,
    };

    /// The closed form of C.05 Annex 1, stated independently of
    /// `berger_round`: who seat `a` meets in round r and with which colour.
    fn closed_form(n: u32, r: u32, a: u32) -> (u32, Colour) {
        let m = n - 1;
        let k = ((r - 1) * n / 2) % m + 1;
        // Seat n: Black in odd rounds, White in even rounds, against k.
        let n_colour = if r % 2 == 1 {
            Colour::Black
        } else {
            Colour::White
        };
        if a == n {
            return (k, n_colour);
        }
        if a == k {
            return (n, n_colour.opposite());
        }
        let b = (1..=m)
            .find(|&b| b != a && b != k && (a + b) % m == (2 * k) % m)
            .expect("a partner");
        let white = if (a + b) % 2 == 1 { a.min(b) } else { a.max(b) };
        (
            b,
            if white == a {
                Colour::White
            } else {
                Colour::Black
            },
        )
    }

    #[test]
    fn c05_annex_1_six_players_as_printed() {
        // FIDE C.05 Annex 1, table for 5 or 6 players.
        let printed = [
            vec![(1, 6), (2, 5), (3, 4)],
            vec![(6, 4), (5, 3), (1, 2)],
            vec![(2, 6), (3, 1), (4, 5)],
            vec![(6, 5), (1, 4), (2, 3)],
            vec![(3, 6), (4, 2), (5, 1)],
        ];
        for (r, boards) in printed.iter().enumerate() {
            assert_eq!(&berger_round(6, r as u32 + 1), boards, "round {}", r + 1);
        }
    }

    #[test]
    fn every_table_from_3_to_24_players_meets_each_pair_once_with_closed_form_colours() {
        for players in 3..=24u32 {
            let n = RoundRobin::seats(players);
            assert_eq!(SINGLE.rounds(players), n - 1);
            let mut met = HashSet::new();
            let mut whites: HashMap<u32, u32> = HashMap::new();
            for r in 1..n {
                let round = SINGLE.schedule(players, r).unwrap();
                assert_eq!(round.len() as u32, n / 2, "{players} players, round {r}");
                let mut seen = HashSet::new();
                for &(w, b) in &round {
                    assert!(
                        seen.insert(w) && seen.insert(b),
                        "a seat twice in round {r}"
                    );
                    assert!(met.insert((w.min(b), w.max(b))), "{w} and {b} meet twice");
                    assert_eq!(closed_form(n, r, w), (b, Colour::White), "n {n} r {r}");
                    assert_eq!(closed_form(n, r, b), (w, Colour::Black), "n {n} r {r}");
                    *whites.entry(w).or_default() += 1;
                }
            }
            assert_eq!(met.len() as u32, n * (n - 1) / 2, "every pair meets");
            assert_eq!(SINGLE.schedule(players, n), None);
            // Colours balance: n/2 or n/2 - 1 Whites each.
            for s in 1..=n {
                let w = whites.get(&s).copied().unwrap_or(0);
                assert!(w == n / 2 || w + 1 == n / 2, "seat {s} of {n}: {w} Whites");
            }
        }
    }

    #[test]
    fn crenshaw_is_berger_with_the_rounds_reversed_from_five_players() {
        let cren = RoundRobin {
            table: Table::Crenshaw,
            cycles: 1,
        };
        for players in 5..=24u32 {
            let last = RoundRobin::seats(players) - 1;
            for r in 1..=last {
                assert_eq!(
                    cren.schedule(players, r),
                    SINGLE.schedule(players, last - r + 1)
                );
            }
        }
    }

    #[test]
    fn crenshaw_quads_as_the_us_chess_quad_sheet_prints_them() {
        let cren = RoundRobin {
            table: Table::Crenshaw,
            cycles: 1,
        };
        // Round 1 1-4, 2-3; round 2 3-1, 4-2; round 3 1 v 2, 3 v 4 (colours
        // by toss in the rulebook; lower number White here).
        let printed = [
            vec![(1, 4), (2, 3)],
            vec![(3, 1), (4, 2)],
            vec![(1, 2), (3, 4)],
        ];
        for players in [3, 4] {
            for (r, boards) in printed.iter().enumerate() {
                assert_eq!(&cren.schedule(players, r as u32 + 1).unwrap(), boards);
            }
            assert_eq!(cren.schedule(players, 4), None);
        }
        // Not Berger reversed: Berger's round 2 of four is 4-3, 1-2.
        assert_ne!(cren.schedule(4, 2), SINGLE.schedule(4, 2));
    }

    #[test]
    fn every_crenshaw_table_meets_each_pair_once_with_balanced_colours() {
        let cren = RoundRobin {
            table: Table::Crenshaw,
            cycles: 1,
        };
        for players in 3..=24u32 {
            let n = RoundRobin::seats(players);
            let mut met = HashSet::new();
            let mut whites: HashMap<u32, u32> = HashMap::new();
            for r in 1..n {
                let round = cren.schedule(players, r).unwrap();
                let mut seen = HashSet::new();
                for &(w, b) in &round {
                    assert!(seen.insert(w) && seen.insert(b), "a seat twice");
                    assert!(met.insert((w.min(b), w.max(b))), "{w} and {b} meet twice");
                    *whites.entry(w).or_default() += 1;
                }
                assert_eq!(seen.len() as u32, n, "{players} players round {r}");
            }
            assert_eq!(met.len() as u32, n * (n - 1) / 2, "every pair meets");
            for s in 1..=n {
                let w = whites.get(&s).copied().unwrap_or(0);
                assert!(w == n / 2 || w + 1 == n / 2, "seat {s} of {n}: {w} Whites");
            }
        }
    }

    #[test]
    fn crenshaw_six_players_as_the_crenshaw_algorithm_gives_them() {
        // The table the Crenshaw construction gives for six (written out in
        // a US Chess forum thread on the rulebook's tables; the printed US
        // 6-player table differs, see the module doc).
        let cren = RoundRobin {
            table: Table::Crenshaw,
            cycles: 1,
        };
        let expected = [
            vec![(3, 6), (4, 2), (5, 1)],
            vec![(6, 5), (1, 4), (2, 3)],
            vec![(2, 6), (3, 1), (4, 5)],
            vec![(6, 4), (5, 3), (1, 2)],
            vec![(1, 6), (2, 5), (3, 4)],
        ];
        for (r, boards) in expected.iter().enumerate() {
            assert_eq!(&cren.schedule(6, r as u32 + 1).unwrap(), boards);
        }
    }

    #[test]
    fn a_double_round_robin_reverses_colours_and_avoids_three_in_a_row_at_the_turn() {
        for table in [Table::Berger, Table::Crenshaw] {
            let double = RoundRobin { table, cycles: 2 };
            let single = RoundRobin { table, cycles: 1 };
            for players in 3..=24u32 {
                let n = RoundRobin::seats(players);
                let per = n - 1;
                assert_eq!(double.rounds(players), 2 * per);
                let mut met: HashMap<(u32, u32), Vec<u32>> = HashMap::new();
                let mut colours: HashMap<u32, Vec<Colour>> = HashMap::new();
                for r in 1..=2 * per {
                    for (w, b) in double.schedule(players, r).unwrap() {
                        met.entry((w.min(b), w.max(b))).or_default().push(w);
                        colours.entry(w).or_default().push(Colour::White);
                        colours.entry(b).or_default().push(Colour::Black);
                    }
                }
                // Each pair meets twice, once with each colour.
                assert_eq!(met.len() as u32, n * (n - 1) / 2);
                for ((a, b), whites) in &met {
                    assert_eq!(whites.len(), 2);
                    assert!(whites.contains(a) && whites.contains(b));
                }
                // The second cycle is the single table, colours reversed
                // (Crenshaw: its first two rounds swapped, see above).
                for j in 1..=per {
                    let mended = table == Table::Crenshaw;
                    let k = match j {
                        1 if mended => 2,
                        2 if mended => 1,
                        _ => j,
                    };
                    let reversed: Vec<_> = single
                        .schedule(players, k)
                        .unwrap()
                        .into_iter()
                        .map(|(w, b)| (b, w))
                        .collect();
                    assert_eq!(double.schedule(players, per + j).unwrap(), reversed);
                }
                // With an even number of players (no bye seat breaking runs),
                // nobody has three of a colour in a row across the turn.
                if players % 2 == 0 && per >= 3 {
                    for (seat, c) in &colours {
                        for w in c[per as usize - 2..per as usize + 1].windows(3) {
                            assert!(
                                !(w[0] == w[1] && w[1] == w[2]),
                                "{table:?} {players} players: seat {seat} {c:?}"
                            );
                        }
                        for w in c[per as usize - 1..per as usize + 2].windows(3) {
                            assert!(!(w[0] == w[1] && w[1] == w[2]), "seat {seat} {c:?}");
                        }
                    }
                }
            }
        }
    }

    fn field(players: u32, round: u32) -> Field {
        Field {
            round,
            total_rounds: players - 1 + players % 2,
            initial_colour: Colour::White,
            points: PointSystem::default(),
            forbidden: vec![],
            entrants: (1..=players)
                .map(|n| Entrant {
                    number: n,
                    rating: 2000 - n,
                    title: String::new(),
                    name: format!("Player {n}"),
                    history: vec![],
                    available: true,
                    requested_bye: None,
                    acceleration: Points::ZERO,
                    club: String::new(),
                })
                .collect(),
        }
    }

    #[test]
    fn five_players_get_a_bye_seat_and_absent_players_leave_their_opponent_idle() {
        // Round 1 of 5 (6 seats): 1-6 means player 1 has the bye.
        let p = SINGLE.pair(&field(5, 1)).unwrap();
        assert_eq!(
            p.boards,
            vec![Board { white: 2, black: 5 }, Board { white: 3, black: 4 }]
        );
        assert_eq!(p.byes, vec![(1, ByeKind::PairingAllocated)]);
        // Player 4 asked for a half-point bye: 3 has no game.
        let mut f = field(5, 1);
        f.entrants[3].available = false;
        f.entrants[3].requested_bye = Some(ByeKind::RequestedHalf);
        let p = SINGLE.pair(&f).unwrap();
        assert_eq!(p.boards, vec![Board { white: 2, black: 5 }]);
        assert_eq!(
            p.byes,
            vec![(1, ByeKind::PairingAllocated), (4, ByeKind::RequestedHalf)]
        );
        assert_eq!(SINGLE.idle(&f), vec![(3, 4)]);
        // Table numbers are places, so gaps in pairing numbers do not matter.
        let mut f = field(4, 2);
        for (i, e) in f.entrants.iter_mut().enumerate() {
            e.number = 10 * (i as u32 + 1);
        }
        let p = SINGLE.pair(&f).unwrap();
        assert_eq!(
            p.boards,
            vec![
                Board {
                    white: 40,
                    black: 30
                },
                Board {
                    white: 10,
                    black: 20
                }
            ]
        );
    }

    #[test]
    fn a_round_beyond_the_table_is_refused_in_words() {
        let e = SINGLE.pair(&field(4, 4)).unwrap_err();
        assert_eq!(
            e.reason,
            "a round robin of 4 players has 3 rounds; there is no round 4"
        );
        let mut f = field(2, 1);
        f.entrants.pop();
        assert!(SINGLE.pair(&f).is_err());
    }
}
