//! HTTP-level tests of the console: the router called in-process.

mod entries;
mod file_faults;
mod login;
mod merge;
mod pages;
mod pair;
mod pairing_rules;
mod prizes;
mod ratings;
mod read_only;
mod results;
mod season_edit;
mod setup;
mod teams;
mod upload;
