//! The league's records as plain values: seasons, events, sections, players
//! and entries, as the store reads them and the commands and pages use them.

use std::fmt;
use std::str::FromStr;

use super::ids::{EntryId, EventId, PlayerId, SeasonId, SectionId, TeamId};
use super::tiebreak::{FideEdition, Options, Order};

/// How an event is run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    /// An individual Swiss: paired round by round on scores.
    Swiss,
    /// An individual round robin: everyone meets everyone on a fixed
    /// schedule.
    RoundRobin,
    /// A team Swiss: teams paired round by round, games on boards.
    TeamSwiss,
    /// A team round robin: every team meets every other.
    TeamRoundRobin,
}

/// Why the sections given for a new event cannot be used: the rule in
/// words, naming no option (a front end adds that).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SectionNamesProblem {
    /// The list of section names was empty.
    #[error("the list of sections names no section")]
    NoneNamed,
    /// Several sections for a team event.
    #[error("a team event has one section (its teams are its divisions); add another team event for another division")]
    TeamHasOne,
}

impl EventKind {
    /// The sections a new event of this kind gets from `--sections`
    /// ("1600+,U1600": names separated by commas, blanks dropped), or one
    /// section "Open" when none is given. A team event has exactly one
    /// section: its teams are its divisions (our choice: another division is
    /// another team event, so each has its own pairings and standings).
    pub fn section_names(self, given: Option<&str>) -> Result<Vec<String>, SectionNamesProblem> {
        let names: Vec<String> = match given {
            Some(text) => text
                .split(',')
                .map(|x| x.trim().to_string())
                .filter(|x| !x.is_empty())
                .collect(),
            None => vec!["Open".to_string()],
        };
        if names.is_empty() {
            return Err(SectionNamesProblem::NoneNamed);
        }
        if self.is_team() && names.len() > 1 {
            return Err(SectionNamesProblem::TeamHasOne);
        }
        Ok(names)
    }

    /// Every kind, in the order help and errors list them.
    pub const ALL: [EventKind; 4] = [
        EventKind::Swiss,
        EventKind::RoundRobin,
        EventKind::TeamSwiss,
        EventKind::TeamRoundRobin,
    ];

    /// The stored and typed form: swiss, round-robin, team-swiss,
    /// team-round-robin.
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Swiss => "swiss",
            EventKind::RoundRobin => "round-robin",
            EventKind::TeamSwiss => "team-swiss",
            EventKind::TeamRoundRobin => "team-round-robin",
        }
    }

    /// Whether teams play it (matches of boards, not single games).
    pub fn is_team(self) -> bool {
        matches!(self, EventKind::TeamSwiss | EventKind::TeamRoundRobin)
    }

    /// Whether its rounds follow a fixed schedule (FIDE counts forfeits
    /// and Buchholz differently there).
    pub fn is_round_robin(self) -> bool {
        matches!(self, EventKind::RoundRobin | EventKind::TeamRoundRobin)
    }

    /// The tiebreak preset an event of this kind gets unless told otherwise.
    pub fn default_tiebreaks(self) -> &'static str {
        match self {
            EventKind::Swiss => "uscf-swiss",
            EventKind::RoundRobin => "uscf-round-robin",
            EventKind::TeamSwiss | EventKind::TeamRoundRobin => "usat-team",
        }
    }

    /// Words for pages and listings: "Swiss", "round robin".
    pub fn label(self) -> &'static str {
        match self {
            EventKind::Swiss => "Swiss",
            EventKind::RoundRobin => "round robin",
            EventKind::TeamSwiss => "team Swiss",
            EventKind::TeamRoundRobin => "team round robin",
        }
    }
}

impl fmt::Display for EventKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for EventKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let norm = s.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        EventKind::ALL
            .into_iter()
            .find(|k| k.as_str() == norm || (norm == "rr" && *k == EventKind::RoundRobin))
            .ok_or_else(|| format!("event kind \"{s}\" is not one of swiss, round-robin, team-swiss, team-round-robin"))
    }
}

/// A season: the league's unit of a year's events ("2024-25").
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Season {
    /// Its row in the league file.
    pub id: SeasonId,
    /// Its name, unique in the league ("2024-25").
    pub name: String,
    /// First day (ISO `YYYY-MM-DD`), if known.
    pub start_date: Option<String>,
    /// Last day (ISO `YYYY-MM-DD`), if known.
    pub end_date: Option<String>,
}

/// An event of a season (a Swiss, a round robin, a team event) with the
/// settings that decide its pairings and standings.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Event {
    /// Its row in the league file.
    pub id: EventId,
    /// The season it belongs to.
    pub season_id: SeasonId,
    /// That season's name, for messages and pages.
    pub season: String,
    /// Its name, unique in the season.
    pub name: String,
    /// How it is run.
    pub kind: EventKind,
    /// Planned number of rounds.
    pub rounds: u32,
    /// First day (ISO `YYYY-MM-DD`), if known; it picks the FIDE edition
    /// unless one is chosen.
    pub start_date: Option<String>,
    /// Last day (ISO `YYYY-MM-DD`), if known.
    pub end_date: Option<String>,
    /// Tiebreak order as stored: a preset name or comma-separated codes.
    pub tiebreaks: String,
    /// Whether games actually played rank before every tiebreak (a
    /// US Chess option some organisers choose).
    pub actual_play_first: bool,
    /// Chosen FIDE edition; `None` follows the start date.
    pub fide_edition: Option<u16>,
    /// Whether US Chess Solkoff/Sonneborn-Berger use adjusted scores for
    /// unplayed games (US Chess rule 34E's option).
    pub sb_adjusted: bool,
    /// Whether a tie left after every tiebreak may be split by a seeded
    /// coin toss (otherwise the players share the place).
    pub coin_allowed: bool,
    /// The coin toss's seed, kept so the same standings come out every
    /// time.
    pub coin_seed: Option<i64>,
    /// Which rating the event goes by: the one its entries take.
    #[serde(default)]
    pub rating_basis: RatingBasis,
}

/// Which of a player's ratings an event goes by. An entry takes this
/// rating at entry, and everything in the event that uses a rating reads
/// the entry's: pairing numbers, the standings' rating column, ARO/TPR-style
/// tiebreaks, rating bands and classes, the round sheet. A player without a
/// rating of this kind is unrated in the event.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RatingBasis {
    /// The FIDE rating (`player --fide-rating`).
    Fide,
    /// The US Chess rating (`player --rating`).
    #[default]
    Uscf,
    /// A national federation's rating, kept as the player's `--rating`.
    National,
    /// The club's own rating, kept as the player's `--rating`.
    Club,
}

impl RatingBasis {
    /// Every basis, in the order help lists them.
    pub const ALL: [RatingBasis; 4] = [
        RatingBasis::Fide,
        RatingBasis::Uscf,
        RatingBasis::National,
        RatingBasis::Club,
    ];

    /// The stored and typed form: fide, uscf, national, club.
    pub fn as_str(self) -> &'static str {
        match self {
            RatingBasis::Fide => "fide",
            RatingBasis::Uscf => "uscf",
            RatingBasis::National => "national",
            RatingBasis::Club => "club",
        }
    }

    /// Read the typed or stored form.
    pub fn parse(text: &str) -> Option<RatingBasis> {
        let t = text.trim().to_ascii_lowercase();
        RatingBasis::ALL
            .into_iter()
            .find(|b| b.as_str() == t || (t == "us-chess" && *b == RatingBasis::Uscf))
    }

    /// For people: "FIDE", "US Chess", "national", "club".
    pub fn label(self) -> &'static str {
        match self {
            RatingBasis::Fide => "FIDE",
            RatingBasis::Uscf => "US Chess",
            RatingBasis::National => "national",
            RatingBasis::Club => "club",
        }
    }

    /// The player's rating of this kind, from their US Chess (or national,
    /// or club: the one kept as `--rating`) and FIDE ratings.
    pub fn of(self, rating: Option<u32>, fide_rating: Option<u32>) -> Option<u32> {
        match self {
            RatingBasis::Fide => fide_rating,
            RatingBasis::Uscf | RatingBasis::National | RatingBasis::Club => rating,
        }
    }

    /// The basis an event gets when none is given: FIDE for an event
    /// ranked by FIDE tiebreaks or paired by the FIDE Dutch system (an
    /// individual event; a team Swiss pairs teams, not ratings), US Chess
    /// otherwise (the US Chess Swiss and tiebreaks, the default).
    pub fn default_for(kind: EventKind, fide_tiebreaks: bool, dutch: bool) -> RatingBasis {
        if fide_tiebreaks || (dutch && !kind.is_team()) {
            RatingBasis::Fide
        } else {
            RatingBasis::Uscf
        }
    }
}

/// A command refused because the event is of the wrong kind: team
/// commands on an individual event, or individual games and byes on a team
/// event (whose games are the boards of its matches). The text states the
/// facts; a front end says what to do instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WrongKind {
    /// Individual games or byes asked of a team event.
    TeamEvent {
        /// The event's name.
        event: String,
    },
    /// Teams or matches asked of an event that is not a team event.
    NotTeamEvent {
        /// The event's name.
        event: String,
        /// Its kind, in words ("Swiss").
        kind: String,
    },
}

impl std::fmt::Display for WrongKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WrongKind::TeamEvent { event } => write!(f, "{event} is a team event"),
            WrongKind::NotTeamEvent { event, kind } => write!(
                f,
                "{event} is a {kind} event, not a team event; teams and matches belong to team events"
            ),
        }
    }
}

impl std::error::Error for WrongKind {}

impl Event {
    /// Refuse a team event where individual games or byes are meant.
    pub fn need_individual(&self) -> Result<(), WrongKind> {
        if self.kind.is_team() {
            return Err(WrongKind::TeamEvent {
                event: self.name.clone(),
            });
        }
        Ok(())
    }

    /// Refuse anything but a team event (teams, rosters, matches).
    pub fn need_team(&self) -> Result<(), WrongKind> {
        if !self.kind.is_team() {
            return Err(WrongKind::NotTeamEvent {
                event: self.name.clone(),
                kind: self.kind.label().to_string(),
            });
        }
        Ok(())
    }

    /// The event's tiebreak order (the stored text was validated on entry).
    pub fn order(&self) -> Result<Order, super::tiebreak::UnknownCode> {
        let mut order = Order::parse(&self.tiebreaks)?;
        order.actual_play_first |= self.actual_play_first;
        Ok(order)
    }

    /// The FIDE edition in force: the event's choice, else by start date.
    pub fn edition(&self) -> FideEdition {
        match self.fide_edition {
            Some(2009) => FideEdition::E2009,
            Some(2024) => FideEdition::E2024,
            Some(2026) => FideEdition::E2026,
            _ => FideEdition::for_start_date(self.start_date.as_deref()),
        }
    }

    /// Tiebreak options for this event.
    pub fn options(&self) -> Options {
        Options {
            fide_edition: self.edition(),
            uscf_sb_adjusted: self.sb_adjusted,
            coin_seed: if self.coin_allowed {
                self.coin_seed.map(|s| s as u64)
            } else {
                None
            },
        }
    }

    /// "Oct 4 – Nov 8, 2022"-style range, or the single date, or "".
    pub fn dates(&self) -> String {
        match (&self.start_date, &self.end_date) {
            (Some(s), Some(e)) if s != e => format!("{s} to {e}"),
            (Some(s), _) => s.clone(),
            (None, Some(e)) => e.clone(),
            (None, None) => String::new(),
        }
    }
}

/// A section of an event (one group of players paired and ranked apart:
/// "Open", "U1600"); a team event has one.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Section {
    /// Its row in the league file.
    pub id: SectionId,
    /// The event it belongs to.
    pub event_id: EventId,
    /// Its name, unique in the event.
    pub name: String,
    /// The lowest rating allowed in, if the section has a band.
    pub rating_min: Option<u32>,
    /// The highest rating allowed in, if the section has a band.
    pub rating_max: Option<u32>,
}

/// A person in the league, across every season and event.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Player {
    /// Their row in the league file.
    pub id: PlayerId,
    /// Their name as the secretary wrote it.
    pub name: String,
    /// US Chess member ID, if known.
    pub uscf_id: Option<String>,
    /// FIDE ID, if known.
    pub fide_id: Option<String>,
    /// Their current US Chess (or national, or club) rating.
    pub rating: Option<u32>,
    /// Their current FIDE rating.
    pub fide_rating: Option<u32>,
    /// Federation code ("USA", "ENG"), if known.
    pub federation: Option<String>,
    /// Chess title ("GM", "WFM"), if any.
    pub title: Option<String>,
}

/// A player entered in a section.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Entry {
    /// Its row in the league file.
    pub id: EntryId,
    /// The section entered.
    pub section_id: SectionId,
    /// The player entered.
    pub player_id: PlayerId,
    /// The player's name, for messages and pages.
    pub name: String,
    /// The player's pairing (start) number in the section.
    pub pairing_no: u32,
    /// The rating taken at entry, of the event's rating basis: what the
    /// event's pairings and tiebreaks read.
    pub rating: Option<u32>,
    /// The team played for, in a team event.
    pub team_id: Option<TeamId>,
    /// The last round before withdrawing, if withdrawn: later rounds are
    /// not paired.
    pub withdrawn_after: Option<u32>,
}

impl Section {
    /// Why a player rated `rating` is outside this section's band, if they
    /// are ("above U1600's band (up to 1599)"). Unrated players fit
    /// any band, as US Chess sections usually allow.
    pub fn outside_band(&self, rating: Option<u32>) -> Option<String> {
        let r = rating?;
        match (self.rating_min, self.rating_max) {
            (Some(min), _) if r < min => Some(format!("below {}'s band ({min} and up)", self.name)),
            (_, Some(max)) if r > max => Some(format!("above {}'s band (up to {max})", self.name)),
            _ => None,
        }
    }
}

/// The rating band a section's name states, as (lowest, highest) rating
/// allowed, both inclusive: "U1600" and "Under 1600" → (none, 1599),
/// "1600+" → (1600, none), "1400-1599" → (1400, 1599). Any other name
/// ("Open", "Championship") states no band. Secretaries name sections this
/// way, and a band they stated is one they expect to be kept.
pub fn band_from_name(name: &str) -> (Option<u32>, Option<u32>) {
    let t = name.trim().to_ascii_lowercase();
    let number = |s: &str| -> Option<u32> {
        let s = s.trim();
        (!s.is_empty() && s.len() <= 4 && s.chars().all(|c| c.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    if let Some(n) = t
        .strip_prefix("under")
        .or_else(|| t.strip_prefix('u'))
        .and_then(number)
    {
        return (None, n.checked_sub(1));
    }
    if let Some(n) = t.strip_suffix('+').and_then(number) {
        return (Some(n), None);
    }
    if let Some((a, b)) = t.split_once('-') {
        if let (Some(a), Some(b)) = (number(a), number(b)) {
            if a <= b {
                return (Some(a), Some(b));
            }
        }
    }
    (None, None)
}

#[cfg(test)]
mod band_tests {
    use super::band_from_name;

    #[test]
    fn a_section_name_states_its_band() {
        assert_eq!(band_from_name("U1600"), (None, Some(1599)));
        assert_eq!(band_from_name("under 1600"), (None, Some(1599)));
        assert_eq!(band_from_name("1600+"), (Some(1600), None));
        assert_eq!(band_from_name("1400-1599"), (Some(1400), Some(1599)));
        assert_eq!(band_from_name("Open"), (None, None));
        assert_eq!(band_from_name("U"), (None, None));
        assert_eq!(band_from_name("Under-18"), (None, None));
        assert_eq!(band_from_name("1800-1600"), (None, None));
    }
}

/// What the prize award and the rating reports need to know about an
/// event beyond its pairing and tiebreak rules (migration V15). Every
/// field but `prize_split` may be unknown; each report lists the ones it
/// needs and misses before it writes anything.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EventDetails {
    /// How tied players share cash prizes.
    #[serde(with = "split_text")]
    pub prize_split: super::prizes::Split,
    /// US Chess affiliate id of the organizer.
    pub affiliate_id: Option<String>,
    /// US Chess id of the chief tournament director.
    pub chief_td_id: Option<String>,
    /// US Chess id of the assistant tournament director.
    pub assistant_td_id: Option<String>,
    /// Where the event is played: the city.
    pub city: Option<String>,
    /// Two-letter state code (upper case).
    pub state: Option<String>,
    /// The zip (postal) code.
    pub zip: Option<String>,
    /// Three-letter country code, as FIDE writes federations (USA).
    pub country: Option<String>,
    /// As announced, e.g. "G/90;d5".
    pub time_control: Option<String>,
    /// US Chess rating system: regular, quick or dual.
    pub rating_system: Option<String>,
    /// Chief arbiter by name (TRF line 102).
    pub chief_arbiter: Option<String>,
    /// The deputy arbiter.
    pub deputy_arbiter: Option<String>,
    /// Where the event is played: the venue's name ("Riverside Hall").
    #[serde(default)]
    pub venue: Option<String>,
    /// Which federations rate the event, as stated: fide, uscf, both or
    /// none (see [`Rated`]); `None` when not stated.
    #[serde(default)]
    pub rated: Option<String>,
}

impl EventDetails {
    /// The optional fields in the order of the store's columns
    /// (`store::event_detail::FIELDS`, which names each).
    pub fn fields(&self) -> [&Option<String>; 13] {
        [
            &self.affiliate_id,
            &self.chief_td_id,
            &self.assistant_td_id,
            &self.city,
            &self.state,
            &self.zip,
            &self.country,
            &self.time_control,
            &self.rating_system,
            &self.chief_arbiter,
            &self.deputy_arbiter,
            &self.venue,
            &self.rated,
        ]
    }

    /// Which federations rate the event: as stated, else as before the
    /// event said so (a FIDE chief arbiter: FIDE; a US Chess rating system:
    /// US Chess), with whether it was stated.
    pub fn rated_by(&self) -> (Rated, bool) {
        if let Some(r) = self.rated.as_deref().and_then(Rated::parse) {
            return (r, true);
        }
        let r = match (self.chief_arbiter.is_some(), self.rating_system.is_some()) {
            (true, true) => Rated::Both,
            (true, false) => Rated::Fide,
            (false, true) => Rated::UsChess,
            (false, false) => Rated::None,
        };
        (r, false)
    }

    /// These details, each one the event lacks taken from `defaults`.
    pub fn filled_from(&self, defaults: &EventDetails) -> EventDetails {
        let mut out = self.clone();
        for (slot, d) in out.fields_mut().into_iter().zip(defaults.fields()) {
            if slot.is_none() {
                slot.clone_from(d);
            }
        }
        out
    }

    /// The optional fields, to fill, in the same order as [`Self::fields`].
    pub fn fields_mut(&mut self) -> [&mut Option<String>; 13] {
        [
            &mut self.affiliate_id,
            &mut self.chief_td_id,
            &mut self.assistant_td_id,
            &mut self.city,
            &mut self.state,
            &mut self.zip,
            &mut self.country,
            &mut self.time_control,
            &mut self.rating_system,
            &mut self.chief_arbiter,
            &mut self.deputy_arbiter,
            &mut self.venue,
            &mut self.rated,
        ]
    }
}

/// Which federations rate an event (migration V30's `event.rated`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rated {
    /// FIDE only.
    Fide,
    /// US Chess only.
    UsChess,
    /// FIDE and US Chess.
    Both,
    /// Not rated.
    None,
}

impl Rated {
    /// The stored word: fide, uscf, both, none.
    pub fn as_str(self) -> &'static str {
        match self {
            Rated::Fide => "fide",
            Rated::UsChess => "uscf",
            Rated::Both => "both",
            Rated::None => "none",
        }
    }

    /// From the stored word (any case); `None` for another word.
    pub fn parse(text: &str) -> Option<Rated> {
        Some(match text.trim().to_ascii_lowercase().as_str() {
            "fide" => Rated::Fide,
            "uscf" => Rated::UsChess,
            "both" => Rated::Both,
            "none" => Rated::None,
            _ => return None,
        })
    }

    /// Whether FIDE rates the event.
    pub fn fide(self) -> bool {
        matches!(self, Rated::Fide | Rated::Both)
    }

    /// Whether US Chess rates the event.
    pub fn us_chess(self) -> bool {
        matches!(self, Rated::UsChess | Rated::Both)
    }

    /// As a reader says it: "FIDE", "US Chess", "FIDE and US Chess", "not rated".
    pub fn words(self) -> &'static str {
        match self {
            Rated::Fide => "FIDE",
            Rated::UsChess => "US Chess",
            Rated::Both => "FIDE and US Chess",
            Rated::None => "not rated",
        }
    }
}

mod split_text {
    use crate::domain::prizes::Split;
    pub fn serialize<S: serde::Serializer>(s: &Split, ser: S) -> Result<S::Ok, S::Error> {
        ser.serialize_str(s.as_str())
    }
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Split, D::Error> {
        let t = <String as serde::Deserialize>::deserialize(d)?;
        t.parse().map_err(serde::de::Error::custom)
    }
}
