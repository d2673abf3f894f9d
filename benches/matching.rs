//! The maximum-weight matcher under the Dutch pairing system
//! (`domain::pairing::matching`, issue 14), on its own: one call of
//! `max_weight_matching` on a complete graph of n players with `Wide<8>`
//! (512-bit) weights shaped like the Dutch system's: a high field that
//! prefers equal scores (so score groups tie in the top bits), then two
//! random low fields that decide within them. n = 200, 500, 1000 show how
//! it grows (O(n³) at worst). The edges are built before measuring; the
//! matcher's own set-up (adjacency, duals) is measured.
//!
//! Run with: `cargo bench --bench matching -- --warm-up-time 1 --measurement-time 5`.
//! Figures: BENCHMARKS.md, "The pairing matcher".

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

use chess_league::domain::pairing::matching::{max_weight_matching, Wide};

/// A small deterministic generator (xorshift64*), so every run measures
/// the same graphs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// The complete graph on `n` players with Dutch-like weights: players
/// have scores 0..=2r in half points (r = 9 rounds); the top field is
/// `64 - |score difference|`, then 40 random bits, then 64 random bits,
/// spread over 400 bits as a real weight would be.
fn dutch_like(n: usize, seed: u64) -> Vec<(usize, usize, Wide<8>)> {
    let mut rng = Rng(seed);
    let scores: Vec<u64> = (0..n).map(|_| rng.next() % 19).collect();
    let mut edges = Vec::with_capacity(n * (n - 1) / 2);
    for u in 0..n {
        for v in u + 1..n {
            let diff = scores[u].abs_diff(scores[v]);
            let mut w = Wide::<8>::from_u64(64 - diff);
            w = (w << 200) | Wide::from_u64(rng.next() >> 24);
            w = (w << 190) | Wide::from_u64(rng.next());
            edges.push((u, v, w));
        }
    }
    edges
}

fn matcher(c: &mut Criterion) {
    let mut group = c.benchmark_group("matcher/dense-wide8");
    group.sample_size(10);
    for n in [200usize, 500, 1000] {
        let edges = dutch_like(n, 0x9e37_79b9_7f4a_7c15 ^ n as u64);
        for (mode, max_cardinality) in [("max-weight", false), ("max-cardinality", true)] {
            group.bench_with_input(BenchmarkId::new(mode, n), &edges, |b, edges| {
                b.iter(|| {
                    let mate = max_weight_matching(n, black_box(edges), max_cardinality);
                    black_box(mate)
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, matcher);
criterion_main!(benches);
