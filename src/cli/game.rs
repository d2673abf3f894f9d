//! `league game add|result|correct|delete`: one game of an individual
//! round, paired, recorded, corrected or deleted from the command line; each
//! echoes what was recorded in full (`round::echo`).

use clap::Subcommand;

use super::output::print;
use super::round::echo;
use super::SectionArgs;
use crate::domain::game::{not_understood, GameResult, SheetRow};
use crate::error::{Error, Result};
use crate::store::ahead;
use crate::store::round as rounds;
use crate::store::Store;

#[derive(Subcommand, Debug)]
pub enum GameCmd {
    /// Pair two players, with or without the result: `league game add 3 7 1-0 --round 2 ...`.
    Add {
        /// White: pairing number, id or name.
        white: String,
        /// Black: pairing number, id or name.
        black: String,
        /// The result from White's side: 1-0, 0-1, 1/2-1/2 (or ½-½ or =), 1F-0F (or +/-: White wins
        /// by forfeit), 0F-1F (or -/+), 0F-0F (or -/-: neither appeared), 0-0 (played and lost by
        /// both, an arbiter's decision). Leave out to pair only.
        #[arg(allow_hyphen_values = true)]
        result: Option<String>,
        #[command(flatten)]
        section: SectionArgs,
        /// The round, numbered from 1.
        #[arg(long)]
        round: u32,
        /// The board number.
        #[arg(long)]
        board: Option<u32>,
        /// Accept a pairing of two players who already met over the board in this Swiss.
        #[arg(long)]
        allow_rematch: bool,
        /// Pair this round although an earlier round still has games without a result
        /// (refused otherwise, as `league round pair` refuses); needs --reason.
        #[arg(long, requires = "reason")]
        force: bool,
        /// Why the round is paired ahead of the results (kept in the log); only with --force.
        #[arg(long, requires = "force")]
        reason: Option<String>,
    },
    /// Record the result of a game already paired, naming either player; the result is from White's side.
    #[command(
        override_usage = "league game result [OPTIONS] <PLAYER> <RESULT> --round <ROUND>\n       league game result [OPTIONS] <PLAYER> --pending --reason <REASON> --round <ROUND>"
    )]
    Result {
        /// Either player of the game.
        player: String,
        /// The result from White's side (1-0 means White won), required unless --pending; see
        /// `league game add --help` for every spelling, forfeits (+/-, -/+) included.
        #[arg(allow_hyphen_values = true, required_unless_present = "pending")]
        result: Option<String>,
        #[command(flatten)]
        section: SectionArgs,
        /// The round, numbered from 1.
        #[arg(long)]
        round: u32,
        /// Reset the game to "not yet played" (a result recorded too early); needs --reason.
        #[arg(long, conflicts_with = "result", requires = "reason")]
        pending: bool,
        /// Why the result is reset (kept in the log).
        #[arg(long)]
        reason: Option<String>,
    },
    /// Correct a result already recorded; the old and new values and the reason go in the log.
    Correct {
        /// Either player of the game.
        player: String,
        /// The corrected result from White's side (forfeits +/- and -/+ included).
        #[arg(allow_hyphen_values = true)]
        result: String,
        #[command(flatten)]
        section: SectionArgs,
        /// The round, numbered from 1.
        #[arg(long)]
        round: u32,
        /// Why the result changed (kept in the log).
        #[arg(long)]
        reason: String,
    },
    /// Delete a pairing (or a bye) from a round; kept in the log.
    Delete {
        /// A player of the game or bye.
        player: String,
        #[command(flatten)]
        section: SectionArgs,
        /// The round, numbered from 1.
        #[arg(long)]
        round: u32,
        /// Why (kept in the log).
        #[arg(long)]
        reason: String,
    },
}

fn parse_result(text: &str) -> Result<GameResult> {
    GameResult::parse(text).ok_or_else(|| Error::invalid(not_understood(text)))
}

pub fn run_game(store: &mut Store, cmd: GameCmd) -> Result<()> {
    match cmd {
        GameCmd::Add {
            white,
            black,
            result,
            section,
            round,
            board,
            allow_rematch,
            force: _,
            reason,
        } => add(
            store,
            white,
            black,
            result,
            section,
            round,
            board,
            allow_rematch,
            reason.as_deref(),
        ),
        GameCmd::Result {
            player,
            result,
            section,
            round,
            pending,
            reason,
        } => record_result(store, player, result, section, round, pending, reason),
        GameCmd::Correct {
            player,
            result,
            section,
            round,
            reason,
        } => correct(store, player, result, section, round, reason),
        GameCmd::Delete {
            player,
            section,
            round,
            reason,
        } => delete(store, player, section, round, reason),
    }
}

/// `league game add`: pair two players, with or without the result: `league game add 3 7 1-0 --round 2 ...`.
#[allow(
    clippy::too_many_arguments,
    reason = "one argument per option of the subcommand, as clap gives them"
)]
fn add(
    store: &mut Store,
    white: String,
    black: String,
    result: Option<String>,
    section: SectionArgs,
    round: u32,
    board: Option<u32>,
    allow_rematch: bool,
    forced: Option<&str>,
) -> Result<()> {
    let result = result.as_deref().map(parse_result).transpose()?;
    let (event, section) = section.find(store)?;
    event.need_individual()?;
    let row = SheetRow {
        line: None,
        board,
        white,
        black: Some(black),
        result,
        bye: None,
    };
    let done = store.write(|tx| {
        let done = rounds::record_sheet(
            tx,
            &section,
            round,
            None,
            std::slice::from_ref(&row),
            "command line",
            allow_rematch,
        )?;
        if ahead::pairs_anything(&done, false) {
            ahead::check_earlier_results(tx, event.id, &section, round, forced)?;
        }
        Ok(done)
    })?;
    print(&echo(
        &super::event_label(store, &event)?,
        &section.name,
        round,
        &done,
    ))?;
    Ok(())
}

/// `league game result`: record the result of a game already paired, naming either player; the result is from White's side.
fn record_result(
    store: &mut Store,
    player: String,
    result: Option<String>,
    section: SectionArgs,
    round: u32,
    pending: bool,
    reason: Option<String>,
) -> Result<()> {
    let Some(result) = result.filter(|_| !pending) else {
        let (event, section) = section.find(store)?;
        let reason = reason.unwrap_or_default();
        let (g, changed) = store
            .write(|tx| rounds::correct_result(tx, &section, round, &player, None, &reason))?;
        print(&format!(
            "{} {} round {round}: {} v {} {}.\n",
            event.name,
            section.name,
            rounds::named(&g.white),
            rounds::named(&g.black),
            if changed {
                "is not yet played again (result cleared; logged)"
            } else {
                "has no result yet; nothing changed"
            }
        ))?;
        return Ok(());
    };
    let result = parse_result(&result)?;
    let (event, section) = section.find(store)?;
    let g = store.write(|tx| {
        let all = crate::store::player::entries(tx, section.id)?;
        let entry = crate::store::player::find_entry(&all, tx, &section, &player)?;
        let game = rounds::game_of(tx, section.id, round, &entry)?
            .ok_or_else(|| no_game(tx, section.id, round, &entry))?;
        let row = SheetRow {
            line: None,
            board: game.board,
            white: format!("#{}", game.white.pairing_no),
            black: Some(format!("#{}", game.black.pairing_no)),
            result: Some(result),
            bye: None,
        };
        rounds::record_sheet(tx, &section, round, None, &[row], "command line", false)?;
        Ok(game)
    })?;
    print(&format!(
        "{} {} round {round}: {} v {} {}.\n",
        event.name,
        section.name,
        rounds::named(&g.white),
        rounds::named(&g.black),
        result.pretty()
    ))?;
    Ok(())
}

/// Why a player has no game to record a result for, and the way forward:
/// a bye or a withdrawal is the answer itself (pairing them would be wrong);
/// otherwise the game is not paired yet.
fn no_game(
    tx: &crate::store::Transaction,
    section_id: crate::domain::ids::SectionId,
    round: u32,
    entry: &crate::domain::league::Entry,
) -> Error {
    if let Some(w) = entry.withdrawn_after.filter(|&w| round > w) {
        return Error::not_found(format!(
            "{} withdrew after round {w}: there is no game of theirs in round {round} to record (check the name and the round)",
            entry.name
        ));
    }
    let bye = rounds::round_contents(tx, section_id, round)
        .ok()
        .and_then(|(_, byes)| byes.into_iter().find(|b| b.entry.id == entry.id));
    match bye {
        Some(b) => Error::not_found(format!(
            "{} had a {} bye in round {round}, not a game: there is no result to record (check the name and the round)",
            entry.name,
            rounds::bye_kind_str(b.kind)
        )),
        None => Error::not_found(format!(
            "{} has no game in round {round}; pair it with `league game add`",
            entry.name
        )),
    }
}

/// `league game correct`: correct a result already recorded; the old and new values and the reason go in the log.
fn correct(
    store: &mut Store,
    player: String,
    result: String,
    section: SectionArgs,
    round: u32,
    reason: String,
) -> Result<()> {
    let result = parse_result(&result)?;
    let (event, section) = section.find(store)?;
    let (g, changed) = store
        .write(|tx| rounds::correct_result(tx, &section, round, &player, Some(result), &reason))?;
    print(&format!(
        "{} {} round {round}: {} v {} {} {}.\n",
        event.name,
        section.name,
        rounds::named(&g.white),
        rounds::named(&g.black),
        if changed {
            "corrected to"
        } else {
            "is already"
        },
        if changed {
            result.pretty().to_string()
        } else {
            format!("{}; nothing changed or logged", result.pretty())
        }
    ))?;
    Ok(())
}

/// `league game delete`: delete a pairing (or a bye) from a round; kept in the log.
fn delete(
    store: &mut Store,
    player: String,
    section: SectionArgs,
    round: u32,
    reason: String,
) -> Result<()> {
    let (_, section) = section.find(store)?;
    let what = store.write(|tx| rounds::delete_pairing(tx, &section, round, &player, &reason))?;
    print(&format!("Deleted {what}.\n"))?;
    Ok(())
}
