-- chess-league schema, migration 1: seasons, events and sections.
--
-- Conventions for every migration (fixed here so they stay fixed):
-- * Tables are singular snake_case (season, event, game); views are named for
--   the fact they give (player_round, opponent_score).
-- * Every table is STRICT; every enumerated value has a CHECK.
-- * Points are stored as whole half-points (`*_halves` columns), never REAL.
-- * Dates are ISO 8601 text (YYYY-MM-DD).
-- * A landed migration is never edited: a change is a new migration.

-- A season of the league, e.g. "2022-23".
CREATE TABLE season (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
    start_date  TEXT CHECK (start_date IS NULL OR date(start_date) IS start_date),
    end_date    TEXT CHECK (end_date IS NULL OR date(end_date) IS end_date),
    -- Grand-prix rules for season-long tables (JSON), when the season has them.
    grand_prix  TEXT
) STRICT;

-- An event within a season: "Winter Swiss", "Club Championship".
CREATE TABLE event (
    id          INTEGER PRIMARY KEY,
    season_id   INTEGER NOT NULL REFERENCES season(id) ON DELETE CASCADE,
    name        TEXT NOT NULL CHECK (length(trim(name)) > 0),
    kind        TEXT NOT NULL CHECK (kind IN ('swiss', 'round-robin', 'team-swiss', 'team-round-robin')),
    -- Planned number of rounds.
    rounds      INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 99),
    start_date  TEXT CHECK (start_date IS NULL OR date(start_date) IS start_date),
    end_date    TEXT CHECK (end_date IS NULL OR date(end_date) IS end_date),
    -- Tiebreak order: a preset name or comma-separated codes (see `league tiebreaks`).
    tiebreaks   TEXT NOT NULL,
    -- US Chess "actual play before unplayed points" rule (spec 1.15).
    actual_play_first INTEGER NOT NULL DEFAULT 0 CHECK (actual_play_first IN (0, 1)),
    -- FIDE C.07 edition for unplayed rounds; NULL: follow the start date.
    fide_edition INTEGER CHECK (fide_edition IS NULL OR fide_edition IN (2009, 2024, 2026)),
    -- US Chess `sb` on adjusted instead of final scores (spec decision 3).
    sb_adjusted INTEGER NOT NULL DEFAULT 0 CHECK (sb_adjusted IN (0, 1)),
    -- Coin flip allowed (non-divisible prizes only); its seed once drawn.
    coin_allowed INTEGER NOT NULL DEFAULT 0 CHECK (coin_allowed IN (0, 1)),
    coin_seed   INTEGER,
    UNIQUE (season_id, name)
) STRICT;

-- A section of an event: "1600+", "U1600", or the only section "Open".
CREATE TABLE section (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    name        TEXT NOT NULL CHECK (length(trim(name)) > 0),
    rating_min  INTEGER CHECK (rating_min IS NULL OR rating_min >= 0),
    rating_max  INTEGER CHECK (rating_max IS NULL OR rating_max >= 0),
    CHECK (rating_min IS NULL OR rating_max IS NULL OR rating_min <= rating_max),
    UNIQUE (event_id, name)
) STRICT;

CREATE INDEX event_season ON event(season_id);
CREATE INDEX section_event ON section(event_id);
