#!/usr/bin/env bash
# Live comparison of `league pair` (FIDE Dutch) with caissify-pairings, a
# Dutch engine from PyPI (Apache-2.0): its random tournament generator makes
# and pairs tournaments, and pairing_compare.py replays every round of them
# with our engine and counts the rounds that come out the same. Installs the
# package in a throwaway virtual environment; nothing here is a test input.
#
# Then the other way round: pairing_selfplay.py makes tournaments paired
# entirely by `league pair` (random results, some requested half-point
# byes) and runs caissify's free pairings checker on every round of them.
#
# Usage: benches/reference/pairing_compare.sh [COUNT_PER_SIZE]
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-25}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q caissify-pairings
cargo build --release --locked -q
# 101-303: the first sets; 404, 505: where the bye rule was found (tuning
# sets); 1111-1313: fresh sets no rule was tuned on (BENCHMARKS.md).
for spec in "20 7 101" "40 9 202" "75 9 303" "31 9 404" "11 7 505" "11 7 1111" "20 7 1212" "31 9 1313"; do
    set -- $spec
    mkdir -p "$work/rtg/p$1"
    "$work/venv/bin/caissify-pairings-rtg" -n "$count" -p "$1" -r "$2" -o "$work/rtg/p$1" --seed "$3" >/dev/null
done
python3 benches/reference/pairing_compare.py target/release/league "$work"/rtg/*/*.trf
for spec in "11 7 606" "20 7 707" "31 9 808" "40 9 909" "33 9 1010"; do
    set -- $spec
    rate=0.02
    [ "$1" = 33 ] && rate=0
    "$work/venv/bin/python" benches/reference/pairing_selfplay.py target/release/league \
        "$work/self/p$1" "$count" "$1" "$2" "$3" "$rate"
done
