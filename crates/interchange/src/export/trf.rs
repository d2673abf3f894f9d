//! TRF-16 writer: an event section as the FIDE Tournament Report File that
//! rating officers and pairing programs (JaVaFo, bbpPairings, Swiss-Manager,
//! Vega) read. It writes the same [`TrfEvent`] the importer
//! ([`crate::input::trf::parse`]) reads, so that parse ∘ write gives back
//! the same records.
//!
//! What is written:
//! - header lines 012 (name), 022 (city), 032 (federation), 042/052 (start
//!   and end dates, `YYYY/MM/DD`), 062 (players), 072 (rated players), 092
//!   (`Swiss System` or `Round Robin`), 102 (chief arbiter), 112 (deputy
//!   arbiter), 122 (time control), 132 (round dates, `YY/MM/DD`) when
//!   known (the event's stored fields: `league event edit --city
//!   --country --chief-arbiter --deputy-arbiter --time-control`); a line
//!   the league has no data for is left out rather than filled with
//!   made-up text;
//! - the rating and FIDE id columns carry FIDE data only (the FIDE rating
//!   in force when the event began, see `report::trf`, and the
//!   FIDE id); a US Chess rating or id is never written there
//!   (TRF-16 has no column for national ratings, so they are left out);
//! - `XXR` with the event's planned number of rounds, for pairing programs;
//! - one `001` line per player: start number, sex, title, name (33
//!   characters at most, as the format allows: a longer name is cut to its
//!   first 33 characters for that column only, and [`long_names`] gives the
//!   warning `league export trf` prints on standard error for each such
//!   player; TRF-2026 keeps the same columns and has no record for the full
//!   name, so the file stays readable by every TRF-16 program), rating,
//!   federation, FIDE id,
//!   birth, points, rank, then each round: opponent, colour, result code
//!   (`1 = 0` played, `+ -` forfeits with the opponent named, `-` on both
//!   lines for a double forfeit, `U` pairing-allocated bye, `F` full-point
//!   bye asked for, `H` half-point bye, `Z` zero-point bye; a blank block
//!   for a round with no game and no bye);
//! - a comment line (`### withdrawals: 12/3, 15/0`, TRF-2026 comment syntax,
//!   which other programs skip) naming each withdrawn player's start number
//!   and the last round they took part in, or `### withdrawals: none`. The
//!   importer takes withdrawals from it when present, so a withdrawal
//!   survives the round trip exactly instead of being guessed from blank
//!   rounds;
//! - when the pairing assigned a half- or zero-point bye (TRF's `H` and `Z`
//!   mean byes the player asked for), a comment line `### assigned byes:
//!   12/3` (start number / round) saying so.

use std::fmt::Write;

use crate::domain::record::{ByeKind, Colour, Format, Outcome, Round};
use crate::interchange::trf::{TrfEvent, TrfPlayer, ASSIGNED_BYES, NAME_WIDTH, WITHDRAWALS};

/// Write `event` as TRF-16 text (lines end in `\n`). `planned_rounds` is
/// the `XXR` value: at least `event.rounds` (the rounds written).
pub fn write(event: &TrfEvent, planned_rounds: usize) -> String {
    let mut out = String::new();
    let mut header = |code: &str, value: Option<&str>| {
        if let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) {
            let _ = writeln!(out, "{code} {}", one_line(v));
        }
    };
    header("012", event.name.as_deref());
    header("022", event.city.as_deref());
    header("032", event.federation.as_deref());
    header("042", event.start_date.as_deref().map(slashes).as_deref());
    header("052", event.end_date.as_deref().map(slashes).as_deref());
    let players = event.players.len().to_string();
    header("062", Some(&players));
    let rated = event.players.iter().filter(|p| p.rating.is_some()).count();
    header("072", Some(&rated.to_string()));
    header(
        "092",
        Some(match event.format {
            Format::Swiss => "Swiss System",
            Format::RoundRobin => "Round Robin",
        }),
    );
    header("102", event.chief_arbiter.as_deref());
    header("112", event.deputy_arbiter.as_deref());
    header("122", event.time_control.as_deref());
    if event.round_dates.iter().any(Option::is_some) {
        let mut line = format!("{:<91}", "132");
        for d in event.round_dates.iter().take(event.rounds) {
            let short = d.as_deref().map(short_date).unwrap_or_default();
            let _ = write!(line, "{short:<8}  ");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let _ = writeln!(out, "XXR {}", planned_rounds.max(event.rounds));
    for (i, p) in event.players.iter().enumerate() {
        let record = event.tournament.players.get(i);
        let rounds = record.map(|r| r.rounds.as_slice()).unwrap_or(&[]);
        out.push_str(&player_line(p, rounds, event));
        out.push('\n');
    }
    let assigned: Vec<String> = event
        .tournament
        .players
        .iter()
        .flat_map(|p| {
            p.rounds
                .iter()
                .enumerate()
                .filter(|(_, round)| {
                    matches!(
                        round.outcome,
                        Outcome::Bye {
                            kind: ByeKind::Half | ByeKind::Zero,
                            requested: false
                        }
                    )
                })
                .map(move |(r, _)| format!("{}/{}", p.pairing_no, r + 1))
        })
        .collect();
    if !assigned.is_empty() {
        let _ = writeln!(out, "{ASSIGNED_BYES} {}", assigned.join(", "));
    }
    let withdrawn: Vec<String> = event
        .tournament
        .players
        .iter()
        .filter_map(|r| r.withdrawn_after.map(|w| format!("{}/{w}", r.pairing_no)))
        .collect();
    let _ = writeln!(
        out,
        "{WITHDRAWALS} {}",
        if withdrawn.is_empty() {
            "none".to_string()
        } else {
            withdrawn.join(", ")
        }
    );
    out
}

/// One warning for each player whose name is longer than the name field
/// ([`NAME_WIDTH`] characters), naming the player and what the file carries
/// instead; empty when every name fits. [`write()`] cuts such a name for the
/// column only: the league's record keeps the full name.
pub fn long_names(event: &TrfEvent) -> Vec<String> {
    event
        .players
        .iter()
        .filter_map(|p| {
            let name = one_line(&p.name);
            let length = name.chars().count();
            (length > NAME_WIDTH).then(|| {
                let cut: String = name.chars().take(NAME_WIDTH).collect();
                format!(
                    "player {} \"{name}\" has a name of {length} characters; TRF's name field \
                     (columns 15-47) holds {NAME_WIDTH}, so the file carries \"{}\"",
                    p.start_no,
                    cut.trim_end()
                )
            })
        })
        .collect()
}

/// One `001` line.
fn player_line(p: &TrfPlayer, rounds: &[Round], event: &TrfEvent) -> String {
    let name: String = one_line(&p.name).chars().take(NAME_WIDTH).collect();
    let title: String = p
        .title
        .as_deref()
        .map(one_line)
        .unwrap_or_default()
        .chars()
        .take(3)
        .collect();
    let federation: String = p
        .federation
        .as_deref()
        .map(one_line)
        .unwrap_or_default()
        .chars()
        .take(3)
        .collect();
    let birth: String = p
        .birth
        .as_deref()
        .map(|b| b.replace('-', "/"))
        .unwrap_or_default()
        .chars()
        .take(10)
        .collect();
    let points = p
        .points
        .unwrap_or_else(|| rounds.iter().map(Round::points).sum());
    let mut line = format!(
        "001 {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        p.start_no,
        p.sex.filter(|c| !c.is_control()).unwrap_or(' '),
        title,
        name,
        p.rating.map(|r| r.to_string()).unwrap_or_default(),
        federation,
        p.fide_id.map(|id| id.to_string()).unwrap_or_default(),
        birth,
        points.decimal_trf(),
        p.rank.map(|r| r.to_string()).unwrap_or_default(),
    );
    for round in rounds.iter().take(event.rounds) {
        line.push_str("  ");
        line.push_str(&block(round, event));
    }
    line.trim_end().to_string()
}

/// One round's 8 columns: opponent (4), colour, result.
fn block(round: &Round, event: &TrfEvent) -> String {
    let opponent = round
        .opponent
        .and_then(|o| event.players.get(o))
        .map(|p| p.start_no);
    let colour = match round.colour {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    };
    // The TRF letters are the record's own codes (U, F, H, Z for byes).
    let code = match round.outcome {
        Outcome::Absent => return " ".repeat(8),
        o => o.code(),
    };
    match opponent {
        Some(o) => format!("{o:>4} {colour} {code}"),
        None => format!("0000 - {code}"),
    }
}

/// Header text on one line (a line break in a name would end the line).
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

/// `2024-03-18` as `2024/03/18`.
fn slashes(iso: &str) -> String {
    iso.replace('-', "/")
}

/// `2024-03-18` as TRF's `24/03/18` (line 132).
fn short_date(iso: &str) -> String {
    let s = slashes(iso);
    s.get(2..).map(str::to_string).unwrap_or(s)
}

/// Points as TRF writes them: `3.5`, `10.0`.
trait TrfPoints {
    fn decimal_trf(self) -> String;
}

impl TrfPoints for crate::domain::score::Points {
    fn decimal_trf(self) -> String {
        let h = self.halves();
        format!("{}.{}", h / 2, if h % 2 != 0 { 5 } else { 0 })
    }
}

#[cfg(test)]
mod tests;
