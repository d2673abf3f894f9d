"""The work of tools/split-workspace.sh (run that, not this): move the
layers of chess-league's one crate into crates/, write their manifests and
the aliases that keep the old `crate::layer::` paths compiling.

Everything it knows about the project is in the tables at the top."""

import os
import re
import subprocess
import sys
import tomllib

# The crates, lowest first: package name suffix, what it holds, and the
# crates below it that it may use (the layer rule; a crate depends on those
# of them its code names).
CRATES = [
    ("domain", "The pure core of a chess league: scores as halves, records, tiebreaks, standings, pairing engines. No I/O; std, serde and name folding only.", []),
    ("interchange", "The file models chess-league shares with other programs (TRF, JSON, dBase), their parsers (input) and writers (export).", ["domain"]),
    ("store", "The league's SQLite file: open, migrate, typed reads and writes. The only crate that speaks SQL.", ["domain", "interchange"]),
    ("app", "One function per secretary's action: typed input, a transaction, a typed outcome or refusal; and the demo league.", ["domain", "interchange", "store"]),
    ("report", "Standings, team events, history and rating reports: the store and the domain joined.", ["domain", "interchange", "store", "app"]),
    ("site", "The static results site: page models, pure rendering, one writer that stays inside its folder.", ["domain", "interchange", "store", "app", "report"]),
]
ORDER = [c[0] for c in CRATES]
LOWER = {c[0]: c[2] for c in CRATES}
DESCRIPTION = {c[0]: c[1] for c in CRATES}

# Old top-level module -> (crate, how it moves). "root": its folder becomes
# the crate's src/ and its mod.rs the lib.rs; "sub": a module of the crate;
# a crate without a "root" module (app, before src/app exists) gets a lib.rs
# written from LIB_DOC.
MODULES = {
    "domain": ("domain", "root"),
    "parallel": ("domain", "sub"),
    "interchange": ("interchange", "root"),
    "input": ("interchange", "sub"),
    "export": ("interchange", "sub"),
    "store": ("store", "root"),
    "error": ("store", "sub"),
    "outfile": ("store", "sub"),
    "app": ("app", "root"),
    "demo": ("app", "sub"),
    "report": ("report", "root"),
    "site": ("site", "root"),
}
# Top-level modules that stay in the root package.
ROOT_MODULES = {"cli", "web"}
REQUIRED = ["domain", "parallel", "interchange", "input", "export", "store", "error", "outfile", "demo", "report", "site"]
LIB_DOC = {
    "app": "//! The application layer: one function per secretary's action, and the\n//! demo league written through them.\n",
}

BEGIN = "// split-workspace: the paths of the one-crate layout (`crate::store::x`,\n// `crate::domain::y`) resolve here too, so code moved as it was.\n"
END = "// split-workspace: end of aliases\n"

TOP = os.getcwd()


def die(msg):
    print(f"split-workspace: {msg}", file=sys.stderr)
    sys.exit(1)


def git(*args):
    subprocess.run(["git", *args], check=True)


def pkg(crate):
    return f"league-{crate}"


def lib(crate):
    return f"league_{crate}"


def crate_src(crate):
    return f"crates/{crate}/src"


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def write(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def rust_files(d):
    out = []
    for root, _, names in os.walk(d):
        out += [os.path.join(root, n) for n in names if n.endswith(".rs")]
    return sorted(out)


# ---------------------------------------------------------------- checks

def check_top_level():
    """Every module of src/ must have a place."""
    known = set(MODULES) | ROOT_MODULES | {"lib", "main"}
    for name in sorted(os.listdir("src")):
        m = name[:-3] if name.endswith(".rs") else name
        if m not in known and (name.endswith(".rs") or os.path.isdir(f"src/{name}")):
            die(f"src/{name}: no crate is named for this module; add it to MODULES in tools/split_workspace.py")
    for m in REQUIRED:
        c, _ = MODULES[m]
        here = os.path.exists(f"src/{m}") or os.path.exists(f"src/{m}.rs")
        moved = os.path.exists(new_home(m)) or os.path.exists(new_home(m) + ".rs") or (
            MODULES[m][1] == "root" and os.path.exists(f"{crate_src(c)}/lib.rs"))
        if not here and not moved:
            die(f"src/{m} is missing and was not moved before: is this chess-league's tree?")


def new_home(m):
    c, how = MODULES[m]
    return crate_src(c) if how == "root" else f"{crate_src(c)}/{m}"


# ------------------------------------------------------------------ moves

MOVED = {}  # new path -> old path, for every file moved in this run


def move(old, new):
    if os.path.exists(new):
        die(f"{old} and {new} both exist: merge them by hand, then run again")
    os.makedirs(os.path.dirname(new), exist_ok=True)
    git("mv", old, new)
    MOVED[new] = old


def move_module(m):
    c, how = MODULES[m]
    home = new_home(m)
    if how == "root":
        # src/m.rs (2018-style module file) or src/m/mod.rs becomes lib.rs.
        for head in (f"src/{m}.rs", f"src/{m}/mod.rs"):
            if os.path.exists(head):
                move(head, f"{home}/lib.rs")
        if os.path.isdir(f"src/{m}"):
            for f in tracked(f"src/{m}"):
                move(f, f"{home}/{os.path.relpath(f, f'src/{m}')}")
    else:
        if os.path.exists(f"src/{m}.rs"):
            move(f"src/{m}.rs", f"{home}.rs")
        if os.path.isdir(f"src/{m}"):
            for f in tracked(f"src/{m}"):
                move(f, f"{home}/{os.path.relpath(f, f'src/{m}')}")
    if os.path.isdir(f"src/{m}"):
        for root, _, _ in sorted(os.walk(f"src/{m}"), key=lambda w: -len(w[0])):
            if not os.listdir(root):
                os.rmdir(root)
    if os.path.isdir(f"src/{m}"):
        die(f"src/{m} still holds files git does not track: {os.listdir(f'src/{m}')}")


def tracked(d):
    out = subprocess.run(["git", "ls-files", d], check=True, capture_output=True, text=True).stdout
    return [l for l in out.splitlines() if l]


def move_sql_ids():
    """The ids' SQL binding (rusqlite's ToSql/FromSql for the domain's id
    types) must live beside the types (the orphan rule), behind the domain's
    `sql` feature that only the store turns on."""
    old = f"{crate_src('store')}/ids.rs"
    new = f"{crate_src('domain')}/ids/sql.rs"
    if not os.path.exists(old):
        return
    move(old, new)
    text = read(new)
    text = re.sub(r"\A(//![^\n]*\n)+",
                  "//! The typed row ids as SQL values: each binds as its `INTEGER` row id\n"
                  "//! (`params![event.id]`) and is read back from an `INTEGER` column. Only\n"
                  "//! with the `sql` feature, which the store turns on: here rather than in\n"
                  "//! the store because a trait of rusqlite may be implemented only beside\n"
                  "//! the type (the orphan rule), and behind a feature so that nothing else\n"
                  "//! of the domain names a database library.\n", text)
    write(new, text)
    store_lib = f"{crate_src('store')}/lib.rs"
    s = read(store_lib)
    s2 = re.sub(r"^pub mod ids;\n", "", s, flags=re.M)
    if s2 == s:
        die(f"{store_lib}: no `pub mod ids;` line to remove after moving ids.rs")
    write(store_lib, s2)
    ids = f"{crate_src('domain')}/ids.rs"
    t = read(ids)
    if "mod sql;" not in t:
        t = t.rstrip("\n") + "\n\n#[cfg(feature = \"sql\")]\nmod sql;\n"
        write(ids, t)


# ------------------------------------------------------------ path fixes

def old_of(new):
    return MOVED.get(new, new)


def remap(old_repo_path):
    """Where a file of the old layout is now (repository-relative)."""
    p = os.path.normpath(old_repo_path)
    for new, old in MOVED.items():
        if os.path.normpath(old) == p:
            return new
    return p


def fix_paths(path):
    """include_str!/include_bytes! relative to a moved file, and paths from
    CARGO_MANIFEST_DIR (now the crate's folder, not the repository's top)."""
    if path not in MOVED:
        return
    old_dir = os.path.dirname(MOVED[path])
    new_dir = os.path.dirname(path)
    crate_dir = "/".join(path.split("/")[:2])
    text = read(path)

    def rel_include(m):
        lit = m.group(2)
        target = remap(os.path.join(old_dir, lit))
        return f'{m.group(1)}"{os.path.relpath(target, new_dir)}"'

    text2 = re.sub(r'(include_(?:str|bytes)!\(\s*)"([^"]+)"', rel_include, text)

    def rel_manifest(m):
        lit = m.group(2).lstrip("/")
        target = remap(lit)
        return f'{m.group(1)}"/{os.path.relpath(target, crate_dir)}"'

    text2 = re.sub(r'(env!\("CARGO_MANIFEST_DIR"\),\s*)"([^"]+)"', rel_manifest, text2)

    def migrations(m):
        return f'embed_migrations!("{os.path.relpath(m.group(1), crate_dir)}")'

    text2 = re.sub(r'embed_migrations!\("([^"]+)"\)', migrations, text2)
    if text2 != text:
        write(path, text2)
    # A use not followed by a path literal (Path::new(env!(..)).join(..)):
    # the script cannot tell where it points; say so.
    for m in re.finditer(r'env!\("CARGO_MANIFEST_DIR"\)(?!,\s*")', text2):
        line = text2.count("\n", 0, m.start()) + 1
        print(f"split-workspace: check by hand, {path}:{line}: CARGO_MANIFEST_DIR is now crates/<name>/", file=sys.stderr)


def doc_paths(path):
    """Doc examples name the library as users see it: `chess_league::store::`
    becomes `league_store::` inside the crates (a doctest of a crate cannot
    reach the root package)."""
    text = read(path)
    if "chess_league::" not in text:
        return

    def repl(m):
        name = m.group(1)
        if name not in MODULES:
            die(f"{path} names chess_league::{name}, which no crate below the root package holds")
        c, how = MODULES[name]
        return f"{lib(c)}::" if how == "root" else f"{lib(c)}::{name}::"

    write(path, re.sub(r"\bchess_league::(\w+)::", repl, text))


# ------------------------------------------------------- reading the code

def strip_comments(text):
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def split_test(path, text):
    """(production code, test code) of a file: a file of tests, or what
    follows its first `#[cfg(test)]`."""
    base = os.path.basename(path)
    if "/tests/" in path or base in ("tests.rs", "proptests.rs", "testkit.rs") or "/benches/" in path or path.startswith(("tests/", "benches/")):
        return "", text
    i = text.find("#[cfg(test)]")
    return (text, "") if i < 0 else (text[:i], text[i:])


def uses(code, ident):
    return re.search(rf"(?<![\w:]){ident}(::|!|\s*;|\s+as\b)", code) is not None


def modules_named(text):
    """Top-level modules of the old crate named by `crate::x` (code or docs),
    outside the aliases block this script writes."""
    text = re.sub(re.escape(BEGIN) + r".*?" + re.escape(END), "", text, flags=re.S)
    return set(re.findall(r"\bcrate::(\w+)", text))


# -------------------------------------------------------------- manifests

DEP_LINE = re.compile(r'^([A-Za-z0-9_-]+)\s*=\s*(.+)$')


def sections(text):
    """[(header, [lines])] of a TOML file, text kept as it is."""
    out = [("", [])]
    for line in text.splitlines():
        if re.match(r"^\s*\[", line):
            out.append((line.strip(), []))
        else:
            out[-1][1].append(line)
    return out


def catalog(manifest_text):
    """Every dependency the workspace knows: name -> its spec as written
    (with the comment lines above it), from [workspace.dependencies] and
    from any plain dependency of the root package (a merge may add one)."""
    deps = {}
    for header, lines in sections(manifest_text):
        if header not in ("[dependencies]", "[dev-dependencies]", "[workspace.dependencies]", "[build-dependencies]"):
            continue
        comment = []
        for line in lines:
            s = line.strip()
            if not s:
                comment = []
                continue
            if s.startswith("#"):
                comment.append(line)
                continue
            m = DEP_LINE.match(s)
            if not m:
                die(f"Cargo.toml, {header}: cannot read the line {line!r} (one dependency per line, please)")
            name, spec = m.group(1), m.group(2)
            if "workspace = true" in spec or name.startswith("league-"):
                comment = []
                continue
            deps[name] = (comment, spec)
            comment = []
    return deps


def scan(files, deps):
    """(normal, dev) external dependencies the files name."""
    normal, dev = set(), set()
    for f in files:
        prod, test = split_test(f, strip_comments(read(f)))
        for name in deps:
            ident = name.replace("-", "_")
            if uses(prod, ident):
                normal.add(name)
            elif uses(test, ident):
                dev.add(name)
    return normal, dev - normal


def crate_manifest(c, normal, dev, internal, dev_internal, features):
    lines = [
        "[package]",
        f'name = "{pkg(c)}"',
        f'description = "{DESCRIPTION[c]}"',
        "version.workspace = true",
        "edition.workspace = true",
        "rust-version.workspace = true",
        "license.workspace = true",
        "publish = false",
        "",
    ]
    if features:
        lines += ["[features]"] + features + [""]
    lines += ["[dependencies]"]
    for d in internal:
        extra = ', features = ["sql"]' if (c == "store" and d == "domain") else ""
        lines.append(f"{pkg(d)} = {{ workspace = true{extra} }}")
    for d in sorted(normal):
        extra = ", optional = true" if (c == "domain" and d == "rusqlite") else ""
        lines.append(f"{d} = {{ workspace = true{extra} }}")
    lines.append("")
    if dev or dev_internal:
        lines.append("[dev-dependencies]")
        for d, feats in dev_internal:
            lines.append(f'{pkg(d)} = {{ workspace = true, features = {feats} }}')
        for d in sorted(dev):
            lines.append(f"{d} = {{ workspace = true }}")
        lines.append("")
    lines += ["[lints]", "workspace = true", ""]
    return "\n".join(lines)


def root_manifest(text, deps, normal, dev):
    pkg_fields = {}
    out = []
    for header, lines in sections(text):
        if header in ("[dependencies]", "[dev-dependencies]", "[lints.rust]", "[lints]") or header.startswith("[workspace"):
            # Comment lines just above a dropped table belong to it.
            if out:
                prev = out[-1][1]
                while prev and (prev[-1].strip().startswith("#") or not prev[-1].strip()):
                    prev.pop()
                prev.append("")
            continue
        if header == "[package]":
            kept = []
            for line in lines:
                m = re.match(r'^(version|edition|rust-version|license)\s*=\s*(.+)$', line.strip())
                if m and ".workspace" not in line:
                    pkg_fields[m.group(1)] = m.group(2)
                    kept.append(f"{m.group(1)}.workspace = true")
                else:
                    kept.append(line)
            lines = kept
        if header == "[features]":
            lines = [re.sub(r'^testing = \[\]', 'testing = ["league-domain/testing"]', l) for l in lines]
        out.append((header, lines))
    old = tomllib.loads(text)
    wp = old.get("workspace", {}).get("package", {})
    for k in ("version", "edition", "rust-version", "license"):
        if k not in pkg_fields and k in wp:
            pkg_fields[k] = f'"{wp[k]}"'
        if k not in pkg_fields:
            die(f"Cargo.toml: the package's {k} is not given")
    body = []
    for header, lines in out:
        if header:
            body.append(header)
        body += lines
    text = "\n".join(body).rstrip("\n") + "\n"
    ws = [
        "",
        "# The crates of the workspace, one per layer (tools/split-workspace.sh;",
        "# the rule is in README.md and src/lib.rs). default-members: a plain",
        "# `cargo test` (and build, clippy, doc) covers every crate.",
        "[workspace]",
        'members = ["crates/*"]',
        'default-members = [".", "crates/*"]',
        'resolver = "2"',
        "",
        "[workspace.package]",
    ] + [f"{k} = {pkg_fields[k]}" for k in ("version", "edition", "rust-version", "license")] + [
        "",
        "[workspace.dependencies]",
    ]
    for c in ORDER:
        ws.append(f'{pkg(c)} = {{ path = "crates/{c}", version = {pkg_fields["version"]} }}')
    for name, (comment, spec) in deps.items():
        ws += comment + [f"{name} = {spec}"]
    ws += [
        "",
        "# Every public item says what it is (issue 13); clippy's `-D warnings` in",
        "# CI turns a missing doc into a failure. No crate has unsafe code.",
        "[workspace.lints.rust]",
        'missing_docs = "warn"',
        'unsafe_code = "forbid"',
        "",
        "[lints]",
        "workspace = true",
        "",
        "[dependencies]",
    ]
    ws += [f"{pkg(c)} = {{ workspace = true }}" for c in ORDER]
    ws += [f"{d} = {{ workspace = true }}" for d in sorted(normal)]
    ws += ["", "[dev-dependencies]"]
    ws += [f"{d} = {{ workspace = true }}" for d in sorted(dev)]
    # [package] first, then the workspace tables and the dependencies.
    i = text.find("\n[", text.find("[package]") + 1)
    return text[:i + 1] + "\n".join(ws).strip("\n") + "\n\n" + text[i + 1:]


# ------------------------------------------------------------ crate roots

def lib_path(c):
    return f"{crate_src(c)}/lib.rs"


def doc_end(text):
    """Index just after the leading `//!` lines and inner attributes."""
    i = 0
    lines = text.splitlines(keepends=True)
    k = 0
    depth = 0
    while k < len(lines):
        s = lines[k].strip()
        if depth > 0:
            depth += s.count("(") + s.count("[") - s.count(")") - s.count("]")
        elif s.startswith("//!") or s == "":
            pass
        elif s.startswith("#!["):
            depth = s.count("(") + s.count("[") - s.count(")") - s.count("]")
        else:
            break
        i += len(lines[k])
        k += 1
    return i


def doc_block_end(text):
    m = re.match(r"(?:[ \t]*//![^\n]*\n)*", text)
    return m.end()


def write_crate_root(c, subs, deps_used):
    path = lib_path(c)
    if not os.path.exists(path):
        if c not in LIB_DOC:
            die(f"{path} is missing and there is no module to make it from")
        write(path, LIB_DOC[c])
    text = read(path)
    text = re.sub(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?", "", text, flags=re.S)
    if "#![forbid(unsafe_code)]" not in text:
        j = doc_block_end(text)
        text = text[:j] + "#![forbid(unsafe_code)]\n" + text[j:]
    block = [BEGIN]
    names = [f"crate as {c}"]
    for lower in deps_used:
        for m, (mc, how) in MODULES.items():
            if mc == lower:
                names.append(f"{lib(lower)} as {m}" if how == "root" else f"{lib(lower)}::{m}")
    block.append("#[allow(unused_imports, reason = \"aliases for the paths of the one-crate layout\")]\n")
    block.append("use {" + ", ".join(names) + "};\n")
    block.append(END)
    mods = [m for m in subs if not re.search(rf"^\s*pub mod {m};", text, re.M)]
    i = doc_end(text)
    ins = "".join(block) + "\n" + "".join(f"pub mod {m};\n" for m in mods)
    text = text[:i].rstrip("\n") + "\n\n" + ins + "\n" + text[i:].lstrip("\n")
    write(path, text)


DOCTESTS = {
    "domain": (
        "//!\n//! The domain uses none of the league's other crates; an import of the\n"
        "//! store, for one, does not compile:\n//!\n//! ```compile_fail\n"
        "//! use league_store::Store;\n//! ```\n"
    ),
    "store": (
        "//!\n//! The store may use the domain and the file models, never the layers\n"
        "//! above it: this compiles,\n//!\n//! ```\n//! use league_domain::score;\n"
        "//! use league_interchange::input::InputError;\n//! use league_store::Store;\n//! ```\n//!\n"
        "//! and an import of the application layer (or the reports, the site, the\n"
        "//! CLI) does not:\n//!\n//! ```compile_fail\n//! use league_app::demo;\n//! ```\n"
    ),
    "app": (
        "//!\n//! The application layer may use the store, never what is above it (the\n"
        "//! reports, the site, the front ends): this compiles,\n//!\n//! ```\n"
        "//! use league_app::demo;\n//! use league_store::Store;\n//! ```\n//!\n"
        "//! and this does not:\n//!\n//! ```compile_fail\n//! use league_site::render;\n//! ```\n"
    ),
}


def add_doctest(c):
    path = lib_path(c)
    text = read(path)
    marker = {"domain": "//! use league_store::Store;\n", "store": "//! use league_app::demo;\n", "app": "//! use league_site::render;\n"}[c]
    if marker in text:
        return
    j = doc_block_end(text)
    write(path, text[:j] + DOCTESTS[c] + text[j:])


def write_build_rs(c, files):
    text = "".join(read(f) for f in files)
    watch = []
    if "embed_migrations!" in text:
        watch.append("migrations")
    if re.search(r"askama::|#\[template\(", text):
        watch.append("templates")
    if not watch and "LEAGUE_TEST_DATA" not in text:
        if os.path.exists(f"crates/{c}/build.rs"):
            git("rm", "-q", f"crates/{c}/build.rs")
        return
    lines = "".join(f'    println!("cargo:rerun-if-changed={{}}", top.join("{w}").display());\n' for w in watch) or '    println!("cargo:rerun-if-changed=build.rs");\n'
    write(f"crates/{c}/build.rs", f"""//! Where the tests' data lives (`tests/data` at the top of the
//! repository), as `env!("LEAGUE_TEST_DATA")`, and the folders at the top
//! that this crate reads at compile time, which cargo does not watch by
//! itself. Written by tools/split-workspace.sh.
fn main() {{
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let top = std::path::Path::new(&dir).join("../..");
    let top = top.canonicalize().unwrap_or(top);
    println!("cargo:rustc-env=LEAGUE_TEST_DATA={{}}", top.join("tests/data").display());
{lines}}}
""")
    if "templates" in watch:
        write(f"crates/{c}/askama.toml", "# The templates live at the top of the repository (the web console's\n# too), not in this crate's folder.\n[general]\ndirs = [\"../../templates\"]\n")


ROOT_DOC = """//! chess-league: a chess league's records in one SQLite file.
//!
//! A Cargo workspace, one crate per layer, so that the compiler holds the
//! dependency rule: a crate can use only the crates below it.
//!
//! ```text
//! league-domain        scores, records, tiebreaks, standings, pairing; std (+ serde)
//!   ↑
//! league-interchange   file models (TRF, JSON, dBase), input (parsers), export (writers)
//!   ↑
//! league-store         SQL only: open, migrate, typed rows; error, outfile
//!   ↑
//! league-app           one function per secretary's action; the demo league
//!   ↑
//! league-report        standings, team events, history, rating reports
//!   ↑
//! league-site          the static results site
//!   ↑
//! chess-league         this package: cli, web, the `league` binary
//! ```
//!
//! This library re-exports each crate under the name its module had before
//! the split (`chess_league::store`, `chess_league::domain`, ...), so the
//! binary, the test suite and the benches keep their paths. Inside a crate
//! the lower crates go by the same names (`crate::domain::score`).
//! `tests/suite/layers.rs` checks what the crates cannot express: no SQL
//! outside the store, input and export (one crate) never using each other.
"""


def write_root_lib(has):
    path = "src/lib.rs"
    text = read(path)
    rest = text[doc_block_end(text):].lstrip("\n")
    rest = rest.removeprefix("#![forbid(unsafe_code)]\n").lstrip("\n")
    text = ROOT_DOC + "#![forbid(unsafe_code)]\n\n" + rest
    for m, (c, how) in MODULES.items():
        repl = f"pub use {lib(c)} as {m};" if how == "root" else f"pub use {lib(c)}::{m};"
        text, n = re.subn(rf"^pub mod {m};$", repl, text, flags=re.M)
        if n == 0 and repl not in text and m in has:
            text = text.rstrip("\n") + "\n" + repl + "\n"
    write(path, text)


# ------------------------------------------------------------------- main

def main():
    check_top_level()
    has = {m for m in MODULES if os.path.exists(f"src/{m}") or os.path.exists(f"src/{m}.rs") or os.path.exists(new_home(m)) or os.path.exists(new_home(m) + ".rs")}
    for m in MODULES:
        if m in has:
            move_module(m)
    move_sql_ids()

    manifest = read("Cargo.toml")
    deps = catalog(manifest)
    files = {c: rust_files(crate_src(c)) for c in ORDER}
    for c in ORDER:
        for f in files[c]:
            fix_paths(f)
            doc_paths(f)

    # Which lower crates each crate names, and nothing above it.
    internal = {}
    for c in ORDER:
        named = set()
        for f in files[c]:
            for m in modules_named(read(f)):
                if m in ROOT_MODULES:
                    die(f"{f} names crate::{m}, which stays in the root package above every crate")
                if m not in MODULES:
                    continue
                mc = MODULES[m][0]
                if mc == c:
                    continue
                if mc not in LOWER[c]:
                    die(f"{f} names crate::{m} (crate {mc}), which is not below {c}: the layer rule forbids it")
                named.add(mc)
        if c == "store":
            named.add("domain")
        internal[c] = [d for d in ORDER if d in named]

    for c in ORDER:
        sql_ids = f"{crate_src('domain')}/ids/sql.rs"
        scan_files = [f for f in files[c] if f != sql_ids]
        normal, dev = scan(scan_files, deps)
        features = []
        dev_internal = []
        if c == "domain":
            features = [
                "# The ids' SQL binding (ids/sql.rs): on only in the store's build.",
                'sql = ["dep:rusqlite"]',
                "# Helpers other crates' tests use (standings::sample).",
                "testing = []",
            ]
            normal.add("rusqlite")
        if c != "domain" and any("standings::sample" in read(f) for f in files[c]):
            dev_internal.append(("domain", '["testing"]'))
        write(f"crates/{c}/Cargo.toml", crate_manifest(c, normal, dev, internal[c], dev_internal, features))
        subs = [m for m, (mc, how) in MODULES.items() if mc == c and how == "sub" and m in has]
        write_crate_root(c, subs, internal[c])
        write_build_rs(c, files[c])
        if c in DOCTESTS:
            add_doctest(c)

    root_src = [f for f in rust_files("src")]
    normal, _ = scan(root_src, deps)
    test_files = rust_files("tests") + rust_files("benches")
    tn, td = scan(test_files, deps)
    dev = (tn | td) - normal
    write("Cargo.toml", root_manifest(manifest, deps, normal, dev))
    # A crate made without its module (app before src/app) is re-exported too.
    write_root_lib(has | {m for m, (c, how) in MODULES.items() if how == "root" and os.path.exists(lib_path(c))})
    write_layers_test()
    write_readme_layout()


def write_readme_layout():
    """The README's layout paragraph (Development) describes the crates."""
    here = os.path.dirname(os.path.abspath(__file__))
    new = read(os.path.join(here, "split-workspace", "readme-layout.md"))
    text = read("README.md")
    for start in ("Layout (the dependency rule is", "Layout: a Cargo workspace"):
        i = text.find(start)
        if i < 0:
            continue
        j = text.find("`benches/`.\n", i)
        if j < 0:
            die("README.md: the layout paragraph does not end with `benches/`. as expected")
        j += len("`benches/`.\n")
        write("README.md", text[:i] + new + text[j:])
        return
    print("split-workspace: README.md has no layout paragraph to rewrite; update it by hand", file=sys.stderr)


def write_layers_test():
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.path.join(here, "split-workspace", "layers.rs")
    if not os.path.exists(src):
        die(f"{src} is missing")
    write("tests/suite/layers.rs", read(src))


if __name__ == "__main__":
    main()
