//! `league crosstable`: a section's wall chart for the terminal and e-mail,
//! in the standings' order (codes explained in [`crate::domain::crosstable`]).
//! For a team event it prints the team crosstable, exactly as `league team
//! crosstable` does ([`super::team::crosstable_output`]).

use super::output::{print, Format, Table};
use super::team::crosstable_output;
use super::SectionArgs;
use crate::domain::crosstable::{crosstable, Crosstable, CODES};
use crate::error::Result;
use crate::report::team::team_report;
use crate::report::{section_report, ReportOptions, SectionReport};
use crate::store::Store;

/// How the crosstable is printed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum CrossFormat {
    /// An aligned table for the terminal.
    #[default]
    Text,
    /// A Markdown table, for e-mail and web pages.
    Markdown,
    /// CSV with a header line, for spreadsheets.
    Csv,
}

/// The arguments of `league crosstable`.
#[derive(clap::Args, Debug)]
pub struct CrosstableArgs {
    /// The section to print (a team event prints its team crosstable).
    #[command(flatten)]
    pub section: SectionArgs,
    /// The crosstable as it stood after this round.
    #[arg(long)]
    pub after_round: Option<usize>,
    /// How to print it: text (for the terminal or e-mail), markdown or csv.
    #[arg(long, value_enum, default_value_t)]
    pub format: CrossFormat,
}

/// The legend printed under the text table, one code per line.
fn legend() -> String {
    CODES
        .iter()
        .map(|(code, meaning)| format!("  {code:<5} {meaning}\n"))
        .collect()
}

impl CrossFormat {
    /// The same format for the shared table printer.
    fn format(self) -> Format {
        match self {
            CrossFormat::Text => Format::Text,
            CrossFormat::Markdown => Format::Markdown,
            CrossFormat::Csv => Format::Csv,
        }
    }
}

/// Print the section's crosstable as it stood after the round asked for
/// (the latest by default), in the chosen format; for a team event, the
/// team crosstable.
pub fn run(store: &mut Store, a: CrosstableArgs) -> Result<()> {
    let (event, section) = a.section.find(store)?;
    let opts = ReportOptions {
        after_round: a.after_round,
        ..ReportOptions::default()
    };
    if event.kind.is_team() {
        let report = team_report(store.conn(), &event, &opts)?;
        print(&crosstable_output(&report, a.format.format()))?;
        return Ok(());
    }
    let report = section_report(store.conn(), &event, &section, &opts)?;
    let x = crosstable(&report.tournament, &report.standings);
    let table = table(&report, &x);
    let out = match a.format {
        CrossFormat::Text => {
            let mut s = format!(
                "{} ({}), section {}: crosstable {}\n",
                event.name,
                event.season,
                section.name,
                report.after()
            );
            s.push_str(&table.text());
            s.push_str(&schedule(store, &section)?);
            s.push_str("\nCodes:\n");
            s.push_str(&legend());
            for n in &report.notes {
                s.push_str(&format!("Note: {n}.\n"));
            }
            s
        }
        CrossFormat::Markdown => table.markdown(),
        CrossFormat::Csv => table.csv(),
    };
    print(&out)?;
    Ok(())
}

/// The games still to play (paired, no result), round by round: the
/// schedule of a round robin paired in advance. Empty when there are none.
fn schedule(store: &Store, section: &crate::domain::league::Section) -> Result<String> {
    let games = crate::store::pairing::unplayed_games(store.conn(), section.id)?;
    if games.is_empty() {
        return Ok(String::new());
    }
    let mut out = String::from("\nSchedule (games without a result yet, White first):\n");
    let mut round = 0;
    for crate::store::pairing::Unplayed {
        round: r,
        board,
        white,
        black,
    } in games
    {
        if r != round {
            if round != 0 {
                out.push('\n');
            }
            out.push_str(&format!("  Round {r}:"));
            round = r;
        } else {
            out.push(';');
        }
        match board {
            Some(b) => out.push_str(&format!(" {b}. {white} – {black}")),
            None => out.push_str(&format!(" {white} – {black}")),
        }
    }
    out.push('\n');
    Ok(out)
}

/// The crosstable as a table: row, place, name, pairing number, rating, one
/// column per round, total. The row (what the round codes point at) is
/// called "row" and the pairing number "no", as in `league standings`, so
/// that no column of either means one thing here and another there.
pub fn table(report: &SectionReport, x: &Crosstable) -> Table {
    let mut header: Vec<String> = ["row", "place", "name", "no", "rating"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    header.extend((1..=x.rounds).map(|r| format!("R{r}")));
    header.push("total".into());
    let refs: Vec<&str> = header.iter().map(String::as_str).collect();
    let right: Vec<usize> = [0, 3, 4, header.len() - 1].into();
    let mut t = Table::new(&refs).right(&right);
    for row in &x.rows {
        let e = &report.facts.entries[row.player];
        let mut cells = vec![
            row.number.to_string(),
            row.place.clone(),
            report.shown_name(row.player),
            e.pairing_no.to_string(),
            e.rating.map(|r| r.to_string()).unwrap_or_default(),
        ];
        cells.extend(row.cells.iter().map(|c| c.text()));
        cells.push(row.total.fraction());
        t.push(cells);
    }
    t
}
