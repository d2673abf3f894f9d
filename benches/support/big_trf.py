#!/usr/bin/env python3
"""A TRF file of N players after ROUNDS-1 rounds, for `league pair` on a
large section (issue 30 item 9; BENCHMARKS.md, "9,999 players").

    python3 benches/support/big_trf.py N ROUNDS [SEED] > big.trf

Made up as `benches/pairing.rs`'s `random_field` makes its fields: random
ratings (30% unrated... here 3%), each earlier round paired greedily (in
score order, each player with the next one not met), random colours and
results, 2% of players taking a half-point bye each round. The file asks
for round ROUNDS (XXR), which `league pair` then pairs.
"""
import random
import sys


def main():
    n = int(sys.argv[1])
    rounds = int(sys.argv[2])
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 29)
    rating = [0 if rng.random() < 0.03 else 1000 + rng.randrange(1400) for _ in range(n)]
    score = [0] * n  # half points
    met = [set() for _ in range(n)]
    cells = [[] for _ in range(n)]
    for _ in range(rounds - 1):
        order = sorted(range(n), key=lambda i: (-score[i], i))
        left = []
        for i in order:
            if rng.random() < 0.02:
                cells[i].append("0000 - H")
                score[i] += 1
            else:
                left.append(i)
        taken = [False] * n
        for k, a in enumerate(left):
            if taken[a]:
                continue
            taken[a] = True
            b = next((x for x in left[k + 1:] if not taken[x] and x not in met[a]), None)
            if b is None:
                cells[a].append("0000 - U")
                score[a] += 2
                continue
            taken[b] = True
            met[a].add(b)
            met[b].add(a)
            w, bl = (a, b) if rng.random() < 0.5 else (b, a)
            r = rng.randrange(3)
            rw, rb = {0: ("1", "0"), 1: ("=", "="), 2: ("0", "1")}[r]
            score[w] += {"1": 2, "=": 1, "0": 0}[rw]
            score[bl] += {"1": 2, "=": 1, "0": 0}[rb]
            cells[w].append(f"{bl + 1:>4} w {rw}")
            cells[bl].append(f"{w + 1:>4} b {rb}")
    out = [f"012 Generated section of {n} players\n", f"XXR {rounds}\n"]
    for i in range(n):
        name = f"Player{i + 1}"
        pts = f"{score[i] / 2:4.1f}"
        line = f"001 {i + 1:>4}      {name:<33} {rating[i]:>4}{'':28}{pts}{'':7}"
        line += "  ".join(cells[i])
        out.append(line.rstrip() + "\n")
    sys.stdout.write("".join(out))


main()
