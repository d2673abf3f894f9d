//! `league season grand-prix NAME ...`: set (or clear) the season's
//! grand-prix rules, stored with the season and printed in words. The
//! tables themselves are in `league history season NAME`.

use crate::app::grand_prix::{self as app, Refusal};
use crate::cli::output::print;
use crate::domain::history::grand_prix::{Rules, RulesProblem, Shared, Split, TieRule};
use crate::error::{Error, Result};
use crate::report::history::season_rules;
use crate::store::{season as seasons, Store};

#[derive(clap::Args, Debug)]
pub struct GrandPrixArgs {
    /// The season, e.g. "2023-24".
    pub season: String,
    /// Points for 1st, 2nd, 3rd ... place in each event, e.g. 10,8,6,5,4,3,2,1 (lower places 0).
    #[arg(long, value_delimiter = ',', conflicts_with = "by_score")]
    pub points: Vec<u32>,
    /// Points per event are the player's score in it, instead of points by place.
    #[arg(long)]
    pub by_score: bool,
    /// Only the best N events count.
    #[arg(long)]
    pub best: Option<u32>,
    /// Points for each event entered.
    #[arg(long, default_value_t = 0)]
    pub bonus: u32,
    /// Tables: overall (one table), section (one per section name) or band (one per rating band).
    #[arg(long, value_enum, default_value = "overall")]
    pub by: SplitArg,
    /// Rating band boundaries for --by band, e.g. 1600,1800 (U1600, 1600-1799, 1800+).
    #[arg(long, value_delimiter = ',')]
    pub bands: Vec<u32>,
    /// Tie rules in order: events-won, best-result, most-events (then the place is shared).
    #[arg(long, value_delimiter = ',', default_value = "events-won,best-result")]
    pub ties: Vec<String>,
    /// A place shared in an event: split its points equally, or give each the top place's points.
    #[arg(long, value_enum, default_value = "split")]
    pub shared: SharedArg,
    /// Only these events count, comma-separated (default: every individual event of the season).
    #[arg(long, value_delimiter = ',')]
    pub events: Vec<String>,
    /// Remove the season's grand-prix rules.
    #[arg(long, conflicts_with_all = ["points", "by_score", "best", "bands", "events"])]
    pub clear: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SplitArg {
    Overall,
    Section,
    Band,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SharedArg {
    Split,
    Top,
}

/// Set or clear a season's grand-prix rules and print them in words.
pub fn run(store: &mut Store, a: GrandPrixArgs) -> Result<()> {
    let season = seasons::find_season(store.conn(), &a.season)?;
    if a.clear {
        store.write(|tx| app::clear_rules(tx, &season))?;
        print(&format!("Season {} has no grand prix now.\n", season.name))?;
        return Ok(());
    }
    if a.points.is_empty() && !a.by_score {
        return Err(Error::invalid(
            "say how events give points: --points 10,8,6,5,4,3,2,1 (by place) or --by-score",
        ));
    }
    let ties = a
        .ties
        .iter()
        .filter(|t| !t.trim().is_empty())
        .map(|t| TieRule::parse(t))
        .collect::<std::result::Result<Vec<_>, _>>()
        .map_err(Error::invalid)?;
    let rules = Rules {
        points: a.points.clone(),
        best: a.best,
        bonus: a.bonus,
        by: match a.by {
            SplitArg::Overall => Split::Overall,
            SplitArg::Section => Split::Section,
            SplitArg::Band => Split::Band,
        },
        bands: a.bands.clone(),
        ties,
        shared: match a.shared {
            SharedArg::Split => Shared::Split,
            SharedArg::Top => Shared::Top,
        },
        events: a.events.clone(),
    };
    let rules = store
        .write(|tx| app::set_rules(tx, &season, &rules))
        .map_err(|e| match e.refusal::<Refusal>() {
            Some(Refusal::Unsound { problem }) => Error::invalid(problem_words(problem)),
            _ => e,
        })?;
    // Read back what was stored, so what is printed is what will be used.
    let stored = season_rules(store.conn(), &season)?.unwrap_or(rules);
    let mut out = format!("Season {} grand prix:\n", season.name);
    for line in stored.describe() {
        out.push_str(&format!("  {line}\n"));
    }
    out.push_str(&format!(
        "The tables: `league history season {}`.\n",
        season.name
    ));
    print(&out)?;
    Ok(())
}

/// A grand-prix rules problem in the CLI's words: the option to change is
/// named (`--best`, `--bands`, `--by band`).
fn problem_words(p: &RulesProblem) -> String {
    match p {
        RulesProblem::NoneCount => {
            "--best must be at least 1 (the number of events that count)".into()
        }
        RulesProblem::BandsMissing => format!("{p} (--bands 1600,1800)"),
        RulesProblem::BandsUnused => format!("{p} (--by band)"),
        other => other.to_string(),
    }
}
