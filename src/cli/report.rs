//! `league report uscf`: the rating report for US Chess, three dBase III
//! files written to a folder once every field it needs is known.

use std::path::PathBuf;

use clap::Subcommand;

use super::output::print;
use super::EventArgs;
use crate::error::{Error, Result};
use crate::export::{dbase, uscf};
use crate::outfile::{self, Kind};
use crate::store::Store;

/// The reports `league report` writes for a rating body.
#[derive(Subcommand, Debug)]
pub enum ReportCmd {
    /// The US Chess rating report: THEXPORT.DBF, TSEXPORT.DBF and TDEXPORT.DBF (as WinTD and
    /// SwissSys write them) in the folder --out; lists every missing field first.
    Uscf {
        /// The event to report (one report per event, as US Chess rates it).
        #[command(flatten)]
        event: EventArgs,
        /// The folder to write the three files into (made if missing).
        #[arg(long)]
        out: PathBuf,
        /// Replace files of those names in --out that are not dBase tables.
        #[arg(long)]
        force: bool,
    },
}

/// Write the report `c` asks for. All or nothing: it refuses, listing
/// every missing field, before it writes anything, encodes every file
/// before the first is written, and writes them as one output
/// ([`outfile::write_folder`]: staged, then moved into place; never
/// through a link in the folder).
pub fn run(store: &mut Store, c: ReportCmd) -> Result<()> {
    match c {
        ReportCmd::Uscf { event, out, force } => {
            let event = event.find(store)?;
            let report = crate::report::uscf::event_report(store.conn(), &event)?;
            let missing = uscf::missing(&report);
            if !missing.is_empty() {
                return Err(Error::invalid(format!(
                    "the US Chess report of {} cannot be written yet; it needs:\n  - {}\nNothing was written.",
                    event.name,
                    missing.join("\n  - ")
                )));
            }
            // Every file encoded before any is written.
            let mut files = Vec::new();
            for (name, table) in uscf::build(&report) {
                let bytes = dbase::write(&table)
                    .map_err(|e| Error::invalid(format!("{name}: {e}; nothing was written")))?;
                files.push((name, bytes, table.records.len()));
            }
            let mut said = format!(
                "Wrote the US Chess report of {} to {}:\n",
                event.name,
                out.display()
            );
            for (name, _, n) in &files {
                said.push_str(&format!(
                    "  {name}: {n} record{}\n",
                    if *n == 1 { "" } else { "s" }
                ));
            }
            let files: Vec<(&str, Vec<u8>)> = files
                .into_iter()
                .map(|(name, bytes, _)| (name, bytes))
                .collect();
            outfile::write_folder(
                &out,
                &files,
                Kind::Dbase,
                store.path(),
                force,
                "the US Chess report",
            )?;
            print(&said)?;
        }
    }
    Ok(())
}
