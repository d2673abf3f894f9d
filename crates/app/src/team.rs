//! A team's part in a team event: adding and renaming it, the event's
//! team rules, its roster, its matches (recorded, corrected, deleted by
//! mistake), withdrawing it after a round. One board of a paired match
//! entered on club night is [`board`]'s.

pub mod board;
mod free;
pub mod lineup;
mod roster;

pub use roster::{put_on_roster, take_off_roster};

use crate::domain::game::GameResult;
use crate::domain::league::Event;
use crate::domain::score::Points;
use crate::domain::team::TeamRules;
use crate::error::{Error, Result};
use crate::store::player::{self as players, NewPlayer};
use crate::store::round::GameRow;
use crate::store::team::{self as teams, RosterRow, TeamRow};
use crate::store::team_match::{self as matches, MatchDetails};
use crate::store::Writer;

/// Why a team action is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The round given is beyond the event's last round.
    #[error("{event} has only {rounds} rounds")]
    BeyondLastRound {
        /// The event's name.
        event: String,
        /// How many rounds the event has.
        rounds: u32,
    },
    /// A team without a name.
    #[error("a team needs a name")]
    NoName,
    /// "BYE" as a team's name: on a match sheet it marks a team bye.
    #[error("\"BYE\" cannot be a team's name: it marks a team bye on match sheets")]
    ByeAsName,
    /// The event already has a team of that name (in any case).
    #[error("{event} already has a team \"{team}\"")]
    TeamExists {
        /// The event's name.
        event: String,
        /// The team that has the name, as the league spells it.
        team: String,
    },
    /// Another team of the event has that short code (in any case).
    #[error("the short code {code} is already {team}'s")]
    ShortCodeTaken {
        /// The code asked for.
        code: String,
        /// The team that has it.
        team: String,
    },
    /// Team rules that do not hold together (a match win worth less than a
    /// draw, no boards, ...): the domain's words.
    #[error("{problem}")]
    UnsoundRules {
        /// What is wrong with them.
        problem: String,
    },
    /// A new number of boards once matches are recorded on the old one.
    #[error("{event} already has matches recorded on {boards} boards; the number of boards cannot change now")]
    BoardsFixed {
        /// The event's name.
        event: String,
        /// The boards the matches were recorded on.
        boards: u32,
    },
    /// A board forfeited without a game (a team had nobody there): it has
    /// no game to correct, and changes only with its whole match.
    #[error("board {board} of {team}'s round {round} match was forfeited without a game (a team had nobody there)")]
    ForfeitedBoard {
        /// The team named.
        team: String,
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
    /// A match of a team against itself.
    #[error("a match between {team} and itself: name two different teams")]
    SameTeam {
        /// The team named twice.
        team: String,
    },
    /// A round recorded while an earlier round has no match or bye.
    #[error("round {gap} has no matches yet; record the rounds in order (round {round} comes after round {gap})")]
    RoundsOutOfOrder {
        /// The round asked for.
        round: u32,
        /// The first earlier round without a match.
        gap: u32,
    },
    /// A match's score that does not add up to its boards.
    #[error("the score {home}-{away} adds up to {}, but a match in {event} is on {boards} boards", *home + *away)]
    ScoreNotBoards {
        /// The first-named team's game points.
        home: Points,
        /// The second-named team's.
        away: Points,
        /// The event's name.
        event: String,
        /// Boards per match.
        boards: u32,
    },
    /// A match deleted without a reason for the log.
    #[error("deleting a match needs a reason")]
    DeletionNeedsReason,
    /// A board corrected without a reason for the log.
    #[error("a correction needs a reason")]
    CorrectionNeedsReason,
    /// A name for a roster that is no player of the league (and new
    /// players were not to be added).
    #[error("{said}")]
    NotInLeague {
        /// The name as given.
        name: String,
        /// What the lookup found: no such player, and any look-alikes.
        said: String,
    },
    /// A team withdrawn after an earlier round plays no more.
    #[error("{team} withdrew after round {after} and cannot play in round {round}")]
    TeamWithdrawn {
        /// The team's name.
        team: String,
        /// The round it withdrew after.
        after: u32,
        /// The round asked for.
        round: u32,
    },
    /// A team that already has a match or a team bye in the round.
    #[error("{team} already plays in round {round} ({}); a team plays once a round", match_or_bye(first, second.as_deref()))]
    AlreadyPlays {
        /// The team's name.
        team: String,
        /// The round.
        round: u32,
        /// The first-named team of the match it has (or the team with the bye).
        first: String,
        /// The second-named team (`None`: a team bye).
        second: Option<String>,
    },
    /// A match of a paired round named in the other order than paired: the
    /// first-named team has White on board 1, so the pairing's colours
    /// would change.
    #[error("round {round} is paired {first} v {second} ({first} has White on board 1); name the teams in that order")]
    PairedOtherWay {
        /// The round.
        round: u32,
        /// The team the pairing names first.
        first: String,
        /// The team it names second.
        second: String,
    },
    /// A board of a team's bye: a bye has no boards.
    #[error("{team} had a team bye in round {round}; there are no boards to correct")]
    ByeHasNoBoards {
        /// The team's name.
        team: String,
        /// The round.
        round: u32,
    },
    /// A board the event's matches do not have.
    #[error("{at}a result on board {}, but a match in {event} is on {boards} boards", at.board)]
    BoardOutOfRange {
        /// The board as given.
        at: lineup::BoardAt,
        /// The event's name.
        event: String,
        /// Boards per match.
        boards: u32,
    },
    /// A board given twice for one match.
    #[error("{at}board {} is given twice", at.board)]
    BoardTwice {
        /// The board's second mention.
        at: lineup::BoardAt,
    },
    /// A player on two boards of one match.
    #[error("{at}{player} plays on two boards of this match")]
    OnTwoBoards {
        /// The second board they are on.
        at: lineup::BoardAt,
        /// The player's name.
        player: String,
    },
    /// A board whose players are not one of each team of the match.
    #[error("{at}board {}: {white} (on {white_team}) and {black} (on {black_team}) are not one player of each team of {home} v {away}", at.board)]
    NotOneOfEachTeam {
        /// The board.
        at: lineup::BoardAt,
        /// White's name ("nobody" for nobody).
        white: String,
        /// White's team ("another team", "no team's roster").
        white_team: String,
        /// Black's name.
        black: String,
        /// Black's team.
        black_team: String,
        /// The first-named team of the match.
        home: String,
        /// The second-named team.
        away: String,
    },
    /// A board a team could not fill, with another result than the forfeit
    /// due.
    #[error("{at}board {}: {absent} had nobody there, so the result is {} (given {})", at.board, due.as_str(), given.as_str())]
    ForfeitResult {
        /// The board.
        at: lineup::BoardAt,
        /// Which team had nobody there.
        absent: lineup::Absent,
        /// The result due.
        due: GameResult,
        /// The result given.
        given: GameResult,
    },
    /// A match recorded board by board without one of its boards.
    #[error("{home} v {away}: board {board} has no result; a match in {event} is on {boards} boards (a board nobody played is a double forfeit, 0F-0F)")]
    BoardMissing {
        /// The first-named team.
        home: String,
        /// The second-named team.
        away: String,
        /// The first board without a result.
        board: u32,
        /// The event's name.
        event: String,
        /// Boards per match.
        boards: u32,
    },
    /// The team already has a match or a team bye after the round it is to
    /// withdraw after: that match has to go first.
    #[error("{team} has a match or bye recorded in round {round}, after round {after}")]
    PlayedLater {
        /// The team's name.
        team: String,
        /// The last round with its match or bye.
        round: u32,
        /// The round it was to withdraw after.
        after: u32,
    },
    /// The player is on this team's roster already.
    #[error("{player} is already on {team}'s roster (board {board})")]
    AlreadyOnRoster {
        /// The player's name.
        player: String,
        /// The team's name.
        team: String,
        /// Their board.
        board: u32,
    },
    /// The player is on another team's roster in the event.
    #[error("{player} is already on {other}'s roster in {event}; a player may play for only one team in an event")]
    OnAnotherRoster {
        /// The player's name.
        player: String,
        /// The other team's name.
        other: String,
        /// The event's name.
        event: String,
    },
    /// A roster board numbered 0.
    #[error("boards are numbered from 1")]
    BoardZero,
    /// Another player of the team holds the board.
    #[error("board {board} of {team} is already {holder}'s")]
    BoardTaken {
        /// The board asked for.
        board: u32,
        /// The team's name.
        team: String,
        /// Who holds it.
        holder: String,
    },
    /// A player who has played for the team stays on its roster.
    #[error("{player} has played for {team} in {event}, so stays on the roster (their games count for the team)")]
    HasPlayed {
        /// The player's name.
        player: String,
        /// The team's name.
        team: String,
        /// The event's name.
        event: String,
    },
}

/// "a team bye" or "a match Edgewood v Urey", for [`Refusal::AlreadyPlays`].
fn match_or_bye(first: &str, second: Option<&str>) -> String {
    match second {
        None => "a team bye".to_string(),
        Some(second) => format!("a match {first} v {second}"),
    }
}

/// Add a team to the team event `event`: it needs a name, not "BYE", that
/// no team of the event has, and a short code (when given) no other team
/// has.
pub fn add_team(tx: &Writer, event: &Event, name: &str, short: Option<&str>) -> Result<TeamRow> {
    event.need_team()?;
    let name = name.trim();
    check_name(name)?;
    let short = short.map(str::trim).filter(|s| !s.is_empty());
    check_unique(tx, event, None, name, short)?;
    teams::add_team(tx, event, name, short)
}

/// Refuse a name or a short code another team of `event` (`except` aside)
/// has, in any case.
fn check_unique(
    tx: &Writer,
    event: &Event,
    except: Option<&TeamRow>,
    name: &str,
    code: Option<&str>,
) -> Result<()> {
    let others = teams::teams(tx, event.id)?;
    for t in others
        .into_iter()
        .filter(|t| except.is_none_or(|x| x.id != t.id))
    {
        if t.name.eq_ignore_ascii_case(name) {
            return Err(Error::refused(Refusal::TeamExists {
                event: event.name.clone(),
                team: t.name,
            }));
        }
        if let (Some(a), Some(b)) = (code, t.short.as_deref()) {
            if a.eq_ignore_ascii_case(b) {
                return Err(Error::refused(Refusal::ShortCodeTaken {
                    code: a.to_string(),
                    team: t.name,
                }));
            }
        }
    }
    Ok(())
}

/// A team's name: not blank, not "BYE".
fn check_name(name: &str) -> Result<()> {
    if name.is_empty() {
        return Err(Error::refused(Refusal::NoName));
    }
    if name.eq_ignore_ascii_case("bye") {
        return Err(Error::refused(Refusal::ByeAsName));
    }
    Ok(())
}

/// Rename `team` or change its short code (`None` keeps each; a blank code
/// clears it): the new name follows a new team's rules, and another team's
/// name or code is refused. Logged; returns the team as it is now.
pub fn edit_team(
    tx: &Writer,
    event: &Event,
    team: &TeamRow,
    name: Option<&str>,
    short: Option<&str>,
) -> Result<TeamRow> {
    let new_name = name.map(str::trim).unwrap_or(&team.name);
    check_name(new_name)?;
    let code = short.map(str::trim).filter(|s| !s.is_empty());
    check_unique(tx, event, Some(team), new_name, code)?;
    teams::edit_team(tx, event, team, name, short)
}

/// Set the team rules of `event` to `new`: they must hold together, and the
/// number of boards cannot change once a match is recorded. Logged; returns
/// the rules as stored.
pub fn set_rules(tx: &Writer, event: &Event, new: &TeamRules) -> Result<TeamRules> {
    event.need_team()?;
    new.check()
        .map_err(|problem| Error::refused(Refusal::UnsoundRules { problem }))?;
    let old = teams::rules(tx, event.id)?;
    if old.boards != new.boards && teams::recorded_matches(tx, event)? > 0 {
        return Err(Error::refused(Refusal::BoardsFixed {
            event: event.name.clone(),
            boards: old.boards,
        }));
    }
    teams::set_rules(tx, event, new)
}

/// What was recorded, for the echo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamWithdrawn {
    /// The team's name.
    pub team: String,
    /// The last round it took part in (0: before round 1).
    pub after: u32,
}

/// Record that `team` withdrew after round `after` (0: before round 1): it
/// is not paired after it. Refused beyond the event's rounds and when the
/// team has a match or bye recorded in a later round. Logged with `reason`.
pub fn withdraw_team(
    tx: &Writer,
    event: &Event,
    team: &TeamRow,
    after: u32,
    reason: Option<&str>,
) -> Result<TeamWithdrawn> {
    if after > event.rounds {
        return Err(Error::refused(Refusal::BeyondLastRound {
            event: event.name.clone(),
            rounds: event.rounds,
        }));
    }
    if let Some(round) = teams::last_round_after(tx, team, after)? {
        return Err(Error::refused(Refusal::PlayedLater {
            team: team.name.clone(),
            round,
            after,
        }));
    }
    teams::withdraw_team(tx, event, team, after, reason)?;
    Ok(TeamWithdrawn {
        team: team.name.clone(),
        after,
    })
}

/// Delete the match (or team bye) `team` has in round `round`, with its
/// boards, logged with what it was and the reason (which it needs).
pub fn delete_match(
    tx: &Writer,
    event: &Event,
    round: u32,
    team: &TeamRow,
    reason: &str,
) -> Result<()> {
    if reason.trim().is_empty() {
        return Err(Error::refused(Refusal::DeletionNeedsReason));
    }
    crate::store::team_match::delete_match(tx, event, round, team, reason)
}

/// Put the players named on `team`'s roster, on the boards from
/// `first_board` on (or after the last). A name the league does not know
/// is refused, unless `add_unknown`: then the player is added, with
/// `rating`.
pub fn add_to_roster(
    tx: &Writer,
    event: &Event,
    team: &TeamRow,
    names: &[String],
    add_unknown: bool,
    rating: Option<u32>,
    first_board: Option<u32>,
) -> Result<Vec<RosterRow>> {
    let mut added = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let player = match players::find_player(tx, name) {
            Ok(p) => p,
            Err(e) if e.is_not_found() && add_unknown => players::add_player(
                tx,
                &NewPlayer {
                    name,
                    rating,
                    ..NewPlayer::default()
                },
            )?,
            Err(e) if e.is_not_found() => {
                return Err(Error::refused(Refusal::NotInLeague {
                    name: name.clone(),
                    said: e.cause().to_string(),
                }))
            }
            Err(other) => return Err(other),
        };
        let board = first_board.map(|b| b + i as u32);
        added.push(put_on_roster(tx, event, team, &player, board)?);
    }
    Ok(added)
}

/// Take the players named off `team`'s roster; their names as the league
/// has them.
pub fn remove_from_roster(
    tx: &Writer,
    event: &Event,
    team: &TeamRow,
    names: &[String],
) -> Result<Vec<String>> {
    let mut removed = Vec::new();
    for name in names {
        let p = players::find_player(tx, name)?;
        take_off_roster(tx, event, team, &p)?;
        removed.push(p.name);
    }
    Ok(removed)
}

/// Record the match of `home` (White on board 1) and `away` in round
/// `round` of `event`: board by board or by its score; `time` (HH:MM) is
/// the round's start time, as an individual round records it. Refused for
/// a team against itself, a round beyond the event's, a round before which
/// one has no match, a score that does not add up to the boards, a team
/// withdrawn or already playing in the round, and a paired match named in
/// the other order.
#[allow(clippy::too_many_arguments)]
pub fn record_match(
    tx: &Writer,
    event: &Event,
    round: u32,
    home: &TeamRow,
    away: &TeamRow,
    details: &MatchDetails,
    date: Option<&str>,
    time: Option<&str>,
) -> Result<()> {
    if home.id == away.id {
        return Err(Error::refused(Refusal::SameTeam {
            team: home.name.clone(),
        }));
    }
    crate::round::schedule::round_in_event(event, round)?;
    rounds_in_order(tx, event, round)?;
    if let MatchDetails::Score(a, b) = details {
        let boards = teams::rules(tx, event.id)?.boards;
        if *a + *b != Points::whole(boards as i32) {
            return Err(Error::refused(Refusal::ScoreNotBoards {
                home: *a,
                away: *b,
                event: event.name.clone(),
                boards,
            }));
        }
    }
    let section = teams::team_section(tx, event)?;
    free::take_over_paired(tx, event, &section, round, home, away)?;
    free::check_free(tx, &section, round, home)?;
    free::check_free(tx, &section, round, away)?;
    let id = matches::record_match(tx, event, round, home, away, details, date)?;
    if let MatchDetails::Boards(list) = details {
        let boards = teams::rules(tx, event.id)?.boards;
        lineup::Lineup::new(tx, event, &section, id, (home, away))?.write(list, boards)?;
    }
    matches::validate(tx, event)?;
    if time.is_some() {
        crate::round::schedule::schedule(tx, &section, round, None, time)?;
    }
    Ok(())
}

/// Record that `team` has a bye in round `round`.
pub fn record_bye(
    tx: &Writer,
    event: &Event,
    round: u32,
    team: &TeamRow,
    date: Option<&str>,
) -> Result<()> {
    crate::round::schedule::round_in_event(event, round)?;
    rounds_in_order(tx, event, round)?;
    let section = teams::team_section(tx, event)?;
    free::check_free(tx, &section, round, team)?;
    matches::record_bye(tx, event, round, team, date)
}

/// Refuse round `round` while an earlier round has no match or bye at all.
fn rounds_in_order(tx: &Writer, event: &Event, round: u32) -> Result<()> {
    let section = teams::team_section(tx, event)?;
    let played = crate::store::pairing::rounds_with_pairings(tx, section.id)?;
    match (1..round).find(|n| !played.contains(n)) {
        Some(gap) => Err(Error::refused(Refusal::RoundsOutOfOrder { round, gap })),
        None => Ok(()),
    }
}

/// Correct board `board` of `team`'s match in round `round` to what `read`
/// makes of the game (given whether `team` had White), logged with
/// `reason` (which it needs).
pub fn correct_board(
    tx: &Writer,
    event: &Event,
    round: u32,
    team: &TeamRow,
    board: u32,
    read: impl FnOnce(&GameRow, bool) -> Result<GameResult>,
    reason: &str,
) -> Result<()> {
    if reason.trim().is_empty() {
        return Err(Error::refused(Refusal::CorrectionNeedsReason));
    }
    let section = teams::team_section(tx, event)?;
    let played = matches::match_in_round(tx, &section, round, team)?;
    if played.is_some_and(|m| m.team_b.is_none()) {
        return Err(Error::refused(Refusal::ByeHasNoBoards {
            team: team.name.clone(),
            round,
        }));
    }
    if matches::board_forfeited(tx, event, round, team, board)? {
        return Err(Error::refused(Refusal::ForfeitedBoard {
            team: team.name.clone(),
            round,
            board,
        }));
    }
    matches::correct_board(tx, event, round, team, board, read, reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::EventId;
    use crate::store::season::event_by_id;
    use crate::store::{fixture, Store};

    /// A team event of four rounds with Edgewood (EDG) and Urey (URY),
    /// and a round 1 match between them whose board 2 was forfeited.
    fn two_teams() -> Store {
        let store = Store::open_in_memory().unwrap();
        fixture::execute(
            &store,
            "INSERT INTO season (id, name) VALUES (1, '2026');
             INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks) VALUES (1, 1, 'Schools', 'team-swiss', 4, 'usat-team');
             INSERT INTO section (id, event_id, name) VALUES (1, 1, 'Open');
             INSERT INTO team (id, event_id, name, short_code) VALUES (1, 1, 'Edgewood', 'EDG'), (2, 1, 'Urey', 'URY');
             INSERT INTO round (id, section_id, number) VALUES (1, 1, 1);
             INSERT INTO team_match (id, round_id, section_id, team_a, team_b) VALUES (1, 1, 1, 1, 2);
             INSERT INTO team_board_forfeit (team_match_id, board, present) VALUES (1, 2, 'a');",
        );
        store
    }

    #[test]
    fn a_team_s_name_code_rules_and_forfeited_board_are_refused_with_the_facts() {
        let mut store = two_teams();
        let event = event_by_id(store.conn(), EventId(1)).unwrap();
        let all = teams::teams(store.conn(), event.id).unwrap();
        let refusal = |e: Error| e.refusal::<Refusal>().cloned();
        let five = TeamRules {
            boards: 5,
            ..teams::rules(store.conn(), event.id).unwrap()
        };
        let mut refused =
            |f: &dyn Fn(&Writer) -> Result<()>| refusal(store.write(|tx| f(tx)).unwrap_err());
        assert_eq!(
            refused(&|tx| add_team(tx, &event, "  ", None).map(drop)),
            Some(Refusal::NoName)
        );
        assert_eq!(
            refused(&|tx| add_team(tx, &event, "bye", None).map(drop)),
            Some(Refusal::ByeAsName)
        );
        assert_eq!(
            refused(&|tx| add_team(tx, &event, " urey ", None).map(drop)),
            Some(Refusal::TeamExists {
                event: "Schools".into(),
                team: "Urey".into()
            })
        );
        assert_eq!(
            refused(&|tx| edit_team(tx, &event, &all[1], None, Some("edg")).map(drop)),
            Some(Refusal::ShortCodeTaken {
                code: "edg".into(),
                team: "Edgewood".into()
            })
        );
        assert_eq!(
            refused(&|tx| set_rules(tx, &event, &five).map(drop)),
            Some(Refusal::BoardsFixed {
                event: "Schools".into(),
                boards: 4
            })
        );
        let score = |a, b| MatchDetails::Score(Points::whole(a), Points::whole(b));
        let (edg, ury) = (&all[0], &all[1]);
        assert_eq!(
            refused(&|tx| record_match(tx, &event, 2, edg, edg, &score(2, 2), None, None)),
            Some(Refusal::SameTeam {
                team: "Edgewood".into()
            })
        );
        assert_eq!(
            refused(&|tx| record_bye(tx, &event, 3, edg, None)),
            Some(Refusal::RoundsOutOfOrder { round: 3, gap: 2 })
        );
        assert_eq!(
            refused(&|tx| record_match(tx, &event, 2, edg, ury, &score(3, 0), None, None)),
            Some(Refusal::ScoreNotBoards {
                home: Points::whole(3),
                away: Points::ZERO,
                event: "Schools".into(),
                boards: 4
            })
        );
        let read = |_: &GameRow, _: bool| Ok(GameResult::WhiteWins);
        assert_eq!(
            refused(&|tx| correct_board(tx, &event, 1, &all[0], 2, read, "slip")),
            Some(Refusal::ForfeitedBoard {
                team: "Edgewood".into(),
                round: 1,
                board: 2
            })
        );
        let beyond = store
            .write(|tx| record_bye(tx, &event, 5, &all[0], None))
            .unwrap_err();
        assert_eq!(
            beyond.refusal::<crate::round::Refusal>(),
            Some(&crate::round::Refusal::BeyondEvent {
                round: 5,
                event: "Schools".into(),
                rounds: 4
            })
        );
        // Keeping its own code is no clash; the new name is kept.
        let renamed = store
            .write(|tx| edit_team(tx, &event, &all[1], Some("Urey MS"), Some("ury")))
            .unwrap();
        assert_eq!(
            (renamed.name.as_str(), renamed.short.as_deref()),
            ("Urey MS", Some("ury"))
        );
    }

    #[test]
    fn a_team_with_a_later_match_or_beyond_the_last_round_is_refused() {
        let mut store = Store::open_in_memory().unwrap();
        fixture::execute(
            &store,
            "INSERT INTO season (id, name) VALUES (1, '2026');
                 INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks) VALUES (1, 1, 'Schools', 'team-swiss', 4, 'usat-team');
                 INSERT INTO section (id, event_id, name) VALUES (1, 1, 'Open');
                 INSERT INTO team (id, event_id, name) VALUES (1, 1, 'Edgewood'), (2, 1, 'Urey');
                 INSERT INTO round (id, section_id, number) VALUES (1, 1, 1), (2, 1, 2);
                 INSERT INTO team_match (round_id, section_id, team_a, team_b) VALUES (2, 1, 1, NULL);",
        );
        let event = event_by_id(store.conn(), EventId(1)).unwrap();
        let all = teams::teams(store.conn(), event.id).unwrap();
        let (edgewood, urey) = (&all[0], &all[1]);
        let refusal = |r: Result<TeamWithdrawn>| r.unwrap_err().refusal::<Refusal>().cloned();
        assert_eq!(
            refusal(store.write(|tx| withdraw_team(tx, &event, edgewood, 1, None))),
            Some(Refusal::PlayedLater {
                team: "Edgewood".into(),
                round: 2,
                after: 1
            })
        );
        assert_eq!(
            refusal(store.write(|tx| withdraw_team(tx, &event, urey, 5, None))),
            Some(Refusal::BeyondLastRound {
                event: "Schools".into(),
                rounds: 4
            })
        );
        assert_eq!(
            store
                .write(|tx| delete_match(tx, &event, 2, edgewood, "  "))
                .unwrap_err()
                .refusal::<Refusal>(),
            Some(&Refusal::DeletionNeedsReason)
        );
        let done = store
            .write(|tx| withdraw_team(tx, &event, edgewood, 2, Some("moved away")))
            .unwrap();
        assert_eq!(done.after, 2);
        let after = fixture::number(&store, "SELECT withdrawn_after FROM team WHERE id = 1");
        assert_eq!(after, Some(2));
    }

    #[test]
    fn a_team_not_free_a_pairing_named_the_other_way_and_a_bye_s_board_are_refused_with_the_facts()
    {
        let mut store = two_teams();
        fixture::execute(
            &store,
            "INSERT INTO team (id, event_id, name, withdrawn_after) VALUES (3, 1, 'Goshen', 1);
             INSERT INTO team_match (round_id, section_id, team_a, team_b) VALUES (1, 1, 3, NULL);
             INSERT INTO player (id, name) VALUES (1, 'Ann Lee'), (2, 'Bob Ray');
             INSERT INTO entry (id, section_id, player_id, pairing_no, team_id) VALUES (1, 1, 1, 1, 2), (2, 1, 2, 2, 1);
             INSERT INTO round (id, section_id, number) VALUES (2, 1, 2);
             INSERT INTO team_match (id, round_id, section_id, team_a, team_b) VALUES (9, 2, 1, 2, 1);
             INSERT INTO game (round_id, section_id, board, white_entry, black_entry, team_match_id) VALUES (2, 1, 1, 1, 2, 9);",
        );
        let event = event_by_id(store.conn(), EventId(1)).unwrap();
        let all = teams::teams(store.conn(), event.id).unwrap();
        let team = |name: &str| all.iter().find(|t| t.name == name).unwrap().clone();
        let (edg, ury, gos) = (team("Edgewood"), team("Urey"), team("Goshen"));
        let mut refused = |f: &dyn Fn(&Writer) -> Result<()>| {
            store
                .write(|tx| f(tx))
                .unwrap_err()
                .refusal::<Refusal>()
                .cloned()
        };
        assert_eq!(
            refused(&|tx| record_bye(tx, &event, 1, &ury, None)),
            Some(Refusal::AlreadyPlays {
                team: "Urey".into(),
                round: 1,
                first: "Edgewood".into(),
                second: Some("Urey".into())
            })
        );
        assert_eq!(
            refused(&|tx| record_bye(tx, &event, 2, &gos, None)),
            Some(Refusal::TeamWithdrawn {
                team: "Goshen".into(),
                after: 1,
                round: 2
            })
        );
        let score = MatchDetails::Score(Points::whole(2), Points::whole(2));
        assert_eq!(
            refused(&|tx| record_match(tx, &event, 2, &edg, &ury, &score, None, None)),
            Some(Refusal::PairedOtherWay {
                round: 2,
                first: "Urey".into(),
                second: "Edgewood".into()
            })
        );
        let read = |_: &GameRow, _: bool| Ok(GameResult::WhiteWins);
        assert_eq!(
            refused(&|tx| correct_board(tx, &event, 1, &gos, 1, read, "slip")),
            Some(Refusal::ByeHasNoBoards {
                team: "Goshen".into(),
                round: 1
            })
        );
    }
}
