-- Migration 15: after the last round (issue 18): prize lists, the fields
-- the US Chess and FIDE rating reports need, and rating history.
--
-- Why: a secretary pays prizes and sends rating reports when an event
-- ends. The prize list is kept per section (an event with one section has
-- one list); the award itself is computed (domain::prizes), never stored,
-- so a corrected result re-awards the prizes by itself. Only special
-- prizes (best game, upset) store their winner, who is named by hand.

-- How tied players share cash prizes: US Chess 32B pooling, FIDE's Hort
-- system, or strictly by tiebreak.
ALTER TABLE event ADD COLUMN prize_split TEXT NOT NULL DEFAULT 'pooled'
    CHECK (prize_split IN ('pooled', 'hort', 'tiebreak'));

-- What the rating reports need about the event (all optional here; each
-- report lists the ones it misses before it writes anything).
ALTER TABLE event ADD COLUMN affiliate_id TEXT
    CHECK (affiliate_id IS NULL OR length(trim(affiliate_id)) > 0);
ALTER TABLE event ADD COLUMN chief_td_id TEXT
    CHECK (chief_td_id IS NULL OR length(trim(chief_td_id)) > 0);
ALTER TABLE event ADD COLUMN assistant_td_id TEXT
    CHECK (assistant_td_id IS NULL OR length(trim(assistant_td_id)) > 0);
ALTER TABLE event ADD COLUMN city TEXT CHECK (city IS NULL OR length(trim(city)) > 0);
-- Two-letter US state or Canadian province code, upper case.
ALTER TABLE event ADD COLUMN state TEXT
    CHECK (state IS NULL OR (length(state) = 2 AND state = upper(state)));
ALTER TABLE event ADD COLUMN zip TEXT CHECK (zip IS NULL OR length(trim(zip)) > 0);
-- Country: three-letter code as FIDE writes federations (USA).
ALTER TABLE event ADD COLUMN country TEXT
    CHECK (country IS NULL OR (length(country) = 3 AND country = upper(country)));
-- As announced, e.g. "G/90;d5" or "40/120, SD/30".
ALTER TABLE event ADD COLUMN time_control TEXT
    CHECK (time_control IS NULL OR length(trim(time_control)) > 0);
-- US Chess rating system the event is rated under.
ALTER TABLE event ADD COLUMN rating_system TEXT
    CHECK (rating_system IS NULL OR rating_system IN ('regular', 'quick', 'dual'));
-- FIDE arbiters, by name as TRF lines 102 and 112 carry them.
ALTER TABLE event ADD COLUMN chief_arbiter TEXT
    CHECK (chief_arbiter IS NULL OR length(trim(chief_arbiter)) > 0);
ALTER TABLE event ADD COLUMN deputy_arbiter TEXT
    CHECK (deputy_arbiter IS NULL OR length(trim(deputy_arbiter)) > 0);

-- A player's US state (two letters), for the US Chess report.
ALTER TABLE player ADD COLUMN state TEXT
    CHECK (state IS NULL OR (length(state) = 2 AND state = upper(state)));

-- A section's prize list, in the order announced.
CREATE TABLE prize (
    id          INTEGER PRIMARY KEY,
    section_id  INTEGER NOT NULL REFERENCES section(id) ON DELETE CASCADE,
    -- Position in the list (1, 2, ...): the order prizes are shown and, for
    -- trophies, handed out.
    position    INTEGER NOT NULL CHECK (position >= 1),
    -- place: a place in the standings; class: a place among a rating class;
    -- special: awarded by hand (best game, upset).
    kind        TEXT NOT NULL CHECK (kind IN ('place', 'class', 'special')),
    -- The place (1 for 1st), overall or within the class; 1 for special.
    place       INTEGER NOT NULL DEFAULT 1 CHECK (place >= 1),
    -- A class: rated min <= rating < below (either open), or unrated only.
    rating_min  INTEGER CHECK (rating_min IS NULL OR rating_min BETWEEN 0 AND 4000),
    rating_below INTEGER CHECK (rating_below IS NULL OR rating_below BETWEEN 1 AND 4001),
    unrated     INTEGER NOT NULL DEFAULT 0 CHECK (unrated IN (0, 1)),
    -- A special prize's name ("Best game").
    name        TEXT CHECK (name IS NULL OR length(trim(name)) > 0),
    -- Money in cents, or an indivisible item ("trophy"): exactly one.
    cash_cents  INTEGER CHECK (cash_cents IS NULL OR cash_cents > 0),
    item        TEXT CHECK (item IS NULL OR length(trim(item)) > 0),
    -- A special prize's winner, named by the secretary.
    winner_entry_id INTEGER REFERENCES entry(id) ON DELETE SET NULL,
    CHECK ((cash_cents IS NULL) <> (item IS NULL)),
    CHECK (kind = 'class' OR (rating_min IS NULL AND rating_below IS NULL AND unrated = 0)),
    CHECK (kind <> 'class' OR unrated = 1 OR rating_min IS NOT NULL OR rating_below IS NOT NULL),
    CHECK (unrated = 0 OR (rating_min IS NULL AND rating_below IS NULL)),
    CHECK (rating_min IS NULL OR rating_below IS NULL OR rating_min < rating_below),
    CHECK ((kind = 'special') = (name IS NOT NULL)),
    CHECK (kind = 'special' OR winner_entry_id IS NULL),
    UNIQUE (section_id, position)
) STRICT;

CREATE INDEX prize_section ON prize(section_id);

-- Ratings a player had before a rating list replaced them (`league
-- ratings import`): one row per player, system and list.
CREATE TABLE rating_history (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
    -- uscf: US Chess regular rating (player.rating); fide: player.fide_rating.
    system      TEXT NOT NULL CHECK (system IN ('uscf', 'fide')),
    rating      INTEGER NOT NULL CHECK (rating BETWEEN 0 AND 4000),
    -- The list that replaced it (its file name, or the name given with
    -- --list), and the date it was replaced.
    list        TEXT NOT NULL CHECK (length(trim(list)) > 0),
    replaced_on TEXT NOT NULL CHECK (date(replaced_on) IS replaced_on)
) STRICT;

CREATE INDEX rating_history_player ON rating_history(player_id, system);
