//! The command line: clap definitions whose tree mirrors these files, and
//! the dispatch that opens the database once and hands it to the command.
//!
//! Each top-level command has its file, named after it (`league event` is
//! `event/`, `league tiebreaks` is `tiebreaks.rs`); a command whose
//! subcommands need more than one file has a folder, the command in its
//! `mod.rs` and the parts beside it:
//! - `season/` (`grand_prix.rs`: `league season grand-prix`), `event/`
//!   (`details.rs`: the prize and rating-report options of `league event
//!   edit`), `section.rs`;
//! - `player/` (`merge.rs`: `league player merge`), `enter.rs`,
//!   `withdraw.rs`, `entry.rs`;
//! - `round/` (`pairing.rs`: `league round pair`, `league round sheet` and
//!   `league event pair-all`, players and teams alike; `sheet.rs`: the
//!   printed sheets), `game.rs`, `bye.rs`;
//! - `team/`, `match.rs` (`league match`: the module is `r#match`, `match`
//!   being a Rust keyword);
//! - `standings/` (`team.rs`: a team event's standings), `tiebreaks.rs`,
//!   `crosstable.rs`, `prize.rs` (`league prize` and `league prizes`),
//!   `history.rs`, `site.rs`;
//! - `import.rs`, `export.rs`, `ratings.rs`, `report.rs`, `pair.rs`,
//!   `sql.rs`, `log.rs`, `backup.rs`, `restore.rs`, `check.rs`,
//!   `settings.rs`, `use.rs` (`league use`: the module is `r#use`), `demo.rs`.
//!
//! Shared by several commands: `output.rs` (tables, JSON, CSV, the notes
//! above a pairing sheet) and `match_table.rs` (a team round's matches, board
//! by board). Here: the arguments every command takes to name an event or a
//! section ([`EventArgs`], [`SectionArgs`]) and a date ([`parse_date`]).

pub mod backup;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod bye;
pub mod check;
pub mod crosstable;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod demo;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod enter;
pub mod entry;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod event;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod export;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod game;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod history;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod import;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod log;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod r#match;
pub mod match_table;
pub mod output;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod pair;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod player;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod prize;
pub mod ratings;
pub mod report;
pub mod restore;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod round;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod season;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod section;
pub mod serve;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod settings;
pub mod site;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod sql;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod standings;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod team;
pub mod tiebreaks;
pub mod r#use;
pub mod ways;
#[allow(
    missing_docs,
    reason = "issue 13: its public items are still to be documented"
)]
pub mod withdraw;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::domain::league::{Event, Section};
use crate::error::Result;
use crate::store::{season as seasons, Store};

/// The heading the options every command takes (--db, --create, --raw) are
/// listed under, once, apart from each command's own options.
const GLOBAL: &str = "Global options (every command)";

/// How a typed result is read, said in the same words by every help text of
/// `game`, `match` and `round record`, so no secretary has to guess which side
/// a "1-0" is from. `match record --results` keeps the team's side because a
/// team scoresheet and the match score ("3½-½", home first) are written so.
pub(crate) const RESULT_SIDE: &str = "How results are read: from White's side (1-0: White won, 0-1: Black won), \
whichever player or team is named. One exception: `match record --results` reads each board from the \
first-named (home) team's side (1-0: the home team's player won, whatever the colour), as a team \
scoresheet and the match score do; the home team has White on boards 1, 3, 5, ...";

/// Keep a chess league's records: seasons, events, rounds, standings with
/// every documented tiebreak, history across seasons, and a results site.
#[derive(Parser, Debug)]
#[command(name = "league", version, about, max_term_width = 100)]
pub struct Cli {
    /// The league database file.
    #[arg(
        long,
        global = true,
        env = "LEAGUE_DB",
        default_value = "league.db",
        help_heading = GLOBAL
    )]
    pub db: PathBuf,

    /// Start a new database at --db if there is none. Only `league season
    /// add` starts one by itself; any other command on a missing file says
    /// so, so that a mistyped --db never quietly starts an empty league.
    #[arg(long, global = true, help_heading = GLOBAL)]
    pub create: bool,

    /// Write CSV cells exactly as they are. Without it, a cell that begins
    /// with =, +, -, @, a tab or a carriage return (and is not a number)
    /// gets a ' in front, so that a spreadsheet shows it instead of running
    /// it as a formula.
    #[arg(long, global = true, help_heading = GLOBAL)]
    pub raw: bool,

    #[command(subcommand)]
    #[allow(
        missing_docs,
        reason = "clap would show a doc comment here as help text; the variants and fields say what each is"
    )]
    pub command: Command,

    /// Whether --db was given on the command line (not from LEAGUE_DB or the
    /// default): `league demo` writes its own file (`--out`) and says so.
    #[arg(skip)]
    pub db_given: bool,
}

impl Cli {
    /// Parse the process's command line, noting whether --db was given.
    ///
    /// `league --version` (or `-V`) alone is answered before the parser is
    /// built: building clap's description of every command is most of a
    /// short command's start (issue 13: `--version` under 2 ms). The text is
    /// clap's own ([`version_text`], checked against clap by a unit test).
    pub fn parse_args() -> Cli {
        use clap::{CommandFactory, FromArgMatches};
        let mut args = std::env::args_os().skip(1);
        if let (Some(only), None) = (args.next(), args.next()) {
            if only == "--version" || only == "-V" {
                use std::io::Write;
                let mut out = std::io::stdout().lock();
                let written = out.write_all(version_text().as_bytes()).and(out.flush());
                std::process::exit(if written.is_ok() { 0 } else { 1 });
            }
        }
        let matches = Cli::command().get_matches();
        let given = matches
            .value_source("db")
            .is_some_and(|s| s == clap::parser::ValueSource::CommandLine);
        match Cli::from_arg_matches(&matches) {
            Ok(mut cli) => {
                cli.db_given = given;
                cli
            }
            Err(e) => e.exit(),
        }
    }
}

/// What `league --version` prints: the program's name and version, one line,
/// exactly as clap's `--version` writes it.
pub fn version_text() -> String {
    format!("league {}\n", env!("CARGO_PKG_VERSION"))
}

#[derive(Subcommand, Debug)]
#[allow(
    missing_docs,
    reason = "clap would show a doc comment here as help text; the variants and fields say what each is"
)]
pub enum Command {
    /// Seasons: add, list, show, edit, and their grand-prix rules.
    #[command(subcommand)]
    Season(season::SeasonCmd),
    /// Events of a season (Swiss, round robin, team): add, list, show, edit.
    #[command(subcommand)]
    Event(event::EventCmd),
    /// Sections of an event ("1600+", "U1600"): add, list, show, edit.
    #[command(subcommand)]
    Section(section::SectionCmd),
    /// Players of the league: add, list, show, edit, merge.
    #[command(subcommand)]
    Player(player::PlayerCmd),
    /// Enter players into a section (late entries get byes for missed rounds).
    Enter(enter::EnterArgs),
    /// Move an entry to another section, or remove one made by mistake.
    #[command(subcommand)]
    Entry(entry::EntryCmd),
    /// Record that a player withdrew after a round (or undo it with --undo).
    Withdraw(withdraw::WithdrawArgs),
    /// A round: record pairings and results from a sheet, show it, list what is missing.
    #[command(subcommand, after_help = RESULT_SIDE)]
    Round(round::RoundCmd),
    /// One game: pair, record, correct or delete it.
    #[command(subcommand, after_help = RESULT_SIDE)]
    Game(game::GameCmd),
    /// Byes: full-point, half-point or zero-point.
    #[command(subcommand)]
    Bye(bye::ByeCmd),
    /// Teams of a team event: add, list, show, roster, withdraw, edit (team rules), crosstable, boards.
    #[command(subcommand)]
    Team(team::TeamCmd),
    /// Team matches: record (board by board or by score), bye, correct, delete, show.
    #[command(subcommand, after_help = RESULT_SIDE)]
    Match(r#match::MatchCmd),
    /// A section's prize list: add, list, remove, and name special prizes' winners.
    #[command(subcommand)]
    Prize(prize::PrizeCmd),
    /// Who wins which prize, by US Chess 32B (or Hort, or tiebreak), with the working.
    Prizes(prize::PrizesArgs),
    /// Standings of a section with the event's tiebreaks (or others), and the working behind them.
    Standings(standings::StandingsArgs),
    /// A section's crosstable (wall chart) for the terminal or e-mail; a team event's team crosstable.
    Crosstable(crosstable::CrosstableArgs),
    /// List every tiebreak code with its meaning, and the presets.
    Tiebreaks(tiebreaks::TiebreaksArgs),
    /// Pair the next round of a TRF file (FIDE Dutch system), without a database.
    Pair(pair::PairArgs),
    /// The league across seasons: a player's record, head to head, winners, a season and its grand prix.
    #[command(subcommand)]
    History(history::HistoryCmd),
    /// Write the results site: seasons, events, standings, crosstables, player pages.
    Site(site::SiteArgs),
    /// Import from other programs' files: FIDE TRF, player lists (CSV), JSON exports.
    #[command(subcommand)]
    Import(import::ImportCmd),
    /// Export for other programs and databases: TRF, JSON, CSV.
    #[command(subcommand)]
    Export(export::ExportCmd),
    /// Rating lists in: a US Chess supplement or a FIDE list updates players' ratings.
    #[command(subcommand)]
    Ratings(ratings::RatingsCmd),
    /// Reports to send after an event: the US Chess rating report (dBase files).
    #[command(subcommand)]
    Report(report::ReportCmd),
    /// A read-only SQL query against the documented views (docs/views.md): table, CSV or JSON.
    Sql(sql::SqlArgs),
    /// The audit trail of corrections, deletions, renames, withdrawals, edits and restores.
    Log(log::LogArgs),
    /// Copy the database to PATH (safe while another command is recording).
    Backup(backup::BackupArgs),
    /// Bring back a backup, after checking it; the current database is kept as a copy.
    Restore(restore::RestoreArgs),
    /// Check the database file and the league's records; exits non-zero on any problem.
    Check(check::CheckArgs),
    /// League-wide settings: the league's name (the results site's title).
    #[command(subcommand)]
    Settings(settings::SettingsCmd),
    /// Set (or show, or clear) the event and section a week's commands act on without --event.
    Use(r#use::UseArgs),
    /// Write a demonstration league (demo.db) and show what the program does.
    Demo(demo::DemoArgs),
    /// Club night in the browser: the secretary's console and the players' board.
    Serve(serve::ServeArgs),
}

/// Check a date is a real YYYY-MM-DD date.
pub fn parse_date(text: &str) -> std::result::Result<String, String> {
    let fmt = time::macros::format_description!("[year]-[month]-[day]");
    time::Date::parse(text.trim(), &fmt)
        .map(|d| d.format(&fmt).unwrap_or_default())
        .map_err(|_| format!("\"{text}\" is not a date; write it as YYYY-MM-DD"))
}

/// A round's start time, HH:MM on the 24-hour clock ("19:30"; "7:30" is
/// read as 07:30).
pub fn parse_time(text: &str) -> std::result::Result<String, String> {
    crate::domain::text::clock_time(text).ok_or_else(|| {
        format!("\"{text}\" is not a time; write it as HH:MM on the 24-hour clock, e.g. 19:30")
    })
}

/// Which event: `--event NAME [--season NAME]`, or the one `league use`
/// set when none is named.
#[derive(clap::Args, Debug, Clone)]
pub struct EventArgs {
    /// The event's name, e.g. "Winter Swiss" (default: the one set with `league use`).
    #[arg(long)]
    pub event: Option<String>,
    /// The season, when the event name is used in more than one season.
    #[arg(long)]
    pub season: Option<String>,
}

impl EventArgs {
    /// The event named, in the season named when one is given; with no
    /// event named, the context's (`league use`).
    pub fn find(&self, store: &Store) -> Result<Event> {
        let (name, season) = self.named(store)?;
        seasons::find_event(store.conn(), season.as_deref(), &name)
    }

    /// The event's name and season as given, or as `league use` set them.
    /// With neither, a refusal that lists the events there are.
    pub fn named(&self, store: &Store) -> Result<(String, Option<String>)> {
        if let Some(name) = &self.event {
            return Ok((name.clone(), self.season.clone()));
        }
        let ctx = crate::store::context::current(store.conn())?;
        match ctx.event {
            Some(name) => Ok((name, self.season.clone().or(ctx.season))),
            None => Err(no_event_named(store)?),
        }
    }

    /// Whether the event comes from the context (none named here).
    pub fn from_context(&self) -> bool {
        self.event.is_none()
    }
}

/// An event and section as an echo names them: "Winter Swiss 1600+", with
/// the season when another season has an event of the same name ("Winter
/// Swiss 1600+ (2023-24)"), so that a command acting on the context says
/// which of them it acted on; a section the event's name already ends with
/// is not said twice ("Winter FIDE Open", not "Winter FIDE Open Open").
pub fn event_section_label(store: &Store, event: &Event, section: &str) -> Result<String> {
    let namesakes = seasons::events(store.conn(), None)?
        .iter()
        .filter(|e| e.name.eq_ignore_ascii_case(&event.name))
        .count();
    let both = output::event_section(&event.name, section);
    Ok(if namesakes > 1 {
        format!("{both} ({})", event.season)
    } else {
        both
    })
}

/// No `--event` and no `league use`: say so, listing the events there are.
fn no_event_named(store: &Store) -> Result<crate::error::Error> {
    let all = seasons::events(store.conn(), None)?;
    let list = if all.is_empty() {
        "there are no events yet: add one with `league event add`".to_string()
    } else {
        format!(
            "the events are: {}",
            all.iter()
                .map(|e| format!("{} ({})", e.name, e.season))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    Ok(crate::error::Error::invalid(format!(
        "which event? Give --event NAME, or set the event for the week's commands with `league use --event NAME`; {list}"
    )))
}

/// Which section: `--event NAME [--season NAME] [--section NAME]`, or the
/// ones `league use` set.
#[derive(clap::Args, Debug, Clone)]
pub struct SectionArgs {
    #[command(flatten)]
    #[allow(
        missing_docs,
        reason = "clap would show a doc comment here as help text; the variants and fields say what each is"
    )]
    pub event: EventArgs,
    /// The section, e.g. "U1600"; may be left out when the event has one section, or when
    /// `league use` set it.
    #[arg(long)]
    pub section: Option<String>,
}

impl SectionArgs {
    /// The event and the section named (the context's section when the
    /// event is the context's and no section is named; the only section
    /// when the event has one).
    pub fn find(&self, store: &Store) -> Result<(Event, Section)> {
        let event = self.event.find(store)?;
        let section = self.section_name(store)?;
        let section = seasons::find_section(store.conn(), &event, section.as_deref())?;
        Ok((event, section))
    }

    /// The section named, or the context's when the event is the
    /// context's too (`league use`); `None` when neither names one.
    pub fn section_name(&self, store: &Store) -> Result<Option<String>> {
        Ok(match &self.section {
            Some(s) => Some(s.clone()),
            None if self.event.from_context() => {
                crate::store::context::current(store.conn())?.section
            }
            None => None,
        })
    }
}

/// Run a parsed command line. Failures of the database file itself (full
/// disk, read-only, damaged) are put in words naming the file
/// ([`store::explain`](crate::store::explain)).
pub fn run(cli: Cli) -> Result<()> {
    let db = cli.db.clone();
    output::set_raw_csv(cli.raw);
    let reading = reads_only(&cli.command)
        || matches!(
            cli.command,
            Command::Check(_) | Command::Backup(_) | Command::Sql(_)
        );
    run_command(cli).map_err(|e| {
        // Explained first: a failure of the file itself leaves its way on
        // to the hint.
        let e = if reading {
            crate::store::explain_read(&db, e)
        } else {
            crate::store::explain(&db, e)
        };
        let hint = store_hint(&e);
        e.with_hint(hint)
    })
}

/// Refuse a control character in any argument (a name, a reason, a file
/// name): ESC, BEL and OSC sequences would be stored and later reach a
/// terminal as commands, and NUL cuts text short. A query for `league sql`
/// may hold line ends and tabs.
fn check_arguments(command: &Command) -> Result<()> {
    let keep: &[char] = if matches!(command, Command::Sql(_)) {
        &['\n', '\r', '\t']
    } else {
        &[]
    };
    for arg in std::env::args_os().skip(1) {
        let arg = arg.to_string_lossy();
        let plain: String = arg.chars().filter(|c| !keep.contains(c)).collect();
        if let Err(problem) = crate::domain::text::no_controls(&plain) {
            let shown = crate::domain::text::escape_controls(&arg);
            return Err(crate::error::Error::invalid(format!(
                "the argument \"{shown}\": {problem}"
            )));
        }
    }
    Ok(())
}

fn run_command(cli: Cli) -> Result<()> {
    check_arguments(&cli.command)?;
    match cli.command {
        Command::Demo(_) if cli.db_given => Err(crate::error::Error::invalid(format!(
            "league demo writes its own database; give the file with --out {} instead of --db",
            cli.db.display()
        ))),
        Command::Demo(args) => demo::run(args),
        Command::Tiebreaks(args) => tiebreaks::run_tiebreaks(args),
        Command::Pair(args) => pair::run(args),
        // These open the file themselves: they must not upgrade it (backup,
        // check) or must work when it cannot be opened (restore).
        Command::Backup(args) => backup::run(&cli.db, args),
        Command::Restore(args) => restore::run(&cli.db, args),
        Command::Check(args) => check::run(&cli.db, args),
        // Opens the file for the server's own connections.
        Command::Serve(args) => serve::run(&cli.db, args),
        // Read-only: never migrates or writes the file.
        Command::Sql(args) => sql::run(&cli.db, args),
        // The file is read and parsed first: one that does not parse
        // leaves no database behind, even at a mistyped --db.
        Command::Import(c) => {
            let parsed = import::parse(c)?;
            let mut store = open_saying_if_new(&cli.db, cli.create)?;
            import::run(&mut store, parsed)
        }
        command if reads_only(&command) => {
            let mut store = Store::open_for_reading(&cli.db)?;
            dispatch(&mut store, command)
        }
        command => {
            let create =
                cli.create || matches!(command, Command::Season(season::SeasonCmd::Add(_)));
            let mut store = open_saying_if_new(&cli.db, create)?;
            dispatch(&mut store, command)
        }
    }
}

/// Open the database (starting one when `create` allows), and say so when
/// a new file was started: a mistyped --db ("leage.db") on `league season
/// add` would otherwise start a second league without a word.
fn open_saying_if_new(db: &std::path::Path, create: bool) -> Result<Store> {
    let existed = db.exists();
    let store = Store::open(db, create)?;
    if !existed {
        // On standard error, so that a command's own output (JSON, CSV)
        // stays what it was.
        eprintln!(
            "Started a new league file {} (no league was there; if you meant another file, check --db).",
            crate::domain::text::escape_controls(&db.display().to_string())
        );
    }
    Ok(store)
}

/// The commands that only read: reports and lists. They open the database
/// read-only ([`Store::open_for_reading`]), so they work on a file the
/// secretary cannot write; every other command needs write access.
pub fn reads_only(command: &Command) -> bool {
    use event::EventCmd;
    use season::SeasonCmd;
    use section::SectionCmd;
    matches!(
        command,
        Command::Season(SeasonCmd::List { .. } | SeasonCmd::Show { .. })
            | Command::Event(EventCmd::List { .. } | EventCmd::Show { .. })
            | Command::Section(SectionCmd::List { .. } | SectionCmd::Show { .. })
            | Command::Player(player::PlayerCmd::List { .. } | player::PlayerCmd::Show { .. })
            | Command::Team(
                team::TeamCmd::List { .. }
                    | team::TeamCmd::Show { .. }
                    | team::TeamCmd::Crosstable(_)
                    | team::TeamCmd::Boards { .. }
            )
            | Command::Match(r#match::MatchCmd::Show { .. })
            | Command::Round(
                round::RoundCmd::Show { .. }
                    | round::RoundCmd::Missing { .. }
                    | round::RoundCmd::Sheet(_)
            )
            | Command::Prizes(_)
            | Command::Prize(prize::PrizeCmd::List { .. })
            | Command::Ratings(ratings::RatingsCmd::List)
            | Command::Settings(settings::SettingsCmd::Show { .. })
            | Command::Standings(_)
            | Command::Crosstable(_)
            | Command::History(_)
            | Command::Site(_)
            | Command::Export(_)
            | Command::Log(_)
    )
}

fn dispatch(store: &mut Store, command: Command) -> Result<()> {
    match command {
        Command::Season(c) => season::run_season(store, c),
        Command::Event(c) => event::run_event(store, c),
        Command::Section(c) => section::run_section(store, c),
        Command::Player(c) => player::run_player(store, c),
        Command::Enter(a) => enter::run_enter(store, a),
        Command::Withdraw(a) => withdraw::run_withdraw(store, a),
        Command::Entry(c) => entry::run(store, c),
        Command::Round(c) => round::run_round(store, c),
        Command::Game(c) => game::run_game(store, c),
        Command::Bye(c) => bye::run_bye(store, c),
        Command::Log(a) => log::run(store, a),
        Command::Prize(c) => prize::run(store, c),
        Command::Prizes(a) => prize::run_prizes(store, a),
        Command::Standings(a) => standings::run_standings(store, a),
        Command::Export(c) => export::run(store, c),
        Command::Report(c) => report::run(store, c),
        Command::Ratings(c) => ratings::run(store, c),
        Command::Team(c) => team::run_team(store, c),
        Command::Match(c) => r#match::run_match(store, c),
        Command::History(c) => history::run(store, c),
        Command::Crosstable(a) => crosstable::run(store, a),
        Command::Site(a) => site::run(store, a),
        Command::Settings(c) => settings::run(store, c),
        Command::Use(a) => r#use::run(store, a),
        Command::Demo(_)
        | Command::Tiebreaks(_)
        | Command::Pair(_)
        | Command::Backup(_)
        | Command::Restore(_)
        | Command::Check(_)
        | Command::Serve(_)
        | Command::Import(_)
        | Command::Sql(_) => {
            unreachable!("handled before the database is opened")
        }
    }
}

/// The CLI's way on from a refusal the store's lookups share with every
/// command (which section of an event was meant), and from a round beyond
/// the event's rounds.
fn store_hint(e: &crate::error::Error) -> Option<String> {
    use crate::app::round::Refusal as RoundRefusal;
    use crate::error::Error;
    use crate::store::season::SectionRefusal;
    if let Some(way) = e.way() {
        return Some(ways::hint(way));
    }
    // A round beyond the event's, refused wherever a round is recorded (a
    // sheet, a game, a match), unless the command gave its own way on.
    if let (Some(RoundRefusal::BeyondEvent { .. }), Error::Refused(r)) =
        (e.refusal::<RoundRefusal>(), e)
    {
        return r
            .hint
            .is_none()
            .then(|| " (change the event's rounds with `league event edit --rounds`)".to_string());
    }
    let text = match e.refusal::<SectionRefusal>()? {
        SectionRefusal::NoSections { .. } => "; add one with `league section add`",
        SectionRefusal::Several { .. } => "; say which with --section",
    };
    Some(text.into())
}

/// Exit status: 2 for a mistake in what was asked or supplied, 3 for a
/// database that cannot be used, 1 for anything else.
pub fn exit_code(e: &crate::error::Error) -> u8 {
    use crate::error::Error;
    match e.cause() {
        Error::Input(_) | Error::Invalid(_) | Error::NotFound(_) | Error::Refused(_) => 2,
        Error::Database(_) => 3,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn verify_cli() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }

    /// The early answer to `--version` is word for word clap's.
    #[test]
    fn the_early_version_text_is_claps() {
        use clap::CommandFactory;
        let clap_says = super::Cli::command().render_version();
        assert_eq!(super::version_text(), clap_says);
        assert!(clap_says.starts_with("league 0."), "{clap_says}");
    }
}

#[cfg(test)]
mod help_tests {
    use clap::CommandFactory;

    /// Every command and every option says what it is for in `--help`.
    #[test]
    fn every_command_and_option_has_help_text() {
        fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for sub in cmd.get_subcommands() {
                let name = format!("{path} {}", sub.get_name());
                if sub.get_about().is_none() {
                    missing.push(format!("{name}: no description"));
                }
                for arg in sub.get_arguments() {
                    let id = arg.get_id().as_str();
                    if id == "help" || id == "version" || arg.is_hide_set() {
                        continue;
                    }
                    if arg.get_help().is_none() {
                        missing.push(format!("{name} --{id}: no help text"));
                    }
                }
                walk(sub, &name, missing);
            }
        }
        let mut missing = Vec::new();
        walk(&super::Cli::command(), "league", &mut missing);
        assert!(
            missing.is_empty(),
            "{} without help:\n{}",
            missing.len(),
            missing.join("\n")
        );
    }
}
