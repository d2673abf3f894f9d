//! One integration-test binary (ripgrep/mdBook style). Each module covers
//! one area; `util` holds the harness.

mod dates_and_lists; // issue 30: dates in order, the FIDE edition kept, future rating lists, removing a list
mod demo; // league demo pairs with the engine: no rematch, colours within ±2, rounds equal league pair's
mod dutch_replay; // the Dutch engine replays the reference engine's 956 rounds
mod event_live_data; // issue 28: an event's venue and stated rating, a round's start time, bidi controls stripped on import
mod fide_published; // FIDE values of the real TRF files and the TEC exercise, through the parser
mod history; // history across three seasons (rename, merge), grand prix, league sql read-only, documented views exist
mod interchange; // TRF/JSON/CSV export and import: round trips, bad files, no panics
mod interchange_team; // JSON interchange of team events' forfeited boards, byes, withdrawals, and grand-prix rules
mod layers; // dependencies point one way: no cycles between files, rusqlite only in the store
mod pair_cli; // league pair FILE.trf: JSON, sheet, TRF written back, contradictions refused
mod pairing; // league round pair, round sheet, event pair-all: round robins, byes, dry runs, refusals
mod prizes; // prize lists through the commands: pooled ties, Hort, special prizes, refusals
mod rating_change; // estimated FIDE rating changes and US Chess post-event ratings on league standings
mod readme; // the README walkthrough runs as written
mod record; // recording rounds, byes, withdrawals; bad input leaves the database as it was
mod reports; // the US Chess rating report: missing fields, the dBase files read back, golden copy
mod safety; // concurrency, crashes, fuzzing, hostile files, backup/restore, check, audit
mod self_contained; // nothing reads data from outside the repository
mod serve; // league serve: the addresses, the one-time token over a real connection, the password for the network, Ctrl-C
mod serve_board; // issue 26: the players' board through a real league serve: the round, find my board, live updates, players' reports
mod serve_browser; // issue 26: a club night in Chromium through chromedriver at 390x844 and 1366x900
mod serve_faults; // issue 26: league serve killed with kill -9 loses no acknowledged result; full disk, read-only database, a command writing meanwhile
mod serve_http; // a few lines of HTTP for the serve tests and chromedriver
mod site; // the results site (golden pages, links, hostile names, headless Chromium) and `league crosstable`
mod site_live; // the results site during a live event: pending rounds, starting list, find-my-board, phone widths, print, wording
mod site_reading; // issue 28 items 12-14 on the demo site: charts by date, tables a reader can follow, counts agreeing with their nouns
mod slips; // a secretary's slips: names, rematches, round gaps, future byes, ambiguous results
mod slips_three; // issue 27: rounds typed in ahead of results, duplicates, one season's site, honest headings, league use
mod slips_two; // issue 27: a result typed from the winner's side, a deleted game's hole, a sheet whose names and numbers disagree
mod standings; // standings through the database: JSON checked value by value
mod synthetic; // league demo --synthetic: a large made-up league, usable by every command
mod team; // team events: §5.13 through the commands, rosters, matches, bad input
mod team_pairing; // league round pair on team events: team Swiss and round robin, line-ups, refusals
mod trf_import; // real TRF files through the database give the same standings as straight from the file
mod uscf; // the US Chess Swiss system through the commands: event options, clubs, JSON, league pair --system uscf|berger
mod util; // TestLeague: a temporary league database and a way to run `league`
mod wording; // insta snapshots of every --help and of the errors secretaries meet most
