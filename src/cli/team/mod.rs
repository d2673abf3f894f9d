//! `league team …`: the teams of a team event, their rosters, withdrawals,
//! the event's team rules, the team crosstable and the board prizes.
//!
//! One function per subcommand: each finds what was named, asks the
//! application layer ([`app::add_team`], [`app::add_to_roster`],
//! [`app::set_rules`] with the rules [`TeamRules::edited`] gives) and
//! prints what [`render`] writes.

pub mod render;

use clap::Subcommand;

use super::output::{print, Format};
use super::EventArgs;
use crate::app::team::{self as app, Refusal as TeamRefusal};
use crate::domain::score::Points;
use crate::domain::team::{RankBy, RulesEdit, TeamRules};
use crate::error::{Error, Result};
use crate::input::team_matches::parse_points;
use crate::report::team::{team_report, TeamReport};
use crate::report::ReportOptions;
use crate::store::team as teams;
use crate::store::team_match as matches;
use crate::store::Store;

pub use render::{boards_output, crosstable_output};

#[derive(Subcommand, Debug)]
pub enum TeamCmd {
    /// Add a team to a team event.
    Add {
        /// The team's name, e.g. "Edgewood MS".
        name: String,
        /// A short code for narrow tables, e.g. EDG.
        #[arg(long)]
        short: Option<String>,
        #[command(flatten)]
        event: EventArgs,
    },
    /// List the teams of an event with their rosters' sizes.
    List {
        #[command(flatten)]
        event: EventArgs,
        /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Show a team: its roster in board order and its matches.
    Show {
        /// The team's name or short code.
        team: String,
        #[command(flatten)]
        event: EventArgs,
        /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Add players to a team's roster in board order (boards beyond the
    /// event's boards are alternates); with no players, show the roster.
    Roster {
        /// The team's name or short code.
        team: String,
        /// Players, top board first: name, US Chess or FIDE id, or #id.
        players: Vec<String>,
        /// Add players the league does not know yet.
        #[arg(long)]
        new: bool,
        /// Rating for players added with --new.
        #[arg(long)]
        rating: Option<u32>,
        /// The board of the first player given (default: after the last).
        #[arg(long)]
        board: Option<u32>,
        /// Take these players off the roster instead (only players who have not played).
        #[arg(long, conflicts_with_all = ["new", "board"])]
        remove: bool,
        #[command(flatten)]
        event: EventArgs,
    },
    /// Record that a team withdrew after a round.
    Withdraw {
        /// The team's name or short code.
        team: String,
        /// The last round the team played (0: withdrew before round 1).
        #[arg(long)]
        after_round: u32,
        /// Why (kept in the log).
        #[arg(long)]
        reason: Option<String>,
        #[command(flatten)]
        event: EventArgs,
    },
    /// Set the event's team rules, or rename a team (--team with --name/--short).
    Edit(EditArgs),
    /// The team crosstable: No., Name, Pts, tiebreaks, and per round "W6,3.5".
    Crosstable(ReportArgs),
    /// Board prizes: each board's players with their scores and percentages.
    Boards {
        #[command(flatten)]
        report: ReportArgs,
        /// Games a player needs on a board to qualify (listed after those who do).
        #[arg(long, default_value_t = 0)]
        min_games: u32,
    },
}

#[derive(clap::Args, Debug)]
pub struct EditArgs {
    #[command(flatten)]
    pub event: EventArgs,
    /// Boards per match (only before any match is recorded).
    #[arg(long)]
    pub boards: Option<u32>,
    /// Match points for a win, draw and loss: 1/0.5/0 (default) or 2/1/0.
    #[arg(long)]
    pub match_points: Option<String>,
    /// Game points a team bye is worth (default: every board, e.g. 4).
    #[arg(long)]
    pub bye_points: Option<String>,
    /// Match points a team bye is worth (default: a match win).
    #[arg(long)]
    pub bye_match_points: Option<String>,
    /// Rank teams on match points (default) or on game points.
    #[arg(long, value_parser = ["match-points", "game-points"])]
    pub rank_by: Option<String>,
    /// USAT tiebreak scale: 2 (default) or 1.
    #[arg(long, value_parser = ["1", "2"])]
    pub usat_scale: Option<String>,
    /// USAT: count each of an opponent's byes as ½ (on, the default) or as awarded (off).
    #[arg(long, value_parser = ["on", "off"])]
    pub usat_bye_adjustment: Option<String>,
    /// A team to rename or give a short code (with --name / --short).
    #[arg(long)]
    pub team: Option<String>,
    /// The team's new name.
    #[arg(long, requires = "team")]
    pub name: Option<String>,
    /// The team's new short code ("" to remove it).
    #[arg(long, requires = "team")]
    pub short: Option<String>,
}

/// Which team event and as of when: `--event`, `--after-round`, `--tiebreaks`, `--format`.
#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    #[command(flatten)]
    pub event: EventArgs,
    /// As it stood after this round.
    #[arg(long)]
    pub after_round: Option<usize>,
    /// Team tiebreak order for this output only (a preset or codes).
    #[arg(long)]
    pub tiebreaks: Option<String>,
    /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

impl ReportArgs {
    fn report(&self, store: &Store) -> Result<TeamReport> {
        let event = self.event.find(store)?;
        event.need_team()?;
        team_report(
            store.conn(),
            &event,
            &ReportOptions {
                after_round: self.after_round,
                tiebreaks: self.tiebreaks.clone(),
                fide_edition: None,
            },
        )
    }
}

fn points(text: &str, what: &str) -> Result<Points> {
    parse_points(text).ok_or_else(|| {
        Error::invalid(format!(
            "{what} \"{text}\" is not a number of points (write 1, 0.5 or ½)"
        ))
    })
}

/// Run a `league team` subcommand.
pub fn run_team(store: &mut Store, cmd: TeamCmd) -> Result<()> {
    match cmd {
        TeamCmd::Add { name, short, event } => add(store, &event, &name, short.as_deref()),
        TeamCmd::List { event, format } => list(store, &event, format),
        TeamCmd::Show {
            team,
            event,
            format,
        } => show(store, &event, &team, format),
        TeamCmd::Roster {
            team,
            players,
            new,
            rating,
            board,
            remove,
            event,
        } => {
            if remove {
                remove_from_roster(store, &event, &team, &players)
            } else if players.is_empty() {
                show(store, &event, &team, Format::Text)
            } else {
                add_to_roster(store, &event, &team, &players, new, rating, board)
            }
        }
        TeamCmd::Withdraw {
            team,
            after_round,
            reason,
            event,
        } => withdraw(store, &event, &team, after_round, reason.as_deref()),
        TeamCmd::Edit(a) => edit(store, a),
        TeamCmd::Crosstable(a) => {
            let r = a.report(store)?;
            Ok(print(&crosstable_output(&r, a.format))?)
        }
        TeamCmd::Boards { report, min_games } => {
            let mut r = report.report(store)?;
            r.boards = crate::domain::team::board_prizes(&r.team_event, min_games);
            Ok(print(&boards_output(&r, report.format))?)
        }
    }
}

/// `league team add`.
fn add(store: &mut Store, event: &EventArgs, name: &str, short: Option<&str>) -> Result<()> {
    let e = event.find(store)?;
    let t = store.write(|tx| app::add_team(tx, &e, name, short))?;
    print(&format!(
        "Added team {} to {} ({}). Add its players with `league team roster \"{}\" --event \"{}\" PLAYER...`.\n",
        t.name, e.name, e.season, t.name, e.name
    ))?;
    Ok(())
}

/// `league team list`.
fn list(store: &mut Store, event: &EventArgs, format: Format) -> Result<()> {
    let e = event.find(store)?;
    e.need_team()?;
    let all = teams::teams(store.conn(), e.id)?;
    let roster = teams::rosters(store.conn(), e.id)?;
    print(&render::list(&e, &all, &roster, format))?;
    Ok(())
}

/// `league team show` (and `league team roster TEAM` with no players).
fn show(store: &mut Store, event: &EventArgs, team: &str, format: Format) -> Result<()> {
    let e = event.find(store)?;
    let t = teams::find_team(store.conn(), &e, team)?;
    let rules = teams::rules(store.conn(), e.id)?;
    let roster: Vec<_> = teams::rosters(store.conn(), e.id)?
        .into_iter()
        .filter(|r| r.team_id == t.id)
        .collect();
    let played: Vec<_> = if format == Format::Json {
        Vec::new()
    } else {
        matches::round_matches(store.conn(), &e, None)?
            .into_iter()
            .filter(|m| m.team_a == t.name || m.team_b.as_deref() == Some(&t.name))
            .collect()
    };
    print(&render::show(&e, &t, &rules, &roster, &played, format))?;
    Ok(())
}

/// `league team roster TEAM PLAYER...`: the players on the boards given, in
/// one transaction.
fn add_to_roster(
    store: &mut Store,
    event: &EventArgs,
    team: &str,
    names: &[String],
    new: bool,
    rating: Option<u32>,
    board: Option<u32>,
) -> Result<()> {
    let e = event.find(store)?;
    let t = teams::find_team(store.conn(), &e, team)?;
    let added = store
        .write(|tx| app::add_to_roster(tx, &e, &t, names, new, rating, board))
        .map_err(|e| {
            let hint = match e.refusal::<TeamRefusal>() {
                Some(TeamRefusal::NotInLeague { .. }) => Some(
                    "; add the player first with `league player add`, or give --new".to_string(),
                ),
                _ => None,
            };
            e.with_hint(hint)
        })?;
    print(&render::added(&t, &added))?;
    Ok(())
}

/// `league team roster TEAM PLAYER... --remove`.
fn remove_from_roster(
    store: &mut Store,
    event: &EventArgs,
    team: &str,
    names: &[String],
) -> Result<()> {
    let e = event.find(store)?;
    let t = teams::find_team(store.conn(), &e, team)?;
    let removed = store.write(|tx| app::remove_from_roster(tx, &e, &t, names))?;
    print(&format!(
        "{}: took {} off the roster.\n",
        t.name,
        removed.join(", ")
    ))?;
    Ok(())
}

/// `league team withdraw`.
fn withdraw(
    store: &mut Store,
    event: &EventArgs,
    team: &str,
    after_round: u32,
    reason: Option<&str>,
) -> Result<()> {
    let e = event.find(store)?;
    let t = teams::find_team(store.conn(), &e, team)?;
    store
        .write(|tx| app::withdraw_team(tx, &e, &t, after_round, reason))
        .map_err(|err| {
            let hint = withdraw_hint(&err);
            err.with_hint(hint)
        })?;
    print(&format!(
        "{} withdrew from {} after round {after_round}; it is not paired after that.\n",
        t.name, e.name
    ))?;
    Ok(())
}

/// The CLI's way on from a refused team withdrawal.
fn withdraw_hint(e: &Error) -> Option<String> {
    match e.refusal::<TeamRefusal>()? {
        TeamRefusal::PlayedLater { .. } => {
            Some("; delete it first (league match delete)".to_string())
        }
        _ => None,
    }
}

impl EditArgs {
    /// The rule changes given, parsed (the team's new name or code aside).
    fn rules_edit(&self) -> Result<RulesEdit> {
        let match_points = match &self.match_points {
            None => None,
            Some(mp) => {
                let parts: Vec<&str> = mp.split('/').collect();
                let [w, d, l] = parts[..] else {
                    return Err(Error::invalid(format!(
                        "--match-points \"{mp}\": give win/draw/loss, e.g. 2/1/0 or 1/0.5/0"
                    )));
                };
                Some((
                    points(w, "a match win")?,
                    points(d, "a match draw")?,
                    points(l, "a match loss")?,
                ))
            }
        };
        Ok(RulesEdit {
            boards: self.boards,
            match_points,
            bye_game_points: self
                .bye_points
                .as_deref()
                .map(|p| points(p, "--bye-points"))
                .transpose()?,
            bye_match_points: self
                .bye_match_points
                .as_deref()
                .map(|p| points(p, "--bye-match-points"))
                .transpose()?,
            rank_by: self.rank_by.as_deref().map(|r| {
                if r == "game-points" {
                    RankBy::GamePoints
                } else {
                    RankBy::MatchPoints
                }
            }),
            usat_doubled: self.usat_scale.as_deref().map(|s| s == "2"),
            usat_adjusted: self.usat_bye_adjustment.as_deref().map(|s| s == "on"),
        })
    }
}

/// `league team edit`: rename a team (`--team` with `--name`/`--short`),
/// change the team rules, or both; then the rules as they stand.
fn edit(store: &mut Store, a: EditArgs) -> Result<()> {
    let e = a.event.find(store)?;
    e.need_team()?;
    if let Some(team) = &a.team {
        let t = teams::find_team(store.conn(), &e, team)?;
        let updated =
            store.write(|tx| app::edit_team(tx, &e, &t, a.name.as_deref(), a.short.as_deref()))?;
        print(&render::renamed(&updated))?;
    }
    let rules_given = a.boards.is_some()
        || a.match_points.is_some()
        || a.bye_points.is_some()
        || a.bye_match_points.is_some()
        || a.rank_by.is_some()
        || a.usat_scale.is_some()
        || a.usat_bye_adjustment.is_some();
    if !rules_given && a.team.is_some() {
        return Ok(());
    }
    let old = teams::rules(store.conn(), e.id)?;
    let new: TeamRules = old.edited(&a.rules_edit()?);
    let saved = if rules_given {
        store.write(|tx| app::set_rules(tx, &e, &new))?
    } else {
        old
    };
    print(&render::rules(&e, &saved))?;
    Ok(())
}
