-- Migration 2: players.

-- A person, across all seasons. Name corrections keep the same row, so the
-- history stays attached.
CREATE TABLE player (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL CHECK (length(trim(name)) > 0),
    uscf_id     TEXT UNIQUE CHECK (uscf_id IS NULL OR length(uscf_id) > 0),
    fide_id     TEXT UNIQUE CHECK (fide_id IS NULL OR length(fide_id) > 0),
    -- Current ratings, when known (an entry keeps the rating at entry).
    rating      INTEGER CHECK (rating IS NULL OR rating BETWEEN 0 AND 4000),
    fide_rating INTEGER CHECK (fide_rating IS NULL OR fide_rating BETWEEN 0 AND 4000),
    federation  TEXT,
    title       TEXT
) STRICT;

CREATE INDEX player_name ON player(name COLLATE NOCASE);
