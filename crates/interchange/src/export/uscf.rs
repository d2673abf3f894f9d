//! The US Chess rating report: the three dBase III files (`THEXPORT.DBF`,
//! the event; `TSEXPORT.DBF`, one record per section; `TDEXPORT.DBF`, one
//! record per player and ten rounds) that US Chess reads from pairing
//! programs, built from plain values. [`missing`] lists every field the
//! report needs and lacks, all at once, before anything is built.
//!
//! # Source, and what it leaves open
//! US Chess, "Appendix E1, TA and Edit File Structure" (the description of
//! the dBase III files for pairing-program writers, published with the
//! CFRATSYS documents:
//! georgejohn.bcentralhost.com/GeorgeJohn/Chess/USCF/Computer/Current/Appendix_E1_TA_files.htm).
//! What its text, as we could read it, establishes: the three files and
//! their names (`Thexport`, `Tsexport`, `Tdexport`, the same structures as
//! the rating system's `Tnmtevnt`, `Tnmtsect`, `Tnmtdetl`); that they are
//! dBase III tables (see [`super::dbase`]); that one file set may carry
//! several events, its records tied together by the event id. US Chess's
//! forum adds that the section number is two characters, right-aligned and
//! blank-filled, and gives the round codes below.
//!
//! The field tables of the appendix were not in the copy we could read
//! (only its opening is stored). The layout below is that appendix's
//! original (1991) structure as two independent report writers spell it
//! out field by field (the Vega pairing program's US Chess report, and a
//! later program that agrees with it on every field but one name): names,
//! types, widths and order. US Chess's rating office said on its forum
//! (2011) that its upload reads this original structure as well as its
//! 2008 revision (which adds colours and time controls, and is not written
//! here). Check the first real upload of a league against the rating
//! office's validation before relying on it.
//!
//! - `THEXPORT.DBF`, one record: `H_EVENT_ID` C9 (blank: US Chess assigns
//!   it), `H_NAME` C35, `H_TOT_SECT` N2, `H_BEG_DATE` D, `H_END_DATE` D,
//!   `H_RCV_DATE` D and `H_ENT_DATE` D (blank: the rating office's dates
//!   received and entered), `H_AFF_ID` C8, `H_CITY` C21, `H_STATE` C2,
//!   `H_ZIPCODE` C10, `H_COUNTRY` C21, `H_SENDCROS` C1 (who gets the
//!   crosstables: `T` the chief TD, `A` the affiliate, `N` nobody),
//!   `H_SCHOLAST` C1 (`Y` scholastic, `N` not), `H_SECREC01` N7 (the
//!   number of the event's first record in `TSEXPORT.DBF`: 1).
//! - `TSEXPORT.DBF`, one record per section: `S_EVENT_ID` C9, `S_SEC_NUM`
//!   C2 (right-aligned), `S_SEC_NAME` C10, `S_K_FACTOR` C1 (`F` full, `Q`
//!   quick), `S_R_SYSTEM` C1 (`R` regular, `Q` quick, `D` dual),
//!   `S_CTD_ID` C8, `S_ATD_ID` C8, `S_TRN_TYPE` C1 (`S` Swiss, `R` round
//!   robin), `S_TOT_RNDS` N2, `S_LST_PAIR` N4 (the highest pairing
//!   number), `S_DTLREC01` N7 (the number of the section's first record in
//!   `TDEXPORT.DBF`), `S_OPER` C2 (`XX`: reported on disk) and `S_STATUS`
//!   C1 (`#`).
//! - `TDEXPORT.DBF`, one record per player and ten rounds: `D_EVENT_ID`
//!   C9, `D_SEC_NUM` C2 (right-aligned), `D_PAIR_NUM` C4 (right-aligned),
//!   `D_REC_SEQ` C1 (`1` for rounds 1-10, `2` for 11-20, ...), `D_MEM_ID`
//!   C8, `D_RND01`..`D_RND10` C5.
//!
//! A round is its code and a number right-aligned in four characters: `W`
//! won, `L` lost, `D` drew, each with the opponent's pairing number (`W
//! 12`); `X` won by forfeit, `F` lost by forfeit (both players of a double
//! forfeit), `B` full-point bye, `H` half-point bye, `U` not played (a
//! zero-point bye, a round missed, every round after a withdrawal), each
//! with 0 for the opponent (`X   0`: US Chess does not rate a forfeit, and
//! its forum asks for no opponent there). A column past the section's last
//! round is `    0`.
//!
//! What is open, and the choice made:
//! - the K factor's codes: `F` for regular and dual rated sections, `Q` for
//!   quick rated ones (the writers agree only on `F` as the usual value);
//! - `S_TOT_RNDS` of a round robin: one transcription asks for the number
//!   of players there; we write the number of rounds, as for a Swiss;
//! - the name of the section's operator field: `S_OPER` (Vega) rather
//!   than `S_OPERATOR` (the later program);
//! - numbers kept in character fields (section and pairing numbers) are
//!   right-aligned, as US Chess's forum says of the section number.
//!
//! The file date is the event's last day, so one event always gives the
//! same bytes.

use crate::domain::league::EventDetails;
use crate::domain::record::{ByeKind, Outcome};
use crate::interchange::dbase::{Field, Kind, Table};

/// The event as the report needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The event's name (`H_NAME`, at most 35 characters).
    pub name: String,
    /// First day, `YYYY-MM-DD` (`H_BEG_DATE`).
    pub start_date: Option<String>,
    /// Last day, `YYYY-MM-DD` (`H_END_DATE`).
    pub end_date: Option<String>,
    /// The event's details, the league's defaults already filled in where
    /// the event has none.
    pub details: EventDetails,
    /// Who gets the crosstables (`H_SENDCROS`): the league's
    /// `report.crosstables` setting.
    pub crosstables: Option<Crosstables>,
    /// Whether the event is scholastic (`H_SCHOLAST`): the league's
    /// `report.scholastic` setting.
    pub scholastic: Option<bool>,
    /// The sections, one `TSEXPORT.DBF` record each, numbered in this
    /// order.
    pub sections: Vec<Section>,
}

/// Who US Chess sends the crosstables to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Crosstables {
    /// The chief TD (`T`).
    Td,
    /// The affiliate (`A`).
    Affiliate,
    /// Nobody (`N`).
    None,
}

impl Crosstables {
    /// The word the settings use: td, affiliate, none.
    pub fn word(self) -> &'static str {
        match self {
            Crosstables::Td => "td",
            Crosstables::Affiliate => "affiliate",
            Crosstables::None => "none",
        }
    }

    /// From its word.
    pub fn parse(word: &str) -> Option<Crosstables> {
        match word.trim().to_ascii_lowercase().as_str() {
            "td" => Some(Crosstables::Td),
            "affiliate" => Some(Crosstables::Affiliate),
            "none" => Some(Crosstables::None),
            _ => None,
        }
    }

    fn code(self) -> &'static str {
        match self {
            Crosstables::Td => "T",
            Crosstables::Affiliate => "A",
            Crosstables::None => "N",
        }
    }
}

/// One section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The section's name (`S_SEC_NAME`, at most 10 characters).
    pub name: String,
    /// A round robin (`S_TRN_TYPE` `R`) rather than a Swiss (`S`).
    pub round_robin: bool,
    /// The event's planned rounds (`S_TOT_RNDS`).
    pub rounds: u32,
    /// The players, by pairing number.
    pub players: Vec<Player>,
    /// Games paired but without a result, as (round, pairing number).
    pub pending: Vec<(u32, u32)>,
}

/// One player of a section, round by round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The pairing number (`D_PAIR_NUM`), which the rounds' opponents
    /// refer to.
    pub pairing_no: u32,
    /// The name, for the errors that name a player (a missing id).
    pub name: String,
    /// US Chess id (`D_MEM_ID`): required of every player by the report.
    pub uscf_id: Option<String>,
    /// (outcome, opponent's pairing number), one per round.
    pub rounds: Vec<(Outcome, Option<u32>)>,
}

/// The three files: (file name, table).
pub type Files = Vec<(&'static str, Table)>;

/// The widest text each field holds, for the fields a secretary types.
const NAME_WIDTH: usize = 35;
const SECTION_WIDTH: usize = 10;
const CITY_WIDTH: usize = 21;
const ZIP_WIDTH: usize = 10;
const ID_WIDTH: usize = 8;

/// Where a detail is given: for the event, or once for every event.
fn both_places(option: &str, setting: &str, example: &str) -> String {
    format!(
        "league event edit --{option} {example}, or for every event: league settings set report.{setting} {example}"
    )
}

/// Everything the report needs and lacks, in words: empty when it can be
/// written.
pub fn missing(e: &Event) -> Vec<String> {
    let d = &e.details;
    let mut out = Vec::new();
    let need = |v: &Option<String>,
                what: &str,
                option: &str,
                example: &str,
                width: usize,
                out: &mut Vec<String>| {
        match v {
            None => out.push(format!(
                "the event's {what} ({})",
                both_places(option, option, example)
            )),
            Some(v) if v.len() > width || !v.is_ascii() => out.push(format!(
                "the event's {what} \"{v}\" in at most {width} plain letters and digits ({})",
                both_places(option, option, example)
            )),
            Some(_) => {}
        }
    };
    need(
        &d.affiliate_id,
        "US Chess affiliate id",
        "affiliate-id",
        "A6000000",
        ID_WIDTH,
        &mut out,
    );
    need(
        &d.chief_td_id,
        "chief TD's US Chess id",
        "chief-td-id",
        "ID",
        ID_WIDTH,
        &mut out,
    );
    if let Some(a) = d.assistant_td_id.as_ref().filter(|a| a.len() > ID_WIDTH) {
        out.push(format!(
            "the assistant TD's US Chess id \"{a}\" in at most {ID_WIDTH} characters ({})",
            both_places("assistant-td-id", "assistant-td-id", "ID")
        ));
    }
    need(&d.city, "city", "city", "CITY", CITY_WIDTH, &mut out);
    need(&d.state, "state", "state", "OH", 2, &mut out);
    need(&d.zip, "zip code", "zip", "ZIP", ZIP_WIDTH, &mut out);
    need(&d.country, "country", "country", "USA", 3, &mut out);
    need(
        &d.rating_system,
        "rating system",
        "rating-system",
        "regular",
        7,
        &mut out,
    );
    if e.start_date.is_none() {
        out.push("the event's first day (league event edit --start YYYY-MM-DD)".into());
    }
    if e.end_date.is_none() {
        out.push("the event's last day (league event edit --end YYYY-MM-DD)".into());
    }
    if e.crosstables.is_none() {
        out.push(
            "who US Chess sends the crosstables to (league settings set report.crosstables td|affiliate|none)"
                .into(),
        );
    }
    if e.scholastic.is_none() {
        out.push(
            "whether the league's events are scholastic (league settings set report.scholastic yes|no)"
                .into(),
        );
    }
    if e.name.len() > NAME_WIDTH || !e.name.is_ascii() {
        out.push(format!(
            "the event's name \"{}\" in at most {NAME_WIDTH} plain letters and digits (league event edit --name)",
            e.name
        ));
    }
    missing_in_sections(e, &mut out);
    out
}

/// What the report lacks in the sections: their names, the players' US
/// Chess ids, rounds not yet played and results still to come.
fn missing_in_sections(e: &Event, out: &mut Vec<String>) {
    if e.sections.is_empty() {
        out.push("a section with players".into());
    }
    for s in &e.sections {
        if s.name.len() > SECTION_WIDTH || !s.name.is_ascii() {
            out.push(format!(
                "section {}'s name in at most {SECTION_WIDTH} plain letters and digits (league section edit \"{}\" --event \"{}\" --name NEW)",
                s.name, s.name, e.name
            ));
        }
        for p in &s.players {
            match &p.uscf_id {
                None => out.push(format!(
                    "{}'s US Chess id (section {}, #{}; league player edit \"{}\" --uscf-id ID)",
                    p.name, s.name, p.pairing_no, p.name
                )),
                Some(id) if id.len() > ID_WIDTH || !id.is_ascii() => out.push(format!(
                    "{}'s US Chess id \"{id}\" in at most {ID_WIDTH} digits (section {}, #{})",
                    p.name, s.name, p.pairing_no
                )),
                Some(_) => {}
            }
        }
        let rounds_in = s.players.first().map_or(0, |p| p.rounds.len()) as u32;
        if rounds_in < s.rounds {
            out.push(format!(
                "rounds {} to {} of section {} (the report is sent when the event has ended)",
                rounds_in + 1,
                s.rounds,
                s.name
            ));
        }
        for &(round, no) in &s.pending {
            out.push(format!(
                "the result of #{no}'s game in round {round} of section {}",
                s.name
            ));
        }
    }
}

fn date(d: &Option<String>) -> String {
    d.as_deref().map(|d| d.replace('-', "")).unwrap_or_default()
}

/// A round as the report writes it: the code, then the opponent's pairing
/// number (0 when the round had no game) right-aligned in four.
pub fn round_code(outcome: Outcome, opponent: Option<u32>) -> String {
    let (code, played) = match outcome {
        Outcome::Win => ('W', true),
        Outcome::Loss => ('L', true),
        Outcome::Draw => ('D', true),
        Outcome::ForfeitWin => ('X', false),
        Outcome::ForfeitLoss | Outcome::DoubleForfeit => ('F', false),
        Outcome::Bye {
            kind: ByeKind::Full,
            ..
        } => ('B', false),
        Outcome::Bye {
            kind: ByeKind::Half,
            ..
        } => ('H', false),
        Outcome::Bye {
            kind: ByeKind::Zero,
            ..
        }
        | Outcome::Absent => ('U', false),
    };
    let number = if played { opponent.unwrap_or(0) } else { 0 };
    format!("{code}{number:>4}")
}

/// A round column past the section's last round.
pub const NO_ROUND: &str = "    0";

fn file_date(e: &Event) -> (u16, u8, u8) {
    let d = e
        .end_date
        .as_deref()
        .or(e.start_date.as_deref())
        .unwrap_or("1980-01-01");
    let mut parts = d.split('-').map(|p| p.parse::<u16>().unwrap_or(1));
    (
        parts.next().unwrap_or(1980),
        parts.next().unwrap_or(1) as u8,
        parts.next().unwrap_or(1) as u8,
    )
}

/// Build the three tables. Call [`missing`] first; values that do not fit
/// their fields are refused by [`super::dbase::write`].
pub fn build(e: &Event) -> Files {
    let date_of = file_date(e);
    let (sections, details) = section_tables(e, date_of);
    vec![
        ("THEXPORT.DBF", header_table(e, date_of)),
        ("TSEXPORT.DBF", sections),
        ("TDEXPORT.DBF", details),
    ]
}

/// A character field `w` wide.
fn chars_field(name: &str, w: u8) -> Field {
    Field::new(name, Kind::Character, w)
}

/// A numeric field `w` wide.
fn number_field(name: &str, w: u8) -> Field {
    Field::new(name, Kind::Numeric, w)
}

/// A detail as written: empty when not given.
fn text(v: &Option<String>) -> String {
    v.clone().unwrap_or_default()
}

/// THEXPORT: the event's one header record.
fn header_table(e: &Event, date_of: (u16, u8, u8)) -> Table {
    let d = &e.details;
    let (c, n) = (chars_field, number_field);
    let dt = |n: &str| Field::new(n, Kind::Date, 8);
    Table {
        date: date_of,
        fields: vec![
            c("H_EVENT_ID", 9),
            c("H_NAME", 35),
            n("H_TOT_SECT", 2),
            dt("H_BEG_DATE"),
            dt("H_END_DATE"),
            dt("H_RCV_DATE"),
            dt("H_ENT_DATE"),
            c("H_AFF_ID", 8),
            c("H_CITY", 21),
            c("H_STATE", 2),
            c("H_ZIPCODE", 10),
            c("H_COUNTRY", 21),
            c("H_SENDCROS", 1),
            c("H_SCHOLAST", 1),
            n("H_SECREC01", 7),
        ],
        records: vec![vec![
            String::new(),
            e.name.clone(),
            e.sections.len().to_string(),
            date(&e.start_date),
            date(&e.end_date),
            String::new(),
            String::new(),
            text(&d.affiliate_id),
            text(&d.city),
            text(&d.state),
            text(&d.zip),
            text(&d.country),
            e.crosstables.unwrap_or(Crosstables::None).code().into(),
            if e.scholastic == Some(true) { "Y" } else { "N" }.into(),
            "1".into(),
        ]],
    }
}

/// TSEXPORT and TDEXPORT: a record per section, and per player ten
/// rounds to a record.
fn section_tables(e: &Event, date_of: (u16, u8, u8)) -> (Table, Table) {
    let d = &e.details;
    let (c, n) = (chars_field, number_field);
    let (system, k_factor) = match d.rating_system.as_deref() {
        Some("quick") => ("Q", "Q"),
        Some("dual") => ("D", "F"),
        _ => ("R", "F"),
    };
    let mut sections = Table {
        date: date_of,
        fields: vec![
            c("S_EVENT_ID", 9),
            c("S_SEC_NUM", 2),
            c("S_SEC_NAME", 10),
            c("S_K_FACTOR", 1),
            c("S_R_SYSTEM", 1),
            c("S_CTD_ID", 8),
            c("S_ATD_ID", 8),
            c("S_TRN_TYPE", 1),
            n("S_TOT_RNDS", 2),
            n("S_LST_PAIR", 4),
            n("S_DTLREC01", 7),
            c("S_OPER", 2),
            c("S_STATUS", 1),
        ],
        records: vec![],
    };
    let mut fields = vec![
        c("D_EVENT_ID", 9),
        c("D_SEC_NUM", 2),
        c("D_PAIR_NUM", 4),
        c("D_REC_SEQ", 1),
        c("D_MEM_ID", 8),
    ];
    for r in 1..=10 {
        fields.push(c(&format!("D_RND{r:02}"), 5));
    }
    let mut details = Table {
        date: date_of,
        fields,
        records: vec![],
    };
    for (k, sec) in e.sections.iter().enumerate() {
        let num = format!("{:>2}", k + 1);
        sections.records.push(vec![
            String::new(),
            num.clone(),
            sec.name.clone(),
            k_factor.into(),
            system.into(),
            text(&d.chief_td_id),
            text(&d.assistant_td_id),
            if sec.round_robin { "R" } else { "S" }.into(),
            sec.rounds.to_string(),
            sec.players
                .iter()
                .map(|p| p.pairing_no)
                .max()
                .unwrap_or(0)
                .to_string(),
            (details.records.len() + 1).to_string(),
            "XX".into(),
            "#".into(),
        ]);
        for p in &sec.players {
            let chunks = p.rounds.len().div_ceil(10).max(1);
            for seq in 0..chunks {
                let mut rec = vec![
                    String::new(),
                    num.clone(),
                    format!("{:>4}", p.pairing_no),
                    (seq + 1).to_string(),
                    text(&p.uscf_id),
                ];
                for r in 0..10 {
                    rec.push(match p.rounds.get(seq * 10 + r) {
                        Some(&(o, opp)) => round_code(o, opp),
                        None => NO_ROUND.to_string(),
                    });
                }
                details.records.push(rec);
            }
        }
    }
    (sections, details)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_codes_name_the_result_and_the_opponent() {
        assert_eq!(round_code(Outcome::Win, Some(12)), "W  12");
        assert_eq!(round_code(Outcome::Draw, Some(1234)), "D1234");
        // No opponent for a round without a game, forfeits included.
        assert_eq!(round_code(Outcome::ForfeitWin, Some(3)), "X   0");
        assert_eq!(round_code(Outcome::DoubleForfeit, Some(3)), "F   0");
        assert_eq!(
            round_code(
                Outcome::Bye {
                    kind: ByeKind::Half,
                    requested: true
                },
                None
            ),
            "H   0"
        );
        assert_eq!(
            round_code(
                Outcome::Bye {
                    kind: ByeKind::Full,
                    requested: false
                },
                None
            ),
            "B   0"
        );
        assert_eq!(round_code(Outcome::Absent, None), "U   0");
    }

    fn event(rounds: usize) -> Event {
        Event {
            name: "Open".into(),
            start_date: Some("2024-01-06".into()),
            end_date: Some("2024-03-02".into()),
            details: EventDetails::default(),
            crosstables: Some(Crosstables::Affiliate),
            scholastic: Some(false),
            sections: vec![Section {
                name: "A".into(),
                round_robin: false,
                rounds: rounds as u32,
                pending: vec![],
                players: (1..=2)
                    .map(|no| Player {
                        pairing_no: no,
                        name: format!("P{no}"),
                        uscf_id: Some(format!("1000000{no}")),
                        rounds: (0..rounds)
                            .map(|_| {
                                if no == 1 {
                                    (Outcome::Win, Some(2))
                                } else {
                                    (Outcome::Loss, Some(1))
                                }
                            })
                            .collect(),
                    })
                    .collect(),
            }],
        }
    }

    /// Twelve rounds take two records a player (`D_REC_SEQ` 1 and 2), the
    /// second padded past round 12; the section points at its first record.
    #[test]
    fn rounds_past_ten_go_on_a_second_record() {
        let files = build(&event(12));
        let d = &files[2].1;
        assert_eq!(d.records.len(), 4);
        assert_eq!(d.records[1][2], "   1");
        assert_eq!(d.records[1][3], "2");
        assert_eq!(d.records[1][5], "W   2");
        assert_eq!(d.records[1][6], "W   2");
        assert!(d.records[1][7..].iter().all(|v| v == NO_ROUND));
        assert_eq!(d.records[2][4], "10000002");
        let s = &files[1].1;
        assert_eq!(s.records[0][10], "1");
        assert_eq!(files[0].1.records[0][12], "A");
    }

    #[test]
    fn missing_names_both_places_and_too_long_values() {
        let mut e = event(3);
        e.details.city = Some("A city whose name runs on".into());
        e.crosstables = None;
        e.sections[0].name = "Under 1600 Reserve".into();
        let m = missing(&e).join("\n");
        assert!(
            m.contains("the event's US Chess affiliate id (league event edit --affiliate-id A6000000, or for every event: league settings set report.affiliate-id A6000000)"),
            "{m}"
        );
        assert!(
            m.contains("the event's city \"A city whose name runs on\" in at most 21"),
            "{m}"
        );
        assert!(
            m.contains("league settings set report.crosstables td|affiliate|none"),
            "{m}"
        );
        assert!(
            m.contains("section Under 1600 Reserve's name in at most 10"),
            "{m}"
        );
        assert!(!m.contains("scholastic"), "{m}");
    }
}
