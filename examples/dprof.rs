//! Scratch profiler (not committed).
use chess_league::domain::pairing::dutch::Dutch;
use chess_league::domain::pairing::{Colour, Entrant, Field, Past, PointSystem, System};
use chess_league::domain::score::Points;
use std::time::Instant;
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


fn cpu() -> f64 {
    let s = std::fs::read_to_string("/proc/self/stat").unwrap();
    let f: Vec<&str> = s.rsplit(')').next().unwrap().split_whitespace().collect();
    (f[11].parse::<f64>().unwrap() + f[12].parse::<f64>().unwrap()) / 100.0
}

fn main() {
    let n: u32 = std::env::args().nth(1).unwrap().parse().unwrap();
    let rounds: u32 = std::env::args().nth(2).map(|s| s.parse().unwrap()).unwrap_or(4);
    let t = Instant::now();
    let f = field(n, rounds);
    eprintln!("field built in {:?}", t.elapsed());
    let t = Instant::now();
    let c = cpu();
    let p = Dutch.pair(&f).unwrap();
    eprintln!("round {} paired in {:?} wall, {:.2} s cpu: {} boards", f.round, t.elapsed(), cpu() - c, p.boards.len());
    let mut h: u64 = 0;
    for b in &p.boards { h = h.wrapping_mul(1000003).wrapping_add((b.white as u64) << 20 | b.black as u64); }
    println!("hash {h:x}");
}
