//! One integration-test binary (ripgrep/mdBook style). Each module covers
//! one area; `util` holds the harness.

mod record; // recording rounds, byes, withdrawals; bad input leaves the database as it was
mod safety; // concurrency, crashes, fuzzing, hostile files, backup/restore, check, audit
mod util; // TestLeague: a temporary league database and a way to run `league`
