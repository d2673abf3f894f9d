//! `league game add|result|correct|delete`: one game of an individual
//! round, paired, recorded, corrected or deleted from the command line; each
//! echoes what was recorded in full (`round::echo`).

use clap::Subcommand;

use super::output::print;
use super::round::echo;
use super::SectionArgs;
use crate::domain::game::{not_understood, two_ways, GameResult, SheetRow};
use crate::domain::league::Section;
use crate::error::{Error, Result};
use crate::store::ahead;
use crate::store::round::{self as rounds, GameRow};
use crate::store::Store;

#[derive(Subcommand, Debug)]
pub enum GameCmd {
    /// Pair two players, with or without the result: `league game add 3 7 1-0 --round 2 ...`.
    #[command(after_help = super::RESULT_SIDE)]
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
    /// Record the result of a game already paired, naming either player; the result is from
    /// White's side (1-0: White won), whichever player is named.
    #[command(
        after_help = super::RESULT_SIDE,
        override_usage = "league game result [OPTIONS] <PLAYER> <RESULT> --round <ROUND>\n       league game result [OPTIONS] <PLAYER> --draw --round <ROUND>\n       league game result [OPTIONS] --winner <PLAYER> --round <ROUND>\n       league game result [OPTIONS] <PLAYER> --pending --reason <REASON> --round <ROUND>"
    )]
    Result {
        /// Either player of the game (left out with --winner).
        #[arg(required_unless_present = "winner")]
        player: Option<String>,
        /// The result from White's side (1-0 means White won, whichever player is named); see
        /// `league game add --help` for every spelling, forfeits (+/-, -/+) included.
        #[arg(
            allow_hyphen_values = true,
            required_unless_present_any = ["pending", "winner", "draw"],
            conflicts_with_all = ["winner", "draw"]
        )]
        result: Option<String>,
        #[command(flatten)]
        section: SectionArgs,
        /// The round, numbered from 1.
        #[arg(long)]
        round: u32,
        #[command(flatten)]
        reading: ReadingArgs,
        /// Reset the game to "not yet played" (a result recorded too early); needs --reason.
        #[arg(long, conflicts_with_all = ["result", "winner", "draw"], requires = "reason")]
        pending: bool,
        /// Why the result is reset (kept in the log).
        #[arg(long)]
        reason: Option<String>,
    },
    /// Correct a result already recorded; the old and new values and the reason go in the log.
    /// The result is from White's side (1-0: White won), whichever player is named.
    #[command(after_help = super::RESULT_SIDE)]
    Correct {
        /// Either player of the game (left out with --winner).
        #[arg(required_unless_present = "winner")]
        player: Option<String>,
        /// The corrected result from White's side (forfeits +/- and -/+ included).
        #[arg(
            allow_hyphen_values = true,
            required_unless_present_any = ["winner", "draw"],
            conflicts_with_all = ["winner", "draw"]
        )]
        result: Option<String>,
        #[command(flatten)]
        section: SectionArgs,
        /// The round, numbered from 1.
        #[arg(long)]
        round: u32,
        #[command(flatten)]
        reading: ReadingArgs,
        /// Why the result changed (kept in the log).
        #[arg(long)]
        reason: String,
    },
    /// Delete a pairing (or a bye) from a round; kept in the log with the board, so it can be put
    /// back with `league game add`. A game with a result needs --yes (or asks, on a terminal).
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
        /// Delete a game that has a result without asking.
        #[arg(long)]
        yes: bool,
    },
}

/// How a result given after one player's name is read. Every result is
/// from White's side; when the named player had Black and the result has a
/// winner, "Harold 1-0" may as well mean "Harold won", so the command asks
/// instead of guessing, unless one of these says which is meant.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ReadingArgs {
    /// The result is from White's side even though the named player had Black (1-0: White won).
    #[arg(long)]
    white_side: bool,
    /// The player who won (instead of PLAYER and RESULT): cannot be misread.
    #[arg(long, conflicts_with = "player")]
    winner: Option<String>,
    /// With --winner: won by forfeit (the opponent did not appear).
    #[arg(long, requires = "winner")]
    forfeit: bool,
    /// The game was drawn (instead of RESULT).
    #[arg(long)]
    draw: bool,
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
            reading,
            pending,
            reason,
        } => {
            let named = Named {
                player,
                result,
                reading,
            };
            record_result(store, named, section, round, pending, reason)
        }
        GameCmd::Correct {
            player,
            result,
            section,
            round,
            reading,
            reason,
        } => {
            let named = Named {
                player,
                result,
                reading,
            };
            correct(store, named, section, round, reason)
        }
        GameCmd::Delete {
            player,
            section,
            round,
            reason,
            yes,
        } => delete(store, player, section, round, reason, yes),
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
        names: None,
    };
    let done = store.write(|tx| {
        let done = crate::app::round::sheet::record_sheet(
            tx,
            &section,
            round,
            None,
            std::slice::from_ref(&row),
            "command line",
            allow_rematch,
        )
        .map_err(super::round::sheet_hint)?;
        if ahead::pairs_anything(&done, false) {
            ahead::check_earlier_results(tx, event.id, &section, round, forced)
                .map_err(|e| super::round::ahead_hint(e, round))?;
        }
        Ok(done)
    })?;
    print(&echo(
        &super::event_section_label(store, &event, &section.name)?,
        round,
        &done,
    ))?;
    Ok(())
}

/// A result given after one player's name: `PLAYER RESULT`, `--winner
/// PLAYER` or `PLAYER --draw`, as the command line gave it.
struct Named {
    player: Option<String>,
    result: Option<String>,
    reading: ReadingArgs,
}

impl Named {
    /// The player named (by PLAYER or --winner).
    fn player(&self) -> &str {
        self.reading
            .winner
            .as_deref()
            .or(self.player.as_deref())
            .unwrap_or_default()
    }

    /// The game of the named player in round `round`, and the result to
    /// record in it, from White's side.
    fn resolve(
        &self,
        tx: &impl crate::store::Readable,
        section: &Section,
        round: u32,
    ) -> Result<(GameRow, GameResult)> {
        let all = crate::store::player::entries(tx, section.id)?;
        let entry = crate::store::player::find_entry(&all, tx, section, self.player())?;
        let game = rounds::game_of(tx, section.id, round, &entry)?
            .ok_or_else(|| no_game(tx, section.id, round, &entry))?;
        let white = game.white.id == entry.id;
        let result = if self.reading.winner.is_some() {
            match (white, self.reading.forfeit) {
                (true, false) => GameResult::WhiteWins,
                (true, true) => GameResult::WhiteForfeitWin,
                (false, false) => GameResult::BlackWins,
                (false, true) => GameResult::BlackForfeitWin,
            }
        } else if self.reading.draw {
            GameResult::Draw
        } else {
            let typed = parse_result(self.result.as_deref().unwrap_or_default())?;
            if !white && !self.reading.white_side {
                if let Some(question) =
                    two_ways(&game.black.name, &game.white.name, game.board, round, typed)
                {
                    return Err(Error::invalid(format!(
                        "{question} A result is read from White's side: give --white-side to record {} as typed, \
                         or say who won with --winner \"{}\" or --winner \"{}\" (--draw for a draw)",
                        typed.pretty(),
                        game.black.name,
                        game.white.name
                    )));
                }
            }
            typed
        };
        Ok((game, result))
    }
}

/// `league game result`: record the result of a game already paired, naming either player; the result is from White's side.
fn record_result(
    store: &mut Store,
    named: Named,
    section: SectionArgs,
    round: u32,
    pending: bool,
    reason: Option<String>,
) -> Result<()> {
    if pending {
        let (event, section) = section.find(store)?;
        let reason = reason.unwrap_or_default();
        let (g, changed) = store.write(|tx| {
            rounds::correct_result(tx, &section, round, named.player(), None, &reason)
        })?;
        print(&format!(
            "{} round {round}: {} v {} {}.\n",
            super::event_section_label(store, &event, &section.name)?,
            rounds::named(&g.white),
            rounds::named(&g.black),
            if changed {
                "is not yet played again (result cleared; logged)"
            } else {
                "has no result yet; nothing changed"
            }
        ))?;
        return Ok(());
    }
    if let Some(text) = named.result.as_deref() {
        parse_result(text)?;
    }
    let (event, section) = section.find(store)?;
    let (g, result) = store.write(|tx| {
        let (game, result) = named.resolve(tx, &section, round)?;
        let row = SheetRow {
            line: None,
            board: game.board,
            white: format!("#{}", game.white.pairing_no),
            black: Some(format!("#{}", game.black.pairing_no)),
            result: Some(result),
            bye: None,
            names: None,
        };
        crate::app::round::sheet::record_sheet(
            tx,
            &section,
            round,
            None,
            &[row],
            "command line",
            false,
        )
        .map_err(super::round::sheet_hint)?;
        Ok((game, result))
    })?;
    print(&format!(
        "{} round {round}: {} v {} {}.\n",
        super::event_section_label(store, &event, &section.name)?,
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
    tx: &impl crate::store::Readable,
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
    named: Named,
    section: SectionArgs,
    round: u32,
    reason: String,
) -> Result<()> {
    if let Some(text) = named.result.as_deref() {
        parse_result(text)?;
    }
    let (event, section) = section.find(store)?;
    let (g, changed, result) = store.write(|tx| {
        let (game, result) = named.resolve(tx, &section, round)?;
        let white = format!("#{}", game.white.pairing_no);
        let (g, changed) =
            rounds::correct_result(tx, &section, round, &white, Some(result), &reason)?;
        Ok((g, changed, result))
    })?;
    print(&format!(
        "{} round {round}: {} v {} {} {}.\n",
        super::event_section_label(store, &event, &section.name)?,
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

/// `league game delete`: delete a pairing (or a bye) from a round; kept in
/// the log with what `league game add` needs to put it back. A game with a
/// result is deleted only with --yes, or when the secretary says yes at a
/// terminal: it takes the result out of the standings.
fn delete(
    store: &mut Store,
    player: String,
    section: SectionArgs,
    round: u32,
    reason: String,
    yes: bool,
) -> Result<()> {
    let (event, section) = section.find(store)?;
    let confirmed = yes || ask_before_deleting(store, &section, round, &player)?;
    let done = store
        .write(|tx| rounds::delete_pairing(tx, &section, round, &player, &reason, confirmed))?;
    let mut out = format!("Deleted {}.\n", done.what);
    if let Some(game) = &done.game {
        out.push_str(&format!(
            "{} and {} have no game in round {round} now. To put it back: {}\n",
            game.white.name,
            game.black.name,
            put_back(&event.name, &section.name, round, game)
        ));
    }
    print(&out)?;
    Ok(())
}

/// The `league game add` that puts a deleted game back as it was.
fn put_back(event: &str, section: &str, round: u32, game: &GameRow) -> String {
    let mut cmd = format!(
        "league game add {} {}",
        game.white.pairing_no, game.black.pairing_no
    );
    if let Some(r) = game.result {
        cmd.push_str(&format!(" {}", r.as_str()));
    }
    cmd.push_str(&format!(
        " --event \"{event}\" --section \"{section}\" --round {round}"
    ));
    if let Some(b) = game.board {
        cmd.push_str(&format!(" --board {b}"));
    }
    cmd
}

/// On a terminal, ask before deleting a game that has a result (false
/// elsewhere, and for a game without one, which the store then refuses
/// or deletes as it should).
fn ask_before_deleting(store: &Store, section: &Section, round: u32, player: &str) -> Result<bool> {
    use std::io::{BufRead, IsTerminal, Write};
    if !std::io::stdin().is_terminal() || !std::io::stderr().is_terminal() {
        return Ok(false);
    }
    let all = crate::store::player::entries(store.conn(), section.id)?;
    let Ok(entry) = crate::store::player::find_entry(&all, store.conn(), section, player) else {
        return Ok(false);
    };
    let Some(game) = rounds::game_of(store.conn(), section.id, round, &entry)? else {
        return Ok(false);
    };
    let Some(result) = game.result else {
        return Ok(false);
    };
    let mut err = std::io::stderr();
    let _ = write!(
        err,
        "{} v {} in round {round} has a result ({}); delete it? [y/N] ",
        rounds::named(&game.white),
        rounds::named(&game.black),
        result.pretty()
    );
    let _ = err.flush();
    let mut answer = String::new();
    std::io::stdin().lock().read_line(&mut answer)?;
    Ok(matches!(answer.trim(), "y" | "Y" | "yes" | "Yes" | "YES"))
}
