//! `league prize add|list|remove|award` (a section's prize list) and
//! `league prizes` (who wins what, with the working; rules in
//! [`crate::domain::prizes`]).

use clap::Subcommand;
use serde_json::json;

use super::output::{print, print_json, Format, Table};
use super::SectionArgs;
use crate::app::prize::{self as app, Refusal};
use crate::domain::prizes::{Class, Kind, Money, Prize, Reward, Split};
use crate::error::{Error, Result};
use crate::report::prizes::{section_prizes, PrizeReport};
use crate::store::prize::{self as store_prize, describe};
use crate::store::{player, Store};

#[derive(Subcommand, Debug)]
pub enum PrizeCmd {
    /// Add a prize at the end of a section's list: a place ("--place 2 --cash 60"), a class
    /// ("--class U1400 --cash 30", "--class unrated --item trophy") or a special prize
    /// ("--special 'Best game' --cash 25").
    Add(PrizeAddArgs),
    /// List a section's prizes in the order announced, numbered.
    List {
        #[command(flatten)]
        section: SectionArgs,
        /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Remove prize NUMBER (from `league prize list`); the prizes after it move up.
    Remove {
        #[command(flatten)]
        section: SectionArgs,
        /// The prize's number in `league prize list`.
        number: u32,
    },
    /// Name the winner of a special prize (best game, upset): NUMBER from `league prize list`.
    Award {
        #[command(flatten)]
        section: SectionArgs,
        /// The special prize's number in `league prize list`.
        number: u32,
        /// The winner: pairing number, US Chess or FIDE id, or name.
        #[arg(long)]
        winner: String,
    },
}

#[derive(clap::Args, Debug)]
pub struct PrizeAddArgs {
    #[command(flatten)]
    pub section: SectionArgs,
    /// The place: 1 for 1st; with --class, the place within the class (default 1).
    #[arg(long, default_value_t = 1)]
    pub place: u32,
    /// A class prize: "U1400" (rated under 1400), "1400-1599", "1800+" or "unrated".
    #[arg(long, conflicts_with = "special")]
    pub class: Option<String>,
    /// A special prize awarded by hand, with its name, e.g. "Best game".
    #[arg(long)]
    pub special: Option<String>,
    /// Money, e.g. 60 or 12.50 (dollars and cents).
    #[arg(long, conflicts_with = "item", required_unless_present = "item")]
    pub cash: Option<String>,
    /// An indivisible prize instead of money, e.g. "trophy" (goes by tiebreak).
    #[arg(long)]
    pub item: Option<String>,
    /// A special prize's winner: pairing number, US Chess or FIDE id, or name.
    #[arg(long, requires = "special")]
    pub winner: Option<String>,
    /// Change the section's prize for this place (or class place, or special prize) instead
    /// of refusing a second one; it keeps its number in the list.
    #[arg(long)]
    pub replace: bool,
}

/// `league prizes`.
#[derive(clap::Args, Debug)]
pub struct PrizesArgs {
    #[command(flatten)]
    pub section: SectionArgs,
    /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

fn prize_from(a: &PrizeAddArgs) -> Result<Prize> {
    if a.place == 0 {
        return Err(Error::invalid(
            "places are numbered from 1 (--place 1 is 1st)",
        ));
    }
    let kind = match (&a.class, &a.special) {
        (Some(c), _) => Kind::Class(Class::parse(c).ok_or_else(|| {
            Error::invalid(format!(
                "--class \"{c}\" is not a class; write U1400, 1400-1599, 1800+ or unrated"
            ))
        })?),
        (None, Some(name)) if name.trim().is_empty() => {
            return Err(Error::invalid(
                "--special needs the prize's name, e.g. \"Best game\"",
            ))
        }
        (None, Some(name)) => Kind::Special {
            name: name.trim().to_string(),
            winner: None,
        },
        (None, None) => Kind::Place,
    };
    let reward = match (&a.cash, &a.item) {
        (Some(c), _) => match Money::parse(c) {
            Some(m) if m.0 > 0 => Reward::Cash(m),
            _ => {
                return Err(Error::invalid(format!(
                    "--cash \"{c}\" is not an amount of money; write e.g. 60 or 12.50"
                )))
            }
        },
        (None, Some(i)) if !i.trim().is_empty() => Reward::Item(i.trim().to_string()),
        _ => {
            return Err(Error::invalid(
                "give the prize as --cash AMOUNT or --item \"trophy\"",
            ))
        }
    };
    Ok(Prize {
        place: if matches!(kind, Kind::Special { .. }) {
            1
        } else {
            a.place
        },
        kind,
        reward,
    })
}

pub fn run(store: &mut Store, c: PrizeCmd) -> Result<()> {
    match c {
        PrizeCmd::Add(a) => add(store, a),
        PrizeCmd::List { section, format } => list(store, section, format),
        PrizeCmd::Remove { section, number } => remove(store, section, number),
        PrizeCmd::Award {
            section,
            number,
            winner,
        } => award(store, section, number, winner),
    }
}

/// `league prize list`: list a section's prizes in the order announced, numbered.
fn list(store: &mut Store, section: SectionArgs, format: Format) -> Result<()> {
    let (event, section) = section.find(store)?;
    let list = store_prize::prizes(store.conn(), section.id)?;
    let entries = player::entries(store.conn(), section.id)?;
    if format == Format::Json {
        let items: Vec<_> = list
                .iter()
                .map(|p| {
                    json!({
                        "number": p.position,
                        "prize": p.prize.label(),
                        "cash_cents": match &p.prize.reward { Reward::Cash(m) => Some(m.0), _ => None },
                        "item": match &p.prize.reward { Reward::Item(s) => Some(s), _ => None },
                        "winner": p.winner_entry.and_then(|id| entries.iter().find(|e| e.id == id)).map(|e| e.name.clone()),
                    })
                })
                .collect();
        return Ok(print_json(&json!({
            "event": event.name, "section": section.name, "prizes": items
        }))?);
    }
    if list.is_empty() {
        return Ok(print(&format!(
            "{} {} has no prizes yet; add them with `league prize add`.\n",
            event.name, section.name
        ))?);
    }
    let mut t = Table::new(&["no", "prize", "gives", "winner"]).right(&[0]);
    for p in &list {
        t.push(vec![
            p.position.to_string(),
            p.prize.label(),
            match &p.prize.reward {
                Reward::Cash(m) => m.to_string(),
                Reward::Item(s) => s.clone(),
            },
            match (&p.prize.kind, p.winner_entry) {
                (Kind::Special { .. }, Some(id)) => entries
                    .iter()
                    .find(|e| e.id == id)
                    .map(|e| e.name.clone())
                    .unwrap_or_default(),
                (Kind::Special { .. }, None) => "not named yet".into(),
                _ => "by the standings".into(),
            },
        ]);
    }
    print(&t.render(format))?;
    Ok(())
}

/// `league prize remove`: remove prize NUMBER (from `league prize list`); the prizes after it move up.
fn remove(store: &mut Store, section: SectionArgs, number: u32) -> Result<()> {
    let (event, section) = section.find(store)?;
    let old = store
        .write(|tx| app::remove_prize(tx, &event, &section, number))
        .map_err(list_hint)?;
    print(&format!(
        "Removed prize {number} of {} {} ({}).\n",
        event.name,
        section.name,
        describe(&old)
    ))?;
    Ok(())
}

/// `league prize award`: name the winner of a special prize (best game, upset): NUMBER from `league prize list`.
fn award(store: &mut Store, section: SectionArgs, number: u32, winner: String) -> Result<()> {
    let (event, section) = section.find(store)?;
    let all = player::entries(store.conn(), section.id)?;
    let entry = player::find_entry(&all, store.conn(), &section, &winner)?;
    store
        .write(|tx| app::award(tx, &event, &section, number, entry.id, &entry.name))
        .map_err(list_hint)?;
    print(&format!(
        "Prize {number} of {} {} goes to {}.\n",
        event.name, section.name, entry.name
    ))?;
    Ok(())
}

fn split_words(s: Split) -> &'static str {
    match s {
        Split::Pooled => "ties pooled and shared, US Chess 32B",
        Split::Hort => "ties shared by the Hort system",
        Split::Tiebreak => "ties broken by tiebreak, no sharing",
    }
}

/// The heading line: "Winter Swiss, Open: prizes (...)", marked provisional
/// while rounds are still to come.
pub fn heading(r: &PrizeReport) -> String {
    let mut h = format!(
        "{} {}, {}: prizes ({})",
        r.report.event.season,
        r.report.event.name,
        r.report.section.name,
        split_words(r.split)
    );
    if !r.final_() {
        h.push_str(&format!(
            "; provisional, {}: as they would be if the event ended now",
            r.report.after()
        ));
    }
    h
}

/// Who wins what: one row per winner.
pub fn table(r: &PrizeReport) -> Table {
    let mut t =
        Table::new(&["place", "player", "rating", "score", "prize", "gets"]).right(&[2, 3, 5]);
    let mut rows: Vec<(usize, usize, &Reward, String)> = Vec::new();
    for (k, p) in r.awards.payouts.iter().enumerate() {
        let labels: Vec<String> = p
            .prizes
            .iter()
            .map(|&i| r.prizes[i].prize.label())
            .collect();
        for (c, reward) in &p.winners {
            rows.push((*c, k, reward, labels.join(" + ")));
        }
    }
    rows.sort_by_key(|x| (x.0, x.1));
    {
        for (c, _, reward, labels) in rows {
            let c = &c;
            let row = &r.report.standings.rows[*c];
            t.push(vec![
                row.place.clone(),
                r.contestants[*c].name.clone(),
                r.contestants[*c]
                    .rating
                    .map(|x| x.to_string())
                    .unwrap_or_else(|| "unr.".into()),
                r.contestants[*c].score.fraction(),
                labels,
                match reward {
                    Reward::Cash(m) => m.to_string(),
                    Reward::Item(s) => s.clone(),
                },
            ]);
        }
    }
    t
}

/// The working and the unawarded prizes, one line each.
pub fn working_lines(r: &PrizeReport) -> Vec<String> {
    let mut out: Vec<String> = r.awards.payouts.iter().map(|p| p.working.clone()).collect();
    for (i, why) in &r.awards.unawarded {
        let p = &r.prizes[*i].prize;
        let gives = match &p.reward {
            Reward::Cash(m) => m.to_string(),
            Reward::Item(s) => format!("({s})"),
        };
        // A special prize is unawarded only until the secretary names its
        // winner: the CLI says how.
        let hint = match p.kind {
            Kind::Special { .. } => " (league prize award)",
            _ => "",
        };
        out.push(format!("{} {gives}: {why}{hint}", p.label()));
    }
    out
}

pub fn run_prizes(store: &mut Store, a: PrizesArgs) -> Result<()> {
    let (event, section) = a.section.find(store)?;
    if event.kind.is_team() {
        return Err(Error::invalid(format!(
            "{} is a team event; prizes are awarded in individual sections",
            event.name
        )));
    }
    let r = section_prizes(store.conn(), &event, &section)?;
    if r.prizes.is_empty() && a.format != Format::Json {
        return Ok(print(&format!(
            "{} {} has no prizes; add them with `league prize add --event \"{}\" ...`.\n",
            event.name, section.name, event.name
        ))?);
    }
    match a.format {
        Format::Json => print_json(&json(&r))?,
        Format::Csv => print(&table(&r).places_for_spreadsheets().render(Format::Csv))?,
        f => {
            let mut out = String::new();
            let h = heading(&r);
            if f == Format::Markdown {
                out.push_str(&format!(
                    "**{}**\n\n",
                    crate::domain::text::markdown_cell(&h)
                ));
            } else {
                out.push_str(&format!("{h}\n\n"));
            }
            out.push_str(&table(&r).render(f));
            out.push('\n');
            for line in working_lines(&r) {
                out.push_str(&format!(
                    "{}{line}\n",
                    if f == Format::Markdown { "- " } else { "  " }
                ));
            }
            print(&out)?;
        }
    }
    Ok(())
}

/// `league prizes --format json`: stable shape, amounts in cents.
pub fn json(r: &PrizeReport) -> serde_json::Value {
    let payouts: Vec<_> = r
        .awards
        .payouts
        .iter()
        .map(|p| {
            json!({
                "prizes": p.prizes.iter().map(|&i| r.prizes[i].prize.label()).collect::<Vec<_>>(),
                "winners": p.winners.iter().map(|(c, reward)| {
                    let e = &r.report.facts.entries[r.entry_of[*c]];
                    json!({
                        "pairing_no": e.pairing_no,
                        "name": e.name,
                        "place": r.report.standings.rows[*c].place,
                        "cash_cents": match reward { Reward::Cash(m) => Some(m.0), _ => None },
                        "item": match reward { Reward::Item(s) => Some(s), _ => None },
                    })
                }).collect::<Vec<_>>(),
                "working": p.working,
            })
        })
        .collect();
    let unawarded: Vec<_> = r
        .awards
        .unawarded
        .iter()
        .map(|(i, why)| json!({"prize": r.prizes[*i].prize.label(), "reason": why}))
        .collect();
    json!({
        "season": r.report.event.season,
        "event": r.report.event.name,
        "section": r.report.section.name,
        "split": r.split.as_str(),
        "final": r.final_(),
        "payouts": payouts,
        "unawarded": unawarded,
    })
}

/// `league prize add`: add a prize at the end of a section's list: a place ("--place 2 --cash 60"), a class ("--class U1400 --cash 30", "--class unrated --item trophy") or a special prize ("--special 'Best game' --cash 25").
fn add(store: &mut Store, a: PrizeAddArgs) -> Result<()> {
    let (event, section) = a.section.find(store)?;
    let prize = prize_from(&a)?;
    let winner = match &a.winner {
        Some(w) => {
            let all = player::entries(store.conn(), section.id)?;
            Some(player::find_entry(&all, store.conn(), &section, w)?)
        }
        None => None,
    };
    let winner_id = winner.as_ref().map(|e| e.id);
    let added = store
        .write(|tx| app::add_prize(tx, &event, &section, &prize, winner_id, a.replace))
        .map_err(|e| match e.refusal::<Refusal>() {
            // The CLI's own words: where to see the list, and the flags
            // that replace the prize or give another place.
            Some(Refusal::AlreadyListed {
                event,
                section,
                prize,
                position,
            }) => Error::invalid(format!(
                "{event} {section} already has {prize} (prize {position} in `league prize list`); a second one would pay the place twice. To change it give --replace; for another place give another --place"
            )),
            _ => e,
        })?;
    let (n, same) = (added.position, added.replaced);
    print(&format!(
        "Prize {n} of {} {}: {}{}{}.\n",
        event.name,
        section.name,
        describe(&prize),
        same.map(|old| format!(" (was {})", describe(&old)))
            .unwrap_or_default(),
        winner
            .map(|w| format!(", won by {}", w.name))
            .unwrap_or_default()
    ))?;
    Ok(())
}

/// A refused prize number with the CLI's way to see the list.
fn list_hint(e: Error) -> Error {
    let hint = match e.refusal::<Refusal>() {
        Some(Refusal::NoSuchPrize { .. }) => Some(" (see `league prize list`)".to_string()),
        _ => None,
    };
    e.with_hint(hint)
}
