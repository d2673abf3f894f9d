-- Migration 21: a rating list that rates a player for the first time is
-- kept in the rating history too, as a row without a rating ("unrated
-- until this list").
--
-- Why: reports written later (the FIDE report of an event, issue 18) use
-- the rating in force when the event began. Without the row, a player
-- first rated after the event would be reported with the later rating.
-- League-wide report defaults need no table: they are `setting` rows
-- (V8) with keys `report.<column>`.
--
-- SQLite cannot relax a NOT NULL column in place, so the table is
-- rebuilt with its rows and index.
CREATE TABLE rating_history_new (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
    -- uscf: US Chess regular rating (player.rating); fide: player.fide_rating.
    system      TEXT NOT NULL CHECK (system IN ('uscf', 'fide')),
    -- The rating the list replaced; NULL: the player was unrated until it.
    rating      INTEGER CHECK (rating IS NULL OR rating BETWEEN 0 AND 4000),
    -- The list that replaced it (its file name, or the name given with
    -- --list), and the date it was replaced.
    list        TEXT NOT NULL CHECK (length(trim(list)) > 0),
    replaced_on TEXT NOT NULL CHECK (date(replaced_on) IS replaced_on)
) STRICT;

INSERT INTO rating_history_new (id, player_id, system, rating, list, replaced_on)
    SELECT id, player_id, system, rating, list, replaced_on FROM rating_history;

DROP TABLE rating_history;
ALTER TABLE rating_history_new RENAME TO rating_history;

CREATE INDEX rating_history_player ON rating_history(player_id, system);
