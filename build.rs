//! Rebuild when a migration or template changes: `embed_migrations!` and the
//! template crate read these folders at compile time, and cargo does not know.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-changed=templates");
}
