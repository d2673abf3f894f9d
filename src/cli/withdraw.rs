//! `league withdraw`: a player withdrew after a round and is not paired
//! after it; `--undo` takes a withdrawal made by mistake back.

use super::output::print;
use super::SectionArgs;
use crate::error::{Error, Result};
use crate::store::player as players;
use crate::store::Store;

#[derive(clap::Args, Debug)]
pub struct WithdrawArgs {
    /// The player: pairing number, id or name.
    pub player: String,
    #[command(flatten)]
    pub section: SectionArgs,
    /// The last round the player took part in (0: withdrew before round 1).
    #[arg(long, required_unless_present = "undo")]
    pub after_round: Option<u32>,
    /// Undo a withdrawal recorded by mistake: the player is paired again.
    #[arg(long, conflicts_with = "after_round")]
    pub undo: bool,
    /// Why (kept in the log).
    #[arg(long)]
    pub reason: Option<String>,
}

pub fn run_withdraw(store: &mut Store, a: WithdrawArgs) -> Result<()> {
    let (event, section) = a.section.find(store)?;
    let all = players::entries(store.conn(), section.id)?;
    let entry = players::find_entry(&all, store.conn(), &section, &a.player)?;
    let Some(after) = a.after_round.filter(|_| !a.undo) else {
        store.write(|tx| players::undo_withdraw(tx, &entry, a.reason.as_deref()))?;
        print(&format!(
            "{} ({}) is no longer withdrawn from {} {}; they are paired again from the next round.\n",
            entry.name, entry.pairing_no, event.name, section.name
        ))?;
        return Ok(());
    };
    if after > event.rounds {
        return Err(Error::invalid(format!(
            "{} has only {} rounds",
            event.name, event.rounds
        )));
    }
    store.write(|tx| players::withdraw(tx, &entry, after, a.reason.as_deref()))?;
    print(&format!(
        "{} ({}) withdrew from {} {} after round {after}; later rounds count as unplayed.\n",
        entry.name, entry.pairing_no, event.name, section.name
    ))?;
    Ok(())
}
