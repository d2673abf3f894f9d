//! Property tests for standings.
