//! Rebuild when a migration or template changes: `embed_migrations!` and the
//! template crate read these folders at compile time, and cargo does not know.
//!
//! Also defines, once, where the tests' data lives (`tests/data`, inside the
//! repository: a clone needs nothing beside it). Unit tests, the test suite
//! and the benches read it as `env!("LEAGUE_TEST_DATA")`.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-changed=templates");
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    println!("cargo:rustc-env=LEAGUE_TEST_DATA={dir}/tests/data");
}
