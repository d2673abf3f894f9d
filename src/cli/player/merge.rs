//! `league player merge FROM INTO`: one person recorded as two players
//! becomes one. Without `--yes` it only shows what would change; with it,
//! the merge is made in one transaction and recorded in the log.

use crate::app::player::{merge, plan_merge, Refusal};
use crate::cli::output::print;
use crate::error::Error;
use crate::error::Result;
use crate::store::merge::MergePlan;
use crate::store::player::{describe_player, find_player};
use crate::store::Store;

/// The arguments of `league player merge`.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// The player to merge away: name, US Chess or FIDE id, or #N.
    pub from: String,
    /// The player who remains, with both players' events and games.
    pub into: String,
    /// Why (kept in the log).
    #[arg(long)]
    pub reason: Option<String>,
    /// Make the merge; without it, only show what would change.
    #[arg(long)]
    pub yes: bool,
}

fn describe_plan(p: &MergePlan) -> String {
    let mut out = String::new();
    let n = p.entries.len();
    out.push_str(&format!(
        "  move {n} entr{} to {}{}\n",
        if n == 1 { "y" } else { "ies" },
        p.into.name,
        if n == 0 {
            String::new()
        } else {
            format!(": {}", p.entries.join("; "))
        }
    ));
    out.push_str(&format!(
        "  with their {} game{} and {} bye{}",
        p.games,
        if p.games == 1 { "" } else { "s" },
        p.byes,
        if p.byes == 1 { "" } else { "s" }
    ));
    if p.rosters > 0 {
        out.push_str(&format!(", and {} team roster place(s)", p.rosters));
    }
    if let Some(o) = p.other_text() {
        out.push_str(&format!(", and other records naming the player ({o})"));
    }
    out.push('\n');
    if let Some(f) = p.filled_in_text() {
        out.push_str(&format!("  fill in {}'s {f}\n", p.into.name));
    }
    for (what, kept, dropped) in &p.kept {
        out.push_str(&format!(
            "  keep {}'s {what} {kept} ({} has {dropped})\n",
            p.into.name, p.from.name
        ));
    }
    out.push_str(&format!(
        "  remove {} from the players\n",
        describe_player(&p.from)
    ));
    out
}

/// Show what a merge would change, or (with --yes) make it.
pub fn run(store: &mut Store, a: MergeArgs) -> Result<()> {
    let from = find_player(store.conn(), &a.from)?;
    let into = find_player(store.conn(), &a.into)?;
    if !a.yes {
        let plan = plan_merge(store.conn(), &from, &into).map_err(with_hint)?;
        let out = format!(
            "Merging {} into {} would:\n{}Nothing has been changed. To merge, run the command again with --yes{}.\n",
            describe_player(&from),
            describe_player(&into),
            describe_plan(&plan),
            if a.reason.is_none() {
                " (and --reason, for the log)"
            } else {
                ""
            }
        );
        print(&out)?;
        return Ok(());
    }
    let plan = store
        .write(|tx| merge(tx, &from, &into, a.reason.as_deref()))
        .map_err(with_hint)?;
    print(&format!(
        "Merged {} into {}:\n{}Recorded in the log (`league log --action merge`).\n",
        describe_player(&from),
        describe_player(&into),
        describe_plan(&plan)
            .replace("  move ", "  moved ")
            .replace("  fill in ", "  filled in ")
            .replace("  keep ", "  kept ")
            .replace("  remove ", "  removed ")
    ))?;
    Ok(())
}

/// The refusal with the CLI's way on: correcting a wrong id.
fn with_hint(e: Error) -> Error {
    let hint = match e.refusal::<Refusal>() {
        Some(Refusal::DifferentIds { .. }) => {
            Some("; if one id is wrong, correct it first with `league player edit`".to_string())
        }
        _ => None,
    };
    e.with_hint(hint)
}
