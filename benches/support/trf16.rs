//! A small TRF-16 writer for benchmark files: a synthetic Swiss section
//! (played by `chess_league::demo::synthetic::simulate_swiss`, so it has
//! the generator's byes, forfeits and withdrawals) written as a FIDE
//! tournament report that `league import trf` and FIDE's own tiebreak
//! checker both read.
//!
//! It exists for the benchmarks and `benches/reference/compare.sh` only
//! (`league export trf` is the program's real TRF writer). Shared by the
//! bench binary and `examples/synthetic_trf.rs` through `#[path]`.
//!
//! Player lines follow the TRF-16 columns (1-based): start number 5-8, sex
//! 10, name 15-47, rating 49-52, federation 54-56, FIDE id 58-68, birth
//! date 70-79, points 81-84, rank 86-89, then one 10-column block per round
//! from column 92: opponent (4), colour `w`/`b`/`-`, result. Results: `1 = 0`
//! games, `+ -` forfeits, `H` a requested half-point bye, `U` the pairing's
//! full-point bye, `Z` the rounds after a withdrawal.

use chess_league::demo::rng::Rng;
use chess_league::demo::synthetic::{simulate_swiss, SimRound};
use chess_league::domain::game::GameResult;
use chess_league::domain::record::ByeKind;

/// A generated file and what is in it.
pub struct TrfFile {
    pub text: String,
    pub players: usize,
    pub rounds: u32,
    /// Games (including forfeits) in the file.
    pub games: usize,
}

/// Ratings for `n` players, strongest first (start number order).
pub fn ratings(n: usize) -> Vec<u32> {
    (0..n)
        .map(|i| 2700 - (i as u64 * 1500 / n.max(1) as u64) as u32)
        .collect()
}

/// A Swiss section of `players` players and `rounds` rounds from `seed`,
/// as TRF-16 text.
pub fn synthetic_trf(players: usize, rounds: u32, seed: u64) -> TrfFile {
    let ratings = ratings(players);
    let sim = simulate_swiss(&mut Rng::new(seed), &ratings, rounds, 20, 10);
    let games = sim.iter().map(|r| r.games.len()).sum();
    TrfFile {
        text: write(&ratings, &sim, rounds, seed),
        players,
        rounds,
        games,
    }
}

/// One player's round block: (opponent start number or 0, colour, result).
type Block = (usize, char, char);

fn write(ratings: &[u32], sim: &[SimRound], rounds: u32, seed: u64) -> String {
    let n = ratings.len();
    let mut blocks: Vec<Vec<Block>> = vec![vec![(0, '-', 'Z'); rounds as usize]; n];
    let mut halves = vec![0u32; n];
    for (r, round) in sim.iter().enumerate() {
        for &(w, b, res) in &round.games {
            let (wr, br, wh, bh) = match res {
                GameResult::WhiteWins => ('1', '0', 2, 0),
                GameResult::BlackWins => ('0', '1', 0, 2),
                GameResult::Draw => ('=', '=', 1, 1),
                GameResult::WhiteForfeitWin => ('+', '-', 2, 0),
                GameResult::BlackForfeitWin => ('-', '+', 0, 2),
                GameResult::DoubleForfeit => ('-', '-', 0, 0),
            };
            blocks[w][r] = (b + 1, 'w', wr);
            blocks[b][r] = (w + 1, 'b', br);
            halves[w] += wh;
            halves[b] += bh;
        }
        for &(i, kind, _) in &round.byes {
            let (code, h) = match kind {
                ByeKind::Full => ('U', 2),
                ByeKind::Half => ('H', 1),
                ByeKind::Zero => ('Z', 0),
            };
            blocks[i][r] = (0, '-', code);
            halves[i] += h;
        }
    }
    // Rank by score, then start number (the file's rank column only).
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(halves[i]), i));
    let mut rank = vec![0; n];
    for (k, &i) in order.iter().enumerate() {
        rank[i] = k + 1;
    }
    let mut out = String::with_capacity(n * (92 + 10 * rounds as usize));
    out.push_str(&format!("012 Synthetic Open {n}x{rounds} seed {seed}\n"));
    out.push_str("022 Benchmark City\n032 USA\n042 2025/01/04\n052 2025/01/12\n");
    out.push_str(&format!("062 {n}\n072 {n}\n092 Individual: Swiss-System\n"));
    out.push_str("102 Chief Arbiter\n");
    out.push_str(&format!("XXR {rounds}\n"));
    for i in 0..n {
        let no = i + 1;
        let name = format!("Player{no:05}, Synthetic");
        let points = format!(
            "{}.{}",
            halves[i] / 2,
            if halves[i] % 2 == 1 { 5 } else { 0 }
        );
        out.push_str(&format!(
            "001 {no:>4} m    {name:<33} {rating:>4} USA {fide:>11} 1990/01/01 {points:>4} {rank:>4}",
            rating = ratings[i],
            fide = 90_000_000 + no,
            rank = rank[i],
        ));
        for &(opp, colour, result) in &blocks[i] {
            if opp == 0 {
                out.push_str(&format!("  0000 {colour} {result}"));
            } else {
                out.push_str(&format!("  {opp:>4} {colour} {result}"));
            }
        }
        out.push('\n');
    }
    out
}
