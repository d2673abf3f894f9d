//! The FIDE Dutch engine on synthetic fields of 200, 500 and 1,000 players
//! (issue 14; figures in BENCHMARKS.md): the pairing of round 5, after four
//! rounds paired by the engine itself with made-up results (the higher
//! pairing number wins, every fifth board drawn). Only the pairing of
//! round 5 is measured. The US Chess engine (issue 15) pairs round 5 of the
//! same 200-player field: one matching over the whole section.
//!
//! Issue 29: the US Chess engine on random histories of 250, 500 and 1,000
//! players (`uscf-random`): rounds paired greedily by score group with
//! random colours and results and 2% half-point byes, then rounds 2, 5 and
//! 9 paired by the engine.
//!
//! Run with: `cargo bench --bench pairing -- --warm-up-time 1 --measurement-time 3`
//! (add a filter such as `'uscf-random/round-5/1000'` for one cell), or
//! `USCF_EVERY_ROUND=1000 cargo bench --bench pairing` for the CPU time of
//! every round 1-9 of one US Chess field.

use std::hint::black_box;

use chess_league::domain::pairing::dutch::Dutch;
use chess_league::domain::pairing::uscf::Uscf;
use chess_league::domain::pairing::{ByeKind, Colour, Entrant, Field, Past, PointSystem, System};
use chess_league::domain::rng::Rng;
use chess_league::domain::score::Points;
use criterion::{criterion_group, BenchmarkId, Criterion};

/// A field of `n` players after `rounds` rounds paired by the engine.
fn field(n: u32, rounds: u32) -> Field {
    field_by(&Dutch, n, rounds)
}

/// The same, paired by `system`.
fn field_by(system: &dyn System, n: u32, rounds: u32) -> Field {
    let mut f = Field {
        round: 1,
        total_rounds: 9,
        initial_colour: Colour::White,
        points: PointSystem::default(),
        forbidden: Vec::new(),
        entrants: (1..=n)
            .map(|k| Entrant {
                number: k,
                rating: 2800 - k,
                title: String::new(),
                name: format!("Player {k}"),
                history: Vec::new(),
                available: true,
                requested_bye: None,
                acceleration: Points::ZERO,
                club: String::new(),
            })
            .collect(),
    };
    for r in 1..=rounds {
        f.round = r;
        let p = system.pair(&f).expect("a synthetic round pairs");
        for (board, b) in p.boards.iter().enumerate() {
            let (w, bl) = (b.white, b.black);
            let (pw, pb) = if board % 5 == 4 {
                (Points::HALF, Points::HALF)
            } else if w < bl {
                (Points::ONE, Points::ZERO)
            } else {
                (Points::ZERO, Points::ONE)
            };
            f.entrants[w as usize - 1].history.push(Past::Played {
                opponent: bl,
                colour: Colour::White,
                points: pw,
            });
            f.entrants[bl as usize - 1].history.push(Past::Played {
                opponent: w,
                colour: Colour::Black,
                points: pb,
            });
        }
        for &(pl, kind) in &p.byes {
            f.entrants[pl as usize - 1].history.push(Past::Bye {
                kind,
                points: Points::ONE,
            });
        }
    }
    f.round = rounds + 1;
    f
}

fn dutch(c: &mut Criterion) {
    let mut g = c.benchmark_group("dutch-round-5");
    g.sample_size(10);
    for n in [200u32, 500, 1000] {
        // The field is built inside, so a filtered run skips it.
        g.bench_function(BenchmarkId::from_parameter(n), |b| {
            let f = field(n, 4);
            b.iter(|| black_box(Dutch.pair(black_box(&f)).unwrap()))
        });
    }
    g.finish();
}

fn uscf(c: &mut Criterion) {
    let mut g = c.benchmark_group("uscf-round-5");
    g.sample_size(10);
    let system = Uscf::default();
    g.bench_function(BenchmarkId::from_parameter(200), |b| {
        let f = field_by(&system, 200, 4);
        b.iter(|| black_box(system.pair(black_box(&f)).unwrap()))
    });
    g.finish();
}

/// A field of `n` players (random ratings, a few unrated) before round
/// `round`, after rounds paired greedily: available players by score, each
/// with the next one they have not met, random colours, random results,
/// and 2% of players asking for a half-point bye each round.
fn random_field(n: u32, round: u32, seed: u64) -> Field {
    let mut rng = Rng::new(seed);
    let mut f = field_by(&Dutch, n, 0);
    for e in &mut f.entrants {
        e.rating = if rng.chance(30) {
            0
        } else {
            1000 + rng.below(1400) as u32
        };
    }
    for _ in 1..round {
        let mut order: Vec<usize> = (0..f.entrants.len()).collect();
        order.sort_by_key(|&i| (-f.entrants[i].score().halves(), i));
        let mut left: Vec<usize> = Vec::new();
        for i in order {
            if rng.chance(20) {
                f.entrants[i].history.push(Past::Bye {
                    kind: ByeKind::RequestedHalf,
                    points: Points::HALF,
                });
            } else {
                left.push(i);
            }
        }
        while let Some(a) = (!left.is_empty()).then(|| left.remove(0)) {
            let met = |b: usize| {
                f.entrants[a]
                    .history
                    .iter()
                    .any(|h| h.played_opponent() == Some(f.entrants[b].number))
            };
            let Some(k) = (0..left.len()).find(|&k| !met(left[k])) else {
                f.entrants[a].history.push(Past::Bye {
                    kind: ByeKind::PairingAllocated,
                    points: Points::ONE,
                });
                continue;
            };
            let b = left.remove(k);
            let (w, bl) = if rng.below(2) == 0 { (a, b) } else { (b, a) };
            let (pw, pb) = match rng.below(3) {
                0 => (Points::ONE, Points::ZERO),
                1 => (Points::HALF, Points::HALF),
                _ => (Points::ZERO, Points::ONE),
            };
            let (nw, nb) = (f.entrants[w].number, f.entrants[bl].number);
            f.entrants[w].history.push(Past::Played {
                opponent: nb,
                colour: Colour::White,
                points: pw,
            });
            f.entrants[bl].history.push(Past::Played {
                opponent: nw,
                colour: Colour::Black,
                points: pb,
            });
        }
    }
    f.round = round;
    f
}

fn uscf_random(c: &mut Criterion) {
    let mut g = c.benchmark_group("uscf-random");
    g.sample_size(10);
    let system = Uscf::default();
    for round in [2u32, 5, 9] {
        for n in [250u32, 500, 1000] {
            let id = BenchmarkId::new(format!("round-{round}"), n);
            g.bench_function(id, |b| {
                let f = random_field(n, round, u64::from(n * 31 + round));
                b.iter(|| black_box(system.pair(black_box(&f)).unwrap()))
            });
        }
    }
    g.finish();
}

/// CPU seconds this process has used (user and system), from
/// `/proc/self/stat` (Linux; clock ticks of 1/100 s).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name, which is in parentheses.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |k: usize| {
        fields
            .get(k)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

/// `USCF_EVERY_ROUND=N`: pairs rounds 1-9 of an N-player random field with
/// the US Chess engine (each round's field made up as for `uscf-random`)
/// and prints the CPU time of each pairing.
fn every_round(n: u32) {
    let system = Uscf::default();
    for round in 1..=9 {
        let f = random_field(n, round, u64::from(n * 31 + round));
        let before = cpu_seconds();
        let p = system.pair(&f).unwrap();
        let took = cpu_seconds() - before;
        println!(
            "{n} players, round {round}: {took:.2} s of CPU ({} boards)",
            p.boards.len()
        );
    }
}

criterion_group!(benches, dutch, uscf, uscf_random);

fn main() {
    if let Some(n) = std::env::var("USCF_EVERY_ROUND")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        every_round(n);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
