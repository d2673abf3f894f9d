//! `league demo`: write the demo league to `demo.db` (refusing to overwrite
//! a file that is not the demo's own earlier output) and show what the
//! program does with it.

use std::path::{Path, PathBuf};

use super::output::{print, Format};
use super::standings::{heading, standings_table};
use crate::error::{Error, Result};
use crate::report::{section_report, ReportOptions};
use crate::store::season as seasons;
use crate::store::Store;

/// The demo's fixed seed: every run makes the same league.
pub const DEMO_SEED: u64 = 2022;

/// The writer's name in the demo site's `.league-site` file: the demo only
/// replaces a site folder it wrote itself.
pub const WRITER: &str = "league demo";

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
}

/// Remove an earlier demo database, or refuse if the file is something else.
pub fn clear_earlier_demo(path: &Path) -> Result<()> {
    if !path.exists() {
        return Ok(());
    }
    let ours = Store::open_read_only(path)
        .ok()
        .and_then(|s| {
            s.conn()
                .query_row(
                    "SELECT value FROM setting WHERE key = 'generated_by'",
                    [],
                    |r| r.get::<_, String>(0),
                )
                .ok()
        })
        .is_some_and(|v| v == "league demo");
    if !ours {
        return Err(Error::invalid(format!(
            "{} exists and is not a demo league written by `league demo`; move it away or choose another file with --out",
            path.display()
        )));
    }
    for suffix in ["", "-wal", "-shm"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let p = PathBuf::from(p);
        if p.exists() {
            std::fs::remove_file(&p)?;
        }
    }
    Ok(())
}

pub fn run(args: DemoArgs) -> Result<()> {
    // Both checks before anything is removed or written.
    let site = site_dir(&args.out);
    crate::site::write::check(&site, &[WRITER])?;
    clear_earlier_demo(&args.out)?;
    let mut store = Store::open(&args.out, true)?;
    store.write(|tx| {
        tx.execute(
            "INSERT INTO setting (key, value) VALUES ('generated_by', 'league demo')",
            [],
        )?;
        crate::demo::generate(tx, DEMO_SEED)
    })?;
    let conn = store.conn();
    let (events, games, players): (i64, i64, i64) = conn.query_row(
        "SELECT (SELECT count(*) FROM event), (SELECT count(*) FROM game), (SELECT count(*) FROM player)",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?;
    print(&format!(
        "Wrote the demo league to {}: season 2022-23, {events} events, {players} players, {games} games.\n\n",
        args.out.display()
    ))?;
    let event = seasons::find_event(conn, Some("2022-23"), "Winter Swiss")?;
    let section = seasons::find_section(conn, &event, Some("1600+"))?;
    let report = section_report(conn, &event, &section, &ReportOptions::default())?;
    let mut out = heading(&report);
    out.push_str(&standings_table(&report, false).render(Format::Text));
    out.push_str(&format!(
        "\nTry next:\n  league --db {db} standings --event \"Winter Swiss\" --section 1600+ --explain {no}\n  league --db {db} tiebreaks\n  league --db {db} team crosstable --event \"Club Team Swiss\"\n",
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
