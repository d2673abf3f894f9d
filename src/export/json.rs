//! The JSON interchange document: a whole season, or one event of a
//! season, with everything recorded in it, as plain serde structs. The
//! store fills it ([`crate::store::exchange`]) and writes it back into
//! another database; [`crate::input::json`] reads and checks it.
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
    pub format_version: u32,
    pub scope: Scope,
    pub season: Season,
    /// Every player the season's entries and rosters name.
    pub players: Vec<Player>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Season {
    pub name: String,
    #[serde(deserialize_with = "required")]
    pub start_date: Option<String>,
    #[serde(deserialize_with = "required")]
    pub end_date: Option<String>,
    /// Grand-prix rules as stored (JSON text), when the season has them.
    #[serde(deserialize_with = "required")]
    pub grand_prix: Option<String>,
    pub events: Vec<Event>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    pub name: String,
    /// `swiss`, `round-robin`, `team-swiss`, `team-round-robin`.
    pub kind: String,
    pub rounds: u32,
    #[serde(deserialize_with = "required")]
    pub start_date: Option<String>,
    #[serde(deserialize_with = "required")]
    pub end_date: Option<String>,
    /// A preset name or comma-separated codes.
    pub tiebreaks: String,
    pub actual_play_first: bool,
    #[serde(deserialize_with = "required")]
    pub fide_edition: Option<u16>,
    pub sb_adjusted: bool,
    pub coin_allowed: bool,
    #[serde(deserialize_with = "required")]
    pub coin_seed: Option<i64>,
    /// Team events' scoring rules.
    #[serde(deserialize_with = "required")]
    pub team_rules: Option<TeamRules>,
    /// How the rounds are paired (V14). Always written; a document written
    /// before pairing settings existed has none and reads as `manual` (its
    /// rounds were paired in another program).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairing: Option<PairingSettings>,
    pub teams: Vec<Team>,
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
    #[serde(deserialize_with = "required")]
    pub affiliate_id: Option<String>,
    #[serde(deserialize_with = "required")]
    pub chief_td_id: Option<String>,
    #[serde(deserialize_with = "required")]
    pub assistant_td_id: Option<String>,
    #[serde(deserialize_with = "required")]
    pub city: Option<String>,
    #[serde(deserialize_with = "required")]
    pub state: Option<String>,
    #[serde(deserialize_with = "required")]
    pub zip: Option<String>,
    #[serde(deserialize_with = "required")]
    pub country: Option<String>,
    #[serde(deserialize_with = "required")]
    pub time_control: Option<String>,
    #[serde(deserialize_with = "required")]
    pub rating_system: Option<String>,
    #[serde(deserialize_with = "required")]
    pub chief_arbiter: Option<String>,
    #[serde(deserialize_with = "required")]
    pub deputy_arbiter: Option<String>,
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
    #[serde(deserialize_with = "required")]
    pub item: Option<String>,
    /// A special prize's winner, by pairing number.
    #[serde(deserialize_with = "required")]
    pub winner: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamRules {
    pub boards: u32,
    pub win_halves: u32,
    pub draw_halves: u32,
    pub loss_halves: u32,
    #[serde(deserialize_with = "required")]
    pub bye_match_halves: Option<u32>,
    #[serde(deserialize_with = "required")]
    pub bye_game_halves: Option<u32>,
    /// `match-points` or `game-points`.
    pub rank_by: String,
    pub usat_doubled: bool,
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
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Team {
    pub name: String,
    #[serde(deserialize_with = "required")]
    pub short_code: Option<String>,
    #[serde(deserialize_with = "required")]
    pub withdrawn_after: Option<u32>,
    /// Board order, alternates after the boards.
    pub roster: Vec<RosterPlace>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RosterPlace {
    pub board: u32,
    /// A `players[].key`.
    pub player: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    pub name: String,
    #[serde(deserialize_with = "required")]
    pub rating_min: Option<u32>,
    #[serde(deserialize_with = "required")]
    pub rating_max: Option<u32>,
    pub entries: Vec<Entry>,
    pub rounds: Vec<Round>,
    /// The prize list; absent only before version 3.
    #[serde(default)]
    pub prizes: Vec<Prize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub pairing_no: u32,
    /// A `players[].key`.
    pub player: u32,
    /// Rating at entry.
    #[serde(deserialize_with = "required")]
    pub rating: Option<u32>,
    /// The team's name, in team events.
    #[serde(deserialize_with = "required")]
    pub team: Option<String>,
    #[serde(deserialize_with = "required")]
    pub withdrawn_after: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    pub number: u32,
    #[serde(deserialize_with = "required")]
    pub date: Option<String>,
    pub team_matches: Vec<TeamMatch>,
    pub games: Vec<Game>,
    pub byes: Vec<Bye>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamMatch {
    pub team_a: String,
    /// `None`: team A's bye.
    #[serde(deserialize_with = "required")]
    pub team_b: Option<String>,
    #[serde(deserialize_with = "required")]
    pub points_a_halves: Option<u32>,
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

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    #[serde(deserialize_with = "required")]
    pub board: Option<u32>,
    /// Pairing numbers.
    pub white: u32,
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

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bye {
    /// Pairing number.
    pub player: u32,
    /// `full`, `half` or `zero`.
    pub kind: String,
    /// Asked for by the player (false: the pairing's full point).
    pub requested: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// The player's number within this document (from 1).
    pub key: u32,
    pub name: String,
    #[serde(deserialize_with = "required")]
    pub uscf_id: Option<String>,
    #[serde(deserialize_with = "required")]
    pub fide_id: Option<String>,
    #[serde(deserialize_with = "required")]
    pub rating: Option<u32>,
    #[serde(deserialize_with = "required")]
    pub fide_rating: Option<u32>,
    #[serde(deserialize_with = "required")]
    pub federation: Option<String>,
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

/// The document as pretty JSON with a final newline.
pub fn write(doc: &Document) -> String {
    let mut text = serde_json::to_string_pretty(doc).unwrap_or_default();
    text.push('\n');
    text
}
