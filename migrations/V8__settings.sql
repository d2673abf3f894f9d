-- Migration 8: league-wide settings as key/value text.
-- Keys in use: 'league_name' (title of the results site), 'generated_by'
-- ('league demo' marks a database the demo may overwrite).
CREATE TABLE setting (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL
) STRICT;
