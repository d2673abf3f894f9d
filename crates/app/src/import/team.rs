//! Importing a sheet of team matches (a whole crosstable, by score): where
//! it goes (the event, created when missing), and the rules every line
//! must keep before anything is kept: rounds within the event's and in
//! order from the first round without matches, no team twice in a round,
//! no team against itself, points adding up to the boards, byes worth what
//! the event's rules say. The store only writes the rows.

use std::collections::HashMap;

use crate::domain::ids::{RoundId, TeamId};
use crate::domain::league::{Event, EventKind, Section};
use crate::domain::score::Points;
use crate::domain::team::TeamRules;
use crate::error::{Error, InputError, Result};
use crate::input::team_matches::TeamMatchRow;
use crate::round::sheet::At;
use crate::store::round::ensure_round;
use crate::store::season::{self as seasons, NewEvent};
use crate::store::team::{self as teams, TeamRow};
use crate::store::team_match as matches;
use crate::store::Writer;

/// Why a sheet of team matches is refused (besides the plain mistakes of a
/// line, which are input errors at its line and field).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Boards per match out of the schema's range.
    #[error("a team match has 1 to 20 boards, not {boards}")]
    BoardsOutOfRange {
        /// The boards asked for.
        boards: u32,
    },
    /// A line's round beyond the event's rounds.
    #[error("{at}round {round} is beyond {event}'s {rounds} rounds")]
    BeyondEvent {
        /// The first line with such a round.
        at: At,
        /// The file's last round.
        round: u32,
        /// The event's name.
        event: String,
        /// Its planned rounds.
        rounds: u32,
    },
    /// A team bye worth other than the event's rule.
    #[error("{at}a team bye in {event} is worth {worth} game points, not {given}")]
    ByeWorth {
        /// The line.
        at: At,
        /// The event's name.
        event: String,
        /// What a team bye is worth by the event's rules.
        worth: Points,
        /// What the file gave.
        given: Points,
    },
}

/// What an import wrote.
#[derive(Debug)]
pub struct Imported {
    /// The event written to.
    pub event: Event,
    /// Whether the import created it.
    pub event_created: bool,
    /// Teams created.
    pub teams_created: usize,
    /// Matches recorded.
    pub matches: usize,
    /// Team byes recorded.
    pub byes: usize,
    /// The rounds written.
    pub rounds: Vec<u32>,
}

/// Where a team-match import goes.
pub struct TeamImportTarget<'a> {
    /// The season, by name.
    pub season: &'a str,
    /// The event, by name (created when missing).
    pub event: &'a str,
    /// Boards per match; a new event gets 4 unless told.
    pub boards: Option<u32>,
}

/// Import a whole sheet of team matches (already parsed, so each line is
/// sound on its own). The season and event are created when they do not
/// exist (the event as a team Swiss with as many rounds as the file, the
/// `usat-team` tiebreaks and one section "Open"); teams are created as they
/// are named. Every line is checked before anything is kept (see the
/// module). Errors name the file, line and field.
pub fn import_team_matches(
    tx: &Writer,
    rows: &[TeamMatchRow],
    source: &str,
    target: &TeamImportTarget,
) -> Result<Imported> {
    if rows.is_empty() {
        return Err(InputError::new(source, "the file has a header but no matches").into());
    }
    if let Some(boards) = target.boards.filter(|b| !(1..=20).contains(b)) {
        return Err(Error::refused(Refusal::BoardsOutOfRange { boards }));
    }
    let last_round = rows.iter().map(|r| r.round).max().unwrap_or(1);
    let (event, event_created) = import_event(tx, target, last_round)?;
    let section = teams::team_section(tx, &event)?;
    let rules = import_rules(tx, &event, target.boards)?;
    check_rounds(tx, rows, source, &event, &section, last_round)?;
    let mut import = Importer {
        tx,
        source,
        event: &event,
        section: &section,
        all: Points::whole(rules.boards as i32),
        rules,
        known: teams::teams(tx, event.id)?,
        teams_created: 0,
        in_round: HashMap::new(),
        matches: 0,
        byes: 0,
    };
    for row in rows {
        import.row(row)?;
    }
    let (teams_created, matches, byes) = (import.teams_created, import.matches, import.byes);
    matches::validate(tx, &event)?;
    let mut rounds: Vec<u32> = rows.iter().map(|r| r.round).collect();
    rounds.dedup();
    Ok(Imported {
        event: seasons::event_by_id(tx, event.id)?,
        event_created,
        teams_created,
        matches,
        byes,
        rounds,
    })
}

/// The event an import goes into, created (a team Swiss of `rounds`
/// rounds, one section "Open") when the season has none of that name; and
/// whether it was created.
fn import_event(tx: &Writer, target: &TeamImportTarget, rounds: u32) -> Result<(Event, bool)> {
    let season = seasons::ensure_season(tx, target.season)?;
    match seasons::find_event(tx, Some(&season.name), target.event) {
        Ok(e) => Ok((e, false)),
        Err(e) if e.is_not_found() => {
            let e = seasons::add_event(
                tx,
                &season,
                &NewEvent {
                    name: target.event,
                    kind: EventKind::TeamSwiss,
                    rounds,
                    start_date: None,
                    end_date: None,
                    tiebreaks: EventKind::TeamSwiss.default_tiebreaks(),
                    actual_play_first: false,
                    fide_edition: None,
                    sb_adjusted: false,
                    coin_allowed: false,
                },
            )?;
            seasons::add_section(tx, &e, "Open", None, None)?;
            Ok((e, true))
        }
        Err(e) => Err(e),
    }
}

/// The event's team rules, with the boards per match the import gives (a
/// bye worth a whole match stays worth a whole match).
fn import_rules(tx: &Writer, event: &Event, boards: Option<u32>) -> Result<TeamRules> {
    let r = teams::rules(tx, event.id)?;
    let Some(b) = boards.filter(|&b| b != r.boards) else {
        return Ok(r);
    };
    let mut new = r.clone();
    new.boards = b;
    if r.bye_game_points == r.match_game_points() {
        new.bye_game_points = new.match_game_points();
    }
    crate::team::set_rules(tx, event, &new)
}

/// The file's rounds: within the event's, from the first round without
/// matches, in order, none left out.
fn check_rounds(
    tx: &Writer,
    rows: &[TeamMatchRow],
    source: &str,
    event: &Event,
    section: &Section,
    last_round: u32,
) -> Result<()> {
    let err = |line: usize, problem: String| -> Error {
        InputError::at(source, line, "round", problem).into()
    };
    if let Some(first) = rows.iter().find(|x| x.round > event.rounds) {
        return Err(Error::refused(Refusal::BeyondEvent {
            at: at(source, first.line, "round"),
            round: last_round,
            event: event.name.clone(),
            rounds: event.rounds,
        }));
    }
    let done = matches::last_round_with_matches(tx, section)?;
    let mut current = done;
    for row in rows {
        if let Some(problem) = round_out_of_order(row.round, done, current, &event.name) {
            return Err(err(row.line, problem));
        }
        current = row.round;
    }
    Ok(())
}

/// A line of the file, as a refusal names it.
fn at(source: &str, line: usize, field: &str) -> At {
    At {
        source: source.to_string(),
        line: Some(line),
        field: field.to_string(),
    }
}

/// What is wrong with a line's round, given the rounds already recorded
/// (`done`) and the round of the line before (`current`).
fn round_out_of_order(round: u32, done: u32, current: u32, event: &str) -> Option<String> {
    if round <= done {
        Some(format!(
            "round {round} already has matches recorded in {event}; the file must start at round {}",
            done + 1
        ))
    } else if round < current {
        Some(format!(
            "round {round} comes after round {current}: list the rounds in order"
        ))
    } else if round > current + 1 && current == done {
        Some(format!(
            "the file starts at round {round}, but round {} has no matches yet",
            done + 1
        ))
    } else if round > current + 1 {
        Some(format!(
            "round {round} comes after round {current}: round {} is missing",
            current + 1
        ))
    } else {
        None
    }
}

/// An import under way: the event's teams (new ones added as they are
/// named), the teams seen in each round, and what was written.
struct Importer<'a> {
    tx: &'a Writer<'a>,
    source: &'a str,
    event: &'a Event,
    section: &'a Section,
    rules: TeamRules,
    /// Game points of a whole match.
    all: Points,
    known: Vec<TeamRow>,
    teams_created: usize,
    /// The line each team plays on in each round.
    in_round: HashMap<(u32, TeamId), usize>,
    matches: usize,
    byes: usize,
}

impl Importer<'_> {
    fn err(&self, line: usize, field: &str, problem: String) -> Error {
        InputError::at(self.source, line, field, problem).into()
    }

    /// The team of that name, added to the event when it is new.
    fn team(&mut self, name: &str, line: usize, field: &str) -> Result<TeamRow> {
        if let Some(t) = self.known.iter().find(|t| t.answers_to(name)) {
            return Ok(t.clone());
        }
        let t = crate::team::add_team(self.tx, self.event, name, None)
            .map_err(|e| e.map_facts(|e| self.err(line, field, e.to_string())))?;
        self.teams_created += 1;
        self.known.push(t.clone());
        Ok(t)
    }

    /// One line: a match by its score, or a team bye.
    fn row(&mut self, row: &TeamMatchRow) -> Result<()> {
        let a = self.team(&row.team_a, row.line, "team_a")?;
        let b = match &row.team_b {
            Some(name) => Some(self.team(name, row.line, "team_b")?),
            None => None,
        };
        if b.as_ref().is_some_and(|b| b.id == a.id) {
            return Err(self.err(
                row.line,
                "team_b",
                format!("a match between {} and itself", a.name),
            ));
        }
        for (t, field) in [(Some(&a), "team_a"), (b.as_ref(), "team_b")] {
            let Some(t) = t else { continue };
            if let Some(before) = self.in_round.insert((row.round, t.id), row.line) {
                return Err(self.err(
                    row.line,
                    field,
                    format!(
                        "{} plays twice in round {} (also on line {before}); a team plays once a round",
                        t.name, row.round
                    ),
                ));
            }
        }
        self.check_active(row, &a, "team_a")?;
        let round_id = ensure_round(self.tx, self.section, row.round, None)?;
        match (&b, row.points_b) {
            (Some(b), Some(pb)) => self.insert_match(row, round_id, &a, b, pb),
            _ => self.insert_bye(row, round_id, &a),
        }
    }

    /// A team withdrawn before the line's round plays no match in it.
    fn check_active(&self, row: &TeamMatchRow, t: &TeamRow, field: &str) -> Result<()> {
        match t.withdrawn_after.filter(|&w| row.round > w) {
            Some(w) => Err(self.err(
                row.line,
                field,
                format!("{} withdrew after round {w}", t.name),
            )),
            None => Ok(()),
        }
    }

    /// A match by its score: the points add up to the boards.
    fn insert_match(
        &mut self,
        row: &TeamMatchRow,
        round_id: RoundId,
        a: &TeamRow,
        b: &TeamRow,
        pb: Points,
    ) -> Result<()> {
        self.check_active(row, b, "team_b")?;
        if row.points_a + pb != self.all {
            return Err(self.err(
                row.line,
                "points_b",
                format!(
                    "{} + {} = {} game points, but a match in {} is on {} boards",
                    row.points_a,
                    pb,
                    row.points_a + pb,
                    self.event.name,
                    self.rules.boards
                ),
            ));
        }
        matches::insert_scored_match(self.tx, self.section, round_id, a, b, row.points_a, pb)
            .map_err(|e| self.err(row.line, "team_a", e.to_string()))?;
        self.matches += 1;
        Ok(())
    }

    /// A team bye: worth what the event's rules say.
    fn insert_bye(&mut self, row: &TeamMatchRow, round_id: RoundId, a: &TeamRow) -> Result<()> {
        let worth = self.rules.bye_game_points;
        if row.points_a != worth {
            return Err(Error::refused(Refusal::ByeWorth {
                at: at(self.source, row.line, "points_a"),
                event: self.event.name.clone(),
                worth,
                given: row.points_a,
            }));
        }
        matches::insert_team_bye(self.tx, self.section, round_id, a)
            .map_err(|e| self.err(row.line, "team_a", e.to_string()))?;
        self.byes += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::team_matches::parse;
    use crate::store::Store;

    fn import(store: &mut Store, sheet: &str) -> Result<Imported> {
        let rows = parse(sheet.as_bytes(), "t.csv").unwrap();
        let target = TeamImportTarget {
            season: "2026",
            event: "Schools",
            boards: None,
        };
        store.write(|tx| import_team_matches(tx, &rows, "t.csv", &target))
    }

    #[test]
    fn a_round_beyond_the_event_and_a_bye_of_another_worth_are_refused_at_their_line() {
        let mut store = Store::open_in_memory().unwrap();
        let head = "round,team_a,team_b,points_a,points_b\n";
        let e = import(&mut store, &format!("{head}1,A,B,2,2\n1,C,BYE,3,\n")).unwrap_err();
        assert_eq!(
            e.refusal::<Refusal>(),
            Some(&Refusal::ByeWorth {
                at: at("t.csv", 3, "points_a"),
                event: "Schools".into(),
                worth: Points::whole(4),
                given: Points::whole(3),
            })
        );
        let done = import(&mut store, &format!("{head}1,A,B,2,2\n1,C,BYE,4,\n")).unwrap();
        assert_eq!((done.matches, done.byes, done.teams_created), (1, 1, 3));
        let e = import(&mut store, &format!("{head}2,A,C,2,2\n")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.csv, line 2, round: round 2 is beyond Schools's 1 rounds"
        );
        assert!(matches!(
            e.refusal::<Refusal>(),
            Some(Refusal::BeyondEvent {
                round: 2,
                rounds: 1,
                ..
            })
        ));
    }
}
