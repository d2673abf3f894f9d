//! The team crosstable of spec §5.13 as rows of strings: `No.`, `Name`,
//! `Pts`, one `TBrk` column per tiebreak, then one cell per round. The
//! printing (widths, HTML) is done elsewhere.
//!
//! Rows follow the standings; `No.` is the row number and round cells name
//! opponents by it (as the USAT team page does, whose numbers are the final
//! order). Cells: `W6,3.5` / `D6,2.0` / `L1,1.0` (result, opponent's
//! number, game points scored), `-B-,4.0` for a team bye, `X6,4.0` / `F6,0.0`
//! for a whole match won / lost by forfeit, `-U-,0.0` for a round not paired.

use super::event::TeamEvent;
use super::scoring::{MatchResult, RoundKind};
use super::standings::TeamStandings;
use crate::domain::score::Value;

/// Header and rows of strings, ready to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamCrosstable {
    /// `No.`, `Name`, `Pts`, `TBrk1`.., `R1`..
    pub header: Vec<String>,
    /// One row per team in standings order, with a cell for each header
    /// column (round cells as the module doc describes).
    pub rows: Vec<Vec<String>>,
}

/// A tiebreak value as the crosstable prints it: at least one decimal
/// ("53.0", "3.5", "1.75"); "-" when there is none.
pub fn table_value(v: Option<Value>) -> String {
    match v {
        None => "-".into(),
        Some(v) => {
            let s = v.decimal();
            if s.contains('.') {
                s
            } else {
                format!("{s}.0")
            }
        }
    }
}

/// The crosstable of `event` in the order of `standings` (which must be the
/// event's standings). `Pts` is the score the event ranks on.
pub fn crosstable(event: &TeamEvent, standings: &TeamStandings) -> TeamCrosstable {
    let mut header: Vec<String> = vec!["No.".into(), "Name".into(), "Pts".into()];
    header.extend((1..=standings.order.len()).map(|k| format!("TBrk{k}")));
    header.extend((1..=event.rounds.len()).map(|r| format!("R{r}")));
    let mut number = vec![0usize; event.teams.len()];
    for (i, row) in standings.rows.iter().enumerate() {
        number[row.team] = i + 1;
    }
    let records = event.records();
    let rows = standings
        .rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut cells = vec![
                (i + 1).to_string(),
                event.teams[row.team].name.clone(),
                row.score(standings.rank_by).decimal(),
            ];
            cells.extend(row.values.iter().map(|&v| table_value(v)));
            cells.extend(records[row.team].iter().map(|round| {
                let gp = round.game_points.decimal();
                let opp = round.opponent.map_or(0, |o| number[o]);
                match (round.kind, round.result) {
                    (RoundKind::Played, Some(res)) => format!("{}{opp},{gp}", res.letter()),
                    (RoundKind::Forfeit, Some(MatchResult::Win)) => format!("X{opp},{gp}"),
                    (RoundKind::Forfeit, _) => format!("F{opp},{gp}"),
                    (RoundKind::Bye, _) => format!("-B-,{gp}"),
                    _ => format!("-U-,{gp}"),
                }
            }));
            cells
        })
        .collect();
    TeamCrosstable { header, rows }
}
