//! The US Chess rating report: the three dBase III files (`THEXPORT.DBF`,
//! the event; `TSEXPORT.DBF`, one record per section; `TDEXPORT.DBF`, one
//! record per player and ten rounds) that WinTD and SwissSys send to US
//! Chess, built from plain values. [`missing`] lists every field the
//! report needs and lacks, all at once, before anything is built.
//!
//! # What is verified and what is inferred
//! Verified (US Chess's "Appendix E1, TA and Edit File Structure", whose
//! opening we could read, and US Chess's forum on the upload format): the
//! three files and their names; that they are dBase III tables (see
//! [`super::dbase`]); that the section number is a two-character field,
//! right-aligned and blank-filled.
//!
//! Inferred (the appendix's field tables were not available to us; the
//! names below follow the `H_`/`S_`/`D_` pattern of the TA files as WinTD
//! and SwissSys users know them, and must be checked against a file US
//! Chess accepts before the first real upload):
//! - `THEXPORT.DBF`: `H_EVENT_ID` C8 (blank: US Chess assigns it),
//!   `H_NAME` C35, `H_TOT_SECT` N2, `H_BEG_DATE` D, `H_END_DATE` D,
//!   `H_AFF_ID` C8, `H_CITY` C21, `H_STATE` C2, `H_ZIPCODE` C10,
//!   `H_COUNTRY` C21, `H_CTD_ID` C8, `H_ATD_ID` C8;
//! - `TSEXPORT.DBF`: `S_EVENT_ID` C8, `S_SEC_NUM` C2, `S_SEC_NAME` C30,
//!   `S_R_SYSTEM` C1 (`R` regular, `Q` quick, `D` dual), `S_CTD_ID` C8,
//!   `S_ATD_ID` C8, `S_TRN_TYPE` C1 (`S` Swiss, `R` round robin),
//!   `S_TOT_RNDS` N2, `S_LST_PAIR` N4 (the highest pairing number),
//!   `S_BEG_DATE` D, `S_END_DATE` D, `S_TIME_CTL` C40;
//! - `TDEXPORT.DBF`: `D_EVENT_ID` C8, `D_SEC_NUM` C2, `D_PAIR_NUM` N4,
//!   `D_REC_SEQ` N2 (1 for rounds 1-10, 2 for 11-20, ...), `D_MEM_ID` C8,
//!   `D_NAME` C30 ("Last, First": the last word of the name is taken as
//!   the surname), `D_STATE` C2, `D_RND01`..`D_RND10` C5: the result code
//!   then the opponent's pairing number right-aligned in four characters.
//!
//! Result codes (the ones US Chess crosstables use): `W` won, `L` lost,
//! `D` drew, `X` won by forfeit, `F` lost by forfeit (also each side of a
//! double forfeit, with the opponent's number), `B` full-point bye, `H`
//! half-point bye, `U` zero-point bye or not played. A round after a
//! player withdrew is `U`.
//!
//! The file date is the event's last day, so one event always gives the
//! same bytes.

use super::dbase::{Field, Kind, Table};
use crate::domain::league::EventDetails;
use crate::domain::record::{ByeKind, Outcome};

/// The event as the report needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub name: String,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub details: EventDetails,
    pub sections: Vec<Section>,
}

/// One section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub round_robin: bool,
    pub rounds: u32,
    pub players: Vec<Player>,
    /// Games paired but without a result, as (round, pairing number).
    pub pending: Vec<(u32, u32)>,
}

/// One player of a section, round by round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub pairing_no: u32,
    pub name: String,
    pub uscf_id: Option<String>,
    pub state: Option<String>,
    /// (outcome, opponent's pairing number), one per round.
    pub rounds: Vec<(Outcome, Option<u32>)>,
}

/// The three files: (file name, table).
pub type Files = Vec<(&'static str, Table)>;

/// Everything the report needs and lacks, in words: empty when it can be
/// written.
pub fn missing(e: &Event) -> Vec<String> {
    let d = &e.details;
    let mut out = Vec::new();
    let need = |v: &Option<String>, what: &str, option: &str, out: &mut Vec<String>| {
        if v.is_none() {
            out.push(format!("the event's {what} (league event edit --{option})"));
        }
    };
    need(
        &d.affiliate_id,
        "US Chess affiliate id",
        "affiliate-id",
        &mut out,
    );
    need(
        &d.chief_td_id,
        "chief TD's US Chess id",
        "chief-td-id",
        &mut out,
    );
    need(&d.city, "city", "city", &mut out);
    need(&d.state, "state", "state", &mut out);
    need(&d.zip, "zip code", "zip", &mut out);
    need(&d.country, "country", "country", &mut out);
    need(&d.time_control, "time control", "time-control", &mut out);
    need(&d.rating_system, "rating system", "rating-system", &mut out);
    need(&e.start_date, "first day", "start", &mut out);
    need(&e.end_date, "last day", "end", &mut out);
    if e.sections.is_empty() {
        out.push("a section with players".into());
    }
    for s in &e.sections {
        for p in &s.players {
            if p.uscf_id.is_none() {
                out.push(format!(
                    "{}'s US Chess id (section {}, #{}; league player edit \"{}\" --uscf-id ID)",
                    p.name, s.name, p.pairing_no, p.name
                ));
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
    out
}

fn date(d: &Option<String>) -> String {
    d.as_deref().map(|d| d.replace('-', "")).unwrap_or_default()
}

/// "Anna Maria Lopez" → "Lopez, Anna Maria".
pub fn surname_first(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    match words.split_last() {
        Some((last, first)) if !first.is_empty() => format!("{last}, {}", first.join(" ")),
        _ => name.trim().to_string(),
    }
}

/// A round as the report writes it: code, opponent right-aligned in four.
pub fn round_code(outcome: Outcome, opponent: Option<u32>) -> String {
    let code = match outcome {
        Outcome::Win => 'W',
        Outcome::Loss => 'L',
        Outcome::Draw => 'D',
        Outcome::ForfeitWin => 'X',
        Outcome::ForfeitLoss | Outcome::DoubleForfeit => 'F',
        Outcome::Bye {
            kind: ByeKind::Full,
            ..
        } => 'B',
        Outcome::Bye {
            kind: ByeKind::Half,
            ..
        } => 'H',
        Outcome::Bye {
            kind: ByeKind::Zero,
            ..
        }
        | Outcome::Absent => 'U',
    };
    match opponent {
        Some(o) => format!("{code}{o:>4}"),
        None => code.to_string(),
    }
}

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
    let d = &e.details;
    let s = |v: &Option<String>| v.clone().unwrap_or_default();
    let c = |n: &str, w: u8| Field::new(n, Kind::Character, w);
    let n = |n: &str, w: u8| Field::new(n, Kind::Numeric, w);
    let dt = |n: &str| Field::new(n, Kind::Date, 8);
    let date_of = file_date(e);
    let header = Table {
        date: date_of,
        fields: vec![
            c("H_EVENT_ID", 8),
            c("H_NAME", 35),
            n("H_TOT_SECT", 2),
            dt("H_BEG_DATE"),
            dt("H_END_DATE"),
            c("H_AFF_ID", 8),
            c("H_CITY", 21),
            c("H_STATE", 2),
            c("H_ZIPCODE", 10),
            c("H_COUNTRY", 21),
            c("H_CTD_ID", 8),
            c("H_ATD_ID", 8),
        ],
        records: vec![vec![
            String::new(),
            e.name.clone(),
            e.sections.len().to_string(),
            date(&e.start_date),
            date(&e.end_date),
            s(&d.affiliate_id),
            s(&d.city),
            s(&d.state),
            s(&d.zip),
            s(&d.country),
            s(&d.chief_td_id),
            s(&d.assistant_td_id),
        ]],
    };
    let system = match d.rating_system.as_deref() {
        Some("quick") => "Q",
        Some("dual") => "D",
        _ => "R",
    };
    let mut sections = Table {
        date: date_of,
        fields: vec![
            c("S_EVENT_ID", 8),
            c("S_SEC_NUM", 2),
            c("S_SEC_NAME", 30),
            c("S_R_SYSTEM", 1),
            c("S_CTD_ID", 8),
            c("S_ATD_ID", 8),
            c("S_TRN_TYPE", 1),
            n("S_TOT_RNDS", 2),
            n("S_LST_PAIR", 4),
            dt("S_BEG_DATE"),
            dt("S_END_DATE"),
            c("S_TIME_CTL", 40),
        ],
        records: vec![],
    };
    let mut fields = vec![
        c("D_EVENT_ID", 8),
        c("D_SEC_NUM", 2),
        n("D_PAIR_NUM", 4),
        n("D_REC_SEQ", 2),
        c("D_MEM_ID", 8),
        c("D_NAME", 30),
        c("D_STATE", 2),
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
            system.into(),
            s(&d.chief_td_id),
            s(&d.assistant_td_id),
            if sec.round_robin { "R" } else { "S" }.into(),
            sec.rounds.to_string(),
            sec.players
                .iter()
                .map(|p| p.pairing_no)
                .max()
                .unwrap_or(0)
                .to_string(),
            date(&e.start_date),
            date(&e.end_date),
            s(&d.time_control),
        ]);
        for p in &sec.players {
            let chunks = p.rounds.len().div_ceil(10).max(1);
            for seq in 0..chunks {
                let mut rec = vec![
                    String::new(),
                    num.clone(),
                    p.pairing_no.to_string(),
                    (seq + 1).to_string(),
                    s(&p.uscf_id),
                    surname_first(&p.name),
                    s(&p.state),
                ];
                for r in 0..10 {
                    rec.push(match p.rounds.get(seq * 10 + r) {
                        Some(&(o, opp)) => round_code(o, opp),
                        None => String::new(),
                    });
                }
                details.records.push(rec);
            }
        }
    }
    vec![
        ("THEXPORT.DBF", header),
        ("TSEXPORT.DBF", sections),
        ("TDEXPORT.DBF", details),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_codes_name_the_result_and_the_opponent() {
        assert_eq!(round_code(Outcome::Win, Some(12)), "W  12");
        assert_eq!(round_code(Outcome::DoubleForfeit, Some(3)), "F   3");
        assert_eq!(
            round_code(
                Outcome::Bye {
                    kind: ByeKind::Half,
                    requested: true
                },
                None
            ),
            "H"
        );
        assert_eq!(round_code(Outcome::Absent, None), "U");
        assert_eq!(surname_first("Anna Maria Lopez"), "Lopez, Anna Maria");
        assert_eq!(surname_first("Madonna"), "Madonna");
    }
}
