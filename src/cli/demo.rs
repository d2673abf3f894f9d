//! `league demo`: write the demo league to `demo.db` (refusing to overwrite
//! a file that is not the demo's own earlier output) and show what the
//! program does with it.

use std::path::{Path, PathBuf};

use super::output::{print, Format};
use super::standings::{heading, standings_table};
use crate::demo::synthetic::{make, Refusal, SyntheticOptions};
use crate::error::{Error, Result};
use crate::report::{section_report, ReportOptions};
use crate::store::demo::{self, DemoState};
use crate::store::season as seasons;
use crate::store::Store;

/// The demo's fixed seed: every run makes the same league.
pub const DEMO_SEED: u64 = 2022;

/// The writer's name in the demo site's `.league-site` file: the demo only
/// replaces a site folder it wrote itself.
pub const WRITER: &str = crate::site::write::DEMO_WRITER;

/// Where the demo's site goes: beside the database, `demo.db` → `demo-site`.
pub fn site_dir(db: &Path) -> PathBuf {
    let stem = db
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "demo".into());
    db.with_file_name(format!("{stem}-site"))
}

#[derive(clap::Args, Debug)]
pub struct DemoArgs {
    /// Where to write the demo database.
    #[arg(long, default_value = "demo.db")]
    pub out: PathBuf,
    /// Instead of the demo season, write a large synthetic league (for
    /// benchmarks and big archives): seasons of Swiss events with byes,
    /// forfeits and withdrawals, the same for the same options and seed.
    #[arg(long)]
    pub synthetic: bool,
    #[command(flatten)]
    pub size: SyntheticArgs,
}

/// The size of a synthetic league (`league demo --synthetic`).
#[derive(clap::Args, Debug)]
pub struct SyntheticArgs {
    /// Seasons to make.
    #[arg(long, default_value_t = 30, requires = "synthetic")]
    pub seasons: u32,
    /// Swiss events in each season.
    #[arg(long, default_value_t = 4, requires = "synthetic")]
    pub events: u32,
    /// Sections in each event, split by rating.
    #[arg(long, default_value_t = 2, requires = "synthetic")]
    pub sections: u32,
    /// Players in the league.
    #[arg(long, default_value_t = 3000, requires = "synthetic")]
    pub players: u32,
    /// Players entering each event (default: 450, or all players if fewer).
    #[arg(long, requires = "synthetic")]
    pub entrants: Option<u32>,
    /// Rounds of each event.
    #[arg(long, default_value_t = 9, requires = "synthetic")]
    pub rounds: u32,
    /// The random seed: the same seed and sizes make the same league.
    #[arg(long, default_value_t = 1, requires = "synthetic")]
    pub seed: u64,
}

/// Remove an earlier demo database, or refuse if the file is something
/// else, or was the demo but has been changed since (it may hold real
/// records now: it is kept, and the secretary told why).
pub fn clear_earlier_demo(path: &Path) -> Result<()> {
    if !path.exists() {
        return Ok(());
    }
    let state = match Store::open_read_only(path) {
        Ok(s) => demo::state(s.conn())?,
        Err(_) => DemoState::NotDemo,
    };
    match state {
        DemoState::Untouched => {}
        DemoState::NotDemo => {
            return Err(Error::invalid(format!(
                "{} exists and is not a demo league written by `league demo`; move it away or choose another file with --out",
                path.display()
            )))
        }
        DemoState::Changed => {
            return Err(Error::invalid(format!(
                "{} began as the demo league but has been changed since (records added, corrected or edited), so it may hold real records; it is kept. Move it away or choose another file with --out",
                path.display()
            )))
        }
    }
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let p = PathBuf::from(p);
        if p.exists() {
            std::fs::remove_file(&p).map_err(|e| Error::file(&p, e))?;
        }
    }
    Ok(())
}

pub fn run(args: DemoArgs) -> Result<()> {
    // Both checks before anything is removed or written.
    let site = site_dir(&args.out);
    crate::site::write::check(&site, &[WRITER])?;
    clear_earlier_demo(&args.out)?;
    if args.synthetic {
        return run_synthetic(&args.out, &args.size);
    }
    let mut store = Store::open(&args.out, true)?;
    store.write(|tx| crate::demo::make(tx, DEMO_SEED))?;
    let conn = store.conn();
    let demo::Counts {
        events,
        players,
        games,
    } = demo::counts(conn)?;
    print(&format!(
        "Wrote the demo league to {}: season 2022-23, {events} events, {players} players, {games} games.\n\n",
        args.out.display()
    ))?;
    let event = seasons::find_event(conn, Some("2022-23"), "Winter Swiss")?;
    let section = seasons::find_section(conn, &event, Some("1600+"))?;
    let report = section_report(conn, &event, &section, &ReportOptions::default())?;
    let mut out = heading(&report);
    out.push_str(&standings_table(&report, false).render(Format::Text));
    let prizes = crate::report::prizes::section_prizes(conn, &event, &section)?;
    out.push('\n');
    out.push_str(&super::prize::heading(&prizes));
    out.push_str("\n\n");
    out.push_str(&super::prize::table(&prizes).render(Format::Text));
    out.push('\n');
    for line in super::prize::working_lines(&prizes) {
        out.push_str(&format!("  {line}\n"));
    }
    out.push_str(&format!(
        "\nTry next (before `league` is installed with `cargo install --locked --path .`, type `cargo run --release --` where these say `league`):\n  league --db {db} prizes --event \"Winter Swiss\" --section 1600+\n  league --db {db} standings --event \"Winter Swiss\" --section 1600+ --explain {no}\n  league --db {db} tiebreaks\n  league --db {db} team crosstable --event \"Club Team Swiss\"\n",
        db = args.out.display(),
        no = report.facts.entries[report.standings.rows[0].player].pairing_no,
    ));
    print(&out)?;
    let scope = crate::site::Scope::Season("2022-23".into());
    let (index, pages) = super::site::write_site(&store, &scope, &site, WRITER, &[WRITER])?;
    print(&format!(
        "\nThe season's results site ({pages} pages) is in {}; open {}\n",
        site.display(),
        index.display()
    ))?;
    Ok(())
}

/// `league demo --synthetic`: write a synthetic league and say how big it is.
fn run_synthetic(out: &Path, size: &SyntheticArgs) -> Result<()> {
    let defaults = SyntheticOptions::default();
    let opts = SyntheticOptions {
        seasons: size.seasons,
        events: size.events,
        sections: size.sections,
        players: size.players,
        entrants: size
            .entrants
            .unwrap_or_else(|| defaults.entrants.min(size.players)),
        rounds: size.rounds,
        seed: size.seed,
        ..defaults
    };
    let started = std::time::Instant::now();
    let mut store = Store::open(out, true)?;
    let bar = indicatif::ProgressBar::new(opts.seasons as u64);
    let made = store.write(|tx| {
        make(tx, &opts, |what| {
            bar.set_message(what.to_string());
            bar.inc(1);
        })
    });
    let made = made.map_err(|e| match e.refusal::<Refusal>() {
        Some(Refusal::Entrants { least, players }) => Error::invalid(format!(
            "--entrants must be between {least} (two a section) and --players ({players})"
        )),
        None => e,
    })?;
    bar.finish_and_clear();
    let counts = [
        (made.seasons as usize, "season", "seasons"),
        (made.events as usize, "event", "events"),
        (made.sections as usize, "section", "sections"),
        (made.players as usize, "player", "players"),
        (made.entries as usize, "entry", "entries"),
        (made.games as usize, "game", "games"),
        (made.byes as usize, "bye", "byes"),
        (made.withdrawals as usize, "withdrawal", "withdrawals"),
    ]
    .map(|(n, one, many)| format!("{n} {}", if n == 1 { one } else { many }))
    .join(", ");
    print(&format!(
        "Wrote a synthetic league to {} in {:.1} s: {counts} (seed {}).\n",
        out.display(),
        started.elapsed().as_secs_f64(),
        opts.seed
    ))?;
    Ok(())
}
