#!/usr/bin/env python3
"""Replay tournaments made and paired by another Dutch engine, round by
round, with `league pair`, and count the rounds where our pairing (pairs,
colours, pairing-allocated bye) is the same as the file's.

Usage: pairing_compare.py LEAGUE_BINARY FILE.trf...

For each file and each round N: the file is cut before round N (rounds
1..N-1 kept, the score column recomputed, `XXR` kept, `XXC white1|black1`
added from player 1's first colour), `league pair CUT --format json` pairs
round N, and the answer is compared with the file's round N. A script, not
a test: it needs the reference engine's files, which `pairing_compare.sh`
makes in a throwaway virtual environment.
"""
import json
import subprocess
import sys
import tempfile

POINTS = {"1": 2, "+": 2, "F": 2, "U": 2, "=": 1, "H": 1}


def cells(line):
    out = []
    i = 91
    while i + 8 <= len(line.rstrip("\n")):
        c = line[i:i + 10]
        opp = c[0:4].strip() or "0"
        out.append((int(opp), c[5:6], c[7:8]))
        i += 10
    return out


def cut(lines, n):
    """The file as it stood before round n was paired."""
    out = []
    first_colour = None
    for line in lines:
        if line.startswith("001"):
            cs = cells(line)
            if line[4:8].strip() == "1" and cs:
                first_colour = cs[0][1]
            kept = cs[: n - 1]
            halves = sum(POINTS.get(r, 0) for _, _, r in kept)
            head = line[:80] + f"{halves / 2:4.1f}" + line[84:91]
            body = "".join(
                f"{o:4d} {c} {r}  " if o else f"0000 - {r}  " for o, c, r in kept
            )
            out.append((head + body).rstrip() + "\n")
        elif line.startswith("XXC"):
            continue
        else:
            out.append(line)
    out.append("XXC " + ("black1" if first_colour == "b" else "white1") + "\n")
    return out


def expected(lines, n):
    pairs, pab = set(), None
    for line in lines:
        if not line.startswith("001"):
            continue
        me = int(line[4:8])
        cs = cells(line)
        if len(cs) < n:
            continue
        o, c, r = cs[n - 1]
        if o and c == "w":
            pairs.add((me, o))
        elif not o and r == "U":
            pab = me
    return pairs, pab


def main():
    league, files = sys.argv[1], sys.argv[2:]
    same = total = 0
    for f in files:
        lines = open(f, encoding="utf-8").readlines()
        rounds = max(len(cells(l)) for l in lines if l.startswith("001"))
        for n in range(1, rounds + 1):
            with tempfile.NamedTemporaryFile("w", suffix=".trf", delete=False) as t:
                t.writelines(cut(lines, n))
            r = subprocess.run(
                [league, "pair", t.name, "--format", "json"],
                capture_output=True,
                text=True,
            )
            total += 1
            want = expected(lines, n)
            if r.returncode != 0:
                print(f"{f} round {n}: league refused: {r.stderr.strip()}")
                continue
            got = json.loads(r.stdout)
            got_pairs = {(p["white"], p["black"]) for p in got["pairs"]}
            got_pab = next((b["player"] for b in got["byes"] if b["kind"] == "pab"), None)
            if (got_pairs, got_pab) == want:
                same += 1
            else:
                print(f"{f} round {n}: differs (ours {sorted(got_pairs - want[0])}, theirs {sorted(want[0] - got_pairs)}, bye {got_pab} v {want[1]})")
    print(f"{same} of {total} rounds identical")


if __name__ == "__main__":
    main()
