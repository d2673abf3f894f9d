//! Random consistent Swiss sections from a seed (random pairings each
//! round, byes of every kind, forfeits both ways, double forfeits, late
//! entries and withdrawals): what the property tests of the standings, and
//! of the files other crates write from records, are run on. Compiled for
//! tests only (`cfg(test)`, or the `testing` feature another crate's tests
//! turn on).

use crate::domain::record::{ByeKind, Colour, Format, Outcome, PlayerRecord, Round, Tournament};
use crate::domain::rng::Rng;

fn game(opponent: usize, outcome: Outcome, colour: Option<Colour>) -> Round {
    Round {
        outcome,
        opponent: Some(opponent),
        colour,
    }
}

fn bye(kind: ByeKind, requested: bool) -> Round {
    Round {
        outcome: Outcome::Bye { kind, requested },
        opponent: None,
        colour: None,
    }
}

/// A consistent random Swiss of `n` players and `rounds` rounds, and the
/// total points awarded (in half-points), counted as the records are made:
/// 1 per decided game (forfeits included), 0 for a double forfeit, plus bye
/// points.
pub fn swiss(n: usize, rounds: usize, seed: u64) -> (Tournament, i32) {
    // The league's one generator (splitmix64), so a proptest case is just
    // a few numbers and shrinks well.
    let mut rng = Rng::new(seed);
    let mut players: Vec<PlayerRecord> = (0..n)
        .map(|i| PlayerRecord {
            pairing_no: i as u32 + 1,
            name: format!("Player {}", i + 1),
            rating: if rng.below(5) == 0 {
                None
            } else {
                Some(1000 + rng.below(1500) as u32)
            },
            rounds: vec![Round::ABSENT; rounds],
            withdrawn_after: None,
        })
        .collect();
    // Active in rounds first..last (0-based, last exclusive).
    let mut first = vec![0; n];
    let mut last = vec![rounds; n];
    for i in 0..n {
        if rng.below(6) == 0 {
            first[i] = rng.below(rounds as u64) as usize;
        }
        if rng.below(5) == 0 {
            let after = first[i] + rng.below((rounds - first[i]) as u64) as usize;
            last[i] = after;
            players[i].withdrawn_after = Some(after as u32);
        }
    }
    let mut total = 0;
    for r in 0..rounds {
        let mut active: Vec<usize> = (0..n).filter(|&i| r >= first[i] && r < last[i]).collect();
        rng.shuffle(&mut active);
        let mut pool = Vec::new();
        for i in active {
            if rng.below(10) == 0 {
                let round = match rng.below(3) {
                    0 => bye(ByeKind::Half, true),
                    1 => bye(ByeKind::Zero, true),
                    _ => bye(ByeKind::Full, true),
                };
                total += round.points().halves();
                players[i].rounds[r] = round;
            } else {
                pool.push(i);
            }
        }
        if pool.len() % 2 == 1 {
            let i = pool.pop().expect("odd pool");
            let round = bye(ByeKind::Full, false);
            total += round.points().halves();
            players[i].rounds[r] = round;
        }
        for pair in pool.chunks(2) {
            let (a, b) = (pair[0], pair[1]);
            let (ca, cb) = if rng.below(2) == 0 {
                (Colour::White, Colour::Black)
            } else {
                (Colour::Black, Colour::White)
            };
            let (oa, ob, colours) = match rng.below(100) {
                0..=34 => (Outcome::Win, Outcome::Loss, true),
                35..=69 => (Outcome::Loss, Outcome::Win, true),
                70..=84 => (Outcome::Draw, Outcome::Draw, true),
                85..=90 => (Outcome::ForfeitWin, Outcome::ForfeitLoss, false),
                91..=96 => (Outcome::ForfeitLoss, Outcome::ForfeitWin, false),
                _ => (Outcome::DoubleForfeit, Outcome::DoubleForfeit, false),
            };
            if oa != Outcome::DoubleForfeit {
                total += 2;
            }
            players[a].rounds[r] = game(b, oa, colours.then_some(ca));
            players[b].rounds[r] = game(a, ob, colours.then_some(cb));
        }
    }
    (
        Tournament {
            format: Format::Swiss,
            rounds,
            players,
        },
        total,
    )
}
