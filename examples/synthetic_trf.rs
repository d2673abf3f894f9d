//! Write a synthetic Swiss section as a TRF-16 file, for
//! `benches/reference/compare.sh` (which times FIDE's tiebreak checker and
//! `league` on the same files) and for trying `league import trf` on big
//! events:
//!
//! ```sh
//! cargo run --release --example synthetic_trf -- PLAYERS ROUNDS SEED FILE
//! ```
//!
//! The writer itself lives with the benchmarks (`benches/support/trf16.rs`).

#[path = "../benches/support/trf16.rs"]
mod trf16;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: synthetic_trf PLAYERS ROUNDS SEED FILE";
    if args.len() != 4 {
        eprintln!("{usage}");
        std::process::exit(2);
    }
    let (Ok(players), Ok(rounds), Ok(seed)) = (
        args[0].parse::<usize>(),
        args[1].parse::<u32>(),
        args[2].parse::<u64>(),
    ) else {
        eprintln!("{usage} (PLAYERS, ROUNDS and SEED are whole numbers)");
        std::process::exit(2);
    };
    if players < 2 || rounds == 0 {
        eprintln!("{usage} (at least 2 players and 1 round)");
        std::process::exit(2);
    }
    let file = trf16::synthetic_trf(players, rounds, seed);
    if let Err(e) = std::fs::write(&args[3], file.text) {
        eprintln!("cannot write {}: {e}", args[3]);
        std::process::exit(1);
    }
    eprintln!(
        "wrote {}: {} players, {} rounds, {} games",
        args[3], file.players, file.rounds, file.games
    );
}
