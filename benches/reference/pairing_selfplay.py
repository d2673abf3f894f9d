#!/usr/bin/env python3
"""Make random tournaments paired entirely by `league pair` (FIDE Dutch),
round after round, and check every round of them with caissify-pairings'
free pairings checker (the function behind `caissify-pairings-check`,
which re-pairs each round with caissify's own Dutch engine).

Usage (with the Python of a virtual environment that has caissify-pairings;
`pairing_compare.sh` makes one):

    pairing_selfplay.py LEAGUE_BINARY OUT_DIR COUNT PLAYERS ROUNDS SEED [BYE_RATE]

Each tournament: PLAYERS players with random ratings (start numbers by
rating), `XXR ROUNDS`, `XXC white1`. Before each round from the second, a
player asks for a half-point bye (`0000 - H`) with probability BYE_RATE
(default 0.02); then `league pair FILE
--format trf` pairs the round and writes it into the file, and this script
gives each board a result: a forfeit (`+`/`-`) with probability 3%, else
White's expected score by the Elo formula with a draw rate of 25%. The
pairing-allocated bye is worth a win. The files are written to OUT_DIR.

Every round the checker reports as different is sorted: different only on
boards where caissify gives 5.2.4 to the lower pairing number instead of the
higher score (as in `pairing_compare.py`; the rule difference explained in
BENCHMARKS.md); different because our bye went to a player who had asked
for a half-point bye earlier, whom the checker bars from the
pairing-allocated bye (its input counts every bye as a PAB, while C2 bars
only a player who had a PAB or scored a win's points without playing); or
different otherwise (printed).
A script, not a test.
"""
import os
import random
import subprocess
import sys

from caissify_pairings.fpc import check_trf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pairing_compare import rank_by_number  # noqa: E402

POINTS = {"1": 2, "+": 2, "F": 2, "U": 2, "=": 1, "H": 1}


def player_line(number, rating, cells):
    halves = sum(POINTS.get(c[7], 0) for c in cells)
    head = list(" " * 91)
    for at, text in (
        (0, "001"),
        (4, f"{number:4d}"),
        (14, f"Player{number}"),
        (48, f"{rating:4d}"),
        (80, f"{halves / 2:4.1f}"),
        (85, f"{number:4d}"),
    ):
        head[at:at + len(text)] = text
    return ("".join(head) + "".join(cells)).rstrip() + "\n"


def read_cells(line):
    out = []
    i = 91
    body = line.rstrip("\n")
    while i + 6 <= len(body):
        out.append(body[i:i + 10].ljust(10))
        i += 10
    return out


def requested_before(lines, player, n):
    """Whether `player` had a requested bye (`0000 - H|Z`) before round n."""
    for line in lines:
        if line.startswith("001") and int(line[4:8]) == player:
            return any(c.startswith("0000") and c[7] in "HZ" for c in read_cells(line)[: n - 1])
    return False


def tournament(league, path, players, rounds, rng, bye_rate):
    ratings = sorted((rng.randint(1400, 2600) for _ in range(players)), reverse=True)
    cells = {n: [] for n in range(1, players + 1)}

    def write():
        with open(path, "w", encoding="utf-8") as f:
            f.write(f"012 Self-play {os.path.basename(path)}\nXXR {rounds}\nXXC white1\n")
            for n in range(1, players + 1):
                f.write(player_line(n, ratings[n - 1], cells[n]))

    for r in range(1, rounds + 1):
        for n in cells:
            if r > 1 and rng.random() < bye_rate:
                cells[n].append("0000 - H  ")
        write()
        out = subprocess.run(
            [league, "pair", path, "--format", "trf"], capture_output=True, text=True
        )
        if out.returncode != 0:
            return f"round {r}: league refused: {out.stderr.strip()}"
        paired = {}
        for line in out.stdout.splitlines():
            if line.startswith("001"):
                cs = read_cells(line)
                paired[int(line[4:8])] = cs[r - 1] if len(cs) >= r else None
        for n in cells:
            if len(cells[n]) >= r:
                continue  # the requested bye
            cell = paired.get(n)
            if cell is None or cell[:4].strip() in ("", "0000"):
                code = cell[7] if cell else " "
                cells[n].append("0000 - U  " if code == "U" else "0000 - -  ")
                continue
            cells[n].append(cell)
        done = set()
        for n in cells:
            cell = cells[n][r - 1]
            opp = int(cell[:4])
            if opp == 0 or n in done:
                continue
            done |= {n, opp}
            white, black = (n, opp) if cell[5] == "w" else (opp, n)
            if rng.random() < 0.03:
                res = rng.choice([("+", "-"), ("-", "+")])
            else:
                e = 1 / (1 + 10 ** ((ratings[black - 1] - ratings[white - 1]) / 400))
                x = rng.random()
                res = ("1", "0") if x < e - 0.125 else ("=", "=") if x < e + 0.125 else ("0", "1")
            cells[white][r - 1] = f"{black:4d} w {res[0]}  "
            cells[black][r - 1] = f"{white:4d} b {res[1]}  "
    write()
    return None


def main():
    league, out_dir, count, players, rounds, seed = sys.argv[1:7]
    bye_rate = float(sys.argv[7]) if len(sys.argv) > 7 else 0.02
    count, players, rounds = int(count), int(players), int(rounds)
    rng = random.Random(int(seed))
    os.makedirs(out_dir, exist_ok=True)
    checked = matched = explained = barred = 0
    for k in range(1, count + 1):
        path = os.path.join(out_dir, f"self_{players}x{rounds}_{seed}_{k:03d}.trf")
        err = tournament(league, path, players, rounds, rng, bye_rate)
        if err:
            print(f"{path} {err}")
            continue
        text = open(path, encoding="utf-8").read()
        lines = text.splitlines(keepends=True)
        report = check_trf(text)
        for rnd in report["rounds"]:
            checked += 1
            if rnd["match"]:
                matched += 1
                continue
            n = rnd["round"]
            ours = {(p["white"], p["black"]) for p in rnd["trf_pairings"] if not p.get("bye")}
            theirs = {(p["white"], p["black"]) for p in rnd["engine_pairings"] if not p.get("bye")}
            bye_ours = {p["white"] for p in rnd["trf_pairings"] if p.get("bye")}
            bye_theirs = {p["white"] for p in rnd["engine_pairings"] if p.get("bye")}
            swapped = {(b, w) for w, b in theirs - ours} == ours - theirs
            if bye_ours == bye_theirs and swapped and all(
                rank_by_number(lines, n, w, b) for w, b in theirs - ours
            ):
                explained += 1
            elif any(requested_before(lines, p, n) for p in bye_ours - bye_theirs):
                barred += 1
            else:
                print(
                    f"{path} round {n}: ours {sorted(ours - theirs)} bye {sorted(bye_ours)}; "
                    f"caissify {sorted(theirs - ours)} bye {sorted(bye_theirs)}"
                    + (f" ({rnd.get('engine_error')})" if rnd.get("engine_error") else "")
                )
    print(f"{matched} of {checked} rounds: the checker finds them as caissify pairs them")
    print(f"{explained} more differ only where caissify gives 5.2.4 to the lower pairing number")
    print(
        f"{barred} more differ because the checker bars from the pairing-allocated bye "
        "a player who had a requested half-point bye (C2 bars only a PAB or a win's points)"
    )
    print(f"{checked - matched - explained - barred} differ otherwise")


if __name__ == "__main__":
    main()
