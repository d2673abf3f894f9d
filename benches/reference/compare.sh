#!/usr/bin/env bash
# Side by side with the reference: FIDE TEC's tiebreak program (gacrux on
# PyPI, tiebreakchecker.py) and `league import trf` + `league standings` on
# the same generated TRF-16 files, at several sizes. A yardstick, not a test:
# gacrux is installed in a throwaway virtual environment that is removed at
# the end, and nothing here is a dependency of the program.
#
#   benches/reference/compare.sh                  # 250, 500, 1000 players x 9 rounds
#   SIZES="1000" ROUNDS=11 benches/reference/compare.sh
#
# Prints, per size, the reference's time, ours (import + standings with the
# same tiebreaks, release build, best of REPEAT runs) and the ratio.
# The files are written by the program itself, one section of the synthetic
# generator exported by its TRF writer (the same files the benchmarks use):
#   league demo --synthetic --seasons 1 --events 1 --sections 1 \
#       --players N --entrants N --rounds R --seed S --out section.db
#   league --db section.db export trf --event "Autumn Swiss 1" --out FILE.trf
set -euo pipefail
cd "$(dirname "$0")/../.."

SIZES="${SIZES:-250 500 1000}"
ROUNDS="${ROUNDS:-9}"
REPEAT="${REPEAT:-5}"
SEED="${SEED:-11}"
TIEBREAKS=(BH/C1 BH SB PS)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "installing gacrux in a throwaway venv ($work/venv) ..." >&2
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check gacrux
pkg="$("$work/venv/bin/python" -c 'import gacrux, os; print(os.path.dirname(gacrux.__file__))')"
version="$("$work/venv/bin/pip" show gacrux | awk '/^Version/ {print $2}')"
[ -f "$pkg/tiebreakchecker.py" ] || { echo "no tiebreakchecker.py in $pkg" >&2; exit 1; }

echo "building league (release) ..." >&2
cargo build --release --locked --quiet --bin league
league="$PWD/target/release/league"

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "gacrux $version: python tiebreakchecker.py -i FILE -f TRF -t PTS ${TIEBREAKS[*]}"
echo "league: import trf FILE + standings --tiebreaks $(IFS=,; echo "${TIEBREAKS[*]}")"
echo
printf '%-8s %-7s %-7s %-14s %-14s %s\n' players rounds games "reference (s)" "league (s)" "ratio"
for n in $SIZES; do
    trf="$work/synthetic-${n}x${ROUNDS}.trf"
    src="$work/section-$n.db"
    rm -f "$src" "$src-wal" "$src-shm"
    "$league" demo --synthetic --seasons 1 --events 1 --sections 1 --players "$n" --entrants "$n" \
        --rounds "$ROUNDS" --seed "$SEED" --out "$src" >"$work/gen.log"
    "$league" --db "$src" export trf --event "Autumn Swiss 1" --out "$trf"
    games="$(sed -n 's/.* entries, \([0-9]*\) games.*/\1/p' "$work/gen.log")"

    t0="$(now)"
    (cd "$pkg" && "$work/venv/bin/python" tiebreakchecker.py -i "$trf" -f TRF -t PTS "${TIEBREAKS[@]}" >"$work/reference-$n.out")
    t1="$(now)"
    ref="$(secs "$t0" "$t1")"

    best=""
    for _ in $(seq "$REPEAT"); do
        db="$work/league-$n.db"
        rm -f "$db" "$db-wal" "$db-shm"
        t0="$(now)"
        "$league" --db "$db" import trf "$trf" --season 2025-26 --event "Synthetic" >/dev/null
        "$league" --db "$db" standings --event "Synthetic" --tiebreaks "$(IFS=,; echo "${TIEBREAKS[*]}")" >"$work/league-$n.out"
        t1="$(now)"
        t="$(secs "$t0" "$t1")"
        if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best="$t"; fi
    done
    ratio="$(awk -v a="$ref" -v b="$best" 'BEGIN { printf "%.0fx", a / b }')"
    printf '%-8s %-7s %-7s %-14s %-14s %s\n' "$n" "$ROUNDS" "$games" "$ref" "$best" "$ratio"
done
