//! The FIDE Dutch engine on synthetic fields of 200, 500 and 1,000 players
//! (issue 14; figures in BENCHMARKS.md): the pairing of round 5, after four
//! rounds paired by the engine itself with made-up results (the higher
//! pairing number wins, every fifth board drawn). Only the pairing of
//! round 5 is measured. The US Chess engine (issue 15) pairs round 5 of the
//! same 200-player field: one matching over the whole section.
//!
//! Run with: `cargo bench --bench pairing -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use chess_league::domain::pairing::dutch::Dutch;
use chess_league::domain::pairing::uscf::Uscf;
use chess_league::domain::pairing::{Colour, Entrant, Field, Past, PointSystem, System};
use chess_league::domain::score::Points;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

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

criterion_group!(benches, dutch, uscf);
criterion_main!(benches);
