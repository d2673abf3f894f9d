//! One integration-test binary (ripgrep/mdBook style). Each module covers
//! one area; `util` holds the harness.

mod fide_published; // FIDE values of the real TRF files and the TEC exercise, through the parser
mod readme; // the README walkthrough runs as written
mod record; // recording rounds, byes, withdrawals; bad input leaves the database as it was
mod safety; // concurrency, crashes, fuzzing, hostile files, backup/restore, check, audit
mod standings; // standings through the database: JSON checked value by value
mod synthetic; // league demo --synthetic: a large made-up league, usable by every command
mod trf_import; // real TRF files through the database give the same standings as straight from the file
mod util; // TestLeague: a temporary league database and a way to run `league`
