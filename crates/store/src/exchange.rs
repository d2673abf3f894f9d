//! Interchange with other databases and programs: a season or event read
//! into the JSON [`Document`](crate::interchange::json::Document) and written back from one, a player list
//! merged into the league, and the round dates the TRF writer needs.
//!
//! Import rules (README, "Exchanging results"):
//! - players are matched by US Chess id, then FIDE id; a matched player
//!   keeps the league's own name and ratings (the league's list is the
//!   reference); a player with neither id, or ids the league does not know,
//!   is added as a new player, even when someone of the same name exists
//!   (names are not identities: merge them afterwards if they are one
//!   person);
//! - a season document creates its season, and is refused when a season of
//!   that name exists (import it under another name with `--season-as`);
//!   an event document goes into the season of that name (created when
//!   missing) and is refused when the season already has the event;
//! - rows are created in the document's order, so exporting the imported
//!   season gives the same document byte for byte.

use std::collections::HashMap;

use crate::Writer;
use rusqlite::{params, Connection, OptionalExtension};

use super::player::player_by_id;
use super::Readable;
use crate::domain::ids::{
    EntryId, EventId, MatchId, PlayerId, RoundId, SeasonId, SectionId, TeamId,
};
use crate::domain::league::{Event, EventDetails, Player, Season};
use crate::domain::prizes::{Class, Kind, Money, Prize, Reward};
use crate::error::{Error, InputError, Result};
use crate::input::players::PlayerRow;
use crate::interchange::json as doc;

/// Each created round's date, by round number.
pub fn round_dates(
    conn: &impl Readable,
    section_id: SectionId,
) -> Result<HashMap<u32, Option<String>>> {
    let conn = super::sql(conn);
    let mut st = conn.prepare_cached("SELECT number, date FROM round WHERE section_id = ?1")?;
    let rows = st
        .query_map([section_id], |r| {
            Ok((r.get::<_, u32>("number")?, r.get("date")?))
        })?
        .collect::<rusqlite::Result<HashMap<_, _>>>()?;
    Ok(rows)
}

fn bool_col(v: i64) -> bool {
    v != 0
}

/// A season (every event) or one event of it as a JSON document.
pub fn export_document(
    conn: &impl Readable,
    season: &Season,
    only: Option<&Event>,
) -> Result<doc::Document> {
    let conn = super::sql(conn);
    let grand_prix: Option<String> = conn.query_row(
        "SELECT grand_prix FROM season WHERE id = ?1",
        [season.id],
        |r| r.get(0),
    )?;
    let mut keys = PlayerKeys::default();
    let mut events = Vec::new();
    let mut st = conn.prepare_cached(
        "SELECT id, name, kind, rounds, start_date, end_date, tiebreaks, actual_play_first, \
         fide_edition, sb_adjusted, coin_allowed, coin_seed, rating_basis FROM event WHERE season_id = ?1 ORDER BY id",
    )?;
    let rows = st
        .query_map([season.id], |r| {
            Ok((
                r.get::<_, EventId>("id")?,
                doc::Event {
                    name: r.get("name")?,
                    kind: r.get("kind")?,
                    rounds: r.get("rounds")?,
                    start_date: r.get("start_date")?,
                    end_date: r.get("end_date")?,
                    tiebreaks: r.get("tiebreaks")?,
                    actual_play_first: bool_col(r.get("actual_play_first")?),
                    fide_edition: r.get("fide_edition")?,
                    sb_adjusted: bool_col(r.get("sb_adjusted")?),
                    coin_allowed: bool_col(r.get("coin_allowed")?),
                    coin_seed: r.get("coin_seed")?,
                    rating_basis: Some(r.get("rating_basis")?),
                    team_rules: None,
                    pairing: None,
                    teams: vec![],
                    sections: vec![],
                    details: doc::EventDetails::default(),
                },
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    for (id, mut event) in rows {
        if only.is_some_and(|e| e.id != id) {
            continue;
        }
        event.team_rules = team_rules(conn, id)?;
        event.pairing = Some(pairing_settings(conn, id)?);
        event.teams = teams(conn, id, &mut keys)?;
        event.sections = sections(conn, id, &mut keys)?;
        event.details = details_doc(&super::event_detail::details(conn, id)?);
        events.push(event);
    }
    Ok(doc::Document {
        format_version: doc::FORMAT_VERSION,
        scope: if only.is_some() {
            doc::Scope::Event
        } else {
            doc::Scope::Season
        },
        season: doc::Season {
            name: season.name.clone(),
            start_date: season.start_date.clone(),
            end_date: season.end_date.clone(),
            grand_prix,
            events,
        },
        players: keys.finish(conn)?,
    })
}

/// Players named so far, numbered in the order the document first names
/// them (events, teams, sections, entries in document order), so the
/// numbering does not depend on database ids.
#[derive(Default)]
struct PlayerKeys {
    ids: Vec<PlayerId>,
    index: HashMap<PlayerId, u32>,
}

impl PlayerKeys {
    fn key(&mut self, id: PlayerId) -> u32 {
        let next = self.ids.len() as u32 + 1;
        *self.index.entry(id).or_insert_with(|| {
            self.ids.push(id);
            next
        })
    }

    fn finish(&self, conn: &Connection) -> Result<Vec<doc::Player>> {
        let mut list = Vec::with_capacity(self.ids.len());
        for (i, &id) in self.ids.iter().enumerate() {
            let p: Player = player_by_id(conn, id)?;
            let state = super::player::player_state(conn, id)?;
            let club = super::player::player_club(conn, id)?;
            list.push(doc::Player {
                state,
                club,
                key: i as u32 + 1,
                name: p.name,
                uscf_id: p.uscf_id,
                fide_id: p.fide_id,
                rating: p.rating,
                fide_rating: p.fide_rating,
                federation: p.federation,
                title: p.title,
            });
        }
        Ok(list)
    }
}

fn pairing_settings(conn: &Connection, event_id: EventId) -> Result<doc::PairingSettings> {
    use crate::domain::pairing::settings::{bye_str, colour_str};
    let r = super::pairing::rules(conn, event_id)?;
    Ok(doc::PairingSettings {
        system: r.system.as_str().to_string(),
        initial_colour: colour_str(r.initial_colour).to_string(),
        acceleration: r.acceleration.as_str().to_string(),
        bye_points: bye_str(r.bye).to_string(),
        double_round_robin: r.double_round_robin,
        numbers: r.numbers.as_str().to_string(),
        team_mates: Some(r.team_mates.as_str().to_string()),
        colour_limits: Some(r.colour_limits.to_string()),
        accelerate_rounds: Some(r.accelerate_rounds),
        colour_priority: Some(r.colour_priority.as_str().to_string()),
        unrated_bye: Some(r.unrated_bye.as_str().to_string()),
    })
}

/// The settings a document's `pairing` gives (checked on reading), or
/// `manual` for a document without them.
fn pairing_rules_of(
    p: Option<&doc::PairingSettings>,
) -> std::result::Result<crate::domain::pairing::settings::PairingRules, String> {
    use crate::domain::pairing::settings::{parse_bye, parse_colour, PairingRules};
    let Some(p) = p else {
        return Ok(PairingRules::manual());
    };
    let defaults = PairingRules::manual();
    Ok(PairingRules {
        system: p.system.parse()?,
        initial_colour: parse_colour(&p.initial_colour)?,
        acceleration: p.acceleration.parse()?,
        bye: parse_bye(&p.bye_points)?,
        double_round_robin: p.double_round_robin,
        numbers: p.numbers.parse()?,
        team_mates: match &p.team_mates {
            Some(t) => t.parse()?,
            None => defaults.team_mates,
        },
        colour_limits: match &p.colour_limits {
            Some(c) => c.parse()?,
            None => defaults.colour_limits,
        },
        accelerate_rounds: p.accelerate_rounds.unwrap_or(defaults.accelerate_rounds),
        colour_priority: match &p.colour_priority {
            Some(c) => c.parse()?,
            None => defaults.colour_priority,
        },
        unrated_bye: match &p.unrated_bye {
            Some(u) => u.parse()?,
            None => defaults.unrated_bye,
        },
    })
}

fn team_rules(conn: &Connection, event_id: EventId) -> Result<Option<doc::TeamRules>> {
    Ok(conn
        .query_row(
            "SELECT boards, win_halves, draw_halves, loss_halves, bye_match_halves, bye_game_halves, \
             rank_by, usat_doubled, usat_adjusted FROM team_rules WHERE event_id = ?1",
            [event_id],
            |r| {
                Ok(doc::TeamRules {
                    boards: r.get("boards")?,
                    win_halves: r.get("win_halves")?,
                    draw_halves: r.get("draw_halves")?,
                    loss_halves: r.get("loss_halves")?,
                    bye_match_halves: r.get("bye_match_halves")?,
                    bye_game_halves: r.get("bye_game_halves")?,
                    rank_by: r.get("rank_by")?,
                    usat_doubled: bool_col(r.get("usat_doubled")?),
                    usat_adjusted: bool_col(r.get("usat_adjusted")?),
                })
            },
        )
        .optional()?)
}

fn teams(conn: &Connection, event_id: EventId, keys: &mut PlayerKeys) -> Result<Vec<doc::Team>> {
    let mut st = conn.prepare_cached(
        "SELECT id, name, short_code, withdrawn_after FROM team WHERE event_id = ?1 ORDER BY id",
    )?;
    let rows = st
        .query_map([event_id], |r| {
            Ok((
                r.get::<_, TeamId>("id")?,
                doc::Team {
                    name: r.get("name")?,
                    short_code: r.get("short_code")?,
                    withdrawn_after: r.get("withdrawn_after")?,
                    roster: vec![],
                },
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut out = Vec::new();
    for (id, mut team) in rows {
        let mut st = conn.prepare_cached(
            "SELECT board, player_id FROM roster WHERE team_id = ?1 ORDER BY board",
        )?;
        team.roster = st
            .query_map([id], |r| {
                Ok(doc::RosterPlace {
                    board: r.get("board")?,
                    player: keys.key(r.get("player_id")?),
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        out.push(team);
    }
    Ok(out)
}

fn sections(
    conn: &Connection,
    event_id: EventId,
    keys: &mut PlayerKeys,
) -> Result<Vec<doc::Section>> {
    let mut out = Vec::new();
    for s in super::season::sections(conn, event_id)? {
        let mut st = conn.prepare_cached(
            "SELECT e.pairing_no AS pairing_no, e.player_id AS player_id, e.rating AS rating, \
             t.name AS team, e.withdrawn_after AS withdrawn_after FROM entry e \
             LEFT JOIN team t ON t.id = e.team_id WHERE e.section_id = ?1 ORDER BY e.pairing_no",
        )?;
        let entries = st
            .query_map([s.id], |r| {
                Ok(doc::Entry {
                    pairing_no: r.get("pairing_no")?,
                    player: keys.key(r.get("player_id")?),
                    rating: r.get("rating")?,
                    team: r.get("team")?,
                    withdrawn_after: r.get("withdrawn_after")?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        out.push(doc::Section {
            name: s.name.clone(),
            rating_min: s.rating_min,
            rating_max: s.rating_max,
            entries,
            rounds: rounds(conn, s.id, keys)?,
            prizes: prizes_doc(conn, s.id)?,
        });
    }
    Ok(out)
}

/// An event's details as the document writes them.
fn details_doc(d: &EventDetails) -> doc::EventDetails {
    doc::EventDetails {
        prize_split: d.prize_split.as_str().into(),
        affiliate_id: d.affiliate_id.clone(),
        chief_td_id: d.chief_td_id.clone(),
        assistant_td_id: d.assistant_td_id.clone(),
        city: d.city.clone(),
        state: d.state.clone(),
        zip: d.zip.clone(),
        country: d.country.clone(),
        time_control: d.time_control.clone(),
        rating_system: d.rating_system.clone(),
        chief_arbiter: d.chief_arbiter.clone(),
        deputy_arbiter: d.deputy_arbiter.clone(),
        venue: d.venue.clone(),
        rated: d.rated.clone(),
    }
}

/// The document's details as the store keeps them (checked by
/// [`crate::input::json::check`]; the schema checks them again).
fn details_from_doc(d: &doc::EventDetails) -> EventDetails {
    EventDetails {
        prize_split: d.prize_split.parse().unwrap_or_default(),
        affiliate_id: d.affiliate_id.clone(),
        chief_td_id: d.chief_td_id.clone(),
        assistant_td_id: d.assistant_td_id.clone(),
        city: d.city.clone(),
        state: d.state.clone(),
        zip: d.zip.clone(),
        country: d.country.clone(),
        time_control: d.time_control.clone(),
        rating_system: d.rating_system.clone(),
        chief_arbiter: d.chief_arbiter.clone(),
        deputy_arbiter: d.deputy_arbiter.clone(),
        venue: d.venue.clone(),
        rated: d.rated.clone(),
    }
}

/// A section's prize list, in list order; winners by pairing number.
fn prizes_doc(conn: &Connection, section_id: SectionId) -> Result<Vec<doc::Prize>> {
    let entries = super::player::entries(conn, section_id)?;
    Ok(super::prize::prizes(conn, section_id)?
        .into_iter()
        .map(|p| {
            let (kind, class, name) = match &p.prize.kind {
                Kind::Place => ("place", None, None),
                Kind::Class(c) => ("class", Some(c.label()), None),
                Kind::Special { name, .. } => ("special", None, Some(name.clone())),
            };
            let (cash_cents, item) = match &p.prize.reward {
                Reward::Cash(m) => (Some(m.0), None),
                Reward::Item(s) => (None, Some(s.clone())),
            };
            doc::Prize {
                kind: kind.into(),
                place: p.prize.place,
                class,
                name,
                cash_cents,
                item,
                winner: p
                    .winner_entry
                    .and_then(|id| entries.iter().find(|e| e.id == id))
                    .map(|e| e.pairing_no),
            }
        })
        .collect())
}

/// A document prize as the domain's (checked by
/// [`crate::input::json::check`]).
pub(crate) fn prize_from_doc(p: &doc::Prize) -> Option<Prize> {
    let kind = match p.kind.as_str() {
        "place" => Kind::Place,
        "class" => Kind::Class(Class::parse(p.class.as_deref()?)?),
        "special" => Kind::Special {
            name: p.name.clone()?,
            winner: None,
        },
        _ => return None,
    };
    let reward = match (p.cash_cents, &p.item) {
        (Some(c), None) if c > 0 => Reward::Cash(Money(c)),
        (None, Some(i)) => Reward::Item(i.clone()),
        _ => return None,
    };
    Some(Prize {
        kind,
        place: p.place,
        reward,
    })
}

fn rounds(
    conn: &Connection,
    section_id: SectionId,
    keys: &mut PlayerKeys,
) -> Result<Vec<doc::Round>> {
    let mut st = conn.prepare_cached(
        "SELECT id, number, date FROM round WHERE section_id = ?1 ORDER BY number",
    )?;
    let list = st
        .query_map([section_id], |r| {
            Ok((
                r.get::<_, RoundId>("id")?,
                r.get::<_, u32>("number")?,
                r.get::<_, Option<String>>("date")?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut out = Vec::new();
    for (round_id, number, date) in list {
        let mut st = conn.prepare_cached(
            "SELECT m.id AS id, a.name AS team_a, b.name AS team_b, m.points_a_halves AS points_a_halves, \
             m.points_b_halves AS points_b_halves FROM team_match m \
             JOIN team a ON a.id = m.team_a LEFT JOIN team b ON b.id = m.team_b \
             WHERE m.round_id = ?1 ORDER BY m.id",
        )?;
        let mut matches = st
            .query_map([round_id], |r| {
                Ok((
                    r.get::<_, MatchId>("id")?,
                    doc::TeamMatch {
                        team_a: r.get("team_a")?,
                        team_b: r.get("team_b")?,
                        points_a_halves: r.get("points_a_halves")?,
                        points_b_halves: r.get("points_b_halves")?,
                        forfeited_boards: vec![],
                    },
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        for (id, m) in matches.iter_mut() {
            m.forfeited_boards = forfeited_boards(conn, *id, keys)?;
        }
        let position: HashMap<MatchId, u32> = matches
            .iter()
            .enumerate()
            .map(|(i, (id, _))| (*id, i as u32))
            .collect();
        let mut st = conn.prepare_cached(
            "SELECT g.board AS board, w.pairing_no AS white, b.pairing_no AS black, g.result AS result, \
             g.team_match_id AS team_match_id FROM game g \
             JOIN entry w ON w.id = g.white_entry JOIN entry b ON b.id = g.black_entry \
             WHERE g.round_id = ?1 ORDER BY g.board IS NULL, g.board, g.id",
        )?;
        let games = st
            .query_map([round_id], |r| {
                let team_match: Option<MatchId> = r.get("team_match_id")?;
                Ok(doc::Game {
                    board: r.get("board")?,
                    white: r.get("white")?,
                    black: r.get("black")?,
                    result: r.get("result")?,
                    team_match: team_match.and_then(|m| position.get(&m).copied()),
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut st = conn.prepare_cached(
            "SELECT e.pairing_no AS pairing_no, b.kind AS kind, b.requested AS requested, \
             b.late_entry AS late_entry FROM bye b JOIN entry e ON e.id = b.entry_id \
             WHERE b.round_id = ?1 ORDER BY e.pairing_no",
        )?;
        let byes = st
            .query_map([round_id], |r| {
                Ok(doc::Bye {
                    player: r.get("pairing_no")?,
                    kind: r.get("kind")?,
                    requested: bool_col(r.get("requested")?),
                    late_entry: bool_col(r.get("late_entry")?),
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        out.push(doc::Round {
            number,
            date,
            team_matches: matches.into_iter().map(|(_, m)| m).collect(),
            games,
            byes,
        });
    }
    Ok(out)
}

/// A team match's boards without a game, by board.
fn forfeited_boards(
    conn: &Connection,
    match_id: MatchId,
    keys: &mut PlayerKeys,
) -> Result<Vec<doc::ForfeitedBoard>> {
    let mut st = conn.prepare_cached(
        "SELECT board, present, player_id FROM team_board_forfeit WHERE team_match_id = ?1 \
         ORDER BY board",
    )?;
    let rows = st
        .query_map([match_id], |r| {
            let player: Option<PlayerId> = r.get("player_id")?;
            Ok(doc::ForfeitedBoard {
                board: r.get("board")?,
                present: r.get("present")?,
                player: player.map(|p| keys.key(p)),
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// What an import created.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// The season written into.
    pub season: String,
    /// Events created.
    pub events: usize,
    /// Players new to the league.
    pub players_added: usize,
    /// Players found in the league by US Chess or FIDE id.
    pub players_matched: usize,
    /// Games written.
    pub games: usize,
}

/// Write a checked document ([`crate::input::json::parse`]) into the
/// league under `season_name`. `source` names the file in errors; every
/// error names the document path of the record that could not be written.
///
/// Written by one function per kind of record: the season, the players,
/// each event with its pairing settings, details and team rules, its teams
/// and rosters, its sections with their entries, rounds (team matches,
/// games, byes) and prizes.
pub fn import_document(
    tx: &Writer,
    d: &doc::Document,
    season_name: &str,
    source: &str,
) -> Result<Imported> {
    let mut run = DocImport {
        tx,
        source,
        done: Imported {
            season: season_name.to_string(),
            ..Imported::default()
        },
        player_ids: HashMap::new(),
    };
    let season_id = run.season(d, season_name)?;
    run.players(&d.players)?;
    for (ei, e) in d.season.events.iter().enumerate() {
        run.event(season_id, e, &format!("$.season.events[{ei}]"))?;
    }
    Ok(run.done)
}

/// One document being written: the transaction, the file's name for
/// errors, what has been written so far and the league's id of each of
/// the document's players (by the document's key).
struct DocImport<'a, 't> {
    tx: &'a Writer<'t>,
    source: &'a str,
    done: Imported,
    player_ids: HashMap<u32, PlayerId>,
}

/// A section's entries: the league's entry id of each pairing number.
type EntryIds = HashMap<u32, EntryId>;

impl DocImport<'_, '_> {
    /// A failure writing the record at document path `path`, in words: a
    /// constraint the schema enforces is named as SQLite names it.
    fn at(&self, path: String, e: Error) -> Error {
        let problem = match e {
            Error::Sql(super::sql_error::SqlError(e)) => {
                super::constraint_message(&e).unwrap_or_else(|| e.to_string())
            }
            other => other.to_string(),
        };
        InputError::new(self.source, problem).field(path).into()
    }

    /// A mistake in the document itself at `path`.
    fn wrong(&self, path: String, problem: impl Into<String>) -> Error {
        InputError::new(self.source, problem).field(path).into()
    }

    /// The season to write into: a new one named `season_name`, or (for a
    /// document of events) an existing one that has none of its events yet.
    fn season(&mut self, d: &doc::Document, season_name: &str) -> Result<SeasonId> {
        // `app::import::import_document` refused a season or events the
        // league has; a document of events goes into an existing season.
        if let Some(s) = super::season::season_by_name(self.tx, season_name)? {
            return Ok(s.id);
        }
        self.tx
            .execute(
                "INSERT INTO season (name, start_date, end_date, grand_prix) VALUES (?1, ?2, ?3, ?4)",
                params![
                    season_name.trim(),
                    d.season.start_date,
                    d.season.end_date,
                    d.season.grand_prix
                ],
            )
            .map_err(|e| self.at("$.season".into(), e.into()))?;
        Ok(SeasonId(self.tx.last_insert_rowid()))
    }

    /// The document's players: each is the league's player with the same
    /// US Chess id, else the same FIDE id, else added. Ids that name two
    /// different players of the league are refused.
    fn players(&mut self, players: &[doc::Player]) -> Result<()> {
        for (k, p) in players.iter().enumerate() {
            let path = format!("$.players[{k}]");
            let by_uscf = self.player_with("uscf_id", &p.uscf_id)?;
            let by_fide = self.player_with("fide_id", &p.fide_id)?;
            let id = match (by_uscf, by_fide) {
                (Some(a), Some(b)) if a != b => {
                    let (a, b) = (player_by_id(self.tx, a)?, player_by_id(self.tx, b)?);
                    return Err(self.wrong(
                        path,
                        format!(
                            "US Chess id {} belongs to {} but FIDE id {} to {} in this league; \
                             correct one of them first",
                            p.uscf_id.as_deref().unwrap_or(""),
                            a.name,
                            p.fide_id.as_deref().unwrap_or(""),
                            b.name
                        ),
                    ));
                }
                (Some(a), _) | (None, Some(a)) => {
                    self.done.players_matched += 1;
                    a
                }
                (None, None) => {
                    self.tx
                        .execute(
                            "INSERT INTO player (name, uscf_id, fide_id, rating, fide_rating, federation, title, state, club) \
                             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                            params![
                                p.name,
                                p.uscf_id,
                                p.fide_id,
                                p.rating,
                                p.fide_rating,
                                p.federation,
                                p.title,
                                p.state,
                                p.club.as_deref().map(str::trim).filter(|c| !c.is_empty())
                            ],
                        )
                        .map_err(|e| self.at(path.clone(), e.into()))?;
                    self.done.players_added += 1;
                    PlayerId(self.tx.last_insert_rowid())
                }
            };
            self.player_ids.insert(p.key, id);
        }
        Ok(())
    }

    /// The league's player whose `col` (`uscf_id` or `fide_id`) is `id`.
    fn player_with(&self, col: &str, id: &Option<String>) -> Result<Option<PlayerId>> {
        Ok(match id {
            Some(id) => self
                .tx
                .query_row(
                    &format!("SELECT id FROM player WHERE {col} = ?1"),
                    [id],
                    |r| r.get(0),
                )
                .optional()?,
            None => None,
        })
    }

    /// The league's id of the document's player `key`.
    fn player(&self, key: u32, path: &str) -> Result<PlayerId> {
        self.player_ids.get(&key).copied().ok_or_else(|| {
            self.wrong(
                path.to_string(),
                format!("player {key} is not in the document's players"),
            )
        })
    }

    /// One event: its settings, pairing rules, details, team rules, teams
    /// and sections.
    fn event(&mut self, season_id: SeasonId, e: &doc::Event, ep: &str) -> Result<()> {
        let tx = self.tx;
        tx.execute(
            "INSERT INTO event (season_id, name, kind, rounds, start_date, end_date, tiebreaks, \
             actual_play_first, fide_edition, sb_adjusted, coin_allowed, coin_seed, rating_basis) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            params![
                season_id,
                e.name,
                e.kind,
                e.rounds,
                e.start_date,
                e.end_date,
                e.tiebreaks,
                e.actual_play_first,
                e.fide_edition,
                e.sb_adjusted,
                e.coin_allowed,
                e.coin_seed,
                e.rating_basis.as_deref().unwrap_or("uscf")
            ],
        )
        .map_err(|x| self.at(ep.to_string(), x.into()))?;
        let event_id = EventId(tx.last_insert_rowid());
        self.done.events += 1;
        let rules = pairing_rules_of(e.pairing.as_ref())
            .map_err(|m| self.wrong(format!("{ep}.pairing"), m))?;
        super::pairing::insert_rules(tx, event_id, &rules)
            .map_err(|x| self.at(format!("{ep}.pairing"), x))?;
        super::event_detail::write(tx, event_id, &details_from_doc(&e.details))
            .map_err(|x| self.at(format!("{ep}.details"), x))?;
        if let Some(r) = &e.team_rules {
            tx.execute(
                "INSERT INTO team_rules (event_id, boards, win_halves, draw_halves, loss_halves, \
                 bye_match_halves, bye_game_halves, rank_by, usat_doubled, usat_adjusted) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                params![
                    event_id,
                    r.boards,
                    r.win_halves,
                    r.draw_halves,
                    r.loss_halves,
                    r.bye_match_halves,
                    r.bye_game_halves,
                    r.rank_by,
                    r.usat_doubled,
                    r.usat_adjusted
                ],
            )
            .map_err(|x| self.at(format!("{ep}.team_rules"), x.into()))?;
        }
        let teams = self.teams(event_id, &e.teams, ep)?;
        for (si, s) in e.sections.iter().enumerate() {
            self.section(event_id, s, &teams, &format!("{ep}.sections[{si}]"))?;
        }
        Ok(())
    }

    /// An event's teams and their rosters; the league's id of each team by
    /// name.
    fn teams<'d>(
        &self,
        event_id: EventId,
        teams: &'d [doc::Team],
        ep: &str,
    ) -> Result<HashMap<&'d str, TeamId>> {
        let mut team_ids = HashMap::new();
        for (ti, t) in teams.iter().enumerate() {
            let tp = format!("{ep}.teams[{ti}]");
            self.tx
                .execute(
                    "INSERT INTO team (event_id, name, short_code, withdrawn_after) VALUES (?1, ?2, ?3, ?4)",
                    params![event_id, t.name, t.short_code, t.withdrawn_after],
                )
                .map_err(|x| self.at(tp.clone(), x.into()))?;
            let team_id = TeamId(self.tx.last_insert_rowid());
            team_ids.insert(t.name.as_str(), team_id);
            for (ri, place) in t.roster.iter().enumerate() {
                let rp = format!("{tp}.roster[{ri}]");
                let pid = self.player(place.player, &format!("{rp}.player"))?;
                self.tx
                    .execute(
                        "INSERT INTO roster (team_id, event_id, player_id, board) VALUES (?1, ?2, ?3, ?4)",
                        params![team_id, event_id, pid, place.board],
                    )
                    .map_err(|x| self.at(rp, x.into()))?;
            }
        }
        Ok(team_ids)
    }

    /// The league's id of the event's team `name`, if a name is given.
    fn team(
        &self,
        teams: &HashMap<&str, TeamId>,
        name: Option<&str>,
        path: &str,
    ) -> Result<Option<TeamId>> {
        match name {
            None => Ok(None),
            Some(n) => teams.get(n).copied().map(Some).ok_or_else(|| {
                self.wrong(
                    path.to_string(),
                    format!("there is no team \"{n}\" in this event"),
                )
            }),
        }
    }

    /// The league's entry of pairing number `no` in section `s`.
    fn entry(
        &self,
        entries: &EntryIds,
        s: &doc::Section,
        no: u32,
        path: String,
    ) -> Result<EntryId> {
        entries.get(&no).copied().ok_or_else(|| {
            self.wrong(
                path,
                format!("pairing number {no} is not entered in section {}", s.name),
            )
        })
    }

    /// One section: its entries, rounds and prizes.
    fn section(
        &mut self,
        event_id: EventId,
        s: &doc::Section,
        teams: &HashMap<&str, TeamId>,
        sp: &str,
    ) -> Result<()> {
        let tx = self.tx;
        tx.execute(
            "INSERT INTO section (event_id, name, rating_min, rating_max) VALUES (?1, ?2, ?3, ?4)",
            params![event_id, s.name, s.rating_min, s.rating_max],
        )
        .map_err(|x| self.at(sp.to_string(), x.into()))?;
        let section_id = SectionId(tx.last_insert_rowid());
        let mut entries: EntryIds = HashMap::new();
        for (ni, n) in s.entries.iter().enumerate() {
            let np = format!("{sp}.entries[{ni}]");
            let pid = self.player(n.player, &format!("{np}.player"))?;
            let team_id = self.team(teams, n.team.as_deref(), &format!("{np}.team"))?;
            tx.execute(
                "INSERT INTO entry (section_id, player_id, pairing_no, rating, team_id, withdrawn_after) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![section_id, pid, n.pairing_no, n.rating, team_id, n.withdrawn_after],
            )
            .map_err(|x| self.at(np, x.into()))?;
            entries.insert(n.pairing_no, EntryId(tx.last_insert_rowid()));
        }
        for (ri, r) in s.rounds.iter().enumerate() {
            let at = Place {
                section_id,
                s,
                entries: &entries,
                teams,
            };
            self.round(&at, r, &format!("{sp}.rounds[{ri}]"))?;
        }
        for (pi, p) in s.prizes.iter().enumerate() {
            let pp = format!("{sp}.prizes[{pi}]");
            let prize = prize_from_doc(p)
                .ok_or_else(|| self.wrong(pp.clone(), "not a prize this program knows"))?;
            let winner = match p.winner {
                Some(no) => Some(self.entry(&entries, s, no, format!("{pp}.winner"))?),
                None => None,
            };
            super::prize::insert(tx, section_id, pi as u32 + 1, &prize, winner)
                .map_err(|x| self.at(pp, x))?;
        }
        Ok(())
    }

    /// One round of a section: its team matches (with forfeited boards),
    /// games and byes.
    fn round(&mut self, at: &Place, r: &doc::Round, rp: &str) -> Result<()> {
        let tx = self.tx;
        let section_id = at.section_id;
        tx.execute(
            "INSERT INTO round (section_id, number, date) VALUES (?1, ?2, ?3)",
            params![section_id, r.number, r.date],
        )
        .map_err(|x| self.at(rp.to_string(), x.into()))?;
        let round_id = RoundId(tx.last_insert_rowid());
        let mut match_ids = Vec::new();
        for (mi, m) in r.team_matches.iter().enumerate() {
            let mp = format!("{rp}.team_matches[{mi}]");
            let a = self.team(at.teams, Some(&m.team_a), &format!("{mp}.team_a"))?;
            let b = self.team(at.teams, m.team_b.as_deref(), &format!("{mp}.team_b"))?;
            tx.execute(
                "INSERT INTO team_match (round_id, section_id, team_a, team_b, points_a_halves, points_b_halves) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![round_id, section_id, a, b, m.points_a_halves, m.points_b_halves],
            )
            .map_err(|x| self.at(mp.clone(), x.into()))?;
            let match_id = MatchId(tx.last_insert_rowid());
            match_ids.push(match_id);
            for (fi, f) in m.forfeited_boards.iter().enumerate() {
                let fp = format!("{mp}.forfeited_boards[{fi}]");
                let pid = match f.player {
                    Some(k) => Some(self.player(k, &format!("{fp}.player"))?),
                    None => None,
                };
                tx.execute(
                    "INSERT INTO team_board_forfeit (team_match_id, board, present, player_id) \
                     VALUES (?1, ?2, ?3, ?4)",
                    params![match_id, f.board, f.present, pid],
                )
                .map_err(|x| self.at(fp, x.into()))?;
            }
        }
        for (gi, g) in r.games.iter().enumerate() {
            let gp = format!("{rp}.games[{gi}]");
            let w = self.entry(at.entries, at.s, g.white, format!("{gp}.white"))?;
            let b = self.entry(at.entries, at.s, g.black, format!("{gp}.black"))?;
            let m = match g.team_match {
                None => None,
                Some(i) => Some(match_ids.get(i as usize).copied().ok_or_else(|| {
                    self.wrong(
                        format!("{gp}.team_match"),
                        format!("round {} has no team match {i}", r.number),
                    )
                })?),
            };
            tx.execute(
                "INSERT INTO game (round_id, section_id, board, white_entry, black_entry, team_match_id, result) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![round_id, section_id, g.board, w, b, m, g.result],
            )
            .map_err(|x| self.at(gp, x.into()))?;
            self.done.games += 1;
        }
        for (bi, b) in r.byes.iter().enumerate() {
            let bp = format!("{rp}.byes[{bi}]");
            let e = self.entry(at.entries, at.s, b.player, format!("{bp}.player"))?;
            tx.execute(
                "INSERT INTO bye (round_id, section_id, entry_id, kind, requested, late_entry) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![round_id, section_id, e, b.kind, b.requested, b.late_entry],
            )
            .map_err(|x| self.at(bp, x.into()))?;
        }
        Ok(())
    }
}

/// The section a round is written into: its id, its document record, its
/// entries and its event's teams.
struct Place<'p> {
    section_id: SectionId,
    s: &'p doc::Section,
    entries: &'p EntryIds,
    teams: &'p HashMap<&'p str, TeamId>,
}

/// A player's details for the audit trail.
fn details(p: &Player) -> String {
    let show =
        |label: &str, v: Option<String>| v.map(|v| format!(", {label} {v}")).unwrap_or_default();
    format!(
        "{}{}{}{}{}{}",
        super::player::describe_player(p),
        show("rating", p.rating.map(|r| r.to_string())),
        show("FIDE rating", p.fide_rating.map(|r| r.to_string())),
        show("federation", p.federation.clone()),
        show("title", p.title.clone()),
        ""
    )
}

/// The league's player with this US Chess id (`fide: false`) or FIDE id.
pub fn player_by_listed_id(conn: &impl Readable, fide: bool, id: &str) -> Result<Option<Player>> {
    let conn = super::sql(conn);
    let sql = if fide {
        "SELECT id FROM player WHERE fide_id = ?1"
    } else {
        "SELECT id FROM player WHERE uscf_id = ?1"
    };
    let found: Option<PlayerId> = conn.query_row(sql, [id], |r| r.get("id")).optional()?;
    found.map(|i| player_by_id(conn, i)).transpose()
}

/// Add a player list's row as a new player.
pub fn add_listed_player(tx: &Writer, row: &PlayerRow) -> Result<()> {
    tx.execute(
        "INSERT INTO player (name, uscf_id, fide_id, rating, fide_rating, federation, title) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            row.name.trim(),
            row.uscf_id,
            row.fide_id,
            row.rating,
            row.fide_rating,
            row.federation,
            row.title
        ],
    )
    .map_err(|e| super::constraint_error(e, "player"))?;
    Ok(())
}

/// Update player `p` with a list row's filled-in cells (blank cells keep
/// what the league has; the league's name is kept), logged with the
/// list's name and line. Returns false when nothing changed.
pub fn update_listed_player(
    tx: &Writer,
    p: &Player,
    row: &PlayerRow,
    source: &str,
) -> Result<bool> {
    let changed = tx
        .execute(
            "UPDATE player SET uscf_id = COALESCE(?1, uscf_id), \
             fide_id = COALESCE(?2, fide_id), rating = COALESCE(?3, rating), \
             fide_rating = COALESCE(?4, fide_rating), federation = COALESCE(?5, federation), \
             title = COALESCE(?6, title) WHERE id = ?7 AND NOT ( \
             uscf_id IS COALESCE(?1, uscf_id) AND fide_id IS COALESCE(?2, fide_id) \
             AND rating IS COALESCE(?3, rating) AND fide_rating IS COALESCE(?4, fide_rating) \
             AND federation IS COALESCE(?5, federation) AND title IS COALESCE(?6, title))",
            params![
                row.uscf_id,
                row.fide_id,
                row.rating,
                row.fide_rating,
                row.federation,
                row.title,
                p.id
            ],
        )
        .map_err(|e| super::constraint_error(e, "player"))?;
    if changed == 0 {
        return Ok(false);
    }
    super::audit::audit(
        tx,
        super::audit::Action::Edit,
        &format!("player {}", p.name),
        Some(&details(p)),
        Some(&details(&player_by_id(tx, p.id)?)),
        Some(&format!("player list {source}, line {}", row.line)),
    )?;
    Ok(true)
}
