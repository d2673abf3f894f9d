//! The JSON interchange document: a whole season, or one event of a
//! season, with everything recorded in it, as plain serde structs. The
//! store fills it (`store::exchange`) and writes it back into
//! another database; [`crate::export::json`] writes it out as text and
//! [`crate::input::json`] reads and checks it.
//!
//! Rules that make export → import → export byte-identical:
//! - nothing refers to database ids: players are numbered within the
//!   document (`players[k].key`), entries by pairing number, teams by name,
//!   team matches by their position in the round;
//! - every list is in a fixed order (sections and events in the order they
//!   were created, entries by pairing number, games by board, byes by
//!   pairing number, forfeited boards by board, players in the order the
//!   document first names them), and an import creates
//!   rows in that order, so a re-export lists them the same way.
//!
//! Versions: 1 had no `forfeited_boards` in a team match (a board a team
//! could not fill was lost on the way); 2 lists them, `[]` when none; 3
//! adds each event's `details` (prize split and rating-report fields) and
//! each section's `prizes` (issue 18), and each event's `pairing` (its
//! pairing settings, migration V14). All are read; an older file reads as
//! having no forfeited boards, default details, no prizes and pairing
//! `manual` (its rounds were paired in another program).

use serde::{Deserialize, Deserializer, Serialize};

/// The version of this document's shape; an importer refuses a newer one.
pub const FORMAT_VERSION: u32 = 3;

/// What a document holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scope {
    /// A whole season: importing it creates the season.
    Season,
    /// One event: importing it adds the event to the season (created when
    /// missing).
    Event,
}

/// The whole document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// The document's shape ([`FORMAT_VERSION`] when written here); older
    /// versions are read as this module says, a newer one is refused.
    pub format_version: u32,
    /// A whole season, or one event of it.
    pub scope: Scope,
    /// The season, with its events (only the one event when the scope is
    /// an event).
    pub season: Season,
    /// Every player the season's entries and rosters name.
    pub players: Vec<Player>,
}

/// The season the document's events belong to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Season {
    /// The season's name.
    pub name: String,
    /// Its first day, `YYYY-MM-DD`; `null` when not set.
    #[serde(deserialize_with = "required")]
    pub start_date: Option<String>,
    /// Its last day, `YYYY-MM-DD`; `null` when not set.
    #[serde(deserialize_with = "required")]
    pub end_date: Option<String>,
    /// Grand-prix rules as stored (JSON text), when the season has them.
    #[serde(deserialize_with = "required")]
    pub grand_prix: Option<String>,
    /// Its events, in the order they were created.
    pub events: Vec<Event>,
}

/// An event of the season: its settings, teams, sections and rounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    /// The event's name, one of its kind in the season.
    pub name: String,
    /// `swiss`, `round-robin`, `team-swiss`, `team-round-robin`.
    pub kind: String,
    /// The planned number of rounds.
    pub rounds: u32,
    /// Its first day, `YYYY-MM-DD`; `null` when not set.
    #[serde(deserialize_with = "required")]
    pub start_date: Option<String>,
    /// Its last day, `YYYY-MM-DD`; `null` when not set.
    #[serde(deserialize_with = "required")]
    pub end_date: Option<String>,
    /// A preset name or comma-separated codes.
    pub tiebreaks: String,
    /// The "actual play before unplayed points" rule is on.
    pub actual_play_first: bool,
    /// The FIDE C.07 edition (2009, 2024, 2026) that counts unplayed
    /// rounds; `null`: the edition in force when the event started.
    #[serde(deserialize_with = "required")]
    pub fide_edition: Option<u16>,
    /// US Chess `sb` on opponents' adjusted instead of final scores.
    pub sb_adjusted: bool,
    /// A coin flip may break a tie (for prizes that cannot be divided).
    pub coin_allowed: bool,
    /// The coin flip's seed once drawn; `null` before.
    #[serde(deserialize_with = "required")]
    pub coin_seed: Option<i64>,
    /// The rating the event goes by: `fide`, `uscf`, `national` or `club`
    /// (V24). Always written; a document written before events had one
    /// reads as `uscf`, the rating its entries were taken with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_basis: Option<String>,
    /// Team events' scoring rules.
    #[serde(deserialize_with = "required")]
    pub team_rules: Option<TeamRules>,
    /// How the rounds are paired (V14). Always written; a document written
    /// before pairing settings existed has none and reads as `manual` (its
    /// rounds were paired in another program).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairing: Option<PairingSettings>,
    /// The teams of a team event, in the order they were created; empty
    /// otherwise.
    pub teams: Vec<Team>,
    /// The sections, in the order they were created.
    pub sections: Vec<Section>,
    /// Prize split and rating-report fields; absent only before version 3
    /// ([`crate::input::json::parse`] insists on it from version 3).
    #[serde(default)]
    pub details: EventDetails,
}

/// An event's details (version 3), as [`crate::domain::league::EventDetails`].
/// The default (what an older file reads as) pools tied prizes and knows
/// none of the report fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventDetails {
    /// `pooled`, `hort` or `tiebreak`.
    pub prize_split: String,
    /// US Chess affiliate id of the organizer; `null` when not known (as
    /// every field below).
    #[serde(deserialize_with = "required")]
    pub affiliate_id: Option<String>,
    /// US Chess id of the chief tournament director.
    #[serde(deserialize_with = "required")]
    pub chief_td_id: Option<String>,
    /// US Chess id of the assistant tournament director.
    #[serde(deserialize_with = "required")]
    pub assistant_td_id: Option<String>,
    /// Where the event is played.
    #[serde(deserialize_with = "required")]
    pub city: Option<String>,
    /// Two-letter state code (upper case).
    #[serde(deserialize_with = "required")]
    pub state: Option<String>,
    /// The postal code.
    #[serde(deserialize_with = "required")]
    pub zip: Option<String>,
    /// Three-letter country code, as FIDE writes federations (USA).
    #[serde(deserialize_with = "required")]
    pub country: Option<String>,
    /// As announced, e.g. "G/90;d5".
    #[serde(deserialize_with = "required")]
    pub time_control: Option<String>,
    /// US Chess rating system: `regular`, `quick` or `dual`.
    #[serde(deserialize_with = "required")]
    pub rating_system: Option<String>,
    /// The FIDE chief arbiter by name (TRF line 102).
    #[serde(deserialize_with = "required")]
    pub chief_arbiter: Option<String>,
    /// The FIDE deputy arbiter by name (TRF line 112).
    #[serde(deserialize_with = "required")]
    pub deputy_arbiter: Option<String>,
    /// The venue's name (V30; absent in older files and when not known).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub venue: Option<String>,
    /// Which federations rate the event: `fide`, `uscf`, `both` or `none`
    /// (V30; absent in older files and when not stated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rated: Option<String>,
}

impl Default for EventDetails {
    fn default() -> Self {
        EventDetails {
            prize_split: "pooled".into(),
            affiliate_id: None,
            chief_td_id: None,
            assistant_td_id: None,
            city: None,
            state: None,
            zip: None,
            country: None,
            time_control: None,
            rating_system: None,
            chief_arbiter: None,
            deputy_arbiter: None,
            venue: None,
            rated: None,
        }
    }
}

/// One prize of a section's list (version 3), in list order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prize {
    /// `place`, `class` or `special`.
    pub kind: String,
    /// The place, overall or within the class (1 for special prizes).
    pub place: u32,
    /// A class prize's class: `U1400`, `1400–1599`, `1800+`, `unrated`.
    #[serde(deserialize_with = "required")]
    pub class: Option<String>,
    /// A special prize's name.
    #[serde(deserialize_with = "required")]
    pub name: Option<String>,
    /// Money in cents, or an indivisible item: exactly one.
    #[serde(deserialize_with = "required")]
    pub cash_cents: Option<i64>,
    /// The indivisible item (a trophy, a book), when not money.
    #[serde(deserialize_with = "required")]
    pub item: Option<String>,
    /// A special prize's winner, by pairing number.
    #[serde(deserialize_with = "required")]
    pub winner: Option<u32>,
}

/// A team event's scoring rules; points in half points (2 is one point).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamRules {
    /// Boards per match.
    pub boards: u32,
    /// Match points for a match won.
    pub win_halves: u32,
    /// Match points for a match drawn.
    pub draw_halves: u32,
    /// Match points for a match lost.
    pub loss_halves: u32,
    /// Match points a team bye is worth; `null`: a match win.
    #[serde(deserialize_with = "required")]
    pub bye_match_halves: Option<u32>,
    /// Game points a team bye is worth; `null`: every board.
    #[serde(deserialize_with = "required")]
    pub bye_game_halves: Option<u32>,
    /// `match-points` or `game-points`.
    pub rank_by: String,
    /// The event's USAT tiebreak on the ×2 scale.
    pub usat_doubled: bool,
    /// The event's USAT tiebreak less ½ per opponent's team bye.
    pub usat_adjusted: bool,
}

/// An event's pairing settings, as `league event add|edit` takes them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairingSettings {
    /// `dutch`, `uscf`, `berger`, `crenshaw` or `manual`.
    pub system: String,
    /// `white` or `black`: pairing number 1's colour in round 1.
    pub initial_colour: String,
    /// `none` or `baku`.
    pub acceleration: String,
    /// The pairing-allocated bye: `full`, `half` or `zero`.
    pub bye_points: String,
    /// A round robin played twice, colours reversed the second time.
    pub double_round_robin: bool,
    /// Round-robin table numbers: `rating` or `drawn`.
    pub numbers: String,
    /// US Chess 28N: `never`, `if-possible` or `ignore`. Absent in
    /// documents written before V19: `if-possible`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_mates: Option<String>,
    /// US Chess 29E5 limits, alternation then equalisation: `"80,200"`.
    /// Absent before V19: `80,200`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour_limits: Option<String>,
    /// US Chess 28R1: rounds paired with added-score acceleration. Absent
    /// before V19: 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accelerate_rounds: Option<u32>,
    /// US Chess: `natural` or `colours` (docs/pairing.md). Absent before
    /// V26: `natural`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour_priority: Option<String>,
    /// US Chess 28L2: `last` or `lowest`. Absent before V26: `last`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unrated_bye: Option<String>,
}

/// A team of a team event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Team {
    /// The team's name, which the rest of the document names it by.
    pub name: String,
    /// A short code unique in the event; `null` when it has none.
    #[serde(deserialize_with = "required")]
    pub short_code: Option<String>,
    /// The last round the team played before withdrawing; `null` while it
    /// plays on.
    #[serde(deserialize_with = "required")]
    pub withdrawn_after: Option<u32>,
    /// Board order, alternates after the boards.
    pub roster: Vec<RosterPlace>,
}

/// A player's place on a team's roster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RosterPlace {
    /// The board, from 1.
    pub board: u32,
    /// A `players[].key`.
    pub player: u32,
}

/// A section of an event, with its entries and rounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// The section's name, one of its kind in the event.
    pub name: String,
    /// The lowest rating the section takes; `null`: no floor.
    #[serde(deserialize_with = "required")]
    pub rating_min: Option<u32>,
    /// The highest rating the section takes; `null`: no ceiling.
    #[serde(deserialize_with = "required")]
    pub rating_max: Option<u32>,
    /// The players entered, by pairing number.
    pub entries: Vec<Entry>,
    /// The rounds paired so far, by number.
    pub rounds: Vec<Round>,
    /// The prize list; absent only before version 3.
    #[serde(default)]
    pub prizes: Vec<Prize>,
}

/// A player entered in a section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The pairing number, which games and byes name the entry by.
    pub pairing_no: u32,
    /// A `players[].key`.
    pub player: u32,
    /// Rating at entry.
    #[serde(deserialize_with = "required")]
    pub rating: Option<u32>,
    /// The team's name, in team events.
    #[serde(deserialize_with = "required")]
    pub team: Option<String>,
    /// The last round the player took part in before withdrawing; `null`
    /// while they play on.
    #[serde(deserialize_with = "required")]
    pub withdrawn_after: Option<u32>,
}

/// A round of a section: its team matches, games and byes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    /// The round's number, from 1.
    pub number: u32,
    /// The day it is played, `YYYY-MM-DD`; `null` when not set.
    #[serde(deserialize_with = "required")]
    pub date: Option<String>,
    /// The team matches (team events), which games name by position.
    pub team_matches: Vec<TeamMatch>,
    /// The games, by board.
    pub games: Vec<Game>,
    /// The byes, by pairing number.
    pub byes: Vec<Bye>,
}

/// A match between two teams in a round, or a team's bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamMatch {
    /// The first team's name.
    pub team_a: String,
    /// `None`: team A's bye.
    #[serde(deserialize_with = "required")]
    pub team_b: Option<String>,
    /// Team A's game points in half points when the match is recorded
    /// without board details (an old crosstable's 3½-½), or the bye's
    /// value; `null` when the score comes from the board games.
    #[serde(deserialize_with = "required")]
    pub points_a_halves: Option<u32>,
    /// Team B's game points, as `points_a_halves`.
    #[serde(deserialize_with = "required")]
    pub points_b_halves: Option<u32>,
    /// The boards of the match that have no game: a team could not fill
    /// them, or did not come at all (every board). Absent only in a
    /// version-1 file ([`crate::input::json::parse`] insists on it from
    /// version 2); boards with a game are in the round's `games`.
    #[serde(default)]
    pub forfeited_boards: Vec<ForfeitedBoard>,
}

/// A board of a team match with no game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForfeitedBoard {
    /// The board, from 1.
    pub board: u32,
    /// Whose player was there and wins the board by forfeit: `a` (team A's),
    /// `b` (team B's), or `none` (neither team filled it: a double forfeit).
    pub present: String,
    /// A `players[].key`: the player who was there, on that team's roster;
    /// `null` when nobody was, or when the other team did not come at all
    /// (the whole match forfeited, no lineup given).
    #[serde(deserialize_with = "required")]
    pub player: Option<u32>,
}

/// A game of a round (a board of a team match, in team events).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// The board, from 1; `null` when the game has none.
    #[serde(deserialize_with = "required")]
    pub board: Option<u32>,
    /// Pairing numbers.
    pub white: u32,
    /// Black's pairing number.
    pub black: u32,
    /// `1-0`, `0-1`, `1/2-1/2`, `0-0` (played, lost by both), `1F-0F`,
    /// `0F-1F`, `0F-0F`; `None` while
    /// the game is paired but not played.
    #[serde(deserialize_with = "required")]
    pub result: Option<String>,
    /// The team match (position in the round's `team_matches`) this game is
    /// a board of.
    #[serde(deserialize_with = "required")]
    pub team_match: Option<u32>,
}

/// A bye in a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bye {
    /// Pairing number.
    pub player: u32,
    /// `full`, `half` or `zero`.
    pub kind: String,
    /// Asked for by the player (false: the pairing's full point).
    pub requested: bool,
    /// A late entry's bye for a round played before they entered (left out
    /// when false, so files written before it existed read the same).
    #[serde(default, skip_serializing_if = "is_false")]
    pub late_entry: bool,
}

/// For `skip_serializing_if`: leave a false flag out of the file.
fn is_false(flag: &bool) -> bool {
    !*flag
}

/// A player the document names, once however many entries and rosters
/// name them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// The player's number within this document (from 1).
    pub key: u32,
    /// The player's name.
    pub name: String,
    /// US Chess id; `null` when not known.
    #[serde(deserialize_with = "required")]
    pub uscf_id: Option<String>,
    /// FIDE id; `null` when not known.
    #[serde(deserialize_with = "required")]
    pub fide_id: Option<String>,
    /// The current rating (`league player add --rating`); `null` when not
    /// known. An entry keeps the rating at entry.
    #[serde(deserialize_with = "required")]
    pub rating: Option<u32>,
    /// The current FIDE rating; `null` when not known.
    #[serde(deserialize_with = "required")]
    pub fide_rating: Option<u32>,
    /// The FIDE federation (three letters); `null` when not known.
    #[serde(deserialize_with = "required")]
    pub federation: Option<String>,
    /// The FIDE title (`GM`, `WFM`, ...); `null` when none.
    #[serde(deserialize_with = "required")]
    pub title: Option<String>,
    /// US state, two capital letters (version 3; absent in older files).
    #[serde(default)]
    pub state: Option<String>,
    /// Club or team for US Chess 28N team-mate avoidance (V19; absent in
    /// older files and when not known).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
}

/// An optional field that must still be present (`null` when empty): a
/// record with a field missing is a truncated or hand-damaged one, not a
/// pending result or an unrated player.
fn required<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::deserialize(d)
}
