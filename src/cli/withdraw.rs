//! `league withdraw`: a player withdrew after a round and is not paired
//! after it; `--undo` takes a withdrawal made by mistake back.

use super::output::print;
use super::SectionArgs;
use crate::app::withdraw::{self as app, Refusal};
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
    let reason = a.reason.as_deref();
    let Some(after) = a.after_round.filter(|_| !a.undo) else {
        store.write(|tx| app::undo_withdraw(tx, &event, &section, &entry, reason))?;
        print(&format!(
            "{} ({}) is no longer withdrawn from {} {}; they are paired again from the next round.\n",
            entry.name, entry.pairing_no, event.name, section.name
        ))?;
        return Ok(());
    };
    store
        .write(|tx| app::withdraw(tx, &event, &section, &entry, after, reason))
        .map_err(|e| {
            let hint = hint(&e);
            e.with_hint(hint)
        })?;
    print(&format!(
        "{} ({}) withdrew from {} {} after round {after}; later rounds count as unplayed.\n",
        entry.name, entry.pairing_no, event.name, section.name
    ))?;
    Ok(())
}

/// The CLI's way on from a refused withdrawal.
fn hint(e: &Error) -> Option<String> {
    match e.refusal::<Refusal>()? {
        Refusal::PlayedLater {
            pairing_no, after, ..
        } => {
            let next = after + 1;
            Some(format!(
                " To withdraw them after round {after}: delete round {next}'s pairings (`league round delete --round {next}`, when it is the last round paired), withdraw them, and pair the round again (`league round pair`); or delete just their game or bye in each later round (`league game delete {pairing_no} --round N --reason ...`), which leaves an opponent without a game"
            ))
        }
        Refusal::BeyondLastRound { .. } | Refusal::NotWithdrawn { .. } => None,
    }
}
