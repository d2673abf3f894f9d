//! One integration-test binary (ripgrep/mdBook style). Each module covers
//! one area; `util` holds the harness.

mod readme; // the README walkthrough runs as written
mod record;
mod standings; // standings through the database: JSON checked value by value // recording rounds, byes, withdrawals; bad input leaves the database as it was
mod util; // TestLeague: a temporary league database and a way to run `league`
