//! `league team …`: the teams of a team event, their rosters, withdrawals,
//! the event's team rules, the team crosstable and the board prizes.

use clap::Subcommand;
use serde_json::json;

use super::output::{print, print_json, Format, Table};
use super::EventArgs;
use crate::domain::score::Points;
use crate::domain::team::{RankBy, TeamRules};
use crate::error::{Error, Result};
use crate::input::team_matches::parse_points;
use crate::report::team::{team_report, TeamReport};
use crate::report::ReportOptions;
use crate::store::player::{self as players, NewPlayer};
use crate::store::team::{self as teams, describe_rules};
use crate::store::team_match as matches;
use crate::store::Store;

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
        TeamCmd::Add { name, short, event } => {
            let e = event.find(store)?;
            let t = store.write(|tx| teams::add_team(tx, &e, &name, short.as_deref()))?;
            print(&format!(
                "Added team {} to {} ({}). Add its players with `league team roster \"{}\" --event \"{}\" PLAYER...`.\n",
                t.name, e.name, e.season, t.name, e.name
            ))?;
        }
        TeamCmd::List { event, format } => {
            let e = event.find(store)?;
            e.need_team()?;
            let all = teams::teams(store.conn(), e.id)?;
            let roster = teams::rosters(store.conn(), e.id)?;
            if format == Format::Json {
                let rows: Vec<_> = all
                    .iter()
                    .map(|t| {
                        json!({
                            "name": t.name, "short": t.short, "withdrawn_after": t.withdrawn_after,
                            "players": roster.iter().filter(|r| r.team_id == t.id).map(|r| json!({"board": r.board, "name": r.name, "rating": r.rating})).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                return Ok(print_json(
                    &json!({"event": e.name, "season": e.season, "teams": rows}),
                )?);
            }
            let mut table =
                Table::new(&["team", "short", "players", "withdrawn after"]).right(&[2]);
            for t in &all {
                table.push(vec![
                    t.name.clone(),
                    t.short.clone().unwrap_or_default(),
                    roster
                        .iter()
                        .filter(|r| r.team_id == t.id)
                        .count()
                        .to_string(),
                    t.withdrawn_after
                        .map(|w| format!("round {w}"))
                        .unwrap_or_default(),
                ]);
            }
            print(&table.render(format))?;
        }
        TeamCmd::Show {
            team,
            event,
            format,
        } => {
            let e = event.find(store)?;
            let t = teams::find_team(store.conn(), &e, &team)?;
            let rules = teams::rules(store.conn(), e.id)?;
            let roster: Vec<_> = teams::rosters(store.conn(), e.id)?
                .into_iter()
                .filter(|r| r.team_id == t.id)
                .collect();
            if format == Format::Json {
                return Ok(print_json(&json!({
                    "name": t.name, "short": t.short, "withdrawn_after": t.withdrawn_after,
                    "roster": roster.iter().map(|r| json!({"board": r.board, "name": r.name, "rating": r.rating, "alternate": r.board > rules.boards})).collect::<Vec<_>>(),
                }))?);
            }
            let mut out = String::new();
            if format == Format::Text {
                out.push_str(&format!("{} — {} ({})", t.name, e.name, e.season));
                if let Some(s) = &t.short {
                    out.push_str(&format!(", short code {s}"));
                }
                if let Some(w) = t.withdrawn_after {
                    out.push_str(&format!("; withdrew after round {w}"));
                }
                out.push_str("\n\n");
            }
            let mut table = Table::new(&["board", "player", "rating"]).right(&[0, 2]);
            for r in &roster {
                table.push(vec![
                    if r.board > rules.boards {
                        format!("alt {}", r.board)
                    } else {
                        r.board.to_string()
                    },
                    r.name.clone(),
                    r.rating.map(|x| x.to_string()).unwrap_or_default(),
                ]);
            }
            out.push_str(&table.render(format));
            let played: Vec<_> = matches::round_matches(store.conn(), &e, None)?
                .into_iter()
                .filter(|m| m.team_a == t.name || m.team_b.as_deref() == Some(&t.name))
                .collect();
            if !played.is_empty() {
                out.push('\n');
                let mut m_table = Table::new(&["round", "match", "score"]).right(&[0]);
                for m in &played {
                    m_table.push(vec![
                        m.round.to_string(),
                        match &m.team_b {
                            Some(b) => format!("{} v {b}", m.team_a),
                            None => "team bye".into(),
                        },
                        if m.team_b.is_some() {
                            super::r#match::score_of(m)
                        } else {
                            String::new()
                        },
                    ]);
                }
                out.push_str(&m_table.render(format));
            }
            print(&out)?;
        }
        TeamCmd::Roster {
            team,
            players: names,
            new,
            rating,
            board,
            remove,
            event,
        } => {
            let e = event.find(store)?;
            let t = teams::find_team(store.conn(), &e, &team)?;
            if remove {
                let removed = store.write(|tx| {
                    let mut out = Vec::new();
                    for name in &names {
                        let p = players::find_player(tx, name)?;
                        teams::remove_from_roster(tx, &e, &t, &p)?;
                        out.push(p.name);
                    }
                    Ok(out)
                })?;
                return Ok(print(&format!(
                    "{}: took {} off the roster.\n",
                    t.name,
                    removed.join(", ")
                ))?);
            }
            if names.is_empty() {
                return run_team(
                    store,
                    TeamCmd::Show {
                        team,
                        event,
                        format: Format::Text,
                    },
                );
            }
            let added = store.write(|tx| {
                let mut added = Vec::new();
                for (i, name) in names.iter().enumerate() {
                    let player = match players::find_player(tx, name) {
                        Ok(p) => p,
                        Err(Error::NotFound(_)) if new => players::add_player(
                            tx,
                            &NewPlayer {
                                name,
                                rating,
                                ..NewPlayer::default()
                            },
                        )?,
                        Err(Error::NotFound(m)) => {
                            return Err(Error::not_found(format!(
                                "{m}; add the player first with `league player add`, or give --new"
                            )))
                        }
                        Err(other) => return Err(other),
                    };
                    let b = board.map(|b| b + i as u32);
                    added.push(teams::add_to_roster(tx, &e, &t, &player, b)?);
                }
                Ok(added)
            })?;
            let list: Vec<String> = added
                .iter()
                .map(|r| format!("{} (board {})", r.name, r.board))
                .collect();
            print(&format!("{}: added {}.\n", t.name, list.join(", ")))?;
        }
        TeamCmd::Withdraw {
            team,
            after_round,
            reason,
            event,
        } => {
            let e = event.find(store)?;
            let t = teams::find_team(store.conn(), &e, &team)?;
            store.write(|tx| teams::withdraw_team(tx, &e, &t, after_round, reason.as_deref()))?;
            print(&format!(
                "{} withdrew from {} after round {after_round}; it is not paired after that.\n",
                t.name, e.name
            ))?;
        }
        TeamCmd::Edit(a) => run_edit(store, a)?,
        TeamCmd::Crosstable(a) => {
            let r = a.report(store)?;
            print(&crosstable_output(&r, a.format))?;
        }
        TeamCmd::Boards { report, min_games } => {
            let mut r = report.report(store)?;
            r.boards = crate::domain::team::board_prizes(&r.team_event, min_games);
            print(&boards_output(&r, report.format))?;
        }
    }
    Ok(())
}

fn run_edit(store: &mut Store, a: EditArgs) -> Result<()> {
    let e = a.event.find(store)?;
    e.need_team()?;
    if let Some(team) = &a.team {
        let t = teams::find_team(store.conn(), &e, team)?;
        let updated = store
            .write(|tx| teams::edit_team(tx, &e, &t, a.name.as_deref(), a.short.as_deref()))?;
        print(&format!(
            "Team {}{}.\n",
            updated.name,
            updated
                .short
                .as_ref()
                .map(|s| format!(", short code {s}"))
                .unwrap_or_default()
        ))?;
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
    let mut new: TeamRules = old.clone();
    if let Some(b) = a.boards {
        new.boards = b;
        if old.bye_game_points == old.match_game_points() {
            new.bye_game_points = new.match_game_points();
        }
    }
    if let Some(mp) = &a.match_points {
        let parts: Vec<&str> = mp.split('/').collect();
        let [w, d, l] = parts[..] else {
            return Err(Error::invalid(format!(
                "--match-points \"{mp}\": give win/draw/loss, e.g. 2/1/0 or 1/0.5/0"
            )));
        };
        let bye_was_win = old.bye_match_points == old.match_win;
        new = new.clone().with_match_points(
            points(w, "a match win")?,
            points(d, "a match draw")?,
            points(l, "a match loss")?,
        );
        if !bye_was_win {
            new.bye_match_points = old.bye_match_points;
        }
    }
    if let Some(p) = &a.bye_points {
        new.bye_game_points = points(p, "--bye-points")?;
    }
    if let Some(p) = &a.bye_match_points {
        new.bye_match_points = points(p, "--bye-match-points")?;
    }
    if let Some(r) = &a.rank_by {
        new.rank_by = if r == "game-points" {
            RankBy::GamePoints
        } else {
            RankBy::MatchPoints
        };
    }
    if let Some(s) = &a.usat_scale {
        new.usat_doubled = s == "2";
    }
    if let Some(s) = &a.usat_bye_adjustment {
        new.usat_adjusted = s == "on";
    }
    let saved = if rules_given {
        store.write(|tx| teams::set_rules(tx, &e, &new))?
    } else {
        old
    };
    let mut out = format!("Team rules of {} ({}):\n", e.name, e.season);
    for (name, value) in describe_rules(&saved) {
        out.push_str(&format!("  {name}: {value}\n"));
    }
    print(&out).map_err(Into::into)
}

/// The crosstable of spec §5.13: text, markdown, csv (JSON: header and rows).
pub fn crosstable_output(r: &TeamReport, format: Format) -> String {
    let x = &r.crosstable;
    if format == Format::Json {
        return format!(
            "{}\n",
            serde_json::to_string_pretty(&json!({
                "season": r.event.season, "event": r.event.name, "rounds_played": r.rounds_played,
                "tiebreaks": r.order.tiebreaks.iter().map(|t| t.code()).collect::<Vec<_>>(),
                "header": x.header, "rows": x.rows,
            }))
            .unwrap_or_default()
        );
    }
    let header: Vec<&str> = x.header.iter().map(String::as_str).collect();
    let numeric: Vec<usize> = (0..x.header.len())
        .filter(|&i| i == 0 || (i >= 2 && i < 3 + r.order.tiebreaks.len()))
        .collect();
    let mut t = Table::new(&header).right(&numeric);
    for row in &x.rows {
        t.push(row.clone());
    }
    let mut out = String::new();
    if format == Format::Text {
        out.push_str(&format!(
            "{} ({}): team crosstable after round {} of {}\n",
            r.event.name, r.event.season, r.rounds_played, r.event.rounds
        ));
        let names: Vec<String> = r
            .order
            .tiebreaks
            .iter()
            .enumerate()
            .map(|(i, t)| format!("TBrk{} = {}", i + 1, t.code()))
            .collect();
        if !names.is_empty() {
            out.push_str(&format!("{}\n", names.join(", ")));
        }
        out.push('\n');
    }
    out.push_str(&t.render(format));
    if format == Format::Text {
        out.push_str("\nW/D/L: match won, drawn, lost against that number, then game points; -B-: team bye; X/F: match won/lost by forfeit; -U-: not paired.\n");
        for n in &r.notes {
            out.push_str(&format!("Note: {n}.\n"));
        }
    }
    out
}

/// Board prizes, board by board.
pub fn boards_output(r: &TeamReport, format: Format) -> String {
    let team_name = |i: usize| {
        r.loaded
            .teams
            .get(i)
            .map(|t| t.name.clone())
            .unwrap_or_default()
    };
    if format == Format::Json {
        let boards: Vec<_> = r
            .boards
            .iter()
            .map(|b| {
                json!({
                    "board": b.board,
                    "rows": b.rows.iter().map(|s| json!({
                        "place": s.place, "name": r.loaded.name(s.player), "team": team_name(s.team),
                        "points": s.points.as_f64(), "games": s.games, "forfeit_wins": s.forfeit_wins,
                        "percent": s.percent.map(|p| p.as_f64()), "qualified": s.qualified,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        return format!(
            "{}\n",
            serde_json::to_string_pretty(&json!({"season": r.event.season, "event": r.event.name, "rounds_played": r.rounds_played, "boards": boards})).unwrap_or_default()
        );
    }
    let mut t = Table::new(&[
        "board",
        "place",
        "player",
        "team",
        "points",
        "games",
        "%",
        "forfeit wins",
    ])
    .right(&[0, 4, 5, 6, 7]);
    for b in &r.boards {
        for s in &b.rows {
            t.push(vec![
                b.board.to_string(),
                if s.qualified {
                    s.place.clone()
                } else {
                    format!("({})", s.place)
                },
                r.loaded.name(s.player),
                team_name(s.team),
                s.points.fraction(),
                s.games.to_string(),
                s.percent.map(|p| p.decimal()).unwrap_or_else(|| "–".into()),
                s.forfeit_wins.to_string(),
            ]);
        }
    }
    let mut out = String::new();
    if format == Format::Text {
        out.push_str(&format!(
            "{} ({}): board prizes after round {} (games over the board only; places in brackets have too few games)\n\n",
            r.event.name, r.event.season, r.rounds_played
        ));
        if r.boards.is_empty() {
            out.push_str("No match has been recorded board by board yet.\n");
            return out;
        }
    }
    out.push_str(&t.render(format));
    out
}
