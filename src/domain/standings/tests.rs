//! Standings tests.
