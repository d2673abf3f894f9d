//! `league round record|show|delete|missing|pair|sheet`: recording a week's
//! round from a sheet, showing it, deleting one paired by mistake, listing
//! what is missing, and (in [`pairing`], [`sheet`]) pairing it and
//! printing its sheets, for a section of players and a team event alike.

mod hints;
pub mod pairing;
pub mod sheet;

use std::path::PathBuf;

use clap::Subcommand;

use super::output::{print, print_json, Format, Table};
use super::parse_date;
use super::SectionArgs;
use crate::domain::league::Entry;
use crate::domain::record::ByeKind;
use crate::error::Result;
use crate::input::results;
use crate::store::round::{self as rounds, bye_kind_str};
use crate::store::Store;

#[derive(Subcommand, Debug)]
pub enum RoundCmd {
    /// Record a round from a CSV sheet (board,white,black,result; BYE rows for byes),
    /// or from standard input with "-". Pairings without results are fine; the
    /// results can be recorded later with the same command or `league game result`.
    #[command(after_help = crate::cli::RESULT_SIDE)]
    Record {
        #[command(flatten)]
        section: SectionArgs,
        /// The round, numbered from 1.
        #[arg(long)]
        round: u32,
        /// The sheet: a CSV file, or "-" for standard input.
        file: PathBuf,
        /// The round's date (YYYY-MM-DD).
        #[arg(long, value_parser = parse_date)]
        date: Option<String>,
        /// The round's start time, HH:MM on the 24-hour clock (e.g. 19:30).
        #[arg(long, value_parser = super::parse_time)]
        time: Option<String>,
        /// Accept a pairing of two players who already met over the board in
        /// this Swiss (refused otherwise: it usually means a sheet recorded
        /// under the wrong round).
        #[arg(long)]
        allow_rematch: bool,
        /// Record new pairings although an earlier round still has games without a result
        /// (refused otherwise, as `league round pair` refuses); needs --reason.
        #[arg(long, requires = "reason")]
        force: bool,
        /// Why the round is paired ahead of the results (kept in the log); only with --force.
        #[arg(long, requires = "force")]
        reason: Option<String>,
    },
    /// Pair the next round (or --round N) with the event's pairing system, write it, and print
    /// the pairing sheet and the alphabetical list.
    Pair(pairing::PairArgs),
    /// Print a paired round's sheets: by board, alphabetical, a result-entry CSV
    /// (`--format csv`, read back by `league round record`), or a printable page (`--format html`).
    /// For a team event, the csv lists every match's boards (match,board,white,black,result):
    /// fill in the results and give the same file to `league match record HOME AWAY --sheet FILE`
    /// for each match; it takes that match's lines.
    Sheet(pairing::SheetArgs),
    /// Show a round: pairings, results, byes and who is not paired.
    Show {
        #[command(flatten)]
        section: SectionArgs,
        /// The round (default: the latest).
        #[arg(long)]
        round: Option<u32>,
        /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Delete the last round's pairings (a round paired by mistake): only a round
    /// with no results, unless --force with a --reason (kept in the log).
    Delete {
        #[command(flatten)]
        section: SectionArgs,
        /// The round, numbered from 1.
        #[arg(long)]
        round: u32,
        /// Delete even though results are in (they are kept in the log).
        #[arg(long, requires = "reason")]
        force: bool,
        /// Why (kept in the log).
        #[arg(long)]
        reason: Option<String>,
    },
    /// List what is missing before standings are final: unreported games and unpaired players.
    Missing {
        #[command(flatten)]
        section: SectionArgs,
        /// Output format: text lists what is missing in sentences; JSON, CSV
        /// and markdown give one row per missing result or unpaired player.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

fn read_sheet(file: &PathBuf) -> Result<(Vec<u8>, String)> {
    if file.as_os_str() == "-" {
        let name = "standard input".to_string();
        let buf = super::import::read_capped(std::io::stdin().lock(), &name)?;
        return Ok((buf, name));
    }
    super::import::read_file(file)
}

pub fn run_round(store: &mut Store, cmd: RoundCmd) -> Result<()> {
    match cmd {
        RoundCmd::Pair(a) => pairing::run_pair(store, a),
        RoundCmd::Sheet(a) => pairing::run_sheet(store, a),
        RoundCmd::Record {
            section,
            round,
            file,
            date,
            time,
            allow_rematch,
            force: _,
            reason,
        } => record(
            store,
            section,
            Recording {
                round,
                file,
                date,
                time,
                allow_rematch,
                forced: reason,
            },
        ),
        RoundCmd::Delete {
            section,
            round,
            force,
            reason,
        } => delete(store, section, round, force, reason),
        RoundCmd::Show {
            section,
            round,
            format,
        } => show(store, section, round, format),
        RoundCmd::Missing { section, format } => missing(store, section, format),
    }
}

/// What `league round record` was asked to record.
struct Recording {
    round: u32,
    file: PathBuf,
    date: Option<String>,
    /// The round's start time (HH:MM).
    time: Option<String>,
    allow_rematch: bool,
    /// The reason given with --force: pair ahead of missing results.
    forced: Option<String>,
}

/// `league round record`: record a round from a CSV sheet, or from standard input with "-".
fn record(store: &mut Store, section: SectionArgs, job: Recording) -> Result<()> {
    let Recording {
        round,
        file,
        date,
        time,
        allow_rematch,
        forced,
    } = job;
    let (bytes, source) = read_sheet(&file)?;
    let rows = results::parse(&bytes, &source)?;
    let (event, section) = section.find(store)?;
    event.need_individual()?;
    let assigned_byes = rows.iter().any(|r| matches!(r.bye, Some((_, false))));
    let done = store.write(|tx| {
        let done = crate::app::round::sheet::record_sheet(
            tx,
            &section,
            round,
            date.as_deref(),
            &rows,
            &source,
            allow_rematch,
        )
        .map_err(sheet_hint)?;
        crate::app::round::schedule::schedule(tx, &section, round, None, time.as_deref())?;
        if crate::app::round::ahead::pairs_anything(&done, assigned_byes) {
            crate::app::round::ahead::check_earlier_results(
                tx,
                event.id,
                &section,
                round,
                forced.as_deref(),
            )
            .map_err(|e| ahead_hint(e, round))?;
        }
        Ok(done)
    })?;
    let mut out = format!(
        "{} round {round}: {} pairing{}, {} result{}, {} bye{} recorded",
        super::event_section_label(store, &event, &section.name)?,
        done.pairings,
        plural(done.pairings),
        done.results,
        plural(done.results),
        done.byes,
        plural(done.byes)
    );
    if done.unchanged > 0 {
        out.push_str(&format!(
            "; {} row{} already recorded exactly so, left as {}",
            done.unchanged,
            plural(done.unchanged),
            if done.unchanged == 1 {
                "it was"
            } else {
                "they were"
            }
        ));
    }
    out.push_str(".\n");
    for line in &done.lines {
        out.push_str(&format!("  {line}\n"));
    }
    print(&out)?;
    Ok(())
}

/// `league round delete`: delete the last round's pairings: only a round with no results, unless --force with a --reason.
fn delete(
    store: &mut Store,
    section: SectionArgs,
    round: u32,
    force: bool,
    reason: Option<String>,
) -> Result<()> {
    let (event, section) = section.find(store)?;
    event.need_individual()?;
    let d = store
        .write(|tx| {
            crate::app::round::delete::delete_round(tx, &section, round, force, reason.as_deref())
        })
        .map_err(delete_hint)?;
    print(&format!(
            "{} {} round {round} deleted: {} game{} ({} with a result) and {} bye{} the pairing gave; requested byes are kept.\n",
            event.name,
            section.name,
            d.games,
            plural(d.games),
            d.results,
            d.byes,
            plural(d.byes)
        ))?;
    Ok(())
}

/// Round `number`'s date and start time in words ("" when neither is recorded).
fn when_of(store: &Store, section: crate::domain::ids::SectionId, number: u32) -> Result<String> {
    let when = rounds::round_times(store.conn(), section)?
        .remove(&number)
        .unwrap_or_default();
    Ok(crate::site::round_sheet::when_words(&when))
}

/// `league round show`: show a round: pairings, results, byes and who is not paired.
fn show(store: &mut Store, section: SectionArgs, round: Option<u32>, format: Format) -> Result<()> {
    let (event, section) = section.find(store)?;
    if event.kind.is_team() {
        let number = match round {
            Some(r) => r,
            None => rounds::latest_round(store.conn(), section.id)?,
        };
        let all = crate::store::team_match::round_matches(store.conn(), &event, Some(number))?;
        let when = when_of(store, section.id, number)?;
        if format == Format::Text && !when.is_empty() {
            print(&format!("Round {number}: {when}\n"))?;
        }
        return super::r#match::print_matches(&event.name, &all, format);
    }
    let number = match round {
        Some(r) => r,
        None => rounds::latest_round(store.conn(), section.id)?,
    };
    if number == 0 {
        print(&format!(
            "{} {}: no rounds recorded yet.\n",
            event.name, section.name
        ))?;
        return Ok(());
    }
    let (games, byes) = rounds::round_contents(store.conn(), section.id, number)?;
    let when = rounds::round_times(store.conn(), section.id)?
        .remove(&number)
        .unwrap_or_default();
    // Who is entered (and not withdrawn) but has neither a game nor a bye:
    // a deleted game or a forgotten player leaves a hole the round must show.
    let unpaired: Vec<Entry> = rounds::missing(store.conn(), &section)?
        .unpaired
        .into_iter()
        .filter(|(r, _)| *r == number)
        .map(|(_, e)| e)
        .collect();
    if format == Format::Json {
        let v = serde_json::json!({
            "event": event.name, "section": section.name, "round": number,
            "date": when.date, "start_time": when.start_time,
            "games": games.iter().map(|g| serde_json::json!({
                "board": g.board, "white": g.white.name, "white_no": g.white.pairing_no,
                "black": g.black.name, "black_no": g.black.pairing_no,
                "result": g.result.map(|r| r.as_str()),
            })).collect::<Vec<_>>(),
            "byes": byes.iter().map(|b| serde_json::json!({
                "player": b.entry.name, "pairing_no": b.entry.pairing_no, "kind": bye_kind_str(b.kind), "requested": b.requested, "late_entry": b.late_entry,
            })).collect::<Vec<_>>(),
            "not_paired": unpaired.iter().map(|e| serde_json::json!({
                "player": e.name, "pairing_no": e.pairing_no,
            })).collect::<Vec<_>>(),
        });
        print_json(&v)?;
        return Ok(());
    }
    let mut t = Table::new(&["board", "white", "result", "black"]).right(&[0]);
    for g in &games {
        t.push(vec![
            g.board.map(|b| b.to_string()).unwrap_or_default(),
            format!("{} ({})", g.white.name, g.white.pairing_no),
            g.result
                .map(|r| r.pretty().to_string())
                .unwrap_or_else(|| "not reported".into()),
            format!("{} ({})", g.black.name, g.black.pairing_no),
        ]);
    }
    for b in &byes {
        t.push(vec![
            String::new(),
            format!("{} ({})", b.entry.name, b.entry.pairing_no),
            bye_label(b.kind, b.requested, b.late_entry),
            String::new(),
        ]);
    }
    for e in &unpaired {
        t.push(vec![
            String::new(),
            format!("{} ({})", e.name, e.pairing_no),
            "not paired".into(),
            String::new(),
        ]);
    }
    let mut out = format!("{} {} — round {number}\n", event.name, section.name);
    let when = crate::site::round_sheet::when_words(&when);
    if !when.is_empty() {
        out.push_str(&format!("{when}\n"));
    }
    out.push_str(&t.render(format));
    print(&out)?;
    Ok(())
}

/// `league round missing`: list what is missing before standings are final: unreported games and unpaired players.
fn missing(store: &mut Store, section: SectionArgs, format: Format) -> Result<()> {
    let (event, section) = section.find(store)?;
    if event.kind.is_team() {
        return print(&super::r#match::missing(store, &event)?).map_err(Into::into);
    }
    let m = rounds::missing(store.conn(), &section)?;
    if format != Format::Text {
        let mut t = Table::new(&["round", "board", "white", "black", "missing"]).right(&[0, 1]);
        for (r, g) in &m.unreported {
            t.push(vec![
                r.to_string(),
                g.board.map(|b| b.to_string()).unwrap_or_default(),
                g.white.name.clone(),
                g.black.name.clone(),
                "result".into(),
            ]);
        }
        for (r, e) in &m.unpaired {
            t.push(vec![
                r.to_string(),
                String::new(),
                format!("{} (#{})", e.name, e.pairing_no),
                String::new(),
                "game or bye".into(),
            ]);
        }
        return match format {
            Format::Json => print_json(&serde_json::json!({
                "event": event.name,
                "section": section.name,
                "unreported": m.unreported.iter().map(|(r, g)| serde_json::json!({
                    "round": r, "board": g.board,
                    "white": g.white.name, "white_no": g.white.pairing_no,
                    "black": g.black.name, "black_no": g.black.pairing_no,
                })).collect::<Vec<_>>(),
                "unpaired": m.unpaired.iter().map(|(r, e)| serde_json::json!({
                    "round": r, "name": e.name, "pairing_no": e.pairing_no,
                })).collect::<Vec<_>>(),
            })),
            _ => print(&t.render(format)),
        }
        .map_err(Into::into);
    }
    let mut out = String::new();
    if m.unreported.is_empty() && m.unpaired.is_empty() {
        out.push_str(&format!(
            "{} {}: nothing missing; every result is in.\n",
            event.name, section.name
        ));
    }
    for (r, g) in &m.unreported {
        out.push_str(&format!(
            "round {r}{}: {} v {} — no result\n",
            g.board.map(|b| format!(" board {b}")).unwrap_or_default(),
            g.white.name,
            g.black.name
        ));
    }
    for (r, e) in &m.unpaired {
        out.push_str(&format!(
            "round {r}: {} (#{}) has no game or bye\n",
            e.name, e.pairing_no
        ));
    }
    print(&out)?;
    Ok(())
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// "half-point bye (requested)"; a late entry's bye for a round played
/// before they entered says so: "half-point bye (late entry)".
fn bye_label(kind: ByeKind, requested: bool, late_entry: bool) -> String {
    let what = match kind {
        ByeKind::Full => "full-point bye",
        ByeKind::Half => "half-point bye",
        ByeKind::Zero => "zero-point bye",
    };
    format!(
        "{what} ({})",
        match (late_entry, requested) {
            (true, _) => "late entry",
            (false, true) => "requested",
            (false, false) => "assigned",
        }
    )
}

/// What one command recorded, in full ("Winter Swiss 1600+ round 3: Hannah
/// Schmidt (4) v Marcus Bell (9) 1-0."), never just what was typed.
/// `where_` is the event and section as `event_section_label` names them.
pub(crate) fn echo(where_: &str, round: u32, done: &rounds::Recorded) -> String {
    if done.lines.is_empty() {
        return format!("{where_} round {round}: already recorded exactly so; nothing changed.\n");
    }
    format!("{where_} round {round}: {}.\n", done.lines.join("; "))
}

/// How to go on from a round refused while an earlier round has results
/// missing (the rule itself is `app::round::ahead`'s): the CLI's words.
pub(crate) fn ahead_hint(e: crate::error::Error, round: u32) -> crate::error::Error {
    use crate::app::round::Refusal;
    match e.refusal::<Refusal>() {
        Some(Refusal::PendingResults { .. }) => e.with_hint(Some(format!(
            "; record them first (`league round missing` lists them), or give --force with --reason to pair round {round} anyway"
        ))),
        _ => e,
    }
}

/// How the CLI goes on from a refused row of a sheet (a round sheet, or a
/// game or bye given on the command line): the command or flag to give.
pub(crate) fn sheet_hint(e: crate::error::Error) -> crate::error::Error {
    use crate::app::round::sheet::Refusal;
    let hint = match e.refusal::<Refusal>() {
        Some(Refusal::Rematch { .. }) => {
            Some(", or give --allow-rematch if this pairing is really meant".to_string())
        }
        Some(Refusal::ByeAfterPairing { round, .. }) => Some(format!(
            ". To give the bye, delete the round's pairings (`league round delete --round {round}`, when it is the last round paired), add the bye, and pair the round again (`league round pair`); or delete just this game (`league game delete`), which leaves the opponent without a game, then add the bye"
        )),
        Some(Refusal::ByeAlreadyGiven { .. }) => {
            Some("; delete it first with `league game delete`".to_string())
        }
        Some(Refusal::ResultAlreadyRecorded { .. }) => {
            Some("; to change it use `league game correct`".to_string())
        }
        None => None,
    };
    e.with_hint(hint)
}

/// How the CLI goes on from a refused round delete.
fn delete_hint(e: crate::error::Error) -> crate::error::Error {
    use crate::app::round::Refusal;
    match e.refusal::<Refusal>() {
        Some(Refusal::HasResults { .. }) => e.with_hint(Some(
            "; to delete it anyway give --force and --reason (the results are kept in the log)"
                .to_string(),
        )),
        Some(Refusal::ReasonNeeded) => {
            crate::error::Error::invalid("--force needs a --reason, for the log")
        }
        _ => e,
    }
}
