#!/usr/bin/env bash
# Split chess-league's one crate into a Cargo workspace along its layers, so
# that the compiler holds the dependency rule (issue 25, item 5):
#
#   domain ← interchange (+ input, export) ← store (+ error, outfile)
#          ← app (+ demo) ← report ← site ← the root package (cli, web, the
#            `league` binary, and a small library that re-exports the crates
#            under their old names: chess_league::store, ...)
#
# Usage:  tools/split-workspace.sh          (from anywhere inside the clone)
#
# Run it on a clean tree (commit first). It moves files with `git mv`, so
# history follows them, and writes the crates' manifests. It is idempotent:
# run on a tree that is already split it moves whatever a later merge left
# in the old folders (src/store/new_file.rs, ...) and writes the manifests
# again from what the code uses. It stops with a message naming the file
# when something does not fit (a new top-level module it has no crate for,
# a lower crate naming a higher one, a file that exists on both sides).
#
# What it writes:
# - crates/<name>/src/: the module's folder, its mod.rs as lib.rs (module
#   doc kept), plus `#![forbid(unsafe_code)]` and a marked block of aliases
#   (`use crate as store;`, `use league_domain as domain;`, ...) so that the
#   old paths (`crate::store::facts`, `crate::domain::score`) still resolve;
# - crates/<name>/Cargo.toml: dependencies found by reading the code (a
#   crate named only in test code becomes a dev-dependency), `workspace =
#   true` everywhere, the workspace's lints;
# - crates/<name>/build.rs where a crate reads tests/data, migrations/ or
#   templates/ at compile time; crates/site/askama.toml;
# - the root Cargo.toml's [workspace] tables (members, default-members so
#   that a plain `cargo test` tests every crate, package fields,
#   dependencies, lints);
# - tests/suite/layers.rs: only the checks the crates cannot express.
#
# Afterwards: cargo fmt --all && cargo test (the script runs `cargo
# metadata` so that Cargo.lock lists the new crates).
set -euo pipefail

die() {
    echo "split-workspace: $*" >&2
    exit 1
}

top=$(git rev-parse --show-toplevel 2>/dev/null) || die "not inside a git clone"
cd "$top"
grep -q '^name = "chess-league"' Cargo.toml || die "$top/Cargo.toml is not chess-league's"
command -v python3 >/dev/null || die "python3 is needed (it edits the Rust and TOML files)"
python3 -c 'import tomllib' 2>/dev/null || die "python3 3.11 or newer is needed (tomllib)"
if [ -n "$(git status --porcelain)" ] && [ -z "${SPLIT_DIRTY_OK:-}" ]; then
    git status --short >&2
    die "the tree has uncommitted changes: commit them first (or set SPLIT_DIRTY_OK=1)"
fi

python3 "$top/tools/split_workspace.py"

cargo metadata --offline --format-version 1 >/dev/null ||
    cargo metadata --format-version 1 >/dev/null ||
    die "cargo could not read the new workspace (see above)"
cargo fmt --all
git add -A crates Cargo.toml Cargo.lock src tests README.md
echo "split-workspace: done; now run: cargo test  (and cargo clippy --all-targets -- -D warnings)"
