//! Team events in the database: teams, rosters, the event's team rules,
//! team withdrawals, and the loader that turns an event's rows into the
//! pure [`TeamEvent`] the team standings, crosstable and board prizes read.
//! Matches and team byes are recorded by [`super::team_match`].
//!
//! A team event has one section; its players are entered in it (with their
//! team) when they join a roster, so the board games of team matches are
//! ordinary games between entries of that section and count in every
//! individual record and history.

use std::collections::HashMap;

use crate::Writer;
use rusqlite::{params, Connection, OptionalExtension, Row};

use super::audit::{audit_event, changed_fields, shown, Action};
use super::constraint_error;
use super::player::{self as players};
use super::season::{self as seasons};
use super::Readable;
use crate::domain::ids::{EntryId, EventId, MatchId, SectionId, TeamId};
use crate::domain::league::{Event, Player, Section};
use crate::domain::names::Wanted;
use crate::domain::score::Points;
use crate::domain::team::{
    BoardOutcome, BoardResult, PlayerId, RankBy, RoundResults, Team, TeamEvent, TeamMatch,
    TeamRules,
};
use crate::error::{Error, Result, Way};

/// A team of a team event, as stored.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TeamRow {
    /// Its row.
    pub id: TeamId,
    /// The team event it plays in.
    pub event_id: EventId,
    /// Its name, unique in the event.
    pub name: String,
    /// Its short code for narrow tables, if given.
    pub short: Option<String>,
    /// The last round the team played before withdrawing.
    pub withdrawn_after: Option<u32>,
}

impl TeamRow {
    /// Whether `text` is this team's name or short code, any case: what a
    /// command or a match file may call it before the name rules of
    /// [`crate::domain::names`] are tried.
    pub fn answers_to(&self, text: &str) -> bool {
        let t = text.trim();
        self.name.eq_ignore_ascii_case(t)
            || self
                .short
                .as_deref()
                .is_some_and(|s| s.eq_ignore_ascii_case(t))
    }
}

/// A player on a team's roster. Boards 1..=the event's boards are the
/// board order; higher numbers are alternates.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RosterRow {
    /// The team.
    pub team_id: TeamId,
    /// The player.
    pub player_id: PlayerId,
    /// The player's name.
    pub name: String,
    /// The player's rating, if any.
    pub rating: Option<u32>,
    /// Their board: 1 is the top board; past the event's boards, an alternate.
    pub board: u32,
    /// The player's pairing number in the event's section.
    pub pairing_no: Option<u32>,
}

/// The section a team event's games are recorded in: its only section.
pub fn team_section(conn: &impl Readable, event: &Event) -> Result<Section> {
    let conn = super::sql(conn);
    event.need_team()?;
    let all = seasons::sections(conn, event.id)?;
    match all.len() {
        1 => Ok(all[0].clone()),
        0 => Err(
            Error::not_found(format!("{} has no section yet", event.name))
                .with_way(Way::AddSection),
        ),
        _ => Err(Error::invalid(format!(
            "{} is a team event with {} sections; a team event keeps its games in one section",
            event.name,
            all.len()
        ))),
    }
}

fn team_row(r: &Row) -> rusqlite::Result<TeamRow> {
    Ok(TeamRow {
        id: r.get("id")?,
        event_id: r.get("event_id")?,
        name: r.get("name")?,
        short: r.get("short_code")?,
        withdrawn_after: r.get("withdrawn_after")?,
    })
}

/// The event's teams in the order they were added.
pub fn teams(conn: &impl Readable, event_id: EventId) -> Result<Vec<TeamRow>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare(
        "SELECT id, event_id, name, short_code, withdrawn_after FROM team WHERE event_id = ?1 ORDER BY id",
    )?;
    let rows = st
        .query_map([event_id], team_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// The team of `event` named by `text`: its name or short code (any case),
/// else by the league's name rules ([`crate::domain::names`]). Errors list
/// the teams.
pub fn find_team(conn: &impl Readable, event: &Event, text: &str) -> Result<TeamRow> {
    let conn = super::sql(conn);
    let all = teams(conn, event.id)?;
    let i = team_in(&all, event, text)?;
    Ok(all[i].clone())
}

/// [`find_team`] among teams already read (a report's, a match file's):
/// the index into `teams`. The one place a team is found by what the
/// secretary typed, so commands and reports refuse the same names in the
/// same words.
pub fn team_in(teams: &[TeamRow], event: &Event, text: &str) -> Result<usize> {
    if teams.is_empty() {
        return Err(
            Error::not_found(format!("{} has no teams yet", event.name)).with_way(Way::AddTeams {
                event: event.name.clone(),
            }),
        );
    }
    let named: Vec<(usize, &str)> = teams
        .iter()
        .enumerate()
        .map(|(i, x)| (i, x.name.as_str()))
        .collect();
    let list = teams
        .iter()
        .map(|x| x.name.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    Ok(Wanted {
        what: &format!("team of {}", event.name),
        more: "type more of the name, or its short code",
        hint: &format!("its teams are {list}"),
    }
    .choose(
        text,
        &named,
        |&i| teams[i].answers_to(text),
        |&i| teams[i].name.clone(),
    )?)
}

/// Add a team to a team event: `name` and `short` as given (trimmed; a
/// blank code is none). The rules (a name, not "BYE", used once) are
/// `app::team`'s.
pub fn add_team(tx: &Writer, event: &Event, name: &str, short: Option<&str>) -> Result<TeamRow> {
    let name = name.trim();
    let short = short.map(str::trim).filter(|s| !s.is_empty());
    tx.execute(
        "INSERT INTO team (event_id, name, short_code) VALUES (?1, ?2, ?3)",
        params![event.id, name, short],
    )
    .map_err(|e| constraint_error(e, "team"))?;
    let id = tx.last_insert_rowid();
    Ok(tx.query_row(
        "SELECT id, event_id, name, short_code, withdrawn_after FROM team WHERE id = ?1",
        [id],
        team_row,
    )?)
}

/// Rename a team or change its short code (`None` keeps each; a blank
/// code clears it); logged. The rules are `app::team`'s.
pub fn edit_team(
    tx: &Writer,
    event: &Event,
    team: &TeamRow,
    name: Option<&str>,
    short: Option<&str>,
) -> Result<TeamRow> {
    let new_name = name.map(str::trim).unwrap_or(&team.name).to_string();
    let new_short = match short.map(str::trim) {
        Some("") => None,
        Some(s) => Some(s.to_string()),
        None => team.short.clone(),
    };
    tx.execute(
        "UPDATE team SET name = ?1, short_code = ?2 WHERE id = ?3",
        params![new_name, new_short, team.id],
    )
    .map_err(|e| constraint_error(e, "team"))?;
    if let Some((old, new)) = changed_fields(&[
        ("name", team.name.clone(), new_name.clone()),
        ("short code", shown(&team.short), shown(&new_short)),
    ]) {
        audit_event(
            tx,
            Some(event.id),
            if new_name != team.name {
                Action::Rename
            } else {
                Action::Edit
            },
            &format!("team {} of {} {}", team.name, event.season, event.name),
            Some(&old),
            Some(&new),
            None,
        )?;
    }
    find_team(tx, event, &new_name)
}

/// Every roster of an event, team by team in board order.
pub fn rosters(conn: &impl Readable, event_id: EventId) -> Result<Vec<RosterRow>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare(
        "SELECT ro.team_id AS team_id, ro.player_id AS player_id, p.name AS name, \
         COALESCE(e.rating, p.rating) AS rating, ro.board AS board, e.pairing_no AS pairing_no \
         FROM roster ro JOIN player p ON p.id = ro.player_id \
         LEFT JOIN entry e ON e.player_id = ro.player_id AND e.team_id = ro.team_id \
         WHERE ro.event_id = ?1 ORDER BY ro.team_id, ro.board",
    )?;
    let rows = st
        .query_map([event_id], |r| {
            Ok(RosterRow {
                team_id: r.get("team_id")?,
                player_id: r.get("player_id")?,
                name: r.get("name")?,
                rating: r.get("rating")?,
                board: r.get("board")?,
                pairing_no: r.get("pairing_no")?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// Put `player` on `team`'s roster at `board`, and enter them in the
/// event's section for that team. The rules (one team per player, a free
/// board) are the application layer's: this is the write.
pub fn add_to_roster(
    tx: &Writer,
    event: &Event,
    team: &TeamRow,
    player: &Player,
    board: u32,
) -> Result<RosterRow> {
    let section = team_section(tx, event)?;
    tx.execute(
        "INSERT INTO roster (team_id, event_id, player_id, board) VALUES (?1, ?2, ?3, ?4)",
        params![team.id, event.id, player.id, board],
    )
    .map_err(|e| constraint_error(e, "roster"))?;
    let entered: Option<EntryId> = tx
        .query_row(
            "SELECT id FROM entry WHERE section_id = ?1 AND player_id = ?2",
            params![section.id, player.id],
            |r| r.get(0),
        )
        .optional()?;
    let entry_id = match entered {
        Some(id) => id,
        None => players::enter(tx, &section, player, None, None)?.id,
    };
    tx.execute(
        "UPDATE entry SET team_id = ?1 WHERE id = ?2",
        params![team.id, entry_id],
    )?;
    rosters(tx, event.id)?
        .into_iter()
        .find(|r| r.player_id == player.id)
        .ok_or_else(|| Error::invalid("the roster line was not saved"))
}

/// How many boards `player` has played or been forfeited on in `event`'s
/// section: a roster line with any stays (its games count for the team).
pub fn boards_played(conn: &impl Readable, event: &Event, player: &Player) -> Result<i64> {
    let section = team_section(conn, event)?;
    let conn = super::sql(conn);
    let played: i64 = conn.query_row(
        "SELECT count(*) FROM game g JOIN entry e ON e.id IN (g.white_entry, g.black_entry) \
         WHERE g.section_id = ?1 AND e.player_id = ?2",
        params![section.id, player.id],
        |r| r.get(0),
    )?;
    let forfeits: i64 = conn.query_row(
        "SELECT count(*) FROM team_board_forfeit f JOIN team_match m ON m.id = f.team_match_id \
         WHERE m.section_id = ?1 AND f.player_id = ?2",
        params![section.id, player.id],
        |r| r.get(0),
    )?;
    Ok(played + forfeits)
}

/// Take `player` off `team`'s roster (`on`, their line) and out of the
/// event's section. Logged. Whether they may go (no board played) is the
/// application layer's rule.
pub fn remove_from_roster(
    tx: &Writer,
    event: &Event,
    team: &TeamRow,
    player: &Player,
    on: &RosterRow,
) -> Result<()> {
    let section = team_section(tx, event)?;
    tx.execute(
        "DELETE FROM roster WHERE event_id = ?1 AND player_id = ?2",
        params![event.id, player.id],
    )?;
    tx.execute(
        "DELETE FROM bye WHERE entry_id IN (SELECT id FROM entry WHERE section_id = ?1 AND player_id = ?2)",
        params![section.id, player.id],
    )?;
    tx.execute(
        "DELETE FROM entry WHERE section_id = ?1 AND player_id = ?2",
        params![section.id, player.id],
    )?;
    audit_event(
        tx,
        Some(event.id),
        Action::Delete,
        &format!("{} {}: roster of {}", event.season, event.name, team.name),
        Some(&format!("{} on board {}", player.name, on.board)),
        None,
        None,
    )?;
    Ok(())
}

/// The event's team rules (the defaults of spec §2 if none are stored).
pub fn rules(conn: &impl Readable, event_id: EventId) -> Result<TeamRules> {
    let conn = super::sql(conn);
    let row = conn
        .query_row(
            "SELECT boards, win_halves, draw_halves, loss_halves, bye_match_halves, bye_game_halves, \
             rank_by, usat_doubled, usat_adjusted FROM team_rules WHERE event_id = ?1",
            [event_id],
            |r| {
                let boards: u32 = r.get("boards")?;
                let mut rules = TeamRules::new(boards).with_match_points(
                    Points(r.get("win_halves")?),
                    Points(r.get("draw_halves")?),
                    Points(r.get("loss_halves")?),
                );
                if let Some(m) = r.get::<_, Option<i32>>("bye_match_halves")? {
                    rules.bye_match_points = Points(m);
                }
                if let Some(g) = r.get::<_, Option<i32>>("bye_game_halves")? {
                    rules.bye_game_points = Points(g);
                }
                let rank_by: String = r.get("rank_by")?;
                rules.rank_by = if rank_by == "game-points" {
                    RankBy::GamePoints
                } else {
                    RankBy::MatchPoints
                };
                rules.usat_doubled = r.get("usat_doubled")?;
                rules.usat_adjusted = r.get("usat_adjusted")?;
                Ok(rules)
            },
        )
        .optional()?;
    Ok(row.unwrap_or_else(|| TeamRules::new(4)))
}

/// How a rule reads in the log and in `league team edit`'s reply.
pub fn describe_rules(r: &TeamRules) -> Vec<(&'static str, String)> {
    vec![
        ("boards", r.boards.to_string()),
        (
            "match points",
            format!("{}/{}/{}", r.match_win, r.match_draw, r.match_loss),
        ),
        (
            "team bye",
            format!(
                "{}, {}",
                r.bye_match_points.counted("match point"),
                r.bye_game_points.counted("game point")
            ),
        ),
        (
            "ranked by",
            match r.rank_by {
                RankBy::MatchPoints => "match points",
                RankBy::GamePoints => "game points",
            }
            .to_string(),
        ),
        (
            "USAT",
            format!(
                "{}, {}",
                if r.usat_doubled { "×2" } else { "×1" },
                if r.usat_adjusted {
                    "opponents' byes counted as ½"
                } else {
                    "opponents' match points as scored"
                }
            ),
        ),
    ]
}

/// How many matches (team byes aside) `event` has recorded.
pub fn recorded_matches(conn: &impl Readable, event: &Event) -> Result<u32> {
    Ok(super::sql(conn).query_row(
        "SELECT count(*) AS n FROM team_match m JOIN round r ON r.id = m.round_id \
         JOIN section s ON s.id = r.section_id WHERE s.event_id = ?1 AND m.team_b IS NOT NULL",
        [event.id],
        |r| r.get("n"),
    )?)
}

/// Store new team rules for `event`; logged. The rules of what may change
/// (sound rules; the boards fixed once a match is recorded) are
/// `app::team`'s.
pub fn set_rules(tx: &Writer, event: &Event, new: &TeamRules) -> Result<TeamRules> {
    let old = rules(tx, event.id)?;
    // Byes at their default (a match win, every board) are stored as NULL,
    // so they follow the match-point scale and the number of boards.
    let bye_match = (new.bye_match_points != new.match_win).then_some(new.bye_match_points.0);
    let bye_game =
        (new.bye_game_points != new.match_game_points()).then_some(new.bye_game_points.0);
    tx.execute(
        "INSERT INTO team_rules (event_id, boards, win_halves, draw_halves, loss_halves, bye_match_halves, \
         bye_game_halves, rank_by, usat_doubled, usat_adjusted) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) \
         ON CONFLICT (event_id) DO UPDATE SET boards = excluded.boards, win_halves = excluded.win_halves, \
         draw_halves = excluded.draw_halves, loss_halves = excluded.loss_halves, \
         bye_match_halves = excluded.bye_match_halves, bye_game_halves = excluded.bye_game_halves, \
         rank_by = excluded.rank_by, usat_doubled = excluded.usat_doubled, usat_adjusted = excluded.usat_adjusted",
        params![
            event.id,
            new.boards,
            new.match_win.0,
            new.match_draw.0,
            new.match_loss.0,
            bye_match,
            bye_game,
            match new.rank_by {
                RankBy::MatchPoints => "match-points",
                RankBy::GamePoints => "game-points",
            },
            new.usat_doubled,
            new.usat_adjusted
        ],
    )
    .map_err(|e| constraint_error(e, "team rules"))?;
    let fields: Vec<(&str, String, String)> = describe_rules(&old)
        .into_iter()
        .zip(describe_rules(new))
        .map(|((name, a), (_, b))| (name, a, b))
        .collect();
    if let Some((o, n)) = changed_fields(&fields) {
        audit_event(
            tx,
            Some(event.id),
            Action::Edit,
            &format!("team rules of {} {}", event.season, event.name),
            Some(&o),
            Some(&n),
            None,
        )?;
    }
    rules(tx, event.id)
}

/// The last round after `after` in which the team has a match or a team
/// bye recorded, if any.
pub fn last_round_after(tx: &Writer, team: &TeamRow, after: u32) -> Result<Option<u32>> {
    Ok(tx.query_row(
        "SELECT MAX(r.number) AS last FROM team_match m JOIN round r ON r.id = m.round_id \
         WHERE (m.team_a = ?1 OR m.team_b = ?1) AND r.number > ?2",
        params![team.id, after],
        |r| r.get("last"),
    )?)
}

/// Record that a team withdrew after round `after` (0: before round 1),
/// logged with the reason. The rules are `app::team`'s.
pub fn withdraw_team(
    tx: &Writer,
    event: &Event,
    team: &TeamRow,
    after: u32,
    reason: Option<&str>,
) -> Result<()> {
    tx.execute(
        "UPDATE team SET withdrawn_after = ?1 WHERE id = ?2",
        params![after, team.id],
    )?;
    audit_event(
        tx,
        Some(event.id),
        Action::Withdraw,
        &format!("{} {}: team {}", event.season, event.name, team.name),
        team.withdrawn_after
            .map(|w| format!("withdrawn after round {w}"))
            .as_deref(),
        Some(&format!("withdrawn after round {after}")),
        reason,
    )?;
    Ok(())
}

/// A team event as the domain sees it, with what is needed to name things.
#[derive(Clone, Debug)]
pub struct LoadedTeamEvent {
    /// Every created round (boards without a result left out).
    pub event: TeamEvent,
    /// `teams[i]` is `event.teams[i]`.
    pub teams: Vec<TeamRow>,
    /// Names of the players who appear on rosters or boards.
    pub names: HashMap<PlayerId, String>,
    /// Rounds created so far.
    pub created_rounds: usize,
    /// The last round n such that rounds 1..=n have every board result in.
    pub complete_rounds: usize,
    /// Matches with a board paired but without a result yet (`league round
    /// pair` writes them so): (round index, first-named team's index).
    pub pending: Vec<(usize, usize)>,
}

impl LoadedTeamEvent {
    /// The event without the matches still waiting for results: what
    /// [`TeamEvent::validate`] checks (a paired match is complete only once
    /// its results are recorded).
    pub fn recorded(&self) -> TeamEvent {
        let mut event = self.event.clone();
        for &(r, home) in &self.pending {
            if let Some(round) = event.rounds.get_mut(r) {
                round.matches.retain(|m| m.home != home);
            }
        }
        event
    }
}

impl LoadedTeamEvent {
    /// The index of the team with database id `id`.
    pub fn index_of(&self, id: TeamId) -> Option<usize> {
        self.teams.iter().position(|t| t.id == id)
    }

    /// A player's name ("player #12" if unknown).
    pub fn name(&self, p: PlayerId) -> String {
        self.names
            .get(&p)
            .cloned()
            .unwrap_or_else(|| format!("player #{}", p.0))
    }
}

/// The board outcome from the first-named team's side, given White's
/// result and whether the first-named team had White.
pub fn outcome_for_home(result: crate::domain::game::GameResult, home_white: bool) -> BoardOutcome {
    use crate::domain::game::GameResult as G;
    let r = if home_white { result } else { result.swapped() };
    match r {
        G::WhiteWins => BoardOutcome::HomeWin,
        G::BlackWins => BoardOutcome::AwayWin,
        G::Draw => BoardOutcome::Draw,
        G::WhiteForfeitWin => BoardOutcome::HomeForfeitWin,
        G::BlackForfeitWin => BoardOutcome::AwayForfeitWin,
        G::DoubleForfeit => BoardOutcome::DoubleForfeit,
        G::DoubleLoss => BoardOutcome::DoubleLoss,
    }
}

/// Build the domain [`TeamEvent`] of a team event: one query each for the
/// rules, teams, rounds, matches, board games and player names.
pub fn load_team_event(conn: &impl Readable, event: &Event) -> Result<LoadedTeamEvent> {
    let conn = super::sql(conn);
    let section = team_section(conn, event)?;
    let rules = rules(conn, event.id)?;
    let team_rows = teams(conn, event.id)?;
    let created: u32 = conn.query_row(
        "SELECT COALESCE(MAX(number), 0) AS created FROM round WHERE section_id = ?1",
        [section.id],
        |r| r.get("created"),
    )?;
    let mut build = RoundsBuilder {
        index: team_rows
            .iter()
            .enumerate()
            .map(|(i, t)| (t.id, i))
            .collect(),
        boards: board_games(conn, section.id, event.id)?,
        forfeits: board_forfeits(conn, section.id)?,
        boards_per_match: rules.boards as usize,
        rounds: vec![RoundResults::default(); created as usize],
        incomplete: vec![false; created as usize],
        pending: Vec::new(),
    };
    for m in stored_matches(conn, section.id)? {
        build.add(m);
    }
    let names = player_names(conn, event.id, section.id)?;
    let complete_rounds = build
        .incomplete
        .iter()
        .position(|&x| x)
        .unwrap_or(created as usize);
    let domain_teams = team_rows
        .iter()
        .map(|t| {
            let team = Team::new(t.name.clone());
            match &t.short {
                Some(s) => team.with_short(s.clone()),
                None => team,
            }
        })
        .collect();
    let mut event_out = TeamEvent::new(rules, domain_teams);
    event_out.rounds = build.rounds;
    Ok(LoadedTeamEvent {
        event: event_out,
        teams: team_rows,
        names,
        created_rounds: created as usize,
        complete_rounds,
        pending: build.pending,
    })
}

/// A board game of a team match, with White's team.
struct StoredBoard {
    board: u32,
    white: PlayerId,
    black: PlayerId,
    white_team: Option<TeamId>,
    result: Option<String>,
}

/// A board a team could not fill (no game).
struct StoredForfeit {
    board: u32,
    /// "a", "b" or "none": the side that was there.
    present: String,
    player: Option<PlayerId>,
}

/// A match (or team bye) row.
struct StoredMatch {
    id: MatchId,
    round: u32,
    team_a: TeamId,
    team_b: Option<TeamId>,
    points_a: Option<i32>,
    points_b: Option<i32>,
}

/// The board games of the section's team matches, by match, with each
/// White's team.
fn board_games(
    conn: &Connection,
    section: SectionId,
    event: EventId,
) -> Result<HashMap<MatchId, Vec<StoredBoard>>> {
    let mut st = conn.prepare(
        "SELECT g.team_match_id AS match_id, COALESCE(g.board, 0) AS board, we.player_id AS white, \
         be.player_id AS black, COALESCE(ro.team_id, we.team_id) AS white_team, g.result AS result \
         FROM game g JOIN entry we ON we.id = g.white_entry JOIN entry be ON be.id = g.black_entry \
         LEFT JOIN roster ro ON ro.player_id = we.player_id AND ro.event_id = ?2 \
         WHERE g.section_id = ?1 AND g.team_match_id IS NOT NULL ORDER BY g.team_match_id, g.board",
    )?;
    let rows = st.query_map(params![section, event], |r| {
        Ok((
            r.get::<_, MatchId>("match_id")?,
            StoredBoard {
                board: r.get("board")?,
                white: r.get("white")?,
                black: r.get("black")?,
                white_team: r.get("white_team")?,
                result: r.get("result")?,
            },
        ))
    })?;
    let mut boards: HashMap<MatchId, Vec<StoredBoard>> = HashMap::new();
    for row in rows {
        let (m, b) = row?;
        boards.entry(m).or_default().push(b);
    }
    Ok(boards)
}

/// The boards nobody filled in the section's team matches, by match.
fn board_forfeits(
    conn: &Connection,
    section: SectionId,
) -> Result<HashMap<MatchId, Vec<StoredForfeit>>> {
    let mut st = conn.prepare(
        "SELECT f.team_match_id AS match_id, f.board AS board, f.present AS present, f.player_id AS player \
         FROM team_board_forfeit f JOIN team_match m ON m.id = f.team_match_id WHERE m.section_id = ?1",
    )?;
    let rows = st.query_map([section], |r| {
        Ok((
            r.get::<_, MatchId>("match_id")?,
            StoredForfeit {
                board: r.get("board")?,
                present: r.get("present")?,
                player: r.get("player")?,
            },
        ))
    })?;
    let mut forfeits: HashMap<MatchId, Vec<StoredForfeit>> = HashMap::new();
    for row in rows {
        let (m, f) = row?;
        forfeits.entry(m).or_default().push(f);
    }
    Ok(forfeits)
}

/// The section's matches and team byes, round by round.
fn stored_matches(conn: &Connection, section: SectionId) -> Result<Vec<StoredMatch>> {
    let mut st = conn.prepare(
        "SELECT m.id AS id, r.number AS round, m.team_a AS team_a, m.team_b AS team_b, \
         m.points_a_halves AS points_a, m.points_b_halves AS points_b \
         FROM team_match m JOIN round r ON r.id = m.round_id WHERE r.section_id = ?1 \
         ORDER BY r.number, m.id",
    )?;
    let rows = st.query_map([section], |r| {
        Ok(StoredMatch {
            id: r.get("id")?,
            round: r.get("round")?,
            team_a: r.get("team_a")?,
            team_b: r.get("team_b")?,
            points_a: r.get("points_a")?,
            points_b: r.get("points_b")?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The names of the players on the event's rosters or entered in its
/// section.
fn player_names(
    conn: &Connection,
    event: EventId,
    section: SectionId,
) -> Result<HashMap<PlayerId, String>> {
    let mut st = conn.prepare(
        "SELECT p.id AS id, p.name AS name FROM player p WHERE p.id IN ( \
           SELECT player_id FROM roster WHERE event_id = ?1 \
           UNION SELECT player_id FROM entry WHERE section_id = ?2)",
    )?;
    let rows = st.query_map(params![event, section], |r| {
        Ok((r.get::<_, PlayerId>("id")?, r.get::<_, String>("name")?))
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The domain's rounds, built match by match from the stored rows.
struct RoundsBuilder {
    /// Each team's index in the domain event.
    index: HashMap<TeamId, usize>,
    boards: HashMap<MatchId, Vec<StoredBoard>>,
    forfeits: HashMap<MatchId, Vec<StoredForfeit>>,
    boards_per_match: usize,
    rounds: Vec<RoundResults>,
    /// Rounds with a board without a result.
    incomplete: Vec<bool>,
    /// Matches waiting for a board's result: (round index, home index).
    pending: Vec<(usize, usize)>,
}

impl RoundsBuilder {
    /// One stored match (or bye) into its round.
    fn add(&mut self, m: StoredMatch) {
        let r = m.round as usize - 1;
        let Some(&home) = self.index.get(&m.team_a) else {
            return;
        };
        let Some(b) = m.team_b else {
            self.rounds[r].byes.push(home);
            return;
        };
        let Some(&away) = self.index.get(&b) else {
            return;
        };
        let tm = match (m.points_a, m.points_b) {
            (Some(pa), Some(pb)) => TeamMatch::from_score(home, away, Points(pa), Points(pb)),
            _ => {
                let list = self.board_results(&m, r, home);
                TeamMatch::from_boards(home, away, list)
            }
        };
        self.rounds[r].matches.push(tm);
    }

    /// A match's boards from the first-named team's side, in board order;
    /// a board without a result marks the round incomplete and the match
    /// pending.
    fn board_results(&mut self, m: &StoredMatch, r: usize, home: usize) -> Vec<BoardResult> {
        let mut list = Vec::new();
        for g in self.boards.remove(&m.id).unwrap_or_default() {
            let Some(result) = g
                .result
                .as_deref()
                .and_then(crate::domain::game::GameResult::from_stored)
            else {
                self.incomplete[r] = true;
                if self.pending.last() != Some(&(r, home)) {
                    self.pending.push((r, home));
                }
                continue;
            };
            let home_white = g.white_team == Some(m.team_a);
            let (hp, ap) = if home_white {
                (g.white, g.black)
            } else {
                (g.black, g.white)
            };
            list.push(
                BoardResult::new(g.board, outcome_for_home(result, home_white))
                    .players(Some(hp), Some(ap)),
            );
        }
        for f in self.forfeits.remove(&m.id).unwrap_or_default() {
            list.push(match f.present.as_str() {
                "a" => {
                    BoardResult::new(f.board, BoardOutcome::HomeForfeitWin).players(f.player, None)
                }
                "b" => {
                    BoardResult::new(f.board, BoardOutcome::AwayForfeitWin).players(None, f.player)
                }
                _ => BoardResult::new(f.board, BoardOutcome::DoubleForfeit),
            });
        }
        list.sort_by_key(|b| b.board);
        if list.len() < self.boards_per_match {
            self.incomplete[r] = true;
        }
        list
    }
}
