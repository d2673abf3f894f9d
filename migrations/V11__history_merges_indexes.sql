-- Migration 11: history across seasons.
--
-- * player_merge records every merge of two player rows into one (the same
--   person recorded twice, under slightly different names or with and
--   without an id): who into whom, when, by whom, why, and what moved. The
--   merged-away player row is deleted, so its id and name are kept here as
--   text; the audit table gets a 'merge' row as well.
-- * Indexes for what history filters by. Already there: entry(player_id)
--   (V4), game(white_entry), game(black_entry), bye(entry_id) (V5).
-- * A season's grand-prix rules live in season.grand_prix (V1), as JSON.

CREATE TABLE player_merge (
    id          INTEGER PRIMARY KEY,
    at          TEXT NOT NULL,              -- UTC timestamp, ISO 8601
    who         TEXT,                       -- $LEAGUE_USER or $USER when known
    -- The player merged away (its row no longer exists).
    from_player_id INTEGER NOT NULL,
    from_name   TEXT NOT NULL,
    from_uscf_id TEXT,
    from_fide_id TEXT,
    -- The player who remains, with everything the other had. Not a
    -- foreign key: that player may later be merged into a third one, and
    -- this row must still say what happened then.
    into_player_id INTEGER NOT NULL,
    into_name   TEXT NOT NULL,
    -- What moved: entries (sections entered), the games and byes of those
    -- entries, roster places, other rows naming the player (other_moved,
    -- e.g. "team_board_forfeit: 1"); and the details filled in from the
    -- merged player ("US Chess id 12345678; rating 1650"), or NULL.
    entries_moved INTEGER NOT NULL CHECK (entries_moved >= 0),
    games_moved INTEGER NOT NULL CHECK (games_moved >= 0),
    byes_moved  INTEGER NOT NULL CHECK (byes_moved >= 0),
    rosters_moved INTEGER NOT NULL CHECK (rosters_moved >= 0),
    other_moved TEXT,
    filled_in   TEXT,
    reason      TEXT,
    CHECK (from_player_id <> into_player_id)
) STRICT;

CREATE INDEX player_merge_into ON player_merge(into_player_id);
CREATE INDEX player_merge_from ON player_merge(from_player_id);

-- `league history h2h`: the games between two players' entries.
CREATE INDEX game_pair ON game(white_entry, black_entry);
-- `league history winners --event NAME`: one event name across seasons.
CREATE INDEX event_name ON event(name COLLATE NOCASE);
-- `league player merge`: a player's roster places.
CREATE INDEX roster_player ON roster(player_id);
