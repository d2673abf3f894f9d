//! Where the tests' data lives (`tests/data` at the top of the
//! repository), as `env!("LEAGUE_TEST_DATA")`, and the folders at the top
//! that this crate reads at compile time, which cargo does not watch by
//! itself.
fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let top = std::path::Path::new(&dir).join("../..");
    let top = top.canonicalize().unwrap_or(top);
    println!(
        "cargo:rustc-env=LEAGUE_TEST_DATA={}",
        top.join("tests/data").display()
    );
    println!("cargo:rerun-if-changed={}", top.join("templates").display());
}
