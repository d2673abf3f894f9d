//! `league demo`: a whole fictional season recorded through the same code
//! paths a secretary uses.

use std::path::PathBuf;

use crate::error::Result;

#[derive(clap::Args, Debug)]
pub struct DemoArgs {
    /// Where to write the demo database.
    #[arg(long, default_value = "demo.db")]
    pub out: PathBuf,
}

pub fn run(_args: DemoArgs) -> Result<()> {
    Ok(())
}
