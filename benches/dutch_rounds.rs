//! The FIDE Dutch engine on random histories (issue 29): fields of 250, 500
//! and 1,000 players whose earlier rounds were paired greedily within score
//! groups (neighbours in score order who have not met), with random colours
//! and results (40% White wins, 20% draws, 40% Black wins) and 2% half-point
//! byes asked for each round. Unlike `benches/pairing.rs`, whose fields the
//! engine paired itself, the colour histories here are random, so round 2's
//! top group has no natural pairing that grants every colour: the hardest
//! case for the ordering solves. Only the pairing of the measured round is
//! timed; the field is built once, outside.
//!
//! Three sizes (250, 500, 1,000 players) at rounds 2, 5 and 9, to show how
//! the cost grows with the field and with the rounds.
//!
//! Run with: `cargo bench --bench dutch_rounds -- --warm-up-time 1 --measurement-time 3`
//! (add a filter such as `'dutch-random/round-2/1000'` for one cell), or
//! `DUTCH_EVERY_ROUND=1000 cargo bench --bench dutch_rounds` for the CPU
//! time of every round 1-9 of one field; with `DUTCH_PAIRINGS=FILE` it also
//! writes every board and bye of those rounds to FILE, so two builds of the
//! engine can be compared board for board (`diff`).

use std::hint::black_box;

use chess_league::domain::pairing::dutch::Dutch;
use chess_league::domain::pairing::{ByeKind, Colour, Entrant, Field, Past, PointSystem, System};
use chess_league::domain::rng::Rng;
use chess_league::domain::score::Points;
use criterion::{criterion_group, BenchmarkId, Criterion};

/// A field of `n` players ready for round `round` of nine, the earlier
/// rounds made up as the module doc says (seeded: the same field every run).
pub fn random_field(n: u32, round: u32, seed: u64) -> Field {
    let mut rng = Rng::new(seed);
    let mut f = Field {
        round,
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
    for _ in 1..round {
        play_greedy_round(&mut f, &mut rng);
    }
    f
}

/// One made-up round: half-point byes, then neighbours in score order
/// paired when they have not met, with random colours and results; a
/// player left without an opponent gets a full-point bye.
fn play_greedy_round(f: &mut Field, rng: &mut Rng) {
    let mut order: Vec<usize> = (0..f.entrants.len()).collect();
    order.sort_by_key(|&k| (-f.entrants[k].score().halves(), k));
    let mut waiting: Vec<usize> = Vec::new();
    let mut this_round: Vec<Option<Past>> = vec![None; f.entrants.len()];
    for k in order {
        if rng.chance(20) {
            this_round[k] = Some(Past::Bye {
                kind: ByeKind::RequestedHalf,
                points: Points::HALF,
            });
            continue;
        }
        let number = f.entrants[k].number;
        let met = |o: usize| {
            f.entrants[o]
                .history
                .iter()
                .any(|p| p.played_opponent() == Some(number))
        };
        match waiting.iter().position(|&o| !met(o)) {
            Some(at) => {
                let o = waiting.remove(at);
                let (white, black) = if rng.chance(500) { (k, o) } else { (o, k) };
                let (pw, pb) = match rng.below(10) {
                    0..=3 => (Points::ONE, Points::ZERO),
                    4..=5 => (Points::HALF, Points::HALF),
                    _ => (Points::ZERO, Points::ONE),
                };
                for (me, them, colour, points) in [
                    (white, black, Colour::White, pw),
                    (black, white, Colour::Black, pb),
                ] {
                    this_round[me] = Some(Past::Played {
                        opponent: f.entrants[them].number,
                        colour,
                        points,
                    });
                }
            }
            None => waiting.push(k),
        }
    }
    for k in waiting {
        this_round[k] = Some(Past::Bye {
            kind: ByeKind::PairingAllocated,
            points: Points::ONE,
        });
    }
    for (e, past) in f.entrants.iter_mut().zip(this_round) {
        e.history.push(past.unwrap_or(Past::Absent));
    }
}

fn rounds(c: &mut Criterion) {
    for round in [2u32, 5, 9] {
        let mut g = c.benchmark_group(format!("dutch-random/round-{round}"));
        g.sample_size(10);
        for n in [250u32, 500, 1000] {
            // The field is built inside, so a filtered run skips it.
            g.bench_function(BenchmarkId::from_parameter(n), |b| {
                let f = random_field(n, round, 29);
                b.iter(|| black_box(Dutch.pair(black_box(&f)).unwrap()))
            });
        }
        g.finish();
    }
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

/// `DUTCH_EVERY_ROUND=N`: pairs rounds 1-9 of an N-player field (each
/// round's field made up as above) and prints the CPU time of each
/// pairing, since criterion's ten samples of every round would take long;
/// the pairings go to the file `DUTCH_PAIRINGS` names, if any.
fn every_round(n: u32) {
    let mut out = String::new();
    for round in 1..=9 {
        let f = random_field(n, round, 29);
        let before = cpu_seconds();
        let p = Dutch.pair(&f).unwrap();
        let took = cpu_seconds() - before;
        println!(
            "{n} players, round {round}: {took:.2} s of CPU ({} boards)",
            p.boards.len()
        );
        for (k, b) in p.boards.iter().enumerate() {
            out.push_str(&format!(
                "round {round} board {}: {} - {}\n",
                k + 1,
                b.white,
                b.black
            ));
        }
        for (number, kind) in &p.byes {
            out.push_str(&format!("round {round} bye: {number} {kind:?}\n"));
        }
    }
    if let Ok(path) = std::env::var("DUTCH_PAIRINGS") {
        std::fs::write(&path, out).expect("the pairings file can be written");
    }
}

criterion_group!(benches, rounds);

fn main() {
    if let Some(n) = std::env::var("DUTCH_EVERY_ROUND")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        every_round(n);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
