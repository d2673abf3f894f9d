-- Migration 4: players entered in sections.

-- A player entered in a section.
CREATE TABLE entry (
    id          INTEGER PRIMARY KEY,
    section_id  INTEGER NOT NULL REFERENCES section(id) ON DELETE CASCADE,
    player_id   INTEGER NOT NULL REFERENCES player(id),
    pairing_no  INTEGER NOT NULL CHECK (pairing_no >= 1),
    -- Rating at entry (pre-event), used by rating-based tiebreaks.
    rating      INTEGER CHECK (rating IS NULL OR rating BETWEEN 0 AND 4000),
    -- Team, for team events.
    team_id     INTEGER REFERENCES team(id),
    -- The last round the player took part in before withdrawing.
    withdrawn_after INTEGER CHECK (withdrawn_after IS NULL OR withdrawn_after >= 0),
    UNIQUE (section_id, player_id),
    UNIQUE (section_id, pairing_no),
    -- Lets games name (entry, section) pairs, so SQLite itself keeps both
    -- players of a game in the game's section.
    UNIQUE (id, section_id)
) STRICT;

CREATE INDEX entry_player ON entry(player_id);
