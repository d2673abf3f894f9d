-- Migration 6: the audit trail of corrections and deletions.
CREATE TABLE audit (
    id          INTEGER PRIMARY KEY,
    at          TEXT NOT NULL,              -- UTC timestamp, ISO 8601
    who         TEXT,                       -- $LEAGUE_USER or $USER when known
    action      TEXT NOT NULL CHECK (action IN ('correct', 'delete', 'rename', 'merge', 'withdraw', 'edit', 'restore')),
    subject     TEXT NOT NULL,              -- what changed, in words ("Winter Swiss U1600 round 3 board 2")
    old_value   TEXT,
    new_value   TEXT,
    reason      TEXT
) STRICT;
