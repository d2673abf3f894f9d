//! HTTP-level tests of the console: the router called in-process.

mod login;
mod pages;
mod pair;
mod read_only;
mod results;
